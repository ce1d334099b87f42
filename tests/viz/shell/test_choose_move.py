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
        assert list(view.w_move.options.values()) == legal
        assert not view.w_move.disabled and not view.move_btn.disabled
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
    assert not waiting.w_move.options and waiting.w_move.disabled and waiting.move_btn.disabled
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


@pytest.mark.parametrize("game", names())
def test_the_list_says_each_move_in_the_page_language_and_keeps_its_notation(game):
    """Each option reads as a sentence in the page's language (its label, a message) while its
    value stays the engine's notation, which is what is played."""
    table = Table(players=2, humans=[0], bots=["random"], seed=4, game=game)
    view = view_class(game)(table, seat=0, auto=False)
    legal = [str(a) for a in table.game.legal_actions()]
    english = list(view.w_move.options)
    assert list(view.w_move.options.values()) == legal
    assert all(label not in legal for label in english)  # words, not the notation
    view.w_lang.value = "xx"  # the pseudo-locale: every message bracketed and accented
    assert list(view.w_move.options.values()) == legal
    assert all(label.startswith("[") and label.endswith("]") for label in view.w_move.options), view.w_move.options
    assert view.w_move.label.startswith("[") and view.move_btn.label.startswith("[")


def test_the_list_label_is_set_by_the_page_relabelling_alone():
    """The list's fixed words are relabelled by the page (one piece), not again at each refresh:
    a refresh leaves the label as the page's relabelling set it."""
    game = names()[0]
    table = Table(players=2, humans=[0], bots=["random"], seed=4, game=game)
    view = view_class(game)(table, seat=0, auto=False)
    view.w_move.label = "a label set elsewhere"
    view.refresh(force=True)
    assert view.w_move.label == "a label set elsewhere"
