"""Every editor's "Play this" and checks write into one private temporary folder that goes
away with the editor: a class server running for weeks must not fill its disk with copies."""

from __future__ import annotations

import gc

import pytest


def _map_editor(tmp_path):
    from railkit.viz.ticket_to_ride.map_editor import MapEditor

    return MapEditor("teaching-small", folder=tmp_path)


def _sheet_editor(tmp_path):
    from railkit.viz.steam_rollers.sheet_editor import SheetEditor

    return SheetEditor("steam-default", folder=tmp_path)


def _card_editor(tmp_path):
    from railkit.viz.station_master.card_editor import CardListEditor

    return CardListEditor("default", folder=tmp_path)


@pytest.mark.parametrize("make", [_map_editor, _sheet_editor, _card_editor], ids=["map", "sheet", "cards"])
def test_an_editor_plays_in_one_scratch_folder_removed_with_the_editor(make, tmp_path):
    ed = make(tmp_path)
    ed.play()
    ed.play(seed=2)  # a second play reuses the folder
    if hasattr(ed, "warnings"):
        ed.warnings()
    scratch = ed.scratch()
    assert scratch.is_dir() and not scratch.is_relative_to(tmp_path)
    assert len(list(scratch.iterdir())) >= 1
    assert list(tmp_path.iterdir()) == []  # nothing of the user's folder was written by playing
    del ed
    gc.collect()
    assert not scratch.exists()


def test_a_sheet_editor_without_a_folder_saves_in_its_scratch_folder():
    from railkit.viz.steam_rollers.sheet_editor import SheetEditor

    ed = SheetEditor("steam-default")
    out = ed.save()
    assert out.parent == ed.scratch() and out.is_file()
    folder = ed.scratch()
    del ed
    gc.collect()
    assert not folder.exists()
