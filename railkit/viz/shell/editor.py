"""What every editor shares (a game's map, sheet or card-list editor): the validation state,
the message line, edits that never end in a traceback, redrawing, and "Play this".

A subclass makes ``self.msg`` (a ``pn.pane.Alert``) and ``self._pane`` (the pane of its
figure), draws in :meth:`Editor._redraw`, and calls :meth:`Editor._played` with what it
starts a game on. Files an editor writes for itself (the copy a game is played on, a check's
file) go to :meth:`Editor.scratch`: one private temporary folder per editor, removed with the
editor (when a served page's session ends and its objects go) or at the latest when Python
exits, so a class server running for weeks does not fill its disk.

>>> class Names(Editor):
...     noun = "list of names"
...     def __init__(self):
...         super().__init__()
...         self.names, self.msg, self._pane = [], pn.pane.Alert(""), pn.pane.Bokeh()
...     def add(self, name):
...         if not name:
...             raise ValueError("A name cannot be empty.")
...         self.names.append(name)
>>> ed = Names()
>>> ed._guard(ed.add, ""); ed.msg.object, ed.msg.alert_type
('A name cannot be empty.', 'danger')
>>> ed.on_play(print); ed._played(["Ann"])
['Ann']
"""

from __future__ import annotations

import html
import shutil
import tempfile
import weakref
from pathlib import Path
from typing import Any

import panel as pn
import param

from railkit.core.errors import DataError


class Editor(pn.viewable.Viewer):
    """The base of the editors (see the module's text)."""

    status = param.String(default="", doc="Validation message: 'OK: ...' or what is wrong.")
    ok = param.Boolean(default=False, doc="Whether the edited file is valid.")

    #: what is edited, in messages ("map", "sheet", "card list")
    noun = "file"

    def __init__(self, **params):
        super().__init__(**params)
        self._play_callbacks: list[Callable[[Any], None]] = []
        self._quiet = False  # True while the editor itself sets its widgets: no edit to make
        self.game = None  # the view started by "Play this"
        self._scratch: Path | None = None

    def scratch(self) -> Path:
        """This editor's private temporary folder (made on first use; removed with the editor,
        or when Python exits)."""
        if self._scratch is None:
            self._scratch = Path(tempfile.mkdtemp(prefix=f"railkit-{self.noun.replace(' ', '-')}-"))
            weakref.finalize(self, shutil.rmtree, str(self._scratch), True)
        return self._scratch

    # ------------------------------------------------------------ edits and messages
    def _guard(self, fn, *args) -> None:
        """Run the edit ``fn(*args)`` from a widget or a click: a bad edit (or a file that
        cannot be written) is said on the message line, never raised."""
        if self._quiet:
            return
        try:
            with pn.io.hold():  # Bokeh models change: safe from any Panel callback
                fn(*args)
        except (DataError, ValueError, KeyError) as exc:
            self.msg.object = html.escape(str(exc).strip("'\""), quote=False)
            self.msg.alert_type = "danger"
        except OSError as exc:  # a full disk, a folder gone: a message, never a traceback
            self.msg.object = html.escape(f"Could not write the {self.noun}: {exc.strerror or exc}.", quote=False)
            self.msg.alert_type = "danger"

    # ------------------------------------------------------------ redraw
    def _refresh(self) -> None:
        with pn.io.hold():
            self._redraw()
        # Data sources changed from a notebook cell (not from a browser event) reach a
        # notebook's page only when pushed; elsewhere this does nothing.
        pn.io.push_notebook(self._pane)

    def _redraw(self) -> None:  # pragma: no cover - interface
        raise NotImplementedError

    # ------------------------------------------------------------ play
    def on_play(self, callback: Callable[[Any], None]) -> None:
        """Call ``callback(item)`` when "Play this" is pressed (``item``: what is played, a
        map, a sheet or a card list)."""
        self._play_callbacks.append(callback)

    def _played(self, item) -> None:
        for cb in self._play_callbacks:
            cb(item)
