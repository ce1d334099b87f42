"""Served pages fit a phone: the page is laid out at the device's width, and every widget
takes a fingertip's size on a narrow or touch screen (:data:`~railkit.viz.shell.style.TOUCH_CSS`,
given to every Panel widget through the default design's modifiers).
"""

from __future__ import annotations

import panel as pn

from railkit.viz.shell.style import PHONE_TEMPLATE, TOUCH_CSS


def _touch_targets() -> None:
    """Every widget's style sheets end with :data:`TOUCH_CSS` (once per process)."""
    from panel.theme.base import Inherit
    from panel.theme.native import Native

    key = pn.widgets.Widget
    sheets = Native.modifiers.get(key, {}).get("stylesheets", [Inherit])
    if TOUCH_CSS not in sheets:
        Native.modifiers = {**Native.modifiers, key: {"stylesheets": [*sheets, TOUCH_CSS]}}
        Native._resolve_modifiers.cache_clear()


def fit_phone() -> None:
    """Make the page this session serves fit a phone (call it in the page's factory)."""
    _touch_targets()
    doc = pn.state.curdoc
    if doc is not None and doc.session_context is not None:
        doc.template = PHONE_TEMPLATE
