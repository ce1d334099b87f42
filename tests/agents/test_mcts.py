"""The hard bots (information-set Monte Carlo search over medium's moves): they decide from
what their seat may know only, spend a reproducible budget and fall back on medium's move."""

from __future__ import annotations

import json
import random

import pytest

from railkit.agents import agents_of, make_agent, make_mcts, module_of
from railkit.agents.mcts import determinise
from railkit.core.game import play
from railkit.games.station_master import SPEC as SM
from railkit.games.station_master import StationMasterGame
from railkit.games.steam_rollers import SPEC as SR
from railkit.games.ticket_to_ride import SPEC as TTR


def _advance(spec, game, steps, bot="medium"):
    bots = [make_agent(spec, bot, 10 + s) for s in range(game.players)]
    for _ in range(steps):
        s = game.current_player
        game.apply(bots[s].act(game.observe(s), game.legal_actions()))
    return game


def _obs(game, seat):
    return json.dumps(game.observe(seat), sort_keys=True, default=str)


# ------------------------------------------------------------ swapping the hidden parts
def _swap_ttr(g, seat, rng):
    """Deal the other seats' cards, the deck and the discard pile again (same sizes), and
    swap the other seats' tickets with tickets from the deck."""
    others = [o for o in range(g.players) if o != seat]
    pool = list(g.deck) + list(g.discard)
    for o in others:
        pool += [c for c, k in enumerate(g.hands[o]) for _ in range(k)]
    rng.shuffle(pool)
    i = 0
    for o in others:
        size = sum(g.hands[o])
        h = [0] * 9
        for c in pool[i:i + size]:
            h[c] += 1
        g.hands[o] = h
        i += size
    g.discard = pool[i:i + len(g.discard)]
    i += len(g.discard)
    g.deck = pool[i:]
    tpool = list(g.ticket_deck) + [t for o in others for t in g.tickets[o]]
    rng.shuffle(tpool)
    i = 0
    for o in others:
        size = len(g.tickets[o])
        g.tickets[o] = tpool[i:i + size]
        i += size
    g.ticket_deck = tpool[i:]
    g._obs_cache = {}
    g.rng = random.Random(rng.random())


def _swap_sm(g, seat, rng):
    others = [o for o in range(g.players) if o != seat]
    pool = list(g.draw_pile) + [c for o in others for c in g.hands[o]]
    rng.shuffle(pool)
    i = 0
    for o in others:
        size = len(g.hands[o])
        g.hands[o] = pool[i:i + size]
        i += size
    g.draw_pile = pool[i:]
    rng.shuffle(g.loco_pile)
    for o in others:  # the other seats' chips change places (values stay theirs)
        places = [(t, j) for t in g.station for j, (s, _) in enumerate(t.chips) if s == o]
        values = [t.chips[j][1] for t, j in places] + list(g.supply[o])
        rng.shuffle(values)
        for k, (t, j) in enumerate(places):
            t.chips[j] = (o, values[k])
        g.supply[o] = sorted(values[len(places):])
    g.rng = random.Random(rng.random())


def _swap_sr(g, seat, rng):
    g.rng = random.Random(rng.random())  # the future dice and bag draws


CASES = [
    pytest.param(TTR, dict(map="usa"), 2, 9, _swap_ttr, id="ticket-to-ride-2p"),
    pytest.param(TTR, dict(map="teaching-small"), 3, 14, _swap_ttr, id="ticket-to-ride-3p"),
    pytest.param(SM, {}, 3, 10, _swap_sm, id="station-master-3p"),
    pytest.param(SR, {}, 2, 3, _swap_sr, id="steam-rollers-2p"),
]


