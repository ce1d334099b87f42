"""JSON reading with clear errors and atomic writing (temp file + rename)."""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from contextlib import contextmanager
from typing import Any, Iterator

from railkit.core.errors import DataError


def read_json(path: str | os.PathLike) -> Any:
    """Read a JSON file; a syntax error names the file, line and column.

    Examples
    --------
    >>> import tempfile, os
    >>> p = os.path.join(tempfile.mkdtemp(), "bad.json")
    >>> _ = open(p, "w").write('{"a": 1,\\n "b": }')
    >>> try:
    ...     read_json(p)
    ... except DataError as e:
    ...     print(e.expected)
    valid JSON (line 2, column 7: Expecting value)
    """
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise DataError(str(path), "$", "an existing file") from None
    except UnicodeDecodeError as exc:
        raise DataError(str(path), "$", f"UTF-8 text ({exc.reason} at byte {exc.start})") from None
    return loads_json(text, str(path))


def loads_json(text: str, source: str = "<string>") -> Any:
    """Parse JSON text; errors name ``source`` with line and column."""
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise DataError(source, "$", f"valid JSON (line {exc.lineno}, column {exc.colno}: {exc.msg})") from None


@contextmanager
def atomic_path(path: str | os.PathLike) -> Iterator[Path]:
    """A temporary file next to ``path``, renamed over it when the block succeeds.

    On any error the temporary file is removed and ``path`` is left as it was,
    so a reader never sees a half-written file.

    >>> import tempfile, os
    >>> target = Path(tempfile.mkdtemp()) / "out.txt"
    >>> with atomic_path(target) as tmp:
    ...     _ = tmp.write_text("done")
    >>> target.read_text(), sorted(os.listdir(target.parent))
    ('done', ['out.txt'])
    """
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    os.close(fd)
    try:
        yield Path(tmp)
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        raise


def write_json_atomic(path: str | os.PathLike, data: Any, *, indent: int | None = 2) -> Path:
    """Write ``data`` as JSON to ``path`` atomically (see :func:`atomic_path`);
    a value that is not JSON-serialisable leaves the old file intact."""
    text = json.dumps(data, indent=indent, ensure_ascii=False) + "\n"
    with atomic_path(path) as tmp:
        with open(tmp, "w", encoding="utf-8") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
    return Path(path)
