"""How the shell finds a game's screens: by convention, never by a table of names.

A game's facts are its :class:`~railkit.core.game.GameSpec` (title, player bounds,
default bot, solo seats, hidden piles, palette, the options a page's address may set).
Its screens live in ``railkit.viz.<spec.package>``, a package that declares:

``VIEW``
    the seat view, a :class:`~railkit.viz.shell.view.TableShell` subclass;
``table_options(given, url)`` (optional)
    the game options of a new table, from the options the app was given and the
    page's address (``url(name)``; only the names in ``spec.url_options`` are read),
    with ``players`` if the game sets the number of seats itself;
``extra_tabs(view, back_to_play)`` (optional)
    ``[(title, viewable), ...]`` shown beside the game for a person playing their own
    game (``back_to_play()`` shows the game again);
``prepare_server(options)`` (optional)
    takes the options that set up the server (before it starts) out of ``options``.

A fourth game adds ``railkit/viz/<its package>/`` and nothing here.
"""

from __future__ import annotations

import importlib
import importlib.util
from types import ModuleType
from typing import Sequence

from railkit.core.errors import DataError
from railkit.games import get_spec, names
from railkit.core.game import GameSpec


def _viz_name(spec: GameSpec) -> str:
    return f"{__name__.rsplit('.', 2)[0]}.{spec.package}"


def served_games() -> list[str]:
    """The names of the games with a view (a package ``railkit.viz.<package>``), sorted."""
    return sorted(g for g in names() if importlib.util.find_spec(_viz_name(get_spec(g))) is not None)


def viz_of(game: GameSpec | str) -> ModuleType:
    """The view package of ``game``; a :class:`DataError` for a game without one."""
    spec = get_spec(game)
    if importlib.util.find_spec(_viz_name(spec)) is None:
        raise DataError("game", "$", "a game with a served view: " + ", ".join(served_games()), spec.name)
    return importlib.import_module(_viz_name(spec))


def view_class(game: GameSpec | str) -> type:
    """The seat view (a :class:`~railkit.viz.shell.view.TableShell` subclass) of ``game``."""
    return viz_of(game).VIEW


def quick_game(game: GameSpec | str, players: int | None = None, humans: Sequence[int] = (0,),
               bots: Sequence[str] | None = None, seed: int = 0, rules=None, auto: bool = True, **options):
    """A view of a fresh game of ``game`` at a table of its own, for a notebook.

    ``players`` defaults to the game's usual table (``spec.solo_players``) and ``bots``
    to its default bot; ``options`` are the game's own (a map, a difficulty, seat names).

    >>> from railkit.games import names
    >>> view = quick_game(names()[0], seed=1, auto=False)
    >>> view.seat, view.table.game.seed
    (0, 1)
    """
    from railkit.viz.shell.table import Table

    spec = get_spec(game)
    table = Table(players=players or spec.solo_players, humans=humans, bots=list(bots or [spec.default_bot]),
                  seed=seed, rules=rules, game=spec.name, **options)
    return view_class(spec)(table, auto=auto)
