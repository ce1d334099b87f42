"""Wheels for the browser: railkit and the pure-Python packages its engines and bots need,
repacked from what is installed here, so the browser plays with exactly the code this
Python plays with (same versions, same sources).

Only pure-Python files are packed: a compiled module of railkit (mypyc) is replaced by its
``.py`` source, which is installed beside it; Pyodide plays the pure engines.

>>> [name for name, _ in BROWSER_PACKAGES]
['railkit', 'networkx', 'param', 'mypy_extensions']
"""

from __future__ import annotations

import base64
import hashlib
import os
import zipfile
from importlib import metadata
from pathlib import Path

from railkit.core.errors import DataError

#: (distribution, top-level names) the engines and bots import in the browser
BROWSER_PACKAGES: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("railkit", ("railkit",)),
    ("networkx", ("networkx",)),
    ("param", ("param",)),
    ("mypy_extensions", ("mypy_extensions",)),
)

#: what a browser wheel leaves out: caches, compiled modules, tests of the dependencies and railkit's
#: links to the repository folders (their files are packed once, through ``maps/data``)
SKIP_PARTS = {"__pycache__", "tests", "notebooks"}
SKIP_SUFFIXES = {".pyc", ".so", ".pyd", ".c", ".h"}


def _wanted(relative: Path) -> bool:
    return not (set(relative.parts[:-1]) & SKIP_PARTS) and relative.suffix not in SKIP_SUFFIXES


def _files(tops: tuple[str, ...]) -> list[tuple[str, Path]]:
    """(path in the wheel, file on disk) of every file of the packages ``tops``."""
    out = []
    for top in tops:
        module = __import__(top)
        source = Path(module.__file__ or "")
        if source.name != "__init__.py":  # a module of one file
            out.append((source.name, source))
            continue
        where = source.parent
        for folder, dirs, names in os.walk(where, followlinks=True):  # maps/data is a link
            dirs[:] = sorted(d for d in dirs if d not in SKIP_PARTS)
            for name in sorted(names):
                relative = (Path(folder) / name).relative_to(where)
                if _wanted(relative):
                    out.append((f"{top}/{relative.as_posix()}", Path(folder) / name))
    if not out:
        raise DataError(tops[0], "$", "an installed package with Python files", "nothing found")
    return out


def _record_line(name: str, data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}"


def build_wheel(dist_name: str, tops: tuple[str, ...], out: Path) -> Path:
    """A pure wheel of the installed distribution ``dist_name`` (its packages ``tops``) in ``out``.

    The files are packed in sorted order with fixed times, so the same installation always gives
    the same bytes (a browser cache keyed on the file's digest sees a change only when there is one).
    """
    try:
        version = metadata.version(dist_name)
    except metadata.PackageNotFoundError:
        version = "0"
    name = dist_name.replace("-", "_")
    info = f"{name}-{version}.dist-info"
    path = Path(out) / f"{name}-{version}-py3-none-any.whl"
    entries = [(arc, src.read_bytes()) for arc, src in _files(tops)]
    entries.append((f"{info}/METADATA", f"Metadata-Version: 2.1\nName: {dist_name}\nVersion: {version}\n".encode()))
    entries.append((f"{info}/WHEEL", b"Wheel-Version: 1.0\nGenerator: railkit site\nRoot-Is-Purelib: true\n"
                                     b"Tag: py3-none-any\n"))
    record = [_record_line(arc, data) for arc, data in entries] + [f"{info}/RECORD,,"]
    entries.append((f"{info}/RECORD", ("\n".join(record) + "\n").encode()))
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        for arc, data in entries:
            item = zipfile.ZipInfo(arc, date_time=(2020, 1, 1, 0, 0, 0))
            item.compress_type = zipfile.ZIP_DEFLATED
            item.external_attr = 0o644 << 16
            z.writestr(item, data)
    return path


def build_wheels(out: Path) -> list[Path]:
    """The browser wheels (:data:`BROWSER_PACKAGES`) in ``out``, railkit first."""
    Path(out).mkdir(parents=True, exist_ok=True)
    return [build_wheel(dist, tops, Path(out)) for dist, tops in BROWSER_PACKAGES]
