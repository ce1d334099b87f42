"""Pass and play (``railkit serve GAME --seats N --hotseat``): one page, every person's seat in
turn, a curtain between two people's turns, and nothing of any hand on the page behind it."""

from __future__ import annotations

import pytest
from bokeh.document import Document

from railkit.games import names
from railkit.viz.shell.hotseat import HotSeat
from railkit.viz.shell.lobby import create_app
from railkit.viz.shell.table import Table, seat_names


def page_json(hot: HotSeat) -> str:
    """Everything the page would hold: its Bokeh document as JSON."""
    import json

    import panel as pn

    doc = Document()
    doc.add_root(pn.panel(hot).get_root(doc))
    return json.dumps(doc.to_json(), default=str, ensure_ascii=False)


def secrets(game: str, g, seat: int) -> set[str]:
    """Texts of what only ``seat`` holds, as its page shows them."""
    if game == "ticket-to-ride":
        from railkit.viz.ticket_to_ride.player import ticket_text

        obs = g.observe(seat)
        return {ticket_text(t).split(" (")[0] for t in list(obs["tickets"]) + list(obs.get("offered") or [])}
    if game == "station-master":
        from railkit.viz.station_master.view import card_label

        other = {card_label(k) for k in g.observe(1 - seat)["hand"]}
        return {card_label(k) for k in g.observe(seat)["hand"] if any(c.isalpha() for c in card_label(k))} - other
    return set()


def move(hot: HotSeat) -> None:
    """The seat shown plays its first legal action (confirmed, where its view keeps it back)."""
    view = hot.views[hot.shown]
    assert view.play(hot.table.game.legal_actions()[0]) is None
    if view.pending is not None:
        assert view.confirm_turn() is None


@pytest.mark.parametrize("game", names())
def test_the_curtain_hides_every_hand_until_the_next_person_says_who_they_are(game):
    hot = create_app(game, seats=2, hotseat=True, seed=5, auto=False)
    assert isinstance(hot, HotSeat)
    assert (hot.shown, hot.waiting) == (None, 0)  # nobody's view before the first person says who they are
    assert hot.reveal_btn.label == "I am " + seat_names(hot.table.game)[0]
    g = hot.table.game
    hidden = secrets(game, g, 0) | secrets(game, g, 1)
    text = page_json(hot)
    assert "Pass to" in text
    assert not [s for s in hidden if s in text]
    hot.reveal()
    assert hot.shown == 0 and len(hot.area.objects) == 1 and hot.area.objects[0] is not hot.curtain
    mine = secrets(game, g, 0)
    assert all(s in page_json(hot) for s in mine)
    while hot.table.game.current_player == 0:
        move(hot)
    hot.check()
    assert (hot.shown, hot.waiting) == (None, 1)
    g = hot.table.game
    text = page_json(hot)
    assert not [s for s in secrets(game, g, 0) | secrets(game, g, 1) if s in text]
    hot.reveal()
    assert hot.shown == 1 and hot.views[1].seat == 1
    assert all(s in page_json(hot) for s in secrets(game, g, 1))


def test_bots_play_their_seats_and_raise_no_curtain():
    game = "station-master"
    table = Table(players=3, humans=[0, 1], bots=["random"], seed=2, game=game, bot_delay=0)
    hot = create_app(game, seats=2, hotseat=True, table=table, auto=False)
    hot.reveal()
    while table.game.current_player != 2:
        if table.game.current_player != hot.shown:
            hot.check()
            hot.reveal()
        move(hot)
    hot.check()
    assert hot.shown == 1  # a bot's turn: the last person's view stays
    hot.tick()  # the bot moves ...
    assert table.game.current_player == 0
    assert (hot.shown, hot.waiting) == (None, 0)  # ... and the curtain waits for the first person


def test_a_page_address_may_add_bots(monkeypatch):
    from railkit.viz.shell import lobby

    monkeypatch.setattr(lobby, "_arg", lambda name: "3" if name == "players" else None)
    hot = create_app("station-master", seats=2, hotseat=True, seed=1, auto=False)
    assert hot.table.game.players == 3 and hot.table.humans == [0, 1]
