"""The served app under hostile input (marker ``browser``): URL arguments are data, never
paths, and never freeze the server or show a traceback; an uploaded save is checked and
its text never runs as script; undo never takes back a blind draw."""

from __future__ import annotations

import json
import tempfile
import time
import urllib.parse
import urllib.request

import pytest
from helpers import make_table, wait_text

from conftest import ROOT, start_server, stop_server
from railkit.core.saves import digest
from railkit.games import get_spec

TIMEOUT = 60_000
SHOTS = tempfile.gettempdir()  # the lobby's and a seat's pages at 1280x720

#: (probe, URL query): each must answer quickly with a plain page
PROBES = [
    ("map from stdin", "map=/dev/stdin"),
    ("endless map", "map=/dev/zero"),
    ("map is a folder", "map=/etc"),
    ("map that does not exist", "map=/nonexistent/x.json"),
    ("map outside maps/", "map=../maps/usa"),
    ("too many players", "players=9"),
    ("seat out of range", "seat=99"),
    ("5000-digit seed", "seed=" + "9" * 5000),
    ("a superscript digit as the seed", "seed=%C2%B2"),
    ("a superscript digit as a seat", "seat=%C2%B2"),
    ("an Arabic-Indic digit as a seat", "seat=%D9%A3"),
    ("a superscript digit as the players", "table=u2&players=%C2%B2"),
    ("script in a table name", "table=" + urllib.parse.quote("<img src=x onerror=alert(1)>")),
    ("script in a seat", "seat=" + urllib.parse.quote("<script>alert(1)</script>")),
    ("a NUL byte", "map=usa%00.json"),
    ("60000-digit argument", "x=" + "9" * 60_000),
    ("deep nesting in an argument", "x=" + "[" * 5000),
]


@pytest.fixture(scope="module")
def solo_server():
    proc, url = start_server()
    yield url
    stop_server(proc)




def fetch(url: str, timeout: float = 30) -> tuple[int, str, float]:
    t = time.monotonic()
    try:
        with urllib.request.urlopen(url, timeout=timeout) as r:
            return r.status, r.read().decode("utf-8", "replace"), time.monotonic() - t
    except urllib.error.HTTPError as exc:
        return exc.code, exc.read().decode("utf-8", "replace"), time.monotonic() - t


@pytest.mark.parametrize("probe,query", PROBES, ids=[p for p, _ in PROBES])
def test_url_arguments_are_data_never_paths(solo_server, probe, query):
    status, body, _ = fetch(f"{solo_server}/?{query}")
    assert status < 500, f"{probe}: HTTP {status}"
    assert "Traceback" not in body and ROOT not in body and "site-packages" not in body
    assert "<img src=x" not in body and "<script>alert" not in body
    # the server is still free for everybody else
    status, _, seconds = fetch(f"{solo_server}/liveness", timeout=10)
    assert status == 200


def hostile_save(**edit) -> bytes:
    g = get_spec("ticket-to-ride").new_game(players=2, seed=3, map="teaching-small")
    data = g.to_json()
    data.update(edit)
    data["digest"] = digest(data)  # resealed: only the loader's checks can stop it
    return json.dumps(data).encode()


@pytest.mark.parametrize("edit,field", [
    ({"options": {"map": "teaching-small", "names": ["<img src=x onerror=alert(1)>", "Bo"]}}, "$.options.names"),
    ({"options": {"map": "/dev/zero"}}, "$.options.map"),
    ({"players": 0}, "$.players"),
])
def test_an_uploaded_save_is_checked_and_never_runs_script(page, solo_server, page_guard, tmp_path, edit, field):
    page.set_default_timeout(TIMEOUT)
    dialogs = []
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    page.goto(solo_server + "/")
    page.get_by_role("button", name="Keep selected tickets").wait_for()
    assert page.locator("input[type=file]").count() == 1  # a game of one's own can load a save
    path = tmp_path / "hostile.json"
    path.write_bytes(hostile_save(**edit))
    page.locator("input[type=file]").set_input_files(str(path))
    wait_text(page, field)
    injected = page.evaluate("""() => { let n = 0; const walk = (e) => { if (e.nodeType !== 1) return;
        if (e.tagName === 'IMG' && e.getAttribute('onerror')) n++; if (e.shadowRoot) walk(e.shadowRoot);
        for (const c of e.childNodes) walk(c); }; walk(document.body); return n; }""")
    assert injected == 0 and dialogs == []
    assert fetch(f"{solo_server}/liveness", timeout=10)[0] == 200


