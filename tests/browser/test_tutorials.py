"""Every tutorial completed by clicks in its served app (``?tutorial=1``) at 1280x720: the
comment box shows each step as the tutorial's file has it ("Step k of n: ..."), Next goes
on at a step you watch, a wrong move is refused with the step's own words and the step
stays, the right move by clicks on the board and the buttons shows the next step. No
console error, no request that leaves 127.0.0.1. Screenshots of a step at 1280x720,
1920x1080 and 390x844 go to ``$RAILKIT_SCREENSHOTS`` (else the test's temporary folder)."""

from __future__ import annotations

import re
import sys

import pytest
from playwright.sync_api import expect

from conftest import launch, stop_server
from helpers import ROWS, SHEET_XY, click_route, wait_text
from railkit.viz.shell.tutorial import GRAPH_LAB, tutorial_of
from railkit.viz.steam_rollers.sheet import centre
from railkit.viz.steam_rollers.view import DIE_FACE

TIMEOUT = 120_000

#: pixel position on the page of city ``name`` on the graph lab's board
NODE_XY = """(name) => { for (const d of Bokeh.documents) { const n = d.get_model_by_name('algo_board_nodes');
  if (!n) continue; const i = n.data.name.indexOf(name);
  const view = Bokeh.index.get_one(d.get_model_by_name('algo_board')); if (!view) return null;
  view.canvas_view.el.scrollIntoView({block: "nearest"});
  const r = view.canvas_view.el.getBoundingClientRect();
  return [view.frame.x_scale.compute(n.data.x[i]) + r.left, view.frame.y_scale.compute(n.data.y[i]) + r.top]; }
  return null; }"""


@pytest.fixture(scope="module")
def servers():
    """Start each app once, when a test first asks for it: ``servers(game) -> url``."""
    procs: dict[str, object] = {}

    def get(game: str) -> str:
        if game not in procs:
            cmd = ([sys.executable, "-m", "railkit.viz.graphs.algoplayer", "--port", "{port}"] if game == GRAPH_LAB
                   else [sys.executable, "-m", "railkit.viz.shell.serve", game, "--port", "{port}"])
            procs[game] = launch(cmd, name=f"tutorial-{game}")
        return procs[game].url

    yield get
    for proc in procs.values():
        stop_server(proc)


def comment(page):
    return page.locator(".tutorial-comment")


def expect_step(page, tutorial, k: int) -> None:
    """The comment box shows step ``k`` (0-based) as the tutorial's file has it."""
    step = tutorial.steps[k]
    box = comment(page)
    expect(box).to_contain_text(f"Step {k + 1} of {len(tutorial.steps)}:", timeout=TIMEOUT)
    expect(box).to_contain_text(step.say, timeout=TIMEOUT)
    if step.rule:
        expect(box).to_contain_text(f"(rule {step.rule})")


# ------------------------------------------------------------------ the moves, by clicks
def click_xy(page, script: str, arg) -> None:
    page.mouse.move(1, 1)  # a tooltip left over the board would catch the click
    xy = page.evaluate(script, arg)
    assert xy is not None, f"nothing on the board at {arg}"
    page.mouse.click(*xy)


def untick(page, *cities: str) -> None:
    for city in cities:
        box = page.locator(".ticket-offer label", has_text=city).locator("input")
        box.uncheck()
        expect(box).not_to_be_checked()


def ticket_to_ride_move(page, move: str) -> None:
    keep = {"keep tickets 1,3": ["Helena"], "keep tickets 3": ["Winnipeg", "Duluth"]}
    if move in keep:
        page.get_by_role("button", name="Keep selected tickets").wait_for(timeout=TIMEOUT)
        untick(page, *keep[move])
        page.get_by_role("button", name="Keep selected tickets").click()
    elif move.startswith("draw faceup "):
        page.locator(f".faceup-{move.split()[-1]} button").click()
    elif move == "draw deck":
        page.get_by_role("button", name="Draw from deck").click()
    elif move == "draw tickets":
        page.get_by_role("button", name="Draw tickets").click()
    elif move.startswith("claim "):
        click_route(page, re.fullmatch(r"claim (.+?) \w+ x\d+", move).group(1))
        page.get_by_role("button", name=re.compile(r"^Pay ")).first.click(timeout=TIMEOUT)
    else:  # pragma: no cover - a move this test does not know how to click
        raise AssertionError(f"no clicks for {move!r}")


