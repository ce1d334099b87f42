"""Golden games: seeded bot games of all three games give the same action logs as when
the file ``golden_games.json`` was recorded (the bots keep their decisions and the
engines their rules when either is made faster).

Each entry is the SHA-256 of the game's action log (one action text a line) and the
final scores. Record again, on purpose only, with
``python tests/games/test_golden_games.py --write`` (and say why in the commit).
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

import pytest

from railkit.agents import make_agent
from railkit.core.game import play
from railkit.games import get_spec

GOLDEN = Path(__file__).with_name("golden_games.json")

#: (label, game, players, agents, seeds, rules, options)
CASES = [
    ("steam random 3p", "steam-rollers", 3, ["random"] * 3, range(12), {}, {}),
    ("steam random 4p modules", "steam-rollers", 4, ["random"] * 4, range(6),
     {"coal": True, "order_tiles": True, "starting_powers": True, "mountains": "hard"}, {}),
    ("steam random 2p tiles b", "steam-rollers", 2, ["random"] * 2, range(4), {"tile_sides": "b"}, {}),
    ("steam random solo", "steam-rollers", 1, ["random"], range(6), {}, {"difficulty": "engineer"}),
    ("steam greedy 3p", "steam-rollers", 3, ["greedy"] * 3, range(3), {}, {}),
    ("steam greedy 2p modules", "steam-rollers", 2, ["greedy", "random"], range(2),
     {"coal": True, "order_tiles": True, "starting_powers": True, "mountains": "medium"}, {}),
    ("steam greedy solo", "steam-rollers", 1, ["greedy"], range(6), {}, {"difficulty": "engineer"}),
    ("steam greedy solo hard", "steam-rollers", 1, ["greedy"], range(3), {"mountains": "hard"},
     {"difficulty": "rail-baron"}),
    ("station greedy 4p", "station-master", 4, ["greedy"] * 4, range(8), {}, {}),
    ("station mixed 3p", "station-master", 3, ["greedy", "random", "greedy"], range(6), {}, {}),
    # SM-TRANSFER's other reading (up to 3 chips): the games recorded before exactly 3 became the rule
    ("station greedy 4p transfer up to", "station-master", 4, ["greedy"] * 4, range(8), {"transfer_exact": False}, {}),
    ("ttr mixed 4p", "ticket-to-ride", 4, ["random", "greedy-route", "tickets", "long-route"], range(8), {}, {}),
    ("ttr heuristic 2p", "ticket-to-ride", 2, ["tickets", "long-route"], range(4), {}, {}),
    ("ttr greedy 3p", "ticket-to-ride", 3, ["greedy-route"] * 3, range(4), {}, {}),
]


def digest(game_name: str, players: int, agents: list[str], seed: int, rules: dict, options: dict) -> dict:
    spec = get_spec(game_name)
    g = spec.game_class(dict(rules) or None, players=players, seed=seed, **options)
    bots = [make_agent(spec, a, seed * 10 + i) for i, a in enumerate(agents)]
    play(g, bots)
    log = "\n".join(str(a) for a in g.log).encode()
    return {"log": hashlib.sha256(log).hexdigest(), "actions": len(g.log),
            "scores": [row["score"] for row in g.summary()]}


def record() -> dict:
    return {f"{label} #{seed}": digest(game, p, agents, seed, rules, options)
            for label, game, p, agents, seeds, rules, options in CASES for seed in seeds}


def _params():
    return [pytest.param(label, game, p, agents, seed, rules, options, id=f"{label}-{seed}".replace(" ", "-"))
            for label, game, p, agents, seeds, rules, options in CASES for seed in seeds]


@pytest.mark.parametrize("label,game,players,agents,seed,rules,options", _params())
def test_golden_game_plays_as_recorded(label, game, players, agents, seed, rules, options):
    golden = json.loads(GOLDEN.read_text(encoding="utf-8"))
    assert digest(game, players, agents, seed, rules, options) == golden[f"{label} #{seed}"]


if __name__ == "__main__":
    if sys.argv[1:] == ["--write"]:
        GOLDEN.write_text(json.dumps(record(), indent=1, sort_keys=True) + "\n", encoding="utf-8")
        print(f"wrote {GOLDEN}")
    else:
        print(__doc__)
