"""The gym (railkit.rl): PettingZoo's own API and seed tests, pickling, action masks,
illegal actions, rewards and hidden information, for all three games."""

from __future__ import annotations

import pickle
import random
import warnings

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

import railkit.rl
from railkit.core.errors import IllegalMove

CASES = {
    "ttr-teaching-2p": ("ticket-to-ride", 2, {"map": "teaching-small"}),
    "ttr-usa-3p": ("ticket-to-ride", 3, {}),
    "steam-2p": ("steam-rollers", 2, {}),
    "steam-solo": ("steam-rollers", 1, {"difficulty": "rail-baron"}),
    "steam-modules-3p": ("steam-rollers", 3, {"preset": "all-modules"}),
    "station-3p": ("station-master", 3, {}),
    "station-6p": ("station-master", 6, {}),
}
IDS = list(CASES)

#: api_test's warnings for every Dict observation (it knows only its own games with dicts)
DICT_OBS_WARNINGS = {"Observation is not a NumPy array",
                     "Observation space for each agent probably should be gymnasium.spaces.box or gymnasium.spaces.discrete"}


def make(case: str):
    game, players, options = CASES[case]
    return railkit.rl.env(game, players=players, **options)


def random_step(env, rng: np.random.Generator) -> int | None:
    """One masked random step (None for a finished agent); the number played."""
    obs, _, term, trunc, _ = env.last()
    if term or trunc:
        env.step(None)
        return None
    n = int(rng.choice(np.flatnonzero(obs["action_mask"])))
    env.step(n)
    return n


def advance(env, steps: int, seed: int = 0, to: str | None = None) -> None:
    """Play ``steps`` random steps, then on until ``to`` is to move (game not over)."""
    rng = np.random.default_rng(seed)
    for _ in range(steps):
        random_step(env, rng)
    while to is not None and env.agent_selection != to:
        random_step(env, rng)
    assert not env.game.is_over


@pytest.mark.parametrize("case", IDS)
def test_pettingzoo_api_test(case):
    env = make(case)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(env, num_cycles=200)
    other = {str(w.message) for w in caught} - DICT_OBS_WARNINGS
    assert not other, other  # e.g. an all-zero mask, an observation out of bounds or NaN


@pytest.mark.parametrize("case", IDS)
def test_pettingzoo_seed_test(case):
    seed_test(lambda: make(case), num_cycles=60)


def test_reset_seed_sequence_is_reproducible():
    a, b = make("ttr-teaching-2p"), make("ttr-teaching-2p")
    a.reset(seed=5)
    b.reset(seed=5)
    seeds_a = [a.game.seed]
    seeds_b = [b.game.seed]
    for _ in range(3):
        a.reset()
        b.reset()
        seeds_a.append(a.game.seed)
        seeds_b.append(b.game.seed)
    assert seeds_a == seeds_b and len(set(seeds_a)) == 4


@pytest.mark.parametrize("case", IDS)
def test_pickle_round_trip_mid_game(case):
    env = make(case)
    env.reset(seed=3)
    advance(env, 25, seed=1)
    copy = pickle.loads(pickle.dumps(env))
    assert copy.game is not env.game and [str(a) for a in copy.game.log] == [str(a) for a in env.game.log]
    for agent in env.possible_agents:
        o1, o2 = env.observe(agent), copy.observe(agent)
        assert np.array_equal(o1["observation"], o2["observation"])
        assert np.array_equal(o1["action_mask"], o2["action_mask"])
    r1, r2 = np.random.default_rng(9), np.random.default_rng(9)
    for _ in range(40):
        if not env.agents:
            break
        assert random_step(env, r1) == random_step(copy, r2)
        assert env.agent_selection == copy.agent_selection
        assert env._cumulative_rewards == copy._cumulative_rewards


@pytest.mark.parametrize("case", IDS)
def test_mask_never_all_zero_and_numbers_round_trip(case):
    """In whole random games the mover's mask is never empty, it is exactly the legal
    actions, and every legal action's number reads back as that action."""
    env = make(case)
    rng = np.random.default_rng(0)
    for seed in range(2):
        env.reset(seed=seed)
        while env.agents:
            agent = env.agent_selection
            obs, _, term, _, _ = env.last()
            if term:
                env.step(None)
                continue
            mask = obs["action_mask"]
            legal = env.game.legal_actions()
            assert mask.sum() == len(legal) >= 1
            for a in legal:
                n = env.number_of(a)
                assert mask[n] == 1 and env.action_of(n) == a
            assert env.observation_space(agent).contains(obs)
            env.step(int(rng.choice(np.flatnonzero(mask))))


@pytest.mark.parametrize("case", IDS)
def test_illegal_action_raises_and_changes_nothing(case):
    env = make(case)
    env.reset(seed=2)
    advance(env, 12, seed=4)
    agent = env.agent_selection
    before = env.observe(agent)
    log = list(env.game.log)
    mask = before["action_mask"]
    rng = random.Random(0)
    bad = [int(i) for i in rng.sample(list(np.flatnonzero(mask == 0)), 20)]
    for n in bad:
        with pytest.raises(IllegalMove) as err:
            env.step(n)
        assert err.value.rule and str(err.value)
    after = env.observe(agent)
    assert env.game.log == log and env.agent_selection == agent and env.agents
    assert np.array_equal(before["observation"], after["observation"])
    assert np.array_equal(before["action_mask"], after["action_mask"])


