"""Exercises on traces, with no UI: predict the next step, a seeded question bank,
and a checker for a student's own implementation.

* :class:`Predictor` grades "what does the algorithm take next?" clicks against
  a :class:`~railkit.graphs.steps.Trace`; where ties allow several answers, all
  are right and the message says why. Three feedback modes (:data:`MODES`).
* :func:`question_bank` makes questions from a seed; each answer is computed by
  the traced algorithm and :meth:`Question.check` grades an answer at once.
* :func:`check_implementation` runs a student's function on seeded random maps
  against railkit's and reports the first map where they differ.

Feedback, prompts and explanations are :class:`~railkit.core.i18n.Message` objects
(``says``, ``asks``, ``explains``), rendered in the reader's language where they are shown;
``message``, ``prompt`` and ``explanation`` are their English.

>>> from railkit.graphs import steps
>>> from railkit.maps import load
>>> p = Predictor(steps.dijkstra(load("teaching-small").graph(), "Harbor"))
>>> [p.answer(city).correct for city in ("Harbor", "Mill", "Lake")]
[True, True, False]
>>> p.score
Score(right=2, wrong=1, answered=3, questions=8)
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Callable, Iterable, Mapping

import networkx as nx

from railkit.core.i18n import Message
from railkit.graphs import steps
from railkit.graphs.instances import grow_network, random_map

#: Feedback modes: say right/wrong and show the algorithm's step; say right/wrong
#: only (try again until right); say nothing until the end.
MODES = ("tell-and-fix", "tell-only", "grade-at-end")


@dataclass(frozen=True)
class Feedback:
    """The grade of one click: ``says`` what to tell the student (``message``: in English)."""

    correct: bool
    says: Message
    expected: Any = None
    accepted: frozenset = frozenset()
    advanced: bool = True

    @property
    def message(self) -> str:
        """What to tell the student, in English."""
        return str(self.says)


@dataclass(frozen=True)
class Score:
    right: int
    wrong: int
    answered: int
    questions: int


def _name(x) -> str:
    if isinstance(x, tuple) and len(x) == 3:
        return str(x[2]) if isinstance(x[2], str) else f"{x[0]}–{x[1]}"
    return str(x)


def _either(names: list[str]):
    """``a or b or c`` as a message (one name: the name itself).

    >>> str(_either(["Mill", "Lake", "Fort"]))
    'Mill or Lake or Fort'
    """
    if len(names) == 1:
        return names[0]
    return Message("{first} or {rest}", first=names[0], rest=_either(names[1:]))


def _matches(choice, item) -> bool:
    if choice == item:
        return True
    if isinstance(item, tuple) and len(item) == 3:
        if choice == item[2] and item[2] is not None:
            return True
        if isinstance(choice, tuple) and len(choice) in (2, 3):
            if set(choice[:2]) == set(item[:2]) and (len(choice) == 2 or choice[2] == item[2]):
                return True
    return False


class Predictor:
    """Grade predictions of the next step of ``trace``.

    The student sees :attr:`frame` (the step before a choice) and clicks the
    node or route (its id) the algorithm takes next.

    Parameters
    ----------
    trace : Trace
    mode : one of :data:`MODES`
        ``"tell-and-fix"``: each click is graded and the trace moves on to the
        algorithm's own step; ``"tell-only"``: right or wrong only, and a wrong
        click must be tried again (only first tries score); ``"grade-at-end"``:
        clicks are recorded silently and :meth:`report` grades them at the end.

    Examples
    --------
    Kruskal on the small map: after the one route of length 1, nine routes of
    length 2 tie.

    >>> from railkit.graphs import steps
    >>> from railkit.maps import load
    >>> p = Predictor(steps.kruskal(load("teaching-small").graph()), mode="tell-only")
    >>> p.answer("Summit-Peak").correct, len(p.accepted)
    (True, 9)
    >>> fb = p.answer("Mill-Fort"); fb.correct, "tie" in fb.message
    (True, True)
    >>> fb = p.answer("Fort-Summit"); fb.correct, fb.advanced
    (False, False)
    """

    def __init__(self, trace: steps.Trace, mode: str = "tell-and-fix"):
        if mode not in MODES:
            raise ValueError(f"feedback mode must be one of {', '.join(MODES)}, not {mode!r}")
        self.trace, self.mode = trace, mode
        self.decisions = [i for i, f in enumerate(trace) if f.pick is not None]
        self.k = 0
        self.log: list[tuple[int, Any, bool]] = []  # (decision frame, choice, correct)
        self._tried = False

    @property
    def done(self) -> bool:
        return self.k >= len(self.decisions)

    @property
    def frame_index(self) -> int:
        """Index of the frame the student sees now (the last one when done)."""
        if self.done:
            return len(self.trace) - 1
        return max(0, self.decisions[self.k] - 1)

    @property
    def frame(self) -> steps.Frame:
        return self.trace[self.frame_index]

    @property
    def accepted(self) -> frozenset:
        """Every right answer to the current question (empty when done)."""
        return frozenset() if self.done else self.trace[self.decisions[self.k]].accept

    @property
    def score(self) -> Score:
        firsts: dict[int, bool] = {}
        for i, _, ok in self.log:
            firsts.setdefault(i, ok)
        right = sum(firsts.values())
        return Score(right, len(firsts) - right, len(firsts), len(self.decisions))

    def answer(self, choice) -> Feedback:
        """Grade ``choice`` (a node, a route id or an edge) for the current question."""
        if self.done:
            return Feedback(False, Message("The run is over: there is no next step to predict."), advanced=False)
        d = self.trace[self.decisions[self.k]]
        ok = any(_matches(choice, a) for a in d.accept)
        self.log.append((self.decisions[self.k], choice, ok))
        others = sorted(_name(a) for a in d.accept if not _matches(choice, a))
        if self.mode == "grade-at-end":
            self.k += 1
            return Feedback(ok, Message("Answer {n} of {total} recorded.", n=self.score.answered,
                                        total=len(self.decisions)), advanced=True)
        if self.mode == "tell-only" and not ok:
            return Feedback(False, Message("Not {choice}. Try again.", choice=_name(choice)), advanced=False)
        self.k += 1
        if ok and len(d.accept) > 1:
            msg = Message("Right: {choices} tie here ({why}); railkit takes {pick}.",
                          choices=", ".join([_name(choice)] + others), why=d.tie_reason, pick=_name(d.pick))
        elif ok:
            msg = Message("Right: {step}", step=d.narration)
        elif len(d.accept) > 1:
            msg = Message("Not {choice}. {step} ({choices} would all be right: {why})", choice=_name(choice),
                          step=d.narration, choices=", ".join(sorted(_name(a) for a in d.accept)), why=d.tie_reason)
        else:
            msg = Message("Not {choice}. {step}", choice=_name(choice), step=d.narration)
        return Feedback(ok, msg, d.pick if self.mode == "tell-and-fix" else None, d.accept, True)

    def report(self, lang: str = "en") -> str:
        """The score and every wrong first answer, with the right ones, in ``lang`` (English unless given)."""
        return "\n".join(m.render(lang) for m in self.report_messages())

    def report_messages(self) -> list[Message]:
        """:meth:`report`'s lines as messages."""
        s = self.score
        lines = [Message("{right} of {n} steps predicted right ({answered} answered).", right=s.right, n=s.questions,
                         answered=s.answered) if s.answered < s.questions else
                 Message("{right} of {n} steps predicted right.", right=s.right, n=s.questions)]
        seen = set()
        for i, choice, ok in self.log:
            if i in seen:
                continue
            seen.add(i)
            if not ok:
                f = self.trace[i]
                lines.append(Message("step {i}: you chose {choice}, right was {right}. {step}", i=i, choice=_name(choice),
                                     right=_either(sorted(_name(a) for a in f.accept)), step=f.narration))
        return lines


