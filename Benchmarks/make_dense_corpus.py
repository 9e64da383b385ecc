#!/usr/bin/env python3
"""Generates a deterministic deep-link-dense corpus: checkout pages whose links are mostly
wallet apps' custom schemes, `intent:` URIs and `tel:`/`mailto:`, with some https links,
carried the ways the demo site (Pipelines/demo-site) carries them — anchors and image-map
areas, buttons with `onclick`, forms and `formaction`, iframes (by `src` and `srcdoc`),
`javascript:` links, a refresh, `al:android:url`, and inline scripts (`location.href = …`
at load, `window.open`, `setTimeout`, click listeners, `location.replace`). The intent
URIs take the shapes of the demo site and of Tests/Fixtures/intent/cases.json (package,
`S.browser_fallback_url`, component, action, `S.market_referrer`, extras).

Same seed, same bytes. With `--only KIND` every link is of that kind while the pages keep
the same carriers and layout (the structure is drawn from its own random stream), so the
corpora of one kind each differ from the mixed one only in their URLs: what the benchmark
needs to cost classification and output per link kind.

    python3 Benchmarks/make_dense_corpus.py --out /tmp/dense                 # 1,500 pages, ~18 MB
    python3 Benchmarks/make_dense_corpus.py --out /tmp/intent --only intent  # same pages, intent: only
    python3 Benchmarks/make_dense_corpus.py --out /tmp/small --pages 100000 --links 10
    python3 Benchmarks/make_dense_corpus.py --out /tmp/huge --pages 1 --links 1000000 --anchors-only --only deep
    python3 Benchmarks/make_dense_corpus.py --out /tmp/own --pages 1 --links 200000 --only own-scheme
"""
import argparse
import html
import os
import random
import sys
from urllib.parse import quote

KINDS = ("https", "custom", "intent", "tel-mailto", "file", "deep", "own-scheme")
# The mixed corpus: ~85 % deep links (custom schemes, intent:, tel:/mailto:; the https
# share grows by the forms a formaction overrides, whose own action counts too), as on a
# checkout page that offers a dozen wallets; no file: links (they have a corpus of their own).
MIX = (("custom", 0.60), ("intent", 0.15), ("tel-mailto", 0.13), ("https", 0.12))

# Carriers and their shares of the links, from the demo site's pages: anchors dominate,
# then script and handler jumps, forms, frames.
CARRIERS = (("a", 0.50), ("a-blank", 0.02), ("area", 0.04), ("onclick", 0.07), ("form", 0.04),
            ("formaction", 0.03), ("iframe", 0.04), ("srcdoc", 0.02), ("javascript", 0.02),
            ("script-load", 0.06), ("window-open", 0.04), ("timer", 0.05), ("listener", 0.03),
            ("replace", 0.02), ("refresh", 0.01), ("al-android", 0.01))
SCRIPT_CARRIERS = {"script-load", "window-open", "timer", "listener", "replace"}

# (scheme://path-and-query prefix, how the order reference goes on): wallets of the demo
# site and of the markets it serves (Indonesia, Korea, Japan, Thailand, Philippines…).
WALLETS = ("gojek://gopay/pay?ref=", "dana://wallet/pay?order=", "shopeeid://shopeepay/pay?order=",
           "kakaotalk://kakaopay/pg?url=https%3A%2F%2Fpg.kakaopay.example%2Fpay%2F",
           "supertoss://pay?payToken=TK-", "paypay://payment?link_key=PP-", "gcash://pay?ref=",
           "line://pay/payment/", "jkos://payment?orderNo=", "tngdwallet://pay?token=TNG-",
           "alipayhk://platformapi/startapp?appId=20000067&orderNo=",
           "alipays://platformapi/startapp?saId=10000007&qrcode=", "ascendmoney://truemoney/pay?ref=",
           "payco://pay?orderNo=", "aupay://pay?order=",
           "naversearchapp://inappbrowser?url=https%3A%2F%2Fpay.naver.example%2Forder%2F",
           "momo://app?action=payWithApp&orderId=", "zalopay://app?order=",
           "grab://open?screenType=GRABPAY&ref=", "ovo://pay?ref=", "linkaja://pay?trx=",
           "weixin://wap/pay?prepayid=wx", "merpay://pay/", "tmn://pay?ref=")
