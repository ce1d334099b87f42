"""Serve one Steam Rollers view on 127.0.0.1 for the browser tests and the latency benchmark.

``python tests/browser/steam_serve.py PORT [--players N] [--seed S] [--difficulty LEVEL] [--bots NAME]
[--actions "draft 1 tile 1;draft 3 pass"]``
(each browser session gets its own table; bots move 50 ms apart).
"""

from __future__ import annotations

import argparse

import panel as pn

from railkit.agents import make_agent
from railkit.viz.shell.phone import fit_phone
from railkit.viz.shell.table import Table
from railkit.viz.steam_rollers.view import SteamRollersView


def autoplay(table: Table, n: int, until: str = "") -> None:
    """Play ``n`` of seat 0's actions with the greedy bot (the bots answer), stopping
    early once an action starting with ``until`` is legal (and a die value left for it)."""
    bot = make_agent(table.spec, "greedy", "autoplay")
    for _ in range(n):
        g = table.game
        table.run_bots()
        if g.is_over:
            return
        legal = g.legal_actions()
        if until and any(f" {until} " in f" {a} " for a in legal) and g.engine_strength(0) >= 2:
            return
        table.apply(0, bot.act(g.observe(0), legal))
    table.run_bots()


def main(argv=None) -> None:
    p = argparse.ArgumentParser()
    p.add_argument("port", type=int)
    p.add_argument("--players", type=int, default=1)
    p.add_argument("--seed", type=int, default=4)
    p.add_argument("--difficulty", default="clerk")
    p.add_argument("--bots", default="greedy")
    p.add_argument("--mountains", default="none")
    p.add_argument("--autoplay", type=int, default=0,
                   help="play this many of the person's actions with the greedy bot first (a mid-game position)")
    p.add_argument("--until", default="", help="autoplay stops early once this is legal: 'deliver'")
    p.add_argument("--actions", default="", help="the person's first actions, separated by ';' (bots answer)")
    a = p.parse_args(argv)
    opts = {"difficulty": a.difficulty} if a.players == 1 else {}

    pn.config.inline = True  # every script and style sheet from this server (a classroom may be offline)

    def app():
        fit_phone()  # as `railkit serve` does: the page fits a phone
        table = Table(players=a.players, humans=[0], bots=[a.bots], seed=a.seed, game="steam-rollers",
                      rules={"mountains": a.mountains}, bot_delay=0.05, **opts)
        autoplay(table, a.autoplay, a.until)
        for text in filter(None, (x.strip() for x in a.actions.split(";"))):
            err = table.apply(0, text)
            if err is not None:
                raise SystemExit(f"--actions: {text}: {err}")
            table.run_bots()
        return SteamRollersView(table, auto=True)  # the poll also sends changes Panel left queued

    pn.serve({"/": app}, port=a.port, address="127.0.0.1", show=False, liveness=True, threaded=False,
             websocket_origin=[f"127.0.0.1:{a.port}"], title="Steam Rollers")


if __name__ == "__main__":
    main()