# ----------------------------------------------------------------------------- question bank
#: Question kinds of :func:`question_bank`, by the lesson (notebook) that teaches them.
LESSONS = {
    "50 traversal": ("reachable", "fewest-routes", "bfs-order", "networks"),
    "51 shortest paths": ("shortest", "dijkstra-order", "astar-saving"),
    "52 spanning trees and Steiner": ("spanning-tree", "kruskal-skip", "fewest-trains"),
    "53 Euler and longest trail": ("one-trail", "odd-cities", "longest-trail"),
    "54 flows and cuts": ("min-cut", "separate-ways"),
    "55 deliveries": ("delivery",),
}
KINDS = tuple(k for kinds in LESSONS.values() for k in kinds)
LEVELS = {"small": "teaching-small", "full": "usa", "blocked": "usa"}


@dataclass(frozen=True)
class Question:
    """One seeded question whose answer the traced algorithm computed.

    ``params`` holds the cities, ``blocked`` route ids (taken by others) and ``hand``;
    ``highlight`` the route ids of the answer (a path, a forest, a cut, a tree). ``asks`` and
    ``explains`` are messages (``prompt`` and ``explanation``: their English).
    """

    kind: str
    level: str
    seed: int
    map: str
    asks: Message
    params: Mapping[str, Any]
    answer: Any
    explains: Message | str
    highlight: tuple = ()

    @property
    def prompt(self) -> str:
        """The question, in English."""
        return str(self.asks)

    @property
    def explanation(self) -> str:
        """Why the answer is right, in English."""
        return str(self.explains)

    def check(self, given) -> tuple[bool, str]:
        """Grade an answer (a number, yes/no, or a city or route's name): ``(right, message)``,
        the message in English (:meth:`grade` gives it as a message)."""
        ok, says = self.grade(given)
        return ok, str(says)

    def grade(self, given) -> tuple[bool, Message]:
        """Grade an answer (a number; yes/no, also in Danish, German or Japanese; a city or
        route's name): ``(right, message)``.

        >>> q = make_question("reachable", "small", 0)
        >>> q.grade("ja" if q.answer else "nej")[0], q.grade("はい" if q.answer else "いいえ")[0]
        (True, True)
        """
        if isinstance(self.answer, str):
            ok = _same_name(given, self.answer)
            if ok:
                return ok, Message("Right: {answer}. {why}", answer=self.answer, why=self.explains)
            return ok, Message("Not {given}: the answer is {answer}. {why}", given=str(given).strip() or Message("nothing"),
                               answer=self.answer, why=self.explains)
        if isinstance(self.answer, bool):
            text = str(given).strip().lower()
            if text not in YES + NO:
                return False, Message("Answer yes or no.")
            value = text in YES
            shown, said = (Message("yes") if self.answer else Message("no")), given
        else:
            try:
                value = float(str(given).strip())
            except ValueError:
                return False, Message("Answer with a number, not {given!r}.", given=given)
            shown, said = steps._fmt(self.answer), steps._fmt(given)
        ok = value == self.answer
        if ok:
            return ok, Message("Right: {answer}. {why}", answer=shown, why=self.explains)
        return ok, Message("Not {given}: the answer is {answer}. {why}", given=said, answer=shown, why=self.explains)


