"""``railkit simulate``: many seeded bot games from the command line.

    railkit simulate GAME [--players N] [--games K] [--seed S] [--agents a,b,...]
        [--rules key=value ...] [--preset NAME] [--map NAME] [--solo] [--difficulty LEVEL]
        [--option key=value ...] [--rotate] [--json] [--out FILE.csv|.parquet]
        [--workers N|auto] [--scheduler ADDRESS] [--chunk N] [--no-progress]

Prints a readable summary (or, with ``--json``, one JSON object); the same
seed gives the same results. Bad input raises :class:`~railkit.core.errors.DataError`,
which ``railkit.cli`` prints as one line with exit code 2.
"""

from __future__ import annotations

import argparse
import json
import math
from typing import Any

from railkit.core.errors import DataError
from railkit.core.i18n import Message, columns, pad, render


def add_simulate_arguments(parser: argparse.ArgumentParser) -> None:
    """Add the ``simulate`` options to ``parser`` (called by ``railkit.cli``)."""
    parser.description = "Play many seeded bot games and summarise them (win rate and mean score per seat)."
    from railkit.games import names

    parser.add_argument("game", help=", ".join(names()))
    parser.add_argument("--players", type=int, default=None,
                        help="number of players (default: the number of --agents, else 2; 1 with --solo)")
    parser.add_argument("--games", type=int, default=100, help="number of games (default 100)")
    parser.add_argument("--seed", type=int, default=0, help="master seed: game i uses a seed derived from (seed, i)")
    parser.add_argument("--agents", default=None,
                        help="comma-separated bot names, one per seat or one for all (default: the game's default bot)")
    parser.add_argument("--rules", nargs="+", action="extend", default=[], metavar="KEY=VALUE",
                        help="rule settings over the preset, e.g. --rules trains=30 longest_bonus=0 "
                             "(or a JSON object, '{\"trains\": 30}')")
    parser.add_argument("--preset", default=None, help="a named rules preset of the game")
    parser.add_argument("--map", default=None, help="map name or path (option map, for a game played on a map)")
    parser.add_argument("--solo", action="store_true",
                        help="solo game against the game's solo opponent (1 player, for a game that has one)")
    parser.add_argument("--difficulty", default=None, help="the solo opponent's level (with --solo)")
    parser.add_argument("--option", nargs="+", action="extend", default=[], metavar="KEY=VALUE",
                        help="other game options (values read as JSON when possible)")
    parser.add_argument("--rotate", action="store_true",
                        help="rotate the agents round the seats game by game (compare bots free of seat advantage)")
    parser.add_argument("--json", action="store_true", help="print one JSON object instead of the text summary")
    parser.add_argument("--out", default=None, metavar="FILE", help="write the table of games (.csv or .parquet)")
    parser.add_argument("--workers", type=_workers, default="auto", metavar="N|auto",
                        help="play on N worker processes of this machine (forked by a fork server on Linux, else a Dask "
                             "local cluster); 'auto' (the default) times the "
                             "first games and uses one worker per core only for a job of 20 s or more in one "
                             "process, else this process")
    parser.add_argument("--scheduler", default=None, metavar="ADDRESS",
                        help="play on a running Dask cluster, e.g. tcp://10.0.0.5:8786")
    parser.add_argument("--chunk", type=int, default=None, help="games per task sent to a worker (default: timed)")
    parser.add_argument("--no-progress", action="store_true", help="no progress bar")


def _workers(text: str):
    """``--workers``: a whole number or ``auto`` (checked by :func:`railkit.sim.run`)."""
    if text.strip().lower() == "auto":
        return "auto"
    try:
        return int(text)
    except ValueError:
        return text


def _assignments(items: list[str], source: str) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for item in items:
        if "=" not in item:
            raise DataError(source, item, "key=value")
        key, raw = item.split("=", 1)
        try:
            out[key.strip()] = json.loads(raw)
        except json.JSONDecodeError:
            out[key.strip()] = raw
    return out


def options_from_args(args: argparse.Namespace) -> dict[str, Any]:
    """Game options from ``--map``, ``--solo``, ``--difficulty`` and ``--option``."""
    options = _assignments(args.option, "--option")
    if args.map is not None:
        options["map"] = args.map
    if args.solo:
        options["solo"] = True
    if args.difficulty is not None:
        options["difficulty"] = args.difficulty
        options.setdefault("solo", True)
    return options


