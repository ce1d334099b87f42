"""The game protocol shared by every railkit game.

A game is *rules* (a ``param.Parameterized`` variant config, frozen at the
start), *state* (what changes) and *actions* (small frozen dataclasses with a
text form). Everything that happens is an action in :attr:`Game.log`, so
``(config, rules, seed, actions)`` reproduces a game exactly: that is how
replay, undo and save/load work.

A concrete game subclasses :class:`Game` and implements

* ``_setup()`` -- deal the starting position from ``self.rng``;
* ``legal_actions()`` -- every legal action now, in a deterministic order;
* ``_check(action)`` -- raise :class:`~railkit.core.errors.IllegalMove` if illegal;
* ``_do(action)`` -- change the state (``action`` is known to be legal);
* ``parse_action(text)`` -- the inverse of ``str(action)``;
* ``observe(seat)`` -- what one seat may see (JSON-able dict);
* ``current_player`` / ``is_over`` properties and ``summary()``.
"""

from __future__ import annotations

import copy
import random
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, ClassVar, Sequence

import param

from railkit.core.errors import ActionSyntaxError, DataError, IllegalMove
from railkit.core.i18n import Message
from railkit.core.jsonio import read_json, write_json_atomic
from railkit.core.saves import MAX_ACTION_CHARS, SAVE_FORMAT, check_digest, check_save, digest, relocate


class Action:
    """Base class of actions: subclasses are frozen dataclasses whose
    ``__str__`` is the action's text form (parsed back by ``Game.parse_action``)."""

    __slots__ = ()


class Agent:
    """A bot. It sees only its seat's observation and the legal actions.

    Subclasses set :attr:`name` and implement :meth:`act`. ``seed`` seeds the
    bot's own random generator, so bot games are reproducible.
    """

    name: ClassVar[str] = "agent"
    #: False for bots that never read the observation (the play loop then skips
    #: building it and passes None): a large saving for random playouts.
    needs_observation: ClassVar[bool] = True
    #: True for bots that only read their observation, never change it: the play loop then
    #: hands them ``game.observe_shared(seat)``, which may share parts the game keeps.
    reads_observation_only: ClassVar[bool] = False

    def __init__(self, seed: int | str | None = None) -> None:
        self.rng = random.Random(seed)

    def act(self, observation: Any, legal: Sequence[Action]) -> Action:  # pragma: no cover - interface
        raise NotImplementedError

    def bind(self, game: "Game") -> None:
        """Called by whoever runs the game (:func:`play`, a table) before the bot acts.

        Most bots ignore it. A search bot keeps ``game`` to play out copies of it,
        and deals every copy's hidden parts anew from what its seat may know
        (:mod:`railkit.agents.mcts`); it never reads them.
        """

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name!r}>"


def rules_to_dict(rules: param.Parameterized) -> dict:
    """The rule settings of ``rules`` as a plain dict (without ``name``)."""
    return {k: v for k, v in rules.param.values().items() if k != "name"}


def rules_from_dict(cls: type[param.Parameterized], values: dict, source: str = "rules",
                    path: str = "$") -> param.Parameterized:
    """Build a rules object, turning unknown keys and bad values into :class:`DataError`."""
    if not isinstance(values, dict):
        raise DataError(source, path, "an object of rule settings", values)
    known = set(cls.param) - {"name"}
    for key in values:
        if key not in known:
            raise DataError(source, f"{path}.{key}", "one of the rule settings " + ", ".join(sorted(known)), key)
    rules = cls()
    for key, value in values.items():
        try:
            setattr(rules, key, value)
        except (ValueError, TypeError) as exc:
            raise DataError(source, f"{path}.{key}", _param_expectation(cls.param[key]), value) from exc
    return rules


