"""A seeded mutator for JSON data files, for the fuzz tests: each case takes a valid file
and changes one to three places in it (replace a value, drop or add a key, nest deeply,
huge or odd numbers, wrong types), or damages its text."""

from __future__ import annotations

import json
import random
from typing import Any

ODD_VALUES: list[Any] = [None, True, False, 0, -1, 1, 2, 24, 10 ** 6, 10 ** 30, -10 ** 30, 1.5, -0.0, 1e308,
                         "", " ", "x", "usa", "../x", "/dev/zero", "<img src=x onerror=alert(1)>", "é" * 50,
                         [], {}, [1, 2], [[0, 0]], {"a": 1}, "red", "gray", "loco"]


DEEP = "\x01deep:"


def to_text(data: Any, indent: int | None = None) -> str:
    """``data`` as JSON text, with each deep-nesting marker replaced by brackets
    nested that deep (too deep to build as Python lists)."""
    text = json.dumps(data, indent=indent)
    marker = json.dumps(DEEP)[1:-1]
    while marker in text:
        i = text.index(marker)
        j = text.index('"', i)
        depth = int(text[i + len(marker):j])
        text = text[:i - 1] + "[" * depth + "]" * depth + text[j + 1:]
    return text


def _places(node: Any, path: tuple = ()) -> list[tuple]:
    """Every path into ``node`` (keys and indexes), the root first."""
    out = [path]
    if isinstance(node, dict):
        for k, v in node.items():
            out += _places(v, path + (k,))
    elif isinstance(node, list):
        for i, v in enumerate(node[:40]):
            out += _places(v, path + (i,))
    return out


def _get(node: Any, path: tuple) -> Any:
    for p in path:
        node = node[p]
    return node


def _odd(rng: random.Random, old: Any) -> Any:
    pick = rng.random()
    if pick < 0.45:
        return rng.choice(ODD_VALUES)
    if pick < 0.55:  # deep nesting, put in by :func:`to_text`
        return f"{DEEP}{rng.choice([70, 200, 5000])}"
    if pick < 0.65 and isinstance(old, (int, float)) and not isinstance(old, bool):
        return rng.choice([old + 1, old - 1, -old, old * 1000, old + 0.5])
    if pick < 0.75 and isinstance(old, str):
        return rng.choice([old + "x", old.upper(), old[:1], old * 3, old + "/../.."])
    if pick < 0.85 and isinstance(old, list) and old:
        return rng.choice([old[:-1], old + old[:1], old[::-1], [old[0]] * 3])
    return rng.randrange(-10 ** rng.randrange(1, 40), 10 ** rng.randrange(1, 40))


def _fresh(rng: random.Random, old: Any) -> Any:
    """An odd value as a tree of its own (never sharing a list or object with the file)."""
    return json.loads(json.dumps(_odd(rng, old)))


def mutate(data: Any, rng: random.Random) -> Any:
    """A changed deep copy of ``data``."""
    data = json.loads(json.dumps(data))
    for _ in range(rng.randrange(1, 4)):
        places = _places(data)
        path = rng.choice(places)
        if not path:
            if rng.random() < 0.1:
                return _fresh(rng, data)
            continue
        parent, key = _get(data, path[:-1]), path[-1]
        what = rng.random()
        if what < 0.6:
            parent[key] = _fresh(rng, parent[key])
        elif what < 0.8:
            if isinstance(parent, dict):
                del parent[key]
            else:
                parent.pop(key)
        elif isinstance(parent, dict):
            parent[rng.choice(["extra", "hard_adds", "note", str(key) + "s"])] = _fresh(rng, None)
        else:
            parent.append(_fresh(rng, parent[key]))
    return data


def damaged_text(text: str, rng: random.Random) -> str:
    """The file's text cut, spliced or with a character changed."""
    n = len(text)
    i = rng.randrange(n)
    pick = rng.random()
    if pick < 0.3:
        return text[:i]
    if pick < 0.6:
        return text[:i] + rng.choice(['"', "{", "]", ",", "\\", "\x00", "NaN", "Infinity", "1e999"]) + text[i + 1:]
    j = rng.randrange(n)
    return text[:i] + text[j:]
