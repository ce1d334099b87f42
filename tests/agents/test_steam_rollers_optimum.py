"""The exact optimum of the reduced solo game (railkit.agents.steam_rollers_optimum)."""

import pytest

from railkit.agents import make_agent
from railkit.agents import steam_rollers_optimum as opt
from railkit.core.game import play
from railkit.maps import hexes as hx
from railkit.maps import sheets


def test_corridor_sheet_is_a_valid_sheet():
    sheet = sheets.validate_file(opt.CORRIDOR_SHEET)
    assert sheet.summary().startswith("steam-corridor: 61 hexes in 6 regions")


@pytest.mark.parametrize("seed", range(1, 7))
def test_one_turn_optimum_equals_brute_force(seed):
    g = opt.reduced_game(seed, turns=1)
    best, line = opt.optimum(g)
    assert best == opt.brute_force(g)
    assert best == opt.optimum(g, prune=False)[0]
    replay = opt.reduced_game(seed, turns=1)
    for a in line:
        replay.apply(a)
    assert replay.is_over and replay.score(0) == best


def _last_turn(seed, turns=3, bot="random"):
    """A reduced game played by ``bot`` up to the start of its last turn (tracks, tiles and
    engine boxes drawn before, so the last turn's choices depend on them)."""
    g = opt.reduced_game(seed, turns=turns)
    agent = make_agent("steam-rollers", bot, str(seed))
    while not g.is_over and g.round < turns:
        g.apply(agent.act(g.observe(0), g.legal_actions()))
    return g


@pytest.mark.parametrize("seed,bot", [(s, b) for s in range(1, 6) for b in ("random", "medium")])
def test_last_turn_optimum_equals_brute_force(seed, bot):
    g = _last_turn(seed, bot=bot)
    if g.is_over:
        pytest.skip("the game ended early")
    assert opt.optimum(g)[0] == opt.brute_force(g)


#: city 1, the hexes (2,-1) and (1,-1) (town 2), the hex (2,-2), city 2: one corridor of the sheet
CHAIN = [(3, -1), (2, -1), (1, -1), (2, -2), (2, -3)]


def _one_track_short(seed):
    """A one-turn game whose sheet has the corridor from city 1 to city 2 but for the track
    in (2,-2), and an engine of 3: one build joins the cities and opens deliveries."""
    g = opt.reduced_game(seed, turns=1)
    for prev, h, nxt in zip(CHAIN, CHAIN[1:], CHAIN[2:]):
        if h != (2, -2):
            g._place(0, h, *sorted((hx.edge_between(h, prev), hx.edge_between(h, nxt))))
    g.ps[0].boxes |= {1, 2, 3}
    return g


@pytest.mark.parametrize("seed,points", [(2, 3), (8, 4), (15, 4), (26, 3)])
def test_completing_a_connection_is_found(seed, points):
    g = _one_track_short(seed)
    best, line = opt.optimum(g)
    assert best == points == opt.brute_force(g)
    assert "draft 2 build 2,-2 gentle 2-4" in [str(a) for a in line]


@pytest.mark.slow
def test_two_turn_optimum_equals_brute_force():
    g = opt.reduced_game(2, turns=2)
    assert opt.optimum(g)[0] == opt.brute_force(g) == 1


def test_optimum_leaves_the_game_unchanged():
    g = opt.reduced_game(3, turns=1)
    before = opt.position_key(g)
    opt.optimum(g)
    assert opt.position_key(g) == before


def test_no_bot_beats_the_two_turn_optimum():
    seed = 2
    best, line = opt.optimum(opt.reduced_game(seed, turns=2))
    assert len(line) >= 4  # two actions a turn
    for name in ("random", "easy", "medium"):
        g = opt.reduced_game(seed, turns=2)
        play(g, [make_agent("steam-rollers", name, "0")])
        assert g.score(0) <= best, name


def test_too_big_a_game_says_so():
    with pytest.raises(RuntimeError, match="too big"):
        opt.optimum(opt.reduced_game(1, turns=2), limit=50)


def test_no_level_beats_the_optimum_in_the_gap_table():
    bots = {name: (lambda seed, name=name: make_agent("steam-rollers", name, seed)) for name in ("easy", "hard")}
    rows = opt.gaps(bots, seeds=[1, 2], turns=1)
    assert [r["seed"] for r in rows] == [1, 2]
    assert all(r[name] <= r["optimum"] for r in rows for name in bots)
