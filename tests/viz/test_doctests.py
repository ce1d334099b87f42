"""Run the doctests of railkit.viz (pyproject's --doctest-modules skips the viz folder)."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = ["style", "board", "editor", "table", "shell", "controller", "app", "scoring", "lessons", "notebook"]


@pytest.mark.parametrize("name", MODULES)
def test_viz_doctests(name):
    mod = importlib.import_module(f"railkit.viz.{name}")
    result = doctest.testmod(mod, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.failed == 0
