"""Gym speed figures (prints numbers; no asserts): random-policy steps per second through
``railkit.rl.env`` for every game, next to the engine's own random playout speed.

A step is ``env.last()`` (observation vector and action mask of the agent to move), one
masked random pick and ``env.step``. The engine figure plays the same kind of random games
with ``railkit.core.game.play`` and checked ``apply``, so the difference is the cost of the
encoding and the mask. Rates are per second of CPU time (``time.process_time``).

Usage: python benchmarks/rl_env_steps.py [--games N]
"""

from __future__ import annotations

import argparse
import time

import numpy as np

from railkit.agents import make_agent
import railkit.rl
from railkit.core.game import play
from railkit.games import get_spec

CASES = [
    ("ticket-to-ride", 2, {"map": "teaching-small"}),
    ("ticket-to-ride", 4, {}),
    ("steam-rollers", 3, {}),
    ("steam-rollers", 1, {"difficulty": "clerk"}),
    ("station-master", 4, {}),
]


def env_rate(game: str, players: int, options: dict, games: int) -> tuple[float, float, int, int]:
    """(steps per CPU second, mean steps per game, action-space size, observation length)."""
    env = railkit.rl.env(game, players=players, **options)
    rng = np.random.default_rng(0)
    steps = 0
    t0 = time.process_time()
    for g in range(games):
        env.reset(seed=g)
        while env.agents:
            obs, _, term, trunc, _ = env.last()
            if term or trunc:
                env.step(None)
                continue
            env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
            steps += 1
    dt = time.process_time() - t0
    return steps / dt, steps / games, env.index.size, env.layout.size


def engine_rate(game: str, players: int, options: dict, games: int) -> float:
    """Actions per CPU second of random games on the engine alone."""
    spec = get_spec(game)
    t0 = time.process_time()
    actions = 0
    for g in range(games):
        gm = spec.new_game(spec.make_rules(), players, seed=g, **options)
        play(gm, [make_agent(spec, "random", g * 10 + i) for i in range(players)])
        actions += len(gm.log)
    return actions / (time.process_time() - t0)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=5, help="random games per case (default 5)")
    args = ap.parse_args()
    print(f"{'game':<26}{'players':>8}{'actions':>9}{'obs':>7}{'steps/game':>12}{'env steps/s':>13}"
          f"{'engine actions/s':>18}")
    for game, players, options in CASES:
        rate, per_game, n_actions, n_obs = env_rate(game, players, options, args.games)
        eng = engine_rate(game, players, options, args.games)
        label = game + (" solo" if players == 1 else "") + (" (teaching)" if options.get("map") else "")
        print(f"{label:<26}{players:>8}{n_actions:>9}{n_obs:>7}{per_game:>12.0f}{rate:>13.0f}{eng:>18.0f}")


if __name__ == "__main__":
    main()
