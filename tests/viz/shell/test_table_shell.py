"""The game-agnostic table and shell: seats, undo by the table's rules, restarts, seeds,
spectators, the lobby and the notebook page that is not open yet."""

from __future__ import annotations

import re

import panel as pn
import pytest

from railkit.agents import make_agent
from railkit.core.i18n import Message
from railkit.viz.shell import lobby as app_module
from railkit.viz.shell.banner import banner_html
from railkit.viz.shell.lobby import Lobby, create_app
from railkit.viz.shell.table import NotAllowed, Table
from railkit.viz.shell.view import page_ready, seat_names
from railkit.viz.ticket_to_ride.view import TicketToRideView


def ttr_table(**kw) -> Table:
    """A Ticket to Ride table (the game these tests play at)."""
    return Table(game="ticket-to-ride", **kw)


def keep_all(t: Table) -> None:
    """Every person keeps all the starting tickets offered (bots answer)."""
    while t.game.phase == "setup-tickets":
        seat = t.game.current_player
        if t.is_human(seat):
            n = len(t.game.observe(seat)["offered"])
            assert t.apply(seat, "keep tickets " + ",".join(str(i + 1) for i in range(n))) is None
        else:
            t.step_bot()


def test_solo_undo_takes_back_my_move_and_the_bots_answers():
    t = ttr_table(players=2, humans=[0], bots=["random"], seed=3, map="teaching-small")
    assert t.apply(0, "keep tickets 1,2") is None
    answered = t.run_bots()
    assert answered >= 1 and t.game.current_player == 0
    assert t.undo_check(0) == (1 + answered, "")
    assert t.undo(0) == 1 + answered
    assert t.game.log == [] and t.game.current_player == 0
    assert t.undo_check(1) == (0, "Bots do not undo.")
    keep_all(t)
    t.run_bots()
    assert t.apply(0, "draw deck") is None  # a blind draw stays (TABLE-UNDO-BLIND)
    n, why = t.undo_check(0)
    assert n == 0 and "TABLE-UNDO-BLIND" in str(why)


def test_shared_table_undo_only_my_own_moves_within_my_turn():
    import random

    t = Table(players=2, humans=[0, 1], game="steam-rollers", seed=4)
    rng = random.Random(1)
    undone = False
    for _ in range(300):  # play until a move that is not blind leaves its player still to move
        cp = t.game.current_player
        legal = t.game.legal_actions()
        assert t.apply(cp, legal[rng.randrange(len(legal))]) is None
        run = next(k for k in range(len(t.actors) + 1) if k == len(t.actors) or t.actors[-1 - k] != cp)
        if t.game.current_player == cp and not any(t.blind[-run:]):  # cp's own moves of this turn
            assert t.undo_check(1 - cp)[0] == 0  # nobody erases another person's move
            assert t.undo_check(cp) == (run, "")
            assert t.undo(cp) == run and t.game.current_player == cp
            undone = True
            break
    assert undone
    t2 = ttr_table(players=2, humans=[0, 1], seed=4, map="teaching-small")
    keep_all(t2)
    cp = t2.game.current_player
    assert t2.apply(cp, "draw deck") is None and t2.apply(cp, "draw deck") is None  # the turn is over
    n, why = t2.undo_check(cp)
    assert n == 0 and "while it is still your turn" in why
    assert t2.undo(cp) == 0


def test_shared_game_over_has_no_undo_but_a_solo_game_reopens():
    shared = ttr_table(players=2, humans=[0, 1], seed=5, map="teaching-small")
    bots = {s: make_agent(shared.spec, "random", s) for s in (0, 1)}
    while not shared.game.is_over:
        s = shared.game.current_player
        g = shared.game
        assert shared.apply(s, bots[s].act(g.observe(s), g.legal_actions())) is None
    n, why = shared.undo_check(shared.actors[-1])
    assert n == 0 and "game is over" in why
    # seed 8: the game ends on a claim, which is not blind (TABLE-UNDO-BLIND), so it can be taken back
    solo = TicketToRideView(ttr_table(players=2, humans=[0], bots=["random"], seed=8, map="teaching-small"), auto=False)
    solo.table.agents[0] = make_agent(solo.table.spec, "random", 9)  # play seat 0 by a bot too, to the end
    solo.table.run_bots()
    assert solo.table.game.is_over
    solo.table.agents.pop(0)
    solo.refresh()
    assert solo.banner.visible and solo.banner.winners
    assert solo.undo() >= 1
    assert not solo.table.game.is_over and "open again" in solo.message.object


