"""The served app in the reader's language: each browser picks its own with ``?lang=``."""

from __future__ import annotations

import re

import pytest

from guard import PageGuard
from helpers import ALL_TEXT, click_route
from english import RULE_ID, english_words  # tests/english.py

pytestmark = pytest.mark.browser

TIMEOUT = 60_000

#: the refusal of a claim while the starting tickets are still to be chosen, per language
REFUSED = {
    "da": ("Ikke tilladt:", "skal først vælge, hvilke af de 3 tilbudte destinationsbilletter", "(regel TTR-SETUP-TICKETS)"),
    "ja": ("できません：", "提示された目的地チケット3枚のうちどれを保持するか", "（ルール TTR-SETUP-TICKETS）"),
    "en": ("Not allowed:", "must first choose which of the 3 offered tickets to keep", "(rule TTR-SETUP-TICKETS)"),
}
#: the turn's status line, per language
STATUS = {"da": "(Purple): vælg dine destinationsbilletter ved start.",
          "ja": "（Purple）：最初に保持する目的地チケットを選んでください。",
          "en": "(Purple): choose your starting tickets."}



def test_each_browser_reads_the_refusal_and_status_in_its_own_language(browser, server):
    pages, guards = {}, []
    for lang in REFUSED:
        page = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
        page.set_default_timeout(TIMEOUT)
        guards.append(PageGuard(page))
        page.goto(server + ("/" if lang == "en" else f"/?lang={lang}"))
        page.locator(".keep-tickets button").wait_for()  # its words are the page's language
        pages[lang] = page
    for lang, page in pages.items():
        click_route(page, "Denver-Omaha")  # a claim before the starting tickets are kept
        page.wait_for_function("(t) => (" + ALL_TEXT + ")().includes(t)", arg=REFUSED[lang][2])
        text = (page.evaluate("(" + ALL_TEXT + ")()"))
        for part in (*REFUSED[lang], STATUS[lang]):
            assert part in text, (lang, part)
        others = [REFUSED[o][0] for o in REFUSED if o != lang]
        assert not any(o in text for o in others), (lang, "another language's refusal shows")
    for page in pages.values():
        page.context.close()
    for guard in guards:
        guard.check()


def test_the_language_picker_changes_this_page_only(browser, server):
    """The picker beside Save switches this page's messages at once (no reload): the status
    line, then a refusal, in Danish; another page at the same server stays English."""
    page = browser.new_context(viewport={"width": 1280, "height": 720}).new_page()
    page.set_default_timeout(TIMEOUT)
    guard = PageGuard(page)
    other = browser.new_context(viewport={"width": 1280, "height": 720}).new_page()
    other.set_default_timeout(TIMEOUT)
    for p in (page, other):
        p.goto(server + "/")
        p.locator(".keep-tickets button").wait_for()
    picker = page.locator(".language select")
    assert picker.input_value() == "English"  # Panel's options carry their labels
    picker.select_option(label="Dansk")
    page.wait_for_function("(t) => (" + ALL_TEXT + ")().includes(t)", arg=STATUS["da"])
    # the panel's words follow: headings, buttons, the players' table
    page.wait_for_function("(t) => (" + ALL_TEXT + ")().includes(t)", arg="Åbne kort")
    text = page.evaluate("(" + ALL_TEXT + ")()")
    for words in ("Behold de valgte billetter", "Træk fra bunken (", "rutepoint", "Dine destinationsbilletter"):
        assert words in text, words
    click_route(page, "Denver-Omaha")
    page.wait_for_function("(t) => (" + ALL_TEXT + ")().includes(t)", arg=REFUSED["da"][2])
    assert REFUSED["da"][0] in page.evaluate("(" + ALL_TEXT + ")()")
    assert STATUS["en"] in other.evaluate("(" + ALL_TEXT + ")()")
    page.screenshot(path="/tmp/railkit-language-picker.png")
    for p in (page, other):
        p.context.close()
    guard.check()


#: the characters of ``text`` that the page's font (with the browser's fallbacks) has no glyph
#: for: drawn, they are the same pixels as a private-use character, which no font has
MISSING_GLYPHS = """(text) => {
  const font = '16px ' + getComputedStyle(document.body).fontFamily;
  const draw = (ch) => { const c = document.createElement('canvas'); c.width = 24; c.height = 24;
    const g = c.getContext('2d'); g.font = font; g.textBaseline = 'top'; g.fillText(ch, 2, 2);
    return Array.from(g.getImageData(0, 0, 24, 24).data).join(','); };
  const tofu = draw('\\uE000');
  return Array.from(new Set(Array.from(text))).filter(ch => ch.trim() && draw(ch) === tofu);
}"""


