"""Station Master in a page with no server (:mod:`railkit.viz.web.page`): the station drawn
from one seat's observation, and a move's steps (the chip or card → the train).

Each train is a row of cards, drawn as the served view draws it
(:func:`railkit.viz.station_master.draw.train_html`): its locomotive with the chips on it as
tokens in their owners' colours (the values of the player's own chips only: the others' stay
hidden, as on the table) and its free chip places, its carriages beside it as cards and its
free carriage places. A train is a ``data-choice`` target ``on T<n>``, a card of the hand
``play <card>``, a chip of the hand ``chip <value>``.

>>> from railkit.games import get_spec
>>> g = get_spec("station-master").new_game(players=2, seed=4)
>>> [steps(a) for a in g.legal_actions()[:1]]
[['chip 1', 'on T1']]
>>> html = render(g.observe(0), g)
>>> "data-choice='on T1'" in html and "data-choice='chip 1'" in html
True
"""

from __future__ import annotations

import re
from html import escape

from railkit.core.game import Action, Game
from railkit.viz.shell.table import seat_names
from railkit.viz.station_master.draw import STYLE, card_html, chip_html, train_html
from railkit.viz.station_master.words import describe_action, event_text

#: the page's log says each move as the served game's log does
describe = describe_action

#: ``chip 2 on T1``, ``play -3 on T2``, ``play royal on T4``: the chip or card, then the train
_ON_TRAIN = re.compile(r"^(chip \S+|play \S+) (on T\d+)$")


def steps(action: Action) -> list[str]:
    """A move's steps: what is placed or played, then the train (``on T<n>``); a move with
    more parts (reassign, transfer, uncouple, a repair's take) is one step after ``play <card>``."""
    text = str(action)
    m = _ON_TRAIN.match(text)
    if m:
        return [m.group(1), m.group(2)]
    if text.startswith("play ") and " " in text[5:]:
        card, rest = text[5:].split(" ", 1)
        return [f"play {card}", rest]
    return [text]


def render(obs: dict, game: Game) -> str:
    """The station (every train with its carriages and chips, drawn as the served view draws
    it: :mod:`railkit.viz.station_master.draw`), then the hand and the chips."""
    me = obs["seat"]
    names = ["You" if s == me else name for s, name in enumerate(seat_names(game))]  # as the page names them
    reading = obs.get("rules", {}).get("executive_reading", "luxury-positive")
    rows = "".join(train_html(tv, me, names, reading, choice=f"on {tv['train']}") for tv in obs["station"])
    hand = "".join(card_html(c, choice=f"play {c}") for c in obs["hand"])
    chips = "".join(chip_html(me, names, v).replace("<span ", f"<span data-choice='chip {v}' ", 1)
                    for v in obs["my_chips"])
    left = (f"Draw pile {obs.get('draw_pile', 0)} · locomotives left {obs.get('locomotives_left', 0)}")
    events = "".join(f"<li>{escape(event_text(e, names))}</li>" for e in obs.get("events", [])[-3:])
    return (f"<style>{STYLE}</style><div class='sm'><div class='station'>{rows}</div>"
            f"<h2>Your hand</h2><div class='cards'>{hand or 'empty'}</div>"
            f"<h2>Your chips</h2><div class='chips'>{chips or 'none left'}</div>"
            f"<p class='why'>{left}</p>{f'<ul class=events>{events}</ul>' if events else ''}</div>")