#: the answers that say yes, and no, in English, Danish, German and Japanese
YES = ("yes", "true", "y", "ja", "j", "はい")
NO = ("no", "false", "n", "nej", "nein", "いいえ")


def _same_name(given, answer: str) -> bool:
    """A city or route named as the answer, in any case, spacing or dash, and a route's cities
    in either order ("Denver–Omaha" is "omaha-denver")."""
    def norm(text: str) -> str:
        return " ".join(str(text).replace("–", "-").replace("—", "-").lower().split())

    g, a = norm(given), norm(answer)
    if g == a:
        return True
    if "-" in a and "/" not in a:
        return sorted(x.strip() for x in g.split("-")) == sorted(x.strip() for x in a.split("-"))
    return False


def _load(name):
    from railkit.maps import load

    return load(name)


def make_question(kind: str, level: str, seed: int) -> Question:
    """The question of ``kind`` at ``level`` for ``seed`` (see :data:`KINDS`, :data:`LEVELS`).

    >>> q = make_question("shortest", "small", 1)
    >>> q.check(q.answer)[0]
    True
    """
    if kind not in KINDS:
        raise ValueError(f"question kind must be one of {', '.join(KINDS)}, not {kind!r}")
    if level not in LEVELS:
        raise ValueError(f"level must be one of {', '.join(LEVELS)}, not {level!r}")
    rng = random.Random(f"{kind}/{level}/{seed}")
    m = _load(LEVELS[level])
    G = m.graph()
    cities = sorted(m.cities)
    blocked: list[str] = []
    if level == "blocked":
        blocked = sorted(rng.sample([r.id for r in m.routes], 5))
    taken = Message(" with {routes} taken by others", routes=", ".join(blocked)) if blocked else ""
    if kind == "shortest":
        a, b = rng.sample(cities, 2)
        t = steps.dijkstra(G, a, b, blocked=blocked)
        if t.result is None:
            return Question(kind, level, seed, m.name,
                            Message("How many trains does the shortest {a}–{b} trip need{taken}?", a=a, b=b, taken=taken),
                            MappingProxyType({"a": a, "b": b, "blocked": tuple(blocked)}), -1,
                            Message("It cannot be done: answer -1."))
        cost, path = t.result
        routes = tuple(min((d["length"], str(k), k) for k, d in G[u][v].items() if k not in blocked)[2]
                       for u, v in zip(path, path[1:]))
        return Question(kind, level, seed, m.name,
                        Message("How many trains does the shortest {a}–{b} trip need{taken}?", a=a, b=b, taken=taken),
                        MappingProxyType({"a": a, "b": b, "blocked": tuple(blocked)}), cost,
                        Message("Dijkstra: {path}.", path=" → ".join(path)), routes)
    if kind == "fewest-trains":
        deck = m.deck()
        for _ in range(50):
            hand = rng.sample(deck, 3 if level != "small" else 2)
            t = steps.steiner_forest(G, [(x.a, x.b) for x in hand], blocked=blocked)
            if t.result[0] < math.inf:
                break
        cost, routes = t.result
        names = ", ".join(f"{x.a}–{x.b}" for x in hand)
        return Question(kind, level, seed, m.name,
                        Message("What is the fewest trains that complete {tickets}{taken}?", tickets=names, taken=taken),
                        MappingProxyType({"hand": tuple((x.a, x.b) for x in hand), "blocked": tuple(blocked)}), cost,
                        Message("The exact Steiner forest uses {n} network(s): {routes}.", n=len(routes),
                                routes="; ".join(", ".join(e[2] for e in tree) for tree in routes)),
                        tuple(e[2] for tree in routes for e in tree))
    if kind == "min-cut":
        a, b = rng.sample(cities, 2)
        value, cut = steps.min_cut(G, a, b, blocked=blocked, doubles="one-claim").result
        return Question(kind, level, seed, m.name,
                        Message("In a 2-player game, how many routes must your opponent claim to cut {a} from {b}{taken}? "
                                "(With 2 or 3 players one claim closes both tracks of a double route.)", a=a, b=b,
                                taken=taken),
                        MappingProxyType({"a": a, "b": b, "blocked": tuple(blocked)}), value,
                        Message("Max flow = min cut, a double route counting once: for instance {routes}.",
                                routes=", ".join(e[2] for e in cut)), tuple(e[2] for e in cut))
    if kind == "reachable":
        a, b = rng.sample(cities, 2)
        near = sorted({k for _, _, k in G.edges(b, keys=True)})
        block = sorted(set(blocked) | set(rng.sample(near, max(1, len(near) - rng.randint(0, 1)))))
        t = steps.bfs(G, a, b, blocked=block)
        ok = t.result is not None
        return Question(kind, level, seed, m.name,
                        Message("Can {a}–{b} still be completed with {routes} taken by others? (yes/no)", a=a, b=b,
                                routes=", ".join(block)),
                        MappingProxyType({"a": a, "b": b, "blocked": tuple(block)}), ok,
                        Message("Breadth-first search from {a} reaches {b}.", a=a, b=b) if ok else
                        Message("Breadth-first search from {a} never reaches {b}.", a=a, b=b))
    free = G.copy()
    free.remove_edges_from([e for e in G.edges(keys=True) if e[2] in blocked])
    if kind == "spanning-tree":
        total, edges = steps.kruskal(free).result
        return Question(kind, level, seed, m.name,
                        Message("How long is a minimum spanning tree of the free routes{taken}?", taken=taken),
                        MappingProxyType({"blocked": tuple(blocked)}), total,
                        Message("Kruskal adds {n} routes.", n=len(edges)), tuple(e[2] for e in edges))
    return _more(kind, level, seed, m, G, free, cities, blocked, taken, rng)


