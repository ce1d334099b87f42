"""Run the doctests of every module of railkit.viz (pyproject's --doctest-modules skips the viz folder)."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import railkit.viz

MODULES = sorted(m.name for m in pkgutil.walk_packages(railkit.viz.__path__, "railkit.viz."))


@pytest.mark.parametrize("name", MODULES)
def test_viz_doctests(name):
    mod = importlib.import_module(name)
    result = doctest.testmod(mod, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.failed == 0
