#!/usr/bin/env python3
"""Writes the pages of the differential test of script navigations against Chromium
(Scripts/chromium-navigations.py): a few pages for each pattern of issue 18, each the way
real checkout pages write it, plus ordinary script navigations to hold the rest in place.

    python3 Scripts/navigation-patterns.py OUT_DIR

The same bytes every time. manifest.json maps each page's path to its class; the pages
are served (by the test) at https://patterns.linkaudit.example/<path>.

Classes:
- ordinary: taps, handlers, timers, a tap's timer, window.open, forms, srcdoc frames;
- one-hop: a literal reaching the navigation through a variable, an object's property, a
  JSON script block or a function's parameter;
- href-rewrite: a link's href (or a form's action) written by script at load;
- script-frame: an iframe made by script to launch an app;
- data-literal: deep links that never reach a navigation (a QR payload, a log line, a
  native bridge's argument, an unused variable);
- branch: a navigation on one user agent, referrer or query only;
- framed-page: an iframe whose src is another page of the same site, whose refresh,
  scripts and links then run in the sub-frame;
- query-encoding: queries of custom-scheme links on Shift_JIS, EUC-KR and windows-874 pages;
- parser-stop: a navigation started while the page is parsed, and what comes after it;
- refresh-cancel: a meta refresh that an earlier navigation cancels;
- sandbox: sandboxed iframes whose tokens allow or refuse navigating the top page, opening a
  window, submitting a form, running scripts (Docs/PLATFORM.md §F.17); frames that may tap
  are `allow-same-origin`, so the engine's taps reach inside them.
"""

import json
import os
import sys

BASE_URL = "https://patterns.linkaudit.example/"


def page(title, head="", body="", charset="utf-8"):
    return (f'<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="{charset}">\n'
            f'<meta name="viewport" content="width=device-width, initial-scale=1">\n'
            f'<title>{title}</title>\n{head}\n</head>\n<body>\n<h1>{title}</h1>\n{body}\n</body>\n</html>\n')


def button(ident, label, onclick=None):
    handler = f' onclick="{onclick}"' if onclick else ""
    return f'<p><button id="{ident}" type="button"{handler}>{label}</button></p>'


PAGES = {}


def add(cls, path, text, encoding="utf-8"):
    PAGES[path] = (cls, text.encode(encoding))


# MARK: ordinary

add("ordinary", "ordinary/taps.html", page("Pay with your wallet", body="""
<p><a href="gojek://gopay/pay?ref=ORD-1">GoPay</a></p>
<p><a href="dana://wallet/pay?order=ORD-2" target="_blank">DANA in a new window</a></p>
<p><a href="/checkout/fallback.html">Pay by card</a></p>
""" + button("ovo", "OVO", "location.href='ovo://pay?order=ORD-3'") + """
<form action="shopeeid://pay" method="get"><input type="hidden" name="order" value="ORD-4"><button id="spay">ShopeePay</button></form>
<form action="linkaja://pay" method="post"><button id="linkaja">LinkAja</button></form>
"""))

add("ordinary", "ordinary/timers.html", page("Opening your wallet", body="""
<p id="status">Opening GCash…</p>
""" + button("again", "Open again") + """
<script>
  setTimeout(function () { location.href = 'gcash://pay?ref=ORD-5'; }, 1500);
  document.getElementById('again').addEventListener('click', function () {
    setTimeout(function () { location.href = 'paymaya://pay?ref=ORD-6'; }, 3000);
  });
</script>
"""))

add("ordinary", "ordinary/handlers.html", page("Choose a wallet", body="""
""" + button("kakao", "KakaoPay") + button("toss", "Toss") + button("naver", "Naver Pay") + """
<script>
  document.getElementById('kakao').addEventListener('click', function () {
    window.open('kakaotalk://kakaopay/pg?id=ORD-7');
  });
  document.getElementById('toss').onclick = function () {
    fetch('/api/toss/session').then(function () { location.href = 'supertoss://pay?session=ORD-8'; });
  };
  function openNaver() { location.assign('naversearchapp://inappbrowser?url=ORD-9'); }
  document.getElementById('naver').addEventListener('click', openNaver);
</script>
"""))

