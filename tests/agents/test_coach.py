"""The coach level: it moves its search budget with the learner's results and keeps a
medium learner's win rate over the last 10 games between 40 and 60 %."""

from __future__ import annotations

import pytest

from railkit.agents import agents_of, make_agent, make_coach
from railkit.agents.coach import COACH_LEVELS, Coach
from railkit.games.station_master import SPEC as SM
from railkit.games.steam_rollers import SPEC as SR
from railkit.games.ticket_to_ride import SPEC as TTR
from railkit.sim.coaching import coach_series, settled_after


@pytest.mark.parametrize("spec", [TTR, SR, SM], ids=lambda s: s.name)
def test_every_game_has_a_coach_that_starts_as_hard(spec):
    coach, hard = make_coach(spec, 1), make_agent(spec, "hard", 1)
    assert isinstance(coach, Coach) and coach.name == "coach"
    assert "coach" not in agents_of(spec)  # not picked by name: it must be told each result
    assert coach.level == Coach.start and coach.budget(2) == hard.budget(2) and coach.budget(4) == hard.budget(4)


def test_the_budget_follows_the_level():
    coach = make_coach(TTR, 1)
    iterations, depth, steps = make_agent(TTR, "hard", 1).budget(2)
    for level, (_, share) in enumerate(COACH_LEVELS):
        coach.level = level
        if share:
            assert coach.budget(2) == (round(iterations * share), depth, round(steps * share))


def test_it_moves_one_level_up_after_each_learner_win_and_down_after_each_loss():
    coach = make_coach(SM, 1)
    for result in (1, 0, 0, 0.5, 0, 1, 0, 0):
        coach.record(result)
    assert coach.played == [5, 6, 5, 4, 4, 3, 4, 3]
    assert coach.level == 2
    assert coach.learner_rate() == pytest.approx(2.5 / 8)


def test_it_stays_within_its_levels():
    coach = make_coach(SM, 1)
    for _ in range(40):
        coach.record(1)
    assert coach.level == len(COACH_LEVELS) - 1
    for _ in range(60):
        coach.record(0)
    assert coach.level == 0


def test_without_search_it_plays_mediums_moves():
    coach = make_coach(TTR, 3)
    coach.level = 2
    medium = make_agent(TTR, "medium", "3-tickets-0")  # the seed the coach gives its proposer
    g = TTR.new_game(None, players=2, seed=4, map="teaching-small")
    coach.bind(g)
    other = make_agent(TTR, "medium", 9)
    while not g.is_over:
        s, legal = g.current_player, g.legal_actions()
        if s == 0:
            a = coach.act(g.observe(0), legal)
            assert a == medium.act(g.observe(0), legal)
        else:
            a = other.act(g.observe(1), legal)
        g.apply(a)


def test_a_medium_learner_settles_between_40_and_60_percent_within_20_games():
    """A seeded series on the small teaching map (20 games in about 8 s): the coach starts as
    hard, the medium learner loses, the coach steps down until the learner wins half its games.
    (Seeds 0 to 5 settled by game 20 in 4 of 6 series: 12, 19, never, 20, never, 17 games.)"""
    df = coach_series(TTR.name, learner="medium", games=20, seed=0, options={"map": "teaching-small"})
    assert df["coach_level"].iloc[0] == Coach.start
    assert df["coach_level"].min() < Coach.start  # it did step down
    after = settled_after(df)
    assert after is not None and after <= 20
    assert 0.4 <= df["learner_rate"].iloc[-1] <= 0.6


@pytest.mark.slow
def test_a_medium_learner_settles_at_steam_rollers_too():
    """Steam Rollers, 2 players (about 3 minutes with the pure Python engines): seed 0 settled
    after 10 games."""
    df = coach_series(SR.name, learner="medium", games=20, seed=0)
    after = settled_after(df)
    assert after is not None and after <= 20