@pytest.mark.parametrize("spec, options, players, steps, swap", CASES)
def test_decisions_ignore_the_hidden_state(spec, options, players, steps, swap):
    """Swapping every hidden part of the state (other hands, tickets, chips, pile orders, the
    random generator) leaves the seat's observation alone and the bot's decisions unchanged."""
    changed = 0
    for trial in range(2):
        g = _advance(spec, spec.new_game(None, players=players, seed=40 + trial, **options), steps + trial)
        seat = g.current_player
        h = g.replay(g.log)
        swap(h, seat, random.Random(trial))
        assert _obs(h, seat) == _obs(g, seat)
        changed += sum(_obs(h, o) != _obs(g, o) for o in range(players) if o != seat) + (h.rng.getstate() != g.rng.getstate())
        kw = dict(iterations=6, depth=4, max_ms=60_000)
        bot_g, bot_h = make_mcts(spec.name, seed=3, **kw).bind(g), make_mcts(spec.name, seed=3, **kw).bind(h)
        a = bot_g.act(g.observe(seat), g.legal_actions())
        b = bot_h.act(h.observe(seat), h.legal_actions())
        assert a == b
        # not only the move: the whole search saw the same games and rewards
        assert bot_g.last == bot_h.last
        # and each determinisation is the same game, whatever was hidden
        for k in range(3):
            dg, dh = determinise(g, seat, random.Random(k), module_of(g.game_name).SEARCH()), determinise(h, seat, random.Random(k), module_of(h.game_name).SEARCH())
            assert [_obs(dg, o) for o in range(players)] == [_obs(dh, o) for o in range(players)]
            assert _hidden(dg) == _hidden(dh)
    assert changed  # the swap did change what the bot may not see


def _hidden(g):
    """Every part a seat may not see, in a comparable form."""
    if g.game_name == "ticket-to-ride":
        return (g.hands, g.deck, g.discard, g.tickets, g.ticket_deck, g.setup_offers, g.offered, g.rng.getstate())
    if g.game_name == "station-master":
        return (g.hands, g.draw_pile, [lo.key for lo in g.loco_pile], g.supply,
                [t.chips for t in g.station], g.rng.getstate())
    return (dict(g.bag), g.rng.getstate())


@pytest.mark.parametrize("spec, options, players, steps, swap", CASES)
def test_determinisation_keeps_the_observation_and_the_game(spec, options, players, steps, swap):
    g = _advance(spec, spec.new_game(None, players=players, seed=7, **options), steps)
    seat = g.current_player
    before = [_obs(g, s) for s in range(players)]
    state = g.rng.getstate()
    d = determinise(g, seat, random.Random(1), module_of(g.game_name).SEARCH())
    assert _obs(d, seat) == before[seat]
    assert sorted(map(str, d.legal_actions())) == sorted(map(str, g.legal_actions()))
    # playing the copy on does not touch the game
    _advance(spec, d, 5, bot="random")
    assert [_obs(g, s) for s in range(players)] == before and g.rng.getstate() == state


def test_determinisation_redeals_what_is_hidden():
    g = _advance(TTR, TTR.new_game(None, players=3, seed=2, map="usa"), 9)
    seat = g.current_player
    deals = {tuple(map(tuple, determinise(g, seat, random.Random(k), module_of(g.game_name).SEARCH()).hands)) for k in range(6)}
    assert len(deals) > 1
    for hands in deals:
        assert hands[seat] == tuple(g.hands[seat])
        assert [sum(h) for h in hands] == [sum(h) for h in g.hands]
    d = determinise(g, seat, random.Random(0), module_of(g.game_name).SEARCH())
    everything = lambda x: sorted(x.deck + x.discard + [c for h in x.hands for c, k in enumerate(h) for _ in range(k)])
    assert everything(d) == everything(g)
    tickets = lambda x: sorted(x.ticket_deck + [t for ts in x.tickets for t in ts] + list(x.offered))
    assert tickets(d) == tickets(g) and d.tickets[seat] == g.tickets[seat]


def test_station_master_chips_stay_with_their_owner():
    g = _advance(SM, SM.new_game(None, players=3, seed=5), 12)
    seat = g.current_player
    d = determinise(g, seat, random.Random(2), module_of(g.game_name).SEARCH())
    for o in range(3):
        mine = sorted([v for t in d.station for s, v in t.chips if s == o] + d.supply[o])
        assert mine == sorted(g.cfg.chip_values)
        assert [s for t in d.station for s, _ in t.chips] == [s for t in g.station for s, _ in t.chips]
    assert d.supply[seat] == g.supply[seat]


def test_search_is_reproducible_under_a_seed_and_keeps_its_budget():
    g = _advance(SM, SM.new_game(None, players=2, seed=9), 6)
    seat = g.current_player
    runs = []
    for _ in range(2):
        bot = make_mcts("station-master", seed=11, iterations=10, depth=3, max_ms=60_000).bind(g)
        runs.append((bot.act(g.observe(seat), g.legal_actions()), bot.last))
        assert 0 < bot.stats[-1][0] <= 10 and sum(map(len, bot.last.values())) == bot.stats[-1][0]
    assert runs[0] == runs[1]
    assert runs[0][0] in g.legal_actions()


