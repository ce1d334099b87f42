"""JSON reading with clear errors and atomic writing (temp file + rename).

Every read is bounded: only regular files (never a folder, a device or a pipe),
at most :data:`MAX_BYTES`, nesting at most :data:`MAX_DEPTH` deep, numbers of at
most :data:`MAX_DIGITS` digits and never ``NaN`` or ``Infinity``. Whatever is
wrong, the error is a :class:`~railkit.core.errors.DataError` naming the file.
"""

from __future__ import annotations

import json
import math
import os
import stat
import tempfile
from pathlib import Path
from contextlib import contextmanager
from typing import Any, Iterator

from railkit.core.errors import DataError


#: the largest data file read (bytes)
MAX_BYTES = 8 * 1024 * 1024
#: the deepest nesting of lists and objects in a data file
MAX_DEPTH = 64
#: the most digits a number in a data file may have
MAX_DIGITS = 30


def read_text(path: str | os.PathLike, max_bytes: int = MAX_BYTES) -> str:
    """The UTF-8 text of a regular file of at most ``max_bytes`` bytes.

    A folder, a device (``/dev/zero``), a pipe, a missing or unreadable file, or a
    file too large gives a :class:`DataError` naming it, before anything is read.

    >>> try:
    ...     read_text("/dev/zero")
    ... except DataError as e:
    ...     print(e.expected)
    a regular file (not a folder, a device or a pipe)
    """
    src = str(path)
    try:
        st = os.stat(path)
    except FileNotFoundError:
        raise DataError(src, "$", "an existing file") from None
    except (OSError, ValueError) as exc:  # permission, name too long, a NUL in the name ...
        raise DataError(src, "$", f"a readable file ({_os_reason(exc)})") from None
    if not stat.S_ISREG(st.st_mode):
        raise DataError(src, "$", "a regular file (not a folder, a device or a pipe)")
    if st.st_size > max_bytes:
        raise DataError(src, "$", f"a file of at most {max_bytes} bytes", st.st_size)
    try:
        with open(path, "rb") as fh:
            raw = fh.read(max_bytes + 1)
    except (OSError, ValueError) as exc:
        raise DataError(src, "$", f"a readable file ({_os_reason(exc)})") from None
    if len(raw) > max_bytes:
        raise DataError(src, "$", f"a file of at most {max_bytes} bytes")
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise DataError(src, "$", f"UTF-8 text ({exc.reason} at byte {exc.start})") from None


def _os_reason(exc: BaseException) -> str:
    return getattr(exc, "strerror", None) or str(exc) or type(exc).__name__


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
    return loads_json(read_text(path), str(path))


class _Bad(Exception):
    def __init__(self, expected: str, got: str) -> None:
        self.expected, self.got = expected, got


def _int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise _Bad(f"a number of at most {MAX_DIGITS} digits", text[:20] + "...")
    return int(text)


def _float(text: str) -> float:
    if len(text) > 2 * MAX_DIGITS:
        raise _Bad(f"a number of at most {MAX_DIGITS} digits", text[:20] + "...")
    value = float(text)
    if not math.isfinite(value):
        raise _Bad("a number of ordinary size", text)
    return value


def _constant(text: str) -> Any:
    raise _Bad("a number (JSON has no NaN or Infinity)", text)


def loads_json(text: str, source: str = "<string>", max_bytes: int = MAX_BYTES) -> Any:
    """Parse JSON text; errors name ``source`` with line and column.

    The text may hold at most ``max_bytes`` characters, nesting :data:`MAX_DEPTH`
    deep and numbers of :data:`MAX_DIGITS` digits, and no ``NaN``/``Infinity``.

    >>> try:
    ...     loads_json("[" * 100 + "]" * 100, "deep.json")
    ... except DataError as e:
    ...     print(e)
    deep.json: at $: expected lists and objects nested at most 64 deep
    >>> try:
    ...     loads_json('{"length": 1e999}', "big.json")
    ... except DataError as e:
    ...     print(e)
    big.json: at $: expected a number of ordinary size, got '1e999'
    """
    if not isinstance(text, str):
        raise DataError(source, "$", "JSON text", type(text).__name__)
    if len(text) > max_bytes:
        raise DataError(source, "$", f"at most {max_bytes} characters of JSON", len(text))
    if _too_deep(text):
        raise DataError(source, "$", f"lists and objects nested at most {MAX_DEPTH} deep")
    try:
        return json.loads(text, parse_int=_int, parse_float=_float, parse_constant=_constant)
    except json.JSONDecodeError as exc:
        raise DataError(source, "$", f"valid JSON (line {exc.lineno}, column {exc.colno}: {exc.msg})") from None
    except _Bad as exc:
        raise DataError(source, "$", exc.expected, exc.got) from None
    except RecursionError:  # pragma: no cover - _too_deep stops this first
        raise DataError(source, "$", f"lists and objects nested at most {MAX_DEPTH} deep") from None


def _too_deep(text: str) -> bool:
    """True if brackets outside strings nest more than :data:`MAX_DEPTH` deep (a quick scan
    that needs no recursion; the parser then never recurses deeply)."""
    if text.count("[") + text.count("{") <= MAX_DEPTH:
        return False
    depth = 0
    in_str = escaped = False
    for ch in text:
        if in_str:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_str = False
        elif ch == '"':
            in_str = True
        elif ch in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                return True
        elif ch in "]}":
            depth -= 1
    return False


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
    _remove_stale_temps(path)
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


#: a temporary file older than this (seconds) was left by a writer that was killed
STALE_TEMP_SECONDS = 3600


def _remove_stale_temps(path: Path) -> None:
    """Remove the temporary files of earlier writes of ``path`` that were killed before
    they could clean up (SIGKILL, a power cut): older than :data:`STALE_TEMP_SECONDS`."""
    import time

    now = time.time()
    for old in path.parent.glob(f".{glob_escape(path.name)}.*.tmp"):
        try:
            if now - old.lstat().st_mtime > STALE_TEMP_SECONDS and old.is_file() and not old.is_symlink():
                old.unlink()
        except OSError:
            pass


def glob_escape(name: str) -> str:
    """``name`` with glob's special characters taken literally."""
    import glob

    return glob.escape(name)


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


def loads_value(raw: str, source: str, path: str = "$") -> Any:
    """A command-line value: read as JSON when it is JSON (``3``, ``true``, ``[1,2]``),
    else the text itself; NaN, Infinity, huge numbers and deep nesting are refused.

    >>> loads_value("30", "--rules", "trains"), loads_value("red", "--rules", "colour")
    (30, 'red')
    >>> try:
    ...     loads_value('{"1": Infinity}', "--rules", "route_points")
    ... except DataError as e:
    ...     print(e)
    --rules: at route_points: expected a number (JSON has no NaN or Infinity), got 'Infinity'
    """
    if len(raw) > MAX_BYTES or _too_deep(raw):
        raise DataError(source, path, f"a value nested at most {MAX_DEPTH} deep and of at most {MAX_BYTES} characters")
    try:
        return json.loads(raw, parse_int=_int, parse_float=_float, parse_constant=_constant)
    except _Bad as exc:
        raise DataError(source, path, exc.expected, exc.got) from None
    except json.JSONDecodeError:
        return raw