def test_only_the_first_seat_restarts_a_shared_table_and_the_others_are_told():
    t = ttr_table(players=3, humans=[0, 1], bots=["random"], seed=1, map="teaching-small")
    with pytest.raises(NotAllowed, match="first seat"):
        t.new_game(by=1)
    first = TicketToRideView(t, seat=0, auto=False)
    second = TicketToRideView(t, seat=1, auto=False)
    watcher = TicketToRideView(t, seat=None, auto=False)
    watcher.w_lang.value = "de"  # the notice on the shared table is told to each page in its language
    first.new_game()
    assert "New game started" in first.message.object
    second.refresh()
    assert "started a new game" in second.message.object
    watcher.refresh()
    assert "begann eine neue Partie" in watcher.message.object, watcher.message.object
    second.new_game()
    assert "first seat" in second.message.object


def test_a_new_game_gets_a_fresh_random_seed_unless_one_is_given():
    seeds = {ttr_table(players=2, map="teaching-small").game.seed for _ in range(4)}
    assert len(seeds) == 4
    assert ttr_table(players=2, map="teaching-small", seed=7).game.seed == 7
    ctl = TicketToRideView(ttr_table(players=2, seed=7, map="teaching-small"), auto=False)
    assert ctl.w_seed.value == ""  # the form never shows the running game's seed
    ctl.w_seed.value = "x1"
    ctl.new_game()
    assert "whole number" in ctl.message.object and ctl.table.game.seed == 7
    ctl.w_seed.value = ""
    ctl.new_game()
    assert ctl.table.game.seed != 7


def test_seats_are_joined_with_a_secret_token():
    t = ttr_table(players=3, humans=[0, 1], bots=["random"], seed=1, map="teaching-small")
    assert t.free_seats() == [0, 1]
    tok = t.join(1)
    assert t.seat_of(tok) == 1 and t.seat_of("guess") is None and t.seat_of(None) is None
    with pytest.raises(NotAllowed, match="taken"):
        t.join(1)
    with pytest.raises(NotAllowed, match="bot"):
        t.join(2)
    assert t.free_seats() == [0]


def test_spectator_sees_no_hand_and_cannot_move():
    t = ttr_table(players=2, humans=[0, 1], seed=3, map="teaching-small")
    spec = TicketToRideView(t, seat=None, auto=False)
    err = t.check(None, "draw deck")
    assert isinstance(err, NotAllowed) and "Spectators" in err.reason
    assert spec.act("draw deck") is not None and "Spectators" in spec.message.object
    assert len(t.game.log) == 0
    hand0 = t.game.observe(0)["hand"]
    shown = spec.player.hand.object
    assert not any(f"× {n}" in shown for n in hand0.values())
    assert spec.undo_btn.disabled and spec.upload.disabled and on_page(spec) == (False, False)


def on_page(view) -> tuple[bool, bool]:
    """Whether ``view``'s page has the load control and the new-game toggle."""
    layout = view.__panel__()
    return view.upload in layout.select(pn.widgets.FileInput), view.new_toggle in layout.select(pn.widgets.Toggle)


def test_each_page_shows_only_the_table_controls_its_seat_may_use(tmp_path):
    """Load: a person at a table of their own only (at a shared table a save names the seed);
    a new game: that person, or a shared table's first seat; a spectator neither. A page asked
    to do it anyway (its own script can send a hidden control's value) does nothing."""
    t = ttr_table(players=3, humans=[0, 1], bots=["random"], seed=1, map="teaching-small")
    first, second, spec = (TicketToRideView(t, seat=s, auto=False) for s in (0, 1, None))
    assert [on_page(v) for v in (first, second, spec)] == [(False, True), (False, False), (False, False)]
    solo = TicketToRideView(ttr_table(players=2, humans=[0], seed=3, map="teaching-small"), auto=False)
    assert on_page(solo) == (True, True) and not solo.upload.disabled
    seed, save = t.game.seed, t.to_json_bytes().getvalue()
    for view in (first, second, spec):
        view.upload.filename = "mine.json"
        view.upload.value = save
        assert "Cannot load" in view.message.object and t.game.seed == seed
    spec.new_game()
    assert "Spectators" in spec.message.object and t.game.seed == seed
    (tmp_path / "mine.json").write_bytes(save)
    with pytest.raises(NotAllowed, match="Spectators"):
        spec.load(tmp_path / "mine.json")
    assert t.game.seed == seed


