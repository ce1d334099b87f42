"""A game table, for any railkit game: one game, who sits where (a person or a
bot), who may undo or restart, and a version counter the views watching it poll.

The table holds no UI code, so it is easy to test; a
:class:`~railkit.viz.shell.view.TableShell` (one per game, in ``railkit.viz.<game>``)
shows one seat of it, or a spectator's view (``seat=None``).

The rules of the table, the same for every game:

* **Seats.** People sit in ``humans``; bots play the other seats. At a shared
  table (two or more people) a browser joins a free seat with :meth:`join`,
  which hands out the seat's secret token.
* **Undo.** Alone against bots, a player takes back their last action and the
  bots' answers, even after the end (that reopens the game). At a shared table a
  player takes back only their own actions of the turn they are still playing,
  and never once the game is over: nobody erases another person's move.
  Undo never takes back a blind action (``TABLE-UNDO-BLIND``): one that drew
  from a hidden pile or rolled the dice. Taking it back would let the player
  play again knowing what comes next (the same card would be drawn again).
* **New game and load.** At a shared table only the first seat may start a new
  game (every seat is told, :attr:`notice`), and no seat loads a save (its file
  names the seed, ``TABLE-SECRET-SEED``): :meth:`may_restart`, :meth:`may_load`.
  A spectator does neither.
* **Seeds.** A new game gets a fresh random seed unless one is given.

>>> from railkit.games import names
>>> t = Table(players=2, humans=[0], bots=["random"], seed=3, game=names()[0])
>>> t.game.current_player, t.is_human(0), t.is_human(1)
(0, True, False)
>>> t.apply(0, t.game.legal_actions()[0]) is None
True
>>> t.step_bot()
True
>>> t.actors
[0, 1]
>>> t.undo(0)
2
"""

from __future__ import annotations

import hashlib
import io
import json
import secrets
import threading
import time
from typing import Callable, Sequence

import param

from railkit.agents import make_agent
from railkit.core.errors import ActionSyntaxError, DataError, IllegalMove
from railkit.core.i18n import Message, render, word
from railkit.core.game import Action, Agent, Game, seat_label
from railkit.core.jsonio import loads_json


class NotAllowed(ValueError):
    """A seat tried something the table does not allow it (not a rule of the game):
    moving out of turn, undoing another person's move, restarting a shared table."""

    def __init__(self, reason: str | Message, hint: str | Message = "", rule: str = "") -> None:
        self.rule = rule
        self.message = reason  # a Message, or English text
        self.hint_message = hint
        self.reason = str(reason)
        self.hint = str(hint)
        super().__init__(self.reason)

    def render_reason(self, lang: str | None = None) -> str:
        """The reason in ``lang``."""
        return render(self.message, lang)

    def render_hint(self, lang: str | None = None) -> str:
        """The hint in ``lang`` ("" for none)."""
        return render(self.hint_message, lang)


def _json_file(data) -> io.BytesIO:
    """``data`` as an indented JSON file in memory (for a download button)."""
    return io.BytesIO((json.dumps(data, indent=2) + "\n").encode("utf-8"))


def token_hash(token: str) -> str:
    """The SHA-256 of a seat's token: what a table keeps (and journals) of it, never the token.

    >>> len(token_hash("abc")), token_hash("abc") == token_hash("abc")
    (64, True)
    """
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def new_seed() -> int:
    """A fresh seed from a secure random source (nobody can guess the deal)."""
    return secrets.randbits(48)


#: rule id: undo never takes back an action that revealed a blind draw or a roll
UNDO_BLIND = "TABLE-UNDO-BLIND"

#: rule id: at a shared table no seat chooses or learns the seed while a game runs
SECRET_SEED = "TABLE-SECRET-SEED"


def hidden_fingerprint(game: Game, hidden: Sequence[str]) -> tuple:
    """What changes when ``game`` draws blind: its random generator's state and the
    sizes of its hidden piles, the attributes ``hidden`` names (its spec's ``hidden``;
    see :func:`is_blind`)."""
    sizes = []
    for name in hidden:
        pile = getattr(game, name, None)
        if pile is not None:
            try:
                sizes.append(sum(pile.values()) if isinstance(pile, dict) else len(pile))
            except TypeError:
                pass
    return game.rng.getstate(), tuple(sizes)