def test_an_unbound_bot_finds_its_game_in_a_play_loop():
    g = SM.new_game(None, players=2, seed=3)
    hard = make_mcts("station-master", seed=1, iterations=3, depth=2)
    play(g, [hard, make_agent(SM, "greedy", 2)])
    assert g.is_over and hard.stats and all(n <= 3 for n, *_ in hard.stats)


def test_a_bot_without_a_game_says_so():
    bot = make_mcts("station-master", seed=1)
    g = SM.new_game(None, players=2, seed=3)
    obs, legal = g.observe(0), g.legal_actions()
    del g
    with pytest.raises(RuntimeError, match="bind"):
        bot.act(obs, legal)


def test_every_game_has_an_adapter():
    from railkit.agents.mcts import Adapter
    from railkit.games import specs

    assert all(issubclass(module_of(spec).SEARCH, Adapter) and module_of(spec).SEARCH.game_name == spec.name
               for spec in specs())


def test_without_evidence_hard_plays_mediums_move():
    """With a bar no gain can clear, every move is the medium bot's own choice."""
    g = SM.new_game(None, players=2, seed=12)
    hard = make_mcts("station-master", seed=2, iterations=4, z=1e9, max_ms=60_000).bind(g)
    medium = make_agent(SM, "greedy", 0)
    searched = 0
    while not g.is_over:
        s = g.current_player
        obs, legal = g.observe(s), g.legal_actions()
        a = hard.act(obs, legal) if s == 0 else medium.act(obs, legal)
        if s == 0 and len(legal) > 1:
            # medium's own choice: a move of its best estimate (it breaks ties by a random draw, so
            # asking it again could name the other of two equal moves)
            greedy = hard._proposer("greedy", 0)
            stakes = greedy._stakes(obs)
            assert greedy._delta(a, stakes) >= max(greedy._delta(x, stakes) for x in legal) - 1e-6
            searched += hard.stats[-1][0] > 0
            assert not hard.stats[-1][4]
        g.apply(a)
    assert searched > 10


def test_sequential_halving_spends_the_budget_on_the_better_half():
    g = _advance(TTR, TTR.new_game(None, players=2, seed=3, map="usa"), 0)
    seat = g.current_player
    bot = make_mcts(TTR.name, seed=4, iterations=28, max_ms=60_000).bind(g)
    a = bot.act(g.observe(seat), g.legal_actions())
    counts = sorted(len(v) for v in bot.last.values())
    assert len(counts) >= 3 and counts[0] < counts[-1] and sum(counts) <= 28
    medium = next(iter(bot.last))  # medium's choice is the first candidate and is searched to the end
    assert len(bot.last[medium]) == counts[-1]
    assert str(a) in bot.last


def test_the_step_budget_cuts_long_playouts():
    g = SM.new_game(None, players=2, seed=5)
    long = make_mcts("station-master", seed=1, iterations=40, steps=None, max_ms=60_000).bind(g)
    short = make_mcts("station-master", seed=1, iterations=40, steps=400, max_ms=60_000).bind(g)
    obs, legal = g.observe(g.current_player), g.legal_actions()
    long.act(obs, legal)
    short.act(obs, legal)
    k = len(long.last)
    assert long.stats[-1][0] > short.stats[-1][0] >= 2 * k


def test_a_budget_by_player_count_replaces_the_default_but_not_a_given_one():
    from railkit.agents.mcts import mcts_class

    cls = mcts_class(module_of(SM).SEARCH, agents_of(SM), "probe", iterations=40, depth=None, steps=2600,
                     by_players={4: (80, 12, 5000)})
    assert cls(1).budget(2) == (40, None, 2600)
    assert cls(1).budget(4) == (80, 12, 5000)
    assert cls(1, iterations=10).budget(4) == (10, 12, 5000)
    assert cls(1, depth=None, steps=None).budget(4) == (80, None, None)
    g = StationMasterGame(players=4, seed=3)
    bot = cls(1, max_ms=60_000).bind(g)
    while not g.is_over and not bot.stats:
        legal = g.legal_actions()
        g.apply(bot.act(g.observe(g.current_player), legal) if g.current_player == 0 and len(legal) > 1
                else legal[0])
    played = [len(v) for v in bot.last.values()]
    assert bot.stats[0][0] > 40 and sum(played) == bot.stats[0][0]  # more than the 2-player budget


