"""The algorithm player: step through a graph algorithm on the game's own map.

:class:`AlgoPlayer` shows a :class:`railkit.graphs.steps.Trace` on a board
(cities and routes coloured, shaped and dashed by state, one legend for every
lesson), with step back / step / play-pause / speed / a frame slider, reset
with a new seed or start city, the pseudocode with the current line
highlighted, the data structure drawn live and the narration. "Predict the next
step" grades clicks on the board (:class:`railkit.graphs.quiz.Predictor`).

:class:`QuestionBankView` asks seeded questions and checks answers at once;
:class:`CheckerView` runs a student's function against railkit's and draws the
first instance where they differ. :func:`graph_lab_app` is the page served for
the projector.

>>> p = AlgoPlayer(algorithm="dijkstra", map="teaching-small", seed=1)
>>> p.index, len(p.trace) > 5
(0, True)
>>> p.step(); p.index
1
>>> p.nodes_src.data["state"][p.node_index[p.trace[1].pick]]
'current'
"""

from __future__ import annotations

import dataclasses
import html
import math
import random
from types import MappingProxyType
from typing import Any, Callable

import networkx as nx
import panel as pn
import param
from bokeh.events import DoubleTap, Press, Tap
from bokeh.models import Arrow, ColumnDataSource, HoverTool, VeeHead
from bokeh.plotting import figure

from railkit.graphs import quiz, steps
from railkit.graphs.instances import euler_network, grow_network, random_map
from railkit.maps import load
from railkit.viz.shell.games import served_games, viz_of
from railkit.core import i18n
from railkit.core.i18n import Message, translate, word
from railkit.viz.shell.style import TOUCH_LINKS
from railkit.viz.shell.view import FIT_TEXT, FIT_WIDTH, page_language, served
from railkit.viz.shell.words import relabel, translated



def heading(text: str):
    """A small heading (no anchor link beside it: a target too small for a finger)."""
    return pn.pane.Markdown(f"#### {text}", disable_anchors=True)


#: tabs a finger can hit on a phone (a narrow or touch screen): 44 px high, like every control
TOUCH_TABS = "@media (max-width: 600px), (pointer: coarse) { .bk-tab { min-height: 44px; display: flex; align-items: center; } }"

#: a row of controls that wraps onto a second line when the screen is too narrow (a phone)
WRAP = ":host{flex-wrap:wrap}"

#: One legend for every lesson: colour (Okabe–Ito, safe for colour-blind readers),
#: plus a city marker and a route dash pattern per state, so no state relies on colour alone.
LEGEND: dict[str, dict[str, Any]] = {
    "unexplored": dict(color="#b8b8b8", marker="circle", dash="solid", width=3, size=11,
                       text=word("not looked at yet")),
    "frontier": dict(color="#E69F00", marker="diamond", dash="dashed", width=5, size=16,
                     text=word("found, waiting its turn")),
    "current": dict(color="#D55E00", marker="star", dash="solid", width=9, size=22, text=word("this step")),
    "explored": dict(color="#0072B2", marker="square", dash="solid", width=5, size=13, text=word("done")),
    "solution": dict(color="#009E73", marker="hex", dash="solid", width=10, size=18, text=word("in the answer")),
    "rejected": dict(color="#CC79A7", marker="x", dash="dotted", width=4, size=14, text=word("skipped or replaced")),
    "blocked": dict(color="#222222", marker="square_x", dash="dashdot", width=3, size=13,
                    text=word("taken by others")),
}
assert set(LEGEND) == set(steps.STATES)
#: each state's name as the legend shows it (a message id: translated where it is shown)
STATE_NAMES = {"unexplored": word("unexplored"), "frontier": word("frontier"), "current": word("current"),
               "explored": word("explored"), "solution": word("solution"), "rejected": word("rejected"),
               "blocked": word("blocked")}
assert set(STATE_NAMES) == set(steps.STATES)



def _game_lessons() -> dict[str, tuple[str, Callable]]:
    """The lessons the games add (``GRAPH_LESSONS`` of a game's view package):
    algorithm -> (question, ``scenario(seed, start)`` giving the graph, the trace, a title
    and the start city used, as :func:`scenario` does)."""
    out: dict[str, tuple[str, Callable]] = {}
    for game in served_games():
        out.update(getattr(viz_of(game), "GRAPH_LESSONS", {}))
    return out


#: The lessons on a game's own board (a sheet after a seeded game, say), from the games.
GAME_LESSONS = _game_lessons()

#: The algorithms the player can run, with a one-line question each lesson asks (message ids:
#: shown in the reader's language).
ALGORITHMS = {
    "bfs": word("Breadth-first search: can the ticket still be completed with these routes taken?"),
    "dfs": word("Depth-first search: the same question, exploring deep first."),
    "dijkstra": word("Dijkstra: the fewest trains for the ticket."),
    "astar": word("A*: the same trip, guided by the straight-line distance."),
    "prim": word("Prim: grow a minimum spanning tree from one city."),
    "kruskal": word("Kruskal: shortest routes first, skipping cycles (union–find)."),
    "hierholzer": word("Hierholzer: walk every route of the network exactly once."),
    "longest_trail": word("Longest trail: exact branch and bound on a player's network."),
    "greedy_trail": word("Greedy trail: a plausible heuristic. Can you break it?"),
    "max_flow": word("Max flow / min cut: how many routes cut the two cities apart?"),
    "steiner_forest": word("Steiner forest: the fewest trains that complete a hand."),
    **{name: question for name, (question, _) in GAME_LESSONS.items()},
}
MAPS = ("usa", "teaching-small", "random")

#: How the pickers show an algorithm, a map, a feedback mode or a question level: the names the
#: code uses are shown as they are where they are names (bfs, dijkstra, ...), else as words
#: of the reader's language (message ids, English as the code spells them).
CHOICE_WORDS = {
    "longest_trail": word("longest_trail"), "greedy_trail": word("greedy_trail"), "max_flow": word("max_flow"),
    "steiner_forest": word("steiner_forest"), "bounded_longest_path": word("bounded_longest_path"),
    "usa": word("usa"), "teaching-small": word("teaching-small"), "random": word("random"), "custom": word("custom"),
    "tell-and-fix": word("tell-and-fix"), "tell-only": word("tell-only"), "grade-at-end": word("grade-at-end"),
    "small": word("small"), "full": word("full"), "blocked": word("blocked"),
}


def choices(names, lang: str | None = None) -> dict[str, str]:
    """``{label: name}`` for a picker of ``names`` in ``lang`` (see :data:`CHOICE_WORDS`).

    >>> choices(["bfs", "max_flow"], "de")
    {'bfs': 'bfs', 'max. Fluss': 'max_flow'}
    """
    return {translated(CHOICE_WORDS.get(n, n), lang): n for n in names}


def _label(x) -> str:
    if isinstance(x, tuple) and len(x) == 3:
        return str(x[2]) if isinstance(x[2], str) else f"{x[0]}–{x[1]}"
    return str(x)


#: the algorithms that run between two cities (a start and a target)
TRIPS = ("bfs", "dfs", "dijkstra", "astar", "max_flow")


def scenario(algorithm: str, map: str = "usa", seed: int = 0, start: str | None = None,
             target: str | None = None):
    """:func:`scenario_message` with the title in English."""
    G, trace, title, start = scenario_message(algorithm, map, seed, start, target)
    return G, trace, str(title), start


