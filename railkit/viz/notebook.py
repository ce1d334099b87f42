"""One call to set up a notebook for railkit's widgets and plots.

Every notebook that shows a widget or a plot starts with::

    from railkit.viz.notebook import setup, show
    setup()

:func:`setup` loads Panel and BokehJS into the page once, in the right order, with
every JavaScript and CSS file inlined: the notebook works offline (a classroom
without internet) and never asks a CDN for anything. :func:`show` displays a Bokeh
figure through Panel, so no notebook needs ``bokeh.io.output_notebook``, whose
second copy of BokehJS, loaded before Panel's, left Panel's own widgets blank
("Unable to run Panel code because Bokeh or Panel library is missing").

>>> fig = show(__import__("bokeh.plotting", fromlist=["figure"]).figure(width=200, height=100))
>>> type(fig).__name__
'Bokeh'
"""

from __future__ import annotations

import os

import panel as pn

#: Panel settings for notebooks: every resource inline, nothing from a CDN.
INLINE = {"inline": True}


def offline() -> None:
    """Make Panel and Bokeh take every resource from the local installation.

    Sets ``pn.config.inline`` (JavaScript and CSS inlined into the notebook's
    outputs; Panel's stylesheets on its components too) and ``BOKEH_RESOURCES``
    for processes started from here (``panel serve`` subprocesses).
    """
    os.environ.setdefault("BOKEH_RESOURCES", "inline")
    pn.config.inline = True


def setup(*extensions: str, **kwargs):
    """Load Panel (and BokehJS with it) into this notebook, everything inline.

    Call it once, in the first code cell that needs a widget or a plot, instead of
    ``pn.extension()`` and ``bokeh.io.output_notebook()``. Arguments go to
    :func:`panel.extension` (e.g. ``setup("tabulator")``).
    """
    offline()
    return pn.extension(*extensions, **{**INLINE, **kwargs})


def show(obj, **kwargs):
    """Show ``obj`` (a Bokeh figure or any Panel object) as the cell's output.

    Returns a Panel object, so it displays when it is the last line of a cell.
    """
    if isinstance(obj, pn.viewable.Viewable):
        return obj
    from bokeh.model import Model

    if isinstance(obj, Model):
        return pn.pane.Bokeh(obj, **kwargs)
    return pn.panel(obj, **kwargs)