def test_a_japanese_page_has_a_glyph_for_every_character(browser, server):
    """The Japanese page's status line and refusal are drawn in a CJK font: no character of the
    page's text falls back to the missing-glyph box (.ci/run installs fonts-noto-cjk)."""
    page = browser.new_context(viewport={"width": 1280, "height": 720}).new_page()
    page.set_default_timeout(TIMEOUT)
    page.goto(server + "/?lang=ja")
    page.locator(".keep-tickets button").wait_for()  # its words are the page's language
    click_route(page, "Denver-Omaha")
    page.wait_for_function("(t) => (" + ALL_TEXT + ")().includes(t)", arg=REFUSED["ja"][2])
    text = page.evaluate("(" + ALL_TEXT + ")()")
    assert any("\u3040" <= ch <= "\u9fff" for ch in text)  # Japanese is on the page
    assert page.evaluate(MISSING_GLYPHS, text) == []
    assert page.evaluate(MISSING_GLYPHS, "\ue000") == ["\ue000"]  # the check can fail
    page.screenshot(path="/tmp/railkit-ja.png")
    page.context.close()


def test_at_one_shared_table_each_seat_reads_its_own_language(browser):
    """A Danish seat and a Japanese seat at one lobby table (and a German spectator) each read
    the table's refusals in their own language, and none sees another's."""
    from conftest import start_server, stop_server
    from helpers import join_from_lobby, wait_text

    proc, url = start_server(["--seats", "2"])
    pages, guards = [], []
    try:
        for _ in range(3):
            page = browser.new_context(viewport={"width": 1280, "height": 720}).new_page()
            page.set_default_timeout(TIMEOUT)
            guards.append(PageGuard(page))
            pages.append(page)
        da, ja, de = pages
        join_from_lobby(da, url, 1, make="languages")
        join_from_lobby(ja, url, 2)
        for page, lang in ((da, "da"), (ja, "ja")):  # the seat's own link, in its language
            page.goto(page.url + f"&lang={lang}")
            page.locator(".language select").wait_for()
            assert page.locator(".language select").input_value() == {"da": "Dansk", "ja": "日本語"}[lang]
        de.goto(url + "/?table=languages&lang=de")
        wait_text(de, "siehst zu")  # "You are watching", in the page's German
        said = {"da": "Ikke tilladt:", "ja": "できません：", "de": "Nicht erlaubt:", "en": "Not allowed:"}
        for page, lang in ((da, "da"), (ja, "ja")):
            click_route(page, "Denver-Omaha")  # before its tickets are kept, or not its turn: refused
            page.wait_for_function("(t) => (" + ALL_TEXT + ")().includes(t)", arg=said[lang])
        for page, lang in ((da, "da"), (ja, "ja")):
            text = page.evaluate("(" + ALL_TEXT + ")()")
            assert not [w for other, w in said.items() if other != lang and w in text], lang
        de.locator(".language select").wait_for()
        assert de.locator(".language select").input_value() == "Deutsch"
    finally:
        for page in pages:
            page.context.close()
        stop_server(proc)
    for guard in guards:
        guard.check()


# ---------------------------------------------------------------- the pseudo-locale on every page
#: the text nodes a reader sees (shadow roots included; style sheets and scripts left out)
SEEN_TEXT = """() => {
  const out = [];
  const walk = (node) => {
    if (node.nodeType === Node.TEXT_NODE) { if (node.textContent.trim()) out.push(node.textContent.trim()); return; }
    if (node.nodeType === Node.ELEMENT_NODE && ['STYLE', 'SCRIPT', 'TEMPLATE'].includes(node.tagName)) return;
    if (node.shadowRoot) walk(node.shadowRoot);
    for (const c of node.childNodes) walk(c);
  };
  walk(document.body);
  return out;
}"""

#: whole texts shown as they are, each with the reason
ALLOWED_TEXTS = [
    (r"^(bfs|dfs|dijkstra|astar|prim|kruskal|hierholzer)$", "the graph lab's algorithm names, as the code calls them"),
]


