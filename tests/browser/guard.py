"""A page guard for every browser test: no console error, no request off this machine.

A classroom may be offline, so a page must never need another host; and an error in
the browser console is a bug the learner may not see but will suffer from.

Use the ``page_guard`` fixture (tests/browser/conftest.py)::

    def test_something(page, page_guard):
        page.goto(url)
        ...                    # at the end of the test the guard fails on any problem seen

or attach one by hand: ``guard = PageGuard(page)`` ... ``guard.check()``.
"""

from __future__ import annotations

from urllib.parse import urlsplit

#: Hosts a page may talk to: the local server only.
LOCAL_HOSTS = {"127.0.0.1", "localhost", "[::1]", "::1"}

#: URL schemes that never leave the browser.
LOCAL_SCHEMES = {"data", "blob", "about", "chrome-error", "chrome", "devtools"}


def is_local(url: str) -> bool:
    """Whether ``url`` stays on this machine (local host, or a data:/blob: URL).

    >>> is_local("http://127.0.0.1:8888/lab"), is_local("data:image/png;base64,AAAA")
    (True, True)
    >>> is_local("https://cdn.holoviz.org/panel/1.9.4/dist/css/loading.css")
    False
    """
    parts = urlsplit(url)
    if parts.scheme in LOCAL_SCHEMES:
        return True
    return parts.hostname in LOCAL_HOSTS


class PageGuard:
    """Record console errors, page errors and requests to other hosts on ``page``.

    Parameters
    ----------
    page : playwright.sync_api.Page
    ignore_console : iterable of str
        Substrings of console errors that are expected (keep this empty unless a
        test explains why).
    """

    def __init__(self, page, ignore_console=()):
        self.page = page
        self.ignore = tuple(ignore_console)
        self.console_errors: list[str] = []
        self.page_errors: list[str] = []
        self.foreign: list[str] = []
        self.requests = 0
        page.on("console", self._on_console)
        page.on("pageerror", self._on_pageerror)
        page.on("request", self._on_request)

    def _on_console(self, msg) -> None:
        if msg.type == "error":
            text = msg.text
            if not any(s in text for s in self.ignore):
                loc = msg.location or {}
                self.console_errors.append(f"{text} (at {loc.get('url', '?')}:{loc.get('lineNumber', '?')})")

    def _on_pageerror(self, err) -> None:
        self.page_errors.append(str(err))

    def _on_request(self, request) -> None:
        self.requests += 1
        if not is_local(request.url):
            self.foreign.append(request.url)

    def problems(self) -> list[str]:
        """Everything wrong seen so far, one line each."""
        out = [f"console error: {t}" for t in self.console_errors]
        out += [f"page error: {t}" for t in self.page_errors]
        out += [f"request to another host: {u}" for u in self.foreign]
        return out

    def check(self) -> None:
        """Fail (AssertionError) if anything was seen."""
        problems = self.problems()
        assert not problems, "the page had problems:\n" + "\n".join(problems[:40])
