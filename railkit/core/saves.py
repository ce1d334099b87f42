"""The saved-game format: checks before a save is replayed, and its digest.

A save is a JSON object described by ``railkit/core/save.schema.json``::

    {"game": "ticket-to-ride", "format": 1, "players": 2, "seed": 123,
     "options": {"map": "usa"}, "rules": {...}, "actions": ["keep tickets 1,2", ...],
     "digest": "<sha256 of the rest>"}

:func:`check_save` refuses, with a :class:`~railkit.core.errors.DataError` naming
the file and the field, anything the schema forbids and what the game cannot
hold: unknown keys, a missing or wrong ``format``, a player count outside the
game's bounds, seeds, logs and texts beyond sane sizes, a map or sheet given as
a path outside railkit's maps folder (for a save from a browser). After the replay (which checks every
action), :func:`check_digest` refuses a save whose content is not the one it was
saved with: a shortened log or edited rules would otherwise load silently as a
different game. The digest detects a changed file; it is not a signature.
"""

from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path
from typing import Any

from railkit.core.errors import DataError

#: the save format this railkit writes and reads (``"format"`` in a save)
SAVE_FORMAT = 1
#: the folder of the data files railkit ships (maps and sheets): ``railkit/maps/data``, package
#: data in an installed railkit; in a checkout, a link to the repository's ``maps/``, the files
#: people browse and edit. A save from someone else may name a file there, never one elsewhere
#: (:data:`railkit.maps.MAPS_DIR` is this folder)
DATA_FOLDER = (Path(__file__).resolve().parents[1] / "maps" / "data").resolve()
#: the keys a save may have (every one but ``options`` is required)
SAVE_KEYS = ("game", "format", "players", "seed", "options", "rules", "actions", "digest")
#: the most actions a save may hold
MAX_ACTIONS = 20_000
#: the longest action text
MAX_ACTION_CHARS = 300
#: seeds are whole numbers below this (in size), or texts of at most MAX_SEED_CHARS
MAX_SEED = 2 ** 64
MAX_SEED_CHARS = 64
#: a map or sheet named in a save: a plain name
DATA_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]{0,63}")
#: a seat name in a save: plain words (it is shown to every seat)
SEAT_NAME = re.compile(r"[^\W_](?:[\w .'-]{0,22}[^\W_])?")
#: the card lists a save may name (a game's ``rules.cards``): the bundled one
BUNDLED_CARDS = ("", "default", "railkit-default")
SCHEMA_PATH = Path(__file__).with_name("save.schema.json")