def test_undo_never_takes_back_a_blind_draw(page, solo_server, page_guard):
    page.set_default_timeout(TIMEOUT)
    page.goto(solo_server + "/")
    page.get_by_role("button", name="Keep selected tickets").click()
    wait_text(page, "draw cards, claim a route or draw tickets")
    page.locator(".draw-deck button").click()
    wait_text(page, "take your second train card")
    page.wait_for_function("""() => { for (const d of Bokeh.documents) for (const m of d._all_models.values())
        if (m.css_classes && m.css_classes.includes('undo')) return m.disabled === true; return false; }""")
    assert page.locator(".undo button").is_disabled()


def test_basic_auth_asks_for_the_password_before_any_page(page, page_guard):
    import sys

    from conftest import launch

    proc = launch([sys.executable, "-m", "railkit.cli", "serve", "ticket-to-ride", "--port", "{port}",
                   "--map", "teaching-small", "--basic-auth", "class-password"], name="serve-auth")
    try:
        page.set_default_timeout(TIMEOUT)
        page.goto(proc.url + "/")
        assert "/login" in page.url  # no game before the login
        page.locator("input[name=username]").fill("ann")
        page.locator("input[name=password]").fill("wrong-password")
        page.locator("input[name=password]").press("Enter")
        page.wait_for_url("**/login**")
        assert page.get_by_role("button", name="Keep selected tickets").count() == 0
        page.locator("input[name=username]").fill("ann")
        page.locator("input[name=password]").fill("class-password")
        page.locator("input[name=password]").press("Enter")
        page.get_by_role("button", name="Keep selected tickets").wait_for()
    finally:
        stop_server(proc)


# ---------------------------------------------------------------- pages asked for by other sites
#: every served game, as a shared table for two people (the lobby), from the command line
GAMES = {
    "ticket-to-ride": ["--map", "teaching-small"],
    "steam-rollers": [],
    "station-master": [],
}


def start_game_server(game: str, *extra: str):
    """``railkit serve GAME --seats 2 --seed 7`` (plus ``extra``), as in a classroom."""
    import sys

    from conftest import launch

    return launch([sys.executable, "-m", "railkit.cli", "serve", game, "--port", "{port}", "--seats", "2",
                   "--seed", "7", "--bot-delay", "0.15", *GAMES[game], *extra,
                   # a folder of its own: the tables another server kept must not come back here
                   "--state-dir", tempfile.mkdtemp(prefix="railkit-tables-")], name=f"serve-{game}")


@pytest.fixture(scope="module", params=sorted(GAMES))
def game_server(request):
    proc = start_game_server(request.param)
    proc.game = request.param
    yield proc
    stop_server(proc)


def probe(url: str, headers: dict, method: str = "GET") -> tuple[int, dict, str]:
    req = urllib.request.Request(url, headers=headers, method=method, data=b"x=1" if method == "POST" else None)
    try:
        with urllib.request.urlopen(req, timeout=30) as r:
            return r.status, dict(r.headers), r.read().decode("utf-8", "replace")
    except urllib.error.HTTPError as exc:
        return exc.code, dict(exc.headers), exc.read().decode("utf-8", "replace")


