"""Information-set Monte Carlo search with determinisation (the "hard" bots).

The search improves on a game's best heuristic bot ("medium") by playing it out:
a *policy-improvement* ("rollout") search, the flat, one-level form of
information-set Monte Carlo tree search (Tesauro and Galperin, 1996; Cowling,
Powley and Whitehouse, 2012). At each decision

1. the *candidates* are the medium bot's own choice followed by a few
   alternatives (the choices of the game's other heuristic bots, or the next best
   moves in medium's own ranking; every ticket choice in Ticket to Ride);
2. each candidate is scored by *playouts*: on a fresh *determinisation* -- a copy
   of the game whose hidden parts (the other seats' cards, tickets and chips, the
   order of every face-down pile and the random generator behind future dice and
   shuffles) are dealt again at random from what the searching seat cannot see --
   the candidate is played and then every seat plays the medium bot, to the end of
   the game or, where whole games do not fit the budget, for a fixed number of
   actions followed by a game-specific evaluation. All candidates of a round are
   played on the *same* determinisations with the same bot seeds (common random
   numbers), so their difference measures the move, not the deal;
3. *sequential halving* spends the budget: each round gives every remaining
   candidate the same number of playouts and keeps the better half (medium's own
   choice always stays, as the reference), so the close candidates get the most;
4. the candidate with the best mean reward is played only if it beats medium's
   choice on the paired playouts by more than ``z`` standard errors; with too
   little evidence the bot plays medium's move.

The reward of a playout (:meth:`Adapter.reward`) is ``0.5 * win + 0.5 *
sigmoid(margin / scale)`` where ``win`` is the seat's win share (ties split) at the
end of the game and ``margin`` its score minus the best other score (a position that
is not over scores its estimated margin, :meth:`Adapter.margins`, and ``win =
sigmoid(margin / scale)``). Ticket to Ride at three or more seats uses the margin
term alone (a 4-player playout's win is a rare, noisy event). Steam Rollers'
estimate of a half-played game counts the deliveries its network and engine still
reach; Station Master's counts each train still in the station at its expected final
value. The budget can depend on the player count (``default_by_players``; the
``hard`` level's is in :mod:`railkit.agents.levels`): whole 4-player games are long,
so the same number of simulated actions gives fewer playouts per candidate, and at
4 players Station Master plays 20 actions and evaluates instead (a whole game's
outcome there varied too much to tell close moves apart).

What may be read
----------------
A bot is called as ``act(observation, legal)``. The search also needs a game to
copy: whoever runs the game gives it with :meth:`MCTSAgent.bind` (:func:`play`
and the tables do). The copy is *redealt* before anything reads it:
:func:`determinise` replaces every hidden part from a canonically sorted pool of
the unseen items (which depends only on public facts and the seat's own secrets),
so the decisions do not depend on the hidden state; ``tests/agents/test_mcts.py``
swaps the hidden parts of a game and checks that the chosen moves are unchanged.
The candidates come from heuristic bots given the seat's own observation.

Budget
------
``iterations`` playouts per decision in all (reproducible under the bot's seed)
and a safety cap ``max_ms`` of wall-clock time (only reached on a slow or busy
machine; when it is, the decision depends on timing and ``stats`` says so).
Decisions with one legal action or one candidate are not searched.

>>> from railkit.agents import make_agent, make_mcts
>>> from railkit.core.game import play
>>> from railkit.games import get_spec
>>> spec = get_spec("station-master")
>>> hard = make_mcts(spec, seed=1, iterations=8)
>>> play(spec.new_game(players=2, seed=4), [hard, make_agent(spec, "greedy", 2)]).is_over
True
"""

from __future__ import annotations

import math
import random
import time
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from railkit.core.game import Action, Agent, Game, observation_for

# ============================================================================ copies
_ATOMS = (int, float, str, bool, type(None), tuple, frozenset)


