"""Test-wide settings: Panel and Bokeh work offline (no CDN) in notebooks and served apps; doctests
of compiled engine modules run on the compiled module (see railkit.core.compiled)."""

import os

os.environ.setdefault("PANEL_INLINE", "1")
os.environ.setdefault("BOKEH_RESOURCES", "inline")
os.environ.setdefault("MPLBACKEND", "Agg")
# A compiled module's __file__ is its .so next to the .py whose doctests pytest collects;
# they are the same module (railkit.core.compiled checks the source is the one compiled).
os.environ.setdefault("PY_IGNORE_IMPORTMISMATCH", "1")
