"""Headless Chromium as the engine that runs a page: load it under the URL linkaudit gives
it, let its clock run on virtual time, tap each element a user could tap, and record every
navigation the engine requests, with what started it and in which frame.

No network: Chromium is driven over the DevTools protocol on a pipe (fd 3 in, fd 4 out,
NUL-separated JSON, `--remote-debugging-pipe`), and every request it makes is answered here
through the Fetch domain. The page is served from its file. A sub-frame whose URL is
another page of the same site (a dump's own framed page) gets that page, so its own
navigations run as sub-frame navigations. Every other document request gets 204 No
Content ("do not navigate"), so the page under test stays in place and its clock keeps
running; images get a transparent pixel (an image map works only on an image that loaded),
other subresources 404. A custom scheme or `intent:` is requested too:
`Page.frameRequestedNavigation` names it, and the browser then aborts it (this build has
no external protocol handler), which leaves the page in place just as a WebView client
that launches an app and cancels the load does.

What is recorded, per request:
- `reason`: Chromium's `ClientNavigationReason` (`anchorClick`, `formSubmissionGet`,
  `formSubmissionPost`, `metaTagRefresh`, `scriptInitiated`, `initialFrameNavigation`, …),
  or `windowOpen` for a new window (`Page.windowOpen`; pop-ups are allowed, as in a
  WebView, which has no pop-up blocker);
- `frame`: `main`, `sub` (any frame below the main one) or `new-window`;
- `phase`: for a load, `load` (before the load event: the parser's scripts and the load
  listeners; or, when a navigation stopped the parser, before the frame stopped loading) or
  `clock` (after it, with `atMs`: the checkpoint of the virtual clock it was seen by); for a
  tap, `sync` (before the clock has run `SYNC_MS` after the mouse release: the activation
  itself, code its handlers run synchronously, and what they queue without a wait — a
  `javascript:` URL's task, a zero-delay timer) or `later` (with `atMs` from the tap).

Taps are real input: `Input.dispatchMouseEvent` press and release at the element's centre
(after scrolling it into view, and only when the element, or one inside it, is what the
point hits), so the click is trusted and carries user activation. (Touch taps through
`Input.dispatchTouchEvent` stall in this headless build while virtual time is paused: the
gesture detector waits for frames the paused clock never produces.)
"""

import base64
import json
import queue
import threading
import time

from devtools_pipe import DevToolsPipe

USER_AGENTS = {
    # The presets of `linkaudit --user-agent` (Sources/PageSources/Fetch/UserAgent.swift).
    "android-webview": "Mozilla/5.0 (Linux; Android 14; Pixel 8 Build/AP1A.240405.002; wv) AppleWebKit/537.36 "
                       "(KHTML, like Gecko) Version/4.0 Chrome/124.0.6367.82 Mobile Safari/537.36",
    "ios-wkwebview": "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 "
                     "(KHTML, like Gecko) Mobile/15E148",
}