def _cp(x: Any, objects: tuple[type, ...]) -> Any:
    """Copy the mutable containers in ``x`` (lists, dicts, sets, Counters and
    instances of ``objects``, by their own ``copy()`` where they have one, else slot by
    slot); anything else (numbers, text, tuples, frozen
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
        own_copy = getattr(x, "copy", None)
        if own_copy is not None:  # a class that copies itself (a native class in a compiled engine)
            return own_copy()
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
    #: classes of mutable per-game objects: copied by their ``copy()``, or attribute by attribute
    objects: tuple[type, ...] = ()
    #: bots whose choices are candidates (names in the game's AGENTS); the first is medium
    proposers: tuple[str, ...] = ()
    #: the bot every seat plays in the playouts (medium)
    rollout: str = ""
    #: scale of a score margin (points) for the reward
    scale: float = 10.0
    #: most candidates searched at one decision
    width: int = 4

    def candidates(self, agent: MCTSAgent, observation: Any, legal: Sequence[Action]) -> list[Action]:
        """The searching seat's candidate moves, from its own observation: medium's
        choice first, then the other proposers' choices (at most :attr:`width`)."""
        out: list[Action] = []
        for name in self.proposers:
            bot = agent._proposer(name, observation["seat"])
            a = bot.act(observation if bot.needs_observation else None, legal)
            if a not in out:
                out.append(a)
        return out[:self.width]

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

    def reward(self, game: Game, seat: int) -> float:
        """The playout reward of ``seat`` at the end of a playout, in [0, 1]:
        ``0.5 * win + 0.5 * sigmoid(margin / scale)``, where a game that is not over
        counts its estimated margin for ``win`` too."""
        r = sigmoid(self.margins(game)[seat] / self.scale)
        wins = self.wins(game)
        return 0.5 * r + 0.5 * (wins[seat] if wins is not None else r)

    def wins(self, game: Game) -> list[float] | None:
        """Per seat 1 for a win (ties split) once the game is over, else None."""
        if not game.is_over:
            return None
        rows = game.summary()
        w = [1.0 if r.get("win") else 0.0 for r in rows]
        k = sum(w)
        return [x / k for x in w] if k else w


def margins_of(values: Sequence[float]) -> list[float]:
    """Per seat: its value minus the best other seat's (alone: its value)."""
    if len(values) == 1:
        return list(values)
    out = []
    for i, v in enumerate(values):
        out.append(v - max(values[j] for j in range(len(values)) if j != i))
    return out


def determinise(game: Game, seat: int, rng: random.Random, adapter: Adapter) -> Game:
    """A copy of ``game`` with everything ``seat`` cannot see dealt again from ``rng``.

    The unseen items are pooled in a canonical order before shuffling, so the copy
    depends only on what ``seat`` may know (its observation) and on ``rng``. The
    copy's own random generator is reseeded from ``rng`` too (future shuffles and
    dice are unknown).

    ``adapter`` is the game's (its bots' module declares it as ``SEARCH``).

    >>> from railkit.agents import module_of
    >>> from railkit.games import get_spec
    >>> spec = get_spec("station-master")
    >>> g = spec.new_game(None, players=3, seed=1)
    >>> d = determinise(g, 0, random.Random(5), module_of(spec).SEARCH())
    >>> d.hands[0] == g.hands[0], d.observe(0) == g.observe(0)
    (True, True)
    """
    d = adapter.clone(game)
    adapter.redeal(d, seat, rng)
    d.rng = random.Random(rng.getrandbits(64))
    return d


# ============================================================================ search
def sigmoid(x: float) -> float:
    """The logistic function (a score margin as a share in [0, 1])."""
    if x < -60.0:
        return 0.0
    return 1.0 / (1.0 + math.exp(-x))


#: a search's wall-clock cap per decision (ms) when none is given: the served apps' 900 ms. The
#: budget of playouts decides a move; the cap only cuts a search short on a slow or loaded
#: machine, which makes a run depend on the machine (a test that needs the same moves everywhere
#: sets it to math.inf)
DEFAULT_MAX_MS = 900.0


