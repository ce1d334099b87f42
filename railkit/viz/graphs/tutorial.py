"""The graph lab's tutorial (``railkit serve graph-lab``, ``?tutorial=1``): an algorithm's run
on the player's board, step by step, where the learner clicks what the algorithm takes next.

The tutorial is data, ``railkit/viz/graphs/tutorial.json``, in the format of
:mod:`railkit.viz.shell.tutorial`: ``frame`` steps show a step of the run; at a ``your_move``
step the frame before stays on the board and the learner must click the city (or route) the
algorithm takes at the next step; any other click is refused with the step's explanation.
"""

from __future__ import annotations

import panel as pn

from railkit.core.errors import DataError
from railkit.graphs import quiz
from railkit.viz.shell.tutorial import Guide, Tutorial, TutorialBox


def frames(tutorial: Tutorial) -> list[int]:
    """The frame of the run each step shows (a "your move" step: the frame before it)."""
    out, shown = [], 0
    for step in tutorial.steps:
        if step.frame is not None:
            shown = step.frame
        out.append(shown)
    return out


def check_frames(tutorial: Tutorial, trace) -> None:
    """Check a graph-lab tutorial against ``trace``, its algorithm's run: frames exist and go
    forward, and each "your move" is what the algorithm takes at the frame after the one
    shown. :class:`DataError` naming the file, the step and the field."""
    last = -1
    for i, (step, shown) in enumerate(zip(tutorial.steps, frames(tutorial))):
        where = f"$.steps[{i}]"
        if step.frame is not None:
            if not last <= step.frame < len(trace):
                raise DataError(tutorial.source, f"{where}.frame",
                                f"a step of the run from {max(last, 0)} to {len(trace) - 1}", step.frame)
            last = step.frame
            continue
        nxt = trace[shown + 1] if shown + 1 < len(trace) else None
        if nxt is None or nxt.pick is None or not any(quiz._matches(step.your_move, a) for a in nxt.accept):
            want = "nothing (the run takes no decision next)" if nxt is None or nxt.pick is None else \
                " or ".join(sorted(quiz._name(a) for a in nxt.accept))
            raise DataError(tutorial.source, f"{where}.your_move",
                            f"what the algorithm takes after step {shown}: {want}", step.your_move)
        last = shown + 1


def lab_tutorial(tutorial: Tutorial, player) -> TutorialBox:
    """The comment box of the graph lab's ``tutorial``, played on ``player`` (an
    :class:`~railkit.viz.graphs.algoplayer.AlgoPlayer` of the tutorial's algorithm, map and
    seed), at step 1."""
    shown = frames(tutorial)
    # the frame after the one shown: what the learner must name at a "your move" step
    answers: dict[int, frozenset] = {}
    for k, step in enumerate(tutorial.steps):
        if step.waits and shown[k] + 1 < len(player.trace):
            answers[k] = player.trace[shown[k] + 1].accept

    def same(item, expected) -> bool:
        return any(quiz._matches(item, a) for a in answers.get(guide.index, ()))

    guide = Guide(tutorial, show=lambda k: player.goto(shown[k]), same=same)

    player.on_click = guide.offer
    # the comment box counts the steps and only its Next goes on: the lab's own counter line and
    # its Back, Step, Play and step slider would show a second count and run ahead of the tutorial
    player.text_pane.visible = False
    player._controls.visible = False
    box = TutorialBox(guide)
    guide.start()
    return box


def lab_tutorial_page(tutorial: Tutorial, player):
    """The graph lab's tutorial page: a header with a way back, the comment box, the player."""
    box = lab_tutorial(tutorial, player)
    header = pn.pane.Markdown("## Graph lab tutorial — railkit\n[Leave the tutorial](?)", css_classes=["header"])
    page = pn.Column(header, box, player, sizing_mode="stretch_width")
    page.box, page.player = box, player
    return page
