"""Build ``maps/usa.json`` from the shared facts file ``ttr-usa.json``.

Usage: ``python scripts/build_usa_map.py [PATH/TO/ttr-usa.json]`` (default:
``../shared/data/ttr-usa.json``). The Mega Game and Big Cities decks of USA 1910
are listed below (with their 1910 values), as published by the open research
engine named in the facts file's sources.
"""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from railkit.core.jsonio import read_json  # noqa: E402
from railkit.maps import Map  # noqa: E402

BIG_CITIES = """Atlanta 5 Chicago|Atlanta 15 Los Angeles|Boston 7 Chicago|Calgary 12 Los Angeles|Chicago 5 New York
Chicago 11 Salt Lake City|Dallas 7 Duluth|Dallas 13 Montreal|Houston 16 Portland|Houston 10 Washington
Las Vegas 21 Miami|Las Vegas 19 New York|Las Vegas 10 Seattle|Los Angeles 9 Oklahoma City|Miami 10 New York
Miami 12 Sault St. Marie|Miami 8 Saint Louis|Nashville 6 New York|Oklahoma City 14 Seattle|Los Angeles 20 New York
Duluth 8 Houston|New York 6 Atlanta|Toronto 10 Miami|Dallas 11 New York|Los Angeles 19 Miami|Kansas City 5 Houston
Los Angeles 16 Chicago|Chicago 9 Santa Fe|Boston 12 Miami|Chicago 7 New Orleans|Seattle 20 New York
Helena 8 Los Angeles|Winnipeg 12 Houston|Seattle 9 Los Angeles|Chicago 7 Montreal"""


def parse_deck(text: str) -> list[dict]:
    out = []
    for item in text.replace("\n", "|").split("|"):
        words = item.split()
        k = next(i for i, w in enumerate(words) if w.isdigit())
        out.append({"a": " ".join(words[:k]), "b": " ".join(words[k + 1:]), "points": int(words[k])})
    return out


def build(facts: dict) -> dict:
    pairs = Counter(tuple(sorted((r["a"], r["b"]))) for r in facts["routes"])
    seen: Counter = Counter()
    routes = []
    for r in facts["routes"]:
        key = tuple(sorted((r["a"], r["b"])))
        seen[key] += 1
        rid = f"{r['a']}-{r['b']}" if pairs[key] == 1 else f"{r['a']}-{r['b']}/{seen[key]}"
        routes.append({"id": rid, "a": r["a"], "b": r["b"], "length": r["length"], "color": r["color"]})
    base = [dict(t) for t in facts["tickets"]]
    changes = {tuple(sorted((c["a"], c["b"]))): c["points_1910_mega_deck"]
               for c in facts["tickets_1910_mega_deck_value_changes"]}
    mega = []
    for t in base + facts["tickets_1910_new"] + facts["tickets_mystery_train_4"]:
        mega.append({**t, "points": changes.get(tuple(sorted((t["a"], t["b"]))), t["points"])})
    return {
        "format": "railkit-map",
        "version": 1,
        "name": "usa",
        "title": "Ticket to Ride - USA",
        "layout": "geo",
        "provenance": {
            "game": facts["meta"]["game"],
            "built_from": "shared/data/ttr-usa.json by scripts/build_usa_map.py",
            "sources": facts["meta"]["sources"],
            "coordinates": facts["meta"]["lat_lon"],
            "decks": "base = the 30 tickets of 2004; 1910 = the 35 new USA 1910 tickets; mega = the 69-ticket "
                     "USA 1910 Mega Game deck (base with its 1910 values, 1910 and Mystery Train); big-cities = "
                     "the 35-ticket USA 1910 Big Cities deck.",
        },
        "cities": [{"name": c["name"], "lat": c["lat"], "lon": c["lon"]} for c in facts["cities"]],
        "routes": routes,
        "tickets": {"base": base, "1910": list(facts["tickets_1910_new"]), "mega": mega,
                    "big-cities": parse_deck(BIG_CITIES)},
        "default_deck": "base",
    }


if __name__ == "__main__":
    src = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT.parent / "shared" / "data" / "ttr-usa.json"
    data = build(read_json(src))
    m = Map.from_dict(data, "maps/usa.json")
    m.save(ROOT / "maps" / "usa.json")
    print(m.summary())
