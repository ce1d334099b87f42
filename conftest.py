"""Test-wide settings: Panel and Bokeh work offline (no CDN) in notebooks and served apps."""

import os

os.environ.setdefault("PANEL_INLINE", "1")
os.environ.setdefault("BOKEH_RESOURCES", "inline")
os.environ.setdefault("MPLBACKEND", "Agg")
