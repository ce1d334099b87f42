"""How much does the hard bot's search gain per decision over medium's move? (Station Master)

A whole series of games (``bot_strength.py``) needs hundreds of games to tell a change of
the search from luck. This measures the search at the decisions themselves:

* it plays seeded games with every seat medium, and at every ``--every``-th decision asks
  the hard bot (its default budget, or ``--iterations/--depth/--steps``) what it would play;
* where that differs from medium's move, both moves are played out ``--evals`` times from
  the *true* position (the real hands and chips; only the future is dealt again: the draw
  pile, the locomotives and the game's random generator), every seat then playing medium,
  on the same deals for both moves;
* the gain of a decision is the mean difference of the seat's win share (ties split), and
  0 where hard keeps medium's move.

It prints the mean gain per decision with its standard error, the share of decisions
changed, and hard's CPU time per decision. Summed over the about 30 decisions of a seat in
a 4-player game, the gain per decision approximates what hard adds to medium's win rate
(policy improvement), so a variant worth a series shows a positive gain here first.
``--oracle`` lets the search see the true hands and chips (a diagnosis of how much the
hidden information costs it; never a bot).

    python benchmarks/decision_gain.py --players 4 --games 8
    python benchmarks/decision_gain.py --players 4 --games 8 --iterations 80 --steps 5200 --depth none
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from railkit.agents import make_agent, mcts
from railkit.agents.station_master import GreedyAgent, StationMasterAdapter
from railkit.games.station_master import StationMasterGame


def future_copy(g: StationMasterGame, rng: random.Random) -> StationMasterGame:
    """A copy of the true position with only the future dealt again."""
    d = StationMasterAdapter().clone(g)
    d.draw_pile = sorted(d.draw_pile)
    rng.shuffle(d.draw_pile)
    d.loco_pile = sorted(d.loco_pile, key=lambda lo: lo.key)
    rng.shuffle(d.loco_pile)
    d.rng = random.Random(rng.getrandbits(64))
    d._memo = {}
    return d


class OracleAdapter(StationMasterAdapter):
    """Diagnosis only: the search keeps the true hands and chips (it reads hidden state)."""

    def redeal(self, g, seat, rng):
        d = future_copy(g, rng)
        g.draw_pile, g.loco_pile, g._memo = d.draw_pile, d.loco_pile, {}


def share(g: StationMasterGame, seat: int) -> float:
    winners = [r["seat"] for r in g.summary() if r.get("win")]
    return 1.0 / len(winners) if seat in winners else 0.0


def playout(g: StationMasterGame, seat: int, action, seed: int) -> float:
    d = future_copy(g, random.Random(seed))
    d.apply_unchecked(action)
    bots: dict[int, GreedyAgent] = {}
    while not d.is_over:
        s = d.current_player
        legal = d.legal_actions()
        if len(legal) > 1:
            bot = bots.get(s) or bots.setdefault(s, GreedyAgent(f"{seed}-{s}"))
            d.apply_unchecked(bot.act(d.observe(s), legal))
        else:
            d.apply_unchecked(legal[0])
    return share(d, seat)


def hard_bot(args: argparse.Namespace, seed: str) -> mcts.MCTSAgent:
    from railkit.games.station_master import SPEC

    bot = make_agent(SPEC, "hard", seed)
    bot.max_ms = 60_000.0  # counts, not the clock, end a decision: reproducible
    given = {"iterations": args.iterations, "depth": args.depth, "steps": args.steps}
    if any(v is not None for v in given.values()):
        it, depth, steps = bot.budget(args.players)
        bot.iterations = args.iterations if args.iterations is not None else it
        bot.depth = depth if args.depth is None else (None if args.depth == "none" else int(args.depth))
        bot.steps = steps if args.steps is None else (None if args.steps == "none" else int(args.steps))
        bot.default_by_players = {}
    if args.oracle:
        bot.adapter = OracleAdapter()
    return bot


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--players", type=int, default=4)
    p.add_argument("--games", type=int, default=8, help="medium-only games the decisions come from")
    p.add_argument("--first", type=int, default=5000, help="seed of the first game")
    p.add_argument("--every", type=int, default=3, help="ask hard at every k-th decision")
    p.add_argument("--evals", type=int, default=40, help="playouts of each move where hard differs")
    p.add_argument("--iterations", type=int, help="hard's playouts per decision (default: its budget)")
    p.add_argument("--depth", help="actions per playout, or 'none' for whole games")
    p.add_argument("--steps", help="most actions simulated per decision, or 'none'")
    p.add_argument("--oracle", action="store_true", help="let the search see the true hands and chips")
    p.add_argument("--json", help="also write the figures to this file")
    args = p.parse_args(argv)
    gains: list[float] = []
    positions, changed, cpu, t0 = 0, 0, 0.0, time.perf_counter()
    for gi in range(args.games):
        seed = args.first + gi
        g = StationMasterGame(players=args.players, seed=seed)
        medium = [GreedyAgent(f"{seed}-{s}") for s in range(args.players)]
        k = 0
        while not g.is_over:
            s = g.current_player
            legal = g.legal_actions()
            if len(legal) == 1:
                g.apply_unchecked(legal[0])
                continue
            obs = g.observe(s)
            k += 1
            if k % args.every == 0:
                mine = GreedyAgent(f"{seed}-{s}-{k}").act(obs, legal)
                bot = hard_bot(args, f"{seed}-{k}").bind(g)
                c0 = time.process_time()
                theirs = bot.act(obs, legal)
                cpu += time.process_time() - c0
                positions += 1
                gain = 0.0
                if theirs != mine:
                    changed += 1
                    seeds = [seed * 1_000_003 + k * 101 + e for e in range(args.evals)]
                    gain = sum(playout(g, s, theirs, e) - playout(g, s, mine, e) for e in seeds) / len(seeds)
                gains.append(gain)
            g.apply_unchecked(medium[s].act(obs, legal))
    mean = sum(gains) / len(gains)
    se = math.sqrt(sum((x - mean) ** 2 for x in gains) / (len(gains) - 1) / len(gains))
    out = {"players": args.players, "games": args.games, "decisions": positions, "changed": changed,
           "gain_per_decision": mean, "se": se, "cpu_ms_per_decision": 1000.0 * cpu / positions,
           "seconds": time.perf_counter() - t0, "oracle": args.oracle}
    print(f"Station Master, {args.players} players, {positions} decisions of {args.games} medium games"
          f"{' (oracle search)' if args.oracle else ''}: hard changed {changed} "
          f"({changed / positions:.0%}); gain per decision {mean:+.4f} (standard error {se:.4f}); "
          f"hard's CPU {out['cpu_ms_per_decision']:.0f} ms per decision")
    if args.json:
        Path(args.json).write_text(json.dumps(out, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