# Runs in the page: the elements a user could tap, in every frame the page can reach
# (same-origin frames: srcdoc documents and the site's own framed pages), each with the
# point to tap in the main frame's viewport. Candidates: links and image-map areas,
# buttons and submit inputs, elements with an event-handler attribute or a listener for an
# activation event (getEventListeners, the console's API), and when a listener sits on the
# document, window, html or body (delegation), every element with an id or a class.
TAPPABLE_JS = r"""
(() => {
  const ACTIVATION = ['click','dblclick','auxclick','mousedown','mouseup','pointerdown','pointerup',
                      'touchstart','touchend','keydown','keyup','submit'];
  const out = [];
  const listens = (t) => { try { const l = getEventListeners(t); return ACTIVATION.some(k => l[k] && l[k].length); }
                           catch (e) { return false; } };
  const hasHandlerAttr = (el) => ACTIVATION.some(k => el.hasAttribute('on' + k));
  function visit(doc, path, offsetX, offsetY) {
    const w = doc.defaultView;
    const delegated = listens(w) || listens(doc) || (doc.documentElement && listens(doc.documentElement))
                      || (doc.body && listens(doc.body));
    const all = doc.querySelectorAll('*');
    for (let i = 0; i < all.length; i++) {
      const el = all[i], name = el.localName;
      if (name === 'iframe' || name === 'frame') {
        let inner = null;
        try { inner = el.contentDocument; } catch (e) {}
        if (inner && inner.documentElement) {
          const r = el.getBoundingClientRect();
          visit(inner, path.concat([i]), offsetX + r.left + el.clientLeft, offsetY + r.top + el.clientTop);
        }
        continue;
      }
      let why = null;
      if ((name === 'a' || name === 'area') && el.hasAttribute('href')) why = name;
      else if (name === 'button') why = 'button';
      else if (name === 'input' && ['submit','image','button','reset'].includes((el.type || '').toLowerCase())) why = 'input';
      else if (hasHandlerAttr(el)) why = 'handler-attribute';
      else if (listens(el)) why = 'listener';
      else if (delegated && (el.id || el.className) && name !== 'html' && name !== 'head' && name !== 'body'
               && !['script','style','meta','link','title','template','noscript'].includes(name)) why = 'delegated';
      // A submit button submits its form itself; another element's handler may submit
      // one by script (form.submit()).
      const submits = !!el.form && ((name === 'button' && (el.type || 'submit').toLowerCase() === 'submit')
                                    || (name === 'input' && ['submit','image'].includes((el.type || '').toLowerCase())));
      if (why) out.push({path: path.concat([i]), why, name, id: el.id || null, submits,
                         href: (name === 'a' || name === 'area') ? el.href : null});
    }
  }
  visit(document, [], 0, 0);
  return out.slice(0, 80);
})()
"""

# Runs in the page: scrolls one candidate into view and returns the point to tap in the
# main viewport, or null when the element cannot be hit there (hidden, empty, covered).
POINT_JS = r"""
((path) => {
  let doc = document, offsetX = 0, offsetY = 0, el = null;
  for (let k = 0; k < path.length; k++) {
    el = doc.querySelectorAll('*')[path[k]];
    if (!el) return null;
    if (k < path.length - 1) {
      el.scrollIntoView({block: 'center', inline: 'center'});
      const r = el.getBoundingClientRect();
      offsetX += r.left + el.clientLeft; offsetY += r.top + el.clientTop;
      doc = el.contentDocument;
      if (!doc) return null;
    }
  }
  let target = el, x, y;
  if (el.localName === 'area') {
    // An area has no box: tap its shape on the image that uses its map.
    const map = el.closest('map');
    if (!map || !map.name) return null;
    const img = doc.querySelector('img[usemap="#' + CSS.escape(map.name) + '"]');
    if (!img) return null;
    img.scrollIntoView({block: 'center', inline: 'center'});
    const r = img.getBoundingClientRect();
    const c = (el.getAttribute('coords') || '').split(/[ ,]+/).filter(s => s !== '').map(Number);
    const shape = (el.getAttribute('shape') || 'rect').toLowerCase();
    let ax = r.width / 2, ay = r.height / 2;
    if ((shape === 'rect' || shape === 'rectangle') && c.length >= 4) { ax = (c[0] + c[2]) / 2; ay = (c[1] + c[3]) / 2; }
    else if ((shape === 'circle' || shape === 'circ') && c.length >= 2) { ax = c[0]; ay = c[1]; }
    else if ((shape === 'poly' || shape === 'polygon') && c.length >= 6) {
      let sx = 0, sy = 0, n = Math.floor(c.length / 2);
      for (let i = 0; i < n; i++) { sx += c[2 * i]; sy += c[2 * i + 1]; }
      ax = sx / n; ay = sy / n;
    }
    x = r.left + ax; y = r.top + ay; target = img;
  } else {
    el.scrollIntoView({block: 'center', inline: 'center'});
    const rects = el.getClientRects();
    if (!rects.length) return null;
    const r = rects[0];
    if (r.width < 1 || r.height < 1) return null;
    x = r.left + Math.min(r.width / 2, 8); y = r.top + r.height / 2;
  }
  const hit = doc.elementFromPoint(x, y);
  // (On an image map, the point hits the area itself.)
  if (!hit || !(hit === target || hit === el || target.contains(hit))) return null;
  return [offsetX + x, offsetY + y];
})
"""


