"""The Ticket to Ride hard bot at four seats: its playout reward and its larger budget."""

from __future__ import annotations

import pytest

from railkit.agents import make_agent, make_mcts
from railkit.agents.mcts import Adapter, sigmoid
from railkit.agents.ticket_to_ride import HARD_BUDGET, HARD_BUDGET_BY_PLAYERS, TicketToRideAdapter
from railkit.core.game import play
from railkit.games.ticket_to_ride import SPEC as TTR


def _finished(players, seed):
    return play(TTR.new_game(None, players=players, seed=seed, map="usa"),
                [make_agent(TTR, "medium", s) for s in range(players)])


def test_at_four_seats_the_reward_is_the_margin_alone_and_at_two_the_shared_one():
    adapter = TicketToRideAdapter()
    four = _finished(4, 7)
    margins = adapter.margins(four)
    rewards = [adapter.reward(four, s) for s in range(4)]
    assert rewards == [sigmoid(m / adapter.scale) for m in margins]
    winner = max(range(4), key=lambda s: margins[s])
    assert rewards[winner] < 0.5 + 0.5 * sigmoid(margins[winner] / adapter.scale)  # no win bonus
    two = _finished(2, 7)
    assert [adapter.reward(two, s) for s in range(2)] == [Adapter.reward(adapter, two, s) for s in range(2)]


@pytest.mark.parametrize("players", [2, 4])
def test_hard_takes_its_budget_for_the_player_count(players):
    budget = HARD_BUDGET_BY_PLAYERS.get(players, HARD_BUDGET)
    assert make_agent(TTR, "hard", 1).budget(players) == budget


def test_four_player_hard_plays_more_playouts_than_the_two_player_budget_allows():
    assert HARD_BUDGET_BY_PLAYERS[4][2] > HARD_BUDGET[2]
    g = TTR.new_game(None, players=4, seed=3, map="usa")
    seat = g.current_player
    iterations, depth, steps = HARD_BUDGET
    four = make_agent(TTR, "hard", 5)
    four.max_ms = 60_000
    four.bind(g).act(g.observe(seat), g.legal_actions())
    two = make_mcts(TTR, seed=5, iterations=iterations, depth=depth, steps=steps, max_ms=60_000).bind(g)
    two.act(g.observe(seat), g.legal_actions())
    assert four.stats[-1][0] > two.stats[-1][0] >= 2 * len(two.last)


def test_hard_weighs_claiming_an_obvious_choke_right_after_mediums_move():
    """Wherever the other seat's claimed network has an obvious choke hard can claim, the
    search's second candidate claims one (medium's move stays first, the reference)."""
    from railkit.agents.ticket_to_ride import map_facts
    from railkit.games.ticket_to_ride.board import obvious_chokes
    from railkit.games.ticket_to_ride.actions import Claim

    hard = make_agent(TTR, "hard", 1)
    seen = 0
    for seed in range(3):
        g = TTR.new_game(None, players=2, seed=seed, map="usa")
        bots = [make_agent(TTR, "medium", 10 + s) for s in range(2)]
        while not g.is_over:
            s, legal = g.current_player, g.legal_actions()
            obs = g.observe(s)
            if obs["phase"] == "turn":
                chokes = obvious_chokes(map_facts(obs).board, obs["claimed"], obs["closed"], 1 - s, 2)
                if any(type(a) is Claim and a.route in chokes for a in legal):
                    seen += 1
                    hard.bind(g)
                    cands = hard.adapter.candidates(hard, obs, legal)
                    assert cands[0] == hard._proposer("tickets", s).act(obs, legal)
                    assert any(type(a) is Claim and a.route in chokes for a in cands[:2])
            g.apply(bots[s].act(obs, legal))
    assert seen
