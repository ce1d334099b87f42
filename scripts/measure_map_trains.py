"""How a map's train count ends its games: bot games per train count, with the figures
used to choose the ``"trains"`` field of a map file (TTR-MAP-TRAINS).

For each train count it plays seeded bot games and prints the mean number of actions
and turns, the share of games that end through the train trigger (TTR-END-TRIGGER)
and the mean number of actions after the last claim (draw-only play when the trains
never run out).

    python scripts/measure_map_trains.py                       # teaching-small, 2 players
    python scripts/measure_map_trains.py --map teaching-small --players 3 --trains 10 12 45
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from railkit.agents.ticket_to_ride import AGENTS  # noqa: E402
from railkit.core.game import play  # noqa: E402
from railkit.games.ticket_to_ride import Claim, TicketToRide  # noqa: E402


def measure(map_name: str, players: int, trains: int | None, bot: str, games: int) -> dict:
    """Mean actions, turns, train-trigger share and actions after the last claim over
    ``games`` seeded games (seeds 0 .. games-1); ``trains=None`` is the map's own count."""
    actions, turns, after, by_trigger = [], [], [], 0
    start = None
    for seed in range(games):
        g = TicketToRide({"trains": trains} if trains is not None else None, players=players, seed=seed, map=map_name)
        start = g.start_trains
        last = [0]

        def on_action(game, action, last=last):
            if isinstance(action, Claim):
                last[0] = len(game.log)

        play(g, [AGENTS[bot](seed * 10 + i) for i in range(players)], on_action=on_action)
        actions.append(len(g.log))
        turns.append(g.turn)
        after.append(len(g.log) - last[0])
        by_trigger += g.trigger_seat is not None
    return {"trains": start, "actions": statistics.mean(actions), "turns": statistics.mean(turns),
            "train_trigger": by_trigger / games, "after_last_claim": statistics.mean(after)}


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--map", default="teaching-small")
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--trains", type=int, nargs="*", default=[45, 10, 12, 14, 16],
                    help="train counts to compare (the map's own count is always measured first)")
    ap.add_argument("--bots", nargs="*", default=["greedy-route", "tickets", "random"])
    ap.add_argument("--games", type=int, default=200)
    args = ap.parse_args(argv)
    print(f"map {args.map}, {args.players} players, {args.games} seeded games per row")
    print(f"{'bot':<13} {'trains':>6} {'actions':>8} {'turns':>6} {'train trigger':>14} {'after last claim':>17}")
    for bot in args.bots:
        for trains in [None, *args.trains]:
            r = measure(args.map, args.players, trains, bot, args.games)
            own = " (map)" if trains is None else ""
            print(f"{bot:<13} {r['trains']:>6} {r['actions']:>8.1f} {r['turns']:>6.1f} {r['train_trigger']:>14.0%} "
                  f"{r['after_last_claim']:>17.1f}{own}")


if __name__ == "__main__":
    main()
