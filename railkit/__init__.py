"""railkit: a teaching and design kit for rail board games.

Importing :mod:`railkit` is cheap and loads no UI library; the Panel/Bokeh
layer lives in :mod:`railkit.viz` and is imported only on demand.
"""

__version__ = "0.1.0"

from railkit.core import i18n
from railkit.core.errors import DataError, IllegalMove, RailkitError

__all__ = ["DataError", "IllegalMove", "RailkitError", "__version__", "i18n"]
