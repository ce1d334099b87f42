"""Action logs of seeded Ticket to Ride bot games, to check that a speed change keeps
every bot's decisions: run it on the old and on the new code and compare the files
(or the digests it prints).

Plays ``--games`` games at 2 to 5 players with every heuristic bot and level (the same
bot in every seat in one game of five, mixed line-ups otherwise; the USA map, one game
of ten on teaching-small; checked and unchecked apply in turn), then ``--hard`` games
with the search bot (``hard``) in seat 0. Each line of the output file holds one game:
its number, line-up, map, action log and scores.

    python benchmarks/ttr_action_logs.py OUT.txt [--games 300] [--hard 4]
"""

from __future__ import annotations

import argparse
import hashlib

from railkit.agents.ticket_to_ride import AGENTS
from railkit.core.compiled import ENGINE
from railkit.core.game import play
from railkit.games.ticket_to_ride import SPEC

BOTS = ["random", "greedy-route", "tickets", "long-route", "easy", "medium", "route-focus",
        "one-step-thinking", "destination-hungry"]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("out")
    ap.add_argument("--games", type=int, default=300)
    ap.add_argument("--hard", type=int, default=4)
    a = ap.parse_args()
    lines = []
    for k in range(a.games):
        players = 2 + k % 4
        map_name = "teaching-small" if k % 10 == 9 else "usa"
        lineup = [BOTS[(k * 7 + s * 3 + k // 9) % len(BOTS)] for s in range(players)]
        if k % 5 == 0:
            lineup = [BOTS[k // 5 % len(BOTS)]] * players
        g = SPEC.new_game(None, players, 1000 + k, map=map_name)
        play(g, [AGENTS[b](k * 10 + s) for s, b in enumerate(lineup)], checked=bool(k % 2))
        lines.append(f"{k} {','.join(lineup)} {map_name} " + "|".join(map(str, g.log)) + " "
                     + repr([r["score"] for r in g.summary()]))
    for k in range(a.hard):
        players = 2 + k % 3
        lineup = ["hard"] + ["tickets", "greedy-route", "random", "long-route"][:players - 1]
        g = SPEC.new_game(None, players, 5000 + k)
        play(g, [AGENTS[b](k * 10 + s) for s, b in enumerate(lineup)])
        lines.append(f"H{k} {','.join(lineup)} " + "|".join(map(str, g.log)))
    text = "".join(line + "\n" for line in lines)
    with open(a.out, "w", encoding="utf-8") as f:
        f.write(text)
    print(f"{len(lines)} games, sha256 {hashlib.sha256(text.encode()).hexdigest()[:16]}, engine "
          f"{ENGINE.get('railkit.games.ticket_to_ride')}, bots {ENGINE.get('railkit.agents')}")


if __name__ == "__main__":
    main()