def english_on(page, names: list[str], kept=()) -> list[tuple[str, list[str]]]:
    """The texts of ``page`` that hold an English word, with the words (names and allowed texts left out,
    and the parts of a text that match a pattern of ``kept``)."""
    import re

    words = english_words()
    names_re = re.compile("|".join(map(re.escape, sorted(names, key=len, reverse=True))))
    left = []
    for text in page.evaluate(SEEN_TEXT):
        if any(re.match(pattern, text) for pattern, _ in ALLOWED_TEXTS):
            continue
        plain = re.sub(r"\S*\?\S*=\S*", " ", names_re.sub(" ", text))  # names, and links' addresses
        plain = RULE_ID.sub(" ", plain)
        for pattern in kept:
            plain = re.sub(pattern, " ", plain)
        hits = [w for w in re.findall(r"[A-Za-z]{3,}", plain) if w.lower() in words]
        if hits:
            left.append((text[:100], hits))
    return left


def _names() -> list[str]:
    """Names a page shows as they are: the maps' cities, the seats' colours, the bots."""
    from railkit.agents import agents_of
    from railkit.games import specs
    from railkit.maps import load

    names = [c for m in ("usa", "teaching-small") for c in load(m).cities]
    for spec in specs():
        names += list(agents_of(spec))
        names += [n for n in getattr(spec, "seat_names", ()) or ()]
    return names + ["Purple", "Teal", "Red", "Green", "Blue", "Yellow", "Black", "Orange", "Dansk", "Deutsch",
                    "Olivia", "Vancouver", "Santa Fe"]


def played_and_hovered(page) -> None:
    """Keep the starting tickets (the bot answers: the log has lines), then point at a gray route
    nobody owns: the log and the route's hover text (its colour and owner) are on the page."""
    from helpers import hover_route

    from railkit.maps import load

    page.locator(".keep-tickets button").click()
    page.wait_for_function("() => (" + SEEN_TEXT + ")().some(t => t.startsWith('2.'))")  # two log lines
    gray = next(r.id for r in load("usa").routes if r.color == "gray")
    assert "[" in hover_route(page, gray, TIMEOUT)  # its field names are in the pseudo-locale


#: every served page: how it is started (None: the Ticket to Ride server of this module), its path
PAGES = {
    "ticket-to-ride": (None, "/"),
    "lobby": (["--seats", "2"], "/"),
    "steam-rollers": (["railkit.viz.shell.serve", "steam-rollers", "--seed", "4"], "/"),
    "graph-lab": (["railkit.viz.graphs.algoplayer"], "/"),
    "station-master": (["railkit.viz.shell.serve", "station-master", "--seed", "7"], "/"),
}
#: pages not yet in every language, each with the reason (none today)
NOT_YET: dict[str, str] = {}


@pytest.mark.parametrize("name", [pytest.param(n, marks=pytest.mark.xfail(reason=NOT_YET[n], strict=True))
                                  if n in NOT_YET else n for n in PAGES])
def test_a_page_in_the_pseudo_locale_shows_no_english_word(browser, server, name, tmp_path):
    """Each served page opened with ?lang=xx (every message accented and 35 % longer) holds no
    English word in any text a reader sees, outside names, numbers and the allowed texts."""
    import sys

    from conftest import launch, start_server, stop_server

    how, path = PAGES[name]
    proc = None
    if how is None:
        url = server
    elif how[0].startswith("--"):
        proc, url = start_server(how)
    else:
        cmd = [sys.executable, "-m", how[0], *how[1:2], "--port", "{port}", *how[2:]]
        proc = launch(cmd, name=name)
        url = proc.url
    page = browser.new_context(viewport={"width": 1400, "height": 1000}).new_page()
    page.set_default_timeout(TIMEOUT)
    try:
        page.goto(url + path + "?lang=xx")
        # the page's own words are there once a pseudo-locale word is (every message is bracketed)
        page.wait_for_function("() => (" + SEEN_TEXT + ")().filter(t => /\\[[^\\]]*[áéíóú]/.test(t)).length >= 3")
        page.wait_for_load_state("networkidle")
        if name == "ticket-to-ride":
            played_and_hovered(page)
        left = english_on(page, _names())
        page.screenshot(path=str(tmp_path / f"xx-{name}.png"), full_page=True)
    finally:
        page.context.close()
        if proc is not None:
            stop_server(proc)
    assert not left, left[:10]