def _params(**values) -> Mapping[str, Any]:
    return MappingProxyType({k: tuple(v) if isinstance(v, list) else v for k, v in values.items()})


def _more(kind, level, seed, m, G, free, cities, blocked, taken, rng) -> Question:
    """The kinds of the lessons beyond the first five (see :data:`LESSONS`)."""
    if kind == "fewest-routes":
        a, b = rng.sample(cities, 2)
        hops = steps.bfs(G, a, b, blocked=blocked).result
        return Question(kind, level, seed, m.name,
                        Message("Counting routes, not trains: how few routes can link {a} to {b}{taken}? (-1: none)",
                                a=a, b=b, taken=taken),
                        _params(a=a, b=b, blocked=blocked), -1 if hops is None else hops,
                        Message("Breadth-first search finds the fewest routes, one ring of cities at a time."))
    if kind in ("bfs-order", "dijkstra-order"):
        return _order_question(kind, level, seed, m, G, cities, blocked, taken, rng)
    if kind == "networks":
        if not blocked:  # routes taken by others, so that there is something to count
            blocked = sorted(rng.sample(sorted(k for *_, k in G.edges(keys=True)), rng.randint(4, 8)))
            free = G.copy()
            free.remove_edges_from([e for e in G.edges(keys=True) if e[2] in blocked])
        parts, seen = [], set()
        for c in cities:  # one breadth-first search from each city not reached yet
            if c not in seen:
                reached = steps.bfs(free, c).result
                seen |= set(reached)
                parts.append(sorted(reached))
        return Question(kind, level, seed, m.name,
                        Message("With {routes} taken by others, into how many separate networks do the cities fall "
                                "(a city alone counts as one)?", routes=", ".join(blocked)),
                        _params(blocked=blocked), len(parts),
                        Message("A search from each city not reached yet: {n} searches.", n=len(parts)))
    if kind == "astar-saving":
        for _ in range(20):
            a, b = rng.sample(cities, 2)
            dij, star = steps.dijkstra(G, a, b, blocked=blocked), steps.astar(G, a, b, blocked=blocked)
            if dij.result is not None:
                break
        saved = dij.stats["expanded"] - star.stats["expanded"]
        return Question(kind, level, seed, m.name,
                        Message("From {a} to {b}{taken}: how many fewer cities does A* expand than Dijkstra?", a=a, b=b,
                                taken=taken),
                        _params(a=a, b=b, blocked=blocked), saved,
                        Message("Dijkstra expands {dijkstra}, A* {astar}: the straight-line guess keeps it heading for "
                                "the target.", dijkstra=dij.stats["expanded"], astar=star.stats["expanded"]))
    if kind == "kruskal-skip":
        trace = steps.kruskal(free)
        skipped = [f.narration.args["route"] for f in trace if f.line == 3]
        answer = skipped[0] if skipped else "none"
        return Question(kind, level, seed, m.name,
                        Message("Kruskal on the free routes{taken} (shortest first, ties alphabetical): which route is "
                                "the first it skips because it would close a cycle?", taken=taken),
                        _params(blocked=blocked), answer, Message("Every shorter route joined two different sets."))
    network = grow_network(m, rng, trains=rng.choice((12, 15, 18)))
    routes = sorted(k for *_, k in network.edges(keys=True))
    shown = ", ".join(routes)
    if kind == "one-trail":
        odd = [c for c in network if network.degree(c) % 2]
        ok = len(odd) in (0, 2) and nx.is_connected(network)
        return Question(kind, level, seed, m.name,
                        Message("A player's network: {routes}. Can one trail use each of its routes exactly once? "
                                "(yes/no)", routes=shown),
                        _params(routes=routes), ok,
                        Message("{n} of its cities have an odd number of routes; at most two may (Euler).", n=len(odd))
                        if not ok else
                        Message("{n} of its cities have an odd number of routes: a trail starts and ends there (Euler).",
                                n=len(odd)))
    if kind == "odd-cities":
        odd = sorted(c for c in network if network.degree(c) % 2)
        return Question(kind, level, seed, m.name,
                        Message("A player's network: {routes}. How many of its cities have an odd number of its routes?",
                                routes=shown),
                        _params(routes=routes), len(odd),
                        Message("{cities}: always an even count.", cities=", ".join(odd) or Message("none")))
    if kind == "longest-trail":
        total, trail = steps.longest_trail(network, max_frames=1).result
        return Question(kind, level, seed, m.name,
                        Message("A player's network: {routes}. How long (in trains) is its longest trail, no route twice?",
                                routes=shown),
                        _params(routes=routes), total,
                        Message("{n} routes: the longest-route bonus counts these.", n=len(trail)),
                        tuple(e[2] for e in trail))
    if kind == "separate-ways":
        a, b = rng.sample(cities, 2)
        value, _ = steps.max_flow(G, a, b, blocked=blocked).result
        return Question(kind, level, seed, m.name,
                        Message("How many ways from {a} to {b}{taken} can you find that share no route (every track of "
                                "a double route counts)?", a=a, b=b, taken=taken),
                        _params(a=a, b=b, blocked=blocked), value,
                        Message("Edmonds–Karp adds one way at a time until none is left: as many as the smallest cut."))
    if kind == "delivery":
        for _ in range(20):
            a, b = rng.sample(cities, 2)
            k = rng.randint(2, 4)
            res = steps.bounded_longest_path(free, a, {b}, k, weight="length").result
            if res is not None:
                break
        return Question(kind, level, seed, m.name,
                        Message("A delivery from {a} to {b}{taken} may use at most {k} routes, no city twice. How long "
                                "(in trains) is the longest such trip?", a=a, b=b, taken=taken, k=k),
                        _params(a=a, b=b, k=k, blocked=blocked), -1 if res is None else res[0],
                        "" if res is None else " → ".join(map(str, res[1])) + ".",
                        () if res is None else tuple(res[2]))
    raise ValueError(f"question kind must be one of {', '.join(KINDS)}, not {kind!r}")


