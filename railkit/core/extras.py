"""railkit's optional parts, and one plain line when one is missing.

The engines, bots and widgets need only railkit's own dependencies. A few things need
more, installed with an *extra* (``pip install "railkit[lessons]"``):

=========  ===========================  ================================================
extra      packages                     what needs them
=========  ===========================  ================================================
lab        JupyterLab                   ``railkit lab``
lessons    SciPy                        the integer programmes of the graph lessons
rl         PettingZoo, Gymnasium        ``railkit.rl``, the gym notebook
parquet    pyarrow                      ``--out FILE.parquet``, ``write_results(... .parquet)``
cluster    Dask distributed             a Dask scheduler, local workers off Linux
ratings    openskill                    ``railkit ladder``, :func:`railkit.sim.ladder`
kit        all of the above             what the notebooks and the README's examples use
=========  ===========================  ================================================

:func:`require` checks before any work starts, and raises :class:`MissingExtra`
naming the extra to install. In a notebook the error shows as that one line, not
as a traceback.

>>> require("networkx", "graph drawing") is None
True
"""

from __future__ import annotations

import importlib.util
import sys

from railkit.core.errors import RailkitError

#: extra -> (the modules it brings, what people call them)
EXTRAS: dict[str, tuple[tuple[str, ...], str]] = {
    "lab": (("jupyterlab",), "JupyterLab"),
    "lessons": (("scipy",), "SciPy"),
    "rl": (("pettingzoo", "gymnasium"), "PettingZoo and Gymnasium"),
    "parquet": (("pyarrow",), "pyarrow"),
    "cluster": (("distributed",), "Dask distributed"),
    "ratings": (("openskill",), "OpenSkill"),
}


class MissingExtra(RailkitError, ImportError):
    """An optional part of railkit that is not installed; the message says which extra
    brings it. An ``ImportError``, so ``except ImportError`` works too."""

    def __init__(self, extra: str, what: str) -> None:
        self.extra = extra
        names = EXTRAS[extra][1] if extra in EXTRAS else extra
        super().__init__(f"{what} needs {names}, which is not installed: "
                         f"pip install \"railkit[{extra}]\" (or \"railkit[kit]\" for everything the notebooks use)")

    def _render_traceback_(self) -> list[str]:
        """IPython shows this instead of a traceback: the one line that says what to install."""
        return [f"{type(self).__name__}: {self}"]


def installed(extra: str) -> bool:
    """Whether every package of ``extra`` can be imported (found, not imported)."""
    modules = EXTRAS[extra][0] if extra in EXTRAS else (extra,)
    return all(importlib.util.find_spec(m) is not None for m in modules)


def require(extra: str, what: str) -> None:
    """Raise :class:`MissingExtra` unless ``extra`` (a name of :data:`EXTRAS`, or a module
    that the core dependencies bring) is installed; ``what`` names what needs it, as the
    start of a sentence ("--out FILE.parquet")."""
    if not installed(extra):
        raise MissingExtra(extra, what)


#: ``sys.platform`` where Python runs in a web page (Pyodide)
BROWSER_PLATFORM = "emscripten"


def in_browser() -> bool:
    """Whether this Python runs in a web page (Pyodide): no processes, no threads, no server."""
    return sys.platform == BROWSER_PLATFORM


def no_workers_here(workers: object) -> None:
    """In a web page there are no worker processes: ``workers`` above 1 is refused with the
    reason, in one line (:class:`~railkit.core.errors.DataError`)."""
    if in_browser() and isinstance(workers, int) and not isinstance(workers, bool) and workers > 1:
        from railkit.core.errors import DataError

        raise DataError("workers", "$", "1: in a web page (Pyodide) games are played in the page itself, "
                        "which cannot start worker processes", workers)
