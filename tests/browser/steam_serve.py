"""Serve one Steam Rollers view on 127.0.0.1 for the browser tests and the latency benchmark.

``python tests/browser/steam_serve.py PORT [--players N] [--seed S] [--difficulty LEVEL] [--bots NAME]``
(each browser session gets its own table; bots move at once after each action).
"""

from __future__ import annotations

import argparse

import panel as pn

from railkit.viz.steam import SteamRollersView
from railkit.viz.table import Table


def main(argv=None) -> None:
    p = argparse.ArgumentParser()
    p.add_argument("port", type=int)
    p.add_argument("--players", type=int, default=1)
    p.add_argument("--seed", type=int, default=4)
    p.add_argument("--difficulty", default="clerk")
    p.add_argument("--bots", default="greedy")
    p.add_argument("--mountains", default="none")
    a = p.parse_args(argv)
    opts = {"difficulty": a.difficulty} if a.players == 1 else {}

    pn.config.inline = True  # every script and style sheet from this server (a classroom may be offline)

    def app():
        table = Table(players=a.players, humans=[0], bots=[a.bots], seed=a.seed, game="steam-rollers",
                      rules={"mountains": a.mountains}, bot_delay=0.0, **opts)
        return SteamRollersView(table, auto=False)

    pn.serve({"/": app}, port=a.port, address="127.0.0.1", show=False, liveness=True, threaded=False,
             websocket_origin=[f"127.0.0.1:{a.port}"], title="Steam Rollers")


if __name__ == "__main__":
    main()
