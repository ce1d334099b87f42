"""Station Master games played to the end: what only this game promises beyond the common
conformance suite (tests/games/test_conformance.py): the messages of a bad save and of
unreadable text, the summary's columns, the greedy bot's strength and the registry's facts."""

from __future__ import annotations

import json
import random

import pytest

from railkit.agents import agents_of, make_agent
from railkit.agents.station_master import AGENTS, GreedyAgent, RandomAgent
from railkit.core.errors import ActionSyntaxError, DataError
from railkit.core.game import play
from railkit.games import get_spec
from railkit.games.station_master import SPEC, StationMasterGame


def random_game(players: int, seed: int) -> StationMasterGame:
    g = SPEC.new_game(players=players, seed=seed)
    rng = random.Random(seed)
    while not g.is_over:
        legal = g.legal_actions()
        g.apply(legal[rng.randrange(len(legal))])
    return g


def test_saved_game_with_a_bad_action_names_the_step():
    data = random_game(3, 3).to_json()
    data["actions"][5] = "chip 9 on T1"
    with pytest.raises(DataError) as exc:
        StationMasterGame.from_json(data, "saved.json")
    assert exc.value.path == "$.actions[5]" and "SM-CHIP-SUPPLY" in exc.value.expected
    with pytest.raises(DataError, match="2 to 6 players"):
        StationMasterGame(players=7)
    with pytest.raises(DataError, match="only the option 'setup'"):
        StationMasterGame(players=2, cards="x.json")


@pytest.mark.parametrize("text", ["", "chip", "chip two on T1", "play on T1", "play +3 T1", "uncouple 1 from T1",
                                  "play transfer T1", "play repair-3 take", "place 1 on T2"])
def test_unknown_text_lists_the_forms(text):
    with pytest.raises(ActionSyntaxError) as exc:
        SPEC.new_game(players=2).apply(text)
    assert "chip V on Tn" in str(exc.value) and "play transfer Tn->Tm" in str(exc.value)


def test_summary_columns():
    g = random_game(4, 8)
    rows = g.summary()
    need = {"seat", "score", "win", "rank", "turns", "best_train", "trains_scored", "chips_placed", "cards_played",
            "points_positive", "points_negative", "chips_placed_v1", "chips_placed_v2", "chips_placed_v3",
            "points_v1", "points_v2", "points_v3", "players", "end_reason", "departures", "unscored_trains"}
    for r in rows:
        assert need <= set(r)
        assert r["score"] == r["points_positive"] + r["points_negative"] == r["points_v1"] + r["points_v2"] + r["points_v3"]
        assert r["chips_placed"] == r["chips_placed_v1"] + r["chips_placed_v2"] + r["chips_placed_v3"]
        assert all(isinstance(v, (int, float, str, bool)) for v in r.values())
    json.dumps(rows)
    hist = g.score_history()
    assert hist and {"train", "cards", "value", "chips", "points"} <= set(hist[0])


def test_bots_play_from_observations_only_and_greedy_beats_random():
    wins = 0
    for seed in range(30):
        g = SPEC.new_game(players=4, seed=seed)
        play(g, [GreedyAgent(seed), RandomAgent(seed + 1), RandomAgent(seed + 2), RandomAgent(seed + 3)])
        g.audit()
        wins += g.summary()[0]["win"]
    assert wins >= 15  # a fair share would be 7 or 8


def test_registry_spec_and_agents():
    spec = get_spec("station-master")
    assert spec is SPEC and (spec.min_players, spec.max_players) == (2, 6)
    assert set(agents_of(spec)) == set(AGENTS) == {"random", "greedy", "easy", "medium", "hard", "mcts"}
    assert spec.default_agent == "greedy" and isinstance(make_agent(spec, "greedy", 1), GreedyAgent)
