#!/usr/bin/env python3
"""Writes probe pages for the differential test against Chromium (Scripts/chromium-diff.py).

Each page is built from snippets of one class of issue 12 (or of several, for "mixed",
and none, for "ordinary"), chosen and filled in by a seeded random generator, so the same
seed always writes the same bytes. manifest.json maps each page's path to its class.

    python3 Scripts/probe-pages.py OUT_DIR [--seed N] [--per-class N]

The pages are served (by the diff) at https://probe.linkaudit.example/<path>.
"""

import argparse
import json
import os
import random

BASE_URL = "https://probe.linkaudit.example/"


class Page:
    """A page being written: its own file name (for same-document links), its parts."""

    def __init__(self, rng, name, charset="utf-8"):
        self.rng, self.name, self.charset = rng, name, charset
        self.head, self.body, self.after_body, self.after_html = [], [], [], []
        self.prologue = ""  # bytes before <!doctype>, e.g. stray controls
        self.counter = 0

    def path(self, stem="p", ext=".html"):
        """A fresh relative path, so each navigation is told apart from the others."""
        self.counter += 1
        folder = self.rng.choice(["", "", "shop/", "../", "./", "help/faq/"])
        return f"{folder}{stem}{self.counter}{ext}"

    def text(self):
        doctype = self.rng.choice(["<!DOCTYPE html>", "<!doctype html>", "<!DOCTYPE html>"])
        meta = f'<meta charset="{self.charset}">' if self.charset else ""
        return (self.prologue + doctype + "\n<html lang=en>\n<head>\n" + meta + "\n<title>probe</title>\n"
                + "\n".join(self.head) + "\n</head>\n<body>\n<p>Probe page.</p>\n" + "\n".join(self.body)
                + "\n</body>" + "\n".join(self.after_body) + "\n</html>" + "\n".join(self.after_html) + "\n")


# MARK: ordinary

def ordinary(p):
    r = p.rng
    choice = r.randrange(9)
    if choice == 0:
        p.body.append(f'<nav><a href="{p.path()}">Next</a> <a href="https://pay.example/checkout?id={r.randrange(999)}">Pay</a></nav>')
    elif choice == 1:
        p.body.append(f'<iframe src="{p.path("frame")}" title=f></iframe>')
    elif choice == 2:
        method = r.choice(["get", "post", "POST", ""])
        p.body.append(f'<form action="{p.path("submit")}" method="{method}"><input name=q><button>Go</button></form>')
    elif choice == 3:
        p.body.append(f'<map name=m><area href="{p.path("area")}" shape=rect coords="0,0,5,5" alt=a></map>')
    elif choice == 4:
        p.body.append(r.choice(['<a href="intent://pay#Intent;scheme=upi;package=net.one;end">UPI</a>',
                                '<a href="upi://pay?pa=shop@bank&am=10">UPI</a>',
                                '<a href="mailto:help@shop.example">Mail</a>', '<a href="tel:+15550100">Call</a>',
                                '<a href="market://details?id=com.shop">Store</a>']))
    elif choice == 5:
        p.body.append(f'<ul><li><a href="{p.path()}?a=1&amp;b=2">Item</a><li><a href=\'{p.path()}\'>Item</a></ul>')
    elif choice == 6:
        p.body.append(f'<form action="{p.path("f")}"><button formaction="{p.path("b")}">B</button>'
                      f'<input type=submit formaction="{p.path("i")}" formmethod=post></form>')
    elif choice == 7:
        p.body.append(f'<object data="{p.path("doc")}" type="text/html"></object><embed src="{p.path("media", ".svg")}">')
    else:
        p.body.append(f'<table><tr><td><a href="/{p.path("abs")}">Abs</a></td></tr></table>')


# MARK: 1 same-document links vs <base>

def same_document(p):
    r = p.rng
    if r.random() < 0.5 and not p.head:
        p.head.append(r.choice(['<base href="https://cdn.example/assets/">', f'<base href="{p.name}">',
                                '<base href="sub/">', '<base href="/">', f'<base href="{p.name}#base">']))
    for _ in range(r.randrange(2, 5)):
        frag = r.choice(["x", "top", "", "sec-2"])
        p.body.append(r.choice([
            f'<a href="#{frag}">frag</a>', f'<a href="{p.name}#{frag}">self</a>', f'<a href="./{p.name}#{frag}">self</a>',
            f'<a href="{BASE_URL}{p.name}#{frag}">abs self</a>', f'<a href="?q=1#{frag}">query</a>',
            f'<a href="{p.name}">self no fragment</a>', '<a href="">empty</a>', f'<a href="{p.path()}#{frag}">other</a>',
            f'<map name=n><area href="#{frag}" alt=a shape=default></map>', f'<a href=" #{frag}">spaced</a>',
            f'<a href="HTTPS://PROBE.linkaudit.example/{p.name}#{frag}">upper</a>']))