def _clean(x: Any) -> Any:
    """JSON-safe floats (NaN -> None), rounded for reading."""
    if isinstance(x, float):
        return None if math.isnan(x) or math.isinf(x) else round(x, 6)
    return x


def result_dict(df, seconds: float | None = None) -> dict[str, Any]:
    """The ``--json`` object of a results table from :func:`railkit.sim.run`."""
    from railkit.sim.stats import summarise

    a = df.attrs
    ok = df[df["error"] == ""] if len(df) else df
    per_seat = summarise(df, "seat") if len(ok) else None
    players = a.get("players", 0)

    def seat_list(col: str) -> list:
        vals = [None] * players
        if per_seat is not None:
            for _, r in per_seat.iterrows():
                vals[int(r["seat"])] = _clean(float(r[col]))
        return vals

    turns = ok.groupby("game")["turns"].sum().mean() if len(ok) and "turns" in ok.columns else math.nan
    seconds = a.get("seconds", 0.0) if seconds is None else seconds
    out = {
        "game": a.get("game"), "games": a.get("games"), "players": players, "seed": a.get("seed"),
        "agents": a.get("agents"), "preset": a.get("preset"), "rules": a.get("rules"), "options": a.get("options"),
        "rotate": a.get("rotate", False), "errors": a.get("errors", 0),
        "mean_score": seat_list("mean_score"), "mean_score_ci": [list(p) for p in zip(seat_list("mean_score_lo"), seat_list("mean_score_hi"))],
        "win_rate": seat_list("win_rate"), "win_rate_ci": [list(p) for p in zip(seat_list("win_rate_lo"), seat_list("win_rate_hi"))],
        "mean_turns": _clean(float(turns)),
        "seconds": _clean(float(seconds)),
        "games_per_second": _clean(float(a.get("games", 0) / seconds)) if seconds else None,
        "workers": a.get("workers", 1),
    }
    if a.get("rotate") or len(set(a.get("agents") or [])) > 1:
        by_agent = summarise(df, "agent") if len(ok) else None
        out["by_agent"] = {} if by_agent is None else {
            r["agent"]: {"win_rate": _clean(float(r["win_rate"])), "mean_score": _clean(float(r["mean_score"])),
                         "games": int(r["games"])} for _, r in by_agent.iterrows()}
    errors = df.loc[df["error"] != "", "error"] if len(df) else []
    if len(errors):
        out["first_error"] = str(errors.iloc[0])
    return out


def rules_text(df) -> str:
    """The rules in effect, in words: the preset (or 'default rules') and every
    setting that differs from it, with the preset's value.

    >>> from railkit.sim import run
    >>> df = run("ticket-to-ride", rules={"longest_bonus": 20}, games=1, agents="random",
    ...          options={"map": "teaching-small"}, progress=False)
    >>> rules_text(df)
    'default rules with longest_bonus=20 (default 10)'
    """
    from railkit.games import get_spec
    from railkit.sim.runner import resolve_rules

    a = df.attrs
    base = resolve_rules(get_spec(a["game"]), None, a.get("preset"))
    preset = a.get("preset")
    text = Message("preset {name}", name=preset) if preset else Message("default rules")
    changed = [(Message("{name}={value} (preset {was})", name=k, value=_value_text(v), was=_value_text(base.get(k)))
                if preset else Message("{name}={value} (default {was})", name=k, value=_value_text(v),
                                       was=_value_text(base.get(k))))
               for k, v in (a.get("rules") or {}).items() if base.get(k) != v]
    if changed:
        text = Message("{rules} with {changes}", rules=text, changes=", ".join(map(render, changed)))
    return render(text)


def _value_text(v: Any) -> str:
    if v is None:  # a setting left unset, e.g. a train count that defaults to the map's own
        return "unset"
    return json.dumps(v) if isinstance(v, (dict, list)) else str(v)