def digest(data: dict) -> str:
    """The SHA-256 of a save's content (every key but ``digest``), in canonical JSON.

    >>> d = {"game": "g", "format": 1, "players": 2, "seed": 1, "options": {}, "rules": {}, "actions": []}
    >>> digest(d) == digest(json.loads(json.dumps(d))), len(digest(d))
    (True, 64)
    """
    body = {k: v for k, v in data.items() if k != "digest"}
    # through JSON first: number keys become text, as in the file
    canon = json.dumps(json.loads(json.dumps(body)), sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return hashlib.sha256(canon.encode("ascii")).hexdigest()


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def check_save(data: Any, game_name: str, min_players: int, max_players: int, source: str, *,
               paths: bool = True, file_options: tuple[str, ...] = ()) -> dict:
    """Check a save's shape before it is replayed; returns its options.

    ``file_options`` are the options that name a data file (a game's
    :attr:`~railkit.core.game.Game.file_options`). With ``paths=False`` (a save from a
    browser) each must be a name, or a file in :data:`DATA_FOLDER`, and its card list the
    bundled one: a save never makes the server read another file.

    Examples
    --------
    >>> d = {"game": "ticket-to-ride", "format": 1, "players": 9, "seed": 1, "rules": {},
    ...      "actions": [], "digest": "0" * 64}
    >>> try:
    ...     check_save(d, "ticket-to-ride", 2, 5, "g.json")
    ... except DataError as e:
    ...     print(e)
    g.json: at $.players: expected 2 to 5 players, got 9
    """
    if not isinstance(data, dict):
        raise DataError(source, "$", "a saved-game object", type(data).__name__)
    for key in data:
        if key not in SAVE_KEYS:
            raise DataError(source, f"$.{key}" if isinstance(key, str) else "$",
                            "only the keys " + ", ".join(SAVE_KEYS) + " (unknown key)", key)

    def need(key: str, what: str) -> Any:
        if key not in data:
            raise DataError(source, f"$.{key}", what + " (field missing)")
        return data[key]

    if need("game", "the game name") != game_name:
        raise DataError(source, "$.game", f"{game_name!r}", data["game"])
    players = need("players", "a number of players")
    if not _is_int(players):
        raise DataError(source, "$.players", "a number of players", players)
    if not min_players <= players <= max_players:
        raise DataError(source, "$.players", f"{min_players} to {max_players} players", players)
    seed = need("seed", "the seed")
    if not ((_is_int(seed) and abs(seed) < MAX_SEED) or (isinstance(seed, str) and len(seed) <= MAX_SEED_CHARS)):
        raise DataError(source, "$.seed", f"the seed: a whole number below 2**64 or a text of at most "
                        f"{MAX_SEED_CHARS} characters", seed)
    if not isinstance(need("rules", "an object of rule settings"), dict):
        raise DataError(source, "$.rules", "an object of rule settings", data["rules"])
    cards = data["rules"].get("cards")
    if not paths and cards is not None and cards not in BUNDLED_CARDS:
        raise DataError(source, "$.rules.cards", "the bundled card list 'default' (a save never names another "
                        "file)", cards)
    options = data.get("options", {})
    if not isinstance(options, dict):
        raise DataError(source, "$.options", "an object", options)
    for key in file_options:
        if key in options:
            if paths:
                if not isinstance(options[key], str) or not 0 < len(options[key]) < 1000:
                    raise DataError(source, f"$.options.{key}", "a name or the path of a file", options[key])
            else:
                _check_data_name(options[key], source, f"$.options.{key}")
    if "names" in options:
        names = options["names"]
        if (not isinstance(names, list) or len(names) != players
                or not all(isinstance(n, str) and SEAT_NAME.fullmatch(n) for n in names)):
            raise DataError(source, "$.options.names", f"{players} seat names of letters, digits, spaces and "
                            "- . ' (at most 24 characters each)", names)
    actions = need("actions", "a list of action texts")
    if not isinstance(actions, list):
        raise DataError(source, "$.actions", "a list of action texts", actions)
    if len(actions) > MAX_ACTIONS:
        raise DataError(source, "$.actions", f"at most {MAX_ACTIONS} actions", len(actions))
    for i, a in enumerate(actions):
        if not isinstance(a, str) or len(a) > MAX_ACTION_CHARS:
            raise DataError(source, f"$.actions[{i}]", f"an action text of at most {MAX_ACTION_CHARS} characters", a)
    fmt = need("format", "the save format")
    if not _is_int(fmt) or fmt != SAVE_FORMAT:
        raise DataError(source, "$.format", f"save format {SAVE_FORMAT}", fmt)
    d = need("digest", "the save's digest")
    if not isinstance(d, str) or not re.fullmatch(r"[0-9a-f]{64}", d):
        raise DataError(source, "$.digest", "the save's digest (64 hexadecimal digits)", d)
    return options


def _check_data_name(value: Any, source: str, path: str) -> None:
    """A map or sheet in a save: a plain name, or a file inside railkit's maps folder."""
    if isinstance(value, str) and DATA_NAME.fullmatch(value):
        return
    if isinstance(value, str) and len(value) < 1000 and "\0" not in value:
        try:
            p = Path(value).resolve()
            inside = p.suffix == ".json" and p.parent == DATA_FOLDER and p.is_file()
        except (OSError, ValueError, RuntimeError):
            inside = False
        if inside:
            return
    raise DataError(source, path, "the name of a file in railkit's maps folder (letters, digits, - and _; "
                    "a save names its map, never another path)", value)


def check_digest(data: dict, source: str) -> None:
    """Refuse a save whose content is not what its digest was made from."""
    if data["digest"] != digest(data):
        raise DataError(source, "$.digest", "the digest of the save's content: the file was changed after it "
                        "was saved (a log, a rule, a seed or an option differs)", data["digest"])


def relocate(exc: DataError, source: str) -> DataError:
    """A game's setup error (naming ``options``, ``rules``, ``players``, ``setup``) as an
    error of the save file ``source`` at the matching field."""
    if exc.source == source:
        return exc
    prefix = {"options": "$.options", "rules": "$.rules", "players": "$.players",
              "setup": "$.options.setup"}.get(exc.source)
    if prefix is not None:
        path = prefix + exc.path[1:] if exc.path.startswith("$") else prefix
        return DataError(source, path, exc.expected, exc.got)
    # an error in a file the save names (its map or sheet): that file by its name only
    return DataError(source, "$.options", f"options whose files load ({Path(exc.source).name}: at {exc.path}: "
                     f"expected {exc.expected})")
