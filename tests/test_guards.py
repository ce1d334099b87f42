"""Layering guards: nothing outside railkit.viz pulls in the UI stack."""

import pkgutil
import subprocess
import sys

import railkit

UI = ("panel", "bokeh", "ipywidgets")


def non_viz_modules():
    for mod in pkgutil.walk_packages(railkit.__path__, "railkit."):
        if not mod.name.startswith("railkit.viz"):
            yield mod.name


def test_non_viz_modules_do_not_import_ui_libraries():
    names = sorted(non_viz_modules())
    assert "railkit.games.ticket_to_ride" in names and "railkit.cli" in names
    code = (
        "import importlib, sys\n"
        f"for n in {names!r}:\n"
        "    importlib.import_module(n)\n"
        f"bad = [m for m in {UI!r} if m in sys.modules]\n"
        "print(','.join(bad))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "", f"UI libraries imported outside railkit.viz: {out.stdout}"


def test_import_railkit_is_cheap():
    code = "import sys, railkit; print(sorted(m for m in ('networkx','pandas','dask') if m in sys.modules))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