def test_a_save_is_offered_at_a_shared_table_only_once_the_game_is_over():
    shared = TicketToRideView(ttr_table(players=2, humans=[0, 1], seed=3, map="teaching-small"), auto=False)
    assert shared.download.disabled
    solo = TicketToRideView(ttr_table(players=2, humans=[0], seed=3, map="teaching-small"), auto=False)
    assert not solo.download.disabled


def test_face_up_draws_are_logged_with_the_colour_taken():
    t = ttr_table(players=2, humans=[0], bots=["random"], seed=3, map="teaching-small")
    ctl = TicketToRideView(t, auto=False)
    keep_all(t)
    t.run_bots()
    colour = t.game.observe(None)["faceup"][0]
    assert ctl.act("draw faceup 1") is None
    i = [k for k, s in enumerate(t.actors) if s == 0][-1]
    card = "locomotive" if colour == "loco" else f"{colour} card"
    assert str(t.log_text[i]) == f"drew a face-up {card} (slot 1)"
    assert f"drew a face-up {card} (slot 1)" in ctl.log_pane.object


def test_each_page_reads_the_shared_log_in_its_own_language():
    """The table keeps each log entry as a message; a Danish and a Japanese seat at one table each
    read it in their language, and a refused undo quotes the move in the asking page's language."""
    t = ttr_table(players=2, humans=[0, 1], seed=3, map="teaching-small")
    da, ja = TicketToRideView(t, seat=0, auto=False), TicketToRideView(t, seat=1, auto=False)
    da.w_lang.value, ja.w_lang.value = "da", "ja"
    keep_all(t)
    seat = t.game.current_player
    assert t.apply(seat, "draw deck") is None  # blind: it cannot be taken back
    for view in (da, ja):
        view.refresh(force=True)
    assert "trak et togkort fra bunken" in da.log_pane.object, da.log_pane.object
    assert "山札から" in ja.log_pane.object, ja.log_pane.object
    for view in (da, ja):
        assert not any(w in view.log_pane.object for w in ("draw deck", "keep tickets", "kept")), view.log_pane.object
    _, why = t.undo_check(seat)
    assert "draw deck" in str(why) or "drew a card" in str(why)
    for lang, words in (("da", "trak et togkort fra bunken"), ("ja", "山札から")):
        said = why.render(lang)
        assert words in said and "draw" not in said and "drew" not in said, said


def test_banner_names_the_winner_and_every_score():
    t = ttr_table(players=2, humans=[], bots=["random"], seed=2, map="teaching-small")
    t.run_bots()
    text = banner_html(t.game.summary(), seat_names(t.game))
    for row in t.game.summary():
        assert f"{seat_names(t.game)[row['seat']]} — {row['score']}" in text
    winners = [seat_names(t.game)[r["seat"]] for r in t.game.summary() if r["win"]]
    assert " and ".join(winners) in text and "win" in text


def test_the_banner_on_a_seats_page_calls_that_seat_you():
    t = ttr_table(players=2, humans=[0, 1], seed=2, map="teaching-small")
    t.agents = {s: make_agent(t.spec, "random", s) for s in (0, 1)}  # both seats played by bots, to the end
    t.run_bots()
    t.agents = {}
    rows = {r["seat"]: r for r in t.game.summary()}
    names = seat_names(t.game)
    for seat in (0, 1, None):
        view = TicketToRideView(t, seat=seat, auto=False)
        text = view.banner._pane.object
        for s, row in rows.items():
            assert f"{'You' if s == seat else names[s]} — {row['score']}" in text
        if seat is not None:
            assert names[seat] not in text
            line = text.split("</div>")[0]
            assert ("You win" in line or "You and" in line) == rows[seat]["win"]