NAV = {"Sec-Fetch-Mode": "navigate", "Sec-Fetch-Dest": "document"}
#: (case, headers besides Host, method, expected answer): "page" is the app's page (a Bokeh
#: session token in it), "refused" a plain 403 page, "continue" a plain page with a link
ORIGIN_CASES = [
    ("typed address or bookmark", {"Sec-Fetch-Site": "none", **NAV}, "GET", "page"),
    ("no fetch metadata, no referer (a program)", {}, "GET", "page"),
    ("a link on this server's own page", {"Sec-Fetch-Site": "same-origin", **NAV, "Referer": "{url}/"}, "GET", "page"),
    ("a link on another local page (JupyterLab)", {"Sec-Fetch-Site": "same-site", **NAV,
                                                   "Referer": "http://127.0.0.1:8888/lab"}, "GET", "page"),
    ("a link on localhost's other port", {"Sec-Fetch-Site": "cross-site", **NAV,
                                          "Referer": "http://localhost:8888/"}, "GET", "page"),
    ("a frame on another site", {"Sec-Fetch-Site": "cross-site", "Sec-Fetch-Mode": "navigate",
                                 "Sec-Fetch-Dest": "iframe", "Referer": "http://evil.example/"}, "GET", "refused"),
    ("a frame on another local port", {"Sec-Fetch-Site": "same-site", "Sec-Fetch-Mode": "navigate",
                                       "Sec-Fetch-Dest": "iframe"}, "GET", "refused"),
    ("a picture on another site", {"Sec-Fetch-Site": "cross-site", "Sec-Fetch-Mode": "no-cors",
                                   "Sec-Fetch-Dest": "image"}, "GET", "refused"),
    ("a script of another site (fetch)", {"Sec-Fetch-Site": "cross-site", "Sec-Fetch-Mode": "cors",
                                          "Sec-Fetch-Dest": "empty", "Origin": "http://evil.example"}, "GET", "refused"),
    ("a form on another site", {"Sec-Fetch-Site": "cross-site", **NAV, "Origin": "http://evil.example"},
     "POST", "refused"),
    ("a sandboxed frame's form (Origin null)", {"Origin": "null"}, "POST", "refused"),
    ("another name pointed at this machine (DNS rebinding)", {"Host": "evil.example:{port}"}, "GET", "refused"),
    ("a link followed from another site", {"Sec-Fetch-Site": "cross-site", **NAV,
                                           "Referer": "http://evil.example/"}, "GET", "continue"),
    ("a link from another site, no referer", {"Sec-Fetch-Site": "cross-site", **NAV}, "GET", "continue"),
    ("an old browser's link from another site", {"Referer": "http://evil.example/page"}, "GET", "continue"),
]


@pytest.mark.parametrize("case,headers,method,expected", ORIGIN_CASES, ids=[c[0] for c in ORIGIN_CASES])
def test_a_page_asked_for_by_another_site_is_refused(game_server, case, headers, method, expected):
    url, port = game_server.url, game_server.url.rsplit(":", 1)[1]
    headers = {k: v.replace("{url}", url).replace("{port}", port) for k, v in headers.items()}
    for query in ("/", "/?table=class-a&join=1", "/?table=class-a&seat=1&token=abc"):
        status, got, body = probe(url + query, headers, method)
        # whatever the answer, no other site may show it in a frame
        assert got.get("X-Frame-Options") == "SAMEORIGIN", (case, got)
        assert got.get("Content-Security-Policy") == "frame-ancestors 'self'", (case, got)
        if expected == "page":
            assert status == 200 and '"token"' in body, (case, status)
        elif expected == "refused":
            assert status == 403 and "Refused" in body, (case, status)
            assert "token" not in body and "<script" not in body
        else:
            assert status == 200 and "Continue to the game" in body and "<script" not in body, (case, status)
            assert "token\"" not in body
            # the link goes on to the same address on this server (a same-origin link)
            assert f"href='{html_escape(query)}'" in body


def html_escape(text: str) -> str:
    import html

    return html.escape(text)


def test_the_lobby_says_what_a_table_name_may_hold_and_each_page_shows_only_what_it_may_use(browser, game_server):
    """A table name with HTML is refused with a sentence, not a JSON path; a name with a space
    makes a table. At the shared table no page offers to load a save (no seat may load one:
    the file names the seed), only the first seat's page offers a new game, and a spectator's
    page offers neither; a person's game of their own does offer a load (the first test)."""
    from guard import PageGuard
    from helpers import page_text

    url = game_server.url
    contexts, guards = [], []

    def new_page():
        ctx = browser.new_context(viewport={"width": 1280, "height": 720})
        page = ctx.new_page()
        page.set_default_timeout(TIMEOUT)
        contexts.append(ctx)
        guards.append(PageGuard(page))
        return page

    lobby = new_page()
    lobby.goto(url + "/")
    box = lobby.locator("input[placeholder='e.g. class-a']")
    for name in ("<b>class</b>", "class a"):
        box.fill(name)
        box.press("Enter")
        lobby.get_by_role("button", name="Make table").click()
        if name.startswith("<"):
            wait_text(lobby, "Cannot make the table")
            said = page_text(lobby)
            assert "A table name may contain letters, digits, spaces and - _" in said
            assert "at $" not in said and "expected" not in said
            lobby.screenshot(path=f"{SHOTS}/railkit-lobby-refused-{game_server.game}.png")
    lobby.locator("a.join[href='?table=class%20a&join=1']").wait_for()
    lobby.screenshot(path=f"{SHOTS}/railkit-lobby-{game_server.game}.png")
    seats = []
    for k in (1, 2):
        page = new_page()
        page.goto(url + "/")
        page.locator(f"a.join[href='?table=class%20a&join={k}']").click()
        wait_text(page, "You play")
        page.wait_for_function("() => location.search.includes('token=')")
        assert "class a" in page_text(page)
        seats.append(page)
    watcher = new_page()
    watcher.goto(url + "/?table=class%20a")
    wait_text(watcher, "spectator view")
    for page in seats:
        page.get_by_role("button", name="Undo my last move").wait_for(state="attached")
    # a spectator gets no control it cannot use: no Undo at all, or one that stays disabled
    undo = watcher.get_by_role("button", name="Undo my last move")
    assert undo.count() == 0 or undo.first.is_disabled()
    first, second = seats
    for page in (first, second, watcher):
        assert page.locator("input[type=file]").count() == 0
    assert first.get_by_role("button", name="New game and rule variants…").count() == 1
    assert second.get_by_role("button", name="New game and rule variants…").count() == 0
    assert watcher.get_by_role("button", name="New game and rule variants…").count() == 0
    second.screenshot(path=f"{SHOTS}/railkit-seat-2-{game_server.game}.png")
    for guard in guards:
        guard.check()
    for ctx in contexts:
        ctx.close()