def scenario_message(algorithm: str, map: str = "usa", seed: int = 0, start: str | None = None,
                     target: str | None = None):
    """The graph, trace, a title (a message) and the start city for ``algorithm`` on ``map`` (``usa``,
    ``teaching-small``, ``random`` or a :class:`~railkit.maps.Map`, such as one made
    with the map editor; a game's own lesson, :data:`GAME_LESSONS`, uses its own board), an
    instance chosen by ``seed`` and, where it applies, ``start``.

    The start city returned is the one the run starts from: ``start`` if it can be, else the
    instance's own (the seed's ticket); None for an algorithm without one (Kruskal, say).
    ``target`` likewise for the algorithms of :data:`TRIPS`. The seed's ticket is the same for
    every algorithm, so Dijkstra and A* run the same trip.

    >>> G, trace, title, start = scenario("bfs", "teaching-small", 2)
    >>> trace.algorithm, "Ticket" in title, title.startswith(f"Ticket {start}–")
    ('bfs', True, True)
    >>> scenario("kruskal", "teaching-small", 2)[3] is None
    True
    >>> scenario("dijkstra", "usa", 0)[1].result[1][-1] == scenario("astar", "usa", 0)[1].result[1][-1]
    True
    """
    if algorithm not in ALGORITHMS:
        raise ValueError(f"algorithm must be one of {', '.join(ALGORITHMS)}, not {algorithm!r}")
    rng = random.Random(f"{algorithm}/{map}/{seed}")
    # the same map and ticket for every algorithm (Dijkstra's, as they always were)
    trip = random.Random(f"dijkstra/{map if isinstance(map, str) else getattr(map, 'name', map)}/{seed}")
    if algorithm in GAME_LESSONS:
        return GAME_LESSONS[algorithm][1](seed, start)
    if not isinstance(map, str):  # a Map object (an edited map, say)
        m = map
        G = m.graph()
        tickets = [(t.a, t.b) for t in m.deck()] or [tuple(sorted(G)[:2])]
        trip.shuffle(tickets)
    elif map == "random":
        G = random_map(trip, n=(6, 10))
        tickets = [tuple(trip.sample(sorted(G), 2)) for _ in range(4)]
        m = None
    else:
        m = load(map)
        G = m.graph()
        tickets = [(t.a, t.b) for t in m.deck()]
        trip.shuffle(tickets)
    a, b = tickets[0]
    if start is not None and start in G:
        a = start if start != b else a
    if target is not None and target in G and target != a and algorithm in TRIPS:
        b = target
    ids = [k for _, _, k in G.edges(keys=True)]
    if algorithm in ("bfs", "dfs"):
        near = sorted({k for _, _, k in G.edges(b, keys=True)})
        blocked = sorted(set(rng.sample(near, max(1, len(near) - 1))) | set(rng.sample(ids, len(ids) // 12)))
        tr = (steps.bfs if algorithm == "bfs" else steps.dfs)(G, a, b, blocked=blocked)
        return G, _to(tr, b), Message("Ticket {a}–{b} with {n} routes taken by others", a=a, b=b, n=len(blocked)), a
    if algorithm in ("dijkstra", "astar"):
        tr = (steps.dijkstra if algorithm == "dijkstra" else steps.astar)(G, a, b)
        return G, _to(tr, b), Message("Ticket {a}–{b}: the fewest trains", a=a, b=b), a
    if algorithm == "prim":
        return G, steps.prim(G, a), Message("Minimum spanning tree grown from {city}", city=a), a
    if algorithm == "kruskal":
        return G, steps.kruskal(G), Message("Minimum spanning tree, shortest routes first"), None
    if algorithm == "hierholzer":
        H = euler_network(G, rng, max_edges=30)
        return H, steps.hierholzer(H), Message("A network with an Euler trail ({n} routes)", n=H.number_of_edges()), None
    if algorithm in ("longest_trail", "greedy_trail"):
        H = grow_network(m, rng) if m is not None else G
        fn = steps.longest_trail if algorithm == "longest_trail" else steps.greedy_trail
        return H, fn(H), Message("A player's network ({n} routes)", n=H.number_of_edges()), None
    if algorithm == "max_flow":
        if m is None:  # a random graph: every route is a route
            return G, _to(steps.max_flow(G, a, b), b), Message("Cut {a} from {b}", a=a, b=b), a
        # a game map, by its rules: with 2 players one claim closes both tracks of a double route
        return (G, _to(steps.max_flow(G, a, b, doubles="one-claim"), b),
                Message("Cut {a} from {b} in a 2-player game (a double route is one claim)", a=a, b=b), a)
    hand = tickets[:3]
    return (G, steps.steiner_forest(G, hand), Message("Hand: {tickets}", tickets=", ".join(f"{x}–{y}" for x, y in hand)),
            None)


def _to(trace, target):
    """``trace`` with the city its trip goes to in its ``stats`` (the target picker shows it)."""
    return dataclasses.replace(trace, stats=MappingProxyType({**trace.stats, "target": target}))


def _trip_target(trace) -> str | None:
    """The city a trip's run goes to (:func:`_to`)."""
    return trace.stats.get("target")


def graph_geometry(G, gap: float | None = None):
    """Node positions and one straight line per edge (parallel edges side by side):
    ``(pos, {edge: (xs, ys)})``. Nodes without ``pos`` get a seeded spring layout."""
    pos = nx.get_node_attributes(G, "pos")
    if len(pos) < len(G):
        pos = {n: tuple(p) for n, p in nx.spring_layout(G, seed=1).items()}
    xs = [p[0] for p in pos.values()] or [0]
    ys = [p[1] for p in pos.values()] or [0]
    diag = math.hypot(max(xs) - min(xs), max(ys) - min(ys)) or 1.0
    gap = diag * 0.012 if gap is None else gap
    by_pair: dict = {}
    for e in G.edges(keys=True):
        by_pair.setdefault(frozenset(e[:2]), []).append(e)
    lines = {}
    for pair, es in by_pair.items():
        for i, (u, v, k) in enumerate(sorted(es, key=lambda e: str(e[2]))):
            (ax, ay), (bx, by) = pos[u], pos[v]
            d = math.hypot(bx - ax, by - ay) or 1.0
            nx_, ny_ = -(by - ay) / d, (bx - ax) / d
            off = (i - (len(es) - 1) / 2) * gap
            lines[(u, v, k)] = ([ax + nx_ * off, bx + nx_ * off], [ay + ny_ * off, by + ny_ * off])
    return pos, lines


class GraphView:
    """A Bokeh figure of a graph whose cities and routes show a state each (see :data:`LEGEND`)."""

    def __init__(self, G, width: int = 760, height: int = 480, name: str = "algo_board", title: str = "",
                 text_scale: float = 1.0, lang: str | None = None):
        self.G = G
        self.lang = lang  # of the hover tool's words
        pos, lines = graph_geometry(G)
        self.pos, self.lines = pos, lines
        self.edge_ids = list(lines)
        self.edge_index = {e: i for i, e in enumerate(self.edge_ids)}
        for (u, v, k), i in list(self.edge_index.items()):
            self.edge_index[(v, u, k)] = i
        self.node_ids = list(G.nodes)
        self.node_index = {n: i for i, n in enumerate(self.node_ids)}
        st = LEGEND["unexplored"]
        length = [G.edges[e].get("length", 1) for e in self.edge_ids]
        self.edges_src = ColumnDataSource(dict(
            xs=[lines[e][0] for e in self.edge_ids], ys=[lines[e][1] for e in self.edge_ids],
            id=[_label(e) for e in self.edge_ids], length=length, state=["unexplored"] * len(self.edge_ids),
            state_name=[translate(STATE_NAMES["unexplored"], lang)] * len(self.edge_ids), color=[st["color"]] * len(self.edge_ids), width=[st["width"]] * len(self.edge_ids),
            dash=[st["dash"]] * len(self.edge_ids)), name=f"{name}_edges")
        self.nodes_src = ColumnDataSource(dict(
            x=[pos[n][0] for n in self.node_ids], y=[pos[n][1] for n in self.node_ids],
            name=[str(n) for n in self.node_ids], state=["unexplored"] * len(self.node_ids),
            color=[st["color"]] * len(self.node_ids), marker=[st["marker"]] * len(self.node_ids),
            size=[st["size"]] * len(self.node_ids)), name=f"{name}_nodes")
        xs = [p[0] for p in pos.values()] or [0, 1]
        ys = [p[1] for p in pos.values()] or [0, 1]
        padx = (max(xs) - min(xs)) * 0.08 or 1
        pady = (max(ys) - min(ys)) * 0.1 or 1
        fig = figure(width=width, height=height, match_aspect=True, name=name, title=title,
                     x_range=(min(xs) - padx, max(xs) + padx * 1.6), y_range=(min(ys) - pady, max(ys) + pady),
                     tools="pan,wheel_zoom,reset", toolbar_location="right")
        fig.axis.visible = False
        fig.grid.visible = False
        fig.background_fill_color = "#f7f4ec"
        fig.outline_line_color = None
        er = fig.multi_line("xs", "ys", source=self.edges_src, line_color="color", line_width="width",
                            line_dash="dash", line_cap="butt", name=f"{name}_edge_lines")
        pairs: dict = {}
        for e, w in zip(self.edge_ids, length):
            pairs.setdefault(frozenset(e[:2]), (e, []))[1].append(w)
        lx = [(pos[e[0]][0] + pos[e[1]][0]) / 2 for e, _ in pairs.values()]
        ly = [(pos[e[0]][1] + pos[e[1]][1]) / 2 for e, _ in pairs.values()]
        lt = ["/".join(str(w) for w in sorted(set(ws))) for _, ws in pairs.values()]
        fig.text(x=lx, y=ly, text=lt, text_font_size=f"{8 * text_scale:g}pt", text_color="#444444", text_align="center",
                 text_baseline="middle", background_fill_color="#f7f4ec", background_fill_alpha=0.85,
                 name=f"{name}_lengths")
        # max flow: an arrow on each route carrying flow, in its direction; black when full
        # (in the residual graph it can then only carry flow back)
        self.arrows_src = ColumnDataSource(dict(x0=[], y0=[], x1=[], y1=[], color=[], route=[], flow=[]),
                                           name=f"{name}_flow")
        fig.add_layout(Arrow(end=VeeHead(size=11, fill_color="color", line_color="color"), source=self.arrows_src,
                             x_start="x0", y_start="y0", x_end="x1", y_end="y1", line_color="color",
                             line_width=3, name=f"{name}_flow_arrows"))
        fig.scatter("x", "y", source=self.nodes_src, marker="marker", size="size", fill_color="color",
                    line_color="#333333", line_width=1.5, name=f"{name}_node_marks")
        fig.text("x", "y", text="name", source=self.nodes_src, text_font_size=f"{9 * text_scale:g}pt",
                 x_offset=9 * text_scale, y_offset=-3 * text_scale,
                 text_color="#1a1a1a", text_font_style="bold", name=f"{name}_labels")
        self.hover = HoverTool(renderers=[er], line_policy="interp", tooltips=self._tooltips())
        fig.add_tools(self.hover)
        self.figure = fig
        fig.toolbar.logo = None  # a link too small for a finger, and off to another site
        # at most ``width`` wide, narrower on a narrower screen (a phone), at the same aspect ratio
        fig.update(sizing_mode="scale_width", max_width=width, aspect_ratio=width / height)
        self.pane = pn.pane.Bokeh(fig, sizing_mode="scale_width", max_width=width, aspect_ratio=width / height)

    def _tooltips(self) -> list[tuple[str, str]]:
        return [(translate(word("route"), self.lang), "@id"), (translate(word("length"), self.lang), "@length"),
                (translate(word("state"), self.lang), "@state_name")]

    def set_language(self, lang: str) -> None:
        """The hover tool's words in ``lang`` from now on."""
        self.lang = lang
        self.hover.tooltips = self._tooltips()
        self.edges_src.patch({"state_name": [(i, translate(STATE_NAMES[s], lang))
                                             for i, s in enumerate(self.edges_src.data["state"])]})

    def show(self, nodes, edges, arrows=()) -> int:
        """Show states (mappings; missing: unexplored) and a frame's flow ``arrows``
        (:attr:`railkit.graphs.steps.Frame.arrows`); patch only the rows that changed.
        Returns the number of rows changed."""
        self.show_flow(arrows)
        npatch: dict[str, list] = {"state": [], "color": [], "marker": [], "size": []}
        for i, n in enumerate(self.node_ids):
            s = nodes.get(n, "unexplored")
            if self.nodes_src.data["state"][i] != s:
                lg = LEGEND[s]
                npatch["state"].append((i, s)); npatch["color"].append((i, lg["color"]))
                npatch["marker"].append((i, lg["marker"])); npatch["size"].append((i, lg["size"]))
        epatch: dict[str, list] = {"state": [], "state_name": [], "color": [], "width": [], "dash": []}
        for i, e in enumerate(self.edge_ids):
            s = edges.get(e, "unexplored")
            if self.edges_src.data["state"][i] != s:
                lg = LEGEND[s]
                epatch["state"].append((i, s)); epatch["color"].append((i, lg["color"]))
                epatch["state_name"].append((i, translate(STATE_NAMES[s], self.lang)))
                epatch["width"].append((i, lg["width"])); epatch["dash"].append((i, lg["dash"]))
        if npatch["state"]:
            self.nodes_src.patch(npatch)
        if epatch["state"]:
            self.edges_src.patch(epatch)
        return len(npatch["state"]) + len(epatch["state"])

    def show_flow(self, arrows) -> None:
        """Draw ``(u, v, edge, flow, capacity)`` as an arrow from ``u`` towards ``v`` over the
        middle of the route's line: sky blue while it has room, black once full (:data:`FLOW_LEGEND`)."""
        data: dict[str, list] = {k: [] for k in ("x0", "y0", "x1", "y1", "color", "route", "flow")}
        for u, v, e, f, c in arrows:
            (ax, bx), (ay, by) = self.lines[e]
            if str(e[0]) != str(u):  # the line is drawn from e[0]: the flow runs the other way
                ax, bx, ay, by = bx, ax, by, ay
            data["x0"].append(ax + 0.25 * (bx - ax)); data["y0"].append(ay + 0.25 * (by - ay))
            data["x1"].append(ax + 0.7 * (bx - ax)); data["y1"].append(ay + 0.7 * (by - ay))
            data["color"].append(FLOW_LEGEND[1][0] if f >= c else FLOW_LEGEND[0][0])
            data["route"].append(_label(e)); data["flow"].append(f"{steps._fmt(f)}/{steps._fmt(c)} {u}→{v}")
        if data["route"] != list(self.arrows_src.data["route"]) or data["flow"] != list(self.arrows_src.data["flow"]):
            self.arrows_src.data = data

    def item_at(self, x: float, y: float, node_px: float = 14.0, edge_px: float = 10.0):
        """The city (preferred) or route nearest the data point ``(x, y)``, within a few pixels."""
        fig = self.figure
        try:
            w, h = fig.inner_width, fig.inner_height
        except Exception:  # not rendered yet
            w = h = None
        w, h = (w or fig.width - 40), (h or fig.height - 40)
        sx = (fig.x_range.end - fig.x_range.start) / max(w, 1)
        sy = (fig.y_range.end - fig.y_range.start) / max(h, 1)
        best = None
        for n in self.node_ids:
            d = math.hypot((x - self.pos[n][0]) / sx, (y - self.pos[n][1]) / sy)
            if d <= node_px and (best is None or d < best[0]):
                best = (d, n)
        if best:
            return best[1]
        for e in self.edge_ids:
            (x0, x1), (y0, y1) = self.lines[e]
            px, py, dx, dy = (x - x0) / sx, (y - y0) / sy, (x1 - x0) / sx, (y1 - y0) / sy
            t = min(1.0, max(0.0, (px * dx + py * dy) / (dx * dx + dy * dy or 1.0)))
            d = math.hypot(px - t * dx, py - t * dy)
            if d <= edge_px and (best is None or d < best[0]):
                best = (d, e)
        return None if best is None else best[1]


#: the player's board on a projector: 1200 of a 1920-pixel screen's width, labels half as big again
PROJECTOR_SIZE = (1200, 700)
PROJECTOR_TEXT = 1.5

FLOW_LEGEND = (("#56B4E9", word("flow on the route, in its direction (room left)")),
               ("#222222", word("full: in the residual graph it can only carry flow back")))


def legend_html(flow: bool = False, lang: str | None = None) -> str:
    """The one legend: a swatch per state with its marker shape and dash pattern (inline SVG);
    with ``flow``, the max-flow arrows too; its words in ``lang`` (default: the current language)."""
    shapes = {
        "circle": '<circle cx="9" cy="9" r="6"/>', "diamond": '<polygon points="9,1 17,9 9,17 1,9"/>',
        "star": '<polygon points="9,1 11,7 17,7 12,11 14,17 9,13 4,17 6,11 1,7 7,7"/>',
        "square": '<rect x="3" y="3" width="12" height="12"/>',
        "hex": '<polygon points="9,1 16,5 16,13 9,17 2,13 2,5"/>',
        "x": '<path d="M3 3 L15 15 M15 3 L3 15" stroke-width="3"/>',
        "square_x": '<rect x="3" y="3" width="12" height="12"/><path d="M3 3 L15 15 M15 3 L3 15" stroke="#fff"/>',
    }
    dashes = {"solid": "", "dashed": "6,4", "dotted": "2,3", "dashdot": "6,3,2,3"}
    items = []
    for s, lg in LEGEND.items():
        shape = shapes[lg["marker"]]
        stroke = f'stroke="{lg["color"]}"' if lg["marker"] == "x" else 'stroke="#333"'
        items.append(
            f'<span class="legend-item" data-state="{s}" style="display:inline-flex;align-items:center;'
            f'margin:2px 10px 2px 0;font-size:12px">'
            f'<svg width="18" height="18" fill="{lg["color"]}" {stroke}>{shape}</svg>'
            f'<svg width="34" height="10"><line x1="1" y1="5" x2="33" y2="5" stroke="{lg["color"]}" '
            f'stroke-width="4" stroke-dasharray="{dashes[lg["dash"]]}"/></svg>'
            f'&nbsp;<b>{html.escape(translate(STATE_NAMES[s], lang))}</b>&nbsp;'
            f'<span style="color:#555">{html.escape(translate(lg["text"], lang))}</span></span>')
    for colour, text in FLOW_LEGEND if flow else ():
        items.append(
            f'<span class="legend-item flow-arrow" style="display:inline-flex;align-items:center;'
            f'margin:2px 10px 2px 0;font-size:12px"><svg width="34" height="12"><line x1="1" y1="6" x2="26" y2="6" '
            f'stroke="{colour}" stroke-width="3"/><polygon points="24,1 33,6 24,11" fill="{colour}"/></svg>'
            f'&nbsp;<span style="color:#555">{html.escape(translate(text, lang))}</span></span>')
    return '<div class="algo-legend">' + "".join(items) + "</div>"


def pseudocode_html(code, line: int, lang: str | None = None) -> str:
    """The pseudocode, line ``line`` highlighted, in ``lang`` (its lines are message ids)."""
    rows = []
    for i, text in enumerate(code):
        text = translated(text, lang)
        cur = i == line
        style = ("background:#ffe08a;border-left:4px solid #D55E00;font-weight:bold" if cur else
                 "border-left:4px solid transparent")
        rows.append(f'<div class="code-line{" current" if cur else ""}" data-line="{i}" style="{style};'
                    f'padding:1px 6px;white-space:pre-wrap;text-indent:-2em;padding-left:2.4em">{"▶ " if cur else "  "}{html.escape(text)}</div>')
    return '<div class="algo-code" style="font-family:monospace;font-size:12px">' + "".join(rows) + "</div>"


def structure_html(data, lang: str | None = None) -> str:
    """The frame's data structures, drawn as rows of boxes (queue, stack, tables), their names
    in ``lang``."""
    out = []
    for name, items in data.items():
        boxes = []
        for x in list(items)[:40]:
            if isinstance(x, tuple):
                text = ": ".join(steps._fmt(v) if isinstance(v, (int, float)) else str(v) for v in x)
            else:
                text = steps._fmt(x) if isinstance(x, (int, float)) else str(x)
            boxes.append(f'<span style="display:inline-block;border:1px solid #0072B2;border-radius:3px;'
                         f'padding:1px 5px;margin:2px;background:#eef5fb;font-size:12px">{html.escape(text)}</span>')
        more = (f' <i>{html.escape(Message("… {n} more", n=len(items) - 40).render(lang))}</i>'
                if len(items) > 40 else "")
        empty = f'<i style="color:#777">{html.escape(translate(word("empty"), lang))}</i>' if not items else ""
        out.append(f'<div class="ds" data-name="{html.escape(name)}"><b>{html.escape(translated(name, lang))}</b> '
                   f'({len(items)}): {"".join(boxes)}{empty}{more}</div>')
    return "".join(out) or (f'<i style="color:#777">'
                            f'{html.escape(translate(word("no data structure in this step"), lang))}</i>')


class AlgoPlayer(pn.viewable.Viewer):
    """Step through an algorithm's trace on a board, or predict its next step.

    Parameters
    ----------
    algorithm : str
        One of :data:`ALGORITHMS`.
    map : str
        ``usa``, ``teaching-small`` or ``random`` (a seeded small map).
    seed : int
        Picks the instance (ticket, blocked routes, network, hand).
    start : str, optional
        The start city where the algorithm has one (empty: the instance's own, the seed's
        ticket). The start city picker shows where the run on screen starts.
    custom : Map, optional
        A map of your own (from the map editor): offered as the map ``custom`` and shown first.
    lang : str, optional
        The language of its words (default: the page's, :func:`~railkit.viz.shell.view.page_language`);
        :meth:`set_language` changes it.
    """

    algorithm = param.Selector(default="dijkstra", objects=list(ALGORITHMS))
    map = param.Selector(default="usa", objects=list(MAPS) + ["custom"])
    seed = param.Integer(default=0, bounds=(0, None))
    start = param.String(default="")
    target = param.String(default="")
    index = param.Integer(default=0, bounds=(-1, None), doc="The frame shown.")
    predict = param.Boolean(default=False, doc="Predict mode: click what the algorithm takes next.")
    mode = param.Selector(default="tell-and-fix", objects=list(quiz.MODES))

    def __init__(self, width: int = 760, height: int = 430, custom=None, projector: bool = False,
                 lang: str | None = None, **params):
        if custom is not None:
            params.setdefault("map", "custom")
        super().__init__(**params)
        self.custom = custom
        #: the language of the player's words
        self.lang = lang or page_language()
        #: for a projector (fit to a 1920-pixel screen, large labels for the back row)
        self.projector = projector
        self._size = PROJECTOR_SIZE if projector else (width, height)
        self._callback = None
        #: called as on_answer(activity, item, answer, right) after each graded prediction
        self.on_answer: Callable | None = None
        #: a tutorial's hook: called as on_click(item) for every click instead of grading it
        self.on_click: Callable | None = None
        self.w_algo = pn.widgets.Select(label=word("Algorithm"), options=choices(ALGORITHMS, self.lang),
                                        value=self.algorithm, width=180)
        self.w_map = pn.widgets.Select(label=word("Map"), value=self.map, width=130,
                                       options=choices(list(MAPS) + (["custom"] if custom is not None else []), self.lang))
        self.w_seed = pn.widgets.IntInput(label=word("Seed"), value=self.seed, start=0, width=90, css_classes=["seed"])
        self.w_start = pn.widgets.Select(label=word("Start city"), options=[""], value="", width=150,
                                         css_classes=["start-city"])
        self.w_target = pn.widgets.Select(label=word("Target city"), options=[""], value="", width=150,
                                          css_classes=["target-city"])
        self._showing_start = False
        self.w_start.param.watch(self._on_pick_start, "value")
        self.w_target.param.watch(self._on_pick_target, "value")
        for w in (self.w_algo, self.w_map, self.w_seed):  # a new choice starts a new run at once
            w.param.watch(lambda e: self.reset(), "value")
        self.w_reset = pn.widgets.Button(label=word("Reset"), color="primary", width=80, css_classes=["reset"])
        self.w_back = pn.widgets.Button(label=word("◀ Back"), width=80, css_classes=["step-back"])
        self.w_step = pn.widgets.Button(label=word("Step ▶"), width=80, css_classes=["step"])
        self.w_play = pn.widgets.Toggle(label=word("▶ Play"), width=90, css_classes=["play"])
        self.w_speed = pn.widgets.IntSlider(label=word("Steps per second"), start=1, end=20, value=4, width=160)
        self.w_frame = self._frame_slider(1)
        self._controls = pn.Row(self.w_back, self.w_step, self.w_play, self.w_speed, self.w_frame,
                                stylesheets=[WRAP])  # two lines on a phone
        self.w_predict = pn.widgets.Checkbox(label=word("Predict the next step"), value=self.predict,
                                             css_classes=["predict"])
        self.w_mode = pn.widgets.Select(label=word("Feedback"), options=choices(quiz.MODES, self.lang), value=self.mode,
                                        width=140)
        self.title = pn.pane.HTML("", css_classes=["algo-title"], width=760, stylesheets=[FIT_TEXT])
        self.code_pane = pn.pane.HTML("", width=430, stylesheets=[FIT_TEXT])
        self.text_pane = pn.pane.HTML("", width=self._size[0], css_classes=["narration"], stylesheets=[FIT_TEXT])
        self.ds_pane = pn.pane.HTML("", width=430, css_classes=["structure"], stylesheets=[FIT_TEXT])
        self.feedback = pn.pane.HTML("", width=430, css_classes=["feedback"], stylesheets=[FIT_TEXT])
        self.score_pane = pn.pane.HTML("", width=430, css_classes=["score"], stylesheets=[FIT_TEXT])
        self.legend = pn.pane.HTML(legend_html(lang=self.lang), width=self._size[0], stylesheets=[FIT_TEXT])
        self.board_area = pn.Column()
        self.w_reset.on_click(lambda e: self.reset())
        self.w_back.on_click(lambda e: self.back())
        self.w_step.on_click(lambda e: self.step())
        self.w_play.param.watch(lambda e: self.play(e.new), "value")
        self.w_speed.param.watch(lambda e: self._restart_timer(), "value")
        self.w_predict.param.watch(lambda e: self._set_predict(e.new), "value")
        self.w_mode.param.watch(lambda e: self._set_predict(self.w_predict.value), "value")
        self.reset()

    # ------------------------------------------------------------ building
    def _on_pick_start(self, event) -> None:
        if not self._showing_start:  # the person picked it: the run starts there, now and next time
            self.start = event.new or ""
            self.reset()

    def _on_pick_target(self, event) -> None:
        if not self._showing_start:
            self.target = event.new or ""
            self.reset()

    def reset(self) -> None:
        """A new run from the widgets' algorithm, map and seed, and the start city picked
        (if none was, the instance's own); the picker then shows where the run starts."""
        self.play(False)
        self.algorithm, self.map, self.seed = self.w_algo.value, self.w_map.value, int(self.w_seed.value or 0)
        chosen = self.custom if self.map == "custom" else self.map
        self.G, self.trace, title, start = scenario_message(self.algorithm, chosen, self.seed, self.start or None,
                                                            self.target or None)
        self._title = title
        target = _trip_target(self.trace) if self.algorithm in TRIPS else None
        self.view = GraphView(self.G, *self._size, text_scale=PROJECTOR_TEXT if self.projector else 1.0, lang=self.lang)
        self.nodes_src, self.edges_src = self.view.nodes_src, self.view.edges_src
        self.node_index, self.edge_index = self.view.node_index, self.view.edge_index
        for ev in (Tap, DoubleTap, Press):
            self.view.figure.on_event(ev, self._on_tap)
        cities = [""] + sorted(str(n) for n in self.G)
        self._showing_start = True
        try:
            if self.w_start.options != cities:
                self.w_start.options = cities
            self.w_start.value = "" if start is None else str(start)
            if self.w_target.options != cities:
                self.w_target.options = cities
            self.w_target.value = "" if target is None else str(target)
            self.w_target.visible = self.algorithm in TRIPS
        finally:
            self._showing_start = False
        self._show_title()
        self.predictor = quiz.Predictor(self.trace, self.w_mode.value) if self.w_predict.value else None
        self.feedback.object = ""
        end = max(1, len(self.trace) - 1)
        if self.w_frame.end != end:
            # a new slider: the page's slider keeps its first end for the End key (BokehJS), so
            # a slider whose end changed would stop short of the last step
            self.w_frame = self._frame_slider(end)
            self._controls[-1] = self.w_frame
        else:
            self.w_frame.value = 0
        self.board_area.objects = [self.view.pane]
        self.legend.object = legend_html(flow=self.algorithm == "max_flow", lang=self.lang)
        self.index = -1
        self.goto(self.predictor.frame_index if self.predictor else 0)

    def _show_title(self) -> None:
        self.title.object = (f'<h3 style="margin:4px 0">{html.escape(translated(ALGORITHMS[self.algorithm], self.lang))}'
                             f'</h3><div>{html.escape(i18n.render(self._title, self.lang))}</div>')

    def set_language(self, lang: str) -> None:
        """Show the player's words in ``lang`` from now on: the run stays where it is."""
        self.lang = lang
        for w, names in ((self.w_algo, list(ALGORITHMS)), (self.w_map, list(self.w_map.options.values())),
                         (self.w_mode, list(quiz.MODES))):
            w.options = choices(names, lang)
        self.play(self.w_play.value)
        self._show_title()
        self.view.set_language(lang)
        self.legend.object = legend_html(flow=self.algorithm == "max_flow", lang=lang)
        if self.predictor is not None and not self.predictor.log:
            self.feedback.object = self._say(word("Click the city or route the algorithm takes next."))
        relabel(self, lang)
        i, self.index = self.index, -1
        self.goto(i)

    def _say(self, text) -> str:
        """``text`` (a message or a message id) in the player's language, escaped for HTML."""
        return html.escape(translated(text, self.lang) if isinstance(text, str) else i18n.render(text, self.lang))

    def _frame_slider(self, end: int):
        slider = pn.widgets.IntSlider(label=word("Step"), start=0, end=end, value=0, width=300, css_classes=["frame"])
        slider.param.watch(lambda e: self.goto(e.new), "value")
        return slider

    def _set_predict(self, on: bool) -> None:
        self.predict = on
        self.mode = self.w_mode.value
        self.predictor = quiz.Predictor(self.trace, self.w_mode.value) if on else None
        self.feedback.object = self._say(word("Click the city or route the algorithm takes next.")) if on else ""
        self.goto(self.predictor.frame_index if on else self.index)

    # ------------------------------------------------------------ stepping
    def goto(self, i: int) -> None:
        """Show frame ``i`` (clipped to the trace)."""
        i = max(0, min(int(i), len(self.trace) - 1))
        if i == self.index:
            return
        self.index = i
        f = self.trace[i]
        with pn.io.hold():
            self.view.show(f.nodes, f.edges, f.arrows)
            self.code_pane.object = pseudocode_html(self.trace.pseudocode, f.line, self.lang)
            self.ds_pane.object = structure_html(f.data, self.lang)
            self.text_pane.object = (f'<div style="font-size:{20 if self.projector else 14}px">'
                                     f'<b>{self._say(Message("Step {i} of {n}:", i=i, n=len(self.trace) - 1))}</b> '
                                     f'{self._say(f.narration)}</div>')
            if self.w_frame.value != i:
                self.w_frame.value = i
            self._show_score()
        self._push()

    def step(self) -> None:
        self.goto(self.index + 1)

    def back(self) -> None:
        self.goto(self.index - 1)

    def play(self, on: bool = True) -> None:
        """Start or stop stepping by itself (``Steps per second``)."""
        if self.w_play.value != on:
            self.w_play.value = on
            return
        self.w_play.label = translate(word("Pause") if on else word("▶ Play"), self.lang)
        if self._callback is not None:
            self._callback.stop()
            self._callback = None
        if on:
            self._callback = pn.state.add_periodic_callback(self._tick, period=int(1000 / self.w_speed.value))

    def _restart_timer(self) -> None:
        if self._callback is not None:
            self.play(False)
            self.play(True)

    def _tick(self) -> None:
        if self.index >= len(self.trace) - 1:
            self.play(False)
        else:
            self.step()

    def _push(self) -> None:
        """In a notebook, send the figure's data-source changes now (a served page needs nothing)."""
        if not served():
            try:
                pn.io.push_notebook(self.view.pane)
            except Exception:  # not displayed anywhere yet
                pass

    # ------------------------------------------------------------ predicting
    def _on_tap(self, event) -> None:
        item = self.view.item_at(event.x, event.y)
        if item is not None:
            self.click(item)

    def click(self, item) -> quiz.Feedback | None:
        """A click on a city or route (``(u, v, key)``, or a route id): graded in predict mode
        (or given to a tutorial's :attr:`on_click`, which answers with a refusal or None)."""
        if self.on_click is not None:
            err = self.on_click(item)
            self.feedback.object = "" if err is None else html.escape(str(err.reason))
            self._push()
            return None
        if self.predictor is None:
            return None
        step = self.index
        fb = self.predictor.answer(item)
        if self.on_answer is not None:
            self.on_answer("prediction", f"{self.algorithm} step {step}", quiz._name(item), fb.correct)
        colour = "#009E73" if fb.correct else "#D55E00"
        if self.predictor.mode == "grade-at-end":
            colour = "#444444"
        msg = self._say(fb.says)
        if self.predictor.done:
            msg += "<br><pre style='white-space:pre-wrap'>" + html.escape(self.predictor.report(self.lang)) + "</pre>"
        self.feedback.object = f'<div style="color:{colour};font-size:13px">{msg}</div>'
        if fb.advanced:
            target = (self.predictor.frame_index if not self.predictor.done else len(self.trace) - 1)
            if self.predictor.mode == "tell-and-fix" and not self.predictor.done:
                target = max(target, self.index + 1)
            self.goto(target)
        else:
            self._show_score()
            self._push()
        return fb

    def _show_score(self) -> None:
        if self.predictor is None:
            self.score_pane.object = ""
            return
        s = self.predictor.score
        hidden = self.predictor.mode == "grade-at-end" and not self.predictor.done
        self.score_pane.object = (f'<div class="score-text">'
                                  f'{self._say(Message("Answered {n} of {total}", n=s.answered, total=s.questions))}'
                                  + ("" if hidden else " — " + self._say(Message("right first time:"))
                                     + f" <b>{s.right}</b>") + "</div>")

    # ------------------------------------------------------------ layout
    def __panel__(self):
        controls = self._controls
        # on a phone the rows wrap and each column takes the screen's width (FIT_WIDTH)
        setup = pn.FlexBox(self.w_algo, self.w_map, self.w_seed, self.w_start, self.w_target, self.w_reset,
                           sizing_mode="stretch_width")
        predict = pn.Column(heading(word("Predict")), pn.Row(self.w_predict, self.w_mode), self.score_pane,
                            self.feedback, stylesheets=[FIT_WIDTH])
        # the prediction controls above the data structure, which grows as the run goes on
        side = pn.Column(heading(word("Pseudocode")), self.code_pane, predict, heading(word("Data structure")),
                         self.ds_pane, width=450, stylesheets=[FIT_WIDTH])
        # the side column goes under the board when the page (a notebook cell, say) is too narrow for both
        # the step buttons and what the step did sit above the board: in view at 1280 x 720
        main = pn.FlexBox(pn.Column(controls, self.text_pane, self.board_area, self.legend, width=self._size[0],
                                    stylesheets=[FIT_WIDTH]),
                          side, flex_wrap="wrap", align_items="flex-start", sizing_mode="stretch_width")
        layout = pn.Column(setup, self.title, main, sizing_mode="stretch_width", stylesheets=[FIT_WIDTH])
        relabel(layout, self.lang)
        return layout


class QuestionBankView(pn.viewable.Viewer):
    """Seeded questions at three levels; each answer is checked at once and the answer drawn."""

    def __init__(self, level: str = "small", seed: int = 0, n: int = 10, width: int = 700, height: int = 440,
                 lang: str | None = None):
        super().__init__()
        self._size = (width, height)
        #: the language of the questions and answers (default: the page's)
        self.lang = lang or page_language()
        self.w_level = pn.widgets.Select(label=word("Level"), options=choices(quiz.LEVELS, self.lang), value=level,
                                         width=120)
        self.w_seed = pn.widgets.IntInput(label=word("Seed"), value=seed, start=0, width=90)
        self.w_student = pn.widgets.TextInput(label=word("Your name (your own questions)"), width=200,
                                              css_classes=["student"])
        self.w_new = pn.widgets.Button(label=word("New questions"), color="primary", width=130)
        self.w_next = pn.widgets.Button(label=word("Next question"), width=120)
        self.w_answer = pn.widgets.TextInput(label=word("Your answer"), width=160)
        self.w_check = pn.widgets.Button(label=word("Check"), color="success", width=80, css_classes=["check"])
        self.prompt = pn.pane.HTML("", width=700, css_classes=["prompt"], stylesheets=[FIT_TEXT])
        self.result = pn.pane.HTML("", width=700, css_classes=["result"], stylesheets=[FIT_TEXT])
        self.score = pn.pane.HTML("", width=300, stylesheets=[FIT_TEXT])
        self.board_area = pn.Column()
        self.n = n
        self._said = None  # the last answer's (right, message), shown until the next question
        #: called as on_answer(activity, item, answer, right) after each checked answer
        self.on_answer: Callable | None = None
        self.w_new.on_click(lambda e: self.new_bank())
        self.w_next.on_click(lambda e: self.show(self.k + 1))
        self.w_check.on_click(lambda e: self.check(self.w_answer.value))
        self.new_bank()

    def new_bank(self) -> None:
        self.bank = quiz.question_bank(int(self.w_seed.value or 0), self.w_level.value, self.n,
                                       student=(self.w_student.value or "").strip())
        self.right = self.answered = 0
        self.show(0)

    def show(self, k: int) -> None:
        self.k = k % len(self.bank)
        q = self.bank[self.k]
        self._views = getattr(self, "_views", {})
        if q.map not in self._views:
            self._views[q.map] = GraphView(load(q.map).graph(), *self._size, name="quiz_board", lang=self.lang)
        self.view = self._views[q.map]
        blocked = set(q.params.get("blocked", ()))
        cities = {q.params[c] for c in ("a", "b") if c in q.params} | {x for p in q.params.get("hand", ()) for x in p}
        network = set(q.params.get("routes", ()))  # a player's network the question is about
        with pn.io.hold():
            self.view.show({c: "frontier" for c in cities},
                           {e: "blocked" if e[2] in blocked else "explored" for e in self.view.edge_ids
                            if e[2] in blocked or e[2] in network})
            self._show_prompt()
            self.result.object = ""
            self._said = None
            self.w_answer.value = ""
            self.board_area.objects = [self.view.pane]
        self._push()

    def _show_prompt(self) -> None:
        q = self.bank[self.k]
        head = Message("Question {k} of {n}:", k=self.k + 1, n=len(self.bank)).render(self.lang)
        self.prompt.object = (f'<div style="font-size:15px"><b>{html.escape(head)}</b> '
                              f'{html.escape(q.asks.render(self.lang))}</div>')

    def set_language(self, lang: str) -> None:
        """Ask and answer in ``lang`` from now on."""
        self.lang = lang
        self.w_level.options = choices(quiz.LEVELS, lang)
        for view in self._views.values():
            view.set_language(lang)
        self._show_prompt()
        if self._said is not None:
            self._show_result(*self._said)
        relabel(self, lang)

    def _show_result(self, ok: bool, says) -> None:
        self._said = (ok, says)
        self.result.object = (f'<div style="color:{"#009E73" if ok else "#D55E00"};font-size:14px">'
                              f'{html.escape(i18n.render(says, self.lang))}</div>')
        if self.answered:
            self.score.object = html.escape(Message("Right {right} of {n}", right=self.right, n=self.answered)
                                            .render(self.lang))

    def check(self, given) -> tuple[bool, str]:
        """Grade ``given`` for the question shown: ``(right, message)`` (the message in English)."""
        q = self.bank[self.k]
        ok, says = q.grade(given)
        msg = str(says)
        if self.on_answer is not None:
            self.on_answer("question", f"{q.kind}: {q.prompt}", given, ok)
        self.answered += 1
        self.right += ok
        blocked = set(q.params.get("blocked", ()))
        hl = set(q.highlight)
        edges = {e: ("solution" if e[2] in hl else "blocked" if e[2] in blocked else "unexplored")
                 for e in self.view.edge_ids}
        nodes = {x: "solution" for e in self.view.edge_ids if e[2] in hl for x in e[:2]}
        nodes.update({q.params[c]: "current" for c in ("a", "b") if c in q.params})
        with pn.io.hold():
            self.view.show(nodes, edges)
            self._show_result(ok, says)
        self._push()
        return ok, msg

    def _push(self) -> None:
        if not served():
            try:
                pn.io.push_notebook(self.view.pane)
            except Exception:
                pass

    def __panel__(self):
        layout = pn.Column(pn.Row(self.w_level, self.w_seed, self.w_student, self.w_new, self.w_next, self.score,
                                stylesheets=[WRAP]),
                         self.prompt,
                         pn.Row(self.w_answer, self.w_check), self.result, self.board_area, stylesheets=[FIT_WIDTH])
        relabel(layout, self.lang)
        return layout


class CompareView(pn.viewable.Viewer):
    """Dijkstra and A* on the same trip, side by side, stepped together one expansion at a
    time, with how many cities each has expanded: A*'s straight-line guess saves work.

    >>> v = CompareView("usa", seed=0, start="Denver", target="Miami")
    >>> v.goto(v.steps)
    >>> [t.result[0] for t in v.traces][0] == v.traces[1].result[0]    # the same trip length
    True
    >>> v.counts() == [t.stats["expanded"] for t in v.traces] and v.counts()[1] < v.counts()[0]
    True
    """

    #: the two algorithms' names (a person's name, and a symbol), as the captions show them
    NAMES = (word("Dijkstra"), "A*")

    def __init__(self, map: str = "usa", seed: int = 0, start: str | None = None, target: str | None = None,
                 width: int = 470, height: int = 300, lang: str | None = None):
        super().__init__()
        #: the language of its words (default: the page's)
        self.lang = lang or page_language()
        self.G, dij, title, _ = scenario_message("dijkstra", map, seed, start, target)
        self._title = title
        _, star, _, _ = scenario("astar", map, seed, start, target)
        self.traces = [dij, star]
        #: the frame of each expansion, per algorithm (frame 0 first: nothing expanded yet)
        self._at = [[0] + [i for i, f in enumerate(t) if f.line == 2] for t in self.traces]
        self.steps = max(len(a) for a in self._at)  # the last step shows each run's end
        self.views = [GraphView(self.G, width, height, name=f"compare_{i}", title=n, lang=self.lang)
                      for i, n in enumerate(self.NAMES)]
        self.title = pn.pane.HTML("", width=960, stylesheets=[FIT_TEXT])
        self._show_title()
        self.captions = [pn.pane.HTML("", width=width, css_classes=[f"compare-caption-{i}"], stylesheets=[FIT_TEXT])
                         for i in range(2)]
        self.w_frame = pn.widgets.IntSlider(label=word("Expansions"), start=0, end=self.steps, value=0, width=300)
        self.w_back = pn.widgets.Button(label=word("◀ Back"), width=80)
        self.w_step = pn.widgets.Button(label=word("Step ▶"), width=80, css_classes=["compare-step"])
        self.w_end = pn.widgets.Button(label=word("To the end"), width=100, css_classes=["compare-end"])
        self.w_back.on_click(lambda e: self.goto(self.k - 1))
        self.w_step.on_click(lambda e: self.goto(self.k + 1))
        self.w_end.on_click(lambda e: self.goto(self.steps))
        self.w_frame.param.watch(lambda e: self.goto(e.new), "value")
        self.k = -1
        self.goto(0)

    def _show_title(self) -> None:
        self.title.object = (f"<h3 style='margin:4px 0'>{html.escape(translate(word('Dijkstra and A* on one trip'), self.lang))}"
                             f"</h3><div>{html.escape(i18n.render(self._title, self.lang))}</div>")

    def set_language(self, lang: str) -> None:
        """Show its words in ``lang`` from now on."""
        self.lang = lang
        self._show_title()
        for view in self.views:
            view.set_language(lang)
        k, self.k = self.k, -1
        self.goto(k)
        relabel(self, lang)

    def counts(self) -> list[int]:
        """Cities each algorithm has expanded at the step shown."""
        return [min(self.k, len(at) - 1) for at in self._at]

    def goto(self, k: int) -> None:
        """Show each run after its ``k``-th expansion (its end once it has no more)."""
        k = max(0, min(int(k), self.steps))
        if k == self.k:
            return
        self.k = k
        with pn.io.hold():
            for name, trace, at, view, caption, n in zip(self.NAMES, self.traces, self._at, self.views,
                                                         self.captions, self.counts()):
                frame = trace[at[n] if k < len(at) else len(trace) - 1]
                view.show(frame.nodes, frame.edges)
                done = k >= len(at) - 1
                said = (Message("{n} cities expanded — the trip is found: {result}", n=n, result=_fmt_result(trace))
                        if done else Message("{n} cities expanded", n=n))
                caption.object = (f"<div style='font-size:15px'><b>{html.escape(translated(name, self.lang))}</b>: "
                                  f"{html.escape(said.render(self.lang))}"
                                  "</div>")
            if self.w_frame.value != k:
                self.w_frame.value = k
        if not served():
            for view in self.views:
                try:
                    pn.io.push_notebook(view.pane)
                except Exception:
                    pass

    def __panel__(self):
        boards = pn.FlexBox(*(pn.Column(c, v.pane, stylesheets=[FIT_WIDTH]) for c, v in zip(self.captions, self.views)),
                            flex_wrap="wrap", sizing_mode="stretch_width")
        steps = pn.Row(self.w_back, self.w_step, self.w_end, self.w_frame, stylesheets=[WRAP])
        layout = pn.Column(self.title, steps, boards, stylesheets=[FIT_WIDTH])
        relabel(layout, self.lang)
        return layout


def _fmt_result(trace) -> Message:
    if trace.result is None:
        return Message("unreachable")
    d, path = trace.result
    return Message("{d} trains, {path}", d=steps._fmt(d), path=" → ".join(map(str, path)))


class CheckerView(pn.viewable.Viewer):
    """Run a student's function against railkit's on seeded random maps; draw the first difference.

    >>> import networkx as nx
    >>> v = CheckerView(lambda G, s: nx.single_source_shortest_path_length(G, s), "dijkstra", 200)
    >>> v.report.ok
    False
    """

    def __init__(self, fn: Callable, algorithm: str = "dijkstra", instances: int = 1000, seed: int = 0):
        super().__init__()
        self.report = quiz.check_implementation(fn, algorithm, instances, seed)
        self.text = pn.pane.HTML(f'<pre style="white-space:pre-wrap">{html.escape(str(self.report))}</pre>',
                                 width=700, css_classes=["check-report"], stylesheets=[FIT_TEXT])
        self.view = None
        if self.report.first is not None:
            mm = self.report.first
            title = (Message("instance {index}, shrunk to {n} cities: where your answer differs", index=mm.index,
                             n=mm.graph.number_of_nodes()) if mm.shrunk_from else
                     Message("instance {index}: where your answer differs", index=mm.index))
            self.view = GraphView(mm.graph, 520, 360, name="check_board", title=i18n.render(title))
            nodes = {a: "current" for a in quiz._kept_cities(mm.args) if a in mm.graph}
            nodes.update({c: "rejected" for c in mm.wrong})
            edges = {e: "solution" for e in self.view.edge_ids if e[2] in mm.highlight}
            self.view.show(nodes, edges)

    def __panel__(self):
        return pn.Column(self.text, self.view.pane if self.view else pn.Spacer(height=0), stylesheets=[FIT_WIDTH])


def check(fn: Callable, algorithm: str = "dijkstra", instances: int = 1000, seed: int = 0) -> CheckerView:
    """Check a student's ``fn`` (see :func:`railkit.graphs.quiz.check_implementation`) and show the result."""
    return CheckerView(fn, algorithm, instances, seed)


class ClassResults(pn.viewable.Viewer):
    """The teacher's view of a :class:`~railkit.graphs.quiz.ClassRecord`: answers and right
    answers per student, and every answer as a CSV file."""

    def __init__(self, record: quiz.ClassRecord, lang: str | None = None):
        super().__init__()
        self.record = record
        #: the language of its words (default: the page's)
        self.lang = lang or page_language()
        self.table = pn.pane.HTML("", width=600, css_classes=["class-results"], stylesheets=[FIT_TEXT])
        self.w_refresh = pn.widgets.Button(label=word("Refresh"), width=100, css_classes=["refresh"])
        self.w_refresh.on_click(lambda e: self.refresh())
        self.w_csv = pn.widgets.FileDownload(callback=self._csv, filename="class-results.csv",
                                             label=word("Save every answer (CSV)"), width=220, css_classes=["save-csv"])
        self.refresh()

    def _csv(self):
        import io

        return io.BytesIO(self.record.csv().encode("utf-8"))

    def refresh(self) -> None:
        rows = "".join(f"<tr><td>{html.escape(s)}</td><td>{a}</td><td>{r}</td></tr>" for s, a, r in self.record.summary())
        head = "".join(f"<th>{html.escape(translate(w, self.lang))}</th>"
                       for w in (word("Student"), word("Answered"), word("Right")))
        none = html.escape(translate(word("No answers yet."), self.lang))
        self.table.object = f"<table><tr>{head}</tr>" + (rows or f"<tr><td colspan=3>{none}</td></tr>") + "</table>"

    def set_language(self, lang: str) -> None:
        """Show its words in ``lang`` from now on."""
        self.lang = lang
        self.refresh()
        relabel(self, lang)

    def __panel__(self):
        layout = pn.Column(heading(word("Class results")), pn.Row(self.w_refresh, self.w_csv), self.table)
        relabel(layout, self.lang)
        return layout


def graph_lab_app(record: quiz.ClassRecord | None = None, teacher: bool = False, projector: bool = False):
    """The page for the projector and the class: the player, Dijkstra against A*, the question
    bank and the legend. With ``record``, every prediction and answer is kept under the name the
    student typed; ``teacher`` adds the tab of the class's results; ``projector`` (``?projector=1``)
    draws the player's board for a projector (:data:`PROJECTOR_SIZE`, labels enlarged)."""
    lang = page_language()  # ?lang= of the page's address, else the default
    header = pn.pane.Markdown(_lab_header(lang), css_classes=["header"], disable_anchors=True,
                              stylesheets=[TOUCH_LINKS])
    # each language by its own name, as buttons (a select would come before the player's own pickers)
    picker = pn.widgets.RadioButtonGroup(options={i18n.NAMES[c]: c for c in i18n.LANGUAGES},
                                         value=lang if lang in i18n.LANGUAGES else "en", css_classes=["language"],
                                         color="light", align="center")
    player = AlgoPlayer(projector=projector, lang=lang)
    bank = QuestionBankView(lang=lang)
    compare = CompareView("usa", seed=0, start="Denver", target="Miami", lang=lang)
    if record is not None:
        def keep(activity, item, answer, right):
            record.add((bank.w_student.value or "").strip() or "anonymous", activity, item, answer, right)

        player.on_answer = bank.on_answer = keep
    tabs = [(word("Player"), player), (word("Dijkstra vs A*"), compare), (word("Question bank"), bank)]
    results = ClassResults(record, lang=lang) if record is not None and teacher else None
    if results is not None:
        tabs.append((word("Class results"), results))
    titles = [title for title, _ in tabs]
    # no wider than a phone's screen: without FIT_WIDTH, Panel gives the page and its tabs the
    # minimum width of their widest fixed-width content
    tab_box = pn.Tabs(*[(translate(title, lang), part) for title, part in tabs], dynamic=False,
                      stylesheets=[FIT_WIDTH, TOUCH_TABS])
    page = pn.Column(pn.FlexBox(header, picker, align_items="flex-start", sizing_mode="stretch_width"), tab_box,
                     sizing_mode="stretch_width", stylesheets=[FIT_WIDTH])
    relabel(page, lang)

    def to_language(event) -> None:  # the page's picker: this page in another language, where it is
        new = event.new
        with pn.io.hold():
            header.object = _lab_header(new)
            for part in (player, bank, compare, results):
                if part is not None:
                    part.set_language(new)
            active = tab_box.active
            tab_box[:] = [(translate(title, new), part) for title, (_, part) in zip(titles, tabs)]
            tab_box.active = active
            relabel(page, new)

    picker.param.watch(to_language, "value")
    page.player, page.bank, page.compare, page.results, page.language = player, bank, compare, results, picker
    return page


def _lab_header(lang: str) -> str:
    """The graph lab's heading and its line of what it is, in Markdown, in ``lang``."""
    return ("## " + translate(word("Graph lab"), lang) + " — railkit\n"
            + translate(word("Step through graph algorithms on the game's own maps, predict the next step, answer "
                             "questions."), lang)
            + " [" + translate(word("Tutorial"), lang) + "](?tutorial=1)")


def graph_lab_tutorial(projector: bool = False):
    """The graph lab's tutorial page (``?tutorial=1``): :mod:`railkit.viz.graphs.tutorial` on a
    player of the tutorial's algorithm, map and seed."""
    from railkit.viz.graphs.tutorial import lab_tutorial_page
    from railkit.viz.shell.tutorial import GRAPH_LAB, tutorial_of

    t = tutorial_of(GRAPH_LAB)
    return lab_tutorial_page(t, AlgoPlayer(algorithm=t.algorithm, map=t.map, seed=t.seed, projector=projector))


def serve(port: int = 5006, address: str = "127.0.0.1", show: bool = False, state_dir=None):
    """Serve :func:`graph_lab_app` on ``address:port`` (blocks); ``/liveness`` answers when up
    (``railkit serve graph-lab``). The teacher's link, printed at start, carries a secret that
    shows the class's answers. With ``state_dir`` the answers and the secret are kept there
    (:func:`class_record`), so a restart loses neither; else this process alone holds them."""
    from railkit.viz.shell.serve import serve_page

    record, token = class_record(state_dir)
    print(f"Class results (for the teacher only; keep this link to yourself): "
          f"http://{address}:{port}/?teacher={token}", flush=True)

    def page():
        import secrets

        args = getattr(pn.state, "session_args", None) or {}
        given = (args.get("teacher") or [b""])[0]
        given = given.decode("utf-8", "replace") if isinstance(given, bytes) else str(given)
        projector = (args.get("projector") or [b""])[0] in (b"1", "1")
        if (args.get("tutorial") or [b""])[0] in (b"1", "1"):
            return graph_lab_tutorial(projector=projector)
        return graph_lab_app(record, teacher=secrets.compare_digest(given.encode()[:64], token.encode()),
                             projector=projector)

    return serve_page(page, port=port, address=address, show=show, title="railkit: graph lab")


#: the class's answers in a state folder: one journal line per answer (as the game tables')
RESULTS_FILE = "class-results.journal"
#: the teacher link's secret in a state folder, readable by the server's user only
TOKEN_FILE = "teacher-token"


def class_record(state_dir=None) -> tuple[quiz.ClassRecord, str]:
    """The class's record and the teacher's secret. In ``state_dir`` (made if missing) both
    survive a restart: every answer is appended to :data:`RESULTS_FILE` and flushed before it
    counts (a torn last line from a crash is dropped), and the secret is read from
    :data:`TOKEN_FILE` (written once, mode 0600). A file edited by hand is refused with its
    name and line (:class:`~railkit.core.errors.DataError`)."""
    import os
    import secrets
    from pathlib import Path

    from railkit.core.errors import DataError
    from railkit.viz.shell.journal import Journal, read_records

    if state_dir is None:
        return quiz.ClassRecord(), secrets.token_urlsafe(16)
    folder = Path(state_dir)
    folder.mkdir(mode=0o700, parents=True, exist_ok=True)
    token_path = folder / TOKEN_FILE
    if not token_path.exists():
        fd = os.open(token_path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "w") as f:
            f.write(secrets.token_urlsafe(16) + "\n")
    token = token_path.read_text().strip()
    if not 16 <= len(token) <= 64 or not all(c.isalnum() or c in "-_" for c in token):
        raise DataError(str(token_path), "$", "the teacher link's secret (16 to 64 letters, digits, - or _)",
                        token[:20])
    path = folder / RESULTS_FILE
    rows, last = [], ""
    if path.exists():
        records, whole, last = read_records(path)
        for number, r in enumerate(records, 1):
            if r.get("k") != "answer" or set(r) != {"k", *quiz.RECORD_COLUMNS}:
                raise DataError(str(path), f"line {number}", "an answer (" + ", ".join(quiz.RECORD_COLUMNS) + ")",
                                str(sorted(r))[:60])
        rows = records
        if whole != path.stat().st_size:  # a torn last line: cut off before appending
            os.truncate(path, whole)
    journal = Journal(path, previous=last)
    return quiz.ClassRecord(rows, on_add=lambda row: journal.write("answer", **row)), token


def main(argv=None) -> None:  # pragma: no cover - thin command-line wrapper
    """``python -m railkit.viz.graphs.algoplayer --port 5006``."""
    import argparse

    p = argparse.ArgumentParser(description="Serve the railkit graph lab on 127.0.0.1.")
    p.add_argument("--port", type=int, default=5006)
    p.add_argument("--address", default="127.0.0.1")
    p.add_argument("--state-dir", default=None, help="keep the class's answers and the teacher link here")
    a = p.parse_args(argv)
    serve(port=a.port, address=a.address, state_dir=a.state_dir)


if __name__ == "__main__":  # pragma: no cover
    main()
