"""The Station Master log and event lines in four languages: the English page text is the
one the page always showed, and the other languages leave no English behind."""

from __future__ import annotations

import random
import re

import pytest

from railkit.core.i18n import LANGUAGES
from railkit.games import get_spec
from railkit.viz.station_master.words import _english_event_text, describe_action, event_text

NAMES = ["Ann", "Bo", "Cy", "Di", "Ed", "Flo"]


@pytest.fixture(scope="module")
def played() -> list:
    """(game, action) and event lines of random games, 2 to 5 players."""
    spec = get_spec("station-master")
    games = []
    for seed in range(12):
        rng = random.Random(seed)
        g = spec.new_game(players=2 + seed % 4, seed=seed)
        while not g.is_over:
            g.apply(rng.choice(g.legal_actions()))
        games.append(g)
    return games


def test_every_event_reads_in_english_as_before(played):
    events = [e for g in played for e in g.events]
    assert len(events) > 100
    for e in events:
        assert event_text(e, NAMES, "en") == _english_event_text(e, lambda s: NAMES[int(s)])


@pytest.mark.parametrize("lang", [*LANGUAGES, "xx"])
def test_every_event_and_move_renders(lang, played):
    for g in played:
        for e in g.events:
            text = event_text(e, NAMES, lang)
            if lang == "xx":  # the pseudo-locale: only names, train and card ids are left unaccented
                left = set(re.findall(r"[A-Za-z]{2,}", text)) - set(NAMES)
                assert left <= {"Rush", "Hour", "Brake", "Van", "Repair", "Royal", "Carriage", "exec", "freight",
                                "green"}, (e, text)
        for a in g.log[:60]:
            text = describe_action(g, a, lang=lang)
            if lang == "xx":
                assert not re.findall(r"[a-z]{3,}", re.sub(r"\b(Player \d+|Brake Van|Royal Carriage|Re-Assign "
                                                            r"Carriage|Transfer Passengers|Standing Room|Uncouple|"
                                                            r"Rush Hour|Repair)\b", "", text)), (str(a), text)


def test_a_departure_in_german():
    e = "T9 (L6) left the station (brake-van), value -4: points [0, -20, -12]."
    assert event_text(e, NAMES, "de") == "T9 (L6) hat den Bahnhof verlassen (Bremswagen), Wert −4: Bo −20, Cy −12."
