"""Information-set Monte Carlo tree search with determinisation (the "hard" bots).

The search is single-observer ISMCTS (Cowling, Powley and Whitehouse, 2012): one
tree of action sequences seen from the searching seat; every iteration plays it on
a fresh *determinisation* -- a copy of the game whose hidden parts (the other
seats' cards, tickets and chips, the order of every face-down pile and the random
generator behind future dice and shuffles) are dealt again at random from what the
searching seat cannot see. A node's children are the actions legal in the
determinisations that reached it; selection is UCB1 over those available
(counting availability, not the parent's visits), each seat choosing by its own
reward. New children are added with progressive widening, the moves of the game's
heuristic bots first, so a small budget searches among sensible moves.
Below the tree the heuristic bots play on for a few turns and a game-specific
evaluation scores the position.

What may be read
----------------
A bot is called as ``act(observation, legal)``. The search also needs a game to
copy: it is given one with :meth:`MCTSAgent.bind`, or, when the caller did not
bind it, the agent finds the game whose ``observe(seat)`` it was just handed in
the calling frames. Either way the copy is *redealt* before anything reads it:
:func:`determinise` replaces every hidden part from a canonically sorted pool of
the unseen items (which depends only on public facts and the seat's own secrets),
so the decisions do not depend on the hidden state; ``tests/agents/test_mcts.py``
swaps the hidden parts of a game and checks that the chosen moves are unchanged.

Budget
------
``iterations`` per decision (reproducible under the bot's seed) and a safety cap
``max_ms`` of the process's CPU time (only reached on a slow machine; when it is,
the decision depends on timing). Decisions with one legal action are not searched.

>>> from railkit.core.game import play
>>> from railkit.games.station_master import StationMasterGame
>>> from railkit.agents.station_master import GreedyAgent
>>> g = StationMasterGame(players=2, seed=4)
>>> hard = make_mcts("station-master", seed=1, iterations=8)
>>> play(g, [hard, GreedyAgent(2)]).is_over
True
"""

from __future__ import annotations

import math
import random
import time
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

from railkit.core.game import Action, Agent, Game

# ============================================================================ copies
_ATOMS = (int, float, str, bool, type(None), tuple, frozenset)


def _cp(x: Any, objects: tuple[type, ...]) -> Any:
    """Copy the mutable containers in ``x`` (lists, dicts, sets, Counters and
    instances of ``objects``); anything else (numbers, text, tuples, frozen
    actions, map data) is shared."""
    t = type(x)
    if t is list:
        if not x or type(x[0]) in _ATOMS:
            if all(type(e) in _ATOMS for e in x):
                return list(x)
        return [_cp(e, objects) for e in x]
    if t is dict:
        return {k: _cp(v, objects) for k, v in x.items()}
    if t is set:
        return set(x)
    if t is Counter:
        return Counter(x)
    if t in objects:
        new = object.__new__(t)
        for slot in t.__slots__:
            if hasattr(x, slot):
                setattr(new, slot, _cp(getattr(x, slot), objects))
        return new
    return x


class Adapter:
    """What the search needs to know of one game: how to copy and redeal it, which
    heuristic bots propose moves and play rollouts, and how to score a position."""

    game_name = ""
    #: attributes shared (not copied) between a game and its copies: read-only data
    shared: tuple[str, ...] = ()
    #: classes of mutable per-game objects copied attribute by attribute
    objects: tuple[type, ...] = ()
    #: bots whose choices are tried first when a node widens (names in the game's AGENTS)
    proposers: tuple[str, ...] = ()
    #: bots proposing moves below the root (fewer: they cost time at every widening)
    deep_proposers: tuple[str, ...] | None = None
    #: the bot that plays below the tree
    rollout: str = ""
    #: scale of a score margin (points) for the reward
    scale: float = 10.0
    #: search settings that suit the game (see MCTSAgent): exploration, widening, bias
    c: float = 0.7
    widen: float = 0.7
    bias: float = 0.3

    def root_order(self, agent: MCTSAgent, observation: Any, legal: Sequence[Action]) -> list[Action]:
        """The searching seat's moves in the order they are tried (best guesses first),
        from its own observation: the proposers' choices."""
        out: list[Action] = []
        for name in self.proposers:
            bot = agent._bot(name, observation["seat"])
            a = bot.act(observation if bot.needs_observation else None, legal)
            if a not in out:
                out.append(a)
        return out

    def clone(self, game: Game) -> Game:
        """A copy of ``game`` that can be played on without touching it. The state comes
        from ``__getstate__`` (the compiled Ticket to Ride engine keeps its attributes
        there, not in ``__dict__``); mutable parts are copied, ``shared`` ones are not."""
        cls = type(game)
        new = cls.__new__(cls)
        shared = self.shared
        objects = self.objects
        state = {k: v if k in shared else _cp(v, objects) for k, v in game.__getstate__().items()}
        setstate = getattr(new, "__setstate__", None)
        if setstate is not None:
            setstate(state)
        else:
            new.__dict__.update(state)
        return new

    def redeal(self, game: Game, seat: int, rng: random.Random) -> None:  # pragma: no cover - interface
        raise NotImplementedError

    def margins(self, game: Game) -> list[float]:  # pragma: no cover - interface
        """Per seat: its (estimated) final score minus the best other score."""
        raise NotImplementedError

    def wins(self, game: Game) -> list[float] | None:
        """Per seat 1 for a win (ties split) once the game is over, else None."""
        if not game.is_over:
            return None
        rows = game.summary()
        w = [1.0 if r.get("win") else 0.0 for r in rows]
        k = sum(w)
        return [x / k for x in w] if k else w


