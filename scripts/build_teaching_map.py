"""Build ``maps/teaching-small.json``: railkit's own 8-city classroom map.

It has a double route (Harbor-Mill), a loop (Harbor-Mill-Lake-Ridge), gray
routes and 10 tickets, each worth the length of its shortest connection, and
its own train count (12 per player).

    python scripts/build_teaching_map.py
"""

from pathlib import Path

import networkx as nx

from railkit.maps import Map

ROOT = Path(__file__).resolve().parents[1]
#: Trains per player on this map (the map's "trains" field, TTR-MAP-TRAINS). The 12 routes
#: hold 25 trains (23 with 2 players, who use one track of the double route), so the
#: standard 45 never run out: a game ended with ~100 draw-only actions after the last claim.
#: With 12, 2-player bot games end through the train trigger (figures: scripts/measure_map_trains.py).
TRAINS = 12
cities = {"Harbor": (0, 0), "Mill": (2, 1), "Fort": (4.2, 0), "Ridge": (0.6, 3), "Lake": (2.6, 3.2),
          "Summit": (4.8, 2.8), "Camp": (1.4, 5), "Peak": (3.8, 5.2)}
routes = [("Harbor", "Mill", 2, "red"), ("Harbor", "Mill", 2, "blue"), ("Mill", "Fort", 2, "gray"),
          ("Harbor", "Ridge", 3, "green"), ("Mill", "Lake", 2, "yellow"), ("Ridge", "Lake", 2, "gray"),
          ("Lake", "Summit", 2, "black"), ("Fort", "Summit", 3, "pink"), ("Ridge", "Camp", 2, "orange"),
          ("Camp", "Peak", 2, "white"), ("Lake", "Peak", 2, "gray"), ("Summit", "Peak", 1, "gray")]
pairs = {}
for a, b, *_ in routes:
    pairs[(a, b)] = pairs.get((a, b), 0) + 1
seen = {}
out = []
for a, b, l, c in routes:
    seen[(a, b)] = seen.get((a, b), 0) + 1
    rid = f"{a}-{b}" if pairs[(a, b)] == 1 else f"{a}-{b}/{seen[(a, b)]}"
    out.append({"id": rid, "a": a, "b": b, "length": l, "color": c})
G = nx.Graph()
for r in out:
    G.add_edge(r["a"], r["b"], length=r["length"])
tix = [("Harbor", "Summit"), ("Ridge", "Fort"), ("Camp", "Fort"), ("Mill", "Peak"), ("Harbor", "Camp"),
       ("Ridge", "Summit"), ("Harbor", "Peak"), ("Camp", "Summit"), ("Fort", "Peak"), ("Harbor", "Lake")]
tickets = [{"a": a, "b": b, "points": nx.shortest_path_length(G, a, b, weight="length")} for a, b in tix]
data = {"format": "railkit-map", "version": 1, "name": "teaching-small", "title": "Teaching map (8 cities)",
        "layout": "xy", "provenance": {"source": "railkit original, for classroom demos and fast tests",
        "notes": "A double route (Harbor-Mill), a loop (Harbor-Mill-Lake-Ridge), gray routes and 10 tickets worth their shortest route length."},
        "cities": [{"name": n, "x": x, "y": y} for n, (x, y) in cities.items()],
        "routes": out, "tickets": {"base": tickets}, "default_deck": "base", "trains": TRAINS}
m = Map.from_dict(data, "maps/teaching-small.json")
m.save(ROOT / "maps" / "teaching-small.json")
print(m.summary())