def _order_question(kind, level, seed, m, G, cities, blocked, taken, rng) -> Question:
    """Which city a breadth-first search, or Dijkstra, takes from its queue k-th."""
    a = rng.choice(cities)
    bfs = kind == "bfs-order"
    order = [f.pick for f in (steps.bfs if bfs else steps.dijkstra)(G, a, blocked=blocked) if f.line == 2]
    k = min(len(order), rng.randint(3, 5) if bfs else rng.randint(2, 4))
    if bfs:
        what = Message("Breadth-first search from {a}{taken}, taking neighbours in alphabetical order: which city is "
                       "taken from the queue {nth} ({a} itself is the first)?", a=a, taken=taken, nth=_nth(k))
        why = Message("The queue gives {cities}.", cities=", ".join(map(str, order[:k])))
    else:
        what = Message("Dijkstra from {a}{taken}, ties broken alphabetically: which city is expanded {nth} ({a} itself "
                       "is the first)?", a=a, taken=taken, nth=_nth(k))
        why = Message("Expanded in the order {cities}: the smallest distance first.", cities=", ".join(map(str, order[:k])))
    return Question(kind, level, seed, m.name, what, _params(a=a, k=k, blocked=blocked), str(order[k - 1]), why)


def _nth(k: int) -> Message:
    """``k`` as an ordinal word ("third"), a message."""
    words = {1: Message("first"), 2: Message("second"), 3: Message("third"), 4: Message("fourth"), 5: Message("fifth")}
    return words.get(k) or Message("number {k}", k=k)


