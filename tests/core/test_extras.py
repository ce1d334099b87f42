"""Optional parts of railkit: a missing extra is named in one line, before any work starts."""

from __future__ import annotations

import pytest

import railkit.core.extras as extras
from railkit.cli import main
from railkit.core.extras import MissingExtra, require


@pytest.fixture
def missing(monkeypatch):
    """Make an extra look uninstalled (its module cannot be found)."""
    def hide(extra: str) -> None:
        monkeypatch.setitem(extras.EXTRAS, extra, (("no_such_module_" + extra,), extras.EXTRAS[extra][1]))
    return hide


def test_require_names_the_extra_to_install(missing):
    missing("lessons")
    with pytest.raises(MissingExtra, match=r'^The integer programme needs SciPy, which is not installed: '
                                           r'pip install "railkit\[lessons\]"'):
        require("lessons", "The integer programme")
    with pytest.raises(ImportError):  # what callers that try an import expect
        require("lessons", "The integer programme")


def test_every_extra_is_declared_in_the_package_metadata():
    import tomllib
    from pathlib import Path

    declared = tomllib.loads((Path(__file__).parents[2] / "pyproject.toml").read_text())["project"][
        "optional-dependencies"]
    assert set(extras.EXTRAS) <= set(declared)
    assert declared["kit"] == ["railkit[" + ",".join(extras.EXTRAS) + "]"]


def test_a_notebook_shows_one_line_not_a_traceback(missing):
    """In a notebook (IPython), the error reads as the line that says what to install."""
    from IPython.core.interactiveshell import InteractiveShell
    from IPython.utils.capture import capture_output

    missing("lessons")
    shell = InteractiveShell.instance()
    with capture_output() as out:
        shell.run_cell("from railkit.core.extras import require\nrequire('lessons', 'This notebook')")
    shown = (out.stdout + out.stderr).strip()
    assert shown == ('MissingExtra: This notebook needs SciPy, which is not installed: pip install '
                     '"railkit[lessons]" (or "railkit[kit]" for everything the notebooks use)')


def test_the_integer_programme_says_so_before_any_work(missing, monkeypatch):
    from railkit.graphs import lessons
    from railkit.maps import load

    missing("lessons")
    monkeypatch.setattr(lessons, "ticket_tree_costs", lambda *a: pytest.fail("work started"))
    with pytest.raises(MissingExtra, match="lessons"):
        lessons.max_score_milp(load("teaching-small"), 4)


def test_simulate_out_parquet_is_refused_before_any_game(missing, monkeypatch, capsys, tmp_path):
    import railkit.sim.cli

    missing("parquet")
    monkeypatch.setattr(railkit.sim.cli, "run_simulate", lambda args: pytest.fail("games were played"))
    rc = main(["simulate", "ticket-to-ride", "--games", "2", "--out", str(tmp_path / "results.parquet")])
    err = capsys.readouterr().err
    assert rc == 2 and err.count("\n") == 1
    assert err.startswith('railkit simulate: --out FILE.parquet needs pyarrow, which is not installed: '
                          'pip install "railkit[parquet]"')


def test_a_dask_scheduler_needs_the_cluster_extra(missing):
    from railkit.sim import run

    missing("cluster")
    with pytest.raises(MissingExtra, match=r"A Dask scheduler needs Dask distributed.*railkit\[cluster\]"):
        run("ticket-to-ride", games=1, scheduler="tcp://127.0.0.1:8786", progress=False)


def test_in_a_web_page_there_are_no_worker_processes(monkeypatch):
    from railkit.core import extras
    from railkit.core.errors import DataError

    extras.no_workers_here(4)  # here, a number of workers is fine
    monkeypatch.setattr(extras.sys, "platform", extras.BROWSER_PLATFORM)
    assert extras.in_browser()
    extras.no_workers_here(1)
    extras.no_workers_here("auto")
    with pytest.raises(DataError, match=r"at \$: expected 1: in a web page \(Pyodide\)"):
        extras.no_workers_here(2)


def test_a_simulation_in_a_web_page_stays_in_the_page(monkeypatch):
    from railkit.core import extras
    from railkit.sim import run, runner

    monkeypatch.setattr(runner, "auto_workers", lambda *args, **kwargs: 2)  # here: a job big enough for two
    monkeypatch.setattr(extras.sys, "platform", extras.BROWSER_PLATFORM)
    df = run("station-master", agents="greedy", players=2, games=3, seed=1, progress=False)
    assert df.attrs["workers"] == 1 and df.game.nunique() == 3
