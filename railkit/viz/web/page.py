"""One person's game against bots in a web page with no server: the Python half of the
pages ``railkit site`` builds, run by Pyodide in the browser (and by CPython in the tests).

The page's script asks a :class:`WebTable` for its :meth:`~WebTable.view` (a JSON text),
shows it, and sends back the moves the person clicks (:meth:`~WebTable.play`) and, one by
one with a pause between them, the bots' moves (:meth:`~WebTable.step_bot`). Everything the
view holds comes from the seat's own :meth:`~railkit.core.game.Game.observe` and the public
log: the page never sees the other hands, the decks or the seed.

A move is chosen in steps (``claim`` → a route → the cards): each action's text is split
into the steps of its game's ``web`` module (``railkit.viz.<game>.web.steps``), or into its
words. The page offers the distinct next steps as buttons, and any element of the board
drawing whose ``data-choice`` names one of them becomes clickable too.

>>> t = WebTable("station-master", players=2, seed=4, bots=["greedy"])
>>> v = json.loads(t.view())
>>> v["title"], v["seats"][0]["name"], v["your_turn"], v["over"]
('Station Master', 'You', True, False)
>>> choice = v["choices"][0]
>>> json.loads(t.play(" ".join(choice)))["error"]
''
>>> t.step_bot()
True
"""

from __future__ import annotations

import importlib
import json
from html import escape
from typing import Any, Callable, Sequence

from railkit.agents import agents_of
from railkit.core.errors import ActionSyntaxError, DataError, IllegalMove
from railkit.core.i18n import render
from railkit.core.game import Action, Game
from railkit.games import get_spec
from railkit.viz.shell.table import NotAllowed, Table, seat_names

#: the person's seat
SEAT = 0

def words(action: Action) -> list[str]:
    """The steps of a move where its game names none: its words."""
    return str(action).split(" ")


def game_web(package: str):
    """The game's ``railkit.viz.<game>.web`` module (its drawing and steps), or None."""
    try:
        return importlib.import_module(f"railkit.viz.{package}.web")
    except ModuleNotFoundError as exc:
        if exc.name != f"railkit.viz.{package}.web":
            raise
        return None


def plain_board(observation: Any) -> str:
    """A game's public facts as a definition list, where its ``web`` module draws nothing."""
    rows = []
    for key, value in (observation.items() if isinstance(observation, dict) else []):
        if isinstance(value, (str, int, float, bool)) or value is None:
            rows.append(f"<dt>{escape(str(key))}</dt><dd>{escape(str(value))}</dd>")
    return f"<dl class='facts'>{''.join(rows)}</dl>"


