"""A game table: one Ticket to Ride game, who sits where (a person or a bot),
and a version counter the browser sessions watching it poll.

The table holds no UI code, so it is easy to test; the
:class:`~railkit.viz.controller.GameController` shows one seat of it.

>>> t = Table(players=2, humans=[0], bots=["random"], seed=3, map="teaching-small")
>>> t.game.current_player, t.is_human(0), t.is_human(1)
(0, True, False)
>>> t.apply(0, "keep tickets 1,2") is None
True
>>> t.step_bot()
True
>>> t.actors
[0, 1]
"""

from __future__ import annotations

import io
import json
import threading
import time
from typing import Sequence

import param

from railkit.core.errors import ActionSyntaxError, DataError, IllegalMove
from railkit.core.game import Action, Agent
from railkit.core.jsonio import loads_json


class NotYourTurn(ValueError):
    """A browser tried to act for a seat that is not to move (not a rule of the game)."""

    def __init__(self, reason: str, hint: str = "") -> None:
        self.rule = ""
        self.reason = reason
        self.hint = hint
        super().__init__(reason)


def _spec():
    from railkit.games.ticket_to_ride import SPEC

    return SPEC


class Table:
    """One game and its seats.

    Parameters
    ----------
    players : int
        Number of seats.
    humans : sequence of int
        Seats played by people (0-based); the others are bots.
    bots : sequence of str
        Agent names for the bot seats, in seat order (cycled if short).
    rules : TicketToRideRules or dict, optional
    seed : int
    map : str
        Map name or path.
    names : list of str, optional
        Seat names.
    """

    def __init__(self, players: int = 2, humans: Sequence[int] = (0,), bots: Sequence[str] = ("greedy-route",),
                 rules: param.Parameterized | dict | None = None, seed: int = 0, map: str = "usa",
                 names: list[str] | None = None, bot_delay: float = 0.5) -> None:
        self.lock = threading.RLock()
        self.bot_delay = bot_delay
        self.version = 0
        self.last_move_time = 0.0
        self.new_game(players=players, humans=humans, bots=bots, rules=rules, seed=seed, map=map, names=names)

    # ------------------------------------------------------------ set up
    def new_game(self, players: int = 2, humans: Sequence[int] = (0,), bots: Sequence[str] = ("greedy-route",),
                 rules=None, seed: int = 0, map: str = "usa", names: list[str] | None = None) -> None:
        """Start a fresh game at this table (every session watching it follows)."""
        spec = _spec()
        options = {"map": map}
        if names:
            options["names"] = list(names)
        game = spec.new_game(rules, players=players, seed=seed, **options)
        self._install(game, humans, bots)

    def _install(self, game, humans: Sequence[int], bots: Sequence[str]) -> None:
        spec = _spec()
        humans = sorted({int(h) for h in humans if 0 <= int(h) < game.players})
        bot_seats = [s for s in range(game.players) if s not in humans]
        bots = list(bots) or ["random"]
        agents: dict[int, Agent] = {}
        self.bot_names: dict[int, str] = {}
        for k, s in enumerate(bot_seats):
            name = bots[k % len(bots)]
            agents[s] = spec.make_agent(name, f"{game.seed}-{s}")
            self.bot_names[s] = name
        with self.lock:
            self.game = game
            self.humans = humans
            self.agents = agents
            self.actors = actors_of(game)
            self.version += 1

    def load_json(self, data: bytes | str | dict, source: str = "<upload>", humans: Sequence[int] | None = None,
                  bots: Sequence[str] | None = None) -> None:
        """Replace the game by a saved one (raises DataError naming the file and field)."""
        if isinstance(data, bytes):
            try:
                data = data.decode("utf-8")
            except UnicodeDecodeError as exc:
                raise DataError(source, "$", f"UTF-8 text ({exc.reason})") from None
        if isinstance(data, str):
            data = loads_json(data, source)
        game = _spec().game_class.from_json(data, source)
        self._install(game, self.humans if humans is None else humans,
                      list(self.bot_names.values()) if bots is None else bots)

    def to_json_bytes(self) -> io.BytesIO:
        """The game as a JSON file in memory (for a download button)."""
        return io.BytesIO((json.dumps(self.game.to_json(), indent=2) + "\n").encode("utf-8"))

    def take_seat(self, seat: int) -> None:
        """A person takes over ``seat`` (until now played by a bot)."""
        with self.lock:
            if not 0 <= seat < self.game.players:
                raise DataError("seat", "$", f"a seat from 1 to {self.game.players}", seat + 1)
            if seat not in self.humans:
                self.humans = sorted(self.humans + [seat])
                self.agents.pop(seat, None)
                self.bot_names.pop(seat, None)
                self.version += 1

    # ------------------------------------------------------------ play
    def is_human(self, seat: int) -> bool:
        return seat in self.humans

    def seat_label(self, seat: int) -> str:
        name = self.game.names[seat]
        return name if self.is_human(seat) else f"{name} (bot: {self.bot_names.get(seat, '?')})"

    def check(self, seat: int, action: Action | str):
        """Why ``seat`` may not play ``action`` now (an error with ``.reason``), or None."""
        g = self.game
        if g.is_over:
            return g.why_illegal(action)
        cp = g.current_player
        if cp != seat:
            return NotYourTurn(f"It is {g.names[cp]}'s turn, not {g.names[seat]}'s.",
                               "Wait until the other players have moved.")
        return g.why_illegal(action)

    def apply(self, seat: int, action: Action | str):
        """Play ``action`` for ``seat``; returns None, or the error explaining why not (nothing changes)."""
        with self.lock:
            err = self.check(seat, action)
            if err is not None:
                return err
            try:
                self.game.apply(action)
            except (IllegalMove, ActionSyntaxError) as exc:  # pragma: no cover - check() said legal
                return exc
            self.actors.append(seat)
            self.version += 1
            self.last_move_time = time.monotonic()
        return None

    def bot_to_move(self) -> int | None:
        g = self.game
        if g.is_over:
            return None
        cp = g.current_player
        return cp if cp in self.agents else None

    def step_bot(self) -> bool:
        """Let the bot to move play one action; False if no bot is to move."""
        with self.lock:
            seat = self.bot_to_move()
            if seat is None:
                return False
            g = self.game
            action = self.agents[seat].act(g.observe(seat), g.legal_actions())
            g.apply(action)
            self.actors.append(seat)
            self.version += 1
            self.last_move_time = time.monotonic()
        return True

    def run_bots(self, max_steps: int = 100_000) -> int:
        """Let bots play until a person is to move or the game ends; returns the number of actions."""
        n = 0
        while n < max_steps and self.step_bot():
            n += 1
        return n

    def undo(self, seat: int) -> int:
        """Take back everything since ``seat``'s last action, that action included.

        Returns the number of actions undone (0 if ``seat`` has not played yet).
        """
        with self.lock:
            mine = [i for i, s in enumerate(self.actors) if s == seat]
            if not mine:
                return 0
            n = len(self.actors) - mine[-1]
            self.game.undo(n)
            del self.actors[mine[-1]:]
            self.version += 1
        return n


def actors_of(game) -> list[int]:
    """The seat that played each action of ``game.log`` (by replaying it)."""
    g = game.fresh()
    out = []
    for a in game.log:
        out.append(g.current_player)
        g.apply(a)
    return out
