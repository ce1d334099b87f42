"""Bot levels by name (easy / medium / hard) and the Ticket to Ride play styles."""

from __future__ import annotations

import pytest

from railkit.agents import agents_of, make_agent
from railkit.agents.levels import LEVELS
from railkit.core.game import play
from railkit.games.station_master import SPEC as SM
from railkit.games.steam_rollers import SPEC as SR
from railkit.games.ticket_to_ride import SPEC as TTR
from railkit.sim import run

OLD = {TTR.name: {"random", "greedy-route", "tickets", "long-route"}, SR.name: {"random", "greedy"},
       SM.name: {"random", "greedy"}}


@pytest.mark.parametrize("spec", [TTR, SR, SM], ids=lambda s: s.name)
def test_every_game_has_three_levels_and_keeps_its_old_bots(spec):
    agents = agents_of(spec)
    assert set(LEVELS) <= set(agents)
    assert OLD[spec.name] <= set(agents)
    for name in ("easy", "medium", "hard"):
        assert make_agent(spec, name, 1).name == name
    assert make_agent(spec, "hard", 1).game_name == spec.name


def test_medium_is_the_best_heuristic_and_easy_plays_like_greedy_route():
    g = TTR.new_game(None, players=2, seed=4, map="teaching-small")
    for name, ref in (("medium", "tickets"), ("easy", "greedy-route"), ("route-focus", "tickets"),
                      ("one-step-thinking", "greedy-route")):
        a, b = make_agent(TTR, name, 3), make_agent(TTR, ref, 3)
        h = g.fresh()
        while not h.is_over:
            s = h.current_player
            obs, legal = h.observe(s), h.legal_actions()
            x = a.act(obs, legal)
            assert x == b.act(obs, legal)
            h.apply(x)


def test_easy_station_master_is_greedy_with_random_moves():
    g = SM.new_game(None, players=2, seed=1)
    easy, greedy = make_agent(SM, "easy", 5), make_agent(SM, "greedy", 5)
    same = differ = 0
    while not g.is_over:
        s = g.current_player
        obs, legal = g.observe(s), g.legal_actions()
        a = easy.act(obs, legal)
        if len(legal) > 1:
            if a == greedy.act(obs, legal):
                same += 1
            else:
                differ += 1
        g.apply(a)
    assert same > differ > 0


@pytest.mark.parametrize("name", ["destination-hungry", "route-focus", "one-step-thinking", "long-route"])
def test_ticket_to_ride_styles_play_whole_games(name):
    g = play(TTR.new_game(None, players=2, seed=6, map="teaching-small"), [make_agent(TTR, name, 1),
                                                                           make_agent(TTR, "random", 2)])
    assert g.is_over


def test_destination_hungry_keeps_more_tickets_than_route_focus():
    kept = {}
    for name in ("destination-hungry", "route-focus"):
        total = 0
        for seed in range(4):
            g = play(TTR.new_game(None, players=2, seed=seed, map="usa"), [make_agent(TTR, name, seed)] * 2)
            total += sum(r["tickets_kept"] for r in g.summary())
        kept[name] = total
    assert kept["destination-hungry"] > kept["route-focus"]


def test_the_simulator_takes_level_names():
    df = run("station-master", agents="easy,hard", players=2, games=1, seed=2)
    assert sorted(df["agent"]) == ["easy", "hard"]
    assert (df["error"] == "").all() and df["score"].notna().all()


def test_the_served_table_plays_a_hard_bot():
    from railkit.viz.shell.table import Table

    t = Table(players=2, humans=(), bots=["hard", "medium"], seed=5, game="station-master")
    assert t.bot_names == {0: "hard", 1: "medium"}
    for _ in range(6):
        assert t.step_bot()
    assert len(t.game.log) == 6 and t.agents[0].stats


def test_station_master_hard_looks_five_turns_ahead_at_four_players():
    hard = make_agent(SM, "hard", 1)
    iterations2, depth2, steps2 = hard.budget(2)
    iterations4, depth4, steps4 = hard.budget(4)
    assert depth2 is None and steps2 is not None  # whole games at 2 players
    assert depth4 == 5 * 4 and steps4 is None and iterations4 > iterations2
    assert hard.budget(3) == hard.budget(2)
