"""Steam Rollers scoring: the breakdown per player, Olivia's score and ``summary()`` rows.

>>> from railkit.games.steam_rollers import SteamRollers
>>> g = SteamRollers(players=2, seed=0)
>>> b = breakdown(g, 0)
>>> b["score"], b["delivery_points"], b["network_points"], b["engine_bonus"]
(0, 0, 0, 0)
"""

# railkit: compiled with mypyc
from __future__ import annotations

from railkit.games.steam_rollers.data import load_orders
from railkit.games.steam_rollers.rules import rule_values


COLUMNS = ("delivery_points", "network_points", "engine_bonus", "tile_vp", "order_vp", "power_vp")


def breakdown(game, seat: int) -> dict:
    """Score of ``seat`` now, by part (the end score once the game is over)."""
    ps = game.ps[seat]
    conns = game.connections(seat)
    delivery = sum(d["distance"] + d["bonus"] for d in ps.deliveries)  # SR-SCORE-DELIVERY
    network = sum(1 + t for *_, t in conns)  # SR-SCORE-NETWORK
    bonus = game._engine_bonus[min(len(ps.boxes), 6)]  # SR-SCORE-ENGINE-BONUS: boxes only, no tile bonus
    tile_vp = sum(game.tile_defs[game.tile_id[n]].vp for n in range(1, 7) if game.tile_holder[n] == seat)  # SR-SCORE-TILES
    orders = load_orders()
    order_vp = sum(orders[o].vp for o in ps.orders)
    out = {"delivery_points": delivery, "network_points": network, "engine_bonus": bonus, "tile_vp": tile_vp,
           "order_vp": order_vp, "power_vp": ps.power_vp}
    out["score"] = sum(out[c] for c in COLUMNS)
    out["connections"] = len(conns)
    out["towns_connected"] = sum(t for *_, t in conns)
    return out


def olivia_breakdown(game) -> dict:
    """Olivia's score (SR-OLIVIA-SCORE): deliveries, engine, her two best regions, tiles by the board."""
    r = rule_values(game.rules)  # every observation scores Olivia  # mypyc: read once
    counts = sorted((len(v) for v in game.olivia_crossed.values()), reverse=True)
    regions = sum(counts[: r.olivia_regions_scored])
    tiles = sum(max(0, game.tile_defs[game.tile_id[n]].vp) for n in range(1, 7) if game.tile_holder[n] is None)
    out = {"olivia_delivery_points": sum(game.olivia_points), "olivia_engine_points": r.olivia_engine_points,
           "olivia_network_points": regions, "olivia_tile_vp": tiles}
    out["olivia_score"] = sum(out.values())
    return out


def ranks(game, rows: list[dict]) -> None:
    """Fill ``rank`` and ``win``: highest score, ties broken by delivery points, then shared (SR-TIE)."""
    if game.solo:
        row = rows[0]
        # SR-SOLO-TIE-LOSS: the player must beat Olivia; a tie is a loss
        win = game.is_over and not game.olivia_won and row["score"] > row["olivia_score"]
        row["win"] = bool(win)
        row["rank"] = 1 if win or not game.is_over else 2
        return
    keys = [(r["score"], r["delivery_points"]) for r in rows]
    for r, k in zip(rows, keys):
        r["rank"] = 1 + sum(1 for other in keys if other > k)
        r["win"] = bool(game.is_over and r["rank"] == 1)


def summary(game) -> list[dict]:
    """One row per seat: score, win, rank, turns, the score breakdown and game facts.
    ``crosses_region1`` ... ``crosses_region6`` count the hexes of each region the seat has
    drawn a track in; alone against Olivia, ``olivia_crosses_region1`` ... 6 count the hexes
    she crossed there (SR-OLIVIA-1; None in a game without her)."""
    rows = []
    ob = olivia_breakdown(game) if game.solo else None
    region_of = game.sheet.region_of
    regions = sorted(game.sheet.regions)
    for seat, ps in enumerate(game.ps):
        crosses = dict.fromkeys(regions, 0)
        for h in ps.tracks:
            crosses[region_of[h]] += 1
        b = breakdown(game, seat)
        row = {"seat": seat, "score": b["score"], "win": False, "rank": 0, "turns": ps.turns}
        row.update({c: b[c] for c in ("delivery_points", "network_points", "engine_bonus", "tile_vp", "order_vp", "power_vp")})
        row.update({
            "deliveries": len(ps.deliveries),
            "longest_delivery": max((d["distance"] for d in ps.deliveries), default=0),
            "engine": len(ps.boxes),
            "tracks": len(ps.tracks),
            "connections": b["connections"],
            "towns_connected": b["towns_connected"],
            "tiles_held": [game.tile_id[n] for n in range(1, 7) if game.tile_holder[n] == seat],
            "orders": list(ps.orders),
            "power": ps.power or "",
            "rounds": game.round,
            "players": game.players,
            "end_reason": game.end_reason,
            "empty_cities": len(game.empty_cities()),
            "mountains": game.rules.mountains,
            "solo": game.solo,
            "difficulty": game.difficulty if game.solo else None,
            "olivia_score": ob["olivia_score"] if ob else None,
            "olivia_delivery_points": ob["olivia_delivery_points"] if ob else None,
            "olivia_network_points": ob["olivia_network_points"] if ob else None,
            "olivia_tile_vp": ob["olivia_tile_vp"] if ob else None,
            "olivia_won_region": game.olivia_won if game.solo else None,
        })
        for n in regions:
            row[f"crosses_region{n}"] = crosses[n]
            row[f"olivia_crosses_region{n}"] = len(game.olivia_crossed[n]) if game.solo else None
        rows.append(row)
    ranks(game, rows)
    return rows