def _param_expectation(p: param.Parameter) -> str:
    doc = (p.doc or "").strip().rstrip(".")
    kind = {"integer": "whole number", "number": "number", "boolean": "true or false"}.get(
        type(p).__name__.lower(), type(p).__name__.lower())
    bounds = getattr(p, "bounds", None)
    text = kind if kind == "true or false" else f"{'an' if kind[0] in 'aeiou' else 'a'} {kind}"
    if bounds:
        lo, hi = bounds
        text += f" between {lo} and {hi}"
    objs = getattr(p, "objects", None)
    if objs:
        text = "one of " + ", ".join(map(str, objs))
    return f"{text} ({doc})" if doc else text


_FROZEN: dict[tuple, param.Parameterized] = {}
_FROZEN_IDS: dict[int, param.Parameterized] = {}  # id -> frozen copy (kept alive by both dicts)


def frozen_rules(rules: param.Parameterized) -> param.Parameterized:
    """A read-only copy of ``rules`` (every setting constant), shared by all
    games with the same settings: games start fast and no one can change a
    running game's rules by accident.

    >>> import param
    >>> class R(param.Parameterized):
    ...     trains = param.Integer(45, bounds=(1, 99))
    >>> r = frozen_rules(R(trains=30))
    >>> r.trains, r is frozen_rules(R(trains=30))
    (30, True)
    >>> try:
    ...     r.trains = 5
    ... except TypeError as e:
    ...     print("read-only")
    read-only
    """
    import json

    if _FROZEN_IDS.get(id(rules)) is rules:
        return rules  # already a frozen copy (fresh games, replays, undo)
    values = rules_to_dict(rules)
    # repr keeps number keys apart from their text (json.dumps turns 1 into "1")
    key = (type(rules), json.dumps(values, sort_keys=True, default=repr), repr(values))
    copy = _FROZEN.get(key)
    if copy is None:
        copy = type(rules)(**values)
        for name in values:
            copy.param[name].constant = True
        if len(_FROZEN) > 512:
            _FROZEN.clear()
            _FROZEN_IDS.clear()
        _FROZEN[key] = copy
        _FROZEN_IDS[id(copy)] = copy
    return copy


_DEFAULTS: dict[type, tuple[list, param.Parameterized]] = {}


def default_rules(cls: type[param.Parameterized]) -> param.Parameterized:
    """``frozen_rules(cls())``, kept while the class defaults stay the same: a game
    started without rules skips making and copying a rules object (the costly part
    of starting one in simulations).

    >>> import param
    >>> class R(param.Parameterized):
    ...     trains = param.Integer(45, bounds=(1, 99))
    >>> default_rules(R) is default_rules(R), default_rules(R).trains
    (True, 45)
    >>> R.trains = 30
    >>> default_rules(R).trains
    30
    >>> class L(param.Parameterized):
    ...     bonus = param.List([0, 1])
    >>> _ = default_rules(L); L.param.bonus.default.append(2); default_rules(L).bonus
    [0, 1, 2]
    """
    defaults = [(n, p.default) for n, p in cls.param.objects("existing").items()]
    hit = _DEFAULTS.get(cls)
    if hit is not None and hit[0] == defaults:
        return hit[1]
    rules = frozen_rules(cls())
    _DEFAULTS[cls] = (copy.deepcopy(defaults), rules)  # a copy: a list default changed in place is a change
    return rules


#: the most digits of one number in an action's text (no game counts that far)
MAX_ACTION_DIGITS = 6
_LONG_NUMBER = re.compile(rf"\d{{{MAX_ACTION_DIGITS + 1},}}")