STATION_CARDS = {"lux+5": "Luxury +5", "+3": "+3", "brake-van": "Brake Van"}


def station_master_move(page, move: str) -> None:
    words = move.split()
    if words[0] == "chip":
        page.get_by_role("button", name=re.compile(rf"^Chip {words[1]}\b")).click()
    else:
        page.get_by_role("button", name=re.compile("^" + re.escape(STATION_CARDS[words[1]]))).click()
    train = int(words[-1].lstrip("T"))
    page.locator(f".train-slot-{train - 1} button").click()


def steam_rollers_move(page, move: str) -> None:
    words = move.split()  # draft V engine | draft V tile N | draft V build Q,R KIND A-B
    die = int(words[1])
    page.get_by_role("button", name=f"{DIE_FACE[die]} {die}").first.click()
    wait_text(page, f"Die {die} drafted", timeout=TIMEOUT)
    if words[2] == "engine":
        page.locator(".engine-box button", has_text=re.compile(rf"^{die}$")).click()
    elif words[2] == "tile":
        page.locator(".tile button").nth(int(words[3]) - 1).click()
    else:
        q, r = (int(v) for v in words[3].split(","))
        click_xy(page, SHEET_XY, list(centre((q, r))))
        page.wait_for_function(f"() => ({ROWS})('sheet_choices') > 0", timeout=TIMEOUT)
        first = page.evaluate("() => { const d = Bokeh.documents[0].get_model_by_name('sheet_choices').data;"
                              " return [d.x[0], d.y[0]]; }")
        click_xy(page, SHEET_XY, first)


def graph_lab_move(page, move: str) -> None:
    click_xy(page, NODE_XY, move)


MOVES = {"ticket-to-ride": ticket_to_ride_move, "station-master": station_master_move,
         "steam-rollers": steam_rollers_move, GRAPH_LAB: graph_lab_move}

#: a wrong move at the first "your move" step of each tutorial (legal in the game, or not)
WRONG = {"ticket-to-ride": lambda page: page.get_by_role("button", name="Keep selected tickets").click(),
         "station-master": lambda page: station_master_move(page, "chip 1 on T1"),
         "steam-rollers": lambda page: steam_rollers_move(page, "draft 5 engine"),
         GRAPH_LAB: lambda page: graph_lab_move(page, "Harbor")}


def open_tutorial(page, url: str, game: str) -> None:
    page.goto(url + "/?tutorial=1")
    comment(page).wait_for(timeout=TIMEOUT)
    if game == GRAPH_LAB:
        page.wait_for_function("() => window.Bokeh && Bokeh.documents.some(d => d.get_model_by_name('algo_board'))",
                               timeout=TIMEOUT)


