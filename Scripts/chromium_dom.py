"""Headless Chromium as a measuring instrument: load local pages under the URL linkaudit
gives them, let Chromium build the DOM, and read back the navigations its DOM holds.

No network: Chromium is driven over the DevTools protocol on a pipe (fd 3 in, fd 4 out,
NUL-separated JSON), and every request it makes is answered here through the Fetch
domain. The page itself is served from its file; every later document request (a meta
refresh firing, a script assigning location, an iframe loading) gets 204 No Content, which
the HTML Standard treats as "do not navigate", so the page under test stays in place; any
other subresource gets 404.
"""

import base64
import json
import queue
import threading
import time

from devtools_pipe import DevToolsPipe

# Runs inside the page. Returns [{kind, url, line?}] for the navigations the DOM Chromium
# built can start without script: what a tap, a form submission, a frame load or a
# refresh would load. Prototype getters are used because a form's named controls shadow
# its IDL attributes (<input name=action>) and page script may override them.
EXTRACT_JS = r"""
(() => {
  const HTML = 'http://www.w3.org/1999/xhtml', SVG = 'http://www.w3.org/2000/svg';
  const XLINK = 'http://www.w3.org/1999/xlink';
  const out = [];
  extract(document, 0);
  return {url: document.URL, base: document.baseURI, charset: document.characterSet, navigations: out};

  // One document's navigations; an iframe's srcdoc document is read too (linkaudit
  // extracts it as part of its page), when its origin lets the page see it.
  function extract(document, depth) {
  const w = document.defaultView;
  const getter = (proto, name) => Object.getOwnPropertyDescriptor(proto, name).get;
  const attr = w.Element.prototype.getAttribute, has = w.Element.prototype.hasAttribute;
  const aHref = getter(w.HTMLAnchorElement.prototype, 'href');
  const areaHref = getter(w.HTMLAreaElement.prototype, 'href');
  const iframeSrc = getter(w.HTMLIFrameElement.prototype, 'src');
  const frameSrc = getter(w.HTMLFrameElement.prototype, 'src');
  const objectData = getter(w.HTMLObjectElement.prototype, 'data');
  const embedSrc = getter(w.HTMLEmbedElement.prototype, 'src');
  const formAction = getter(w.HTMLFormElement.prototype, 'action');
  const formMethod = getter(w.HTMLFormElement.prototype, 'method');
  const buttonForm = getter(w.HTMLButtonElement.prototype, 'form');
  const buttonType = getter(w.HTMLButtonElement.prototype, 'type');
  const buttonAction = getter(w.HTMLButtonElement.prototype, 'formAction');
  const buttonMethod = getter(w.HTMLButtonElement.prototype, 'formMethod');
  const inputForm = getter(w.HTMLInputElement.prototype, 'form');
  const inputType = getter(w.HTMLInputElement.prototype, 'type');
  const inputAction = getter(w.HTMLInputElement.prototype, 'formAction');
  const inputMethod = getter(w.HTMLInputElement.prototype, 'formMethod');
  const docURL = document.URL;
  const noFragment = (u) => { const i = u.indexOf('#'); return i < 0 ? u : u.slice(0, i); };
  // Encoding-parse relative to the document's base URL, as an <a> does (the query in the
  // document's encoding); null when the URL does not parse.
  const resolver = document.createElement('a');
  const resolve = (s) => {
    try { new URL(s, document.baseURI); } catch (e) { return null; }
    resolver.setAttribute('href', s);
    return aHref.call(resolver);
  };
  const isScript = (u) => /^javascript:/i.test(u);
  const push = (kind, url, el) => { if (url !== null && !isScript(url)) out.push({kind, url}); };
  // A link whose target equals the document's URL apart from a fragment, and has one,
  // only scrolls (HTML Standard, "navigate": navigate to a fragment).
  const link = (kind, url, el) => {
    if (url === null || isScript(url)) return;
    if (url.includes('#') && noFragment(url) === noFragment(docURL)) return;
    out.push({kind, url});
  };
  // HTML Standard, "shared attribute processing steps for iframe and frame elements": url is
  // about:blank unless src is present, non-empty and parses; "if url matches about:blank and
  // initialInsertion is true", the frame stays on its initial about:blank document and no
  // navigation happens. The parsed pages are read once, so every frame here is an initial
  // insertion: an empty, unparsable or about:blank src is no navigation.
  const frameURL = (el, srcGetter) => {
    if (!has.call(el, 'src')) return null;
    const src = attr.call(el, 'src');
    if (src === '' || resolve(src) === null) return null;
    const url = srcGetter.call(el);
    try {
      const u = new URL(url);
      if (u.protocol === 'about:' && u.pathname === 'blank' && !u.username && !u.password && !u.host) return null;
    } catch (e) { return null; }
    return url;
  };
  let refreshSeen = false;
  for (const el of document.querySelectorAll('*')) {
    const ns = el.namespaceURI, name = el.localName;
    if (ns === SVG && name === 'a') {
      // SVG 2: href wins over xlink:href.
      const v = has.call(el, 'href') ? attr.call(el, 'href') : el.getAttributeNS(XLINK, 'href');
      if (v !== null) link('a', resolve(v), el);
      continue;
    }
    if (ns !== HTML) continue;
    switch (name) {
      case 'a': if (has.call(el, 'href')) link('a', aHref.call(el), el); break;
      case 'area': if (has.call(el, 'href')) link('area', areaHref.call(el), el); break;
      case 'iframe':
        if (has.call(el, 'srcdoc')) {  // srcdoc wins over src
          if (el.contentDocument && depth < 4) extract(el.contentDocument, depth + 1);
          break;
        }
        push('iframe', frameURL(el, iframeSrc), el);
        break;
      case 'frame':
        push('frame', frameURL(el, frameSrc), el);
        break;
      case 'object':
        if (!has.call(el, 'data')) break;
        // An empty data attribute loads nothing: the object shows its fallback content (HTML
        // Standard, the object element: "If the element has a data attribute, and its value is
        // not the empty string"); Chromium loads nothing either.
        push('object', attr.call(el, 'data') === '' || resolve(attr.call(el, 'data')) === null ? null : objectData.call(el), el);
        break;
      case 'embed':
        if (has.call(el, 'src') && attr.call(el, 'src') !== '') push('embed', resolve(attr.call(el, 'src')) === null ? null : embedSrc.call(el), el);
        break;
      case 'form': {
        const method = formMethod.call(el);
        if (method !== 'dialog') push('form-' + method, formAction.call(el), el);
        break;
      }
      case 'button': case 'input': {
        if (!has.call(el, 'formaction')) break;
        const isButton = name === 'button';
        const type = (isButton ? buttonType : inputType).call(el);
        if (isButton ? type !== 'submit' : (type !== 'submit' && type !== 'image')) break;
        const form = (isButton ? buttonForm : inputForm).call(el);
        if (form === null) break;  // a submitter with no form submits nothing
        const method = has.call(el, 'formmethod') ? (isButton ? buttonMethod : inputMethod).call(el) : formMethod.call(form);
        if (method !== 'dialog') push(name + '[formaction]-' + method, (isButton ? buttonAction : inputAction).call(el), el);
        break;
      }
      case 'meta': {
        const equiv = attr.call(el, 'http-equiv');
        if (refreshSeen || equiv === null || equiv.trim().toLowerCase() !== 'refresh' || !has.call(el, 'content')) break;
        const parsed = parseRefresh(attr.call(el, 'content'));
        if (parsed === null) break;
        refreshSeen = true;
        push('refresh', parsed.url === null ? docURL : resolve(parsed.url), el);
        break;
      }
    }
  }
  }

  // HTML Standard, "shared declarative refresh steps": null when invalid, else the URL
  // text (null when there is none).
  function parseRefresh(input) {
    const ws = (c) => c === ' ' || c === '\t' || c === '\n' || c === '\f' || c === '\r';
    let p = 0;
    while (p < input.length && ws(input[p])) p++;
    const start = p;
    while (p < input.length && input[p] >= '0' && input[p] <= '9') p++;
    if (p === start && !(p < input.length && input[p] === '.')) return null;
    while (p < input.length && ((input[p] >= '0' && input[p] <= '9') || input[p] === '.')) p++;
    if (p >= input.length) return {url: null};
    if (input[p] !== ';' && input[p] !== ',' && !ws(input[p])) return null;
    while (p < input.length && ws(input[p])) p++;
    if (p < input.length && (input[p] === ';' || input[p] === ',')) p++;
    while (p < input.length && ws(input[p])) p++;
    if (p >= input.length) return {url: null};
    let url = input.slice(p);
    if (/^url/i.test(url)) {
      let q = 3;
      while (q < url.length && ws(url[q])) q++;
      if (url[q] === '=') {
        q++;
        while (q < url.length && ws(url[q])) q++;
        url = url.slice(q);
      }
    }
    let quote = null;
    if (url[0] === '"' || url[0] === "'") { quote = url[0]; url = url.slice(1); }
    if (quote !== null) { const end = url.indexOf(quote); if (end >= 0) url = url.slice(0, end); }
    // Chromium reloads the document itself for an empty URL ("0; url="), checked against
    // the navigation it starts.
    return {url: url === '' ? null : url};
  }
})()
"""