def action_text(text: Any, forms: Sequence[str]) -> str:
    """``text``, checked to be something a game's action parser may read: text of at most
    :data:`~railkit.core.saves.MAX_ACTION_CHARS` characters whose numbers have at most
    :data:`MAX_ACTION_DIGITS` digits. Anything else is an :class:`ActionSyntaxError`
    (listing ``forms``), raised before any number is converted.

    >>> action_text("draw faceup 2", ["draw faceup N"])
    'draw faceup 2'
    >>> action_text("draw faceup " + "9" * 20, ["draw faceup N"])
    Traceback (most recent call last):
    ...
    railkit.core.errors.ActionSyntaxError: Cannot read the action 'draw faceup 99999999999999999999'. A number in an action has at most 6 digits. Expected one of: draw faceup N
    """
    if not isinstance(text, str):
        raise ActionSyntaxError(repr(text)[:60], list(forms), "Actions are text.")
    shown = text if len(text) <= 60 else text[:60] + "..."
    if len(text) > MAX_ACTION_CHARS:
        raise ActionSyntaxError(shown, list(forms), f"An action is at most {MAX_ACTION_CHARS} characters long.")
    if _LONG_NUMBER.search(text):
        raise ActionSyntaxError(shown, list(forms), f"A number in an action has at most {MAX_ACTION_DIGITS} digits.")
    return text


def parse_rule_assignments(items: Sequence[str], cls: type[param.Parameterized], source: str = "--rules") -> dict:
    """Parse rule settings from the command line into typed rule settings.

    Each item is ``key=value`` (the value read as JSON when possible: ``3``, ``true``,
    ``[1,2]``, else as text) or a JSON object of several settings; both forms may be
    mixed, a later item winning. Never NaN, Infinity or a huge number
    (:func:`~railkit.core.jsonio.loads_value`).

    >>> class Rules(param.Parameterized):
    ...     trains = param.Integer(45)
    ...     longest_bonus = param.Integer(10)
    >>> parse_rule_assignments(["trains=30", '{"longest-bonus": 0}'], Rules)
    {'trains': 30, 'longest_bonus': 0}
    """
    from railkit.core.jsonio import loads_json, loads_value

    out: dict[str, Any] = {}
    for item in items:
        if item.lstrip().startswith("{"):
            settings = loads_json(item, source)
            if not isinstance(settings, dict):
                raise DataError(source, "$", "a JSON object of rule settings or key=value", item)
            out.update({str(k).replace("-", "_"): v for k, v in settings.items()})
            continue
        if "=" not in item:
            raise DataError(source, item, "key=value or a JSON object such as {\"trains\": 30}")
        key, raw = item.split("=", 1)
        key = key.strip().replace("-", "_")
        out[key] = loads_value(raw, source, key)
    rules_from_dict(cls, out, source)  # validate now, with a clear message
    return out


def seat_label(seat: int) -> Message:
    """The name of a seat that a game does not name: "Player 1" for seat 0, "Player 2" ..., as
    a message, so that each reader sees it in their language ("Spieler 1", "プレイヤー1").

    >>> seat_label(0).render("en"), seat_label(1).render("da")
    ('Player 1', 'Spiller 2')
    """
    return Message("Player {n}", n=seat + 1)