def question_bank(seed: int, level: str = "small", n: int = 10, kinds: tuple[str, ...] = KINDS,
                  student: str = "") -> list[Question]:
    """``n`` questions at ``level``, cycling through ``kinds``; the same seed gives the same bank.

    With ``student`` (a name), the kinds come in an order of the student's own and every
    question is an instance of their own, so neighbours in a class answer different questions;
    the same name and seed give the same bank again.

    >>> [q.kind for q in question_bank(0, "full", 3)]
    ['reachable', 'fewest-routes', 'bfs-order']
    >>> a, b = question_bank(0, "small", 6, student="Ada"), question_bank(0, "small", 6, student="Bo")
    >>> [q.prompt for q in a] == [q.prompt for q in question_bank(0, "small", 6, student="Ada")]
    True
    >>> [q.prompt for q in a] != [q.prompt for q in b]
    True
    """
    order = list(kinds)
    base = seed * 1000
    if student:
        rng = random.Random(f"{seed}/{student}")
        rng.shuffle(order)
        base = rng.randrange(10**9)
    return [make_question(order[i % len(order)], level, base + i) for i in range(n)]


# ----------------------------------------------------------------------------- build it yourself
@dataclass(frozen=True)
class Mismatch:
    """An instance where a student's function and railkit's differ.

    ``highlight`` holds the route ids of railkit's answer (the tree, trail, cut or path
    whose length the student got wrong), ``wrong`` the cities whose distance differs;
    ``shrunk_from`` the (cities, routes) of the instance before it was shrunk.
    """

    index: int
    graph: nx.MultiGraph
    args: tuple
    expected: Any
    got: Any
    error: str = ""
    highlight: tuple = ()
    wrong: tuple = ()
    shrunk_from: tuple | None = None

    def __str__(self) -> str:
        return self.render()

    def render(self, lang: str | None = None) -> str:
        """The instance and both answers, in language ``lang`` (default: the current language)."""
        routes = ", ".join(f"{k}={d['length']}" for _, _, k, d in self.graph.edges(keys=True, data=True))
        what = (Message("raised {error}", error=self.error) if self.error else
                Message("returned {got}", got=repr(self.got)))
        where = Message("instance {index}", index=self.index)
        if self.shrunk_from is not None:
            where = Message("instance {index} (shrunk from {cities} cities and {routes} routes to {now_cities} and "
                            "{now_routes}: every city and route left is needed for the difference)", index=self.index,
                            cities=self.shrunk_from[0], routes=self.shrunk_from[1],
                            now_cities=self.graph.number_of_nodes(), now_routes=self.graph.number_of_edges())
        said = [Message("{where}: arguments {args} on the map with routes {routes}", where=where, args=repr(self.args),
                        routes=routes or Message("none")),
                Message("  expected {value}", value=repr(self.expected)),
                Message("  your function {what}", what=what)]
        if self.wrong:
            said.append(Message("  wrong at {cities}", cities=", ".join(
                Message("{city}: expected {expected}, yours {got}", city=c, expected=_shown(self.expected, c, lang),
                        got=_shown(self.got, c, lang)).render(lang) for c in self.wrong)))
        elif self.highlight:
            said.append(Message("  railkit's answer uses {routes}", routes=", ".join(self.highlight)))
        return "\n".join(m.render(lang) for m in said)


def _shown(values, city, lang: str | None = None) -> str:
    v = values.get(city) if isinstance(values, Mapping) else None
    return Message("unreachable").render(lang) if v is None or v == math.inf else steps._fmt(v)


@dataclass(frozen=True)
class CheckReport:
    algorithm: str
    instances: int
    passed: int
    first: Mismatch | None = None

    @property
    def ok(self) -> bool:
        return self.first is None

    def __str__(self) -> str:
        return self.render()

    def render(self, lang: str | None = None) -> str:
        """The report in language ``lang`` (default: the current language)."""
        if self.ok:
            return Message("{algorithm}: all {n} random instances agree with railkit's.", algorithm=self.algorithm,
                           n=self.instances).render(lang)
        return (Message("{algorithm}: {n} instances agreed, then they differ on", algorithm=self.algorithm,
                        n=self.passed).render(lang) + "\n" + self.first.render(lang))


def _distances_equal(a, b) -> bool:
    if not isinstance(b, Mapping):
        return False
    fa = {k: v for k, v in a.items() if v != math.inf}
    try:
        fb = {k: v for k, v in b.items() if v is not None and v != math.inf}
        return fa.keys() == fb.keys() and all(abs(fa[k] - fb[k]) <= 1e-9 for k in fa)
    except TypeError:
        return False


def _number_equal(a, b) -> bool:
    try:
        return abs(float(a) - float(b)) <= 1e-9
    except (TypeError, ValueError):
        return False