def _margins_of(values: Sequence[float]) -> list[float]:
    if len(values) == 1:
        return list(values)
    out = []
    for i, v in enumerate(values):
        out.append(v - max(values[j] for j in range(len(values)) if j != i))
    return out


# ---------------------------------------------------------------- Ticket to Ride
class TicketToRideAdapter(Adapter):
    game_name = "ticket-to-ride"
    shared = ("map", "board", "rules", "_rv", "_points_view", "_t_ends", "tickets_all", "route_score",
              "options", "names", "_two", "_end_trigger", "_loco_limit", "_max_redeals", "_fu_empty_ok",
              "_fu_actions", "_bk_cache", "log", "_cc", "_cg")
    proposers = ("tickets", "greedy-route", "long-route", "destination-hungry")
    deep_proposers = ("tickets",)
    rollout = "tickets"
    scale = 20.0
    widen = 0.5
    bias = 1.0

    def clone(self, game: Game) -> Game:
        new = super().clone(game)
        new.log = list(game.log)
        # claim caches: the engine shares a bucket's list until a claim in it swaps in a new
        # one, so a copy may share the buckets too (their entries hold for both games)
        new._cc = [list(row) for row in game._cc]
        new._cg = [list(row) for row in game._cg]
        new._bk_cache = {}
        new._obs_cache = {}
        new._pub_out = False
        if game.phase == "setup-tickets" and game.offered is game.setup_offers[game._cur]:
            new.offered = new.setup_offers[new._cur]
        return new

    def redeal(self, g: Game, seat: int, rng: random.Random) -> None:
        n = g.players
        # train cards: every card not in my hand or face up is unseen
        total = [0] * 9
        for h in g.hands:
            for i, c in enumerate(h):
                total[i] += c
        for c in g.deck:
            total[c] += 1
        for c in g.discard:
            total[c] += 1
        for c in g.faceup:
            if c is not None:
                total[c] += 1
        unseen = list(total)
        for i, c in enumerate(g.hands[seat]):
            unseen[i] -= c
        for c in g.faceup:
            if c is not None:
                unseen[c] -= 1
        pool = [i for i in range(9) for _ in range(unseen[i])]
        rng.shuffle(pool)
        k = 0
        for o in range(n):
            if o == seat:
                continue
            size = sum(g.hands[o])
            h = [0] * 9
            for c in pool[k:k + size]:
                h[c] += 1
            g.hands[o] = h
            k += size
        nd = len(g.discard)
        g.discard = pool[k:k + nd]
        k += nd
        g.deck = pool[k:k + len(g.deck)]
        # tickets: all but those I hold or am offered
        queue = set(g._setup_queue) if g.phase == "setup-tickets" else set()
        mine = set(g.tickets[seat])
        if seat in queue:
            mine.update(g.setup_offers[seat])
        if g.phase == "keep-tickets" and g._cur == seat:
            mine.update(g.offered)
        tpool = sorted(set(range(len(g.tickets_all))) - mine)
        rng.shuffle(tpool)
        k = 0

        def take(size: int) -> list[int]:
            nonlocal k
            out = tpool[k:k + size]
            k += size
            return out

        for o in range(n):
            if o != seat:
                g.tickets[o] = take(len(g.tickets[o]))
        for o in range(n):
            if o != seat and o in queue:
                g.setup_offers[o] = take(len(g.setup_offers[o]))
        if g.phase == "setup-tickets":
            g.offered = g.setup_offers[g._cur]
        elif g.phase == "keep-tickets" and g._cur != seat:
            g.offered = take(len(g.offered))
        g.ticket_deck = take(len(g.ticket_deck))
        if k != len(tpool):  # pragma: no cover - an engine change this redeal does not know
            raise RuntimeError(f"ticket redeal: {len(tpool)} unseen tickets, {k} places")
        g._final = None

    def margins(self, g: Game) -> list[float]:
        if g.is_over:
            return _margins_of([r["total"] for r in g.final_scores()])
        from railkit.agents.ticket_to_ride import _cheapest, _facts

        f = _facts({"map": g.options.get("map", "usa")})
        b = g.board
        values = []
        for s in range(g.players):
            v = float(g.route_points[s])
            owned = {b.route_ids[i] for i in g.claimed[s]}
            blocked = {b.route_ids[i] for i in range(b.n_routes) if (g.owner[i] >= 0 and g.owner[i] != s)
                       or g.closed[i] >= 0}
            trains = g.trains[s]
            for t in g.tickets[s]:
                tk = g.tickets_all[t]
                pts = tk.points
                if g.ticket_done(s, t):
                    v += pts
                    continue
                a, bb = tk.a, tk.b
                res = _cheapest(f, a, bb, owned, blocked)
                if res is None or res[0] > trains:
                    v -= pts
                else:  # on the way: worth more the less it still needs
                    v += pts * (1.0 - 2.0 * min(1.0, res[0] / (0.5 * trains + 1.0)))
            values.append(v)
        return _margins_of(values)


