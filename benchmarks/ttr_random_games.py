"""Random Ticket to Ride games per second on one core, and time per action.

Runs railkit.core.game.play with random bots: legal_actions, agent.act, checked
apply. play builds no observation for them (the random bot's ``needs_observation``
is False), so ``--no-observe`` (a loop of its own without that check) measures the
same work. The simulator (railkit.sim) runs play with the unchecked apply; the
benchmark prints that figure too.

    python benchmarks/ttr_random_games.py [--games 1000] [--players 4] [--map usa]
        [--preset base] [--unchecked] [--no-observe] [--profile]
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import statistics
import time

from railkit.agents.ticket_to_ride import AGENTS
from railkit.core.compiled import ENGINE
from railkit.core.game import frozen_rules, play
from railkit.games.ticket_to_ride import SPEC


def play_without_observation(game, bots, checked: bool = True):
    """The play loop for bots that never read the observation (``needs_observation``
    False, like the random bot): legal actions, choice, checked apply."""
    apply = game.apply if checked else game.apply_unchecked
    while not game.is_over:
        apply(bots[game.current_player].act(None, game.legal_actions()))
    return game


def run(games: int, players: int, map_name: str, preset: str, checked: bool, seed0: int = 0,
        observe: bool = True):
    rules = frozen_rules(SPEC.make_rules(preset))  # read-only copy, once per batch (as the runner does)
    actions = 0
    per_game = []
    lengths: list[int] = []
    c0 = time.process_time()
    t0 = time.perf_counter()
    for s in range(seed0, seed0 + games):
        g0 = time.perf_counter()
        game = SPEC.new_game(rules, players, s, map=map_name)
        bots = [AGENTS["random"](s * 10 + i) for i in range(players)]
        if observe:
            play(game, bots, checked=checked)
        else:
            play_without_observation(game, bots, checked=checked)
        game.summary()
        per_game.append(time.perf_counter() - g0)
        lengths.append(len(game.log))
        actions += len(game.log)
    total = time.perf_counter() - t0
    cpu = time.process_time() - c0
    return total, cpu, actions, per_game, lengths


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--map", default="usa")
    ap.add_argument("--preset", default="base")
    ap.add_argument("--unchecked", action="store_true", help="apply_unchecked instead of apply")
    ap.add_argument("--no-observe", action="store_true",
                    help="skip observe() (random bots do not read it): legal_actions + act + apply")
    ap.add_argument("--profile", action="store_true")
    a = ap.parse_args()
    run(20, a.players, a.map, a.preset, not a.unchecked, seed0=10**6)  # warm the map tables
    if a.profile:
        pr = cProfile.Profile()
        pr.enable()
        run(a.games, a.players, a.map, a.preset, not a.unchecked)
        pr.disable()
        pstats.Stats(pr).sort_stats("tottime").print_stats(18)
        return
    total, cpu, actions, per_game, lengths = run(a.games, a.players, a.map, a.preset, not a.unchecked,
                                                 observe=not a.no_observe)
    print(f"{a.games} random {a.players}-player games on {a.map} ({a.preset}, "
          f"{'unchecked' if a.unchecked else 'checked'} apply, "
          f"{'own loop, no observe' if a.no_observe else 'railkit.core.game.play loop (no observation for random bots)'}"
          f"), one core, {ENGINE['railkit.games.ticket_to_ride']} engine (railkit.core.compiled)")
    print(f"  games/s (CPU time)   {a.games / cpu:8.1f}")
    print(f"  games/s (wall)       {a.games / total:8.1f}")
    print(f"  actions/game         {actions / a.games:8.1f}")
    print(f"  us/action (CPU mean) {1e6 * cpu / actions:8.2f}")
    print(f"  ms/game median wall  {1e3 * statistics.median(per_game):8.3f}")
    print(f"  us/action median     {1e6 * statistics.median(g / n for g, n in zip(per_game, lengths)):8.2f}"
          "  (median over games of wall time per action)")
    if not a.unchecked and not a.no_observe:
        cpu = run(a.games, a.players, a.map, a.preset, False)[1]
        print(f"  games/s (CPU time)   {a.games / cpu:8.1f}  the simulator's loop (railkit.sim: play, unchecked apply)")


if __name__ == "__main__":
    main()