add("ordinary", "ordinary/srcdoc.html", page("Pay inside the frame", body="""
<iframe title="wallet" srcdoc="<p><a href='tmn://pay?order=ORD-10'>TrueMoney</a></p><script>location.href='truemoney://launch?order=ORD-11'</script>"></iframe>
<iframe title="bank" src="kbank://pay?order=ORD-12"></iframe>
"""))

# MARK: one-hop (issue 18, item 1)

add("one-hop", "one-hop/variable.html", page("Redirecting to DANA", body="""
<script>
  var deeplink = 'dana://wallet/pay?order=ORD-20';
  location.href = deeplink;
</script>
"""))

add("one-hop", "one-hop/property.html", page("Redirecting to OVO", body="""
<script>
  var config = { wallet: 'OVO', url: 'ovo://pay?order=ORD-21' };
  window.location.href = config.url;
</script>
"""))

add("one-hop", "one-hop/json-block.html", page("Redirecting to JKOPay", head="""
<script type="application/json" id="pay-config">{"order": "ORD-22", "deeplink": "jkos://payment?orderNo=ORD-22"}</script>
""", body="""
<script>
  var payConfig = JSON.parse(document.getElementById('pay-config').textContent);
  location.replace(payConfig.deeplink);
</script>
"""))

add("one-hop", "one-hop/parameter.html", page("Pay with GCash", body="""
""" + button("gcash", "GCash", "go('gcash://pay?ref=ORD-24')") + """
<script>
  function go(url) { location.href = url; }
  go('paymaya://pay?ref=ORD-23');
</script>
"""))

# MARK: href-rewrite (item 2)

add("href-rewrite", "href-rewrite/href.html", page("Pay with LINE Pay", body="""
<p><a id="linepay" href="/checkout/fallback.html">LINE Pay</a></p>
<p><a id="rabbit" href="/checkout/fallback.html">Rabbit LINE Pay</a></p>
<script>
  document.getElementById('linepay').href = 'line://pay/payment/ORD-30';
  document.getElementById('rabbit').setAttribute('href', 'rabbitlinepay://pay?order=ORD-31');
</script>
"""))

add("href-rewrite", "href-rewrite/selector.html", page("Pay with PayPay", body="""
<p><a class="paypay" href="#">PayPay</a></p>
<form id="aupay" action="/checkout/fallback.html" method="get"><button id="au">au PAY</button></form>
<script>
  document.querySelector('a.paypay').href = 'paypay://payment?link_key=ORD-32';
  document.getElementById('aupay').action = 'aupay://pay';
</script>
"""))

# MARK: script-frame (item 3)

add("script-frame", "script-frame/hidden-iframe.html", page("Opening KakaoTalk", body="""
<script>
  var frame = document.createElement('iframe');
  frame.style.display = 'none';
  frame.src = 'kakaotalk://kakaopay/pg?url=ORD-40';
  document.body.appendChild(frame);
</script>
"""))

add("script-frame", "script-frame/on-tap.html", page("Open Alipay", body="""
""" + button("alipay", "Alipay") + """
<script>
  document.getElementById('alipay').addEventListener('click', function () {
    var f = document.createElement('iframe');
    f.setAttribute('src', 'alipays://platformapi/startapp?appId=ORD-41');
    f.style.display = 'none';
    document.body.appendChild(f);
  });
</script>
"""))

# MARK: data-literal

add("data-literal", "data-literal/qr.html", page("Scan to pay", body="""
<div id="qr"></div>
<script>
  var qrPayload = 'promptpay://qr?amount=120&ref=ORD-50';
  console.log('wallet link for debugging: gcash://debug?ref=ORD-51');
  var unused = 'grab://pay?ref=ORD-52';
  document.getElementById('qr').textContent = qrPayload.length + ' characters';
</script>
"""))