# ---------------------------------------------------------------- Station Master
class StationMasterAdapter(Adapter):
    game_name = "station-master"
    shared = ("rules", "cfg", "_public", "cardlist", "info", "removed_locos", "options", "log")
    proposers = ("greedy",)
    rollout = "greedy"
    scale = 10.0

    def clone(self, game: Game) -> Game:
        from railkit.games.station_master.game import Train

        self.objects = (Train,)
        new = super().clone(game)
        new.log = list(game.log)
        new._memo = {}
        return new

    def root_order(self, agent: MCTSAgent, observation: Any, legal: Sequence[Action]) -> list[Action]:
        """The greedy bot's ranking of every move (its one-step expected value)."""
        bot = agent._bot("greedy", observation["seat"])
        bot.act(observation, legal)  # sets the bot's view of this observation
        trains = {t["id"]: t for t in observation["station"]}
        base = {tid: bot._utility(t) for tid, t in trains.items()}
        scored = sorted(((bot._delta(a, trains, base), -i) for i, a in enumerate(legal)), reverse=True)
        return [legal[-i] for _, i in scored]

    def redeal(self, g: Game, seat: int, rng: random.Random) -> None:
        n = g.players
        # cards: the draw pile and the other hands (the discard pile and the station are public)
        pool = sorted(list(g.draw_pile) + [c for o in range(n) if o != seat for c in g.hands[o]])
        rng.shuffle(pool)
        k = 0
        for o in range(n):
            if o != seat:
                size = len(g.hands[o])
                g.hands[o] = pool[k:k + size]
                k += size
        g.draw_pile = pool[k:]
        locos = sorted(g.loco_pile, key=lambda lo: lo.key)
        rng.shuffle(locos)
        g.loco_pile = locos
        # chips: each seat owns the full set of chip values (SM-SETUP-CHIPS), on trains or in hand
        for o in range(n):
            if o == seat:
                continue
            values = sorted(g.cfg.chip_values)
            rng.shuffle(values)
            k = 0
            for t in g.station:
                for i, (s, _) in enumerate(t.chips):
                    if s == o:
                        t.chips[i] = (o, values[k])
                        k += 1
            g.supply[o] = sorted(values[k:])
        g._memo = {}

    def margins(self, g: Game) -> list[float]:
        values = [float(x) for x in g.scores]
        if not g.is_over:
            for t in g.station:
                v = g.value(t)
                for s, c in t.chips:
                    values[s] += c * v
        return _margins_of(values)


