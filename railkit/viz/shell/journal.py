"""Durable tables: the journal of every shared table of a served lobby, so that a
restart (a crash, a stopped process, a laptop put to sleep) loses no game.

Each table has one file in the state folder, ``<game>.<table>.jsonl``, readable by the
server's user only (mode 0600: it holds the seeds, so it knows every hand). It is a list
of JSON records, one a line, appended and flushed to the disk (``os.fsync``) before the
table answers the move:

``table``
    the first line: the journal format, the game and the table's name;
``game``
    a game installed at the table (made, restarted or loaded): the whole game as a
    save (:meth:`~railkit.core.game.Game.to_json`: rules, seed, options and actions
    played so far), the people's seats, the bots and the joined seats' tokens;
``join``
    a seat joined: its token, hashed (SHA-256): the file never holds a seat's link;
``move``
    an accepted action: its index in the game's log, the seat and its text;
``undo``
    the number of actions taken back.

Every record carries ``h``, a hash of the record and the one before it, so a line
edited by hand (or a line lost from the middle) is found. A crash while a line is
written leaves it without its line end: that torn last line is dropped (the move it held
was never answered), never the whole file. Any other broken line refuses the table,
naming the file and the line; the other tables load. The hash finds a changed file; it is
not a signature (as a save's digest: :mod:`railkit.core.saves`).

A table is restored by replaying its journal: the last ``game`` record's save, then the
moves and undos after it, each checked as a browser's move is.

>>> import tempfile
>>> from railkit.games import names
>>> from railkit.viz.shell.table import Table
>>> folder = tempfile.mkdtemp()
>>> store = TableStore(folder, names()[0])
>>> t = Table(players=2, humans=[0, 1], seed=3, game=names()[0])
>>> store.attach("class-a", t)
>>> token = t.join(0)
>>> t.apply(0, t.game.legal_actions()[0]) is None
True
>>> store.close()
>>> back = TableStore(folder, names()[0]).restore()
>>> back.tables["class-a"].game.log == t.game.log, back.tables["class-a"].seat_of(token)
(True, 0)
"""

from __future__ import annotations

import hashlib
import json
import os
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from railkit.core.errors import ActionSyntaxError, DataError, IllegalMove
from railkit.core.i18n import Message
from railkit.viz.shell.table import NotAllowed, Table

#: the journal format this railkit writes and reads
JOURNAL_FORMAT = 1
#: a journal's file name ends so
SUFFIX = ".jsonl"
#: the default folder of the journals, in the working directory
DEFAULT_DIR = "railkit-tables"
#: how long a finished game's journal is kept (seconds): a day
KEEP_FINISHED = 24 * 3600
#: the message every seat is shown while the server stops
RESTARTING = "The server is restarting; reload in a moment."


def _canon(record: dict) -> str:
    return json.dumps(record, sort_keys=True, separators=(",", ":"), ensure_ascii=True)


def _chain(previous: str, record: dict) -> str:
    """The hash that ties ``record`` to the one before it (16 hex digits)."""
    return hashlib.sha256((previous + _canon(record)).encode("ascii")).hexdigest()[:16]


def read_records(path: str | Path) -> tuple[list[dict], int, str]:
    """The records of a journal, the length of its whole lines in bytes (a torn last line,
    one without its line end, is left out) and the hash of its last record (the next
    record's is chained to it).

    Raises
    ------
    DataError
        Naming the file and the line: a line that is not a record, or whose hash does
        not follow from the lines before it (edited by hand, or a line lost).
    """
    path = Path(path)
    data = path.read_bytes()
    whole = data.rfind(b"\n") + 1  # past the last line end: a torn last line is dropped
    records, previous = [], ""
    for number, line in enumerate(data[:whole].split(b"\n")[:-1], 1):
        try:
            record = json.loads(line.decode("utf-8"))
        except (UnicodeDecodeError, ValueError):
            raise DataError(str(path), f"line {number}", "a journal record (one JSON object)",
                            line[:60].decode("utf-8", "replace")) from None
        if not isinstance(record, dict) or not isinstance(record.get("h"), str):
            raise DataError(str(path), f"line {number}", "a journal record with its hash", _canon(record)[:60])
        h = record.pop("h")
        if h != _chain(previous, record):
            raise DataError(str(path), f"line {number}",
                            "the line as the server wrote it (its hash does not match: edited by hand?)",
                            _canon(record)[:60])
        previous = h
        records.append(record)
    return records, whole, previous


