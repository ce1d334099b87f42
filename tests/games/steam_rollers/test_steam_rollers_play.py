"""Steam Rollers games played to the end: what only this game promises beyond the common
conformance suite (tests/games/test_conformance.py): greedy games end by the rules' own
triggers, the registry's facts, and the summary's columns."""

from __future__ import annotations

from collections import Counter

import pytest

from railkit.agents import agents_of, make_agent
from railkit.agents.steam_rollers import AGENTS, GreedyAgent, RandomAgent
from railkit.core.game import play
from railkit.games import get_spec
from railkit.games.steam_rollers import SteamRollers


def play_out(players: int, options: dict, seed: int, bot=RandomAgent, max_rounds: int = 10) -> SteamRollers:
    g = SteamRollers({"max_rounds": max_rounds}, players=players, seed=seed, **options)
    return play(g, [bot(seed * 10 + i) for i in range(players)])


@pytest.mark.parametrize("players", [1, 2, 3])
def test_greedy_games_end_by_the_rules(players):
    reasons = Counter()
    deliveries = 0
    for seed in range(3):
        g = play_out(players, {"difficulty": "engineer"} if players == 1 else {}, seed, GreedyAgent, max_rounds=60)
        reasons[g.end_reason] += 1
        deliveries += sum(r["deliveries"] for r in g.summary())
    assert deliveries > 0
    assert reasons["cities"] + reasons["olivia-region-full"] > 0


def test_spec_and_agents():
    spec = get_spec("steam-rollers")
    assert (spec.min_players, spec.max_players) == (1, 5)
    assert set(agents_of(spec)) == set(AGENTS) == {"random", "greedy", "easy", "medium", "hard", "mcts"}
    g = spec.new_game(spec.make_rules("all-modules"), players=3, seed=2)
    play(g, [make_agent(spec, "random", i) for i in range(3)])
    assert g.is_over


def test_summary_columns():
    row = play_out(1, {"difficulty": "rail-baron"}, seed=2).summary()[0]
    for col in ("seat", "score", "win", "rank", "turns", "delivery_points", "network_points", "engine_bonus", "tile_vp",
                "deliveries", "engine", "olivia_score", "difficulty"):
        assert col in row
    assert row["difficulty"] == "rail-baron" and isinstance(row["olivia_score"], int)


@pytest.mark.parametrize("players", [1, 2])
def test_summary_counts_the_crossed_hexes_of_each_region(players):
    """``crosses_region1`` ... ``crosses_region6``: the hexes of that region a seat has drawn a
    track in; alone against Olivia also ``olivia_crosses_region1`` ... 6, her crossed hexes
    (None without her). Together they are every track and every hex she crossed."""
    g = play_out(players, {"difficulty": "investor"} if players == 1 else {}, seed=3, bot=GreedyAgent, max_rounds=60)
    for seat, row in enumerate(g.summary()):
        counts = [row[f"crosses_region{n}"] for n in range(1, 7)]
        assert counts == [sum(g.sheet.region_of[h] == n for h in g.ps[seat].tracks) for n in range(1, 7)]
        assert sum(counts) == row["tracks"] > 0
        olivia = [row[f"olivia_crosses_region{n}"] for n in range(1, 7)]
        if players == 1:
            assert olivia == [len(g.olivia_crossed[n]) for n in range(1, 7)] and sum(olivia) >= 5
            assert row["olivia_network_points"] == sum(sorted(olivia)[-2:])
        else:
            assert olivia == [None] * 6
