"""A shared table (served, or in a notebook): no seat chooses the seed, loads a save or downloads one while
the game runs (rule TABLE-SECRET-SEED): the seed, or a file naming it, replays the deal."""

from __future__ import annotations

import base64
import json

import pytest

from railkit.viz.shell.lobby import _page, new_table
from railkit.viz.shell.table import SECRET_SEED, NotAllowed, Table
from railkit.viz.ticket_to_ride.view import TicketToRideView


def shared() -> Table:
    return new_table("ticket-to-ride", 2, 2, map="teaching-small", seed=123456789)


def test_TABLE_SECRET_SEED_no_seat_chooses_the_seed_at_a_shared_table():
    t = shared()
    with pytest.raises(NotAllowed) as exc:
        t.new_game(seed=42, by=0)
    assert exc.value.rule == SECRET_SEED and t.game.seed == 123456789  # unchanged
    t.new_game(by=0)
    assert t.game.seed != 123456789  # a fresh secret one
    alone = new_table("ticket-to-ride", 2, 1, map="teaching-small", seed=1)
    alone.new_game(seed=42, by=0)  # alone against bots: the seed is the player's own business
    assert alone.game.seed == 42


def test_TABLE_SECRET_SEED_no_save_is_loaded_at_a_shared_table():
    t = shared()
    data = t.game.to_json()
    with pytest.raises(NotAllowed) as exc:
        t.load_json(data, "mine.json", by=0)
    assert exc.value.rule == SECRET_SEED and t.game.log == []
    t.load_json(data, "host.json")  # the host (code in a notebook) may


def test_TABLE_SECRET_SEED_the_download_holds_no_seed_while_a_shared_game_runs():
    t = shared()
    ctl = TicketToRideView(t, seat=1, auto=False)  # in a notebook: the same download
    got = ctl.download.callback().read().decode()
    assert "123456789" not in got and "offered once the game is over" in got
    _page("ticket-to-ride", ctl, "class-a")
    got = ctl.download.callback().read().decode()
    assert "123456789" not in got and "offered once the game is over" in got
    ctl.download._clicks += 1  # what a page's own script can make the server do
    sent = base64.b64decode(ctl.download.data.split(",", 1)[1]).decode()
    assert sent == got
    alone = new_table("ticket-to-ride", 2, 1, map="teaching-small", seed=77)
    solo = TicketToRideView(alone, seat=0, auto=False)
    _page("ticket-to-ride", solo, None)
    assert json.loads(solo.download.callback().read())["seed"] == 77
