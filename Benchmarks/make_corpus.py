#!/usr/bin/env python3
"""Generates a deterministic corpus of merchant-like pages for the benchmarks: shop,
checkout and help pages of varied sizes with anchors, forms, iframes, inline scripts with
deep links, event handlers and meta tags. Same seed, same bytes."""
import argparse
import os
import random

WALLETS = ["gojek://gopay/pay?ref=", "dana://wallet/pay?order=", "shopeeid://main?pay=",
           "kakaotalk://kakaopay/pay?tid=", "supertoss://pay?id=", "paypay://payment?c=",
           "gcash://pay?ref=", "line://pay/payment/", "jkos://pay?order=", "tngdwallet://pay?x="]
WORDS = ("lorem ipsum dolor sit amet consectetur adipiscing elit sed do eiusmod tempor "
         "incididunt ut labore et dolore magna aliqua checkout cart pay wallet order").split()


def text(rng, n):
    return " ".join(rng.choice(WORDS) for _ in range(n))


def page(rng, i):
    parts = [f"<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>Page {i}</title>",
             f"<meta property=\"al:android:url\" content=\"demoshop://item/{i}\">",
             "<style>body{font-family:sans-serif} .btn{padding:8px}</style></head><body>",
             "<nav>" + "".join(f"<a href=\"/c/{rng.randint(1, 500)}.html\">{text(rng, 2)}</a> " for _ in range(12)) + "</nav>"]
    sections = rng.choice([5, 10, 20, 40, 80])
    for s in range(sections):
        parts.append(f"<section id=\"s{s}\"><h2>{text(rng, 4)}</h2>")
        for _ in range(rng.randint(2, 8)):
            parts.append(f"<p>{text(rng, rng.randint(10, 60))} <a href=\"../p/{rng.randint(1, 9999)}?ref={s}\">{text(rng, 2)}</a></p>")
        roll = rng.random()
        wallet = rng.choice(WALLETS) + str(rng.randint(1000, 9999))
        if roll < 0.15:
            parts.append(f"<a class=\"btn\" href=\"{wallet}\">Pay</a>")
        elif roll < 0.25:
            parts.append(f"<button onclick=\"location.href='{wallet}'\">Pay in app</button>")
        elif roll < 0.32:
            parts.append(f"<form method=\"post\" action=\"/pay/{s}\"><input name=\"q\"><button>Go</button></form>")
        elif roll < 0.36:
            parts.append(f"<iframe src=\"https://widgets.example/{s}\" title=\"w\"></iframe>")
        elif roll < 0.45:
            parts.append("<script>\n(function(){ var id = %d;\n setTimeout(function(){ window.location.href = '%s' + id; }, %d);\n})();\n</script>"
                         % (rng.randint(1, 99), wallet, rng.choice([500, 1500, 3000])))
        parts.append("<ul>" + "".join(f"<li><img src=\"/i/{rng.randint(1, 999)}.png\" alt=\"{text(rng, 2)}\"> {text(rng, 8)}</li>" for _ in range(rng.randint(3, 12))) + "</ul></section>")
    parts.append("<script>var cfg = {api: '/api', theme: 'light', items: [%s]};</script>" % ",".join(str(rng.randint(1, 99)) for _ in range(50)))
    parts.append(f"<footer>{text(rng, 30)} <a href=\"mailto:help@shop.example\">help</a></footer></body></html>\n")
    return "\n".join(parts)


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--pages", type=int, default=2000)
    parser.add_argument("--out", default=os.path.join(os.path.dirname(__file__), "corpus"))
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    for i in range(args.pages):
        folder = os.path.join(args.out, f"shop.example/p{i // 200:02d}")
        os.makedirs(folder, exist_ok=True)
        with open(os.path.join(folder, f"page{i:05d}.html"), "w", encoding="utf-8") as f:
            f.write(page(rng, i))


if __name__ == "__main__":
    main()
