"""Tutorials you play: a seeded game (or an algorithm's run) shown step by step, with a
comment above the board, where at a "your move" step the learner makes the move.

A tutorial is data, one JSON file per game next to the game's view
(``railkit/viz/<package>/tutorial.json``, the graph lab's in ``railkit/viz/graphs/``)::

    {"railkit-tutorial": 1, "title": "...", "game": "<the game's name>", "seed": 7, "players": 2,
     "options": {"<option>": "<value>"},
     "steps": [
       {"say": "What happens here, in plain words.", "rule": "<RULE-ID>", "play": ["<move>", "<move>"]},
       {"say": "Now you: ...", "rule": "<RULE-ID>", "your_move": "<move>",
        "otherwise": "What to do instead of the move the learner tried."}]}

Each step is one of three kinds:

* **watch** (``play``): the moves are played, by whoever's turn it is, when the step is
  shown; the comment says what they did (``play`` may be empty: a step that only talks);
* **your move** (``your_move``): the learner must make exactly this move on the board.
  Any other move, legal or not, is refused with the step's ``otherwise`` (and its rule);
  the game does not change. The right move shows the next step;
* **frame** (``frame``, the graph lab's): show step ``frame`` of the algorithm's run. In a
  graph-lab tutorial a ``your_move`` step asks the learner to click what the algorithm takes
  next from the frame shown (a city, or a route ``A-B``).

At most :data:`MAX_STEPS` steps. ``rule`` is a rule id of the game's rules reference
(``railkit.games.<package>.rule_ids``). :func:`load_tutorial` checks the form of a file
(errors name the file, the step and the field); :func:`check_moves` replays a game tutorial
through the engine (every move must be legal, every "your move" the learner's own).

:class:`Guide` holds the step logic without any UI (Back, Next, a move offered);
:class:`TutorialBox` is the comment box with Back and Next above a served game
(:func:`tutorial_page`) or the graph lab's player.
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass, field
from importlib import resources
from typing import Any, Callable

import panel as pn

from railkit.core.errors import DataError, IllegalMove
from railkit.core.i18n import Message, word
from railkit.core.jsonio import loads_json
from railkit.viz.shell.table import Table, seat_names

#: the version of the tutorial format (the value of the key ``railkit-tutorial``)
FORMAT = 1
#: at most this many steps in one tutorial
MAX_STEPS = 15
#: the seat the learner plays
LEARNER = 0
#: the name of the graph lab (a tutorial's ``game``) beside the games' names
GRAPH_LAB = "graph-lab"

_RULE = re.compile(r"[A-Z]+(-[A-Z0-9]+)+")
_TOP = {"railkit-tutorial", "title", "game", "seed", "players", "options", "algorithm", "map", "steps"}
_STEP = {"say", "rule", "play", "your_move", "otherwise", "frame"}


@dataclass(frozen=True)
class Step:
    """One step of a tutorial (see the module's docstring for the three kinds)."""

    say: str
    rule: str = ""
    play: tuple[str, ...] = ()
    your_move: str | None = None
    otherwise: str = ""
    frame: int | None = None

    @property
    def waits(self) -> bool:
        """True for a "your move" step: the learner must make :attr:`your_move`."""
        return self.your_move is not None


@dataclass(frozen=True)
class Tutorial:
    """A tutorial: a seeded game (or an algorithm's run) and its steps."""

    title: str
    game: str
    seed: int
    steps: tuple[Step, ...]
    players: int = 2
    options: dict = field(default_factory=dict)
    algorithm: str = ""
    map: str = ""
    source: str = "<tutorial>"

    def moves_before(self, k: int) -> list[str]:
        """The moves played before step ``k`` is shown (watch moves and the learner's)."""
        out: list[str] = []
        for step in self.steps[:k]:
            out.extend(step.play)
            if step.your_move is not None:
                out.append(step.your_move)
        return out

    def moves_at(self, k: int) -> list[str]:
        """The moves played while step ``k`` is shown (its own watch moves included)."""
        return self.moves_before(k) + list(self.steps[k].play)


def _expect(ok: bool, source: str, path: str, expected: str, got: Any = DataError._MISSING) -> None:
    if not ok:
        raise DataError(source, path, expected, got)


def _text(data: dict, key: str, source: str, path: str, required: bool = True) -> str:
    value = data.get(key)
    if value is None and not required:
        return ""
    _expect(isinstance(value, str) and value.strip() != "", source, f"{path}.{key}", "a non-empty text", value)
    return value.strip()


def load_tutorial(data: str | bytes | dict, source: str = "<tutorial>") -> Tutorial:
    """A tutorial from its JSON text (or the parsed dict); :class:`DataError` naming
    ``source``, the step and the field when it is not a tutorial.

    >>> t = load_tutorial('{"railkit-tutorial": 1, "title": "T", "game": "g", "seed": 1, '
    ...                   '"steps": [{"say": "Hello.", "play": []}]}')
    >>> t.title, len(t.steps), t.steps[0].waits
    ('T', 1, False)
    >>> load_tutorial('{"railkit-tutorial": 1, "title": "T", "game": "g", "seed": 1, '
    ...               '"steps": [{"say": "Hi.", "your_move": "pass"}]}', "x.json")
    Traceback (most recent call last):
    ...
    railkit.core.errors.DataError: x.json: at $.steps[0].otherwise: expected a non-empty text (what the learner is told after any other move), got None
    """
    if isinstance(data, bytes):
        data = data.decode("utf-8")
    if isinstance(data, str):
        data = loads_json(data, source)
    _expect(isinstance(data, dict), source, "$", "a JSON object", type(data).__name__)
    unknown = sorted(set(data) - _TOP)
    _expect(not unknown, source, f"$.{unknown[0] if unknown else ''}", "one of " + ", ".join(sorted(_TOP)),
            unknown[0] if unknown else None)
    _expect(data.get("railkit-tutorial") == FORMAT, source, "$.railkit-tutorial", f"the format number {FORMAT}",
            data.get("railkit-tutorial"))
    title = _text(data, "title", source, "$")
    game = _text(data, "game", source, "$")
    seed = data.get("seed")
    _expect(isinstance(seed, int) and not isinstance(seed, bool) and seed >= 0, source, "$.seed",
            "a whole number from 0", seed)
    players = data.get("players", 2)
    _expect(isinstance(players, int) and not isinstance(players, bool) and 1 <= players <= 8, source,
            "$.players", "a number of players from 1 to 8", players)
    options = data.get("options", {})
    _expect(isinstance(options, dict) and all(isinstance(v, (str, int, bool)) for v in options.values()),
            source, "$.options", "an object of texts, numbers or true/false", options)
    steps = data.get("steps")
    _expect(isinstance(steps, list) and 1 <= len(steps) <= MAX_STEPS, source, "$.steps",
            f"a list of 1 to {MAX_STEPS} steps", steps if not isinstance(steps, list) else f"{len(steps)} steps")
    lab = game == GRAPH_LAB
    out = [_step(s, source, f"$.steps[{i}]", lab) for i, s in enumerate(steps)]
    algorithm = _text(data, "algorithm", source, "$", required=lab)
    return Tutorial(title=title, game=game, seed=seed, steps=tuple(out), players=players, options=dict(options),
                    algorithm=algorithm, map=_text(data, "map", source, "$", required=False) or "usa",
                    source=source)


def _step(data: Any, source: str, path: str, lab: bool) -> Step:
    _expect(isinstance(data, dict), source, path, "a step (a JSON object)", data)
    unknown = sorted(set(data) - _STEP)
    _expect(not unknown, source, f"{path}.{unknown[0] if unknown else ''}", "one of " + ", ".join(sorted(_STEP)),
            unknown[0] if unknown else None)
    say = _text(data, "say", source, path)
    rule = data.get("rule", "")
    _expect(rule == "" or (isinstance(rule, str) and _RULE.fullmatch(rule) is not None), source, f"{path}.rule",
            "a rule id such as TTR-CLAIM", rule)
    kinds = [k for k in ("play", "your_move", "frame") if k in data]
    _expect(len(kinds) == 1, source, path, "exactly one of play, your_move, frame", kinds or None)
    if "play" in data:
        moves = data["play"]
        _expect(not lab, source, f"{path}.play", "frame or your_move (a graph-lab tutorial has no game moves)")
        _expect(isinstance(moves, list) and all(isinstance(m, str) and m.strip() for m in moves), source,
                f"{path}.play", "a list of moves (texts)", moves)
        return Step(say=say, rule=rule, play=tuple(m.strip() for m in moves))
    if "frame" in data:
        frame = data["frame"]
        _expect(lab, source, f"{path}.frame", "play or your_move (frames are the graph lab's)")
        _expect(isinstance(frame, int) and not isinstance(frame, bool) and frame >= 0, source, f"{path}.frame",
                "a step number of the run, from 0", frame)
        return Step(say=say, rule=rule, frame=frame)
    move = data["your_move"]
    _expect(isinstance(move, str) and move.strip() != "", source, f"{path}.your_move", "a move (a text)", move)
    otherwise = data.get("otherwise")
    _expect(isinstance(otherwise, str) and otherwise.strip() != "", source, f"{path}.otherwise",
            "a non-empty text (what the learner is told after any other move)", otherwise)
    return Step(say=say, rule=rule, your_move=move.strip(), otherwise=otherwise.strip())


def tutorial_file(package: str):
    """The tutorial file shipped for the view package ``package`` (a game's ``spec.package``,
    or ``graphs``), or None when it has none."""
    path = resources.files("railkit.viz").joinpath(package, "tutorial.json")
    return path if path.is_file() else None


def tutorial_of(game: str) -> Tutorial:
    """The shipped tutorial of ``game`` (a game's name, or ``graph-lab``); :class:`DataError`
    when there is none."""
    from railkit.games import get_spec, names

    package = "graphs" if game == GRAPH_LAB else get_spec(game).package
    path = tutorial_file(package)
    if path is None:
        raise DataError("tutorial", "$", "a game with a tutorial: " + ", ".join(tutorial_games(names())), game)
    return load_tutorial(path.read_text(encoding="utf-8"), f"railkit/viz/{package}/tutorial.json")


def tutorial_games(games) -> list[str]:
    """Those of ``games`` (names) that ship a tutorial."""
    from railkit.games import get_spec

    return [g for g in games if tutorial_file(get_spec(g).package) is not None]


def check_moves(tutorial: Tutorial) -> None:
    """Replay a game tutorial through its engine: every move legal, every "your move" made
    while it is the learner's turn. :class:`DataError` naming the file, the step and the field."""
    from railkit.core.errors import ActionSyntaxError
    from railkit.games import get_spec

    game = get_spec(tutorial.game).new_game(None, players=tutorial.players, seed=tutorial.seed, **tutorial.options)
    for i, step in enumerate(tutorial.steps):
        moves = [(f"play[{j}]", m) for j, m in enumerate(step.play)]
        if step.your_move is not None:
            _expect(not game.is_over and game.current_player == LEARNER, tutorial.source,
                    f"$.steps[{i}].your_move", "a move while it is the learner's turn (seat 1)",
                    "the game is over" if game.is_over else f"seat {game.current_player + 1} to move")
            moves.append(("your_move", step.your_move))
        for where, move in moves:
            try:
                game.apply(move)
            except (IllegalMove, ActionSyntaxError) as exc:
                raise DataError(tutorial.source, f"$.steps[{i}].{where}", f"a legal move ({exc})", move) from None


# ---------------------------------------------------------------- the steps, without a UI
class Guide:
    """Where a learner is in a tutorial: Back, Next, and the moves offered at a "your move"
    step. ``show(k)`` brings the stage (a table, the graph lab's player) to step ``k``;
    ``same(given, expected)`` says whether a move is the step's move.

    >>> t = load_tutorial({"railkit-tutorial": 1, "title": "T", "game": "x", "seed": 0, "steps": [
    ...     {"say": "Look.", "play": []}, {"say": "Go.", "your_move": "a", "otherwise": "Play a."},
    ...     {"say": "Done.", "play": []}]})
    >>> g = Guide(t, show=lambda k: None, same=lambda a, b: a == b)
    >>> g.next(), g.index, g.can_next
    (True, 1, False)
    >>> g.offer("b").reason, g.index
    ('Play a.', 1)
    >>> g.offer("a"), g.index, g.finished
    (None, 2, True)
    """

    def __init__(self, tutorial: Tutorial, show: Callable[[int], None], same: Callable[[Any, str], bool]):
        self.tutorial = tutorial
        self._show = show
        self._same = same
        self.index = 0
        #: called after the step changed or a move was refused (the box redraws)
        self.changed: Callable[[], None] | None = None
        #: the last refusal (shown in the box until the step changes)
        self.refusal: Exception | None = None
        self._last_made = False  # the last step's move was made

    @property
    def step(self) -> Step:
        return self.tutorial.steps[self.index]

    @property
    def count(self) -> int:
        return len(self.tutorial.steps)

    @property
    def finished(self) -> bool:
        """True on the last step once nothing is left to do there."""
        return self.index == self.count - 1 and (not self.step.waits or self._last_made)

    @property
    def can_next(self) -> bool:
        return self.index < self.count - 1 and not self.step.waits

    @property
    def can_back(self) -> bool:
        return self.index > 0

    def go(self, k: int) -> None:
        """Show step ``k`` (clipped to the tutorial)."""
        self.index = max(0, min(k, self.count - 1))
        self.refusal = None
        self._last_made = False
        self._show(self.index)
        self._changed()

    def start(self) -> None:
        self.go(0)

    def next(self) -> bool:
        """The next step (False at a "your move" step or the last step: nothing happens)."""
        if not self.can_next:
            return False
        self.go(self.index + 1)
        return True

    def back(self) -> bool:
        """The step before (False on the first step)."""
        if not self.can_back:
            return False
        self.go(self.index - 1)
        return True

    def refuse(self, move: Any) -> IllegalMove | None:
        """Why the learner may not make ``move`` now (the step's own explanation), or None
        when it is the step's move. Nothing changes."""
        step = self.step
        if step.waits and not self.finished and self._same(move, step.your_move):
            return None
        # a refusal of the move, not of the seat (a view asks the table whether the seat may move
        # at all, and a NotAllowed would tell it the learner has no turn)
        if step.waits and not self.finished:
            return IllegalMove(step.rule, Message(step.otherwise), Message("Make the move the comment asks for."))
        if self.can_next:
            return IllegalMove(step.rule, Message("In this step you watch."), Message("Press Next to go on."))
        return IllegalMove(step.rule, Message("The tutorial is over."), Message("Start a game of your own to play on."))

    def offer(self, move: Any) -> IllegalMove | None:
        """The learner made ``move``: the refusal (shown in the box; nothing changes), or None
        and the next step is shown (the caller has played the move)."""
        err = self.refuse(move)
        if err is None:
            self.moved()
        else:
            self.refused(err)
        return err

    def refused(self, err) -> None:
        """Show ``err``, why the learner's move was refused, until the step changes."""
        self.refusal = err
        self._changed()

    def moved(self) -> None:
        """The step's move was played: show the next step (or stay on the last one)."""
        if self.index < self.count - 1:
            self.go(self.index + 1)
        else:
            self.refusal = None
            self._last_made = True
            self._changed()

    def _changed(self) -> None:
        if self.changed is not None:
            self.changed()


# ---------------------------------------------------------------- a game's table in a tutorial
class TutorialTable(Table):
    """A table that plays a tutorial: no bot moves by itself (the tutorial plays the other
    seats' moves), no undo (Back goes a step back), no new game or load, and the learner's
    move at a "your move" step is the only one it accepts."""

    def __init__(self, tutorial: Tutorial, **kw) -> None:
        self.guide: Guide | None = None
        super().__init__(players=tutorial.players, humans=[LEARNER], seed=tutorial.seed, game=tutorial.game,
                         **tutorial.options, **kw)
        self.tutorial = tutorial
        self.guide = Guide(tutorial, show=self.show_step, same=self.same)

    def same(self, given, expected: str) -> bool:
        """Whether ``given`` (an action or its text) is the move ``expected``."""
        try:
            return str(self.game._coerce(given)) == str(self.game._coerce(expected))
        except ValueError:
            return False

    def show_step(self, k: int) -> None:
        """Bring the game to step ``k``: the moves before it and its own watch moves."""
        want = self.tutorial.moves_at(k)
        with self.lock:
            have = [str(a) for a in self.game.log]
            keep = 0
            while keep < min(len(have), len(want)) and have[keep] == str(self.game._coerce(want[keep])):
                keep += 1
            if keep < len(have):
                self.take_back(len(have) - keep)
            for move in want[keep:]:
                self._record(self.game.current_player, move)

    def check(self, seat, action):
        """The step's own explanation for any move but the step's (legal or not), else the
        table's check."""
        if self.guide is not None and seat == LEARNER:
            err = self.guide.refuse(action)
            if err is not None:
                return err
        return super().check(seat, action)

    def apply(self, seat, action):
        """Play the step's move and show the next step; any other move is refused (shown in
        the comment box) and nothing changes."""
        err = super().apply(seat, action)
        if self.guide is not None:
            if err is None:
                self.guide.moved()
            else:
                self.guide.refused(err)
        return err

    def show_refusal(self, err) -> bool:
        """The step box shows why the learner's move was refused (the view's message line does not)."""
        if self.guide is None:
            return False
        self.guide.refused(err)
        return True

    def bot_to_move(self) -> int | None:
        return None

    def seat_label(self, seat: int, lang: str | None = "en") -> str:
        name = seat_names(self.game, lang)[seat]
        return name if seat == LEARNER else Message("{name} (moved by the tutorial)", name=name).render(lang)

    def undo_check(self, seat) -> tuple[int, str]:
        return 0, "In a tutorial, Back goes one step back."

    def may_restart(self, seat) -> bool:
        return False

    def may_load(self, seat) -> bool:
        return False


# ---------------------------------------------------------------- the comment box
class TutorialBox(pn.viewable.Viewer):
    """The comment box above the board: "Step 3 of 12: ...", the rule, Back and Next, and
    why a move was refused.

    Parameters
    ----------
    guide : Guide
        The steps.
    lang : callable
        The page's language now (``lambda: view.lang``).
    after : callable, optional
        Called after Back or Next (the view redraws).
    """

    def __init__(self, guide: Guide, lang: Callable[[], str] = lambda: "en", after: Callable[[], None] | None = None):
        super().__init__()
        self.guide = guide
        self._lang = lang
        self._after = after
        self.comment = pn.pane.HTML("", css_classes=["tutorial-comment"], sizing_mode="stretch_width",
                                    styles={"background": "#fff8e1", "border-left": "4px solid #e69f00",
                                            "padding": "4px 12px", "font-size": "15px"})
        self.feedback = pn.pane.HTML("", css_classes=["tutorial-feedback"], sizing_mode="stretch_width")
        self.back_btn = pn.widgets.Button(label=word("◀ Back"), width=100, css_classes=["tutorial-back"])
        self.next_btn = pn.widgets.Button(label=word("Next ▶"), width=100, color="primary", css_classes=["tutorial-next"])
        self.back_btn.on_click(lambda e: self._move(self.guide.back))
        self.next_btn.on_click(lambda e: self._move(self.guide.next))
        guide.changed = self.redraw
        self.redraw()

    def _move(self, fn) -> None:
        fn()
        if self._after is not None:
            self._after()

    def comment_text(self) -> str:
        """The comment of the step shown, as plain text (what the box says)."""
        g, lang = self.guide, self._lang()
        step = g.step
        head = Message("Step {k} of {n}:", k=g.index + 1, n=g.count).render(lang)
        text = f"{head} {Message(step.say).render(lang)}"
        if step.rule:
            text += " " + Message("(rule {rule})", rule=step.rule).render(lang)
        return text

    def redraw(self) -> None:
        g, lang = self.guide, self._lang()
        step = g.step
        head = html.escape(Message("Step {k} of {n}:", k=g.index + 1, n=g.count).render(lang), quote=False)
        body = html.escape(Message(step.say).render(lang), quote=False)
        rule = ""
        if step.rule:
            said = Message("(rule {rule})", rule=step.rule).render(lang)
            rule = f" <span class='rule' style='color:#666'>{html.escape(said, quote=False)}</span>"
        extra = ""
        if step.waits and not g.finished:
            extra = f"<div class='your-move'><b>{html.escape(Message('Your move.').render(lang), quote=False)}</b></div>"
        elif g.finished:
            done = Message("That is the end of the tutorial.").render(lang)
            extra = f"<div class='tutorial-done'><b>{html.escape(done, quote=False)}</b></div>"
        title = html.escape(Message(g.tutorial.title).render(lang))
        self.comment.object = (f"<div class='tutorial-title' style='color:#666'>{title}</div>"
                               f"<b>{head}</b> <span class='say'>{body}</span>{rule}{extra}")
        self.feedback.object = "" if g.refusal is None else _refusal_html(g.refusal, lang)
        self.back_btn.disabled = not g.can_back
        self.next_btn.disabled = not g.can_next
        self.back_btn.label = Message("◀ Back").render(lang)
        self.next_btn.label = Message("Next ▶").render(lang)

    def __panel__(self):
        return pn.Column(pn.Row(self.back_btn, self.next_btn), self.comment, self.feedback,
                         css_classes=["tutorial"], sizing_mode="stretch_width")


def _refusal_html(err, lang: str) -> str:
    from railkit.viz.shell.view import explain

    return f"<div style='color:#b00020'>{explain(err, lang)}</div>"


def tutorial_view(game: str, auto: bool = True):
    """A game's tutorial for a page or a notebook: ``(box, view)``, the comment box and the
    learner's view of the tutorial's table, at its first step."""
    from railkit.viz.shell.games import view_class

    table = TutorialTable(tutorial_of(game), bot_delay=0)
    view = view_class(game)(table, seat=LEARNER, auto=auto, confirm=False)
    box = TutorialBox(table.guide, lang=lambda: view.lang, after=lambda: view.refresh(force=True))
    table.guide.start()
    view.refresh(force=True)
    return box, view


def tutorial(game: str):
    """A game's tutorial in a notebook (``game``: its name): the comment box above the game."""
    box, view = tutorial_view(game, auto=False)
    return pn.Column(box, view, sizing_mode="stretch_width")


def tutorial_page(game: str, auto: bool = True):
    """The served page of ``game``'s tutorial (``?tutorial=1``): a header with a way back to
    a game of one's own, the comment box, and the learner's view of the tutorial's table."""
    from railkit.games import get_spec

    box, view = tutorial_view(game, auto=auto)
    title = Message("{game} — railkit tutorial", game=get_spec(game).title).render(view.lang)
    leave = Message("Leave the tutorial: play a game of your own").render(view.lang)
    header = pn.pane.Markdown(f"<h2>{html.escape(title, quote=False)}</h2>\n\n[{leave}](?)", css_classes=["header"])
    page = pn.Column(header, box, view, sizing_mode="stretch_width")
    page.box, page.view = box, view
    return page