def test_notebook_view_sends_nothing_before_its_page_is_open():
    from pyviz_comms import Comm

    ctl = TicketToRideView(ttr_table(players=2, humans=[0], bots=["random"], seed=3, map="teaching-small"), auto=False)
    comm = Comm()  # a notebook connection the page has not opened yet
    ctl.__panel__().get_root(comm=comm)
    assert not page_ready(ctl.__panel__())
    log_before = ctl.log_pane.object
    keep = "keep tickets " + ",".join(str(i + 1) for i in range(len(ctl.table.game.observe(0)["offered"])))
    assert ctl.act(keep) is None
    assert ctl.log_pane.object == log_before  # kept back: the page could not take it yet
    comm._comm = object()  # the page opened its connection
    assert page_ready(ctl.__panel__())
    ctl.refresh(force=True)
    assert "kept 3 tickets" in ctl.log_pane.object


def test_lobby_makes_tables_and_lists_join_links():
    tables: dict = {}
    lobby = Lobby("ticket-to-ride", 2, defaults={"map": "teaching-small", "seed": 1}, tables=tables, auto=False)
    assert "No tables yet" in lobby.listing.object
    lobby.w_name.value = "class-a"
    lobby.make_btn.clicks += 1
    assert "class-a" in tables and "href='?table=class-a&join=1'" in lobby.listing.object
    lobby.w_name.value = "class-a"
    lobby.make_btn.clicks += 1
    assert "already a table" in lobby.message.object
    lobby.w_name.value = "../x"
    lobby.make_btn.clicks += 1
    assert "Cannot make" in lobby.message.object and "../x" not in tables
    # a name with HTML: refused in words, not with a JSON path; a space is fine (written %20 in links)
    lobby.w_name.value = "<b>x</b>"
    lobby.make_btn.clicks += 1
    said = lobby.message.object
    assert "A table name may contain letters, digits, spaces and - _" in said and "at $" not in said
    lobby.w_name.value = "class b"
    lobby.make_btn.clicks += 1
    assert "class b" in tables and "href='?table=class%20b&join=1'" in lobby.listing.object
    tables["class-a"].join(0)
    lobby.refresh()
    assert "taken" in lobby.listing.object and "join=2" in lobby.listing.object


def test_app_seats_spectators_and_bad_arguments(monkeypatch):
    args: dict = {}
    monkeypatch.setattr(app_module, "_arg", lambda name: args.get(name))
    tables: dict = {}
    monkeypatch.setattr(app_module, "lobby_tables", lambda: tables)
    lobby = create_app("ticket-to-ride", seats=2, map="teaching-small", seed=1, auto=False)
    assert isinstance(lobby, Lobby)
    lobby.tables = tables
    lobby.make_table("t1")
    t = tables["t1"]
    tok = t.join(0)
    args.update(table="t1", seat="1", token=tok)
    page = create_app("ticket-to-ride", seats=2, auto=False)
    assert "You play" in page.objects[0].object
    args.update(token="wrong")
    page = create_app("ticket-to-ride", seats=2, auto=False)
    assert "watching" in page.objects[0].object
    for bad in ({"table": "nope"}, {"table": "../etc"}, {"map": "/etc/passwd"}, {"table": "t1", "seat": "99"}):
        args.clear()
        args.update(bad)
        page = create_app("ticket-to-ride", seats=2, auto=False)
        text = page.objects[0].object
        assert "cannot be shown" in text and "Traceback" not in text


def shown_counts(ctl) -> tuple[str, str]:
    """What the hand and the players table show (HTML)."""
    return ctl.player.hand.object, ctl.player.players.object


def test_undo_and_load_while_a_bot_is_to_move_leave_the_view_equal_to_the_game(tmp_path):
    t = ttr_table(players=2, humans=[0], bots=["greedy-route"], seed=6, map="teaching-small", bot_delay=3600)
    ctl = TicketToRideView(t, auto=True)  # bots move only from the poll, which waits an hour
    keep = "keep tickets " + ",".join(str(i + 1) for i in range(len(t.game.observe(0)["offered"])))
    assert ctl.act(keep) is None
    ctl.tick()
    assert t.bot_to_move() == 1  # the bot is to move now
    saved = tmp_path / "g.json"
    ctl.save(saved)
    assert ctl.undo() == 1 and t.bot_to_move() is None
    obs = t.game.observe(0)
    assert ctl.player.offer_shown and len(t.game.log) == 0
    assert f"{sum(obs['hand'].values())} cards" in ctl.player.hand.object
    t.bot_delay = 0
    ctl.load(saved)  # loaded while nobody but the bot can move
    assert len(t.game.log) == 1 and t.bot_to_move() == 1
    ctl.tick()  # the bot keeps its tickets
    assert t.bot_to_move() is None and len(t.game.log) == 2
    obs = t.game.observe(0)
    hand_html, players_html = shown_counts(ctl)
    assert f"{sum(obs['hand'].values())} cards" in hand_html and f"<b>{obs['trains']}</b> trains" in hand_html
    assert not ctl.player.offer_shown and "draw cards, claim a route" in ctl.player.status.object
    assert f"{len(t.game.log)}. <b>" in ctl.log_pane.object


