"""Tiny Steam Rollers positions, drawn, for the rules notebook.

Each function draws one idea on the live sheet figure
(:class:`~railkit.viz.steam_rollers.sheet.SheetFigure`) or as a small HTML panel beside it:
the tracks of a seat, a region outlined, a delivery route lit up with its
distance, the completed connections that score, the engine boxes, the action
tiles (who holds them, upright or sideways) and the goods on the cities. Every
figure is drawn complete when it is made (nothing changes it from a later
cell), so it shows the same in a notebook, in JupyterLab and in a served page.

Seats are numbered from 0 in code and named from 1 on the page: seat 0 is
"Player 1", as in :func:`railkit.viz.shell.table.seat_names` and the game view.

>>> from railkit.games.steam_rollers import SteamRollers
>>> g = SteamRollers(players=2, seed=1)
>>> "strength <b>0</b>" in engine_html(g, 0)
True
>>> fig = draw(g, 0, title="Player 1's sheet")
>>> fig.figure.title.text
"Player 1's sheet"
"""

from __future__ import annotations

import html
from types import SimpleNamespace
from typing import Iterable, Mapping

import panel as pn

from railkit.core.i18n import Message, render
from railkit.games.steam_rollers import network as nw
from railkit.games.steam_rollers.actions import WORDS
from railkit.maps import hexes as hx
from railkit.viz.shell.reading import reader
from railkit.viz.shell.table import seat_name
from railkit.viz.steam_rollers.sheet import SheetFigure
from railkit.viz.steam_rollers.style import STRONG
from railkit.viz.steam_rollers.view import (END_REASON, ROUTE_COLOURS, connection_routes, good_chip, route_tracks,
                                            score_table, tile_text)

__all__ = ["TERMS", "draw", "delivery", "connections", "engine_html", "tiles_html", "supply_html", "score_html",
           "side_by_side", "engine_position", "first_index", "read"]

#: Steam Rollers' values in words (:func:`read`): the goods' and cities' colours, the track kinds,
#: the ends of a game
TERMS = {**WORDS, **END_REASON, "grey-dark": Message("dark grey"), "grey-light": Message("light grey")}

#: :func:`railkit.viz.shell.reading.read` with Steam Rollers' words: ``lessons.read(sheet.colours)``
read = reader(TERMS)


def _sheet_of(game_or_sheet):
    return getattr(game_or_sheet, "sheet", game_or_sheet)


def draw(game_or_sheet, seat: int | None = 0, *, tracks: Mapping | None = None, routes: Iterable = (),
         outline: Iterable = (), selected=None, crosses: Iterable = (), counts: Mapping | None = None,
         mountains: str | None = None, title: Message | str | None = None, width: int = 470, height: int = 400,
         name: str = "sheet") -> SheetFigure:
    """One sheet, drawn: ``seat``'s tracks (or ``tracks``), lit ``routes`` (``(tracks, colour,
    label)``), ``outline``\\ d hexes, Olivia's ``crosses`` and the game's mountains; titled with
    ``title`` (a message, in the notebook's language), else whose sheet it is.

    Returns the :class:`~railkit.viz.steam_rollers.sheet.SheetFigure`; show it with ``.pane``.
    """
    sheet = _sheet_of(game_or_sheet)
    game = game_or_sheet if sheet is not game_or_sheet else None
    fig = SheetFigure(sheet, choices=False, width=width, height=height, name=name)
    if tracks is None:
        tracks = game.ps[seat].tracks if game is not None and seat is not None else {}
    fig.set_tracks(tracks)
    if mountains is None:
        mountains = game.rules.mountains if game is not None else "none"
    fig.set_mountains(mountains)
    fig.set_outline(outline, selected)
    fig.set_routes(list(routes))
    if crosses or counts:
        fig.set_crosses(crosses, counts=counts)
    if title is None:
        title = (Message("Olivia's crosses") if crosses else Message("The sheet {name}", name=sheet.name)
                 if game is None or seat is None else Message("Your sheet") if getattr(game, "solo", False)
                 else Message("{name}'s sheet", name=_name(game, seat)))
    fig.set_title(render(title))
    return fig


