"""A small driver for headless Chromium over the DevTools protocol (CDP), with the standard library only.

A test helper, outside the installed package. What it is for: the dashboard's browser tests (open a report, wait until its charts are drawn, click,
pick and type as a user does, read the console errors), the report benchmark (time to first paint and
to the first chart drawn) and the dashboard's screenshots (docs/reports.md). It is not a general automation library: one
thread, one call at a time, pages from ``file://`` URLs with the network off.

How it talks: Chromium runs with ``--remote-debugging-pipe``, reading CDP messages (JSON, each ended by
a NUL byte) from its fd 3 and writing replies and events to its fd 4. A page is a target attached in
flatten mode, so its commands and events carry a session id. A command is written, then the pipe is read
(``poll`` with a deadline, so a dead or hung Chromium is an error, never a hang) until its reply comes;
events read on the way are kept for the waits that want them, and a page's ``console.error`` calls and
uncaught exceptions are added to its :attr:`Page.console_errors` as they arrive.

The page has no network: every request goes to a closed local port (``--proxy-server``) or resolves
nowhere (``--host-resolver-rules``); ``file://`` URLs load. POSIX only (fds 3 and 4, process groups).

    with Browser() as browser:
        page = browser.open(path, width=1280, height=900, ready="document.querySelector('.main-svg')")
        page.select("#player", "Aino")
        page.screenshot(tmp / "dashboard.png", full_page=True)
        assert page.console_errors == [], page.console_errors
"""

from __future__ import annotations

import base64
import fcntl
import json
import math
import os
import re
import select
import shutil
import signal
import subprocess
import tempfile
import time
from collections import deque
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from soko_analytics.errors import SokoError

__all__ = ["Browser", "BrowserError", "OFFLINE_FLAGS", "Page", "find_chromium"]


_NAVIGATING = ("Inspected target navigated or closed", "Execution context was destroyed",
               "Cannot find context with specified id")
"""Chromium's replies to an evaluation asked while the page navigates: a wait asks again."""


class BrowserError(SokoError):
    """Headless Chromium failed: not installed, did not start, died, a wait timed out, or a page's script threw.
    ``path`` is the page's URL where there is a page; ``extra`` holds its ``console_errors`` when it had any."""


OFFLINE_FLAGS = ("--proxy-server=http://127.0.0.1:9", "--host-resolver-rules=MAP * ~NOTFOUND")
"""Every request goes to a closed port or resolves nowhere: the page gets no network."""

FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--hide-scrollbars",
         "--no-first-run", "--no-default-browser-check", "--disable-extensions", "--disable-sync",
         "--disable-background-networking", "--disable-component-update", "--mute-audio")
"""Chromium's flags besides the pipe, the profile and :data:`OFFLINE_FLAGS`."""

POLL_S = 0.05
"""How often a wait for a JavaScript condition asks the page again."""

_TRUTHY = 'Symbol.for("soko_analytics.truthy")'
"""Where the watcher (:data:`_WATCHER`) keeps, per expression, the ms after navigation start it turned true."""

_WATCHER = """(() => {
  if (window !== window.top) return;
  const seen = {};
  Object.defineProperty(window, /*key*/, {value: seen});
  const pending = [/*checks*/];
  const check = () => {
    for (let i = pending.length - 1; i >= 0; i--) {
      let ok = false;
      try { ok = !!pending[i][1](); } catch (e) { /* not yet */ }
      if (ok) { seen[pending[i][0]] = performance.now(); pending.splice(i, 1); }
    }
    if (!pending.length) observer.disconnect();
    return pending.length > 0;
  };
  const observer = new MutationObserver(check);
  observer.observe(document, {subtree: true, childList: true, attributes: true, characterData: true});
  const frame = () => { if (check()) requestAnimationFrame(frame); };
  frame();
})();"""
"""Runs before the page's own scripts: checks each watched expression after every DOM change and every
animation frame, and notes ``performance.now()`` (ms since navigation start) when it first is truthy."""

_ELEMENT = """(sel) => {
  const el = document.querySelector(sel);
  if (!el) throw new Error(`no element matches ${sel}`);
  el.scrollIntoView({block: "center", inline: "center", behavior: "instant"});
  return el;
}"""

