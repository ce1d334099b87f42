"""The Station Master table drawn as HTML from one seat's observation (no UI imports): the
served view (:mod:`railkit.viz.station_master.view`) and the page with no server
(:mod:`railkit.viz.station_master.web`) both draw the station with these.

A train is a row of cards: its locomotive (number, type, banner) with the passenger chips
on it as tokens in their owners' colours (face down, with the owner's initials; the values
of the viewing seat's own chips only) and its free chip places as empty rings; beside it its
carriages as cards (the value signed and coloured, luxury starred, the special cards named,
what a carriage counts on a Freight or Executive train and its Royal doubling said) and its
free carriage places as empty card outlines. Everything drawn is in ``observe(seat)``.

>>> tv = {"train": "T1", "id": 1, "locomotive": "L3", "number": 3, "kind": "standard", "banner": False,
...       "cards": ["+2"], "multipliers": [1], "carriages": 1, "slots_used": 1, "value": 2, "standing_room": 0,
...       "chip_capacity": 3, "chips_on": 2, "chip_counts": [1, 1], "my_chips": [3]}
>>> html = train_html(tv, 0, ["Ann", "Bo"], "luxury-positive", lang="en")
>>> html.count("sm-slot-card"), html.count("sm-slot-chip"), "A·3" in html, "B·" in html
(2, 1, True, False)
"""

from __future__ import annotations

import html as _html
import re

from railkit.core.i18n import Message
from railkit.games.station_master import SPEC
from railkit.games.station_master.actions import LOCO_KIND_WORDS as _KINDS
from railkit.viz.shell.style import initials, seat_colour, text_on
from railkit.viz.station_master.words import card_label, loco_words, signed

#: The style of the drawing: one sheet for the served view's panes and the page with no server.
#: Cards and chips keep their sizes; a train's carriages wrap under it when the row is narrow.
STYLE = """
.sm-train{display:inline-flex;flex-direction:column;gap:2px;padding:4px;border:1px solid #bbb;
border-radius:8px;background:#fff;font:13px/1.25 system-ui,"DejaVu Sans","Noto Sans",sans-serif;max-width:100%;
box-sizing:border-box}
.sm-train.sm-target{border:3px solid #1565c0;padding:2px}
.sm-train.sm-left{display:flex;width:fit-content;margin:3px 0;border:3px solid #ef6c00;padding:2px;
background:#fff3e0}
.sm-loco{display:flex;flex-direction:column;align-items:center;min-width:84px;max-width:110px;padding:3px 4px;
border:2px solid #263238;border-radius:6px;background:#eceff1;color:#000;box-sizing:border-box}
.sm-loco.sm-executive{background:#ede7f6}.sm-loco.sm-freight{background:#cfd8dc}
.sm-loco .sm-name{font-weight:bold;font-size:12px}
.sm-loco .sm-number{font-weight:bold;font-size:22px;line-height:1}
.sm-loco .sm-kind{font-size:11px}
.sm-banner{background:#2e7d32;color:#fff;font-weight:bold;padding:0 4px;border-radius:3px;font-size:11px}
.sm-new{background:#ff7043;color:#000;font-weight:bold;padding:0 3px;border-radius:3px;font-size:11px}
.sm-on{display:flex;flex-wrap:wrap;justify-content:center;gap:2px;margin-top:3px}
.sm-row{display:flex;flex-wrap:wrap;align-items:flex-start;gap:4px}
.sm-cars{display:flex;flex-wrap:wrap;align-items:flex-start;gap:3px}
.sm-car{display:flex;flex-direction:column;align-items:center;justify-content:center;min-width:46px;max-width:90px;
min-height:58px;padding:2px 3px;border:2px solid #555;border-radius:6px;font-weight:bold;text-align:center;
box-sizing:border-box}
.sm-car small{font-weight:normal;font-size:10px}
.sm-pos{background:#e8f5e9;color:#1b5e20;border-color:#2e7d32}
.sm-neg{background:#ffebee;color:#b71c1c;border-color:#c62828}
.sm-lux{background:#fff8e1;color:#6d4c00;border-color:#f9a825}
.sm-special,.sm-royal{background:#ede7f6;color:#311b92;border-color:#5e35b1;font-size:11px}
.sm-slot-card{min-width:46px;min-height:58px;border:2px dashed #b0bec5;border-radius:6px;box-sizing:border-box}
.sm-chip{display:inline-block;min-width:22px;padding:1px 3px;margin:1px;border:2px solid #222;border-radius:11px;
text-align:center;font-size:11px;font-weight:bold}
.sm-chip.mine{border:3px double #000}
.sm-chip.choosable{min-width:44px;min-height:44px;line-height:36px;border-radius:22px}
.sm-slot-chip{display:inline-block;width:18px;height:18px;margin:1px;border:2px dashed #90a4ae;border-radius:50%}
.sm-count{font-size:11px;color:#333}
.sm-full{color:#b71c1c;font-weight:bold}
.dep-step{margin:2px 0;padding:2px;border-left:3px solid #1565c0}
@media (max-width: 600px) {
.sm-loco{min-width:64px}.sm-car,.sm-slot-card{min-width:34px;min-height:48px}.sm-cars{gap:2px}
}
"""



