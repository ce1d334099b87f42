"""A game's values read out in the reader's language (railkit.viz.shell.reading)."""

import pandas as pd
import pytest

from railkit.core import i18n
from railkit.core.i18n import Message
from railkit.viz.shell.reading import Code, Said, read, reader

pytestmark = pytest.mark.usefixtures("no_language")  # tests/conftest.py

TERMS = {"red": Message("red"), "loco": Message("locomotive"), "win": Message("win"), "rank": Message("rank")}


class Move:
    """A move as the games' actions are: a notation and its words."""

    def __str__(self):
        return "draw deck"

    def words(self, names=None):
        return Message("Draw a train card from the deck")


def test_a_value_is_said_in_the_current_language_when_shown():
    shown = read({"red": 2, "loco": 1}, terms=TERMS)
    assert repr(shown) == "red 2 · locomotive 1"
    i18n.set_language("de")
    assert repr(shown) == "rot 2 · Lokomotive 1"


def test_a_move_is_said_in_words_with_its_notation_as_code():
    shown = read([Move(), Move()], terms=TERMS, lang="da")
    assert repr(shown) == "- Træk et togkort fra bunken `draw deck`\n- Træk et togkort fra bunken `draw deck`"
    assert "<li>Træk et togkort fra bunken <code>draw deck</code></li>" in shown._repr_html_()


def test_truth_none_empty_and_code():
    assert repr(read(True, False, None, [], Code("brake-van"), terms=TERMS, lang="en")) == "yes\nno\n—\n—\n`brake-van`"
    assert repr(read(True, terms=TERMS, lang="ja")) == "はい"


def test_a_mapping_of_many_keys_is_a_table_and_a_name_stays_a_name():
    value = {"red": "Denver", "loco": [1, 2], "win": True, "rank": 1, "x": None}
    assert repr(read(value, terms=TERMS, lang="da")).splitlines() == [
        "rød: Denver", "lokomotiv: 1, 2", "vinder: ja", "placering: 1", "x: —"]
    assert read(value, terms=TERMS, lang="da")._repr_html_().count("<tr>") == 5


def test_the_game_s_words_say_a_whole_value():
    ticket = reader(TERMS, lambda v: Message("{a} – {b}", a=v["a"], b=v["b"]) if isinstance(v, dict) else None)
    assert repr(ticket([{"a": "Denver", "b": "Omaha"}], lang="en")) == "- Denver – Omaha"


def test_a_dataframe_comes_back_with_headers_and_cells_in_words():
    df = pd.DataFrame([{"rank": 1, "win": True, "red": "loco"}, {"rank": 2, "win": False, "red": "red"}]).set_index("rank")
    shown = read(df, terms=TERMS, lang="de")
    assert isinstance(shown, pd.DataFrame)
    assert shown.index.names == ["Platz"] and list(shown.columns) == ["Sieg", "rot"]
    assert shown.to_dict("list") == {"Sieg": ["ja", "nein"], "rot": ["Lokomotive", "rot"]}
    assert list(df.columns) == ["win", "red"], "the DataFrame shown is a copy"


def test_said_shows_a_text_without_quotes():
    said = Said("TTR-CLAIM-ONE: a route is claimed whole")
    assert repr(said) == "TTR-CLAIM-ONE: a route is claimed whole" and said == "TTR-CLAIM-ONE: a route is claimed whole"