# MARK: 2 content after </body> and </html>

def after_body(p):
    r = p.rng
    snippets = lambda: [
        f'<a href="{p.path("late")}">late</a>', f'<iframe src="{p.path("widget")}"></iframe>',
        f'<form action="{p.path("late-form")}" method=post></form>', '<base href="https://late.example/">',
        f'<meta http-equiv="refresh" content="30; url={p.path("late-refresh")}">', '<!-- comment -->',
        f'<script>var u = "{p.path("in-script")}";</script>', f'<div><a href="{p.path("late-div")}">d</a></div>',
        f'<map name=z><area href="{p.path("late-area")}" alt=z></map>']
    p.body.append(f'<a href="{p.path()}">before</a>')
    for _ in range(r.randrange(1, 3)):
        p.after_body.append(r.choice(snippets()))
    for _ in range(r.randrange(0, 3)):
        p.after_html.append(r.choice(snippets()))


# MARK: 3 text-only elements and self-closing non-void elements

def text_only(p):
    r = p.rng
    for _ in range(r.randrange(1, 4)):
        inner = f'<a href="{p.path("hidden")}">x</a>'
        choice = r.randrange(14)
        if choice == 0:
            p.body.append(f'<textarea>{inner}</textarea>')
        elif choice == 1:
            p.head.append(f'<title>{inner}</title>')
        elif choice == 2:
            p.head.append(f'<style>/* {inner} */ a {{ color: red }}</style>')
        elif choice == 3:
            p.body.append(f'<xmp>{inner}</xmp>')
        elif choice == 4:
            p.body.append(f'<iframe src="{p.path("frame")}">{inner}</iframe>')
        elif choice == 5:
            p.body.append(f'<noembed>{inner}</noembed>')
        elif choice == 6:
            p.body.append(f'<noframes>{inner}</noframes>')
        elif choice == 7:
            p.body.append(f'<script>var html = \'{inner}\';</script>')
        elif choice == 8:
            # Script data escapes: "<!--" then "<script>" keeps the next "</script>" inside.
            p.body.append(f'<script><!--\ndocument.write("<script src=ad.js></script>");\n{inner}\n//--></script>')
        elif choice == 9:
            p.body.append(f'<script><!-- <script> </script> {inner} </script>')
        elif choice == 10:
            p.body.append(f'<script src="{p.path("lib", ".js")}" />{inner}</script>')
        elif choice == 11:
            p.body.append(f'<iframe src="{p.path("frame")}" />{inner}</iframe>')
        elif choice == 12:
            p.body.append(f'<textarea/>{inner}</textarea><div/>')
        else:
            p.body.append(f'<a href="{p.path("self-closed")}"/>text</a>')
        p.body.append(f'<a href="{p.path("visible")}">after</a>')
    if r.random() < 0.15:
        p.body.append(f'<plaintext><a href="{p.path("plain")}">x</a>')


# MARK: 4 nested forms

def nested_forms(p):
    r = p.rng
    choice = r.randrange(6)
    o, i = p.path("outer"), p.path("inner")
    if choice == 0:
        p.body.append(f'<form action="{o}"><form action="{i}" method=post><input name=q></form></form>')
    elif choice == 1:
        p.body.append(f'<form action="{o}" method=post><div><form action="{i}"><button formaction="{p.path("btn")}">b</button></form></div></form>')
    elif choice == 2:
        p.body.append(f'<form action="{o}"></form><form action="{i}" method=post></form>')
    elif choice == 3:
        p.body.append(f'<form id=f{p.counter} action="{o}"></form><button form=f{p.counter} formaction="{p.path("ext")}">x</button>')
    elif choice == 4:
        p.body.append(f'<form action="{o}"><table><tr><td><form action="{i}"></td></tr></table></form><form action="{p.path("after")}"></form>')
    else:
        p.body.append(f'<div><form action="{o}"></div><form action="{i}"><input type=submit formaction="{p.path("sub")}"></form>')
    if r.random() < 0.3:
        p.body.append(f'<button formaction="{p.path("orphan")}">no form</button>')


# MARK: 5 empty and missing URLs

