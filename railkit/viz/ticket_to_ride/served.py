"""Ticket to Ride served: the options of a new table, the map editor beside the game, the
user maps folder.

URL arguments are data, never paths: a map is chosen by name among the maps railkit knows.
"""

from __future__ import annotations

from pathlib import Path
from typing import Callable

from railkit.core.errors import DataError
from railkit.core.i18n import Message
from railkit.maps import USER_MAPS_DEFAULT, available, use_user_maps, user_maps_dir
from railkit.viz.ticket_to_ride.map_editor import MapEditor


def map_option(name: str | None) -> str | None:
    """``name`` if it is a map railkit knows by name (its own, or one in the user maps
    folder); a :class:`DataError` otherwise."""
    if name is not None and name not in available():
        raise DataError("?map=", "$", "one of the maps " + ", ".join(available()), name)
    return name


def table_options(given: dict, url: Callable[[str], str | None]) -> dict:
    """A new table's options: the map from the page's address (``?map=NAME``), else the one
    the app was given."""
    return {"map": map_option(url("map") or given.get("map"))}


def extra_tabs(view, back_to_play: Callable[[], None]) -> list:
    """The map editor beside a person's own game (its "Play this map" goes back to the game)."""
    editor = editor_for(view)
    editor.on_play(lambda m: back_to_play())
    return [(Message("Map editor").render(view.lang), editor)]


def prepare_server(options: dict) -> None:
    """Take ``maps_dir`` out of ``options``: the user maps folder (default ``my-maps`` in the
    working directory) the served map editor saves in; its maps are offered by name after
    railkit's own."""
    maps_dir = options.pop("maps_dir", None)
    use_user_maps(Path(maps_dir) if maps_dir is not None else Path.cwd() / USER_MAPS_DEFAULT)


def editor_for(ctl, folder=None):
    """A map editor whose "Play this map" saves the map and starts a game on it at ``ctl``'s table.

    It saves into ``folder``, by default the user maps folder (``railkit serve
    --maps-dir``, see :func:`railkit.maps.use_user_maps`), else ``my-maps`` in the
    working directory; never into railkit's own ``maps/``. A map saved in the user maps
    folder is offered by name from then on (the map picker, ``?map=NAME``).
    """
    folder = Path(folder or user_maps_dir() or Path.cwd() / USER_MAPS_DEFAULT)
    editor = MapEditor("teaching-small", folder=folder)
    editor.w_name.value = "my-map"  # never overwrite a map that ships with railkit by accident

    def play(m) -> None:
        path = editor.save()
        names = available()
        t = ctl.table
        t.new_game(rules=t.game.rules, map=path.stem if path.stem in names else str(path), by=ctl.seat)
        picker = getattr(ctl, "w_map", None)
        if picker is not None and path.stem in names:
            picker.options = names
            picker.value = path.stem
        ctl.refresh(force=True)

    editor.on_play(play)
    return editor
