"""Steam Rollers bots: always legal, deterministic, stronger than random, sensible against Olivia."""

from __future__ import annotations

import json

import pytest

from railkit.agents.steam_rollers import AGENTS, GreedyAgent, RandomAgent, longest_distances, olivia_cost
from railkit.core.game import play
from railkit.games.steam_rollers import DIFFICULTIES, SteamRollers


class Checked:
    """Wraps a bot: asserts every choice is one of the legal actions."""

    def __init__(self, bot):
        self.bot = bot
        self.name = bot.name
        self.needs_observation = True

    def act(self, obs, legal):
        a = self.bot.act(obs, legal)
        assert a in legal, f"{self.bot.name} chose {a}, not legal"
        return a


def _log(game):
    return [str(a) for a in game.log]


@pytest.mark.parametrize("level", list(DIFFICULTIES))
def test_greedy_solo_always_legal(level):
    for seed in range(3):
        g = play(SteamRollers(players=1, seed=seed, difficulty=level), [Checked(GreedyAgent(seed))])
        assert g.is_over
        assert g.summary()[0]["olivia_score"] is not None


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_greedy_multiplayer_always_legal(players):
    for seed in range(2):
        bots = [Checked(GreedyAgent(seed * 10 + i) if i % 2 == 0 else RandomAgent(seed * 10 + i)) for i in range(players)]
        g = play(SteamRollers(players=players, seed=seed), bots)
        assert g.is_over


def test_greedy_with_modules_always_legal():
    """Coal, mountains, order tiles and starting powers (power phase, tile effects)."""
    for seed in range(2):
        g = SteamRollers(rules={"coal": True, "mountains": "hard", "order_tiles": True, "starting_powers": True},
                         players=3, seed=seed)
        play(g, [Checked(GreedyAgent(seed * 10 + i)) for i in range(3)])
        assert g.is_over
    g = SteamRollers(rules={"mountains": "medium"}, players=1, seed=4, difficulty="machinist")
    assert play(g, [Checked(GreedyAgent(4))]).is_over


def test_greedy_deterministic_for_a_seed():
    a = play(SteamRollers(players=1, seed=11, difficulty="engineer"), [GreedyAgent(5)])
    b = play(SteamRollers(players=1, seed=11, difficulty="engineer"), [GreedyAgent(5)])
    assert _log(a) == _log(b)
    c = play(SteamRollers(players=3, seed=2), [GreedyAgent(1), GreedyAgent(2), GreedyAgent(3)])
    d = play(SteamRollers(players=3, seed=2), [GreedyAgent(1), GreedyAgent(2), GreedyAgent(3)])
    assert _log(c) == _log(d)


def test_greedy_reads_only_the_observation():
    """The same choice from a JSON copy of the observation: only plain public data is used."""
    g = SteamRollers(players=1, seed=8, difficulty="investor")
    for _ in range(30):
        if g.is_over:
            break
        obs, legal = g.observe(0), g.legal_actions()
        assert "bag" not in obs  # only bag_count
        a1 = GreedyAgent(3).act(obs, legal)
        a2 = GreedyAgent(3).act(json.loads(json.dumps(obs)), legal)
        assert a1 == a2
        g.apply(a1)


def test_greedy_beats_random_in_three_player_games():
    wins = 0
    n = 30
    for seed in range(n):
        seat = seed % 3
        bots = [RandomAgent(seed * 10 + i) for i in range(3)]
        bots[seat] = GreedyAgent(seed * 10 + seat)
        rows = play(SteamRollers(players=3, seed=seed), bots).summary()
        wins += rows[seat]["win"]
    assert wins >= 0.7 * n


def test_greedy_wins_more_against_clerk_than_rail_baron():
    """Sensible against Olivia: the easiest level is beaten more often than the hardest
    (a loose ordering check on a small seeded sample, not a target number)."""
    def wins(level):
        return sum(play(SteamRollers(players=1, seed=s, difficulty=level), [GreedyAgent(s)]).summary()[0]["win"]
                   for s in range(12))
    assert wins("clerk") > wins("rail-baron")


