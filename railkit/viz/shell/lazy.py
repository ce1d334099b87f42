"""Names a package exports, imported on first use (``module.__getattr__``, PEP 562): a
game's view package then imports its Panel views only when one is asked for, so its
panel-free modules (the page with no server, :mod:`railkit.viz.web`) import without Panel."""

from __future__ import annotations

import importlib
from typing import Callable, Mapping


def lazy_exports(package: str, exports: Mapping[str, tuple[str, str]]) -> Callable[[str], object]:
    """A module ``__getattr__`` for ``package``: ``exports`` maps a name to (module, attribute).

    >>> getattr_ = lazy_exports("demo", {"dumps": ("json", "dumps")})
    >>> getattr_("dumps").__name__
    'dumps'
    """
    def __getattr__(name: str):
        if name in exports:
            module, attribute = exports[name]
            return getattr(importlib.import_module(module), attribute)
        raise AttributeError(f"module {package!r} has no attribute {name!r}")

    return __getattr__
