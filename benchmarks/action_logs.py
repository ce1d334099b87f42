"""Action logs of seeded bot games of the three games, to check that a speed change keeps
every bot's decisions: run it on the old and on the new code (compiled, and pure with
``RAILKIT_PURE=1``) and compare the digests it prints, or the files.

For each game, ``--games`` games cycle through its player counts, its bots and levels
(the same bot in every seat in one game of five, mixed line-ups otherwise), its presets
(Ticket to Ride: its maps, one game of ten on teaching-small; Steam Rollers solo: every
Olivia level in turn), checked and unchecked apply in turn. Then ``--hard`` games with
the search bot (``hard``) in seat 0, its wall-clock cap lifted so that only its playout
budget decides (a capped search on a busy machine would stop early and choose otherwise).

Each line of the output file holds one game: its number, line-up, variant, action log and
scores. The Ticket to Ride lines are those of the earlier ``ttr_action_logs.py``, so
its digests carry over.

    python benchmarks/action_logs.py OUT.txt [--game all] [--games 300] [--hard 4]
"""

from __future__ import annotations

import argparse
import hashlib
import sys

from railkit.agents import agents_of
from railkit.core.compiled import ENGINE
from railkit.core.errors import DataError
from railkit.core.game import play
from railkit.games import station_master, steam_rollers, ticket_to_ride

GAMES = {"ticket-to-ride": ticket_to_ride.SPEC, "steam-rollers": steam_rollers.SPEC,
         "station-master": station_master.SPEC}

#: player counts per game (Steam Rollers: solo against Olivia, then 2 to 4)
PLAYERS = {"ticket-to-ride": (2, 3, 4, 5), "steam-rollers": (1, 2, 3, 4), "station-master": (2, 3, 4, 5)}

#: the Ticket to Ride line-up order of the earlier script (its digests carry over)
TTR_BOTS = ["random", "greedy-route", "tickets", "long-route", "easy", "medium", "route-focus",
            "one-step-thinking", "destination-hungry"]

SEARCH = ("hard", "mcts")


def bots(name: str) -> list[str]:
    """The bots of a game that decide by their seed alone (the search bots are played apart)."""
    if name == "ticket-to-ride":
        return TTR_BOTS
    return [b for b in agents_of(GAMES[name]) if b not in SEARCH]


def playable_presets(name: str, players: int) -> list[str]:
    """The presets a game accepts at ``players`` (Steam Rollers solo refuses its modules)."""
    spec = GAMES[name]
    ok = []
    for preset in spec.presets:
        try:
            spec.new_game(spec.make_rules(preset), players, 0)
        except DataError:
            continue
        ok.append(preset)
    return ok


def variant(name: str, k: int, players: int) -> tuple[str, dict, dict]:
    """(text, preset rules, game options) of game ``k``."""
    if name == "ticket-to-ride":
        map_name = "teaching-small" if k % 10 == 9 else "usa"
        return map_name, {}, {"map": map_name}
    presets = playable_presets(name, players)
    preset = presets[k % len(presets)]
    options: dict = {}
    text = preset
    if name == "steam-rollers" and players == 1:
        levels = list(steam_rollers.DIFFICULTIES)
        options["difficulty"] = levels[k // len(PLAYERS[name]) % len(levels)]
        text += "," + options["difficulty"]
    return text, {"preset": preset}, options


def game_lines(name: str, games: int, hard: int) -> tuple[list[str], int]:
    """The output lines of one game's seeded games, and the number of actions they hold."""
    spec = GAMES[name]
    agents = agents_of(spec)
    names = bots(name)
    counts = PLAYERS[name]
    lines = []
    actions = 0
    for k in range(games):
        players = counts[k % len(counts)]
        lineup = [names[(k * 7 + s * 3 + k // 9) % len(names)] for s in range(players)]
        if k % 5 == 0:
            lineup = [names[k // 5 % len(names)]] * players
        text, preset, options = variant(name, k, players)
        rules = spec.make_rules(preset["preset"]) if preset else None
        g = spec.new_game(rules, players, 1000 + k, **options)
        play(g, [agents[b](k * 10 + s) for s, b in enumerate(lineup)], checked=bool(k % 2))
        actions += len(g.log)
        lines.append(f"{k} {','.join(lineup)} {text} " + "|".join(map(str, g.log)) + " "
                     + repr([r["score"] for r in g.summary()]))
    others = [b for b in names if b != "random"]
    for k in range(hard):
        players = 2 + k % 3
        lineup = ["hard"] + [others[(k + s) % len(others)] for s in range(players - 1)]
        if name == "ticket-to-ride":
            lineup = ["hard"] + ["tickets", "greedy-route", "random", "long-route"][:players - 1]
        g = spec.new_game(None, players, 5000 + k)
        seats = [agents[b](k * 10 + s) for s, b in enumerate(lineup)]
        seats[0].max_ms = float("inf")
        play(g, seats)
        actions += len(g.log)
        lines.append(f"H{k} {','.join(lineup)} " + "|".join(map(str, g.log)))
    return lines, actions


def digest(lines: list[str]) -> str:
    return hashlib.sha256("".join(line + "\n" for line in lines).encode()).hexdigest()[:16]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("out", help="file to write the action logs to")
    ap.add_argument("--game", choices=["all", *GAMES], default="all")
    ap.add_argument("--games", type=int, default=300, help="seeded games per game (default 300)")
    ap.add_argument("--hard", type=int, default=4, help="games with the search bot per game (default 4)")
    a = ap.parse_args(argv)
    if a.games < 0 or a.hard < 0:
        ap.error("--games and --hard are counts: 0 or more")
    text = []
    for name in GAMES if a.game == "all" else [a.game]:
        lines, actions = game_lines(name, a.games, a.hard)
        print(f"{name:15s} {len(lines):4d} games, {actions:6d} actions, sha256 {digest(lines)}", flush=True)
        text += [f"# {name}", *lines]
    with open(a.out, "w", encoding="utf-8") as f:
        f.write("".join(line + "\n" for line in text))
    print(f"all: sha256 {digest(text)}; engine "
          + ", ".join(f"{m} {v}" for m, v in sorted(ENGINE.items())))
    return 0


if __name__ == "__main__":
    sys.exit(main())