class ChromiumError(Exception):
    pass


class Chromium:
    """One headless Chromium for many pages; `navigations(url, body)` per page."""

    def __init__(self, executable="chromium-headless-shell", timeout=20.0):
        self.pipe = DevToolsPipe(executable, "chromium-diff-", missing=ChromiumError)
        self.timeout = timeout
        self._next_id = 0
        self._replies = {}
        self._events = queue.Queue()
        self._lock = threading.Condition()
        threading.Thread(target=self.pipe.read, args=(self._deliver,), daemon=True).start()
        self.session = self._attach()
        self._page = None  # (url, body) being served
        self._served = False
        for method in ("Page.enable", "Runtime.enable"):
            self.call(method)
        self.call("Fetch.enable", patterns=[{"urlPattern": "*"}])

    # MARK: protocol

    def _deliver(self, message):
        if message is None:
            with self._lock:
                self._replies[None] = "closed"
                self._lock.notify_all()
            self._events.put(None)
        elif "id" in message:
            with self._lock:
                self._replies[message["id"]] = message
                self._lock.notify_all()
        else:
            self._events.put(message)

    def _send(self, method, params, session):
        self._next_id += 1
        message = {"id": self._next_id, "method": method, "params": params}
        if session:
            message["sessionId"] = session
        self.pipe.write(message)
        return self._next_id

    def _wait_reply(self, ident, deadline):
        with self._lock:
            while ident not in self._replies:
                if None in self._replies:
                    raise ChromiumError("Chromium closed the pipe")
                left = deadline - time.monotonic()
                if left <= 0:
                    raise ChromiumError("no reply from Chromium")
                self._lock.wait(left)
            reply = self._replies.pop(ident)
        if "error" in reply:
            raise ChromiumError(reply["error"].get("message", str(reply["error"])))
        return reply.get("result", {})

    def call(self, method, session=True, **params):
        """A command; events that arrive meanwhile are handled (Fetch) or queued."""
        ident = self._send(method, params, self.session if session is True else session)
        return self._wait_reply(ident, time.monotonic() + self.timeout)

    def _attach(self):
        deadline = time.monotonic() + self.timeout
        page = None
        while page is None:  # the first tab may not exist yet right after start
            targets = self._wait_reply(self._send("Target.getTargets", {}, None), deadline)["targetInfos"]
            page = next((t for t in targets if t["type"] == "page"), None)
            if page is None:
                if time.monotonic() > deadline:
                    raise ChromiumError("Chromium opened no page")
                time.sleep(0.1)
        ident = self._send("Target.attachToTarget", {"targetId": page["targetId"], "flatten": True}, None)
        return self._wait_reply(ident, deadline)["sessionId"]

    # MARK: serving

    def _answer(self, event):
        params = event["params"]
        request_id, url = params["requestId"], params["request"]["url"]
        kind = params.get("resourceType")
        if self._page and not self._served and kind == "Document" and url == self._page[0]:
            self._served = True
            body = self._page[1]
            self._send("Fetch.fulfillRequest", {
                "requestId": request_id, "responseCode": 200,
                "responseHeaders": [{"name": "Content-Type", "value": "text/html"}],
                "body": base64.b64encode(body).decode()}, self.session)
        elif kind == "Document":
            # 204: the Standard's "no content" — the navigation does not happen.
            self._send("Fetch.fulfillRequest", {"requestId": request_id, "responseCode": 204,
                                                "responseHeaders": []}, self.session)
        else:
            self._send("Fetch.fulfillRequest", {"requestId": request_id, "responseCode": 404,
                                                "responseHeaders": [], "body": ""}, self.session)

    def _pump_until(self, predicate, deadline):
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                return False
            try:
                event = self._events.get(timeout=left)
            except queue.Empty:
                return False
            if event is None:
                raise ChromiumError("Chromium closed the pipe")
            if event.get("method") == "Fetch.requestPaused":
                self._answer(event)
            elif predicate(event):
                return True

    # MARK: pages

    def navigations(self, url, body):
        """Loads `body` as the document at `url` and returns the extraction result."""
        self._page, self._served = (url, body), False
        ident = self._send("Page.navigate", {"url": url}, self.session)
        deadline = time.monotonic() + self.timeout
        # A page whose script sends the frame to an app scheme may never fire load: after
        # DOMContentLoaded, wait at most two seconds more for it.
        state = {"deadline": deadline}

        def settled(event):
            if event.get("method") == "Page.domContentEventFired":
                state["deadline"] = min(state["deadline"], time.monotonic() + 2.0)
            return event.get("method") == "Page.loadEventFired"

        loaded = False
        while not loaded and time.monotonic() < state["deadline"]:
            loaded = self._pump_until(settled, min(state["deadline"], time.monotonic() + 0.25))
        self._wait_reply(ident, deadline)
        evaluation = self._send("Runtime.evaluate", {"expression": EXTRACT_JS, "returnByValue": True}, self.session)
        # Serve requests the evaluation may trigger while waiting for its reply.
        while True:
            with self._lock:
                if evaluation in self._replies:
                    break
            self._pump_until(lambda e: False, time.monotonic() + 0.05)
            if time.monotonic() > deadline + self.timeout:
                raise ChromiumError("evaluation timed out")
        result = self._wait_reply(evaluation, deadline + self.timeout)
        if "exceptionDetails" in result:
            raise ChromiumError(json.dumps(result["exceptionDetails"])[:500])
        value = result["result"]["value"]
        value["loaded"] = loaded
        self._page = None
        return value

    def close(self):
        self.pipe.close(lambda: self._send("Browser.close", {}, None))

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