class Game:
    """Base class: event log, checked apply, undo, replay and JSON save/load."""

    #: registry name: the game package's folder name with ``-`` for ``_``
    game_name: ClassVar[str] = ""
    #: the game's ``param.Parameterized`` rules class
    rules_class: ClassVar[type[param.Parameterized]]
    #: the fewest and the most seats a game may have
    min_players: ClassVar[int] = 1
    max_players: ClassVar[int] = 99
    #: the game options that name a data file in railkit's maps folder (``("map",)``): a save
    #: from someone else may give only a name there, never another path
    file_options: ClassVar[tuple[str, ...]] = ()

    def __init__(self, rules: param.Parameterized | dict | None = None, *, players: int = 2,
                 seed: int = 0, **options: Any) -> None:
        if rules is None:
            rules = default_rules(self.rules_class)
        elif isinstance(rules, dict):
            rules = rules_from_dict(self.rules_class, rules)
        # Frozen copy: changing the caller's object later does not touch this game.
        self.rules = frozen_rules(rules)
        self.players = int(players)
        self.seed = seed
        self.options = dict(options)
        self.rng = random.Random(seed)
        self.log: list[Action] = []
        self._setup()

    # ----------------------------------------------------------------- protocol
    def _setup(self) -> None:  # pragma: no cover - interface
        raise NotImplementedError

    def legal_actions(self) -> list[Action]:  # pragma: no cover - interface
        raise NotImplementedError

    def _check(self, action: Action) -> None:  # pragma: no cover - interface
        raise NotImplementedError

    def _do(self, action: Action) -> None:  # pragma: no cover - interface
        raise NotImplementedError

    def parse_action(self, text: str) -> Action:  # pragma: no cover - interface
        raise NotImplementedError

    def observe(self, seat: int) -> Any:  # pragma: no cover - interface
        raise NotImplementedError

    def observe_shared(self, seat: int) -> Any:
        """What :meth:`observe` gives ``seat``, for a reader that changes nothing in it and is
        done with it before the next action (a bot with ``reads_observation_only``). A game may
        then hand out parts it keeps instead of copies; this one copies (:meth:`observe`)."""
        return self.observe(seat)

    @property
    def current_player(self) -> int | None:  # pragma: no cover - interface
        raise NotImplementedError

    @property
    def is_over(self) -> bool:  # pragma: no cover - interface
        raise NotImplementedError

    def summary(self) -> list[dict]:  # pragma: no cover - interface
        """One dict per seat: ``seat``, ``score``, ``win`` (bool), ``rank`` and the
        score breakdown plus game facts, as scalars or lists of strings."""
        raise NotImplementedError

    # ----------------------------------------------------------------- checked play
    def _coerce(self, action: Action | str) -> Action:
        if isinstance(action, str):
            return self.parse_action(action)
        if not isinstance(action, Action):
            raise ActionSyntaxError(repr(action), [], "Actions are railkit Action objects or their text form.")
        return action

    def why_illegal(self, action: Action | str) -> IllegalMove | ActionSyntaxError | None:
        """The error :meth:`apply` would raise for ``action``, or ``None`` if it is legal."""
        try:
            action = self._coerce(action)
            self._check(action)
        except (IllegalMove, ActionSyntaxError) as exc:
            return exc
        return None

    def is_legal(self, action: Action | str) -> bool:
        return self.why_illegal(action) is None

    def apply(self, action: Action | str) -> Action:
        """Check and play one action (an Action or its text); returns the action.

        Raises
        ------
        IllegalMove
            The rules forbid it; nothing changed.
        ActionSyntaxError
            The text is not an action of this game.
        """
        if not isinstance(action, Action):
            action = self._coerce(action)
        self._check(action)
        self._do(action)
        self.log.append(action)
        return action

    def apply_unchecked(self, action: Action) -> None:
        """Play an action known to be legal (from :meth:`legal_actions`): the
        simulation fast path. Never use it on user input."""
        self._do(action)
        self.log.append(action)

    # ----------------------------------------------------------------- replay
    def config(self) -> dict:
        """What (with the actions) reproduces this game: JSON-able."""
        return {
            "game": self.game_name,
            "format": SAVE_FORMAT,
            "players": self.players,
            "seed": self.seed,
            "options": self.options,
            "rules": rules_to_dict(self.rules),
        }

    def fresh(self) -> "Game":
        """A new game with the same config and no actions played."""
        return type(self)(self.rules, players=self.players, seed=self.seed, **self.options)

    def replay(self, actions: Sequence[Action | str], *, source: str = "actions") -> "Game":
        """A fresh game with ``actions`` applied (checked); errors name the step."""
        game = self.fresh()
        for i, a in enumerate(actions):
            try:
                game.apply(a)
            except (IllegalMove, ActionSyntaxError) as exc:
                raise DataError(source, f"$.actions[{i}]", f"a legal action at step {i + 1} ({exc})", str(a)) from None
        return game

    def undo(self, steps: int = 1) -> None:
        """Take back the last ``steps`` actions (replays the shorter log)."""
        if steps < 0 or steps > len(self.log):
            raise IllegalMove("UNDO", Message("Cannot undo {steps} action(s): only {played} were played.",
                                              steps=steps, played=len(self.log)))
        other = self.replay(self.log[: len(self.log) - steps])
        # every attribute: those in __dict__ and, for a mypyc-compiled game class, its native ones
        for name in (*getattr(type(other), "__mypyc_attrs__", ()), *vars(other)):
            if name != "__dict__" and hasattr(other, name):
                setattr(self, name, getattr(other, name))

    def history(self, upto: int) -> "Game":
        """The game as it was after the first ``upto`` actions (for replay sliders)."""
        return self.replay(self.log[:upto])

    # ----------------------------------------------------------------- save / load
    def to_json(self) -> dict:
        """The save: the config, the actions' texts and a digest of both
        (see :mod:`railkit.core.saves`)."""
        data = self.config()
        data["actions"] = [str(a) for a in self.log]
        data["digest"] = digest(data)
        return data

    def save(self, path: str | Path) -> Path:
        """Save to JSON atomically (a temp file renamed over ``path``)."""
        return write_json_atomic(path, self.to_json())

    @classmethod
    def from_json(cls, data: Any, source: str = "<saved game>", *, paths: bool = True) -> "Game":
        """The game a save holds, replayed and checked (:mod:`railkit.core.saves`).

        ``paths=False`` for a save from someone else (a browser's upload): each of its
        :attr:`file_options` (a map, a sheet) must then be a name from railkit's maps
        folder, never another path.

        Raises
        ------
        DataError
            Naming ``source`` and the field: a save that does not match the
            format, the game's bounds, its own actions or its digest.
        """
        options = check_save(data, cls.game_name, cls.min_players, cls.max_players, source, paths=paths,
                             file_options=cls.file_options)
        rules = rules_from_dict(cls.rules_class, data["rules"], source, "$.rules")
        try:
            game = cls(rules, players=data["players"], seed=data["seed"], **options)
        except DataError as exc:
            raise relocate(exc, source) from None
        except (ValueError, TypeError) as exc:
            raise DataError(source, "$", f"a valid game setup ({exc})") from None
        game = game.replay(data["actions"], source=source)
        check_digest(data, source)
        return game

    @classmethod
    def load(cls, path: str | Path) -> "Game":
        return cls.from_json(read_json(path), str(path))