_CENTRE = """(sel) => {
  const el = (/*element*/)(sel);
  const r = el.getBoundingClientRect();
  const left = Math.max(r.left, 0), right = Math.min(r.right, innerWidth);
  const top = Math.max(r.top, 0), bottom = Math.min(r.bottom, innerHeight);
  if (right <= left || bottom <= top)
    throw new Error(`${sel} is not visible (its box: ${r.width}x${r.height} at ${r.left},${r.top})`);
  const x = (left + right) / 2, y = (top + bottom) / 2;
  const hit = document.elementFromPoint(x, y);
  if (hit && !el.contains(hit)) throw new Error(`${sel} is covered by a <${hit.tagName.toLowerCase()}> at its centre`);
  return {x, y};
}""".replace("/*element*/", _ELEMENT)

_SELECT = """(sel, value) => {
  const el = (/*element*/)(sel);
  if (el.tagName !== "SELECT") throw new Error(`${sel} is a <${el.tagName.toLowerCase()}>, not a <select>`);
  if (el.disabled) throw new Error(`${sel} is disabled`);
  const values = Array.from(el.options, (o) => o.value);
  if (!values.includes(value))
    throw new Error(`${sel} has no option ${JSON.stringify(value)} (it has ${JSON.stringify(values)})`);
  el.focus();
  el.value = value;
  el.dispatchEvent(new Event("input", {bubbles: true}));
  el.dispatchEvent(new Event("change", {bubbles: true}));
}""".replace("/*element*/", _ELEMENT)

_FOCUS = """(sel) => {
  const el = (/*element*/)(sel);
  el.focus();
  if (document.activeElement !== el) throw new Error(`${sel} cannot take the focus`);
  try { el.setSelectionRange(el.value.length, el.value.length); } catch (e) { /* not a text field */ }
}""".replace("/*element*/", _ELEMENT)


def find_chromium() -> str | None:
    """The path of ``chromium`` or ``chromium-browser`` on PATH, or None."""
    return shutil.which("chromium") or shutil.which("chromium-browser")


def _call(function: str, *args: Any) -> str:
    """A JavaScript expression calling ``function`` (source text) with ``args`` as JSON."""
    return f"({function})({', '.join(json.dumps(a) for a in args)})"


def _value(result: dict[str, Any]) -> Any:
    """The Python value of a CDP ``RemoteObject`` returned by value (NaN, infinities, -0 and BigInt too)."""
    special = result.get("unserializableValue")
    if special is None:
        return result.get("value")
    return int(special[:-1]) if special.endswith("n") else float(special)


def _exception_text(details: dict[str, Any]) -> str:
    """What a thrown exception says (``Error: message``), and where when the page's script threw it."""
    exception = details.get("exception") or {}
    text = str(exception.get("description") or exception.get("value") or details.get("text") or "an exception")
    text = text.splitlines()[0] if text else text
    url = details.get("url")
    return f"{text} ({url}:{details.get('lineNumber', 0) + 1})" if url else text