# ---------------------------------------------------------------- Steam Rollers
class SteamRollersAdapter(Adapter):
    game_name = "steam-rollers"
    shared = ("rules", "sheet", "tile_defs", "blocked", "_placements", "_cand_cache", "options", "log",
              "totals", "bag_after_setup")
    proposers = ("greedy",)
    deep_proposers = ()
    rollout = "random"
    scale = 5.0
    widen = 0.5
    bias = 1.0

    def root_order(self, agent: MCTSAgent, observation: Any, legal: Sequence[Action]) -> list[Action]:
        """The greedy bot's choice, then the rest by its value of each move."""
        from railkit.agents.steam_rollers import first_in_line

        bot = agent._bot("greedy", observation["seat"])
        first = bot.act(observation, legal)
        ctx = bot._context(observation)
        ranked = sorted(((bot._value(a, observation, ctx), -i) for i, a in enumerate(first_in_line(legal))),
                        reverse=True)
        out = [first] + [legal_i for legal_i in (first_in_line(legal)[-i] for _, i in ranked) if legal_i != first]
        return out

    def clone(self, game: Game) -> Game:
        from railkit.games.steam_rollers.game import PlayerState

        self.objects = (PlayerState,)
        new = super().clone(game)
        new.log = list(game.log)
        # the engine's per-seat networks and caches point into the players' own track
        # dicts: a copy starts without them and builds its own when it needs them
        new._graphs, new._nets, new._dist_cache, new._track_text = {}, {}, {}, {}
        new._legal_track_cache, new._plan_cache = {}, None
        return new

    def redeal(self, g: Game, seat: int, rng: random.Random) -> None:
        """Nothing to deal: the bag's contents follow from public facts (the goods on the
        cities and those delivered); only the future (dice, bag draws) is unknown, and
        :func:`determinise` reseeds the copy's generator."""

    def margins(self, g: Game) -> list[float]:
        values = [float(g.score(s)) + 0.5 * g.engine_strength(s) for s in range(g.players)]
        if g.solo:
            return [values[0] - float(g.olivia_score() or 0)]
        return _margins_of(values)



ADAPTERS: dict[str, Callable[[], Adapter]] = {
    "ticket-to-ride": TicketToRideAdapter,
    "station-master": StationMasterAdapter,
    "steam-rollers": SteamRollersAdapter,
}


def determinise(game: Game, seat: int, rng: random.Random, adapter: Adapter | None = None) -> Game:
    """A copy of ``game`` with everything ``seat`` cannot see dealt again from ``rng``.

    The unseen items are pooled in a canonical order before shuffling, so the copy
    depends only on what ``seat`` may know (its observation) and on ``rng``. The
    copy's own random generator is reseeded from ``rng`` too (future shuffles and
    dice are unknown).

    >>> from railkit.games.ticket_to_ride import SPEC
    >>> g = SPEC.new_game(None, players=2, seed=1, map="teaching-small")
    >>> d = determinise(g, 0, random.Random(5))
    >>> d.hands[0] == g.hands[0], sum(d.hands[1]) == sum(g.hands[1]), len(d.deck) == len(g.deck)
    (True, True, True)
    >>> d.observe(0)["hand"] == g.observe(0)["hand"]
    True
    """
    adapter = adapter or ADAPTERS[game.game_name]()
    d = adapter.clone(game)
    adapter.redeal(d, seat, rng)
    d.rng = random.Random(rng.getrandbits(64))
    return d


# ============================================================================ search
class _Node:
    __slots__ = ("avail", "bias", "children", "order", "reward", "seat", "visits")

    def __init__(self, seat: int | None = None, bias: float = 0.0) -> None:
        self.bias = bias  # progressive bias: how much the heuristics like this move
        self.children: dict[Action, _Node] = {}
        self.visits = 0
        self.avail = 0
        self.reward = 0.0  # summed reward of the seat that chose the move into this node
        self.seat = seat
        self.order: list[Action] = []  # children in the order they were added