def _say(message: Message, lang: str | None) -> str:
    return _html.escape(message.render(lang), quote=False)


def seat_hex(seat: int) -> str:
    """The screen colour of a seat's chips (the game's palette, ``SPEC.palette``: the seat
    palette of every game, told apart under the common colour-vision deficiencies; every chip
    also carries its owner's initials, so colour is never the only cue), the same as the end
    banner's.

    >>> seat_hex(0), seat_hex(7)
    ('#9224ff', '#006d6d')
    """
    return seat_colour(SPEC.palette, seat)


def is_carriage(key: str) -> bool:
    """Whether a card is a carriage (a value, luxury or not) rather than a special card."""
    return key[:1] in "+-" or key.startswith("lux")


def carriage_value(key: str) -> tuple[int, bool]:
    """A carriage's printed value and whether it is a luxury carriage."""
    lux = key.startswith("lux")
    return int(key[3:] if lux else key), lux


def card_kind(key: str) -> str:
    """A card's kind as drawn: ``plus``, ``minus``, ``luxury`` or ``special``.

    >>> [card_kind(k) for k in ("+2", "-1", "lux-3", "royal")]
    ['plus', 'minus', 'luxury', 'special']
    """
    if not is_carriage(key):
        return "special"
    value, lux = carriage_value(key)
    return "luxury" if lux else ("plus" if value > 0 else "minus")


def effective_value(key: str, kind: str, reading: str = "luxury-positive") -> int:
    """What a carriage adds to a train pulled by a ``kind`` locomotive (before Royal doubling).

    >>> effective_value("-2", "freight"), effective_value("lux+4", "freight"), effective_value("-1", "executive")
    (2, 4, -1)
    """
    v, lux = carriage_value(key)
    if kind == "freight" and not lux:
        return -v
    if kind == "executive" and (reading == "all-positive" or (reading == "luxury-positive" and lux)):
        return abs(v)
    return v


def chip_html(seat: int, names: list[str], value: int | None = None) -> str:
    """One chip: face down in its owner's colour with the owner's initials; ``value`` only for
    the viewing seat's own chips (and for every chip of a train that has left)."""
    mark = _html.escape(initials(names)[seat], quote=False)
    text = mark if value is None else f"{mark}·{value}"
    cls = "sm-chip mine" if value is not None else "sm-chip"
    return (f"<span class='{cls}' style='background:{seat_hex(seat)};color:{text_on(seat_hex(seat))}'"
            f" title='{mark}'>{text}</span>")


