"""One seat palette for every game, told apart under colour-vision deficiencies."""

from __future__ import annotations

import itertools

import pytest

from railkit.core.game import SEAT_PALETTE
from railkit.games import get_spec, names

colorspacious = pytest.importorskip("colorspacious")  # the test extra installs it

VISIONS = {"normal": None, "protan": "protanomaly", "deutan": "deuteranomaly", "tritan": "tritanomaly"}


def seen(colour: str, deficiency: str | None):
    """``colour`` (hex) as a person with ``deficiency`` (full severity) sees it, in sRGB 0-1."""
    rgb = [int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5)]
    if deficiency is None:
        return rgb
    cvd = {"name": "sRGB1+CVD", "cvd_type": deficiency, "severity": 100}
    return [min(1.0, max(0.0, v)) for v in colorspacious.cspace_convert(rgb, cvd, "sRGB1")]


def delta_e(a, b) -> float:
    return float(colorspacious.deltaE(a, b, input_space="sRGB1", uniform_space="CAM02-UCS"))


def test_every_game_uses_the_one_seat_palette_for_all_its_seats():
    for name in names():
        spec = get_spec(name)
        assert spec.palette == SEAT_PALETTE and len(SEAT_PALETTE) >= spec.max_players, name


@pytest.mark.parametrize("vision", list(VISIONS))
def test_seat_colours_stay_apart_under_each_colour_vision(vision):
    """Every two seat colours differ by a CAM02-UCS delta E of at least 20 (the mark the
    colours were chosen for is 25) as seen with this vision."""
    colours = [seen(c, VISIONS[vision]) for c in SEAT_PALETTE]
    pairs = {(SEAT_PALETTE[i], SEAT_PALETTE[j]): delta_e(colours[i], colours[j])
             for i, j in itertools.combinations(range(len(colours)), 2)}
    close = {p: round(d, 1) for p, d in pairs.items() if d < 20}
    assert close == {}, close
    assert min(pairs.values()) >= 25


def test_seat_colours_differ_from_every_ticket_to_ride_card_colour():
    """A player's trains never look like a free route's colour: delta E >= 20 to each card colour."""
    from railkit.viz.ticket_to_ride.style import card_hex

    for seat in SEAT_PALETTE:
        for card in ("red", "orange", "yellow", "green", "blue", "pink", "white", "black"):
            assert delta_e(seen(seat, None), seen(card_hex(card), None)) >= 20, (seat, card)
