"""The graph lessons in four languages: every step's narration and tie reason, every
pseudocode line and data structure's name, every question, explanation and piece of
feedback is a message with a translation in Danish, German and Japanese; English stays
as it was."""

from __future__ import annotations

import re

import pytest

from railkit.core import i18n
from railkit.core.i18n import Message
from railkit.graphs import quiz, steps
from railkit.graphs.instances import euler_network, grow_network
from railkit.maps import load

TRANSLATED = ("da", "de", "ja")


def messages_in(value):
    """``value`` and every message among its arguments, nested ones too."""
    if isinstance(value, Message):
        yield value
        for arg in value.args.values():
            yield from messages_in(arg)


def untranslated(value, lang: str) -> list[str]:
    """The ids of the messages in ``value`` that ``lang``'s catalog has no translation for."""
    table, _ = i18n._table(lang)
    return [m.text for m in messages_in(value) if m.text not in table]


@pytest.fixture(scope="module")
def traces():
    """One trace of every algorithm, on the small map and a player's network, with ties, cuts
    and the ends where a ticket cannot be completed."""
    small = load("teaching-small")
    G = small.graph()
    net = grow_network(load("usa"), 3)
    cut = {k for _, _, k in G.edges("Summit", keys=True)}
    return [
        steps.bfs(G, "Harbor", "Summit"), steps.bfs(G, "Harbor", "Summit", blocked=cut), steps.bfs(G, "Harbor"),
        steps.dfs(G, "Harbor", "Summit"), steps.dfs(G, "Harbor", "Summit", blocked=cut), steps.dfs(G, "Harbor"),
        steps.dijkstra(G, "Harbor", "Summit"), steps.dijkstra(G, "Harbor", "Summit", blocked=cut),
        steps.dijkstra(G, "Harbor"), steps.astar(G, "Harbor", "Summit"), steps.prim(G, "Harbor"), steps.kruskal(G),
        steps.hierholzer(euler_network(G, 2)), steps.longest_trail(net), steps.longest_trail(net, max_frames=5),
        steps.greedy_trail(net), steps.max_flow(G, "Harbor", "Peak"),
        steps.max_flow(G, "Harbor", "Peak", doubles="one-claim"),
        steps.bounded_longest_path(G, "Harbor", {"Peak"}, 3), steps.bounded_longest_path(G, "Harbor", {"Peak"}, 1),
        steps.steiner_forest(G, [("Harbor", "Peak"), ("Mill", "Summit")]),
    ]


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_step_is_narrated_in_every_language(traces, lang):
    missing = set()
    for trace in traces:
        for frame in trace:
            missing |= set(untranslated(frame.narration, lang)) | set(untranslated(frame.tie_reason, lang))
            missing |= {line for line in trace.pseudocode if line not in i18n._table(lang)[0]}
            missing |= {name for name in frame.data if name not in i18n._table(lang)[0]}
    assert not missing, sorted(missing)[:10]


def test_the_narration_is_rendered_where_it_is_shown_and_stays_english_in_code(traces):
    frame = steps.dijkstra(load("usa").graph(), "Denver", "Chicago")[0]
    assert frame.text == "Start at Denver with distance 0; every other city is at infinity."
    assert frame.narration.render("da") == "Start i Denver med afstand 0; alle andre byer er uendeligt langt væk."
    assert frame.narration.render("ja") == "Denverから距離0で始めます。他の都市はすべて無限大です。"
    ties = [f for t in traces for f in t if f.tie_reason is not None]
    assert ties and all(f.why == str(f.tie_reason) for f in ties)
    assert all(f.why == "" for t in traces for f in t if f.tie_reason is None)


def test_the_pseudo_locale_leaves_no_english_in_a_step(traces):
    """Rendered in the pseudo-locale, a step's words are all accented: only names (of cities,
    routes) and numbers are left as they are."""
    names = {str(n) for t in traces for f in t for n in f.nodes} | {str(e[2]) for t in traces for f in t for e in f.edges}
    strip = re.compile("|".join(map(re.escape, sorted(names, key=len, reverse=True))))
    for trace in traces:
        for frame in trace:
            for m in (frame.narration, frame.tie_reason):
                if m is not None:
                    assert not re.findall(r"[A-Za-z]{2,}", strip.sub(" ", m.render("xx"))), m


@pytest.fixture(scope="module")
def bank():
    return [q for level in quiz.LEVELS for q in quiz.question_bank(3, level, len(quiz.KINDS))]


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_question_and_its_grading_is_in_every_language(bank, lang):
    missing = set()
    for q in bank:
        for given in (q.answer, "nonsense", ""):
            ok, says = q.grade(given)
            missing |= set(untranslated(says, lang))
        missing |= set(untranslated(q.asks, lang)) | set(untranslated(q.explains, lang))
    assert not missing, sorted(missing)[:10]
    assert {q.kind for q in bank} == set(quiz.KINDS)


def test_a_question_stays_english_in_code(bank):
    for q in bank:
        assert q.prompt == str(q.asks) and q.explanation == str(q.explains)
        assert q.check(q.answer) == (True, str(q.grade(q.answer)[1]))


@pytest.mark.parametrize("yes, no", [("yes", "no"), ("ja", "nej"), ("Ja", "Nein"), ("はい", "いいえ")])
def test_yes_and_no_are_understood_in_every_language(yes, no):
    q = next(q for q in quiz.question_bank(0, "small", 20) if isinstance(q.answer, bool))
    assert q.grade(yes if q.answer else no)[0]
    assert not q.grade(no if q.answer else yes)[0]


@pytest.mark.parametrize("mode", quiz.MODES)
@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_feedback_on_predictions_is_in_every_language(mode, lang):
    trace = steps.kruskal(load("teaching-small").graph())
    missing = set()
    for wrong_first in (True, False):
        p = quiz.Predictor(trace, mode)
        while not p.done:
            d = trace[p.decisions[p.k]]
            wrong = next(e for e in d.edges if e not in d.accept)
            fb = p.answer(wrong if wrong_first else d.pick)
            missing |= set(untranslated(fb.says, lang))
            if not fb.advanced:
                fb = p.answer(d.pick)
        missing |= set(untranslated(p.answer("Mill").says, lang))  # the run is over
        for line in p.report_messages():
            missing |= set(untranslated(line, lang))
        assert p.report() == "\n".join(map(str, p.report_messages()))
    assert not missing, sorted(missing)[:10]
