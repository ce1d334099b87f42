"""Ticket to Ride in a page with no server (:mod:`railkit.viz.web.page`): the board as SVG
drawn from one seat's observation, and a move's steps (``claim`` → the route → the cards).

Every route is drawn as its cars (:func:`~railkit.viz.ticket_to_ride.geometry.route_geometry`),
a claimed one in its owner's colour; a route the player may claim now carries its id as
``data-choice``, so the page makes it clickable once "claim" is chosen. The face-up cards and
the deck are ``data-choice`` targets for "draw".

>>> from railkit.games import get_spec
>>> g = get_spec("ticket-to-ride").new_game(players=2, seed=1, map="teaching-small")
>>> steps(g.legal_actions()[0])
['keep tickets 1,2']
>>> svg = render(g.observe(0), g)
>>> svg.startswith("<div") and "data-choice='Harbor-Mill/1'" in svg
True
"""

from __future__ import annotations

from html import escape

from railkit.core.game import Action, Game
from railkit.maps import Map
from railkit.viz.ticket_to_ride.geometry import route_geometry
from railkit.viz.ticket_to_ride.style import CARD_HEX, CARD_TEXT, player_hex

#: the drawing's width in SVG units (it scales to the page)
WIDTH = 1000.0


def steps(action: Action) -> list[str]:
    """A move's steps: ``claim`` → the route's id → its cards; a draw → ``draw`` → what;
    tickets in one step."""
    text = str(action)
    route = getattr(action, "route", None)
    if text.startswith("claim ") and route:
        return ["claim", str(route), text[len("claim ") + len(str(route)) + 1:]]
    if text.startswith("draw "):
        return ["draw", text[len("draw "):]]
    return [text]


_LAYOUTS: dict[int, tuple[Map, tuple]] = {}


def _layout(m: Map) -> tuple[dict, dict, float, float]:
    """Screen positions of the cities, the routes' cars, and the drawing's size (worked out once
    per map)."""
    kept = _LAYOUTS.get(id(m))
    if kept is None or kept[0] is not m:
        if len(_LAYOUTS) > 8:
            _LAYOUTS.clear()
        kept = _LAYOUTS[id(m)] = (m, _work_out(m))
    return kept[1]


def _work_out(m: Map) -> tuple[dict, dict, float, float]:
    xs = [c.x for c in m.cities.values()]
    ys = [c.y for c in m.cities.values()]
    x0, x1, y0, y1 = min(xs), max(xs), min(ys), max(ys)
    pad = 0.06
    span = max(x1 - x0, y1 - y0, 1.0)
    scale = WIDTH / ((x1 - x0) * (1 + 2 * pad) or 1.0)
    height = (y1 - y0) * (1 + 2 * pad) * scale + 20
    label_room = 90.0  # names are written right of their dots

    def at(x: float, y: float) -> tuple[float, float]:  # the map's y grows northwards, the screen's down
        return (round((x - x0 + (x1 - x0) * pad) * scale, 1), round((y1 - y + (y1 - y0) * pad) * scale + 10, 1))

    cities = {name: at(c.x, c.y) for name, c in m.cities.items()}
    cars = {rid: [(*at(a, b), *at(c, d)) for a, b, c, d in geo["cars"]]
            for rid, geo in route_geometry(m, spacing=span * 0.012, margin=span * 0.014).items()}
    return cities, cars, WIDTH + label_room, round(height, 1)


def _car(x0: float, y0: float, x1: float, y1: float, fill: str, width: float) -> str:
    return (f"<line x1='{x0}' y1='{y0}' x2='{x1}' y2='{y1}' stroke='{fill}' stroke-width='{width}' "
            f"stroke-linecap='butt'/>")


def render(obs: dict, game: Game) -> str:
    """The board, the face-up cards, the player's hand and tickets, as HTML with an SVG map."""
    m = game.map
    cities, cars, width, height = _layout(m)
    owners = {rid: int(seat) for rid, seat in obs.get("claimed", {}).items()}
    parts = [f"<svg viewBox='0 0 {width} {height}' role='img' aria-label='the map: {len(m.routes)} routes'>"]
    for route in sorted(m.routes, key=lambda r: r.id):
        owner = owners.get(route.id)
        colour = player_hex(owner) if owner is not None else CARD_HEX.get(route.color, "#9e9e9e")
        title = f"{route.a} – {route.b}: {route.length} {route.color}" + (
            f", claimed by {obs['names'][owner]}" if owner is not None else "")
        parts.append(f"<g class='route{' claimed' if owner is not None else ''}' data-choice='{escape(route.id)}'>"
                     f"<title>{escape(title)}</title>")
        for x0, y0, x1, y1 in cars.get(route.id, []):
            parts.append(_car(x0, y0, x1, y1, "#263238", 11 if owner is not None else 9))
            parts.append(_car(x0, y0, x1, y1, colour, 8 if owner is not None else 6))
        parts.append("</g>")
    for name, (x, y) in sorted(cities.items()):
        parts.append(f"<g class='city'><circle cx='{x}' cy='{y}' r='6' fill='#fff' stroke='#263238' stroke-width='2'/>"
                     f"<text x='{x + 8}' y='{y - 6}' font-size='13' font-weight='bold' fill='#263238' "
                     f"paint-order='stroke' stroke='#fff' stroke-width='3'>{escape(name)}</text></g>")
    parts.append("</svg>")
    return "<div class='ttr'>" + "".join(parts) + _cards(obs) + "</div>"


def _card(colour: str, text: str, choice: str = "") -> str:
    attr = f" data-choice='{escape(choice)}'" if choice else ""
    return (f"<span class='card'{attr} style='background:{CARD_HEX.get(colour, '#eee')};"
            f"color:{CARD_TEXT.get(colour, '#000')}'>{escape(text)}</span>")


def _cards(obs: dict) -> str:
    """The face-up market and the deck (draw targets), the hand and the tickets."""
    market = [_card(c, c, f"faceup {i}") for i, c in enumerate(obs.get("faceup", []), start=1)]
    market.append(f"<span class='card' data-choice='deck' style='background:#37474f;color:#fff'>"
                  f"deck ({obs.get('deck_size', 0)})</span>")
    hand = [_card(c, f"{c} ×{n}") for c, n in obs.get("hand", {}).items() if n]
    tickets = obs.get("tickets", [])
    ticket_rows = "".join(f"<li>{escape(t['a'])} – {escape(t['b'])}: {t['points']}"
                          f"{' ✓ done' if t.get('done') else ''}</li>" for t in tickets)
    offered = "".join(f"<li>{i}. {escape(t['a'])} – {escape(t['b'])}: {t['points']}</li>"
                      for i, t in enumerate(obs.get("offered", []) or [], start=1))
    trains = obs.get("trains", obs.get("trains_left", [0])[obs.get("seat", 0)])
    out = [f"<h2>Cards to draw</h2><div class='cards'>{''.join(market)}</div>",
           f"<h2>Your hand · {trains} trains left</h2><div class='cards'>{''.join(hand) or 'no cards'}</div>"]
    if offered:
        out.append(f"<h2>Tickets offered (keep at least {obs.get('min_keep', 1)})</h2><ol class='offered'>{offered}</ol>")
    out.append(f"<h2>Your tickets</h2><ul class='tickets'>{ticket_rows or '<li>none yet</li>'}</ul>")
    return "".join(out)
