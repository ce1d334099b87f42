"""Steam Rollers' screen colours, with no UI code: the sheet's region tints and city
colours, the goods' colours and labels (the Bokeh sheet and the page with no server draw
with the same ones)."""

from __future__ import annotations

#: Region tints (light) and city colours (strong) by the sheet's colour names.
TINT = {"yellow": "#fff1a8", "red": "#f9cfcb", "grey-dark": "#c4c4c4", "grey-light": "#ececec",
        "green": "#cfe8cf", "blue": "#cfe0f6", "grey": "#d8d8d8"}
STRONG = {"yellow": "#f2c200", "red": "#d32f2f", "grey-dark": "#5f5f5f", "grey-light": "#a8a8a8",
          "green": "#2e7d32", "blue": "#1565c0", "grey": "#8a8a8a"}
#: Goods: screen colour and a short label (colour-blind safe).
GOOD_HEX = {"red": "#d32f2f", "blue": "#1565c0", "green": "#2e7d32", "yellow": "#f2c200", "grey": "#8a8a8a",
            "black": "#111111", "own": "#7b1fa2"}
GOOD_LABEL = {"red": "Re", "blue": "Bl", "green": "Gn", "yellow": "Ye", "grey": "Gy", "black": "Co", "own": "Own"}
TRACK_DARK = "#3e2723"
