"""The served app under hostile input (marker ``browser``): URL arguments are data, never
paths, and never freeze the server or show a traceback; an uploaded save is checked and
its text never runs as script; undo never takes back a blind draw."""

from __future__ import annotations

import json
import time
import urllib.parse
import urllib.request

import pytest

from conftest import ROOT, start_server, stop_server
from railkit.core.saves import digest
from railkit.games import get_spec

TIMEOUT = 60_000

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


def wait_text(page, text: str) -> None:
    page.wait_for_function(
        """(t) => { const out = []; const walk = (n) => { if (n.nodeType === 3) { out.push(n.textContent); return; }
             if (n.shadowRoot) walk(n.shadowRoot); for (const c of n.childNodes) walk(c); };
             walk(document.body); return out.join(' ').includes(t); }""", arg=text, timeout=TIMEOUT)


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