class Page:
    """A tab of a :class:`Browser`, made by :meth:`Browser.open`; close it with :meth:`close` (or ``with``)."""

    def __init__(self, browser: Browser, target_id: str, session_id: str, url: str, timeout: float) -> None:
        self.browser = browser
        self.target_id = target_id
        self.session_id = session_id
        self.url = url
        self.timeout = timeout
        """The default seconds of every wait and command of this page."""
        self.console_errors: list[str] = []
        """``console.error`` (and failed ``console.assert``) messages and uncaught exceptions, in order."""
        self.ready_ms: float | None = None
        """Ms from navigation start to when the ``ready`` expression of :meth:`Browser.open` first was true."""
        self._watched: tuple[str, ...] = ()
        self._gone: str | None = None

    def __enter__(self) -> Page:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        """Close the tab (nothing happens if it or the browser is gone already)."""
        if self._gone is None:
            self._gone = "was closed"
            self.browser._pages.pop(self.session_id, None)
            if self.browser.alive:
                self.browser.send("Target.closeTarget", {"targetId": self.target_id})

    def error(self, reason: str, *, console: bool = True) -> BrowserError:
        """A :class:`BrowserError` about this page: its URL as the path, its console errors in ``extra`` and
        (with ``console``) in the message."""
        if console and self.console_errors:
            reason += "; the page's console errors: " + " | ".join(self.console_errors)
        return BrowserError(reason, path=self.url, extra={"console_errors": list(self.console_errors)})

    def send(self, method: str, params: dict[str, Any] | None = None, *,
             timeout: float | None = None) -> dict[str, Any]:
        """Send a CDP command to this page's session; its result."""
        if self._gone is not None:
            raise self.error(f"cannot send {method}: the page {self._gone}")
        return self.browser.send(method, params, session=self.session_id,
                                 timeout=self.timeout if timeout is None else timeout)

    def _on_event(self, method: str, params: dict[str, Any]) -> None:
        if method == "Runtime.consoleAPICalled" and params.get("type") in ("error", "assert"):
            args = [a.get("value", a.get("description", a.get("type"))) for a in params.get("args", [])]
            self.console_errors.append(" ".join(str(a) for a in args))
        elif method == "Runtime.exceptionThrown":
            self.console_errors.append(_exception_text(params.get("exceptionDetails", {})))
        elif method == "Inspector.targetCrashed":
            self._gone = "crashed"
        elif method == "Inspector.detached":
            self._gone = f"was detached ({params.get('reason')})"

    def _load(self, width: int, height: int, ready: str | None, watch: Sequence[str], deadline: float) -> None:
        for method in ("Page.enable", "Runtime.enable"):
            self.send(method)
        self.send("Page.setLifecycleEventsEnabled", {"enabled": True})
        self.send("Emulation.setFocusEmulationEnabled", {"enabled": True})
        self.send("Emulation.setDeviceMetricsOverride",
                  {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False})
        self._watched = tuple(dict.fromkeys([*([ready] if ready else []), *watch]))
        for expression in self._watched:
            compiled = self.send("Runtime.compileScript", {"expression": f"() => (\n{expression}\n)",
                                                           "sourceURL": "", "persistScript": False})
            if "exceptionDetails" in compiled:
                raise self.error(f"not a JavaScript expression: {expression!r}: "
                                 f"{_exception_text(compiled['exceptionDetails'])}")
        if self._watched:
            checks = ", ".join(f"[{json.dumps(e)}, () => (\n{e}\n)]" for e in self._watched)
            source = _WATCHER.replace("/*key*/", _TRUTHY).replace("/*checks*/", checks)
            self.send("Page.addScriptToEvaluateOnNewDocument", {"source": source})
        navigated = self.send("Page.navigate", {"url": self.url})
        if navigated.get("errorText"):
            raise self.error(f"cannot open the page: {navigated['errorText']}")
        loader = navigated.get("loaderId")

        def loaded(message: dict[str, Any]) -> bool:
            params = message.get("params", {})
            if message.get("sessionId") != self.session_id:
                return False
            if loader is None:
                return message.get("method") == "Page.loadEventFired"
            return (message.get("method") == "Page.lifecycleEvent" and params.get("name") == "load"
                    and params.get("loaderId") == loader)

        if self.browser.wait_event(loaded, deadline) is None:
            raise self.error(f"the page did not load within {self.timeout:g} s")
        if ready:
            self._wait_until(ready, deadline, self.timeout)
            self.ready_ms = self.truthy_ms(ready, timeout=max(deadline - time.monotonic(), 1.0))

    def _evaluate(self, expression: str, timeout: float | None) -> tuple[Any, str | None]:
        reply = self.send("Runtime.evaluate", {"expression": expression, "returnByValue": True, "awaitPromise": True,
                                               "userGesture": True}, timeout=timeout)
        if "exceptionDetails" in reply:
            return None, _exception_text(reply["exceptionDetails"])
        return _value(reply.get("result", {})), None

    def evaluate(self, expression: str, *, timeout: float | None = None) -> Any:
        """The value of a JavaScript expression as JSON (a promise is awaited); raises :class:`BrowserError`
        with the exception's text if it throws. A value JSON cannot hold (a DOM node) comes back as ``{}``."""
        value, thrown = self._evaluate(expression, timeout)
        if thrown is not None:
            raise self.error(f"the script threw {thrown}", console=False)
        return value

    def wait_for(self, expression: str, *, timeout: float | None = None) -> None:
        """Wait until the expression is truthy (it throwing counts as not yet), asking every :data:`POLL_S`;
        on timeout, a :class:`BrowserError` with what it last threw and the page's console errors."""
        timeout = self.timeout if timeout is None else timeout
        self._wait_until(expression, time.monotonic() + timeout, timeout)

    def _wait_until(self, expression: str, deadline: float, timeout: float) -> None:
        last = ""
        while True:
            try:
                value, thrown = self._evaluate(f"!!(\n{expression}\n)", max(deadline - time.monotonic(), 0.5))
            except BrowserError as error:
                if not self.browser.alive or not any(word in str(error) for word in _NAVIGATING):
                    raise
                value, thrown = None, str(error)  # a click's navigation replaced the document being asked
            if value:
                return
            last = f"; it last threw {thrown}" if thrown else ""
            if time.monotonic() >= deadline:
                raise self.error(f"timed out after {timeout:g} s waiting for {expression!r} to be true{last}")
            self.browser.pump(min(time.monotonic() + POLL_S, deadline))

    def truthy_ms(self, expression: str, *, timeout: float | None = None) -> float:
        """Ms from navigation start to when ``expression`` first was truthy, as the watcher installed by
        :meth:`Browser.open` saw it (after each DOM change and animation frame). The expression must be
        the ``ready`` one or among its ``watch``; waits until it is true, up to ``timeout``."""
        if expression not in self._watched:
            raise self.error(f"{expression!r} is not watched: give it to Browser.open(watch=...) first")
        timeout = self.timeout if timeout is None else timeout
        deadline = time.monotonic() + timeout
        while (ms := self.evaluate(f"(window[{_TRUTHY}] || {{}})[{json.dumps(expression)}] ?? null")) is None:
            if time.monotonic() >= deadline:
                raise self.error(f"timed out after {timeout:g} s waiting for {expression!r} to be true")
            self.browser.pump(min(time.monotonic() + POLL_S, deadline))
        return float(ms)

    def _paint_ms(self, name: str, timeout: float) -> float | None:
        deadline = time.monotonic() + timeout
        find = f"performance.getEntriesByType('paint').find((e) => e.name === {json.dumps(name)})?.startTime ?? null"
        while (ms := self.evaluate(find)) is None and time.monotonic() < deadline:
            self.browser.pump(min(time.monotonic() + POLL_S, deadline))
        return None if ms is None else float(ms)

    def first_paint_ms(self, *, timeout: float = 5.0) -> float | None:
        """Ms from navigation start to the first paint (``performance``'s ``first-paint`` entry), waiting up
        to ``timeout`` seconds for it; None if the page has not painted by then."""
        return self._paint_ms("first-paint", timeout)

    def first_contentful_paint_ms(self, *, timeout: float = 5.0) -> float | None:
        """As :meth:`first_paint_ms`, for the first paint of text, an image or a canvas."""
        return self._paint_ms("first-contentful-paint", timeout)

    def click(self, selector: str) -> None:
        """Click the first element matching the CSS selector as a user does: scroll it into view, then press
        and release the left button at the centre of its visible box. Raises if it is missing, has no
        visible box or another element covers its centre."""
        at = self.evaluate(_call(_CENTRE, selector))
        self.send("Input.dispatchMouseEvent", {"type": "mouseMoved", "x": at["x"], "y": at["y"]})
        for kind in ("mousePressed", "mouseReleased"):
            self.send("Input.dispatchMouseEvent", {"type": kind, "x": at["x"], "y": at["y"], "button": "left",
                                                   "clickCount": 1})

    def select(self, selector: str, value: str) -> None:
        """Choose the option of that value in a ``<select>``. Not by mouse (headless Chromium draws a
        select's list outside the page, where no event can reach it): the element is focused, its value set
        and ``input`` and ``change`` events dispatched, as the browser does when a user picks an option."""
        self.evaluate(_call(_SELECT, selector, value))

    def type(self, selector: str, text: str) -> None:
        """Focus the element, put the caret at the end of its text, and type ``text`` key by key (keydown,
        keypress, input and keyup events, one per character; ``\\n`` presses Enter)."""
        self.evaluate(_call(_FOCUS, selector))
        for char in text:
            if char == "\n":
                key = {"key": "Enter", "code": "Enter", "windowsVirtualKeyCode": 13, "text": "\r"}
            else:
                key = {"key": char, "text": char, "unmodifiedText": char}
            self.send("Input.dispatchKeyEvent", {"type": "keyDown", **key})
            self.send("Input.dispatchKeyEvent", {"type": "keyUp", "key": key["key"], **{
                k: v for k, v in key.items() if k in ("code", "windowsVirtualKeyCode")}})

    def screenshot(self, path: str | os.PathLike[str], *, full_page: bool = False) -> Path:
        """Save a PNG of the viewport (its ``width`` x ``height``), or of the whole document with
        ``full_page``; returns the path."""
        params: dict[str, Any] = {"format": "png"}
        if full_page:
            metrics = self.send("Page.getLayoutMetrics")
            size = metrics.get("cssContentSize") or metrics["contentSize"]
            view = metrics.get("cssLayoutViewport") or metrics["layoutViewport"]
            width = max(math.ceil(size["width"]), view["clientWidth"])
            height = max(math.ceil(size["height"]), view["clientHeight"])
            params |= {"clip": {"x": 0, "y": 0, "width": width, "height": height, "scale": 1},
                       "captureBeyondViewport": True}
        data = self.send("Page.captureScreenshot", params)["data"]
        out = Path(path)
        out.write_bytes(base64.b64decode(data))
        return out