def card_html(key: str, kind: str = "standard", reading: str = "luxury-positive", multiplier: int = 1,
              lang: str | None = None, choice: str = "") -> str:
    """One card: a carriage (value signed and coloured, luxury starred; what it counts on this
    train and its Royal doubling below) or a special card (its name). ``choice``: the page's
    ``data-choice`` step that plays it."""
    label = _html.escape(card_label(key, lang), quote=False)
    title = _html.escape(card_label(key, lang))
    attr = f" data-choice='{_html.escape(choice)}'" if choice else ""
    if not is_carriage(key):
        return f"<span class='sm-car sm-special'{attr} title='{title}'>{label}</span>"
    base, lux = carriage_value(key)
    eff = effective_value(key, kind, reading)
    cls = {"luxury": "sm-lux", "plus": "sm-pos", "minus": "sm-neg"}[card_kind(key)]
    face = f"★ {signed(base)}<small>{label.rsplit(' ', 1)[0]}</small>" if lux else signed(base)
    notes = ""
    if eff != base:
        notes += f"<small>→ {_say(Message('counts {value}', value=signed(eff)), lang)}</small>"
    if multiplier != 1:
        notes += f"<small>×{multiplier} = {signed(eff * multiplier)}</small>"
    return f"<span class='sm-car {cls}'{attr} title='{title}'>{face}{notes}</span>"


def train_html(tv: dict, seat: int | None, names: list[str], reading: str, new: bool = False,
               target: bool = False, left: bool = False, lang: str | None = None, choice: str = "") -> str:
    """One train as ``seat`` sees it (``tv``: one entry of ``observe()['station']``): the
    locomotive card with the chips on it and its free chip places, the carriages beside it and
    its free carriage places, and a line counting carriages, chips and the value. ``target``:
    framed as where the open choice may go; ``left``: framed as a train leaving."""
    kind = tv["kind"]
    tags = ""
    if tv["banner"]:
        tags += f" <span class='sm-banner'>{_say(Message('banner'), lang)}</span>"
    if new:
        tags += f" <span class='sm-new'>{_say(Message('NEW'), lang)}</span>"
    mine = list(tv.get("my_chips", []))
    chips = []
    for s, n in enumerate(tv["chip_counts"]):
        if s == seat:
            chips.extend(chip_html(s, names, v) for v in mine)
        else:
            chips.extend(chip_html(s, names) for _ in range(n))
    free_chips = max(0, tv["chip_capacity"] - tv["chips_on"])
    free_chip = _html.escape(Message("a free chip place").render(lang))
    chips += [f"<span class='sm-slot-chip' title='{free_chip}'></span>"] * free_chips
    loco = (f"<div class='sm-loco sm-{kind}'>"
            f"<span class='sm-name'>{tv['train']}</span><b class='sm-number'>{tv['number']}</b>"
            f"<span class='sm-kind'>{_say(_KINDS.get(kind, Message(kind)), lang)}{tags}</span>"
            f"<div class='sm-on'>{''.join(chips)}</div></div>")
    cars = [card_html(k, kind, reading, m, lang) for k, m in zip(tv["cards"], tv["multipliers"])]
    standing = _say(Message("Standing Room (+1 chip)"), lang)
    cars += [f"<span class='sm-car sm-royal'>{standing}</span>"] * tv["standing_room"]
    free_cars = max(0, tv["number"] - tv["slots_used"])
    free_car = _html.escape(Message("a free carriage place").render(lang))
    cars += [f"<span class='sm-slot-card' title='{free_car}'></span>"] * free_cars
    cars_full = tv["slots_used"] >= tv["number"] - 1
    chips_full = tv["chips_on"] >= tv["chip_capacity"]
    cars_used = f"<span class='{'sm-full' if cars_full else ''}'>{tv['slots_used']}/{tv['number']}</span>"
    chips_on = f"<span class='{'sm-full' if chips_full else ''}'>{tv['chips_on']}/{tv['chip_capacity']}</span>"
    count = Message("carriages {cars} · chips {chips} · value {value}", cars=cars_used, chips=chips_on,
                    value=f"<b>{signed(tv['value'])}</b>").render(lang)
    cls = "sm-train" + (" sm-target" if target else "") + (" sm-left" if left else "")
    attr = f" data-choice='{_html.escape(choice)}'" if choice else ""
    return (f"<div class='{cls}'{attr}><div class='sm-row'>{loco}<div class='sm-cars'>{''.join(cars)}</div></div>"
            f"<div class='sm-count'>{count}</div></div>")