#: The seats' colours on screen in every game, seat 0 first: purple, teal, brown, mint, lilac,
#: maroon. Every two stay at least 25 apart (CIECAM02-UCS colour difference) in normal vision and
#: under simulated protanopia, deuteranopia and tritanopia, and far from every card colour of the
#: route game's board (CIE76 37 or more, CIECAM02-UCS 22 or more); tests/viz/shell/test_seat_colours.py
#: measures it.
SEAT_PALETTE = ("#9224ff", "#006d6d", "#926d24", "#00ff6d", "#dbb6ff", "#6d0000")


@dataclass(frozen=True)
class GameSpec:
    """What the command line, the simulator and the notebooks need to know of a game."""

    name: str
    title: str
    game_class: type[Game]
    presets: dict[str, dict] = field(default_factory=dict)
    #: the bot ``railkit simulate`` seats where none is named
    default_agent: str = "random"
    #: the bot a served table seats against people where none is named
    default_bot: str = "random"
    #: players at a table of one person against bots (the game's usual table)
    solo_players: int = 2
    #: the engine's attributes that hold what nobody may see (decks, bags): a move that takes
    #: from one of them draws blind, so no seat may take it back
    hidden: tuple[str, ...] = ()
    #: the seats' colours on screen, seat 0 first (hex): one palette for every game
    palette: tuple[str, ...] = SEAT_PALETTE
    #: the game options a page's address may set (``?map=usa``)
    url_options: tuple[str, ...] = ()
    #: the name of the opponent a person plays alone against (players=1), "" for none
    solo_opponent: str = ""
    #: that opponent's levels, easiest first (the game option ``difficulty``)
    solo_levels: tuple[str, ...] = ()

    @property
    def package(self) -> str:
        """The game's module name in every layer: ``railkit.games.<package>``,
        ``railkit.agents.<package>``, ``railkit.rl.<package>``, ``railkit.viz.<package>``."""
        return self.name.replace("-", "_")

    @property
    def rules_class(self) -> type[param.Parameterized]:
        return self.game_class.rules_class

    @property
    def min_players(self) -> int:
        """The fewest seats (:attr:`Game.min_players`)."""
        return self.game_class.min_players

    @property
    def max_players(self) -> int:
        """The most seats (:attr:`Game.max_players`)."""
        return self.game_class.max_players

    @property
    def file_options(self) -> tuple[str, ...]:
        """The options that name a data file (:attr:`Game.file_options`)."""
        return self.game_class.file_options

    def make_rules(self, preset: str | None = None, overrides: dict | None = None) -> param.Parameterized:
        values: dict = {}
        if preset:
            if preset not in self.presets:
                raise DataError("--preset", "$", "one of " + ", ".join(self.presets), preset)
            values.update(self.presets[preset])
        values.update(overrides or {})
        return rules_from_dict(self.rules_class, values, "rules")

    def new_game(self, rules: param.Parameterized | dict | None = None, players: int = 2,
                 seed: int = 0, **options: Any) -> Game:
        if not self.min_players <= players <= self.max_players:
            raise DataError("--players", "$", f"{self.min_players} to {self.max_players} players for {self.title}", players)
        return self.game_class(rules, players=players, seed=seed, **options)