def test_the_files_a_page_needs_and_health_checks_stay_open_with_frame_headers(game_server):
    url = game_server.url
    foreign = {"Sec-Fetch-Site": "cross-site", "Sec-Fetch-Mode": "no-cors", "Sec-Fetch-Dest": "script"}
    status, headers, body = probe(url + "/liveness", foreign)
    assert status == 200 and headers.get("X-Frame-Options") == "SAMEORIGIN"
    status, headers, _ = probe(url + "/static/js/bokeh.min.js", foreign)
    assert status == 200 and headers.get("Content-Security-Policy") == "frame-ancestors 'self'"
    # the embedding script (autoload.js) makes a session too: another site's gets nothing
    status, _, body = probe(url + "/autoload.js?bokeh-autoload-element=x&bokeh-app-path=/&table=class-a&join=1",
                            foreign)
    assert status == 403 and "token" not in body




ATTACK = """<!DOCTYPE html><html><head><meta charset="utf-8"><title>a page of another site</title></head><body>
<script>window.__done = 0; const done = () => { window.__done += 1; };</script>
<iframe id="frame" src="{target}" onload="done()" width="600" height="300"></iframe>
<img src="{target}" onload="done()" onerror="done()">
<script src="{app}/autoload.js?bokeh-autoload-element=x&bokeh-app-path=/&bokeh-absolute-url={app}/&{query}"
        onload="done()" onerror="done()"></script>
<iframe name="sink" onload="if (this.dataset.sent) done()"></iframe>
<form id="form" method="post" action="{target}" target="sink"><input name="x" value="1"></form>
<a id="go" href="{target}">a link to the game</a>
<script>
  fetch("{target}", {mode: "no-cors", credentials: "include"}).then(done, done);
  document.querySelector("iframe[name=sink]").dataset.sent = "1";
  document.getElementById("form").submit();
</script></body></html>"""


@pytest.fixture
def other_site(tmp_path):
    """A web server for another site's pages: 127.0.0.2 (another host, so another site)."""
    import functools
    import http.server
    import threading

    handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=str(tmp_path))
    handler.log_message = lambda *a: None
    srv = http.server.ThreadingHTTPServer(("127.0.0.2", 0), handler)
    thread = threading.Thread(target=srv.serve_forever, daemon=True)
    thread.start()
    srv.folder = tmp_path
    srv.url = f"http://127.0.0.2:{srv.server_address[1]}"
    yield srv
    srv.shutdown()
    srv.server_close()
    thread.join(10)


