"""Build maps/steam-default.json from the shared default sheet data.

Usage: python scripts/build_steam_sheet.py [SOURCE] [TARGET]

The source is ``/work/shared/data/steam-sheet-default.json`` (the railkit
default sheet, not the published layout). The script adds the format header,
checks the result with :mod:`railkit.maps.sheets` and writes it atomically.
"""

from __future__ import annotations

import sys
from pathlib import Path

from railkit.core.jsonio import read_json
from railkit.maps import sheets

ROOT = Path(__file__).resolve().parents[1]
SOURCE = Path("/work/shared/data/steam-sheet-default.json")
TARGET = ROOT / "maps" / "steam-default.json"


def build(source: Path = SOURCE, target: Path = TARGET) -> Path:
    raw = read_json(source)
    data = {
        "format": sheets.FORMAT,
        "version": sheets.VERSION,
        "name": "steam-default",
        "title": "Steam Rollers: railkit default sheet (radius 4)",
        "note": raw.get("note", ""),
        "provenance": {"source": "railkit shared data steam-sheet-default.json", "id": raw.get("id", "")},
        "orientation": raw.get("orientation", "pointy"),
        "regions": raw["regions"],
        "goods_destination": raw["goods_destination"],
        "mountains": raw["mountains"],
        "black_die_faces": raw["black_die_faces"],
    }
    sheets.parse(data, str(source))
    from railkit.core.jsonio import write_json_atomic

    return write_json_atomic(target, data)


if __name__ == "__main__":
    args = [Path(a) for a in sys.argv[1:]]
    print(build(*args))