def test_olivia_cost_full_region_and_scoring_die():
    g = SteamRollers(players=1, seed=1, difficulty="clerk")
    obs = g.observe(0)
    sheet = g.sheet
    crossed = {str(n): 0 for n in range(1, 7)}
    crossed["2"] = len(sheet.regions[2].drawable)  # full: the next die 2 makes her win (SR-OLIVIA-1)
    crossed["3"] = 4  # scores 5 and takes a good (SR-OLIVIA-4), if city 3 has one
    crossed["4"] = 0
    o = dict(obs, olivia=dict(obs["olivia"], crossed=crossed))
    o["supply"] = dict(obs["supply"], **{"3": ["red"], "4": ["red"]})
    assert olivia_cost(o, 2, sheet) >= 1000
    assert olivia_cost(o, 3, sheet) > olivia_cost(o, 4, sheet) + 4


def test_olivia_cost_counts_my_upright_tile():
    g = SteamRollers(players=1, seed=1, difficulty="clerk")
    obs = g.observe(0)
    tiles = json.loads(json.dumps(obs["tiles"]))
    before = olivia_cost(obs, 5, g.sheet)
    tiles["5"].update(holder=0, sideways=False)
    after = olivia_cost(dict(obs, tiles=tiles), 5, g.sheet)
    assert after > before  # SR-OLIVIA-2: she would take it back


def test_solo_greedy_leaves_olivia_the_harmless_die():
    """With dice 3, 3, 4 where a 4 lets Olivia score, the turn keeps the 4 away from her
    (unless a 4 was worth more than her points, which it cannot be on an empty sheet)."""
    g = SteamRollers(players=1, seed=1, difficulty="clerk")
    g.olivia_crossed[4] = list(g.sheet.regions[4].drawable[:4])
    g.olivia_crossed[3] = []
    g.supply[4] = ["red", "blue"]
    g.supply[3] = ["red", "blue"]
    g.dice = [3, 3, 4]
    bot = GreedyAgent(0)
    for _ in range(2):
        g.apply(bot.act(g.observe(0), g.legal_actions()))
    assert g.olivia_dice[-1] != 4


def test_longest_distances_cap_and_no_repeat():
    adj = {"C1": {"T1"}, "T1": {"C1", "C2"}, "C2": {"T1", "C3"}, "C3": {"C2"}}
    assert longest_distances(adj, "C1", 6) == {"C2": 2, "C3": 3}
    assert longest_distances(adj, "C1", 2) == {"C2": 2}
    assert longest_distances(adj, "C5", 6) == {}
    # another mapping, with other containers of neighbours: the same distances
    from types import MappingProxyType

    assert longest_distances(MappingProxyType({k: sorted(v) for k, v in adj.items()}), "C1", 6) == {"C2": 2, "C3": 3}


def test_agents_registry():
    assert set(AGENTS) >= {"random", "greedy"}
    for name, cls in AGENTS.items():
        assert cls.name == name


def test_bots_deliver_the_first_good_in_line():
    """SR-SOLO-ANY-GOOD lists a delivery per distinct line left; the bots keep their old
    choice (the first good of the colour), so seeded games play as before."""
    from railkit.games.steam_rollers import Deliver

    offered = 0
    for seed in range(4, 8):
        g, bot = SteamRollers(players=1, seed=seed), GreedyAgent(seed)
        while not g.is_over:
            legal = g.legal_actions()
            offered += any(isinstance(a, Deliver) and a.pos is not None for a in legal)
            a = bot.act(g.observe(0), legal)
            assert not (isinstance(a, Deliver) and a.pos is not None)
            g.apply(a)
    assert offered > 0
    legal = [Deliver(3, "red", 2, pos=3), Deliver(3, "red", 2), Deliver(3, "red", 2, pos=5)]
    rnd = RandomAgent(1)
    assert {rnd.act({}, legal) for _ in range(50)} == {Deliver(3, "red", 2)}