def test_a_hostile_page_on_another_site_can_frame_load_post_or_link_nothing(browser, game_server, other_site):
    """A page of another site frames a join link, loads it as a picture, a script and a
    fetch, posts a form to it and links to it: every answer is refused (403) or, for the
    link, a page asking to continue; the seat stays free; continuing on this server joins."""
    from guard import PageGuard
    from playwright.sync_api import Error as PlaywrightError

    url = game_server.url
    query = "table=guarded&join=1"
    target = f"{url}/?{query}"
    ctx = browser.new_context()
    lobby = ctx.new_page()
    lobby.set_default_timeout(TIMEOUT)
    guard = PageGuard(lobby)
    make_table(lobby, url, "guarded")
    (other_site.folder / "attack.html").write_text(ATTACK.replace("{target}", target).replace("{app}", url).replace("{query}", query))

    evil = ctx.new_page()
    evil.set_default_timeout(TIMEOUT)
    asked, answers = [], []
    evil.on("request", lambda r: asked.append((r.method, r.url)) if r.url.startswith(url) else None)
    evil.on("response", lambda r: answers.append((r.request.method, r.url, r.status))
            if r.url.startswith(url) else None)
    evil.goto(other_site.url + "/attack.html")
    evil.wait_for_function("() => window.__done >= 5")
    # the frame, the picture, the script, the fetch and the form all reached the server ...
    assert len(asked) >= 5 and {"GET", "POST"} <= {m for m, _ in asked}, asked
    assert any("/autoload.js" in u for _, u in asked)
    # ... and every answer the browser let through was a refusal (the others it blocked itself)
    assert answers and all(status == 403 for _, _, status in answers), answers
    # no frame of the hostile page holds a game (a blocked frame is Chromium's error page)
    for frame in evil.frames[1:]:
        try:
            has_game = frame.evaluate("() => typeof window.Bokeh !== 'undefined' || document.body.innerText.includes('railkit')")
        except PlaywrightError:  # a cross-origin error page cannot be entered: nothing in it either
            has_game = False
        assert not has_game, frame.url
    # the link, followed from the other site, does not join either: it asks to continue
    evil.click("a#go")
    evil.locator("a.continue").wait_for()
    assert evil.evaluate("() => typeof window.Bokeh") == "undefined"
    # nothing happened at the table: seat 1 is still free ...
    lobby.goto(url + "/")
    lobby.locator(f"a.join[href='?{query}']").wait_for()
    # ... and continuing, a click on this server's own page, joins it
    evil.click("a.continue")
    wait_text(evil, "You play")
    evil.wait_for_function("() => location.search.includes('token=')")
    guard.check()
    ctx.close()


# ---------------------------------------------------------------- the user maps folder
ROUTE_IDS = """() => { for (const d of Bokeh.documents) { const s = d.get_model_by_name('routes');
    if (s) return Array.from(s.data.id); } return null; }"""


def test_the_served_editor_saves_in_the_user_maps_folder_and_offers_the_map_by_name(page, tmp_path):
    import sys

    from guard import PageGuard
    from helpers import page_text

    from conftest import launch
    from railkit.maps import MAPS_DIR
    from railkit.viz.ticket_to_ride.map_editor import MapEditor

    folder = tmp_path / "class-maps"
    ed = MapEditor("teaching-small", folder=folder)
    ed.add_city("Zebraville", 6.0, 1.0)
    ed.add_route("Fort", "Zebraville", 2, "red")
    ed.w_name.value = "valley"
    saved = ed.save()
    shipped = {p.name: p.read_bytes() for p in MAPS_DIR.glob("*.json")}
    proc = launch([sys.executable, "-m", "railkit.cli", "serve", "ticket-to-ride", "--port", "{port}",
                   "--maps-dir", str(folder)], name="serve-maps")
    guard = PageGuard(page)
    try:
        page.set_default_timeout(TIMEOUT)
        # a map of the user maps folder, by name
        page.goto(proc.url + "/?map=valley")
        page.get_by_role("button", name="Keep selected tickets").wait_for()
        page.wait_for_function(ROUTE_IDS.replace("return Array.from(s.data.id)",
                                                 "return s.data.id.includes('Fort-Zebraville')"))
        # never by its path
        page.goto(proc.url + "/?map=" + urllib.parse.quote(str(saved)))
        wait_text(page, "one of the maps")
        # the editor's "Play this map" saves into the folder, and the game is played on it
        page.goto(proc.url + "/")
        page.get_by_role("button", name="Keep selected tickets").wait_for()
        page.get_by_text("Map editor", exact=True).click()
        page.get_by_role("button", name="Play this map").click()
        deadline = time.monotonic() + TIMEOUT / 1000
        while not (folder / "my-map.json").exists() and time.monotonic() < deadline:
            page.wait_for_timeout(200)  # polling for the file the server writes
        wait_text(page, "started a new game")  # on the saved map
        assert str(folder) not in page_text(page)
        assert sorted(p.name for p in folder.iterdir()) == ["my-map.json", "valley.json"]
        assert {p.name: p.read_bytes() for p in MAPS_DIR.glob("*.json")} == shipped
        # a new page offers it by name
        page.goto(proc.url + "/?map=my-map")
        page.get_by_role("button", name="Keep selected tickets").wait_for()
        guard.check()  # no console error, nothing asked of another host (a new board's styles too)
    finally:
        stop_server(proc)
