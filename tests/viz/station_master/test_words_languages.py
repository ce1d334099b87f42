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
                assert left <= {"Rush", "Hour", "Brake", "Van", "Repair", "Royal", "Carriage"}, (e, text)
        for a in g.log[:60]:
            text = describe_action(g, a, lang=lang)
            if lang == "xx":
                assert not re.findall(r"[a-z]{3,}", re.sub(r"\b(Player \d+|Brake Van|Royal Carriage|Re-Assign "
                                                            r"Carriage|Transfer Passengers|Standing Room|Uncouple|"
                                                            r"Rush Hour|Repair)\b", "", text)), (str(a), text)


def test_a_departure_in_german():
    e = "T9 (L6) left the station (brake-van), value -4: points [0, -20, -12]."
    assert event_text(e, NAMES, "de") == ("T9 (Lok 6, Standard) verließ den Bahnhof (Bremswagen), Wert −4: "
                                          "Bo −20, Cy −12.")


@pytest.mark.parametrize("lang", ["da", "de", "ja"])
def test_a_locomotive_is_said_by_its_number_type_and_banner(lang):
    """Departures and Rush Hour name a locomotive as its card does (number, type, green banner),
    never by its id (``L4-freight-green``), in every language."""
    from railkit.viz.station_master.draw import departure_steps

    lines = ["T1 (L4-freight-green) left the station (full), value 3: points [3, 0].",
             "Rush Hour drawn by seat 1: T3 (L5-exec) enters the station."]
    assert [event_text(e, NAMES, "en") for e in lines] == [
        "T1 (locomotive 4, Freight, green banner) left the station (full), value +3: Ann +3.",
        "Rush Hour drawn by Bo: T3 (locomotive 5, Executive) enters the station."]
    dep = {"train": "T1", "locomotive": "L4-freight-green", "kind": "freight", "reason": "full", "chips": [[3], []],
           "cards": ["+2"], "multipliers": [1], "value": -2, "points": [-6, 0]}
    for text in [event_text(e, NAMES, lang) for e in lines] + departure_steps(dep, NAMES[:2], [0, 0], lang)[:1]:
        seen = re.sub(r"<[^>]*>", " ", text)  # what the reader sees (not the HTML's classes)
        assert not re.search(r"\bL\d|freight|exec|green|locomotive", seen), seen