class WebTable:
    """A person (seat 0) against bots, for a page with no server.

    Parameters
    ----------
    game : str
        A game's name (``railkit.games.names()``).
    players : int, optional
        Seats, the person's included; the game's usual table when not given (alone
        against its solo opponent where it has one).
    seed : int, optional
        The game's seed (a fresh one when not given).
    bots : list of str, optional
        The bots, seat 1 first (repeated); the game's default bot when not given.
    **options
        Game options (``map``, ``difficulty`` ...).
    """

    def __init__(self, game: str, players: int | None = None, seed: int | None = None,
                 bots: Sequence[str] | None = None, **options: Any) -> None:
        self.spec = get_spec(game)
        known = agents_of(self.spec)
        for name in bots or []:
            if name not in known:
                raise DataError("bots", "$", "one of " + ", ".join(known), name)
        if players is None:
            players = 1 if self.spec.solo_opponent else self.spec.solo_players
        if players == 1 and not self.spec.solo_opponent:
            raise DataError("players", "$", f"2 to {self.spec.max_players} players for {self.spec.title}", players)
        self.web = game_web(self.spec.package)
        self.steps: Callable[[Action], list[str]] = getattr(self.web, "steps", words)
        self.table = Table(players=players, humans=[SEAT], bots=list(bots or [self.spec.default_bot]), seed=seed,
                           game=self.spec.name, **options)
        describe = getattr(self.web, "describe", None)
        if describe is not None:
            self.table.set_describe(describe)

    @property
    def game(self) -> Game:
        return self.table.game

    def names(self) -> list[str]:
        """The seats' names as the page shows them: the person is "You"."""
        names = seat_names(self.game)
        return ["You" if s == SEAT else name for s, name in enumerate(names)]

    def status(self) -> str:
        g = self.game
        if g.is_over:
            return "The game is over."
        cp = g.current_player
        if cp == SEAT:
            return "Your turn."
        return f"{self.names()[cp]} is thinking…" if cp is not None else ""

    def scores(self) -> list[Any]:
        """Each seat's score so far, from the seat's own observation (public)."""
        obs = self.game.observe(SEAT)
        scores = obs.get("scores") if isinstance(obs, dict) else None
        if scores is None and isinstance(obs, dict) and "players_view" in obs:
            scores = [p.get("score") for p in obs["players_view"]]
        return list(scores) if scores is not None else [None] * self.game.players

    def ranking(self) -> list[dict]:
        """The end of the game: each seat's place, name and score, best first."""
        names = self.names()
        rows = []
        for seat, row in enumerate(self.game.summary()):
            name = names[seat] if seat < len(names) else str(row.get("name", seat))
            rows.append({"seat": seat, "name": name, "score": row.get("score"), "rank": row.get("rank")})
        rows.sort(key=lambda r: (r["rank"] if r["rank"] is not None else 99, -(r["score"] or 0)))
        return rows

    def view(self) -> str:
        """Everything the page shows, as a JSON text (the seat's own observation only)."""
        g = self.game
        t = self.table
        obs = g.observe(SEAT)
        names = self.names()
        your_turn = not g.is_over and g.current_player == SEAT
        choices = [self.steps(a) for a in g.legal_actions()] if your_turn else []
        undo, why_not = t.undo_check(SEAT)
        why_not = render(why_not)  # a message in the current language
        draw = getattr(self.web, "render", None)
        scores = self.scores()
        board = draw(obs, g) if draw is not None else plain_board(obs)
        log = [{"seat": s, "name": names[s] if s is not None and s < len(names) else "", "text": render(text)}
               for s, text in zip(t.actors, t.log_text)]
        return json.dumps({
            "game": self.spec.name, "title": self.spec.title,
            "seats": [{"seat": s, "name": n, "human": s == SEAT, "bot": t.bot_names.get(s, ""),
                       "score": scores[s] if s < len(scores) else None,
                       "colour": self.spec.palette[s] if s < len(self.spec.palette) else "#555"}
                      for s, n in enumerate(names)],
            "solo_opponent": self.spec.solo_opponent if g.players == 1 else "",
            "status": self.status(), "your_turn": your_turn, "bot_to_move": t.bot_to_move() is not None,
            "over": g.is_over, "ranking": self.ranking() if g.is_over else [],
            "choices": choices, "board": board, "log": log[-40:], "moves": len(log),
            "undo": undo, "undo_why_not": why_not,
        })

    def _answer(self, error: str = "") -> str:
        data = json.loads(self.view())
        data["error"] = error
        return json.dumps(data)

    def play(self, text: str) -> str:
        """Play the person's move ``text`` (its steps joined by spaces, or its action text);
        the new view, with ``error`` the reason when it was refused (nothing changed)."""
        wanted = " ".join(str(text).split())
        for action in self.game.legal_actions():
            if " ".join(self.steps(action)) == wanted:
                text = str(action)
                break
        err = self.table.apply(SEAT, text)
        if err is None:
            return self._answer()
        if isinstance(err, (IllegalMove, ActionSyntaxError, NotAllowed)):
            return self._answer(str(err))
        raise err

    def step_bot(self) -> bool:
        """One bot move, if a bot is to move (the page pauses between them to show each)."""
        return self.table.step_bot()

    def undo(self) -> str:
        """Take back the person's last move and the bots' answers; the new view."""
        n, why = self.table.undo_check(SEAT)
        if not n:
            return self._answer(render(why))
        self.table.undo(SEAT)
        return self._answer()

    def new_game(self, seed: int | None = None) -> str:
        """A fresh game with the same seats and options; the new view."""
        self.table.new_game(seed=seed)
        return self._answer()


def _whole(text: str, field: str, low: int, high: int) -> int:
    if not (text.isascii() and text.isdigit() and len(text) <= 9 and low <= int(text) <= high):
        raise DataError("the page's address", field, f"a whole number from {low} to {high}", text)
    return int(text)


def table_from_options(options_json: str) -> WebTable:
    """A :class:`WebTable` from a page's address (its query as a JSON object of texts):
    ``game``, and optionally ``players``, ``seed``, ``bots`` (comma-separated), ``difficulty``
    (the solo opponent's level) and the game's address options (``map`` ...). Anything else,
    or a value out of range, is refused with the field named."""
    options = json.loads(options_json)
    if not isinstance(options, dict) or not isinstance(options.get("game"), str):
        raise DataError("the page's address", "game", "a game's name (?game=...)", options.get("game"))
    spec = get_spec(options.pop("game"))
    kwargs: dict[str, Any] = {}
    if "players" in options:
        low = 1 if spec.solo_opponent else spec.min_players
        kwargs["players"] = _whole(options.pop("players"), "players", low, spec.max_players)
    if "seed" in options:
        kwargs["seed"] = _whole(options.pop("seed"), "seed", 0, 999_999_999)
    if "bots" in options:
        kwargs["bots"] = [b for b in options.pop("bots").split(",") if b]
    if "difficulty" in options:
        level = options.pop("difficulty")
        if level not in spec.solo_levels:
            raise DataError("the page's address", "difficulty", "one of " + ", ".join(spec.solo_levels), level)
        kwargs["difficulty"] = level
    for key in list(options):
        if key not in spec.url_options:
            raise DataError("the page's address", key, "one of game, players, seed, bots, difficulty"
                            + "".join(", " + o for o in spec.url_options), options[key])
        kwargs[key] = options.pop(key)
    return WebTable(spec.name, **kwargs)
