"""Colours shared by every game's screens (no UI imports here): colour distance, luminance,
the text colour that reads on a colour, a seat's colour from its game's palette, and short
distinct labels for seats.
"""

from __future__ import annotations

import math
from typing import Sequence

#: a seat's colour when its game declares no palette
NEUTRAL = "#616161"


def seat_colour(palette: Sequence[str], seat: int | None) -> str:
    """The screen colour of ``seat`` in a game's ``palette`` (its spec's ``palette``), cycled;
    neutral gray for no seat (a solo opponent) or an empty palette.

    >>> seat_colour(("#6a1b9a", "#00897b"), 3), seat_colour((), 0), seat_colour(("#6a1b9a",), None)
    ('#00897b', '#616161', '#616161')
    """
    if seat is None or not palette:
        return NEUTRAL
    return palette[seat % len(palette)]


def _lab(hex_colour: str) -> tuple[float, float, float]:
    h = hex_colour.lstrip("#")
    rgb = [int(h[i:i + 2], 16) / 255 for i in (0, 2, 4)]
    r, g, b = (c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in rgb)
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116

    fx, fy, fz = f(x), f(y), f(z)
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def colour_distance(a: str, b: str) -> float:
    """CIE76 colour difference (delta E in L*a*b*) of two ``#rrggbb`` colours; about 2.3
    is just noticeable, over 30 reads as a different colour.

    >>> colour_distance("#ffffff", "#ffffff")
    0.0
    >>> round(colour_distance("#000000", "#ffffff"))
    100
    """
    return math.dist(_lab(a), _lab(b))


def luminance(hex_colour: str) -> float:
    """Relative luminance (0 black .. 1 white) of ``#rrggbb``.

    >>> luminance("#ffffff"), luminance("#000000")
    (1.0, 0.0)
    """
    h = hex_colour.lstrip("#")
    r, g, b = ((c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4)
               for c in (int(h[i:i + 2], 16) / 255 for i in (0, 2, 4)))
    return round(0.2126 * r + 0.7152 * g + 0.0722 * b, 6)


def text_on(hex_colour: str) -> str:
    """Black or white, whichever reads better on ``hex_colour``.

    >>> text_on("#6a1b9a"), text_on("#69f0ae")
    ('#ffffff', '#000000')
    """
    return "#000000" if luminance(hex_colour) > 0.18 else "#ffffff"


def initials(names: Sequence[str]) -> list[str]:
    """Short distinct labels for seats (on claimed cars, on chips): a name of two or more
    words gives the first letters of two (a number whole: ``Player 2`` is ``P2``); a
    one-word name its first letter, longer where two would clash; identical labels give
    seat numbers.

    >>> initials(["Red", "Blue", "Green"])
    ['R', 'B', 'G']
    >>> initials(["Ann", "Alex", "Bo"])
    ['An', 'Al', 'B']
    >>> initials(["Player 1", "Player 2", "Ada Lovelace"])
    ['P1', 'P2', 'AL']
    """
    out = []
    for n in names:
        words = n.split()
        if len(words) >= 2:
            out.append((words[0][0] + (words[1] if words[1].isdigit() else words[1][0])).upper())
            continue
        k = 1
        while k < len(n) and sum(1 for m in names if m[:k].lower() == n[:k].lower()) > 1:
            k += 1
        out.append(n[:k].capitalize() if n else "?")
    if len(set(out)) < len(out):  # identical names: seat numbers
        out = [str(i + 1) for i in range(len(names))]
    return out


#: On a phone (a narrow or touch screen) every control is at least 44 px high and wide, the
#: size of a fingertip (WCAG 2.5.5); added to each widget's own style sheet (its shadow root)
TOUCH_CSS = """
@media (max-width: 600px), (pointer: coarse) {
  .bk-btn, select, input[type=text], input[type=number], input[type=password], input[type=file], textarea {
    min-height: 44px !important; min-width: 44px !important; }
  .bk-input-group > label, label.bk-checkbox, .bk-menu-item { min-height: 44px !important; display: inline-flex;
    align-items: center; }
  :host(.bk-Checkbox) { min-height: 44px !important; }  /* no display: a hidden one stays hidden */
  .bk-spin-btn { display: none !important; }  /* a number box's arrows: a phone has a number keyboard */
}
"""

#: On a phone a tooltip (Bokeh lays it on the page's body, fixed beside what it explains, its
#: middle at the control's) spans the screen's width just under the control instead of running
#: past the right edge, and lets taps through to the controls it covers
PHONE_TOOLTIPS = """
@media (max-width: 600px) {
  .bk-Tooltip { left: 8px !important; right: 8px !important; max-width: calc(100vw - 16px) !important;
    transform: translateY(calc(50% + 26px)); pointer-events: none; }
}
"""

#: The page's head declares its width as the device's: a phone then lays it out at 390 px and
#: does not zoom out to a 980 px desktop page; it also holds :data:`PHONE_TOOLTIPS` (a Jinja
#: template's blocks: Panel extends its own page with them)
PHONE_TEMPLATE = ("""{% block inner_head %}<meta name="viewport" content="width=device-width, initial-scale=1">"""
                  f"<style>{PHONE_TOOLTIPS}</style>" + """{{ super() }}{% endblock %}
""")

#: On a narrow screen (a phone) a row of a board and its side columns stacks them, the side
#: columns under the board (a Panel ``Row``'s style sheet; its items then take their own
#: height, not the width a row gave them)
STACK_CSS = """
@media (max-width: 600px) {
  :host { flex-direction: column !important; flex-wrap: nowrap !important; }
  div { flex: 0 0 auto !important; }
}
"""

#: a fixed-width part of the page no wider than a phone's screen (its own style sheet)
FIT_WIDTH = ":host{min-width:0 !important;max-width:calc(100vw - 30px)}"
#: a button whose label may be a sentence: one line when it fits, else it wraps (left-aligned)
#: and the button grows to hold the lines; the part holding it follows (:data:`AUTO_HEIGHT`)
WRAP_BUTTON = (":host{height:auto !important} .bk-btn{white-space:normal;height:auto;min-height:30px;"
               "text-align:left;line-height:1.2;padding-top:4px;padding-bottom:4px}")
#: a part whose rows are shown and hidden as the game goes: as high as what it shows now, in
#: the page's flow (a height the layout worked out earlier would let what follows be drawn
#: over its newly shown rows)
AUTO_HEIGHT = ":host{height:auto !important}"
#: a fixed-width text no wider than a phone's screen, its text wrapping within it
FIT_TEXT = FIT_WIDTH + " div{max-width:100%;min-width:0 !important}"
#: links a finger can hit on a phone (a narrow or touch screen): 44 px high, like every control
TOUCH_LINKS = "@media (max-width: 600px), (pointer: coarse) {a{display:inline-block;min-height:44px;min-width:44px;line-height:44px;text-align:center}}"