def test_ticket_to_ride_seats_are_named_after_their_train_colours_on_the_board():
    from railkit.games.ticket_to_ride import SEAT_NAMES
    from railkit.viz.ticket_to_ride.style import PLAYER_COLOUR_NAMES

    assert [n.lower() for n in SEAT_NAMES] == PLAYER_COLOUR_NAMES[:len(SEAT_NAMES)]


def test_the_new_game_form_draws_with_settings_left_unset():
    ctl = TicketToRideView(ttr_table(players=2, seed=1, map="teaching-small"), auto=False)
    assert ctl.rules.trains is None  # the map's own train count
    ctl.new_toggle.value = True
    ctl.new_area.get_root()  # a slider for an unset value could not be drawn
    box = ctl.rules_form._widgets["trains"]
    box.value = 8
    ctl.new_game()
    assert ctl.table.game.rules.trains == 8 and ctl.table.game.observe(0)["trains"] == 8


def test_the_tables_refusals_speak_the_asking_pages_language():
    """What a shared table refuses a seat (a restart, a chosen seed, a load, a taken seat, a bot's
    seat) and a spectator's page are said in the page's language, with the English kept by str()."""
    t = ttr_table(players=3, humans=[0, 1], bots=["random"], seed=1, map="teaching-small")
    t.join(0)
    refused = []
    for attempt in (lambda: t.new_game(by=1), lambda: t.new_game(by=0, seed=5), lambda: t.load_json("{}", by=0),
                    lambda: t.join(0), lambda: t.join(2),
                    lambda: TicketToRideView(t, seat=None, auto=False)._acting_seat(Message("start a new game"))):
        with pytest.raises(NotAllowed) as caught:
            attempt()
        refused.append(caught.value)
    for err in refused:
        for lang in ("da", "de", "ja"):
            for english, said in ((err.reason, err.render_reason(lang)), (err.hint, err.render_hint(lang))):
                assert said != english and not re.search(r"\b(the|seat|game|table|Join|Ask)\b", said), (lang, said)


def test_the_message_line_speaks_the_pages_language():
    """What the page says of its own actions (a new game, a refused restart, nothing to confirm, a
    move in an earlier position) is in the page's language."""
    t = ttr_table(players=3, humans=[0, 1], bots=["random"], seed=1, map="teaching-small")
    first, second = TicketToRideView(t, seat=0, auto=False), TicketToRideView(t, seat=1, auto=False)
    first.w_lang.value = second.w_lang.value = "de"
    english = re.compile(r"\b(New|game|started|Cannot|start|There|move|waiting|You|looking|earlier|Only|seat)\b")
    said = []
    first.new_game()
    said.append(first.message.object)
    second.new_game()  # only the first seat may restart
    said.append(second.message.object)
    first.confirm_turn()
    said.append(first.message.object)
    keep_all(t)
    first.show_position(0)
    assert first.play("draw deck") is not None
    said.append(first.message.object)
    for text in said:
        assert text and not english.search(text), said


@pytest.mark.parametrize("lang, said", [("ja", "あなたは **プレイヤー1** です。"), ("de", "Du spielst **Spieler 1**."),
                                        ("en", "You play **Player 1**.")])
def test_the_page_says_who_you_play_in_the_pages_language(monkeypatch, no_language, lang, said):
    """The seat's name and the sentence's end ("。" in Japanese) are the page language's."""
    from railkit.core import i18n

    monkeypatch.setattr(app_module, "_arg", lambda name: None)
    i18n.set_language(lang)
    page = create_app("station-master", seats=1, auto=False)
    assert said in page.objects[0].object, page.objects[0].object