class Journal:
    """The journal of one table: appends a record and flushes it to the disk before the
    table goes on (the table calls it with its lock held: see :class:`Table`)."""

    def __init__(self, path: Path, previous: str = "") -> None:
        self.path = path
        self._previous = previous
        self._lock = threading.Lock()
        self._fd: int | None = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
        #: True once the server stops: the table takes no more moves, and says why
        self.closed = False
        self.stopped = RESTARTING

    def write(self, kind: str, **fields: Any) -> None:
        record = {"k": kind, **fields}
        with self._lock:
            if self._fd is None:
                raise NotAllowed(RESTARTING, "Reload the page in a moment.")
            h = _chain(self._previous, record)
            os.write(self._fd, (_canon({**record, "h": h}) + "\n").encode("ascii"))
            os.fsync(self._fd)
            self._previous = h

    # the table's hooks
    def game(self, table: Table) -> None:
        """A game was installed at ``table`` (made, restarted, loaded)."""
        self.write("game", save=table.game.to_json(), options=table.options, humans=table.humans,
                   bots={str(s): n for s, n in table.bot_names.items()},
                   tokens={str(s): h for s, h in table._tokens.items()})

    def join(self, seat: int, hashed: str) -> None:
        self.write("join", seat=seat, token=hashed)

    def move(self, index: int, seat: int, text: str) -> None:
        self.write("move", n=index, seat=seat, a=text)

    def undo(self, steps: int) -> None:
        self.write("undo", n=steps)

    def close(self) -> None:
        """Take no more records (the file is flushed after every one)."""
        with self._lock:
            self.closed = True
            if self._fd is not None:
                os.close(self._fd)
                self._fd = None


