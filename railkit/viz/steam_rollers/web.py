"""Steam Rollers in a page with no server (:mod:`railkit.viz.web.page`): the player's sheet
drawn as SVG from their observation, the dice, tiles and engine, and a move's steps (the die
→ what to do with it → the hex → the track).

Every hex of the sheet is a ``data-choice`` target named by its coordinates (``-4,0``), so a
build is chosen on the sheet itself; the dice are targets ``draft <n>``, the action tiles
``tile <n>``.

>>> from railkit.games import get_spec
>>> g = get_spec("steam-rollers").new_game(players=1, seed=2)
>>> steps(next(a for a in g.legal_actions() if " build " in str(a)))
['draft 2', 'build', '1,-4', 'sharp 0-1']
>>> svg = render(g.observe(0), g)
>>> "data-choice='1,-4'" in svg and "data-choice='draft 2'" in svg
True
"""

from __future__ import annotations

import math
import re
from html import escape

from railkit.core.game import Action, Game
from railkit.maps import hexes as hx
from railkit.maps import sheets
from railkit.viz.steam_rollers.style import GOOD_HEX, GOOD_LABEL, STRONG, TINT, TRACK_DARK

#: one hex's size in SVG units
SIZE = 30.0

#: ``draft 4``, ``draft 4 as 5``: the die taken, the first step of a turn
_DRAFT = re.compile(r"^(draft \d+(?: as \d+)?) (.+)$")
#: ``build -4,0 sharp 0-1`` (also after ``power track``): the hex, then the track
_BUILD = re.compile(r"^(build|power track) (-?\d+,-?\d+) (.+)$")


def steps(action: Action) -> list[str]:
    """A move's steps: the die, then what is done with it; a build names the hex, then the track."""
    text = str(action)
    out: list[str] = []
    m = _DRAFT.match(text)
    if m:
        out.append(m.group(1))
        text = m.group(2)
    b = _BUILD.match(text)
    if b:
        return out + [b.group(1), b.group(2), b.group(3)]
    return out + [text]


def _point(x: float, y: float) -> str:
    return f"{x:.1f},{y:.1f}"


def _edge_mid(cx: float, cy: float, edge: int) -> tuple[float, float]:
    dx, dy = hx.to_pixel(hx.DIRECTIONS[edge], SIZE)
    return cx + dx / 2, cy + dy / 2


def track_path(cx: float, cy: float, a: int, b: int) -> str:
    """An SVG path of a track joining edges ``a`` and ``b`` of the hex centred at (cx, cy): a
    straight line across, or a curve bending round the centre."""
    (px, py), (qx, qy) = _edge_mid(cx, cy, a), _edge_mid(cx, cy, b)
    return f"M{_point(px, py)} Q{_point(cx, cy)} {_point(qx, qy)}"


_SHEETS: dict[str, sheets.Sheet] = {}


def _sheet(name: str) -> sheets.Sheet:
    if name not in _SHEETS:
        _SHEETS[name] = sheets.load(name)
    return _SHEETS[name]


