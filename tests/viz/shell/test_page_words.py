"""Every fixed word of a game's page in the page's language: in the pseudo-locale (``xx``)
no English word is left in a widget's label or a pane's text, outside names and numbers.

The browser test (tests/browser/test_languages.py) checks the same on the served pages."""

from __future__ import annotations

import html
import re

import panel as pn
import pytest

from railkit.agents import agents_of
from railkit.core import i18n
from railkit.core.i18n import word
from railkit.viz.shell.games import quick_game
from railkit.viz.shell.words import relabel

from english import english_words  # tests/english.py

pytestmark = pytest.mark.usefixtures("no_language")  # tests/conftest.py


#: words a page shows as they are in every language, and why
ALLOWED = {
    # the games' own names, and the kit's
    "ticket", "ride", "steam", "rollers", "station", "master", "railkit", "olivia",
    # the seats' colour names (names, as in the refusals: "Purple skal ...")
    "purple", "teal", "red", "green", "blue", "yellow", "black", "orange", "player",
    # the language picker names each language in itself
    "english", "dansk", "deutsch",
}


def page_text(view) -> list[str]:
    """Each word-holding value of ``view``'s page: labels, names, options, pane texts."""
    out = []
    for obj in pn.panel(view).select():
        for attr in ("label", "placeholder", "description", "title"):
            value = getattr(obj, attr, None) if attr in obj.param else None
            if isinstance(value, str):
                out.append(value)
        if isinstance(obj, (pn.pane.Markdown, pn.pane.HTML)) and isinstance(obj.object, str):
            text = re.sub(r"<(style|script)[^>]*>.*?</\1>", " ", obj.object, flags=re.S)
            text = html.unescape(re.sub(r"<[^>]+>", " ", text))
            out.append(re.sub(r"\S*\?\S*=\S*", " ", text))  # a link's address (?table=a&join=1) is no word
    return out


def english_left(view) -> list[tuple[str, list[str]]]:
    words = english_words() - ALLOWED
    # the bots' names are what one types on the command line (--bots greedy-route)
    bots = re.compile("|".join(sorted(map(re.escape, agents_of(view.table.spec)), key=len, reverse=True)))
    left = []
    for text in map(lambda t: bots.sub(" ", t), page_text(view)):
        hits = [w for w in re.findall(r"[A-Za-z]{3,}", text) if w.lower() in words]
        if hits:
            left.append((text[:80], hits))
    return left


def test_relabel_sets_marked_words_and_goes_back():
    box = pn.Column(pn.widgets.Button(label=word("Undo my last move")), pn.pane.Markdown("#### " + word("Action log")),
                    pn.widgets.Button(label="Denver"))
    relabel(box, "de")
    assert [box[0].label, box[1].object, box[2].label] == ["Meinen letzten Zug zurücknehmen", "#### Aktionsprotokoll",
                                                           "Denver"]
    relabel(box, "xx")
    assert box[0].label.startswith("[Úñđó")
    box[1].object = "#### " + word("Replay (actions played)")  # the code's own new words are English
    relabel(box, "da")
    assert box[0].label == "Fortryd mit sidste træk" and box[1].object == "#### Genafspilning (spillede handlinger)"
    relabel(box, "en")
    assert box[0].label == "Undo my last move"


GAMES = {"ticket-to-ride": dict(players=2, seed=3), "steam-rollers": dict(players=1, seed=4)}


@pytest.mark.parametrize("game", GAMES)
def test_a_page_in_the_pseudo_locale_shows_no_english(game):
    i18n.set_language("xx")
    view = quick_game(game, auto=False, **GAMES[game])
    left = english_left(view)
    assert not left, left[:8]


def test_the_check_finds_english():
    i18n.set_language("xx")
    view = quick_game("ticket-to-ride", auto=False, players=2, seed=3)
    pn.panel(view)  # the page is built in its language
    view.undo_btn.label = "Undo my last move"
    assert ("Undo my last move", ["Undo", "last", "move"]) in english_left(view)


def test_the_lobby_in_the_pseudo_locale_shows_no_english():
    from railkit.viz.shell.lobby import Lobby

    i18n.set_language("xx")
    lobby = Lobby("ticket-to-ride", 2, defaults={"seed": 1}, tables={}, auto=False)
    lobby.make_table("class-a")
    lobby.refresh()
    words = english_words() - ALLOWED
    texts = page_text(lobby)
    left = [(t[:80], hits) for t in texts if (hits := [w for w in re.findall(r"[A-Za-z]{3,}", t)
                                                       if w.lower() in words and w != "class"])]
    assert any("class-a" in t for t in texts)  # the table is listed
    assert not left, left


@pytest.mark.parametrize("game", ["ticket-to-ride", "steam-rollers", "station-master"])
def test_the_new_game_form_names_and_explains_each_rule_in_the_page_language(game):
    """The rules form's parameter names and their help (where the widget shows it) are messages,
    set in the page's language when the form opens."""
    i18n.set_language("xx")
    view = quick_game(game, auto=False, players=2 if game != "steam-rollers" else 1, seed=1)
    pn.panel(view)
    view.new_toggle.value = True  # the form is built when it opens
    shown = [(name, w.label, w.description if "description" in w.param else None)
             for name, w in view.rules_form._widgets.items() if name != "name"]
    assert shown
    for name, label, helps in shown:
        assert label.startswith("[") and label.endswith("]"), (name, label)
        assert helps is None or (isinstance(helps, str) and helps.startswith("[")), (name, helps)


def test_the_rules_form_speaks_german():
    i18n.set_language("de")
    view = quick_game("station-master", auto=False, players=2, seed=1)
    pn.panel(view)
    view.new_toggle.value = True
    assert view.rules_form._widgets["hand_size"].label == "Handkarten"
    assert view.rules_form._widgets["chip_values"].description.startswith("Werte der verdeckten Passagierchips")