def delivery(game_or_sheet, tracks: Mapping, source: int, dest: int, engine: int, **kw) -> SheetFigure:
    """The longest route from city ``source`` to city ``dest`` an ``engine`` allows, lit up
    on the sheet with its distance (the engine's own :func:`~railkit.games.steam_rollers.network.best_delivery`)."""
    sheet = _sheet_of(game_or_sheet)
    best = nw.best_delivery(sheet, tracks, source, [dest], engine)
    routes = []
    if best is None:
        title = Message("Engine {engine}: no route from city {a} to city {b}", engine=engine, a=source, b=dest)
    else:
        d, nodes, keys = best
        stops = " → ".join(render(Message("city {n}", n=n[1:]) if n.startswith("C") else Message("town {n}", n=n[1:]))
                           for n in nodes)
        title = Message("Engine {engine}: distance {d} ({stops})", engine=engine, d=d, stops=stops)
        routes = [(route_tracks(SimpleNamespace(sheet=sheet), tracks, nodes, keys), "#00c853",
                   render(Message("distance {d}", d=d)))]
    return draw(sheet, None, tracks=tracks, routes=routes, title=kw.pop("title", title), **kw)


def connections(game, seat: int = 0, tracks: Mapping | None = None, **kw) -> SheetFigure:
    """``seat``'s completed city-to-city connections lit up, each in its own colour and
    labelled with its points (1 plus 1 per town on it, SR-SCORE-NETWORK)."""
    sheet = _sheet_of(game)
    tracks = game.ps[seat].tracks if tracks is None else tracks
    routes = []
    total = 0
    holder = SimpleNamespace(sheet=sheet)
    for i, (a, b, towns, keys, nodes) in enumerate(connection_routes(holder, tracks)):
        pts = 1 + towns
        total += pts
        routes.append((route_tracks(holder, tracks, nodes, keys), ROUTE_COLOURS[i % len(ROUTE_COLOURS)],
                       f"{a[1:]}–{b[1:]}: {pts}"))
    title = kw.pop("title", Message("Network: {n} connection, {points} points",
                                    plural="Network: {n} connections, {points} points", n=len(routes), points=total))
    return draw(game, seat, tracks=tracks, routes=routes, title=title, **kw)


def side_by_side(*figs: SheetFigure) -> pn.Row:
    """Sheets next to each other (wrapping in a narrow notebook)."""
    return pn.FlexBox(*[f.pane for f in figs], flex_wrap="wrap")


def _box(text: str, on: bool, title: str = "") -> str:
    return (f"<span title='{html.escape(title)}' style='display:inline-block;width:26px;height:26px;line-height:26px;"
            f"margin:2px;border:2px solid #333;border-radius:4px;text-align:center;font-weight:bold;"
            f"background:{'#ffe082' if on else '#fff'}'>{text}</span>")


def engine_html(game, seat: int = 0) -> str:
    """The six engine boxes of ``seat`` (a crossed box shows ✗), the strength and the end bonus."""
    ps = game.ps[seat]
    boxes = "".join(_box(f"✗{v}" if v in ps.boxes else str(v), v in ps.boxes,
                         render(Message("crossed") if v in ps.boxes else Message("free"))) for v in range(1, 7))
    bonus = game.rules.engine_bonus[min(len(ps.boxes), 6)]
    said = Message("strength {strength} · end bonus {bonus}", strength=f"<b>{game.engine_strength(seat)}</b>",
                   bonus=f"<b>+{bonus}</b>")
    whose = Message("{name}'s engine", name=_name(game, seat))
    return (f"<div class='engine-boxes'><b>{html.escape(render(whose))}"
            f"</b><br>{boxes}<br>{render(said)} <span style='color:#666'>"
            f"{html.escape(render(Message('(4/5/6 crossed boxes: +1/+2/+3)')))}</span></div>")


def _name(game, seat: int):
    """A seat as the page names it: *you* in a solo game, else Player 1, Player 2, ..."""
    return Message("You") if getattr(game, "solo", False) else seat_name(game, seat)