def format_summary(df, title: str) -> str:
    """The readable summary printed by ``railkit simulate``."""
    from railkit.sim.stats import summarise

    a = df.attrs
    res = result_dict(df)
    agents = a.get("agents") or []
    who = f"{agents[0]} x{len(agents)}" if len(set(agents)) == 1 else ", ".join(agents)
    if a.get("rotate"):
        who = render(Message("{bots} (rotated)", bots=who))
    said = [Message("{title}: {games} games, {n} player, seed {seed}, bots {bots}, {rules}",
                    plural="{title}: {games} games, {n} players, seed {seed}, bots {bots}, {rules}", title=title,
                    games=a["games"], n=a["players"], seed=a["seed"], bots=who, rules=rules_text(df))]
    changed = {k: v for k, v in (a.get("options") or {}).items()}
    if changed:
        said.append(Message("options: {options}", options=", ".join(f"{k}={v}" for k, v in changed.items())))
    seconds = res["seconds"] or 0.0
    gps = res["games_per_second"]
    said.append(Message("{seconds} s, {speed} games/s, {n} worker, {errors} errors",
                        plural="{seconds} s, {speed} games/s, {n} workers, {errors} errors", seconds=f"{seconds:.2f}",
                        speed=f"{gps:.1f}", n=res["workers"], errors=res["errors"])
                if gps is not None else Message("{seconds} s, {errors} errors", seconds=f"{seconds:.2f}",
                                                errors=res["errors"]))
    lines = [render(m) for m in said]
    if len(df) and (df["error"] == "").any():
        table = summarise(df, "seat")
        heads = [render(m) for m in (Message("seat"), Message("bot"), Message("win rate (95% CI)"),
                                     Message("mean score (95% CI)"))]
        first = max(4, columns(heads[0]))
        wide = max(26, columns(heads[2]) + 1)
        lines.append("")
        lines.append(f"{pad(heads[0], first, '>')}  {pad(heads[1], 14)} {pad(heads[2], wide)} {heads[3]}")
        for _, r in table.iterrows():
            seat = int(r["seat"])
            bot = agents[seat] if not a.get("rotate") and seat < len(agents) else render(Message("(rotated)"))
            between = Message("{lo} to {hi}", lo=f"{r.win_rate_lo:.1%}", hi=f"{r.win_rate_hi:.1%}")
            wr = f"{r.win_rate:6.1%} ({render(between)})"
            lo = "" if math.isnan(r.mean_score_lo) else (
                " (" + render(Message("{lo} to {hi}", lo=f"{r.mean_score_lo:.1f}", hi=f"{r.mean_score_hi:.1f}")) + ")")
            lines.append(f"{pad(str(seat), first, '>')}  {pad(bot, 14)} {pad(wr, wide)} {r.mean_score:7.1f}{lo}")
        if "by_agent" in res:
            lines.append("")
            for name, v in res["by_agent"].items():
                lines.append(render(Message("bot {name}: win rate {rate}, mean score {score} ({n} seat-games)",
                                            name=name, rate=f"{v['win_rate']:.1%}", score=f"{v['mean_score']:.1f}",
                                            n=v["games"])))
        if res["mean_turns"] is not None:
            lines.append(render(Message("mean turns per game: {n}", n=f"{res['mean_turns']:.1f}")))
    if "first_error" in res:
        lines.append(render(Message("first error: {error}", error=res["first_error"])))
    return "\n".join(lines)


def _readable(path) -> None:
    """Give a written file the usual permissions (read/write for the owner, read for the
    others, as the umask allows): the atomic write leaves its temporary file's 0600."""
    import os

    umask = os.umask(0)
    os.umask(umask)
    os.chmod(path, 0o666 & ~umask)


def run_simulate(args: argparse.Namespace) -> int:
    """Run ``railkit simulate`` from parsed arguments; returns the exit code."""
    from railkit.core.game import parse_rule_assignments
    from railkit.games import get_spec
    from railkit.sim.runner import run, save_results

    spec = get_spec(args.game)
    if args.out is not None and not str(args.out).lower().endswith((".csv", ".parquet")):
        raise DataError("--out", "$", "a file name ending in .csv or .parquet", args.out)
    overrides = parse_rule_assignments(args.rules, spec.rules_class) if args.rules else {}
    options = options_from_args(args)
    players = args.players
    if players is None and options.get("solo"):
        players = 1
    from railkit.sim import runner

    runner._SPAWN_SAFE = True  # this command's main module starts nothing when imported again
    df = run(spec.name, rules=overrides, agents=args.agents, games=args.games, seed=args.seed, players=players,
             preset=args.preset, options=options, workers=args.workers, scheduler=args.scheduler,
             chunk=args.chunk, progress=not args.no_progress, rotate=args.rotate)
    if args.out is not None:
        _readable(save_results(df, args.out))
    if args.json:
        print(json.dumps(result_dict(df)))
    else:
        print(format_summary(df, spec.title))
        if args.out is not None:
            print(f"wrote {len(df)} rows to {args.out}")
    return 0
