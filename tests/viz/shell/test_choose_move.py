"""Every legal action of a position is in one list ("Choose a move"), so a keyboard reaches
each move the board offers to a mouse; the chosen one is played with "Play this move"."""

from __future__ import annotations

import pytest

from railkit.games import names
from railkit.viz.shell.games import view_class
from railkit.viz.shell.table import Table


@pytest.mark.parametrize("game", names())
def test_the_list_holds_exactly_the_legal_actions_and_plays_the_one_chosen(game):
    table = Table(players=2, humans=[0], bots=["random"], seed=4, game=game, bot_delay=0)
    view = view_class(game)(table, seat=0, auto=False)
    view.confirm = False
    for _ in range(3):
        g = table.game
        assert g.current_player == 0
        legal = [str(a) for a in g.legal_actions()]
        assert view.w_move.options == legal and not view.w_move.disabled and not view.move_btn.disabled
        view.w_move.value = legal[-1]
        before = len(g.log)
        view.move_btn.clicks += 1  # "Play this move"
        assert [str(a) for a in table.game.log[before:before + 1]] == [legal[-1]]
        if table.game.is_over:
            break


def test_a_spectator_has_no_list_and_a_seat_out_of_turn_an_empty_one():
    game = names()[0]
    table = Table(players=2, humans=[0, 1], seed=4, game=game)
    cls = view_class(game)
    assert cls(table, seat=None, auto=False).move_row.objects == []
    waiting = cls(table, seat=1 - table.game.current_player, auto=False)
    assert waiting.w_move.options == [] and waiting.w_move.disabled and waiting.move_btn.disabled
    assert waiting.play_listed(None) is not None


def test_the_page_language_picker_relabels_the_list_and_the_file_controls():
    game = names()[0]
    table = Table(players=2, humans=[0], bots=["random"], seed=4, game=game)
    view = view_class(game)(table, seat=0, auto=False)
    assert (view.w_move.label, view.move_btn.label, view.upload.label) == (
        "Choose a move", "Play this move", "Load a saved game")
    view.w_lang.value = "de"
    assert (view.w_move.label, view.move_btn.label, view.upload.label, view.w_lang.label) == (
        "Zug wählen", "Diesen Zug spielen", "Gespeichertes Spiel laden", "Sprache")