add("data-literal", "data-literal/bridge.html", page("Pay in Alipay", body="""
""" + button("pay", "Pay") + """
<script>
  document.getElementById('pay').addEventListener('click', function () {
    if (window.AlipayJSBridge) {
      AlipayJSBridge.call('pushWindow', { url: 'alipays://platformapi/startapp?appId=ORD-53' });
    }
  });
</script>
"""))

# MARK: branch

add("branch", "branch/user-agent.html", page("Open the wallet", body="""
<script>
  if (/iPhone|iPad/.test(navigator.userAgent)) {
    location.href = 'ovo-ios://pay?order=ORD-60';
  } else {
    location.href = 'intent://pay?order=ORD-60#Intent;scheme=ovo;package=ovo.id;end';
  }
</script>
"""))

add("branch", "branch/referrer.html", page("Back from checkout", body="""
<script>
  if (document.referrer.indexOf('/checkout/') > -1) {
    location.href = 'dana://wallet/pay?order=ORD-61';
  }
  if (location.search.indexOf('auto=1') > -1) {
    location.href = 'gojek://gopay/pay?ref=ORD-62';
  }
</script>
"""))

# MARK: framed-page (item 4)

add("framed-page", "framed/host.html", page("Checkout", body="""
<p>Pay in the wallet panel below.</p>
<iframe title="wallet panel" src="panel.html" width="360" height="240"></iframe>
<p><a href="/checkout/fallback.html">Pay by card</a></p>
"""))
add("framed-page", "framed/panel.html", page("Wallet panel", head="""
<meta http-equiv="refresh" content="4; url=linkaja://pay?order=ORD-70">
""", body="""
<p><a href="shopeeid://pay?order=ORD-71">ShopeePay</a></p>
<script>
  setTimeout(function () { location.href = 'dana://wallet/pay?order=ORD-72'; }, 2000);
</script>
<iframe title="inner" src="inner.html" width="300" height="100"></iframe>
"""))
add("framed-page", "framed/inner.html", page("Inner panel", body="""
<script>location.href = 'ovo://pay?order=ORD-73';</script>
"""))
add("framed-page", "framed/top.html", page("Checkout, wallet in a frame", body="""
<iframe title="redirect" src="/framed/redirect.html"></iframe>
"""))
add("framed-page", "framed/redirect.html", page("Redirecting", head="""
<meta http-equiv="refresh" content="0; url=gopay://pay?order=ORD-74">
""", body="<p>Opening GoPay…</p>"))

# MARK: query-encoding (item 5)

JP = "コーヒー"
KR = "원두 구매"
TH = "กาแฟ"
add("query-encoding", "encoding/shift_jis.html", page("お支払い", charset="Shift_JIS", body=f"""
<p><a href="paypay://payment?link_key=PP-80&memo={JP}">PayPay</a></p>
<p><a href="merpay:pay?memo={JP}">メルペイ</a></p>
""" + button("aupay", "au PAY", f"location.href='aupay://pay?order=ORD-81&memo={JP}'") + f"""
<iframe title="rakuten" src="rakutenpay://pay?memo={JP}"></iframe>
<script>setTimeout(function () {{ location.href = 'linepay://pay?memo={JP}'; }}, 1000);</script>
"""), "shift_jis")
add("query-encoding", "encoding/euc-kr.html", page("결제", charset="euc-kr", body=f"""
<p><a href="supertoss://pay?msg={KR}">토스</a></p>
<p><a href="intent://kakaopay/pg?msg={KR}#Intent;scheme=kakaotalk;package=com.kakao.talk;end">카카오페이</a></p>
<script>setTimeout(function () {{ location.href = 'payco://pay?msg={KR}'; }}, 500);</script>
"""), "euc-kr")
add("query-encoding", "encoding/windows-874.html", page("ชำระเงิน", charset="windows-874", body=f"""
<p><a href="tmn://pay?note={TH}">TrueMoney</a></p>
""" + button("kplus", "K PLUS", f"location.href='kplus://pay?note={TH}'") + """
"""), "cp874")

# MARK: parser-stop