# (intent scheme, package, path) as the demo site's and the fixtures' intent: URIs.
APPS = (("dana", "id.dana", "wallet/pay?order="), ("shopeeid", "com.shopee.id", "shopeepay/pay?order="),
        ("kakaotalk", "com.kakao.talk", "kakaopay/pg?tid="), ("merpay", "com.kouzoh.mercari", "payment/"),
        ("tmn", "th.co.truemoney.wallet", "pay/?ref="), ("gojek", "com.gojek.app", "gopay/pay?ref="),
        ("gcash", "com.globe.gcash.android", "pay?ref="), ("paypay", "jp.ne.paypay.android.app", "payment?c="),
        ("line", "jp.naver.line.android", "pay/payment/"), ("ascendmoney", "th.co.truemoney.wallet", "pay?ref="))
HOSTS = ("shop.demo-merchant.example", "pay.demopay.example", "m.dana.example", "pg.kakaopay.example",
         "wallet.truemoney.example", "jp.mercari.example", "checkout.example")
WORDS = ("pay order wallet checkout total items card bank transfer open app confirm amount help "
         "back cart coupon shipping receipt").split()


def order(rng):
    return f"ORD-{rng.randint(0, 99999999):08d}"


def https_url(rng):
    roll = rng.random()
    if roll < 0.35:
        return f"/checkout/{rng.choice(('fallback', 'card', 'va', 'status'))}.html?order={order(rng)}"
    if roll < 0.5:
        return f"../p{rng.randint(0, 7):02d}/page{rng.randint(0, 1499):05d}.html"
    return f"https://{rng.choice(HOSTS)}/{rng.choice(('pay', 'v1/card', 'order', 'products'))}/?order={order(rng)}"


def custom_url(rng):
    return rng.choice(WALLETS) + order(rng) + (f"&amount={rng.randint(1, 999) * 500}" if rng.random() < 0.2 else "")


def intent_url(rng):
    scheme, package, path = rng.choice(APPS)
    ref = order(rng)
    fallback = quote(f"https://{rng.choice(HOSTS[:4])}/pay", safe="")
    shape = rng.random()
    if shape < 0.4:
        return f"intent://{path}{ref}#Intent;scheme={scheme};package={package};S.browser_fallback_url={fallback};end"
    if shape < 0.7:  # no fallback: the app or nothing
        return f"intent://{path}{ref}#Intent;scheme={scheme};package={package};end"
    if shape < 0.8:
        return (f"intent://{path}{ref}#Intent;scheme={scheme};package={package};component={package}/.pay.PayActivity;"
                f"S.browser_fallback_url={fallback};end")
    if shape < 0.9:
        return (f"intent:#Intent;action=android.intent.action.VIEW;package={package};"
                f"S.market_referrer=order%3D{ref};end")
    return f"intent://{path}{ref}#Intent;scheme={scheme};package={package};i.amount={rng.randint(1, 9999)};end"


def tel_mailto_url(rng):
    if rng.random() < 0.5:
        return f"tel:+62-21-555-{rng.randint(0, 9999):04d}"
    return f"mailto:help@{rng.choice(HOSTS)}?subject=Order%20{order(rng)}"


def file_url(rng):
    return rng.choice(("file:///sdcard/Download/receipt-", "file:///android_asset/checkout/",
                       "file:///var/mobile/Containers/Data/receipt-")) + order(rng) + rng.choice((".pdf", ".html"))


URLS = {"https": https_url, "custom": custom_url, "intent": intent_url, "tel-mailto": tel_mailto_url,
        "file": file_url}


def pick(rng, weighted):
    roll, total = rng.random(), 0.0
    for name, weight in weighted:
        total += weight
        if roll < total:
            return name
    return weighted[-1][0]


def label(rng):
    return rng.choice(WORDS).capitalize()


