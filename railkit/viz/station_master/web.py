"""Station Master in a page with no server (:mod:`railkit.viz.web.page`): the station drawn
from one seat's observation, and a move's steps (the chip or card → the train).

Each train is a row: its locomotive, its carriages as cards (a value signed and coloured,
luxury and special cards named), the chips on it as tokens in their owners' colours (the
values of the player's own chips only: the others' stay hidden, as on the table) and its
empty chip slots. A train is a ``data-choice`` target ``on T<n>``, a card of the hand
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
from railkit.games.station_master import SPEC
from railkit.viz.shell.table import seat_names
from railkit.viz.station_master.words import card_label, describe_action, event_text

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


def _colour(seat: int) -> str:
    return SPEC.palette[seat % len(SPEC.palette)]


def _card(card: str, choice: str = "", multiplier: int = 1) -> str:
    """One carriage or hand card: a value signed and coloured, or the special card's name."""
    value = re.fullmatch(r"(lux)?([+-]\d+)", card)
    if value:
        n = int(value.group(2))
        kind = "luxury" if value.group(1) else ("plus" if n > 0 else "minus")
        face = f"{'★ ' if value.group(1) else ''}{n:+d}"
    else:
        kind, face = "special", card_label(card)
    times = f"<small>×{multiplier}</small>" if multiplier != 1 else ""
    attr = f" data-choice='{escape(choice)}'" if choice else ""
    return f"<span class='card sm-{kind}'{attr} title='{escape(card)}'>{escape(face)}{times}</span>"


def render(obs: dict, game: Game) -> str:
    """The station (every train with its carriages and chips), then the hand and the chips."""
    me = obs["seat"]
    names = ["You" if s == me else name for s, name in enumerate(seat_names(game))]  # as the page names them
    rows = []
    for train in obs["station"]:
        loco = (f"<span class='card sm-loco'><b>{escape(train['locomotive'])}</b><small>{escape(train['kind'])}"
                f"{' · banner' if train.get('banner') else ''}</small></span>")
        cars = "".join(_card(c, multiplier=k) for c, k in zip(train["cards"], train.get("multipliers", [])))
        tokens = []
        for seat, count in enumerate(train["chip_counts"]):
            mine = train["my_chips"] if seat == me else []
            for i in range(count):
                label = str(mine[i]) if i < len(mine) else ""
                tokens.append(f"<span class='chip' style='background:{_colour(seat)}' "
                              f"title='{escape(names[seat])}{': ' + label if label else ''}'>{label}</span>")
        free = max(0, train["chip_capacity"] - train["chips_on"])
        tokens += ["<span class='chip empty' title='free place'></span>"] * free
        rows.append(f"<div class='train' data-choice='on {escape(train['train'])}'>"
                    f"<div class='train-name'>{escape(train['train'])}<br><small>value {train['value']:+d}</small></div>"
                    f"{loco}<div class='cards'>{cars or '<i>no carriages yet</i>'}</div>"
                    f"<div class='chips'>{''.join(tokens)}</div></div>")
    hand = "".join(_card(c, f"play {c}") for c in obs["hand"])
    chips = "".join(f"<span class='chip' data-choice='chip {v}' style='background:{_colour(me)}'>{v}</span>"
                    for v in obs["my_chips"])
    left = (f"Draw pile {obs.get('draw_pile', 0)} · locomotives left {obs.get('locomotives_left', 0)}")
    events = "".join(f"<li>{escape(event_text(e, names))}</li>" for e in obs.get("events", [])[-3:])
    return (f"<div class='sm'><div class='station'>{''.join(rows)}</div>"
            f"<h2>Your hand</h2><div class='cards'>{hand or 'empty'}</div>"
            f"<h2>Your chips</h2><div class='chips'>{chips or 'none left'}</div>"
            f"<p class='why'>{left}</p>{f'<ul class=events>{events}</ul>' if events else ''}</div>")