def left_train_html(dep: dict, names: list[str], lang: str | None = None) -> str:
    """A train as it left (``dep``: one entry of ``observe()['departures']``), framed: its
    locomotive with every chip on it turned over (owner and value), its carriages beside it."""
    kind = dep["kind"]
    number = re.match(r"L(\d+)", dep["locomotive"])
    chips = "".join(chip_html(s, names, v) for s, vals in enumerate(dep["chips"]) for v in vals)
    loco = (f"<div class='sm-loco sm-{kind}'><span class='sm-name'>{_html.escape(dep['train'])}</span>"
            f"<b class='sm-number'>{number.group(1) if number else ''}</b>"
            f"<span class='sm-kind'>{_say(_KINDS.get(kind, Message(kind)), lang)}</span>"
            f"<div class='sm-on'>{chips}</div></div>")
    cars = "".join(card_html(k, kind, "luxury-positive", m, lang) for k, m in zip(dep["cards"], dep["multipliers"]))
    return f"<div class='sm-train sm-left'><div class='sm-row'>{loco}<div class='sm-cars'>{cars}</div></div></div>"


def departure_steps(dep: dict, names: list[str], before: list[int], lang: str | None = None) -> list[str]:
    """A departure in steps (HTML): the train as it left, its chips turned over, the value
    worked out, each player's chips × value = points, the scores moving.

    ``dep`` is one entry of ``observe()['departures']`` (public once the train has left);
    ``before`` the scores just before it.
    """
    kind = dep["kind"]
    why = {"full": Message("all carriages coupled"), "brake-van": Message("Brake Van"),
           "end": Message("end of the game")}.get(dep["reason"], dep["reason"])
    title = _say(Message("{train} ({locomotive}) leaves the station ({why})", train=dep["train"],
                 locomotive=loco_words(dep["locomotive"]), why=why), lang)
    steps = [f"<b>{title}</b>{left_train_html(dep, names, lang)}"
             f"1. {_say(Message('The chips are turned over:'), lang)} "
             + (" ".join("".join(chip_html(s, names, v) for v in vals) for s, vals in enumerate(dep["chips"]) if vals)
                or _say(Message("no passengers"), lang))]
    parts = []
    for key, mult in zip(dep["cards"], dep["multipliers"]):
        if not is_carriage(key):
            continue
        base, _ = carriage_value(key)
        eff = effective_value(key, kind)
        txt = _html.escape(card_label(key, lang), quote=False)
        if eff != base:
            txt += f" ({_say(_KINDS[kind], lang)}: {signed(eff)})"
        if mult != 1:
            txt += f" ×{mult} ({_say(Message('Royal'), lang)})"
        parts.append(txt)
    steps.append(f"2. {_say(Message('Train value:'), lang)} {' + '.join(parts) or _say(Message('no carriages'), lang)}"
                 f" = <b>{signed(dep['value'])}</b>")
    pts = []
    for s, vals in enumerate(dep["chips"]):
        if vals:
            pts.append(f"{_html.escape(names[s], quote=False)}: ({' + '.join(map(str, vals))})"
                       f" × {signed(dep['value'])} = <b>{signed(dep['points'][s])}</b>")
    nobody = _say(Message("nobody had a chip on it"), lang)
    steps.append(f"3. {_say(Message('Points:'), lang)} " + ("; ".join(pts) or nobody))
    after = [b + p for b, p in zip(before, dep["points"])]
    moves = [f"{_html.escape(names[s], quote=False)} {before[s]} → <b>{after[s]}</b>"
             for s in range(len(before)) if dep["points"][s]]
    steps.append(f"4. {_say(Message('Scores:'), lang)} " + (", ".join(moves) or _say(Message("unchanged"), lang)))
    return steps