def page(shape, content, index, links, only, anchors_only):
    """One page of `links` links; `shape` draws carriers and kinds, `content` the URLs."""
    head, body, scripts = [], [], []
    refreshed = False
    for n in range(links):
        kind = pick(shape, MIX)
        carrier = "a" if anchors_only else pick(shape, CARRIERS)
        if carrier == "refresh" and refreshed:
            carrier = "a"  # only a document's first refresh counts; keep one a page
        if only == "deep":  # deep links alone: wallets' schemes and intent: URIs
            kind = "intent" if content.random() < 0.2 else "custom"
        elif only == "own-scheme":  # a scheme no other link has: a verdict set a link (hostile)
            body.append(f'<a href="w{index:04d}x{n:07d}://pay">{label(content)}</a>')
            continue
        elif only:
            kind = only
        url = URLS[kind](content)
        attr = html.escape(url)  # & → &amp;, quotes: the value as a page writes it
        text = label(content)
        if carrier == "a":
            body.append(f'<a href="{attr}">{text}</a>')
        elif carrier == "a-blank":
            body.append(f'<a href="{attr}" target="_blank" rel="noopener">{text}</a>')
        elif carrier == "area":
            body.append(f'<map name="m{n}"><area coords="0,0,160,60" alt="{text}" href="{attr}"></map>')
        elif carrier == "onclick":
            body.append(f'<button class="w" type="button" onclick="location.href=\'{attr}\'">{text}</button>')
        elif carrier == "form":
            body.append(f'<form method="post" action="{attr}"><button class="w">{text}</button></form>')
        elif carrier == "formaction":
            body.append(f'<form action="fallback.html"><button class="w" formmethod="post" '
                        f'formaction="{attr}">{text}</button></form>')
        elif carrier == "iframe":
            body.append(f'<iframe src="{attr}" title="{text}" width="1" height="1"></iframe>')
        elif carrier == "srcdoc":
            inner = html.escape(f'<a href="{attr}">{text}</a>')
            body.append(f'<iframe srcdoc="{inner}" title="wallet"></iframe>')
        elif carrier == "javascript":
            body.append(f'<a class="w" href="javascript:location.href=\'{attr}\'">{text}</a>')
        elif carrier == "refresh":
            refreshed = True
            head.append(f'<meta http-equiv="refresh" content="{content.choice((2, 5, 10))}; url={attr}">')
        elif carrier == "al-android":
            head.append(f'<meta property="al:android:url" content="{attr}">')
        elif carrier == "script-load":
            scripts.append(f"if (cfg.auto{n}) {{ location.href = '{url}'; }}")
        elif carrier == "window-open":
            scripts.append(f"function open{n}() {{ window.open('{url}'); }}\nopen{n}();")
        elif carrier == "timer":
            scripts.append(f"setTimeout(function () {{ window.location.href = '{url}'; }}, {shape.choice((500, 1500, 3000))});")
        elif carrier == "listener":
            body.append(f'<button class="w" type="button" id="w{n}">{text}</button>')
            scripts.append(f"document.getElementById('w{n}').addEventListener('click', function () "
                           f"{{ location.href = '{url}'; }});")
        elif carrier == "replace":
            scripts.append(f"document.addEventListener('DOMContentLoaded', function () {{ location.replace('{url}'); }});")
    parts = ['<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">',
             '<meta name="viewport" content="width=device-width, initial-scale=1">',
             f"<title>Checkout {index}</title>"] + head + [
             "<style>.w{display:block;margin:6px 0;padding:10px}</style></head><body>",
             f"<header>Demo Merchant · Checkout</header><main><h1>Pay for order {order(content)}</h1>"]
    # Wallet groups of up to eight, as a checkout page's fieldsets.
    for start in range(0, len(body), 8):
        parts.append("<fieldset><legend>" + label(content) + "</legend>\n" + "\n".join(body[start:start + 8]) + "\n</fieldset>")
    parts.append("</main><footer>&copy; 2024 Demo Merchant</footer>")
    if scripts:
        parts.append("<script>\nvar cfg = {auto0: false};\n" + "\n".join(scripts) + "\n</script>")
    parts.append("</body></html>\n")
    return "\n".join(parts)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--out", required=True, help="folder to write (a host folder inside it: checkout.example/)")
    parser.add_argument("--pages", type=int, default=1500)
    parser.add_argument("--links", type=int, default=0,
                        help="links per page (default: 40–196 drawn per page, ~118 on average)")
    parser.add_argument("--only", choices=KINDS, help="every link of this kind, the pages otherwise the same "
                        "(deep: custom schemes and intent: URIs, 4 to 1; own-scheme: anchors, each with a "
                        "custom scheme no other link has)")
    parser.add_argument("--anchors-only", action="store_true", help="every link an <a href> (the 1,000,000-link page)")
    parser.add_argument("--seed", type=int, default=17)
    args = parser.parse_args()
    if not 1 <= args.pages <= 1_000_000 or not 0 <= args.links <= 10_000_000:
        parser.error("--pages must be 1–1000000 and --links 0–10000000")
    total = 0
    for i in range(args.pages):
        # Per-page streams, so a page is the same whatever --only says and whatever came before.
        shape = random.Random(f"{args.seed}/{i}/shape")
        content = random.Random(f"{args.seed}/{i}/{args.only or 'mixed'}")
        links = args.links or shape.randint(40, 196)
        folder = os.path.join(args.out, "checkout.example", f"p{i // 200:02d}")
        os.makedirs(folder, exist_ok=True)
        text = page(shape, content, i, links, args.only, args.anchors_only)
        with open(os.path.join(folder, f"page{i:05d}.html"), "w", encoding="utf-8") as f:
            f.write(text)
        total += links
    print(f"{args.out}: {args.pages} pages, {total} links written", file=sys.stderr)


if __name__ == "__main__":
    main()