add("parser-stop", "parser-stop/head-script.html", page("Redirecting to GoPay", head="""
<meta http-equiv="refresh" content="3; url=https://patterns.linkaudit.example/checkout/fallback.html">
<script>
  setTimeout(function () { location.href = 'gojek://gopay/pay?ref=ORD-91'; }, 2000);
</script>
<script>
  location.href = 'gojek://gopay/pay?ref=ORD-90';
</script>
<script>
  setTimeout(function () { location.href = 'dana://wallet/pay?order=ORD-92'; }, 500);
</script>
""", body="""
<p><a href="ovo://pay?order=ORD-93">OVO</a></p>
""" + button("shopee", "ShopeePay", "location.href='shopeeid://pay?order=ORD-94'") + """
<iframe title="panel" src="linkaja://pay?order=ORD-95"></iframe>
<script>location.href = 'jenius://pay?order=ORD-96';</script>
"""))

add("parser-stop", "parser-stop/body-script.html", page("Pay with DANA", body="""
<p><a href="dana://wallet/pay?order=ORD-97">DANA</a></p>
<script>
  window.location = 'dana://wallet/pay?order=ORD-98';
  console.log('this script runs to its end');
  setTimeout(function () { location.href = 'gcash://pay?ref=ORD-99'; }, 1000);
</script>
<p><a href="gojek://gopay/pay?ref=ORD-100">GoPay</a></p>
<meta http-equiv="refresh" content="1; url=ovo://pay?order=ORD-101">
<script>
  document.addEventListener('DOMContentLoaded', function () { location.href = 'linkaja://pay?order=ORD-102'; });
</script>
"""))

add("parser-stop", "parser-stop/listener-first.html", page("Opening the wallet", head="""
<script>
  document.addEventListener('DOMContentLoaded', function () { location.href = 'paymaya://pay?ref=ORD-103'; });
  window.addEventListener('load', function () { location.href = 'grab://pay?ref=ORD-104'; });
</script>
<script>
  location.replace('shopeeid://pay?order=ORD-105');
</script>
""", body="""
<p><a href="ovo://pay?order=ORD-106">OVO</a></p>
"""))

# MARK: refresh-cancel

add("refresh-cancel", "refresh-cancel/timer.html", page("Opening DANA", head="""
<meta http-equiv="refresh" content="3; url=https://patterns.linkaudit.example/checkout/fallback.html">
""", body="""
<p>If DANA does not open, you will be taken to the card page.</p>
<script>
  setTimeout(function () { location.href = 'dana://wallet/pay?order=ORD-110'; }, 1000);
  setTimeout(function () { location.href = 'gojek://gopay/pay?ref=ORD-111'; }, 5000);
</script>
"""))

add("refresh-cancel", "refresh-cancel/load-listener.html", page("Opening OVO", head="""
<meta http-equiv="refresh" content="0; url=ovo://pay?order=ORD-112">
""", body="""
<script>
  window.addEventListener('load', function () { location.href = 'linkaja://pay?order=ORD-113'; });
</script>
"""))

add("refresh-cancel", "refresh-cancel/refresh-first.html", page("Opening GoPay", head="""
<meta http-equiv="refresh" content="1; url=gojek://gopay/pay?ref=ORD-114">
""", body="""
<script>
  setTimeout(function () { location.href = 'gcash://pay?ref=ORD-115'; }, 2500);
</script>
<iframe title="frame" src="about:blank"></iframe>
<iframe title="frame app" src="paymaya://pay?ref=ORD-116"></iframe>
"""))

# MARK: sandbox (Docs/PLATFORM.md §F.17)

add("sandbox", "sandbox/top.html", page("Pay in the widget", body="""
<iframe title="refused" sandbox="allow-scripts allow-same-origin" srcdoc="<p><a href='gojek://gopay/pay?ref=SB-1' target='_top'>GoPay</a></p><script>setTimeout(function () { top.location.href = 'ovo://pay?ref=SB-2'; }, 500);</script>"></iframe>
<iframe title="tap allowed" sandbox="allow-same-origin allow-top-navigation-by-user-activation" srcdoc="<p><a href='dana://wallet/pay?ref=SB-3' target='_top'>DANA</a></p>"></iframe>
<iframe title="script refused" sandbox="allow-scripts allow-top-navigation-by-user-activation" srcdoc="<script>setTimeout(function () { top.location.href = 'linkaja://pay?ref=SB-4'; }, 600);</script>"></iframe>
<iframe title="allowed" sandbox="allow-scripts allow-top-navigation" srcdoc="<script>setTimeout(function () { top.location.href = 'shopeeid://pay?ref=SB-5'; }, 700);</script>"></iframe>
"""))