class MCTSAgent(Agent):
    """Single-observer information-set MCTS over a game's :class:`Adapter`.

    Parameters
    ----------
    seed : int or str, optional
        Seeds the search (determinisations, tie-breaks, rollout bots).
    iterations : int
        Search iterations per decision (the budget; reproducible).
    max_ms : float
        CPU-time cap per decision in milliseconds (a safety net).
    depth : int
        Actions played by the rollout bot below the tree before the evaluation.
    c : float
        UCB exploration constant (rewards are in [0, 1]).
    widen : float
        Progressive widening: a node has at most ``1 + widen * sqrt(visits)`` children.
    bias : float
        Progressive bias: the ``k``-th move the heuristics rank at the root gets
        ``bias / (k * (1 + visits))`` added to its UCB value.
    """

    name = "mcts"
    game_name = ""
    default_iterations = 64
    default_depth = 12

    def __init__(self, seed: int | str | None = None, *, iterations: int | None = None, max_ms: float = 900.0,
                 depth: int | None = None, c: float | None = None, widen: float | None = None,
                 bias: float | None = None, game_name: str | None = None) -> None:
        super().__init__(seed)
        self.seed = seed
        if game_name:
            self.game_name = game_name
        self.adapter = ADAPTERS[self.game_name]()
        self.iterations = int(iterations if iterations is not None else self.default_iterations)
        self.max_ms = float(max_ms)
        self.depth = int(depth if depth is not None else self.default_depth)
        ad = self.adapter
        self.c = float(ad.c if c is None else c)
        self.widen = float(ad.widen if widen is None else widen)
        self.bias_w = float(ad.bias if bias is None else bias)
        self._game: Game | None = None
        # the heuristic bots of one iteration (fresh ones for each determinisation: their
        # caches, such as a ticket plan, must not carry over from another deal)
        self._bots: dict[tuple[str, int], Agent] | None = None
        self._round = 0
        #: per decision: (iterations done, wall-clock ms, CPU ms) -- for benchmarks
        self.stats: list[tuple[int, float, float]] = []

    # ------------------------------------------------------------ the game
    def bind(self, game: Game) -> MCTSAgent:
        """Search copies of ``game`` (only ever after :func:`determinise`)."""
        self._game = game
        return self

    def _find_game(self, observation: Any) -> Game:
        g = self._game
        seat = observation.get("seat") if isinstance(observation, dict) else None
        if g is None or g.is_over or g.current_player != seat:
            raise RuntimeError(f"{self.name}: no {self.game_name} game to search for seat {seat} "
                               "(whoever runs the game calls bind(game) before act)")
        return g

    def _bot(self, name: str, seat: int) -> Agent:
        if self._bots is None:
            self._bots = {}
        b = self._bots.get((name, seat))
        if b is None:
            import importlib

            mod = importlib.import_module(f"railkit.agents.{self.game_name.replace('-', '_')}")
            b = self._bots[(name, seat)] = mod.AGENTS[name](f"{self.seed}-{name}-{seat}-{self._round}")
        return b

    # ------------------------------------------------------------ acting
    def act(self, observation: Any, legal: Sequence[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        game = self._find_game(observation)
        seat = observation["seat"]
        return self.search(game, seat, legal, observation)

    def search(self, game: Game, seat: int, legal: Sequence[Action] | None = None,
               observation: Any = None) -> Action:
        """The most visited root move after the budget."""
        t0 = time.perf_counter()
        c0 = time.process_time()
        legal = list(legal if legal is not None else game.legal_actions())
        if observation is None:
            observation = game.observe(seat)
        allowed = set(legal)
        root = _Node()
        self._root = root
        self._root_order = [a for a in self.adapter.root_order(self, observation, legal) if a in allowed]
        # the searching seat's rng drives everything: one random stream per decision
        rng = random.Random(f"{self.seed}/{len(game.log)}/{self.rng.random()}")
        deadline = c0 + self.max_ms / 1000.0  # the bot's own CPU time: others' load does not cut it short
        done = 0
        for _ in range(self.iterations):
            self._bots = None
            self._round += 1
            d = determinise(game, seat, rng, self.adapter)
            self._iterate(root, d, rng, allowed)
            done += 1
            if time.process_time() > deadline:
                break
        best = None
        best_key = (-1, -1.0)
        for a in root.order:
            ch = root.children[a]
            if a not in allowed:
                continue
            key = (ch.visits, ch.reward / ch.visits if ch.visits else 0.0)
            if key > best_key:
                best, best_key = a, key
        self.stats.append((done, (time.perf_counter() - t0) * 1000.0, (time.process_time() - c0) * 1000.0))
        return best if best is not None else legal[0]

    def _propose(self, d: Game, legal: Sequence[Action], node: _Node, rng: random.Random,
                 root: bool = False) -> Action | None:
        """The next action to add under ``node``: the heuristic bots' choices first, then random."""
        seat = d.current_player
        if root:
            for a in self._root_order:
                if a not in node.children:
                    return a
        obs = None
        names = self.adapter.proposers
        if not root and self.adapter.deep_proposers is not None:
            names = self.adapter.deep_proposers
        for name in names:
            bot = self._bot(name, seat)
            if obs is None and bot.needs_observation:
                obs = d.observe(seat)
            a = bot.act(obs if bot.needs_observation else None, legal)
            if a not in node.children:
                return a
        fresh = [a for a in legal if a not in node.children]
        return fresh[rng.randrange(len(fresh))] if fresh else None

    def _iterate(self, root: _Node, d: Game, rng: random.Random, allowed: set) -> None:
        """One iteration on the determinisation ``d``: select and widen down the tree,
        roll out, back up each seat's reward."""
        node = root
        path: list[_Node] = [root]
        first = True
        while not d.is_over:
            legal = d.legal_actions()
            if first:
                legal = [a for a in legal if a in allowed]  # the root's moves are the real ones
                first = False
            seat = d.current_player
            avail = [node.children[a] for a in legal if a in node.children]
            limit = 1 + int(self.widen * math.sqrt(node.visits))
            if len(avail) < len(legal) and len(avail) < limit:
                a = self._propose(d, legal, node, rng, node is root)
                if a is not None:
                    bias = 0.0
                    if node is root and a in self._root_order:
                        bias = 1.0 / (1 + self._root_order.index(a))
                    child = node.children[a] = _Node(seat, bias)
                    node.order.append(a)
                    child.avail = 1
                    for ch in avail:
                        ch.avail += 1
                    d.apply_unchecked(a)
                    path.append(child)
                    break
            # select among the available children (UCB1 with availability counts)
            best, best_u = None, -1.0
            lc = self.c
            bw = self.bias_w
            for a in legal:
                ch = node.children.get(a)
                if ch is None:
                    continue
                ch.avail += 1
                if ch.visits == 0:
                    u = 1e9 + rng.random()
                else:
                    u = (ch.reward / ch.visits + lc * math.sqrt(math.log(ch.avail) / ch.visits)
                         + bw * ch.bias / (1 + ch.visits))
                if u > best_u:
                    best, best_u = a, u
            if best is None:  # nothing tried is legal here and no room to widen: widen anyway
                best = self._propose(d, legal, node, rng, node is root)
                node.children[best] = _Node(seat)
                node.order.append(best)
                node.children[best].avail = 1
            node = node.children[best]
            d.apply_unchecked(best)
            path.append(node)
        rewards = self._rollout(d, rng)
        for n in path:
            n.visits += 1
            if n.seat is not None:
                n.reward += rewards[n.seat]

    def _rollout(self, d: Game, rng: random.Random) -> list[float]:
        name = self.adapter.rollout
        steps = 0
        while not d.is_over and steps < self.depth:
            seat = d.current_player
            legal = d.legal_actions()
            bot = self._bot(name, seat)
            a = legal[0] if len(legal) == 1 else bot.act(d.observe(seat) if bot.needs_observation else None, legal)
            d.apply_unchecked(a)
            steps += 1
        margins = self.adapter.margins(d)
        wins = self.adapter.wins(d)
        scale = self.adapter.scale
        out = []
        for s, m in enumerate(margins):
            r = 1.0 / (1.0 + math.exp(-m / scale))
            out.append(0.5 * r + 0.5 * wins[s] if wins is not None else r)
        return out


def make_mcts(game_name: str, seed: int | str | None = None, **options: Any) -> MCTSAgent:
    """An :class:`MCTSAgent` for ``game_name`` (options as for the class)."""
    return MCTSAgent(seed, game_name=game_name, **options)


def mcts_class(game_name: str, name: str = "mcts", iterations: int = 64, depth: int = 12) -> type[MCTSAgent]:
    """An agent class (constructed from a seed alone, as the registries expect) for one game."""
    return type(f"MCTS_{game_name.replace('-', '_')}_{name.replace('-', '_')}", (MCTSAgent,), {
        "name": name, "game_name": game_name, "default_iterations": iterations, "default_depth": depth,
        "__doc__": f"ISMCTS for {game_name}: {iterations} iterations per decision, rollouts of {depth} actions.",
        "__module__": __name__,
    })