def is_blind(before: tuple, after: tuple) -> bool:
    """True if an action took from what nobody could see: the game drew a random
    number (a shuffle, a roll, a blind choice) or a hidden pile got smaller.

    >>> import random
    >>> class Cards:
    ...     rng, deck = random.Random(1), [3, 1, 2]
    >>> g = Cards()
    >>> fp = hidden_fingerprint(g, ["deck"])
    >>> _ = g.deck.pop()
    >>> is_blind(fp, hidden_fingerprint(g, ["deck"]))
    True
    """
    state0, sizes0 = before
    state1, sizes1 = after
    return state0 != state1 or any(b < a for a, b in zip(sizes0, sizes1))


def seat_name(game: Game, seat: int) -> str | Message:
    """Seat ``seat``'s name: the game's own (``game.names``), else "Player 1", "Player 2" ...
    as a message, so that each reader sees it in their language."""
    names = getattr(game, "names", None)
    return names[seat] if names else seat_label(seat)


def seat_names(game: Game, lang: str | None = None) -> list[str]:
    """The seats' names as shown in ``lang`` (default: the current language): the game's own,
    or Player 1, Player 2, ... in that language.

    >>> class Unnamed:
    ...     players = 2
    >>> seat_names(Unnamed(), "en"), seat_names(Unnamed(), "de"), seat_name(Unnamed(), 0).render("ja")
    (['Player 1', 'Player 2'], ['Spieler 1', 'Spieler 2'], 'プレイヤー1')
    """
    return [render(seat_name(game, s), lang) for s in range(game.players)]


