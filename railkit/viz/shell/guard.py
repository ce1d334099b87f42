"""The host and origin guard of a served app: pages and websockets answer only this server's
own addresses, no other site may show a page inside its own, and a link followed from another
site gets a page asking the person to continue (it never takes a seat by itself).
"""

from __future__ import annotations

import html

import panel as pn

#: Sec-Fetch-Dest values of a request made to show the answer inside another page
FRAME_DESTS = ("iframe", "frame", "embed", "object", "fencedframe")
#: paths every page may load whoever asks (the same files for everybody, no table behind them);
#: the websocket has Bokeh's own origin check
OPEN_PATHS = ("/static/", "/liveness", "/favicon.ico", "/ws")
#: headers on every answer: no other site may show a page of this server inside its own
FRAME_HEADERS = {"X-Frame-Options": "SAMEORIGIN", "Content-Security-Policy": "frame-ancestors 'self'",
                 "Referrer-Policy": "same-origin"}


def _netloc(url: str | None) -> str | None:
    from urllib.parse import urlsplit

    if not url:
        return None
    try:
        parts = urlsplit(url.strip())
        host = (parts.hostname or "").lower()
        port = parts.port or {"http": 80, "https": 443}.get(parts.scheme)
    except ValueError:
        return ""
    if parts.scheme not in ("http", "https") or not host:
        return ""
    return f"{host}:{port}"


def _with_port(host: str) -> str:
    host = host.strip().lower()
    if host.startswith("["):  # [::1]:5006
        return host if "]:" in host else host + ":80"
    return host if ":" in host else host + ":80"


def request_verdict(headers, hosts, method: str = "GET") -> tuple[str, str]:
    """Whether a request for a page may have it: ``("ok", "")``, ``("confirm", why)``
    (a plain page asking the person to continue) or ``("refuse", why)``.

    ``hosts`` are this server's own ``host:port`` names. A page is refused when its
    ``Host`` is not one of them (a foreign name pointed at this machine), when its
    ``Origin`` is another one (a script or a form on another site), and when another
    site asks for it to show it inside its own page (``Sec-Fetch-Dest: iframe``) or
    to load it as a picture or a script. A link followed from another site (a top-level
    navigation, ``Sec-Fetch-Site: cross-site``, or a foreign ``Referer`` from a browser
    without fetch metadata) gets a page with a link to continue: it never takes a seat
    or shows one by itself. A typed address, a bookmark (no ``Origin``, ``Sec-Fetch-Site:
    none``), a link on this server's pages or on another page of this machine (another
    port of ``127.0.0.1``, ``localhost``) gets the page.

    >>> hosts = ["127.0.0.1:5006", "localhost:5006"]
    >>> request_verdict({"Host": "127.0.0.1:5006"}, hosts)
    ('ok', '')
    >>> request_verdict({"Host": "127.0.0.1:5006", "Sec-Fetch-Site": "cross-site",
    ...                  "Sec-Fetch-Mode": "navigate", "Sec-Fetch-Dest": "iframe"}, hosts)[0]
    'refuse'
    >>> request_verdict({"Host": "127.0.0.1:5006", "Sec-Fetch-Site": "cross-site",
    ...                  "Sec-Fetch-Mode": "navigate", "Sec-Fetch-Dest": "document"}, hosts)[0]
    'confirm'
    >>> request_verdict({"Host": "127.0.0.1:5006", "Sec-Fetch-Site": "same-site", "Sec-Fetch-Mode": "navigate",
    ...                  "Sec-Fetch-Dest": "document", "Referer": "http://127.0.0.1:8888/lab"}, hosts)
    ('ok', '')
    >>> request_verdict({"Host": "evil.example:5006"}, hosts)[0]
    'refuse'
    """
    def get(name: str) -> str | None:
        v = headers.get(name)
        if isinstance(v, list):
            v = v[0] if v else None
        return None if v is None else str(v)

    own = {_with_port(h) for h in hosts}
    local_names = {h.rsplit(":", 1)[0] for h in own}
    host = get("Host")
    if host is None or _with_port(host) not in own:
        return "refuse", "this server answers only to its own address, not to another name pointed at it"
    origin = get("Origin")
    if origin is not None and _netloc(origin) not in own:
        return "refuse", "a page of another site asked for this page"
    site = (get("Sec-Fetch-Site") or "").lower()
    referer = _netloc(get("Referer"))
    local_referer = bool(referer) and referer.rsplit(":", 1)[0] in local_names
    navigate = method in ("GET", "HEAD")
    if not site:  # a browser without fetch metadata, or a program: the Referer, if any, tells
        if referer and referer not in own and not local_referer:
            return ("confirm" if navigate else "refuse"), "the link was followed from another site"
        return "ok", ""
    if site in ("same-origin", "none"):
        return "ok", ""
    dest = (get("Sec-Fetch-Dest") or "").lower()
    mode = (get("Sec-Fetch-Mode") or "").lower()
    if dest in FRAME_DESTS:
        return "refuse", "another site tried to show this page inside its own"
    if mode != "navigate" or not navigate:
        return "refuse", "another site tried to load this page into its own"
    if local_referer or (site == "same-site" and referer is None and _is_literal_local(host)):
        return "ok", ""
    return "confirm", "the link was followed from another site"