def render(obs: dict, game: Game) -> str:
    """The sheet with the player's tracks, then the dice, the action tiles and the engine."""
    sheet = _sheet(obs["sheet"])
    me = obs["seat"]
    mine = obs["players_view"][me] if me is not None else {}
    centres = {h: hx.to_pixel(h, SIZE) for h in sheet.hexes}
    xs = [x for x, _ in centres.values()]
    ys = [y for _, y in centres.values()]
    x0, y0 = min(xs) - SIZE * 1.2, min(ys) - SIZE * 1.2
    w, h = max(xs) - x0 + SIZE * 1.2, max(ys) - y0 + SIZE * 1.2
    parts = [f"<svg viewBox='{x0:.0f} {y0:.0f} {w:.0f} {h:.0f}' role='img' aria-label='your sheet'>"]
    crossed = {hx.parse_hex(k) for hexes in (obs.get("olivia") or {}).get("crossed_hexes", {}).values() for k in hexes}
    for hexa, (cx, cy) in sorted(centres.items()):
        region = sheet.region_of[hexa]
        name = hx.format_hex(hexa)
        corners = " ".join(_point(cx + SIZE * math.cos(math.radians(60 * k + 30)),
                                  cy + SIZE * math.sin(math.radians(60 * k + 30))) for k in range(6))
        what = (f"city {sheet.city_at[hexa]}" if hexa in sheet.city_at else
                f"town {sheet.town_at[hexa]}" if hexa in sheet.town_at else "")
        parts.append(f"<g class='hex' data-choice='{name}'><title>{name}: region {region} {what}</title>"
                     f"<polygon points='{corners}' fill='{TINT.get(sheet.colours[region], '#eee')}' "
                     f"stroke='#9e9e9e' stroke-width='1'/>")
        if hexa in sheet.city_at:
            parts.append(f"<circle cx='{cx:.1f}' cy='{cy:.1f}' r='{SIZE * 0.42:.1f}' "
                         f"fill='{STRONG.get(sheet.colours[sheet.city_at[hexa]], '#555')}' stroke='#222'/>"
                         f"<text x='{cx:.1f}' y='{cy + 5:.1f}' text-anchor='middle' font-size='15' "
                         f"font-weight='bold' fill='#fff'>{sheet.city_at[hexa]}</text>")
        elif hexa in sheet.town_at:
            parts.append(f"<rect x='{cx - 7:.1f}' y='{cy - 7:.1f}' width='14' height='14' fill='#fff' "
                         f"stroke='#222' stroke-width='2'/>")
        parts.append("</g>")
    for key, (a, b) in sorted(mine.get("tracks", {}).items()):
        cx, cy = hx.to_pixel(hx.parse_hex(key), SIZE)
        parts.append(f"<path d='{track_path(cx, cy, a, b)}' fill='none' stroke='{TRACK_DARK}' stroke-width='7' "
                     f"stroke-linecap='round' pointer-events='none'/>")
    for hexa in sorted(crossed & set(centres)):
        cx, cy = centres[hexa]
        parts.append(f"<text x='{cx:.1f}' y='{cy + 8:.1f}' text-anchor='middle' font-size='24' fill='#b71c1c' "
                     f"pointer-events='none'>✕</text>")
    parts.append("</svg>")
    return "<div class='sr'>" + "".join(parts) + _sidebar(obs, mine) + "</div>"


def _sidebar(obs: dict, mine: dict) -> str:
    dice = "".join(f"<span class='card die' data-choice='draft {d}' title='die {d}: build in region {d}'>{d}</span>"
                   for d in obs.get("dice", []))
    tiles = []
    for number, tile in sorted(obs.get("tiles", {}).items()):
        holder = tile.get("holder")
        taken = "" if holder is None else (" · yours" if holder == obs["seat"] else " · taken")
        tiles.append(f"<span class='card tile' data-choice='tile {number}'>{number}<small>{escape(tile['kind'])}"
                     f" · {tile['vp']:+d} VP{taken}</small></span>")
    supply = " ".join(f"{n}: " + " ".join(f"<b style='color:{GOOD_HEX.get(g, '#333')}'>{GOOD_LABEL.get(g, g)}</b>"
                                         for g in goods) for n, goods in sorted(obs.get("supply", {}).items()))
    olivia = obs.get("olivia")
    rows = [f"<h2>Dice (round {obs.get('round', '')})</h2><div class='cards'>{dice or 'none to draft'}</div>",
            f"<h2>Action tiles</h2><div class='cards'>{''.join(tiles)}</div>",
            f"<p>Engine {mine.get('engine', 0)} · deliveries {len(mine.get('deliveries', []))} · "
            f"score {mine.get('score', 0)}</p><p class='why'>Goods in the cities: {supply}</p>"]
    if olivia:
        rows.append(f"<p>Olivia ({escape(obs.get('difficulty', ''))}): score {olivia.get('score', 0)}</p>")
    return "<div class='side'>" + "".join(rows) + "</div>"
