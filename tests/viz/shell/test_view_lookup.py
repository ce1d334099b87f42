"""How the shell finds a game's screens (by convention), and that it names no game."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from railkit.core.errors import DataError
from railkit.core.game import GameSpec
from railkit.games import get_spec, names
from railkit.viz.shell.games import quick_game, served_games, view_class, viz_of
from railkit.viz.shell.view import TableShell

VIZ = Path(__file__).resolve().parents[3] / "railkit" / "viz"


def test_every_game_has_a_view_found_by_its_package_name():
    assert served_games() == names()
    for name in names():
        spec = get_spec(name)
        assert viz_of(spec).__name__ == f"railkit.viz.{spec.package}"
        assert issubclass(view_class(name), TableShell)


def test_a_game_without_a_view_package_is_a_plain_error():
    spec = get_spec(names()[0])
    stranger = GameSpec(name="no-such-game", title="No such game", game_class=spec.game_class)
    with pytest.raises(DataError, match="a game with a served view"):
        view_class(stranger)


@pytest.mark.parametrize("game", names())
def test_quick_game_seats_the_games_usual_table_and_default_bot(game):
    spec = get_spec(game)
    view = quick_game(game, seed=3, auto=False)
    assert isinstance(view, view_class(game))
    assert view.table.game.players == spec.solo_players and view.table.game.seed == 3
    assert set(view.table.bot_names.values()) == {spec.default_bot}


@pytest.mark.parametrize("folder", ["shell", "graphs"])
def test_the_shell_and_the_graph_lessons_name_no_game(folder):
    words = set()
    for name in names():
        spec = get_spec(name)
        words |= {spec.name, spec.title, spec.package, spec.game_class.__name__}
    pattern = re.compile("|".join(re.escape(w) for w in sorted(words)), re.IGNORECASE)
    found = [f"{p.relative_to(VIZ)}:{i}: {line.strip()}" for p in sorted((VIZ / folder).glob("*.py"))
             for i, line in enumerate(p.read_text().splitlines(), 1) if pattern.search(line)]
    assert not found, "\n".join(found)