# ------------------------------------------------------------ Steam Rollers: the evaluation
def test_steam_rollers_future_counts_the_best_deliveries_the_network_allows():
    """The deliveries still to come are the longest routes the engine allows for the goods on
    the cities (as the engine's own delivery search finds them), the best few summed; a seat
    without goods in reach has none."""
    from railkit.games.steam_rollers.game import CITIES

    adapter = module_of(SR).SEARCH()
    g = _advance(SR, SR.new_game(None, players=2, seed=5), 40)
    assert not g.is_over
    sizes = sorted(len(g.supply[c]) for c in CITIES)
    need = sum([n for n in sizes if n][:max(0, 3 - sizes.count(0))])
    k = -(-2 * need // g.players)
    futures = []
    for seat in range(g.players):
        best = []
        for src in CITIES:
            for good in g.supply[src]:
                dests = CITIES if good == "black" else g.sheet.destinations(good)
                routes = [g.delivery_route(seat, src, d) for d in dests if d != src]
                d = max((r[0] for r in routes if r is not None), default=0)
                if d:
                    best.append(d)
        best.sort(reverse=True)
        futures.append(adapter.future(g, seat))
        assert futures[-1] == sum(best[:k])
        assert 0 < k < len(best) or futures[-1] == sum(best)
    assert max(futures) > 0
    h = g.replay(g.log)
    for c in CITIES:
        h.supply[c] = []
    assert [adapter.future(h, s) for s in range(g.players)] == [0.0] * g.players


def test_steam_rollers_margins_value_the_deliveries_to_come():
    """Of two seats with the same score and engine, the one with more deliveries in reach is ahead."""
    adapter = module_of(SR).SEARCH()
    assert adapter.future_weight > 0
    g = _advance(SR, SR.new_game(None, players=2, seed=5), 40)
    now = [float(g.score(s)) + adapter.engine_weight * g.engine_strength(s) for s in range(2)]
    fut = [adapter.future(g, s) for s in range(2)]
    m = adapter.margins(g)
    assert m[0] == pytest.approx(now[0] - now[1] + adapter.future_weight * (fut[0] - fut[1]))
    assert fut[0] != fut[1]


def test_steam_rollers_hard_looks_two_own_turns_ahead():
    """Hard's playouts cover two turns of every seat before the evaluation, at each table size."""
    hard = agents_of(SR)["hard"]
    for players in (2, 3, 4, 5):
        _, depth, _ = hard(1).budget(players)
        assert depth == 2 * players


def test_station_master_margins_count_each_train_at_its_expected_final_value():
    """A half-played game: every train's chips times its value now plus, per free carriage place,
    the mean value on its locomotive of the carriages still to come (the draw pile and the hands)."""
    from railkit.games.station_master.scoring import train_value

    g = _advance(SM, SM.new_game(None, players=4, seed=3), 24)
    info, reading = g.cardlist.info, g.cfg.executive_reading
    to_come = [k for k in list(g.draw_pile) + [c for h in g.hands for c in h] if info[k].kind == "carriage"]
    points = [float(x) for x in g.scores]
    free_places_with_chips = 0
    for t in g.station:
        mean = sum(train_value([(k, 1)], t.loco.kind, info, reading) for k in to_come) / len(to_come)
        free = t.loco.number - g.slots_used(t)
        final = train_value(t.cards, t.loco.kind, info, reading) + free * mean
        for seat, chip in t.chips:
            points[seat] += chip * final
        free_places_with_chips += free * len(t.chips)
    assert free_places_with_chips > 0  # the position tests the expected part
    margins = module_of(SM).SEARCH().margins(g)
    assert margins == pytest.approx([p - max(points[:s] + points[s + 1:]) for s, p in enumerate(points)])
    # a finished game counts its scores alone
    play(g, [make_agent(SM, "medium", s) for s in range(4)])
    assert module_of(SM).SEARCH().margins(g) == [s - max(g.scores[:i] + g.scores[i + 1:]) for i, s in enumerate(g.scores)]