#: What the checker can compare: arguments from an instance, railkit's answer, a comparison.
CHECKS: dict[str, tuple[Callable, Callable, Callable]] = {
    "dijkstra": (lambda G, r: (G, r.choice(sorted(G))), lambda G, s: steps.dijkstra(G, s).result, _distances_equal),
    "bfs": (lambda G, r: (G, r.choice(sorted(G))), lambda G, s: steps.bfs(G, s).result, _distances_equal),
    "mst": (lambda G, r: (G,), lambda G: steps.kruskal(G).result[0], _number_equal),
    "longest_trail": (lambda G, r: (G,), lambda G: steps.longest_trail(G, max_frames=1).result[0], _number_equal),
    "min_cut": (lambda G, r: (G, *r.sample(sorted(G), 2)), lambda G, s, t: steps.min_cut(G, s, t).result[0], _number_equal),
    "delivery": (lambda G, r: (G, *_delivery_args(G, r)),
                 lambda G, s, t, k: _length(steps.bounded_longest_path(G, s, t, k, weight="length").result),
                 lambda a, b: (a is None and b is None) or (a is not None and _number_equal(a, b))),
}


def _delivery_args(G, rng):
    s, *targets = rng.sample(sorted(G), 3)
    return s, frozenset(targets), rng.randint(2, 5)


def _length(res):
    return None if res is None else res[0]


def check_implementation(fn: Callable, algorithm: str = "dijkstra", instances: int = 1000, seed: int = 0) -> CheckReport:
    """Run ``fn`` against railkit's ``algorithm`` on ``instances`` seeded random maps.

    ``fn`` is called as railkit's: ``dijkstra(G, source)`` and ``bfs(G, source)``
    return ``{city: distance}`` (unreachable cities left out or at infinity);
    ``mst(G)`` and ``longest_trail(G)`` return a length; ``min_cut(G, s, t)``
    the number of routes; ``delivery(G, s, targets, k)`` the length of the longest
    path from ``s`` to a city of ``targets`` with at most ``k`` routes, no route or
    city twice (None when there is none). ``G`` is a ``networkx.MultiGraph`` whose routes have a
    ``length``. Stops at the first instance where the answers differ (or ``fn``
    raises) and reports it.

    Examples
    --------
    >>> import networkx as nx
    >>> def hops_only(G, source):  # a common slip: counts routes, not trains
    ...     return nx.single_source_shortest_path_length(G, source)
    >>> report = check_implementation(hops_only, "dijkstra", 1000)
    >>> report.ok, report.passed < 1000
    (False, True)
    >>> check_implementation(lambda G, s: nx.single_source_dijkstra_path_length(G, s, weight="length"), "dijkstra", 200).ok
    True
    """
    if algorithm not in CHECKS:
        raise ValueError(f"the checker knows {', '.join(CHECKS)}, not {algorithm!r}")
    make_args, ours, same = CHECKS[algorithm]
    rng = random.Random(seed)
    for i in range(instances):
        G = random_map(rng)
        args = make_args(G, rng)
        found = _difference(fn, algorithm, G, args[1:])
        if found is not None:
            return CheckReport(algorithm, instances, i, shrink(fn, algorithm, Mismatch(i, G, args[1:], *found)))
    return CheckReport(algorithm, instances, instances)


def _difference(fn: Callable, algorithm: str, G: nx.MultiGraph, args: tuple) -> tuple | None:
    """``(expected, got, error)`` where ``fn`` and railkit differ on ``G`` and ``args``, else None."""
    _, ours, same = CHECKS[algorithm]
    expected = ours(G, *args)
    try:
        got = fn(G.copy(), *args)
    except Exception as exc:  # the student's code: report any error as a difference
        return expected, None, f"{type(exc).__name__}: {exc}"
    return None if same(expected, got) else (expected, got, "")


def _kept_cities(args: tuple) -> set:
    out: set = set()
    for a in args:
        if isinstance(a, (frozenset, set, tuple, list)):
            out |= set(a)
        elif isinstance(a, str):
            out.add(a)
    return out


def _on_a_circle(G: nx.MultiGraph) -> None:
    """Place the cities evenly on a circle (in name order): a small map is then easy to read."""
    names = sorted(G)
    for i, c in enumerate(names):
        angle = 2 * math.pi * i / max(1, len(names)) + math.pi / 2
        G.nodes[c]["pos"] = (round(5 + 4 * math.cos(angle), 3), round(5 + 4 * math.sin(angle), 3))


def _answer_routes(algorithm: str, G: nx.MultiGraph, args: tuple) -> tuple:
    """The route ids of railkit's answer where it is a set of routes (not a distance table)."""
    if algorithm == "mst":
        return tuple(k for *_, k in steps.kruskal(G).result[1])
    if algorithm == "longest_trail":
        return tuple(k for *_, k in steps.longest_trail(G, max_frames=1).result[1])
    if algorithm == "min_cut":
        return tuple(k for *_, k in steps.min_cut(G, *args).result[1])
    if algorithm == "delivery":
        res = steps.bounded_longest_path(G, *args, weight="length").result
        return tuple(res[2]) if res else ()
    return ()


