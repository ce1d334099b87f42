"""Steam Rollers plots of simulation results: the win rate alone against Olivia by difficulty.

>>> import pandas as pd
>>> df = pd.DataFrame({"game": [0, 1, 2], "seat": [0, 0, 0], "difficulty": ["clerk", "clerk", "conductor"],
...                    "score": [30, 20, 25], "win": [True, False, True], "error": ""})
>>> solo_win_rates(df).name
'solo-win-rates'
"""

from __future__ import annotations

from typing import Sequence

import pandas as pd

from railkit.games.steam_rollers.rules import DIFFICULTIES
from railkit.sim.stats import summarise
from railkit.viz.graphs.plots import interval_plot

def solo_win_rates(df: pd.DataFrame, by: str = "difficulty", *, order: Sequence | None = None,
                   title: str | None = None, **kw):
    """Steam Rollers: the player's win rate against Olivia per difficulty
    (columns ``difficulty`` from the solo summary, or ``variant``)."""
    if order is None and by == "difficulty":
        order = list(DIFFICULTIES)
    summ = summarise(df, by)
    return interval_plot(summ, by, "win_rate", order=order, name="solo-win-rates",
                         title=title or "Win rate against Olivia by difficulty (95% interval)",
                         y_label="win rate", **kw)