def test_RL_ACTION_INDEX():
    env = make("station-3p")
    env.reset(seed=0)
    for n in (-1, env.index.size, 2.5, "3", None):
        with pytest.raises(IllegalMove) as err:
            env.step(n)
        assert err.value.rule == "RL-ACTION-INDEX"
    # a Station Master slot with no train in it (3 trains stand in the station at the start)
    from railkit.games.station_master import PlaceChip
    kind = next(k for k in env.index.kinds if k.cls is PlaceChip)
    slot = len(env.game.station) + 2
    n = env.index.offsets[env.index.kinds.index(kind)] + slot  # value 1 (first), slot
    with pytest.raises(IllegalMove) as err:
        env.step(n)
    assert err.value.rule == "RL-ACTION-INDEX" and "slot" in str(err.value)
    assert env.game.log == []


@pytest.mark.parametrize("case", ["ttr-teaching-2p", "station-3p", "steam-solo"])
def test_rewards_come_at_the_end(case):
    env = make(case)
    env.reset(seed=1)
    rng = np.random.default_rng(1)
    totals = {a: 0.0 for a in env.possible_agents}
    while env.agents:
        before_over = not env.game.is_over
        random_step(env, rng)
        for a, r in env.rewards.items():
            totals[a] += r
            if before_over and not env.game.is_over:
                assert r == 0
    scores = env.adapter.final_scores(env.game)
    n = len(env.possible_agents)
    if n == 1:
        assert totals["player_0"] == scores[0] - scores[1]
    else:
        assert totals["player_0"] == scores[0] - sum(scores[1:]) / (n - 1)
        assert abs(sum(totals.values())) < 1e-9


def test_two_player_reward_is_the_score_difference():
    env = make("ttr-teaching-2p")
    env.reset(seed=4)
    rng = np.random.default_rng(4)
    while not env.game.is_over:
        random_step(env, rng)
    s = [x["total"] for x in env.game.final_scores()]
    assert env.rewards == {"player_0": s[0] - s[1], "player_1": s[1] - s[0]}
    assert env.infos["player_0"]["scores"] == s


# ---------------------------------------------------------------- hidden information
def _swap_ttr(game, me: int, rng: random.Random) -> None:
    for o in range(game.players):
        if o == me:
            continue
        size = sum(game.hands[o])
        pool = [c for c in range(9) for _ in range(game.hands[o][c])] + game.deck
        rng.shuffle(pool)
        game.hands[o] = [pool[:size].count(c) for c in range(9)]
        game.deck[:] = pool[size:]
        k = len(game.tickets[o])
        tpool = game.tickets[o] + game.ticket_deck
        rng.shuffle(tpool)
        game.tickets[o] = tpool[:k]
        game.ticket_deck[:] = tpool[k:]


def _swap_steam(game, me: int, rng: random.Random) -> None:
    bag = game.bag
    colours = sorted(c for c in bag if bag[c] > 0)
    a = colours[0]
    b = next(c for c in game.sheet.good_colours if c != a)
    bag[a] -= 1
    bag[b] += 1
    game.rng.seed(rng.random())  # the dice still to come


def _swap_station(game, me: int, rng: random.Random) -> None:
    for o in range(game.players):
        if o == me:
            continue
        size = len(game.hands[o])
        pool = game.hands[o] + game.draw_pile
        rng.shuffle(pool)
        game.hands[o] = pool[:size]
        game.draw_pile[:] = pool[size:]
        # the values of o's chips, on trains and in hand, dealt again (their places and counts stay)
        values = list(game.supply[o]) + [v for t in game.station for s, v in t.chips if s == o]
        rng.shuffle(values)
        game.supply[o] = sorted(values[:len(game.supply[o])])
        rest = values[len(game.supply[o]):]
        for t in game.station:
            chips = []
            for s, v in t.chips:
                chips.append((s, rest.pop()) if s == o else (s, v))
            t.chips = chips


SWAPS = {"ticket-to-ride": _swap_ttr, "steam-rollers": _swap_steam, "station-master": _swap_station}


def _secrets(game) -> str:
    if game.game_name == "ticket-to-ride":
        return repr((game.hands, game.deck, game.tickets, game.ticket_deck))
    if game.game_name == "steam-rollers":
        return repr((sorted(game.bag.items()), game.rng.getstate()))
    return repr((game.hands, game.draw_pile, game.supply, [t.chips for t in game.station]))


@pytest.mark.parametrize("case", ["ttr-usa-3p", "steam-2p", "steam-solo", "station-3p"])
def test_hidden_information_only_via_observe(case):
    """Changing what player_0 may not see (others' cards, tickets and chip values, the
    decks, the bag, the dice to come) leaves player_0's observation and mask unchanged."""
    env = make(case)
    env.reset(seed=6)
    advance(env, 30, seed=6, to="player_0")
    game = env.game
    before = env.observe("player_0")
    others_before = [env.observe(a)["observation"] for a in env.possible_agents[1:]]
    secrets = _secrets(game)
    SWAPS[game.game_name](game, 0, random.Random(1))
    env._mask_key = ()  # the env caches the mask per position: drop it, as if the state were new
    assert _secrets(game) != secrets  # the hidden state did change
    after = env.observe("player_0")
    assert np.array_equal(before["observation"], after["observation"])
    assert np.array_equal(before["action_mask"], after["action_mask"])
    if game.game_name != "steam-rollers":  # ... and the seats whose secrets changed do see it
        others_after = [env.observe(a)["observation"] for a in env.possible_agents[1:]]
        assert any(not np.array_equal(x, y) for x, y in zip(others_before, others_after))