def shrink(fn: Callable, algorithm: str, mismatch: Mismatch) -> Mismatch:
    """The smallest instance found from ``mismatch`` on which ``fn`` still goes wrong the same
    way (a wrong answer stays wrong, an error stays the same error): cities (but those in the
    arguments), then routes, are taken out one at a time while the difference stays, until
    none can go (delta debugging). The result is drawn on a circle and carries what to
    highlight: railkit's answer routes, or the cities whose distance differs.

    >>> import networkx as nx
    >>> hops = lambda G, s: nx.single_source_shortest_path_length(G, s)  # counts routes, not trains
    >>> mm = check_implementation(hops, "dijkstra", 100).first
    >>> mm.graph.number_of_nodes() <= 3 and mm.shrunk_from[0] > mm.graph.number_of_nodes()
    True
    """
    G = mismatch.graph.copy()
    args = mismatch.args
    keep = _kept_cities(args)
    error_kind = mismatch.error.split(":")[0]

    def still(H: nx.MultiGraph) -> bool:
        found = _difference(fn, algorithm, H, args)
        return found is not None and found[2].split(":")[0] == error_kind

    changed = True
    while changed:
        changed = False
        for city in sorted(G):
            if city not in keep:
                H = G.copy()
                H.remove_node(city)
                if still(H):
                    G, changed = H, True
        for edge in sorted(G.edges(keys=True)):
            H = G.copy()
            H.remove_edge(*edge)
            if still(H):
                G, changed = H, True
    _on_a_circle(G)
    expected, got, error = _difference(fn, algorithm, G, args) or (mismatch.expected, mismatch.got, mismatch.error)
    wrong: tuple = ()
    if isinstance(expected, Mapping) and isinstance(got, Mapping):
        wrong = tuple(c for c in sorted(G) if _shown(expected, c) != _shown(got, c))
    return Mismatch(mismatch.index, G, args, expected, got, error, _answer_routes(algorithm, G, args), wrong,
                    (mismatch.graph.number_of_nodes(), mismatch.graph.number_of_edges()))


# ----------------------------------------------------------------------------- a class's answers
#: The columns of :meth:`ClassRecord.csv`.
RECORD_COLUMNS = ("time", "student", "activity", "item", "answer", "right")


class ClassRecord:
    """Every student's predictions and question-bank answers in one lesson, kept in this
    process only (nothing is sent anywhere), for the teacher to read or save as CSV.

    >>> r = ClassRecord()
    >>> r.add("Ada", "question", "shortest: Harbor–Peak", "7", True, when=0)
    >>> r.add("=cmd()", "prediction", "dijkstra step 3", "Mill", False, when=60)
    >>> r.summary()
    [('=cmd()', 1, 0), ('Ada', 1, 1)]
    >>> print(r.csv())
    time,student,activity,item,answer,right
    1970-01-01T00:00:00Z,Ada,question,shortest: Harbor–Peak,7,yes
    1970-01-01T00:01:00Z,'=cmd(),prediction,dijkstra step 3,Mill,no
    <BLANKLINE>
    """

    #: the longest name or answer kept (characters)
    MAX_TEXT = 80

    def __init__(self, rows: Iterable[Mapping] = (), on_add: Callable[[dict], None] | None = None) -> None:
        import threading

        self._rows: list[tuple] = [tuple(r[c] for c in RECORD_COLUMNS) for r in rows]
        self._lock = threading.Lock()
        #: called with each new row (a mapping of :data:`RECORD_COLUMNS`), e.g. to keep it on disk
        self.on_add = on_add

    def add(self, student: str, activity: str, item: str, answer: Any, right: bool, when: float | None = None) -> None:
        """Record one answer of ``student`` (``activity``: ``question`` or ``prediction``)."""
        import time

        clean = [" ".join(str(x).split())[:self.MAX_TEXT] for x in (student or "anonymous", activity, item, answer)]
        row = (time.time() if when is None else when, *clean, bool(right))
        with self._lock:
            if self.on_add is not None:
                self.on_add(dict(zip(RECORD_COLUMNS, row)))
            self._rows.append(row)

    def __len__(self) -> int:
        return len(self._rows)

    def summary(self) -> list[tuple[str, int, int]]:
        """``(student, answered, right)`` per student, by name."""
        counts: dict[str, list[int]] = {}
        with self._lock:
            for _, student, _, _, _, right in self._rows:
                c = counts.setdefault(student, [0, 0])
                c[0] += 1
                c[1] += right
        return [(s, a, r) for s, (a, r) in sorted(counts.items())]

    def csv(self) -> str:
        """Every answer, oldest first, as CSV (a text that a spreadsheet would run as a formula
        starts with a quote, so it stays text)."""
        import csv
        import io
        import time

        def safe(text: str) -> str:
            return "'" + text if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text

        out = io.StringIO()
        w = csv.writer(out, lineterminator="\n")
        w.writerow(RECORD_COLUMNS)
        with self._lock:
            rows = list(self._rows)
        for when, student, activity, item, answer, right in rows:
            w.writerow([time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(when)), safe(student), activity, safe(item),
                        safe(answer), "yes" if right else "no"])
        return out.getvalue()