# A 1×1 transparent PNG, base64.
PIXEL_PNG = ("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==")

# How long after a tap's mouse release, in virtual ms, a request still counts as the tap's
# own (`sync`).
SYNC_MS = 4
# Real time given to a tap before the clock runs: a javascript: URL reaches the page's
# task queue from the browser.
REAL_WAIT_S = 0.05
# …and to a `javascript:` link, until it navigates: its task comes from the browser, later
# on a busy machine.
JAVASCRIPT_URL_WAIT_S = 1.0
# Past the load, the clock runs whether or not a request is pending (our answers are
# immediate; waiting on a custom scheme's aborted request stalled it).
ADVANCE_POLICY = "advance"


class EngineError(Exception):
    pass


class Engine:
    """One headless Chromium; `load(url)` and `tap(url, candidate)` per scenario."""

    def __init__(self, site, executable="chromium-headless-shell", timeout=20.0):
        """`site`: page URL (no fragment) → file path, the pages that may be served."""
        self.pipe = DevToolsPipe(executable, "chromium-engine-", ["--disable-popup-blocking", "--window-size=412,915"],
                                 missing=EngineError)
        self.site = site
        self.timeout = timeout
        self._next_id = 0
        # Replies and events in the order Chromium wrote them: a tap's mouse-release reply
        # comes after the navigations its handlers started synchronously.
        self._messages = queue.Queue()
        threading.Thread(target=self.pipe.read, args=(self._messages.put,), daemon=True).start()
        self.session = None
        self.session = self._attach()
        # Log: Blink's console messages, to drop a window.open a sandbox refused (below).
        for method in ("Page.enable", "Runtime.enable", "Network.enable", "Log.enable"):
            self.call(method)
        self.call("Fetch.enable", patterns=[{"urlPattern": "*"}])
        self.call("Target.setDiscoverTargets", discover=True)
        self._main_frame = None
        self._serving = None

    # MARK: protocol

    def send(self, method, session=True, **params):
        self._next_id += 1
        message = {"id": self._next_id, "method": method, "params": params}
        session = self.session if session is True else session
        if session:
            message["sessionId"] = session
        self.pipe.write(message)
        return self._next_id

    def pump(self, until, deadline, on_event=None):
        """Handles messages until `until(message)` is true; False at the deadline."""
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                return False
            try:
                message = self._messages.get(timeout=left)
            except queue.Empty:
                return False
            if message is None:
                raise EngineError("Chromium closed the pipe")
            if message.get("method") == "Fetch.requestPaused":
                self._answer(message["params"])
                continue
            if on_event and "method" in message:
                on_event(message)
            if until(message):
                return True

    def call(self, method, session=True, on_event=None, **params):
        ident = self.send(method, session, **params)
        reply = {}

        def done(message):
            if message.get("id") == ident:
                reply.update(message)
                return True
            return False

        if not self.pump(done, time.monotonic() + self.timeout, on_event):
            raise EngineError(f"no reply to {method}")
        if "error" in reply:
            raise EngineError(reply["error"].get("message", str(reply["error"])))
        return reply.get("result", {})

    def _attach(self):
        deadline = time.monotonic() + self.timeout
        while True:
            targets = self.call("Target.getTargets", session=None)["targetInfos"]
            page = next((t for t in targets if t["type"] == "page"), None)
            if page:
                return self.call("Target.attachToTarget", session=None, targetId=page["targetId"],
                                 flatten=True)["sessionId"]
            if time.monotonic() > deadline:
                raise EngineError("Chromium opened no page")
            time.sleep(0.1)

    # MARK: serving

    def _answer(self, params):
        request_id, url = params["requestId"], params["request"]["url"]
        kind = params.get("resourceType")
        key = url.split("#", 1)[0]
        frame = params.get("frameId")
        body = None
        if kind == "Document":
            if self._serving == key and frame == self._main_frame and not self._served_main:
                self._served_main = True
                body = open(self.site[key], "rb").read()
            elif frame != self._main_frame and key in self.site and params["request"].get("method") == "GET":
                # A sub-frame loading another page of the site: the page itself.
                body = open(self.site[key], "rb").read()
        if body is not None:
            self.send("Fetch.fulfillRequest", requestId=request_id, responseCode=200,
                      responseHeaders=[{"name": "Content-Type", "value": "text/html"}],
                      body=base64.b64encode(body).decode())
        elif kind == "Document":
            # 204: the HTML Standard's "no content": the navigation does not happen.
            self.send("Fetch.fulfillRequest", requestId=request_id, responseCode=204, responseHeaders=[])
        elif kind == "Image":
            # Any image is a transparent pixel, drawn at the size the page gives it: an
            # image map's areas can be tapped only on an image that loaded.
            self.send("Fetch.fulfillRequest", requestId=request_id, responseCode=200,
                      responseHeaders=[{"name": "Content-Type", "value": "image/png"}], body=PIXEL_PNG)
        else:
            self.send("Fetch.fulfillRequest", requestId=request_id, responseCode=404, responseHeaders=[], body="")

    # MARK: scenarios

    def evaluate(self, expression, on_event=None):
        result = self.call("Runtime.evaluate", on_event=on_event, expression=expression, returnByValue=True,
                           includeCommandLineAPI=True)
        if "exceptionDetails" in result:
            raise EngineError(json.dumps(result["exceptionDetails"])[:300])
        return result["result"].get("value")

    def _recorder(self, log, clock):
        def on_event(message):
            method, p = message["method"], message.get("params", {})
            if method == "Page.frameRequestedNavigation":
                frame = "main" if p["frameId"] == self._main_frame else "sub"
                log.append({"url": p["url"], "reason": p["reason"], "frame": frame,
                            "disposition": p.get("disposition"), **clock()})
            elif method == "Page.windowOpen":
                log.append({"url": p["url"], "reason": "windowOpen", "frame": "new-window",
                            "userGesture": p.get("userGesture"), **clock()})
            elif method == "Log.entryAdded":
                # Blink reports Page.windowOpen before its sandbox check (`CreateNewWindow`,
                # third_party/blink/renderer/core/page/create_window.cc); a sandboxed frame
                # without allow-popups then opens nothing and says so on the console.
                text = p.get("entry", {}).get("text", "")
                prefix = "Blocked opening '"
                if text.startswith(prefix) and "allow-popups" in text:
                    url = text[len(prefix):].split("' in a new window", 1)[0]
                    for i in range(len(log) - 1, -1, -1):
                        if log[i]["reason"] == "windowOpen" and log[i]["url"] == url:
                            del log[i]
                            break
        return on_event

    def _advance(self, ms, on_event):
        self.send("Emulation.setVirtualTimePolicy", policy=ADVANCE_POLICY, budget=ms)
        if not self.pump(lambda m: m.get("method") == "Emulation.virtualTimeBudgetExpired",
                         time.monotonic() + self.timeout, on_event):
            raise EngineError("the virtual clock stalled")

    def visit(self, url, user_agent, checkpoints, tap=None):
        """One scenario on a fresh load of `url`: the load until its load event, then, with
        `tap` (a candidate of `candidates`), the tap; then the virtual clock run to each
        checkpoint in turn (ms after the load event, or after the tap). Returns the
        navigations requested, or None when the candidate could not be tapped."""
        log, clock = [], {"phase": "load", "at": 0}
        on_event = self._recorder(log, lambda: {"phase": clock["phase"], "atMs": clock["at"]})
        self.call("Emulation.setVirtualTimePolicy", policy="pause")
        self.call("Emulation.setUserAgentOverride", userAgent=user_agent)
        self._main_frame = self.call("Page.getFrameTree")["frameTree"]["frame"]["id"]
        self._serving, self._served_main = url.split("#", 1)[0], False
        self.send("Page.navigate", url=url)
        loaded = {"committed": False, "done": False}

        def load_event(message):
            if "method" in message:
                on_event(message)
                method, params = message["method"], message.get("params", {})
                if method == "Page.frameNavigated" and params["frame"]["id"] == self._main_frame:
                    loaded["committed"] = True
                # The load ends with the load event, or, when a navigation started while
                # the page was parsed stopped the parser (then neither DOMContentLoaded nor
                # load ever fire), when the frame stops loading.
                if method == "Page.loadEventFired" or (
                        method == "Page.frameStoppedLoading" and loaded["committed"]
                        and params.get("frameId") == self._main_frame):
                    loaded["done"] = True
            return message.get("method") == "Emulation.virtualTimeBudgetExpired"

        # A millisecond of virtual time at a time until then: parsing, the parser's
        # scripts and the load listeners take none (10 s at most: a page whose
        # subresources never finish).
        for _ in range(10_000):
            self.send("Emulation.setVirtualTimePolicy", policy="pauseIfNetworkFetchesPending", budget=1)
            if not self.pump(load_event, time.monotonic() + self.timeout):
                raise EngineError(f"{url}: the virtual clock stalled during the load")
            if loaded["done"]:
                break
        # Anything the load event's own dispatch started is still the load's.
        self._advance(1, on_event)
        if tap is not None:
            point = self.evaluate(POINT_JS + "(" + json.dumps(tap["path"]) + ")", on_event)
            if point is None:
                return None
            clock["phase"] = "sync"
            x, y = point
            self.send("Input.dispatchMouseEvent", type="mouseMoved", x=x, y=y)
            self.send("Input.dispatchMouseEvent", type="mousePressed", x=x, y=y, button="left", clickCount=1)
            self.send("Input.dispatchMouseEvent", type="mouseReleased", x=x, y=y, button="left", clickCount=1)
            # The click and what its handlers do synchronously happen with the clock still
            # paused; so does a javascript: URL, which runs as a task of its own once it
            # reaches the page from the browser. Real time is given for that, then a
            # millisecond of virtual time at a time (a task posted as one budget ends runs
            # in the next): a handler's zero-delay timer fires there. All of these keep the
            # tap's activation.
            scripted = (tap.get("href") or "").lower().startswith("javascript:")
            self.pump(lambda m: scripted and m.get("method") in ("Page.frameRequestedNavigation", "Page.windowOpen"),
                      time.monotonic() + (JAVASCRIPT_URL_WAIT_S if scripted else REAL_WAIT_S), on_event)
            for _ in range(SYNC_MS):
                clock["at"] += 1
                self._advance(1, on_event)
            clock["phase"] = "later"
        else:
            clock["phase"] = "clock"
        start = clock["at"]
        for point in sorted(set(checkpoints)):
            if point + start > clock["at"]:
                step = point + start - clock["at"]
                clock["at"] = point + start
                self._advance(step, on_event)
        for entry in log:
            if entry["phase"] in ("clock", "later"):
                entry["atMs"] -= start
        return log

    def candidates(self, url, user_agent):
        """The elements of the page a user could tap, after a fresh load."""
        self.visit(url, user_agent, [])
        return self.evaluate(TAPPABLE_JS)

    def close(self):
        self.pipe.close(lambda: self.send("Browser.close", session=None))

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