@pytest.mark.parametrize("game", ["station-master", "steam-rollers", "ticket-to-ride", GRAPH_LAB])
def test_a_tutorial_is_completed_by_clicks(page, page_guard, servers, shots, game):
    page.set_viewport_size({"width": 1280, "height": 720})
    tutorial = tutorial_of(game)
    open_tutorial(page, servers(game), game)
    back, nxt = page.locator(".tutorial-back button"), page.locator(".tutorial-next button")
    feedback = page.locator(".tutorial-feedback")
    refused_once = False
    if game == GRAPH_LAB:  # one step counter (the box's), and no way to step ahead of the tutorial
        for own in (".narration", ".step button", ".step-back button", ".play button", ".frame"):
            expect(page.locator(own)).to_be_hidden()
    for k, step in enumerate(tutorial.steps):
        expect_step(page, tutorial, k)
        expect(back).to_be_disabled() if k == 0 else expect(back).to_be_enabled()
        if not step.waits:
            if k == len(tutorial.steps) - 1:
                expect(nxt).to_be_disabled()
                expect(comment(page)).to_contain_text("That is the end of the tutorial.")
                break
            nxt.click()
            continue
        expect(nxt).to_be_disabled()  # a move of yours: Next waits for it
        expect(comment(page)).to_contain_text("Your move.")
        if not refused_once:
            refused_once = True
            page.screenshot(path=str(shots / f"tutorial-{game}-step{k + 1}-1280x720.png"))
            WRONG[game](page)
            if game == GRAPH_LAB:
                expect(page.locator(".feedback")).to_contain_text(step.otherwise, timeout=TIMEOUT)
            else:
                wait_text(page, step.otherwise, timeout=TIMEOUT)
            expect_step(page, tutorial, k)  # the step stays
            if game != GRAPH_LAB:  # explained once: in the step box, not also on the game's message line
                expect(feedback).to_contain_text(step.otherwise, timeout=TIMEOUT)
                expect(page.locator(".message")).not_to_contain_text(step.otherwise)
            page.screenshot(path=str(shots / f"tutorial-{game}-step{k + 1}-refused-1280x720.png"))
        MOVES[game](page, step.your_move)
    else:  # the last step was a move of yours: the box says the tutorial is over
        expect(comment(page)).to_contain_text("That is the end of the tutorial.", timeout=TIMEOUT)
    # Back goes one step back, to the position of that step
    back.click()
    expect_step(page, tutorial, len(tutorial.steps) - 2)


def test_the_served_game_links_to_its_tutorial(page, page_guard, servers):
    page.set_viewport_size({"width": 1280, "height": 720})
    page.goto(servers("station-master") + "/")
    link = page.get_by_role("link", name=re.compile("Tutorial"))
    link.click(timeout=TIMEOUT)
    expect_step(page, tutorial_of("station-master"), 0)
    page.wait_for_function("() => location.search.includes('tutorial=1')")


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080), (390, 844)])
def test_a_tutorial_step_on_screens_large_and_small(page, page_guard, servers, shots, size):
    """A "your move" step of the Ticket to Ride tutorial (claim a route): the comment box and
    the Back and Next buttons are on the page and inside its width; a screenshot of it."""
    width, height = size
    page.set_viewport_size({"width": width, "height": height})
    tutorial = tutorial_of("ticket-to-ride")
    open_tutorial(page, servers("ticket-to-ride"), "ticket-to-ride")
    nxt = page.locator(".tutorial-next button")
    nxt.click()
    expect_step(page, tutorial, 1)
    box = comment(page).bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width + 1, box
    for button in (page.locator(".tutorial-back button"), nxt):
        b = button.bounding_box()
        assert b is not None and b["x"] >= 0 and b["x"] + b["width"] <= width + 1, b
    page.screenshot(path=str(shots / f"tutorial-ttr-step2-{width}x{height}.png"))


def test_a_tutorial_opened_in_danish_says_its_steps_in_danish(page, page_guard, servers, shots):
    """``?tutorial=1&lang=da``: the comment box says the step, its title and "Step 1 of n" in
    Danish, from the catalogs (the tutorial's file is English)."""
    from railkit.core.i18n import translate

    page.set_viewport_size({"width": 1280, "height": 720})
    tutorial = tutorial_of("station-master")
    page.goto(servers("station-master") + "/?tutorial=1&lang=da")
    box = comment(page)
    expect(box).to_contain_text(f"Trin 1 af {len(tutorial.steps)}:", timeout=TIMEOUT)
    expect(box).to_contain_text(translate(tutorial.steps[0].say, "da"), timeout=TIMEOUT)
    expect(box).to_contain_text(translate(tutorial.title, "da"), timeout=TIMEOUT)
    assert tutorial.steps[0].say not in box.inner_text()
    page.screenshot(path=str(shots / "tutorial-sm-da.png"))