class Table:
    """One game and its seats.

    Parameters
    ----------
    players : int
        Number of seats.
    humans : sequence of int
        Seats played by people (0-based); the others are bots.
    bots : sequence of str, optional
        Agent names for the bot seats, in seat order (cycled if short); the
        game's default agent if not given.
    rules : param.Parameterized or dict, optional
        The game's rules (settings are frozen when the game starts).
    seed : int, optional
        The game's seed; a fresh random one if not given.
    game : str
        The game's command-line name (one of :func:`railkit.games.names`).
    bot_delay : float
        Seconds between two bot actions in a live view (so people can follow them).
    describe : callable, optional
        ``describe(game, action) -> Message or str``: the public text of ``action`` for the
        log, called just before it is played (a view may name what everybody saw taken).
        A message, so that each page reads the shared log in its own language (the table
        keeps no text rendered in one language); ``str(action)`` if not given.
    **options
        The game's options (a map, ``names=[...]``).

    Attributes
    ----------
    journal : object or None
        Where the table writes what happens to it, so that a served table survives a
        restart (:mod:`railkit.viz.shell.journal`): called with the lock held after each
        accepted move (``move``), undo, installed game (``game``) and joined seat
        (``join``). Once its ``closed`` is true the table takes no more moves.
    """

    def __init__(self, players: int = 2, humans: Sequence[int] = (0,), bots: Sequence[str] | None = None,
                 rules: param.Parameterized | dict | None = None, seed: int | None = None, *,
                 game: str, bot_delay: float = 0.5,
                 describe: Callable[[Game, Action], str | Message] | None = None, **options) -> None:
        from railkit.games import get_spec

        self.spec = get_spec(game)
        self.lock = threading.RLock()
        self.bot_delay = bot_delay
        self.describe = describe or plain_text
        self.version = 0
        self.last_move_time = 0.0
        self.options = {k: v for k, v in options.items() if v is not None}
        #: (version, message): the last thing every seat is told (a new game, a load), rendered
        #: by each page in its language
        self.notice: tuple[int, str | Message] = (0, "")
        #: the joined seats' tokens, hashed (:func:`token_hash`)
        self._tokens: dict[int, str] = {}
        self.journal = None
        self.new_game(players=players, humans=humans, bots=bots, rules=rules, seed=seed)

    # ------------------------------------------------------------ set up
    @property
    def first_seat(self) -> int | None:
        """The seat that may restart or load a game at a shared table (the first person's)."""
        return self.humans[0] if self.humans else None

    @property
    def shared(self) -> bool:
        """True when two or more people play at this table."""
        return len(self.humans) > 1

    def may_restart(self, seat: int | None) -> bool:
        """Whether the page of ``seat`` (None: a spectator's) may start a new game: a person's
        at a table of their own, the first seat's at a shared table."""
        return seat is not None and (not self.shared or seat == self.first_seat)

    def may_load(self, seat: int | None) -> bool:
        """Whether the page of ``seat`` (None: a spectator's) may load a saved game: a person's
        at a table of their own only (at a shared table the file would name the seed, rule
        ``TABLE-SECRET-SEED``)."""
        return seat is not None and not self.shared

    def _may_restart(self, by: int | None, what: Message) -> None:
        if by is None or self.may_restart(by):
            return
        first = seat_name(self.game, self.first_seat)
        raise NotAllowed(Message("Only {first}, the table's first seat, can {what} here.", first=first, what=what),
                         Message("Ask {first} to do it.", first=first))

    def new_game(self, players: int | None = None, humans: Sequence[int] | None = None,
                 bots: Sequence[str] | None = None, rules=None, seed: int | None = None, *,
                 by: int | None = None, **options) -> None:
        """Start a fresh game at this table (every view watching it follows).

        Left out, ``players``, ``humans``, ``bots`` and the options stay as they
        are; ``seed`` is fresh and random unless given. ``by`` is the seat asking
        (None: the host, e.g. code in a notebook): at a shared table only the first
        seat may restart (:class:`NotAllowed` otherwise), and no seat chooses the
        seed (rule ``TABLE-SECRET-SEED``: whoever knows the seed can replay the deal
        and knows every hand and the next blind cards).
        """
        if getattr(self, "game", None) is not None:
            self._may_restart(by, Message("start a new game"))
            if by is not None and seed is not None and self.shared:
                raise NotAllowed(Message("At a shared table every new game gets a fresh secret seed (rule {rule}): a "
                                         "seat that chose it could work out the other hands.", rule=SECRET_SEED),
                                 Message("Leave the seed empty."), rule=SECRET_SEED)
            players = self.game.players if players is None else players
            humans = self.humans if humans is None else humans
            bots = list(self.bot_names.values()) if bots is None else bots
        opts = {**self.options, **{k: v for k, v in options.items() if v is not None}}
        game = self.spec.new_game(rules, players=int(players or 2), seed=new_seed() if seed is None else seed,
                                  **opts)
        self.options = opts
        said = None if by is None else Message("{name} started a new game.", name=seat_name(game, by))
        self._install(game, humans if humans is not None else (0,), bots, said)

    def _install(self, game: Game, humans: Sequence[int], bots: Sequence[str] | None,
                 notice: Message | None) -> None:
        """Seat ``game`` at the table; ``notice``: what every seat is told of it (None: nothing)."""
        humans = sorted({int(h) for h in humans if 0 <= int(h) < game.players})
        bot_seats = [s for s in range(game.players) if s not in humans]
        bots = list(bots or []) or [self.spec.default_agent]
        agents: dict[int, Agent] = {}
        bot_names: dict[int, str] = {}
        for k, s in enumerate(bot_seats):
            name = bots[k % len(bots)]
            agents[s] = make_agent(self.spec, name, f"{game.seed}-{s}")
            bot_names[s] = name
        actors, texts, blind = replay_steps(game, self.describe, self.spec.hidden)
        with self.lock:
            self.game = game
            self.humans = humans
            self.agents = agents
            self.bot_names = bot_names
            self.actors = actors
            self.log_text = texts
            self.blind = blind
            self._tokens = {s: tok for s, tok in self._tokens.items() if s in humans}
            self.version += 1
            if notice is not None:
                self.notice = (self.version, notice)
            if self.journal is not None:
                self.journal.game(self)

    def load_json(self, data: bytes | str | dict, source: str = "<upload>", humans: Sequence[int] | None = None,
                  bots: Sequence[str] | None = None, *, by: int | None = None, trusted: bool = False) -> None:
        """Replace the game by a saved one (raises DataError naming the file and field;
        the table is unchanged then). Its map or sheet must be a name from railkit's
        maps folder (a save may come from a browser: it never names a server path),
        unless ``trusted``: a game the program made itself (a lesson's position). At a
        shared table no seat loads one (rule ``TABLE-SECRET-SEED``: the file names the seed);
        the host (``by=None``, code in a notebook) may."""
        if by is not None and not self.may_load(by):
            raise NotAllowed(Message("A save cannot be loaded at a shared table (rule {rule}): the file names the "
                                     "seed, so whoever holds it could work out the other hands.", rule=SECRET_SEED),
                             Message("Load it at a table of your own."), rule=SECRET_SEED)
        if isinstance(data, bytes):
            try:
                data = data.decode("utf-8")
            except UnicodeDecodeError as exc:
                raise DataError(source, "$", f"UTF-8 text ({exc.reason})") from None
        if isinstance(data, str):
            data = loads_json(data, source)
        game = self.spec.game_class.from_json(data, source, paths=trusted)
        said = None if by is None else Message("{name} loaded a saved game.", name=seat_name(game, by))
        self._install(game, self.humans if humans is None else humans,
                      list(self.bot_names.values()) if bots is None else bots, said)

    def to_json_bytes(self) -> io.BytesIO:
        """The game as a JSON file in memory."""
        return _json_file(self.game.to_json())

    def save_for(self, seat: int | None) -> io.BytesIO:
        """The file a seat's "Save game" button downloads: the whole game, except while a
        shared game runs (a save names the seed and every hand, rule ``TABLE-SECRET-SEED``):
        then a note saying when it is offered."""
        if self.shared and not self.game.is_over:
            note = {"railkit": "no save while a shared game runs: a save names the seed and every hand, so it "
                               "is offered once the game is over"}
            return _json_file(note)
        return self.to_json_bytes()

    def set_describe(self, describe: Callable[[Game, Action], str | Message]) -> None:
        """Use ``describe`` for the log's text from now on (the whole log is described anew)."""
        with self.lock:
            self.describe = describe
            self.actors, self.log_text, self.blind = replay_steps(self.game, describe, self.spec.hidden)
            self.version += 1

    # ------------------------------------------------------------ seats
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

    def free_seats(self) -> list[int]:
        """People's seats nobody has joined yet."""
        return [s for s in self.humans if s not in self._tokens]

    def join(self, seat: int) -> str:
        """Give a browser the free person's ``seat``: returns the seat's secret token
        (keep it in the seat's link). :class:`NotAllowed` if it is taken or a bot's."""
        with self.lock:
            if seat not in self.humans:
                raise NotAllowed(Message("Seat {n} is played by a bot.", n=seat + 1), Message("Join one of the free seats."))
            if seat in self._tokens:
                raise NotAllowed(Message("Seat {n} is taken.", n=seat + 1),
                                 Message("Join a free seat, or watch as a spectator."))
            token = secrets.token_urlsafe(16)
            self._tokens[seat] = token_hash(token)
            if self.journal is not None:
                self.journal.join(seat, self._tokens[seat])
            self.version += 1
            return token

    def seat_of(self, token: str | None) -> int | None:
        """The seat whose token this is (None: not a seat's; a spectator)."""
        if not token:
            return None
        hashed = token_hash(token)
        for s, tok in self._tokens.items():
            if secrets.compare_digest(tok, hashed):
                return s
        return None

    def is_human(self, seat: int) -> bool:
        return seat in self.humans

    def seat_label(self, seat: int, lang: str | None = "en") -> str:
        """Seat ``seat``'s name, and its bot's if a bot plays it (in language ``lang``; None:
        the current language)."""
        return render(self.seat_words(seat), lang)

    def seat_words(self, seat: int) -> str | Message:
        """Seat ``seat``'s name, and its bot's if a bot plays it, as a message (rendered where shown)."""
        name = seat_name(self.game, seat)
        if self.is_human(seat):
            return name
        return Message("{name} (bot: {bot})", name=name, bot=self.bot_names.get(seat, "?"))

    # ------------------------------------------------------------ play
    def show_refusal(self, err) -> bool:
        """Show ``err``, why a seat's move was refused, where the table shows such things (True),
        or leave it to the seat's view (False: a plain table shows none itself)."""
        return False

    def check(self, seat: int | None, action: Action | str):
        """Why ``seat`` may not play ``action`` now (an error with ``.reason``), or None."""
        g = self.game
        if seat is None:
            return NotAllowed(Message("Spectators watch the game; they cannot move."),
                              Message("Join a free seat to play."))
        if self.stopped:
            return NotAllowed(self.stopped, Message("Reload the page in a moment."))
        if g.is_over:
            return g.why_illegal(action)
        cp = g.current_player
        if cp != seat:
            return NotAllowed(Message("It is {name}'s turn, not {seat}'s.", name=seat_name(g, cp),
                                      seat=seat_name(g, seat)),
                              Message("Wait until the other players have moved."))
        return g.why_illegal(action)

    @property
    def stopped(self) -> str:
        """Why the table takes no more moves (its journal is closed: the server stops), or ""."""
        journal = self.journal
        return journal.stopped if journal is not None and journal.closed else ""

    def _record(self, seat: int, action: Action | str) -> None:
        """Play ``action`` (known to be legal) for ``seat``, log it and journal it (lock held)."""
        g = self.game
        action = g._coerce(action)
        text = self.describe(g, action)
        before = hidden_fingerprint(g, self.spec.hidden)
        g.apply(action)
        if self.journal is not None:
            try:
                self.journal.move(len(g.log) - 1, seat, str(action))
            except BaseException:  # not on the disk: not played (nobody was told of it)
                g.undo(1)
                raise
        self.actors.append(seat)
        self.log_text.append(text)
        self.blind.append(is_blind(before, hidden_fingerprint(g, self.spec.hidden)))
        self.version += 1
        self.last_move_time = time.monotonic()

    def apply(self, seat: int | None, action: Action | str):
        """Play ``action`` for ``seat``; returns None, or the error explaining why not (nothing changes)."""
        with self.lock:
            err = self.check(seat, action)
            if err is not None:
                return err
            try:
                self._record(seat, action)
            except (IllegalMove, ActionSyntaxError, NotAllowed) as exc:  # check() said legal; or the server stops
                return exc
        return None

    def bot_to_move(self) -> int | None:
        g = self.game
        if g.is_over:
            return None
        cp = g.current_player
        return cp if cp in self.agents else None

    def bot_due(self) -> bool:
        """True when a bot is to move and :attr:`bot_delay` seconds have passed since the last move."""
        return self.bot_to_move() is not None and time.monotonic() - self.last_move_time >= self.bot_delay

    def step_bot(self) -> bool:
        """Let the bot to move play one action; False if no bot is to move."""
        with self.lock:
            seat = self.bot_to_move()
            if seat is None or self.stopped:
                return False
            g = self.game
            bot = self.agents[seat]
            bind = getattr(bot, "bind", None)
            if bind is not None:  # the game may have been replaced (new game, load, undo)
                bind(g)
            self._record(seat, bot.act(g.observe(seat), g.legal_actions()))
        return True

    def run_bots(self, max_steps: int = 100_000) -> int:
        """Let bots play until a person is to move or the game ends; returns the number of actions."""
        n = 0
        while n < max_steps and self.step_bot():
            n += 1
        return n

    # ------------------------------------------------------------ undo
    def undo_check(self, seat: int | None) -> tuple[int, str | Message]:
        """How many actions :meth:`undo` would take back for ``seat`` now, and why not
        (a sentence) when that is 0.

        Never across a blind action (``TABLE-UNDO-BLIND``): a draw from a hidden
        pile, a shuffle or a roll, by anyone, stays played.
        """
        n, why = self._undo_span(seat)
        if n and any(self.blind[-n:]):
            last = max(i for i in range(len(self.blind) - n, len(self.blind)) if self.blind[i])
            mine = self.actors[last] == seat
            said = (Message("Your move '{move}' showed what was hidden (a card drawn blind or a roll), so it cannot "
                            "be taken back (rule {rule}).", move=self.log_text[last], rule=UNDO_BLIND) if mine else
                    Message("{name}'s move '{move}' showed what was hidden (a card drawn blind or a roll), so it "
                            "cannot be taken back (rule {rule}).", name=seat_name(self.game, self.actors[last]),
                            move=self.log_text[last], rule=UNDO_BLIND))
            return 0, said
        return n, why

    def _undo_span(self, seat: int | None) -> tuple[int, str]:
        """The table's undo rule before the blind-draw rule (see :meth:`undo_check`)."""
        if seat is None:
            return 0, word("Spectators cannot undo.")
        if seat not in self.humans:
            return 0, word("Bots do not undo.")
        mine = [i for i, s in enumerate(self.actors) if s == seat]
        if not mine:
            return 0, word("Nothing of yours to undo yet.")
        if not self.shared:
            # alone against bots: my last action and the bots' answers since
            return len(self.actors) - mine[-1], ""
        if self.game.is_over:
            return 0, word("The game is over: at a shared table nothing can be taken back.")
        if self.game.current_player != seat or self.actors[-1] != seat:
            return 0, word("You can take back only your own moves, while it is still your turn.")
        n = 0  # the seat's own actions of the turn it is still playing
        for s in reversed(self.actors):
            if s != seat:
                break
            n += 1
        return n, ""

    def final_reason(self, seat: int, action: Action | str) -> str | Message:
        """Why ``seat`` could not take ``action`` back once it is played, as the end of a
        sentence ("it rolls the dice ...", a message rendered where it is shown), or "" when
        it could (see :meth:`undo_check`).

        Worked out on a copy of the game (the table does not change): the action shows what
        was hidden (a roll, a card drawn blind: rule ``TABLE-UNDO-BLIND``), ends the game, or
        hands the turn to another seat. A view that asks the player to confirm such a move
        before it is played keeps it back until then (``TableShell.confirm``); the copy's
        random draws must never be shown.
        """
        with self.lock:
            g = self.game.history(len(self.game.log))
            action = g._coerce(action)
            before = hidden_fingerprint(g, self.spec.hidden)
            g.apply(action)
            blind = is_blind(before, hidden_fingerprint(g, self.spec.hidden))
        if blind:
            return Message("it shows what is hidden now (the next roll or a card drawn blind), so once played it "
                           "cannot be taken back (rule {rule}): whoever saw the roll could play again knowing it",
                           rule=UNDO_BLIND)
        if g.is_over:
            return Message("it ends the game")
        if g.current_player != seat:
            return Message("it ends your turn: {name} moves next", name=self.seat_words(g.current_player))
        return ""

    def undo(self, seat: int | None) -> int:
        """Take back what :meth:`undo_check` allows ``seat`` (0 if nothing)."""
        with self.lock:
            n, _ = self.undo_check(seat)
            if n and self.stopped:
                return 0
            if n:
                self.take_back(n)
                if self.journal is not None:
                    self.journal.undo(n)
        return n

    def take_back(self, n: int) -> None:
        """Undo the last ``n`` actions of the game and of the table's log, whoever played them
        (no table rule is checked: :meth:`undo` checks them; a journal's replay applies an
        undo it checked when it was made)."""
        with self.lock:
            self.game.undo(n)
            del self.actors[-n:]
            del self.log_text[-n:]
            del self.blind[-n:]
            self.version += 1


def plain_text(game: Game, action: Action) -> str:
    """An action's log text: its own text form."""
    return str(action)


def replay_steps(game: Game, describe: Callable[[Game, Action], str | Message] = plain_text,
                 hidden: Sequence[str] = ()) -> tuple[list[int], list[str | Message], list[bool]]:
    """Who played each action of ``game.log``, its public text (a message or a string, as
    ``describe`` gives it), and whether it was blind (:func:`is_blind`; ``hidden``: the
    game's hidden piles), by replaying it."""
    g = game.fresh()
    actors, texts, blind = [], [], []
    for a in game.log:
        actors.append(g.current_player)
        texts.append(describe(g, a))
        before = hidden_fingerprint(g, hidden)
        g.apply(a)
        blind.append(is_blind(before, hidden_fingerprint(g, hidden)))
    return actors, texts, blind


def replay_log(game: Game, describe: Callable[[Game, Action], str | Message] = plain_text
               ) -> tuple[list[int], list[str | Message]]:
    """Who played each action of ``game.log``, and its public text (by replaying it)."""
    actors, texts, _ = replay_steps(game, describe)
    return actors, texts


def actors_of(game: Game) -> list[int]:
    """The seat that played each action of ``game.log``."""
    return replay_log(game)[0]
