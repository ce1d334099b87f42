"""Field checks shared by every data-file loader (maps, hex sheets, card lists).

Each check raises :class:`~railkit.core.errors.DataError` naming the file, the
JSON path of the field and what was expected.
"""

from __future__ import annotations

from typing import Any

from railkit.core.errors import DataError

MISSING: Any = DataError._MISSING


def require(obj: Any, key: str, typ, what: str, src: str, path: str, default: Any = MISSING) -> Any:
    """``obj[key]``, checked to be of type ``typ`` (a bool is never taken for a number).

    >>> require({"length": 3}, "length", int, "a whole number", "m.json", "$.routes[0]")
    3
    >>> try:
    ...     require({"length": True}, "length", int, "a whole number", "m.json", "$.routes[0]")
    ... except DataError as e:
    ...     print(e)
    m.json: at $.routes[0].length: expected a whole number, got True
    >>> require({}, "title", str, "text", "m.json", "$", default="")
    ''
    """
    if not isinstance(obj, dict):
        raise DataError(src, path, "an object", obj)
    if key not in obj:
        if default is not MISSING:
            return default
        raise DataError(src, f"{path}.{key}", f"{what} (the field is missing)")
    val = obj[key]
    if not isinstance(val, typ) or (isinstance(val, bool) and typ is not bool):
        raise DataError(src, f"{path}.{key}", what, val)
    return val


def require_format(data: Any, fmt: str, version: int, noun: str, src: str) -> dict:
    """Check a data file's header: an object whose ``format`` is ``fmt`` and whose
    ``version`` is ``version``; ``noun`` names the kind of file in messages.

    >>> require_format({"format": "railkit-map", "version": 1}, "railkit-map", 1, "map", "m.json")["version"]
    1
    >>> try:
    ...     require_format({"format": "railkit-map", "version": 2}, "railkit-map", 1, "map", "m.json")
    ... except DataError as e:
    ...     print(e)
    m.json: at $.version: expected map format version 1, got 2
    """
    if not isinstance(data, dict):
        raise DataError(src, "$", f"a {noun} object", type(data).__name__)
    if require(data, "format", str, f"the text {fmt!r}", src, "$") != fmt:
        raise DataError(src, "$.format", f"the text {fmt!r}", data["format"])
    if require(data, "version", int, f"{noun} format version {version}", src, "$") != version:
        raise DataError(src, "$.version", f"{noun} format version {version}", data["version"])
    return data


def only(obj: dict, allowed: tuple[str, ...], src: str, path: str) -> None:
    """Refuse a field not in ``allowed`` (a misspelt field is never silently dropped).

    >>> try:
    ...     only({"medium": [], "hard_add": []}, ("medium", "hard_adds"), "s.json", "$.mountains")
    ... except DataError as e:
    ...     print(e)
    s.json: at $.mountains.hard_add: expected only the fields medium, hard_adds (unknown field), got 'hard_add'
    """
    for key in obj:
        if key not in allowed:
            raise DataError(src, f"{path}.{key}" if isinstance(key, str) else path,
                            "only the fields " + ", ".join(allowed) + " (unknown field)", key)


def at_most(items: Any, limit: int, what: str, src: str, path: str) -> Any:
    """``items`` (a list, an object or a text), refused if it holds more than ``limit``.

    >>> try:
    ...     at_most("x" * 100, 80, "characters", "m.json", "$.name")
    ... except DataError as e:
    ...     print(e)
    m.json: at $.name: expected at most 80 characters, got 100
    """
    if len(items) > limit:
        raise DataError(src, path, f"at most {limit} {what}", len(items))
    return items
