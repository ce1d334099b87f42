"""Test-wide settings: Panel and Bokeh work offline (no CDN) in notebooks and served apps; doctests
of compiled engine modules run on the compiled module (see railkit.core.compiled); the notebook
runs carry the ``notebook`` marker; ``--slow`` runs the long tests marked ``slow``."""

import os

import pytest

os.environ.setdefault("PANEL_INLINE", "1")
os.environ.setdefault("BOKEH_RESOURCES", "inline")
os.environ.setdefault("MPLBACKEND", "Agg")
# A compiled module's __file__ is its .so next to the .py whose doctests pytest collects;
# they are the same module (railkit.core.compiled checks the source is the one compiled).
os.environ.setdefault("PY_IGNORE_IMPORTMISMATCH", "1")


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--slow", action="store_true", default=False,
                     help="also run the long tests marked slow (conformance runs, fuzzing, a cluster)")


@pytest.hookimpl(tryfirst=True)  # before -m selects by marker
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Notebook runs (nbval) carry the ``notebook`` marker; ``slow`` tests are skipped
    unless ``--slow`` is given."""
    skip_slow = pytest.mark.skip(reason="a long run: add --slow to run it (python -m pytest --slow)")
    for item in items:
        if item.path.suffix == ".ipynb":
            item.add_marker(pytest.mark.notebook)
        if item.get_closest_marker("slow") and not config.getoption("--slow"):
            item.add_marker(skip_slow)