def observer(game: Game, agent: Any) -> Callable[[int], Any] | None:
    """How ``agent`` is handed its observation at a seat: None if it reads none
    (``needs_observation`` False), :meth:`Game.observe_shared` if it only reads it
    (``reads_observation_only``), else :meth:`Game.observe` (its own copy)."""
    if not getattr(agent, "needs_observation", True):
        return None
    if getattr(agent, "reads_observation_only", False):
        return game.observe_shared
    return game.observe


def observation_for(game: Game, agent: Any, seat: int) -> Any:
    """What ``agent`` is handed at ``seat`` (see :func:`observer`)."""
    see = observer(game, agent)
    return None if see is None else see(seat)


def play(game: Game, agents: Sequence[Agent], *, max_actions: int = 100_000,
         checked: bool = True, on_action: Callable[[Game, Action], None] | None = None) -> Game:
    """Let ``agents`` (one per seat) play ``game`` to the end.

    Each bot is given only its observation (:func:`observation_for`) and the legal actions. With
    ``checked=False`` the chosen action (which comes from ``legal_actions``) is
    applied on the unchecked fast path. What each bot is handed and its ``act`` are
    looked up once, before the first action (a random playout spends a good part of
    its time in this loop).
    """
    steps = 0
    legal_actions = game.legal_actions
    apply = game.apply if checked else game.apply_unchecked
    for agent in agents:  # a bot of one's own need not subclass Agent: bind is optional
        bind = getattr(agent, "bind", None)
        if bind is not None:
            bind(game)
    acts = [agent.act for agent in agents]
    sees = [observer(game, agent) for agent in agents]
    while not game.is_over:
        seat = game.current_player
        legal = legal_actions()
        see = sees[seat]
        action = acts[seat](None if see is None else see(seat), legal)
        apply(action)
        if on_action is not None:
            on_action(game, action)
        steps += 1
        if steps > max_actions:
            raise RuntimeError(f"{game.game_name}: no end after {max_actions} actions (seed {game.seed})")
    return game