class MCTSAgent(Agent):
    """Information-set Monte Carlo search over medium's moves (see the module docstring).

    Parameters
    ----------
    seed : int or str, optional
        Seeds the search (determinisations, the playout bots' seeds).
    iterations : int
        Most playouts per decision, over all candidates (the budget; reproducible).
        At most ``iterations // 2`` candidates are searched.
    max_ms : float
        Wall-clock cap per decision in milliseconds (a safety net).
    depth : int or None
        Actions played after the candidate before the position is evaluated; None
        plays to the end of the game.
    steps : int or None
        Most actions simulated per decision, over all playouts: the playouts of the
        first determinisation measure how long a playout is here, and the number of
        playouts is cut to fit (never below two per candidate). Whole games are long
        early on and short near the end, so this keeps the cost of a decision level;
        it is a count too, so decisions stay reproducible. None: no such limit.
    width : int, optional
        Most candidates searched (default: the game's :attr:`Adapter.width`).
    z : float
        A candidate replaces medium's choice only if its mean paired gain over it
        exceeds ``z`` standard errors.

    Attributes
    ----------
    stats : list of tuple
        Per decision: (playouts, wall-clock ms, CPU ms, whether the cap cut it short,
        whether the move differs from medium's choice).
    last : dict
        The last searched decision: candidate text -> list of playout rewards.
    """

    name = "mcts"
    #: the game's search adapter (:class:`Adapter`) and its bots (``{name: class}``, the
    #: proposers and the rollout bot among them); set by :func:`mcts_class`
    adapter_class: type[Adapter] = Adapter
    bots: dict[str, type[Agent]] = {}
    default_iterations = 32
    default_depth: int | None = None
    default_steps: int | None = None
    #: budgets that replace the defaults at some player counts: {players: (iterations, depth, steps)}
    default_by_players: dict[int, tuple[int, int | None, int | None]] = {}

    def __init__(self, seed: int | str | None = None, *, iterations: int | None = None, max_ms: float | None = None,
                 depth: int | None | str = "default", steps: int | None | str = "default", width: int | None = None,
                 z: float = 1.0, adapter: type[Adapter] | None = None,
                 bots: dict[str, type[Agent]] | None = None) -> None:
        super().__init__(seed)
        self.seed = seed
        if adapter is not None:
            self.adapter_class = adapter
        if bots is not None:
            self.bots = bots
        self.adapter = self.adapter_class()
        self.iterations = int(iterations if iterations is not None else self.default_iterations)
        self.max_ms = float(DEFAULT_MAX_MS if max_ms is None else max_ms)
        self.depth = self.default_depth if depth == "default" else (None if depth is None else int(depth))
        self.steps = self.default_steps if steps == "default" else (None if steps is None else int(steps))
        # a budget given here holds at every player count; otherwise default_by_players may replace it
        self._given = (iterations is not None, depth != "default", steps != "default")
        self.width = int(width if width is not None else self.adapter.width)
        self.z = float(z)
        self._game: Game | None = None
        self._proposers: dict[tuple[str, int], Agent] = {}
        self._proposers_for: tuple[int, int] = (0, -1)  # (id of the game, log length) they follow
        self.stats: list[tuple[int, float, float, bool, bool]] = []
        self.last: dict[str, list[float]] = {}

    @property
    def game_name(self) -> str:
        """The name of the game searched (its adapter's)."""
        return self.adapter.game_name

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

    def _proposer(self, name: str, seat: int) -> Agent:
        """The heuristic bot ``name`` proposing the candidates of ``seat`` (kept for the
        game, as a bot of that name playing the seat would be)."""
        b = self._proposers.get((name, seat))
        if b is None:
            b = self._proposers[(name, seat)] = self.bots[name](f"{self.seed}-{name}-{seat}")
        return b

    def budget(self, players: int) -> tuple[int, int | None, int | None]:
        """(iterations, depth, steps) at a table of ``players``: the class's budget for that
        player count where it has one, except for the parts given to the constructor."""
        mine = (self.iterations, self.depth, self.steps)
        table = self.default_by_players.get(players)
        if table is None:
            return mine
        return tuple(m if given else t for m, t, given in zip(mine, table, self._given))  # type: ignore[return-value]

    # ------------------------------------------------------------ acting
    def act(self, observation: Any, legal: Sequence[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        game = self._find_game(observation)
        return self.search(game, observation["seat"], legal, observation)

    def search(self, game: Game, seat: int, legal: Sequence[Action] | None = None,
               observation: Any = None) -> Action:
        """The best candidate after the budget of playouts (medium's choice unless another
        candidate is clearly better)."""
        t0 = time.perf_counter()
        c0 = time.process_time()
        legal = list(legal if legal is not None else game.legal_actions())
        if observation is None:
            observation = game.observe(seat)
        key = (id(game), len(game.log))
        if key[0] != self._proposers_for[0] or key[1] < self._proposers_for[1]:
            self._proposers = {}  # another game, or one taken back: fresh proposers
        self._proposers_for = key
        allowed = set(legal)
        iterations, depth, steps = self.budget(game.players)
        # at least two playouts per candidate fit the budget
        width = max(1, min(self.width, max(2, iterations // 2)))
        cands = [a for a in self.adapter.candidates(self, observation, legal) if a in allowed][:width]
        self.last = {}
        if len(cands) <= 1:
            self.stats.append((0, (time.perf_counter() - t0) * 1000.0, (time.process_time() - c0) * 1000.0, False, False))
            return cands[0] if cands else legal[0]
        # one random stream per decision, from the bot's seed and the game's public length
        rng = random.Random(f"{self.seed}/{len(game.log)}/{self.rng.random()}")
        rewards: dict[Action, list[float]] = {a: [] for a in cands}
        base = cands[0]
        alive = list(cands)
        rounds = max(1, math.ceil(math.log2(len(cands))))
        deadline = t0 + self.max_ms / 1000.0
        done, simulated, cut = 0, 0, False
        budget = iterations
        for r in range(rounds):
            per = None
            k = 0
            while per is None or k < per:
                seed = rng.getrandbits(64)
                for a in alive:
                    reward, length = self._playout(game, seat, a, seed, depth)
                    rewards[a].append(reward)
                    done += 1
                    simulated += length
                k += 1
                if per is None:
                    if r == 0 and steps is not None:  # the first deal measured a playout's length
                        mean_len = max(1.0, simulated / len(alive))
                        budget = min(iterations, max(2 * len(cands), int(steps / mean_len)))
                    per = max(1, (budget - done + len(alive)) // (len(alive) * (rounds - r)))
                if time.perf_counter() > deadline:
                    cut = True
                    break
            if cut or r == rounds - 1:
                break
            ranked = sorted(alive, key=lambda a: (-_mean(rewards[a]), cands.index(a)))
            keep = math.ceil(len(alive) / 2)
            alive = ranked[:keep]
            if base not in alive:  # medium's choice stays as the reference
                alive = ranked[:max(1, keep - 1)] + [base]
        best = max(alive, key=lambda a: (_mean(rewards[a]), -cands.index(a)))
        if best != base:
            # paired: the first n playouts of both were played on the same determinisations
            n = min(len(rewards[best]), len(rewards[base]))
            diffs = [x - y for x, y in zip(rewards[best][:n], rewards[base][:n])]
            m = _mean(diffs)
            sd = math.sqrt(sum((x - m) ** 2 for x in diffs) / (n - 1)) if n > 1 else 0.0
            if n < 2 or m <= self.z * sd / math.sqrt(n) or m <= 0.0:
                best = base
        self.last = {str(a): list(v) for a, v in rewards.items()}
        self.stats.append((done, (time.perf_counter() - t0) * 1000.0, (time.process_time() - c0) * 1000.0, cut,
                           best != base))
        return best

    def _playout(self, game: Game, seat: int, action: Action, seed: int, depth: int | None) -> tuple[float, int]:
        """Reward for ``seat`` of ``action`` on the determinisation dealt from ``seed``, every
        seat then playing the rollout bot (seeded from ``seed`` too) for ``depth`` actions
        (None: to the end), and the actions played."""
        rng = random.Random(seed)
        d = determinise(game, seat, rng, self.adapter)
        d.apply_unchecked(action)
        cls = self.bots[self.adapter.rollout]
        bots: dict[int, Agent] = {}
        steps = 0
        while not d.is_over and (depth is None or steps < depth):
            s = d.current_player
            legal = d.legal_actions()
            if len(legal) == 1:
                a = legal[0]
            else:
                bot = bots.get(s)
                if bot is None:
                    bot = bots[s] = cls(f"{seed}-{s}")
                a = bot.act(observation_for(d, bot, s), legal)
            d.apply_unchecked(a)
            steps += 1
        return self.adapter.reward(d, seat), steps + 1


def _mean(xs: Sequence[float]) -> float:
    return sum(xs) / len(xs) if xs else float("-inf")


def mcts_class(adapter: type[Adapter], bots: dict[str, type[Agent]], name: str = "mcts", iterations: int = 32,
               depth: int | None = None, steps: int | None = None,
               by_players: Mapping[int, tuple[int, int | None, int | None]] | None = None) -> type[MCTSAgent]:
    """An agent class (constructed from a seed alone, as the registries expect) searching with
    ``adapter`` over ``bots`` (a game's ``AGENTS``); ``by_players`` replaces the budget at some
    player counts."""
    horizon = "to the end of the game" if depth is None else f"{depth} actions, then an evaluation"
    game = adapter.game_name
    return type(f"MCTS_{game.replace('-', '_')}_{name.replace('-', '_')}", (MCTSAgent,), {
        "name": name, "adapter_class": adapter, "bots": bots, "default_iterations": iterations,
        "default_depth": depth, "default_steps": steps, "default_by_players": dict(by_players or {}),
        "__doc__": f"Search over medium's moves for {game}: {iterations} playouts per decision, {horizon}.",
        "__module__": __name__,
    })