def _dir_sync(folder: Path) -> None:
    """Flush a folder's entries (a new file's name survives a crash)."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:  # pragma: no cover - a system without directory handles
        return
    try:
        os.fsync(fd)
    except OSError:  # pragma: no cover
        pass
    finally:
        os.close(fd)


def replay_records(records: list[dict], spec, source: str, bot_delay: float = 0.5) -> Table:
    """The table a journal's records describe (``spec``: its game's); DataError naming the
    ``source`` and the line of a record that does not fit."""
    table: Table | None = None
    for number, rec in enumerate(records, 1):
        where = f"line {number}"
        kind = rec.get("k")
        try:
            if number == 1:
                if kind != "table" or rec.get("format") != JOURNAL_FORMAT or rec.get("game") != spec.name:
                    raise DataError(source, where, f"a journal of {spec.name}, format {JOURNAL_FORMAT}",
                                    _canon(rec)[:60])
                continue
            if kind == "game":
                game = spec.game_class.from_json(rec["save"], f"{source} {where}", paths=True)
                if table is None:
                    table = Table(game.players, rec["humans"], list(rec["bots"].values()), game.rules,
                                  game.seed, game=spec.name, bot_delay=bot_delay, **game.options)
                table.options = dict(rec["options"])
                table._tokens = {int(s): str(h) for s, h in rec["tokens"].items()}
                table._install(game, rec["humans"], list(rec["bots"].values()), None)
            elif table is None:
                raise DataError(source, where, "the table's game first", kind)
            elif kind == "join":
                if rec["seat"] not in table.humans or rec["seat"] in table._tokens:
                    raise DataError(source, where, "a free person's seat", rec["seat"])
                table._tokens[int(rec["seat"])] = str(rec["token"])
            elif kind == "move":
                g = table.game
                if rec["n"] != len(g.log) or rec["seat"] != g.current_player:
                    raise DataError(source, where, f"move {len(g.log)} by seat {g.current_player}",
                                    f"move {rec['n']} by seat {rec['seat']}")
                table._record(rec["seat"], g.parse_action(rec["a"]))
            elif kind == "undo":
                n = int(rec["n"])
                if not 0 < n <= len(table.game.log):
                    raise DataError(source, where, f"1 to {len(table.game.log)} actions to undo", n)
                table.take_back(n)
            else:
                raise DataError(source, where, "a record of kind table, game, join, move or undo", kind)
        except (IllegalMove, ActionSyntaxError) as exc:
            raise DataError(source, where, f"a legal action ({exc})", rec.get("a")) from None
        except (KeyError, TypeError, AttributeError) as exc:
            raise DataError(source, where, f"a complete {kind} record ({exc})", _canon(rec)[:60]) from None
        except DataError as exc:
            if exc.source != source:
                raise DataError(source, where, f"a valid game ({exc})") from None
            raise
    if table is None:
        raise DataError(source, f"line {len(records) + 1}", "the table's game (the journal ends before it)")
    return table


@dataclass
class Restored:
    """What :meth:`TableStore.restore` found."""

    #: the tables restored, by name
    tables: dict[str, Table] = field(default_factory=dict)
    #: the journals refused: one message each, naming the file and the line
    refused: list[str] = field(default_factory=list)
    #: torn last lines dropped (file names)
    torn: list[str] = field(default_factory=list)
    #: finished tables whose journals were removed (older than ``keep_finished``)
    removed: list[str] = field(default_factory=list)
    #: seconds the restore took
    seconds: float = 0.0


class TableStore:
    """The state folder of a served game: one journal per shared table.

    Parameters
    ----------
    folder : str or Path
        The folder (made, readable by this user only, if it does not exist).
    game : str
        The game served: only its journals are read (another game's are left as they are).
    keep_finished : float
        Seconds a finished game's journal is kept (for its replay) before a start removes it.
    """

    def __init__(self, folder: str | Path, game: str, keep_finished: float = KEEP_FINISHED) -> None:
        self.folder = Path(folder)
        self.game = game
        self.keep_finished = keep_finished
        self.journals: dict[str, Journal] = {}
        self.folder.mkdir(mode=0o700, parents=True, exist_ok=True)

    def path(self, name: str) -> Path:
        return self.folder / f"{self.game}.{name}{SUFFIX}"

    def taken(self, name: str) -> bool:
        """True if a journal of that table name exists (a refused one among them)."""
        return name in self.journals or self.path(name).exists()

    def attach(self, name: str, table: Table) -> None:
        """Journal a new table from now on (:class:`NotAllowed` if the name has a journal)."""
        path = self.path(name)
        try:
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        except FileExistsError:
            raise NotAllowed(Message("There is already a table called {name} (kept from before).", name=name),
                             Message("Pick another name.")) from None
        os.close(fd)
        _dir_sync(self.folder)
        journal = Journal(path)
        journal.write("table", format=JOURNAL_FORMAT, game=self.game, table=name, created=round(time.time()))
        with table.lock:
            journal.game(table)
            table.journal = journal
        self.journals[name] = journal

    def restore(self, bot_delay: float = 0.5) -> Restored:
        """Every table of this game kept in the folder, journaled again from now on;
        a finished one older than ``keep_finished`` is removed instead."""
        from railkit.games import get_spec

        spec = get_spec(self.game)
        out = Restored()
        start = time.perf_counter()
        for path in sorted(self.folder.glob(f"{self.game}.*{SUFFIX}")):
            name = path.name[len(self.game) + 1: -len(SUFFIX)]
            try:
                records, whole, last = read_records(path)
                table = replay_records(records, spec, str(path), bot_delay)
            except DataError as exc:
                out.refused.append(str(exc))
                continue
            except OSError as exc:
                out.refused.append(f"{path}: {exc.strerror}")
                continue
            if table.game.is_over and time.time() - path.stat().st_mtime > self.keep_finished:
                path.unlink()
                out.removed.append(path.name)
                continue
            if whole != path.stat().st_size:  # a torn last line: cut it off before appending
                os.truncate(path, whole)
                out.torn.append(path.name)
            journal = Journal(path, previous=last)
            table.journal = journal
            self.journals[name] = journal
            out.tables[name] = table
        out.seconds = time.perf_counter() - start
        return out

    def close(self) -> None:
        """Stop every journal (a table then takes no more moves)."""
        for journal in self.journals.values():
            journal.close()