def _is_literal_local(host: str) -> bool:
    """True for a Host that is an IP address or ``localhost``: then "same site" means this machine."""
    import ipaddress

    name = _with_port(host).rsplit(":", 1)[0].strip("[]")
    if name == "localhost":
        return True
    try:
        ipaddress.ip_address(name)
    except ValueError:
        return False
    return True


def _confirm_page(target: str) -> str:
    return ("<!DOCTYPE html><html lang='en'><head><meta charset='utf-8'><title>railkit: continue?</title>"
            "<link rel='icon' href='data:,'></head><body style='font-family:sans-serif;margin:10vh auto;"
            "max-width:36em'><h2>railkit</h2><p>You followed a link from another site to this game server. "
            "A page of another site cannot take a seat, show a seat or act at a table for you, so nothing "
            "has happened yet.</p>"
            f"<p><a class='continue' href='{html.escape(target)}'>Continue to the game</a></p></body></html>")


def _refused_page(why: str) -> str:
    return ("<!DOCTYPE html><html lang='en'><head><meta charset='utf-8'><title>railkit: refused</title>"
            "<link rel='icon' href='data:,'></head><body style='font-family:sans-serif'><h2>railkit</h2>"
            f"<p>Refused: {html.escape(why, quote=False)}. Open the game's address yourself in a tab of "
            "its own.</p></body></html>")


def origin_guard(hosts):
    """A Tornado output transform for every answer of a served app (see :func:`request_verdict`):
    it adds :data:`FRAME_HEADERS`, and a page another site may not have is answered with a
    plain page instead (403 refused, or 200 with a link to continue), whatever the handler
    made. The page factory makes the same check before it touches a table
    (:func:`create_app` with ``hosts``), so such a request never acts either."""
    from tornado.web import OutputTransform

    hosts = tuple(hosts)

    class OriginGuard(OutputTransform):
        def __init__(self, request) -> None:
            super().__init__(request)
            self.verdict = ("ok", "")
            path = request.path or "/"
            if not any(path == p or (p.endswith("/") and path.startswith(p)) for p in OPEN_PATHS):
                self.verdict = request_verdict(request.headers, hosts, request.method or "GET")
                self.target = request.uri if (request.uri or "").startswith("/") and \
                    not request.uri.startswith("//") else "/"

        def transform_first_chunk(self, status_code, headers, chunk, finishing):
            for k, v in FRAME_HEADERS.items():
                headers[k] = v
            kind, why = self.verdict
            if kind == "ok":
                return status_code, headers, chunk
            body = (_refused_page(why) if kind == "refuse" else _confirm_page(self.target)).encode()
            for k in ("Set-Cookie", "Location", "Etag", "Content-Encoding"):
                headers.pop(k, None)
            headers["Content-Type"] = "text/html; charset=UTF-8"
            headers["Cache-Control"] = "no-store"
            headers["Content-Length"] = str(len(body))
            return (403 if kind == "refuse" else 200), headers, body

        def transform_chunk(self, chunk, finishing):
            return chunk if self.verdict[0] == "ok" else b""

    return OriginGuard


def session_verdict(hosts) -> tuple[str, str]:
    """:func:`request_verdict` of the request that opened this browser session."""
    return request_verdict(dict(pn.state.headers or {}), hosts)


def own_hosts(address: str, port: int) -> list[str]:
    """The ``host:port`` names a browser uses for this server (its address, ``localhost``
    and ``127.0.0.1``): the only origins its pages and websockets answer.

    >>> own_hosts("127.0.0.1", 5006)
    ['127.0.0.1:5006', 'localhost:5006']
    """
    return list(dict.fromkeys([f"{address}:{port}", f"localhost:{port}", f"127.0.0.1:{port}"]))