class Browser:
    """Headless Chromium with the network off; a context manager (``with Browser() as browser:``).

    ``executable`` defaults to :func:`find_chromium`; ``timeout`` is the default seconds of every command
    and wait; ``args`` are more Chromium flags. :meth:`open` makes a :class:`Page`.
    """

    find = staticmethod(find_chromium)

    def __init__(self, executable: str | os.PathLike[str] | None = None, *, timeout: float = 30.0,
                 args: Sequence[str] = ()) -> None:
        found = find_chromium() if executable is None else os.fspath(executable)
        if found is None:
            raise BrowserError("no headless Chromium: neither chromium nor chromium-browser is on PATH "
                               "(apt install chromium)")
        self.executable = found
        self.timeout = timeout
        self.args = tuple(args)
        self.version = ""
        self.process: subprocess.Popen[bytes] | None = None
        self._home: str | None = None
        self._send_fd = self._read_fd = -1
        self._buffer = bytearray()
        self._next_id = 0
        self._replies: dict[int, dict[str, Any]] = {}
        self._abandoned: set[int] = set()
        self._events: deque[dict[str, Any]] = deque(maxlen=10_000)
        self._pages: dict[str, Page] = {}
        self._eof = False
        self._closed = False

    def __enter__(self) -> Browser:
        self.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @property
    def alive(self) -> bool:
        """Started, not closed, and its pipe still open."""
        return self.process is not None and not self._closed and not self._eof

    def start(self) -> None:
        """Start Chromium and wait (up to ``timeout``) until it answers."""
        if self.process is not None or self._closed:
            raise BrowserError("this Browser was started already (make a new one)")
        self._home = tempfile.mkdtemp(prefix="soko-chromium-")
        theirs_read, ours_send = os.pipe()  # we write, Chromium reads on its fd 3
        ours_read, theirs_write = os.pipe()  # Chromium writes on its fd 4, we read

        def pipes_at_3_and_4() -> None:  # in the child, between fork and exec
            # Copies at 10 and up first, so that neither dup2 overwrites the other's source; the copies are
            # close-on-exec, 3 and 4 are not. (pass_fds alone keeps fds open but cannot renumber them.)
            read_copy = fcntl.fcntl(theirs_read, fcntl.F_DUPFD_CLOEXEC, 10)
            write_copy = fcntl.fcntl(theirs_write, fcntl.F_DUPFD_CLOEXEC, 10)
            os.dup2(read_copy, 3)
            os.dup2(write_copy, 4)

        command = [self.executable, *FLAGS, *OFFLINE_FLAGS, "--remote-debugging-pipe",
                   f"--user-data-dir={os.path.join(self._home, 'profile')}", *self.args, "about:blank"]
        try:
            with open(os.path.join(self._home, "chromium.log"), "wb") as log:
                # close_fds=False: the parent's fds are close-on-exec anyway (PEP 446), and closing them
                # would close 3 and 4 too. A new session, so that close() can end Chromium's helpers too.
                self.process = subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                                stderr=log, close_fds=False, preexec_fn=pipes_at_3_and_4,
                                                start_new_session=True)
        except OSError as error:
            os.close(ours_send)
            os.close(ours_read)
            self._closed = True
            shutil.rmtree(self._home, ignore_errors=True)
            raise BrowserError(f"cannot start Chromium ({self.executable}): {error}") from error
        finally:
            os.close(theirs_read)
            os.close(theirs_write)
        self._send_fd, self._read_fd = ours_send, ours_read
        try:
            self.version = self.send("Browser.getVersion")["product"]
        except BaseException:
            self.close()
            raise

    def open(self, url: str | os.PathLike[str], *, width: int = 1280, height: int = 800, ready: str | None = None,
             watch: Sequence[str] = (), timeout: float | None = None) -> Page:
        """Open ``url`` (a path, or text without a scheme, is made a ``file://`` URL) in a new page with a
        viewport of ``width`` x ``height`` CSS pixels, wait for its load event, then until the JavaScript
        expression ``ready`` is truthy; all within ``timeout`` seconds (default: the browser's). ``ready`` and
        each of ``watch`` are watched from the document's start, for :meth:`Page.truthy_ms` (and
        :attr:`Page.ready_ms`). On any failure the page is closed and :class:`BrowserError` raised."""
        if not isinstance(url, str) or not re.match(r"[a-zA-Z][a-zA-Z0-9+.-]+:", url):
            url = Path(url).resolve().as_uri()
        timeout = self.timeout if timeout is None else timeout
        deadline = time.monotonic() + timeout
        target = self.send("Target.createTarget", {"url": "about:blank"})["targetId"]
        session = self.send("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        page = Page(self, target, session, url, timeout)
        self._pages[session] = page
        try:
            page._load(width, height, ready, watch, deadline)
        except BaseException:
            if self.alive:
                page.close()
            raise
        return page

    def send(self, method: str, params: dict[str, Any] | None = None, *, session: str | None = None,
             timeout: float | None = None) -> dict[str, Any]:
        """Send a CDP command (to the browser, or to a page's ``session``) and wait for its result; raises
        :class:`BrowserError` on a protocol error, a timeout, or a Chromium that is gone."""
        if not self.alive:
            raise BrowserError(f"cannot send {method}: the browser is " + ("closed" if self._closed else "gone"))
        self._next_id += 1
        ident = self._next_id
        message: dict[str, Any] = {"id": ident, "method": method, "params": params or {}}
        if session is not None:
            message["sessionId"] = session
        deadline = time.monotonic() + (self.timeout if timeout is None else timeout)
        self._write(json.dumps(message).encode() + b"\0", deadline, method)
        if not self._read_until(lambda: ident in self._replies, deadline, method):
            self._abandoned.add(ident)
            raise BrowserError(f"timed out after {self.timeout if timeout is None else timeout:g} s waiting for "
                               f"Chromium's reply to {method}")
        reply = self._replies.pop(ident)
        if "error" in reply:
            error = reply["error"]
            data = f" ({error['data']})" if error.get("data") else ""
            raise BrowserError(f"{method} failed: {error.get('message')}{data}")
        return dict(reply.get("result", {}))

    def wait_event(self, match: Callable[[dict[str, Any]], bool], deadline: float) -> dict[str, Any] | None:
        """The first event (kept or coming, a CDP message with ``method``, ``params`` and maybe ``sessionId``)
        that ``match`` accepts, taken from the queue; None if none came by ``deadline`` (``time.monotonic``)."""
        found: list[dict[str, Any]] = []

        def take() -> bool:
            for event in self._events:
                if match(event):
                    self._events.remove(event)
                    found.append(event)
                    return True
            return False

        return found[0] if self._read_until(take, deadline, "an event") else None

    def pump(self, until: float) -> None:
        """Read and dispatch what Chromium sends until ``until`` (``time.monotonic``)."""
        self._read_until(lambda: False, until, "events")

    def _write(self, data: bytes, deadline: float, what: str) -> None:
        view = memoryview(data)
        while view:
            left = deadline - time.monotonic()
            if left <= 0:
                raise BrowserError(f"timed out sending {what}: Chromium does not read its pipe")
            if not select.select([], [self._send_fd], [], left)[1]:
                continue
            try:
                view = view[os.write(self._send_fd, view):]
            except BrokenPipeError:
                self._eof = True
                raise self._died(what) from None

    def _read_until(self, done: Callable[[], bool], deadline: float, what: str) -> bool:
        """Read until ``done()``; False at the deadline; :class:`BrowserError` if Chromium closed the pipe."""
        poller = select.poll()
        poller.register(self._read_fd, select.POLLIN)
        while not done():
            left = deadline - time.monotonic()
            if left <= 0:
                return False
            if not poller.poll(math.ceil(left * 1000)):
                continue
            chunk = os.read(self._read_fd, 1 << 20)
            if not chunk:
                self._eof = True
                raise self._died(what)
            start = len(self._buffer)
            self._buffer += chunk
            if self._buffer.find(b"\0", start) < 0:
                continue
            *messages, rest = self._buffer.split(b"\0")
            self._buffer = bytearray(rest)
            for raw in messages:
                self._dispatch(json.loads(raw))
        return True

    def _dispatch(self, message: dict[str, Any]) -> None:
        if "id" in message:
            if message["id"] in self._abandoned:
                self._abandoned.discard(message["id"])
            else:
                self._replies[message["id"]] = message
            return
        method, params = message.get("method", ""), message.get("params", {})
        page = self._pages.get(message.get("sessionId", ""))
        if method == "Target.detachedFromTarget":
            page = self._pages.pop(params.get("sessionId", ""), None)
            if page is not None and page._gone is None:
                page._gone = "was detached"
        elif page is not None:
            page._on_event(method, params)
        self._events.append(message)

    def _died(self, what: str) -> BrowserError:
        status = self._status(2.0)
        log = ""
        if self._home is not None:
            try:
                lines = Path(self._home, "chromium.log").read_text(errors="replace").splitlines()
                log = "\n".join(line for line in lines if "dbus" not in line)[-1000:].strip()
            except OSError:
                pass
        return BrowserError(f"Chromium closed its pipe while waiting for {what} ({status or 'still running'})"
                            + (f"; its last output: {log}" if log else ""))

    def _status(self, timeout: float) -> str | None:
        """How Chromium exited (``exit code 0``, ``killed by signal 9``), waiting up to ``timeout``; None while
        it runs. It is not reaped (so its pid stays its process group's until :meth:`close`)."""
        assert self.process is not None
        deadline = time.monotonic() + timeout
        while True:
            try:
                info = os.waitid(os.P_PID, self.process.pid, os.WEXITED | os.WNOHANG | os.WNOWAIT)
            except ChildProcessError:
                return f"exit code {self.process.returncode}"
            if info is not None:
                killed = info.si_code in (os.CLD_KILLED, os.CLD_DUMPED)
                return f"killed by signal {info.si_status}" if killed else f"exit code {info.si_status}"
            if time.monotonic() >= deadline:
                return None
            if self.alive:
                try:
                    self.pump(min(time.monotonic() + POLL_S, deadline))  # keep its pipe drained
                except BrowserError:
                    pass
            else:
                time.sleep(POLL_S / 5)

    def close(self) -> None:
        """Close the browser: ``Browser.close``, then SIGTERM and SIGKILL to its process group if it lingers;
        close the pipes and delete the profile. Safe to call twice."""
        if self._closed:
            return
        process = self.process
        if process is not None:
            if self.alive:
                try:
                    self._next_id += 1
                    self._write(json.dumps({"id": self._next_id, "method": "Browser.close"}).encode() + b"\0",
                                time.monotonic() + 2, "Browser.close")
                    self._abandoned.add(self._next_id)
                except (BrowserError, OSError):
                    pass
            for sig in (signal.SIGTERM, signal.SIGKILL):
                if self._status(5.0) is not None:
                    break
                os.killpg(process.pid, sig)
            try:  # the helpers left in its group; Chromium is a zombie until wait(), so the group id is its own
                os.killpg(process.pid, signal.SIGKILL)
            except (ProcessLookupError, PermissionError):
                pass
            process.wait(timeout=10)
        self._closed = True
        for fd in (self._send_fd, self._read_fd):
            if fd >= 0:
                os.close(fd)
        self._send_fd = self._read_fd = -1
        for page in self._pages.values():
            page._gone = "was closed with its browser"
        self._pages.clear()
        if self._home is not None:
            shutil.rmtree(self._home, ignore_errors=True)