def empty_urls(p):
    r = p.rng
    if r.random() < 0.5:
        p.head.append('<base href="https://base.example/dir/">')
    for _ in range(r.randrange(2, 5)):
        p.body.append(r.choice([
            '<iframe src=""></iframe>', '<iframe src></iframe>', '<iframe src=" "></iframe>',
            '<object data=""></object>', '<embed src="">', '<form><input name=q></form>', '<form action=""></form>',
            '<form action method=post></form>', '<a href="">self</a>', '<a href>bare</a>', '<area href="" alt=a>',
            '<a href="  ">spaces</a>', '<a>no href</a>', '<frame src="">']))
    if r.random() < 0.6:
        p.head.append('<meta http-equiv="refresh" content="%s">'
                      % r.choice(["5", "0", "0; url=", "3;", "1; URL=''", " 2 "]))


# MARK: 6 character references

def char_refs(p):
    r = p.rng
    for _ in range(r.randrange(2, 5)):
        p.body.append(r.choice([
            '<a href="upi&colon;//pay?pa=shop@bank">colon</a>', '<a href="https&colon;&sol;&sol;pay.example&sol;x">sol</a>',
            '<a href="/p?a=1&amp;b=2">amp</a>', '<a href="/p?a=1&amp">amp no semicolon</a>',
            '<a href="/p?x=1&notit;=2">notit</a>', '<a href="/p?x=1&not=2">not before =</a>', '<a href="/p?x=&not1">not digit</a>',
            '<a href="/p?c=&#x80;&#x9F;&#150;">C1</a>', '<a href="/p?z=&#x0;">NUL</a>', '<a href="/p?s=&#xD800;">surrogate</a>',
            '<a href="/p?big=&#x110000;">too big</a>', '<a href="/p?n=&#65">no semicolon numeric</a>',
            '<a href="/p?l=&lt;&gt&quot">lt gt quot</a>', '<a href="/p?e=&eacute;&eacute">eacute</a>',
            '<a href="&#106;avascript:void(0)">js</a>', '<a href="intent&#x3A;//x#Intent;end">hex colon</a>',
            '<a href="/p?u=&NotAReference;">unknown</a>', '<a href="/p?t=&times&divide;">times</a>',
            '<iframe src="https&colon;//frame.example/"></iframe>', '<form action="&sol;search"></form>']))


# MARK: 7 byte-level robustness and encodings

def byte_level(p):
    r = p.rng
    choice = r.randrange(4)
    if choice == 0:
        p.prologue = r.choice(["\x0b", "\x00", "\x01 ", "\x0c\x0b"])
        p.body.append(f'<a href="{p.path()}">after control</a>')
    elif choice == 1:
        p.body.append(f'<p>ctl\x0b\x00 here</p><a href="{p.path()}">x</a><a href="{p.path()}\x0b">vt in href</a>')
    elif choice == 2:
        p.charset = "shift_jis"
        p.body.append('<a href="/search?q=日本語">jp</a><a href="/日本?q=x">jp path</a><form action="/s?k=円"></form>')
    else:
        p.charset = r.choice(["windows-1252", "iso-8859-1"])
        p.body.append('<a href="/search?q=café&amp;x=€">fr</a><a href="/café">path</a><a href="/p?q=&#8364;">ref</a>')


# MARK: 8 foreign content and <template>

def foreign(p):
    r = p.rng
    for _ in range(r.randrange(1, 4)):
        p.body.append(r.choice([
            f'<svg><a href="{p.path("svg")}"><text>t</text></a></svg>',
            f'<svg xmlns:xlink="http://www.w3.org/1999/xlink"><a xlink:href="{p.path("xlink")}"><rect/></a></svg>',
            f'<svg><a href="{p.path("svg2")}" xlink:href="{p.path("loser")}"><rect/></a></svg>',
            f'<math><a href="{p.path("math")}">m</a></math>', f'<math><mi href="{p.path("mi")}">x</mi></math>',
            f'<svg><style><a href="{p.path("svg-style")}">s</a></style></svg>',
            f'<svg><foreignObject><a href="{p.path("fo")}">f</a></foreignObject></svg>',
            f'<template><a href="{p.path("tmpl")}">t</a></template>',
            '<template><base href="https://template.example/"></template>',
            f'<template><meta http-equiv=refresh content="0; url={p.path("tmpl-refresh")}"></template>',
            f'<svg><title><a href="{p.path("svg-title")}">x</a></title></svg>']))
        p.body.append(f'<a href="{p.path("plain")}">plain</a>')


# MARK: 9 IDN hosts