def tiles_html(game) -> str:
    """The six action tiles: id, one-use ⚡ or permanent ∞, VP, who holds it, upright or sideways."""
    rows = []
    for n in range(1, 7):
        tid = game.tile_id[n]
        t = game.tile_defs[tid]
        holder = game.tile_holder[n]
        where = render(Message("centre") if holder is None else _name(game, holder))
        sideways = holder is not None and game.tile_sideways[n]
        side = render(Message("sideways") if sideways else Message("upright"))
        rows.append(f"<tr><td><b>{tid}</b></td><td>{'∞' if t.kind == 'permanent' else '⚡'}</td>"
                    f"<td>{t.vp:+d} {render(Message('VP'))}</td><td>{html.escape(where)}</td>"
                    f"<td style='{'font-style:italic;color:#b71c1c' if sideways else ''}'>{html.escape(side)}</td>"
                    f"<td style='color:#555'>{html.escape(render(tile_text(tid, t.text)))}</td></tr>")
    heads = "".join(f"<th>{html.escape(render(m))}</th>" if m else "<th></th>"
                    for m in (Message("tile"), None, Message("VP"), Message("held by"), Message("side"), Message("effect")))
    return f"<table class='action-tiles' style='font-size:12px'><tr>{heads}</tr>{''.join(rows)}</table>"


def supply_html(game) -> str:
    """The goods on each city, in line order; empty cities are marked."""
    rows = []
    for n in range(1, 7):
        col = game.sheet.colours[n]
        line = game.supply[n]
        chips = "".join(good_chip(x) for x in line) or f"<b style='color:#b71c1c'>{html.escape(render(Message('empty')))}</b>"
        rows.append(f"<tr><td><span style='display:inline-block;width:20px;height:20px;border-radius:10px;"
                    f"background:{STRONG.get(col, '#777')};color:{'#000' if col in ('yellow', 'grey-light') else '#fff'};"
                    f"text-align:center;font-weight:bold'>{n}</span></td><td>{chips}</td></tr>")
    empty = game.empty_cities()
    said = Message("empty: {n} of {end} that end the game", n=len(empty), end=game.rules.end_empty_cities)
    return (f"<div class='city-goods'><b>{html.escape(render(Message('Goods on the cities')))}</b> · "
            f"{html.escape(render(said))}<table style='font-size:12px'>{''.join(rows)}</table></div>")


def score_html(game) -> str:
    """The score of every seat by part (SR-SCORE-*), and Olivia's in solo, under who won
    once a solo game is over."""
    result, table = score_table(game, [render(_name(game, s)) for s in range(game.players)])
    return result + table


def engine_position(seed: int, boxes: int = 4, seat: int = 0, players: int = 2):
    """A game in which ``seat`` crossed an engine box with every die she drafted
    (the others pass) until ``boxes`` boxes are crossed, and then waits with a die
    on the table whose box is already crossed (for SR-ENGINE-BOX), if one comes up
    within a few rounds.

    >>> g = engine_position(1, boxes=3)
    >>> len(g.ps[0].boxes), g.current_player
    (3, 0)
    """
    from railkit.games.steam_rollers import SteamRollers

    g = SteamRollers(players=players, seed=seed)
    for _ in range(400):
        if g.is_over:
            break
        cur = g.current_player
        if cur == seat:
            crossed = g.ps[seat].boxes
            if len(crossed) >= boxes:
                if any(d in crossed for d in g.dice):
                    break
                free = [d for d in g.dice if d not in crossed]
                g.apply(f"draft {(free or g.dice)[0]} pass")
                continue
            free = [d for d in g.dice if d not in crossed]
            g.apply(f"draft {free[0]} engine" if free else f"draft {g.dice[0]} pass")
        else:
            g.apply(f"draft {g.dice[0]} pass")
    return g


def first_index(game, test) -> int | None:
    """The number of actions after which ``test(position)`` first holds in ``game``'s log
    (replayed from the start), or None."""
    pos = game.fresh()
    if test(pos):
        return 0
    for i, a in enumerate(game.log, 1):
        pos.apply(a)
        if test(pos):
            return i
    return None


def region_hexes(game_or_sheet, region: int) -> list:
    """The hexes of a region (to outline the drafted die's region)."""
    return list(_sheet_of(game_or_sheet).regions[region].hexes)


def track_text(tracks: Mapping) -> list[str]:
    """Tracks as ``hex kind a-b`` text (e.g. ``'2,-1 straight 0-3'``)."""
    return [f"{hx.format_hex(h)} {hx.track_kind(a, b)} {a}-{b}" for h, (a, b) in sorted(tracks.items())]