add("sandbox", "sandbox/popup.html", page("Open the wallet", body="""
<iframe title="refused" sandbox="allow-scripts allow-same-origin" srcdoc="<p><a href='gcash://pay?ref=SB-6' target='_blank'>GCash</a></p><p><button id='maya' type='button' onclick=&quot;window.open('paymaya://pay?ref=SB-7')&quot;>Maya</button></p>"></iframe>
<iframe title="allowed" sandbox="allow-scripts allow-same-origin allow-popups" srcdoc="<p><a href='grab://pay?ref=SB-8' target='_blank'>GrabPay</a></p><p><button id='toss' type='button' onclick=&quot;window.open('supertoss://pay?ref=SB-9')&quot;>Toss</button></p>"></iframe>
"""))

add("sandbox", "sandbox/form.html", page("Pay by bank", body="""
<iframe title="refused" sandbox="allow-same-origin" srcdoc="<form action='kbank://pay' method='get'><input type='hidden' name='ref' value='SB-10'><button>K PLUS</button></form>"></iframe>
<iframe title="allowed" sandbox="allow-same-origin allow-forms" srcdoc="<form action='scb://pay' method='get'><input type='hidden' name='ref' value='SB-11'><button>SCB Easy</button></form>"></iframe>
"""))

add("sandbox", "sandbox/own-frame.html", page("Pay inside the frame", body="""
<iframe title="no scripts" sandbox="allow-same-origin" srcdoc="<meta http-equiv='refresh' content='0;url=truemoney://pay?ref=SB-12'><script>location.href = 'tmn://pay?ref=SB-13';</script><p><a href='ktb://pay?ref=SB-14'>Krungthai NEXT</a></p>"></iframe>
<iframe title="scripts" sandbox="allow-scripts" srcdoc="<script>location.href = 'bbl://pay?ref=SB-15';</script>"></iframe>
<iframe title="app in the frame" sandbox="" src="kma://pay?ref=SB-16"></iframe>
"""))

add("sandbox", "sandbox/framed.html", page("Pay in the panel", body="""
<iframe title="panel" sandbox="allow-same-origin" src="/sandbox/panel.html"></iframe>
"""))

add("sandbox", "sandbox/panel.html", page("Wallet panel", head="""
<meta http-equiv="refresh" content="2; url=ovo://pay?ref=SB-17">
""", body="""
<p><a href="dana://wallet/pay?ref=SB-18">DANA</a></p>
<p><a href="gojek://gopay/pay?ref=SB-19" target="_top">GoPay, in the whole window</a></p>
<script>location.href = 'linkaja://pay?ref=SB-20';</script>
"""))

# Pages the others link to: plain, so that every tap lands somewhere.
add("ordinary", "checkout/fallback.html", page("Pay by card", body="""
<form action="https://psp.example/pay" method="post"><input name="card"><button>Pay</button></form>
"""))


def main():
    if len(sys.argv) != 2:
        print(__doc__.strip().splitlines()[0], file=sys.stderr)
        print("usage: navigation-patterns.py OUT_DIR", file=sys.stderr)
        return 2
    out = sys.argv[1]
    manifest = {}
    for path, (cls, data) in sorted(PAGES.items()):
        full = os.path.join(out, path)
        os.makedirs(os.path.dirname(full), exist_ok=True)
        with open(full, "wb") as f:
            f.write(data)
        manifest[path] = cls
    with open(os.path.join(out, "manifest.json"), "w", encoding="utf-8") as f:
        json.dump({"baseURL": BASE_URL, "pages": manifest}, f, indent=1, sort_keys=True)
    print(f"navigation-patterns: {len(PAGES)} pages in {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