def idna(p):
    r = p.rng
    for _ in range(r.randrange(2, 5)):
        p.body.append(r.choice([
            '<a href="https://bücher.example/">umlaut</a>', '<a href="https://ÉXAMPLE.com/">upper</a>',
            '<a href="https://xn--bcher-kva.example/">punycode</a>', '<a href="https://例え.テスト/">jp</a>',
            '<a href="https://faß.de/">sharp s</a>', '<a href="https://ｆｕｌｌ.example/">fullwidth</a>',
            '<a href="https://a\u200db.example/">zwj</a>', '<a href="https://xn--a.example/">bad puny</a>',
            '<a href="https://ex\u00ADample.com/">soft hyphen</a>', '<a href="https://xn--ls8h.la/">emoji</a>',
            '<iframe src="https://ドメイン.example/frame"></iframe>', '<a href="https://%F0%9F%92%A9.example/">pct</a>',
            '<a href="https://1.2.3.4./">ip</a>', '<a href="https://0x7f.1/">hex ip</a>']))


# MARK: 10 elements nested past Blink's depth of 512 (OpenElementBound), with stray end tags

def deep(p):
    r = p.rng
    names = ["div", "span", "section", "b", "i", "em", "font", "label", "x-card", "article"]
    depth = r.randrange(560, 1400)
    parts = []
    opened = []
    for level in range(depth):
        name = r.choice(names)
        parts.append(f"<{name}>")
        opened.append(name)
        if level % r.randrange(40, 160) == 0:
            parts.append(r.choice([
                f'<a href="{p.path("deep")}">d</a>', f'<iframe src="{p.path("deep-frame")}"></iframe>',
                f'<a href="wallet://pay?level={level}">w</a>',
                f'<span onclick="location.href=\'{p.path("deep-click")}\'">c</span>',
                f'<object data="{p.path("deep-object")}"></object>']))
        if r.random() < 0.1:
            parts.append(r.choice(["</b>", "</span>", "</em>", "</font>", "</p>", "</x-card>"]))
    parts.append(f'<a href="{p.path("deepest")}">bottom</a>')
    # Half the pages close what they opened; the others stop half-way, with stray end tags.
    if r.random() < 0.5:
        parts.extend(f"</{name}>" for name in reversed(opened))
    else:
        parts.extend(f"</{r.choice(names)}>" for _ in range(depth // 2))
    parts.append(f'<a href="{p.path("after-deep")}">after</a>')
    p.body.append("".join(parts))


CLASSES = {
    "ordinary": ordinary, "same-document": same_document, "after-body": after_body, "text-only": text_only,
    "nested-forms": nested_forms, "empty-urls": empty_urls, "char-refs": char_refs, "byte-level": byte_level,
    "foreign": foreign, "idna": idna, "deep": deep,
}


def write(out, seed, per_class):
    rng = random.Random(seed)
    manifest = {}
    os.makedirs(out, exist_ok=True)
    # per_class pages of each class, then as many "mixed" pages, each of three classes.
    plan = [(name, [fn]) for name, fn in CLASSES.items() for _ in range(per_class)]
    for _ in range(per_class):
        plan.append(("mixed", [CLASSES[n] for n in rng.sample(sorted(CLASSES), 3)]))
    counts = {}
    for name, fns in plan:
        counts[name] = counts.get(name, 0) + 1
        file_name = f"{counts[name]:03d}.html"
        page = Page(rng, file_name)
        for fn in fns:
            fn(page)
        if name != "ordinary":
            ordinary(page)
        rel = f"{name}/{file_name}"
        # Same-document links name the page by its path from the site root too.
        text = page.text().replace(f"{BASE_URL}{file_name}", f"{BASE_URL}{rel}")
        os.makedirs(os.path.join(out, name), exist_ok=True)
        encoding = {"shift_jis": "shift_jis", "windows-1252": "cp1252", "iso-8859-1": "cp1252"}.get(page.charset, "utf-8")
        with open(os.path.join(out, rel), "wb") as f:
            f.write(text.encode(encoding, errors="xmlcharrefreplace"))
        manifest[rel] = name
    with open(os.path.join(out, "manifest.json"), "w") as f:
        json.dump({"baseUrl": BASE_URL, "seed": seed, "pages": manifest}, f, indent=1, sort_keys=True)
    return manifest


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("out")
    parser.add_argument("--seed", type=int, default=12)
    parser.add_argument("--per-class", type=int, default=16)
    args = parser.parse_args()
    pages = write(args.out, args.seed, args.per_class)
    print(f"probe-pages: {len(pages)} pages in {args.out} (seed {args.seed})")


if __name__ == "__main__":
    main()
