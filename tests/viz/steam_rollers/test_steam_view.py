"""The Steam Rollers view without a browser: dice, tracks drawn by clicks, deliveries
previewed, illegal choices explained, Olivia's turn, scoring and spectators."""

from __future__ import annotations

import re

import pytest

from railkit.agents import make_agent
from railkit.games.steam_rollers import network as nw
from railkit.games.steam_rollers.actions import Build, Deliver
from railkit.maps import hexes as hx
from railkit.viz.shell.table import Table
from railkit.viz.steam_rollers.sheet import SheetFigure, centre, track_points
from railkit.viz.steam_rollers.view import OLIVIA, SteamRollersView, delivery_preview, olivia_steps


def solo(seed: int = 4, difficulty: str = "clerk", **rules) -> SteamRollersView:
    return SteamRollersView(Table(players=1, humans=[0], seed=seed, game="steam-rollers", difficulty=difficulty,
                                  rules=rules or None), auto=False)


def hex_with_options(view, region: int):
    g = view.table.game
    for h in g.sheet.regions[region].drawable:
        if view.click_hex(h) is None:
            return h
    return None


def test_track_geometry_ends_on_the_edge_midpoints():
    for a, b in hx.placements():
        xs, ys = track_points((1, -1), a, b)
        cx, cy = centre((1, -1))
        for e, (x, y) in ((a, (xs[0], ys[0])), (b, (xs[-1], ys[-1]))):
            nx, ny = centre(hx.neighbor((1, -1), e))
            assert x == pytest.approx((cx + nx) / 2) and y == pytest.approx((cy + ny) / 2)
        # every point of a curve stays inside the hex (its distance to the centre is at most 1)
        assert all((x - cx) ** 2 + (y - cy) ** 2 <= 1.0001 for x, y in zip(xs, ys))


def test_a_click_on_the_figure_finds_the_hex_and_the_choices():
    v = solo()
    fig = v.sheet
    assert isinstance(fig, SheetFigure)
    clicked = []
    fig.on_click(clicked.append)
    fig.tap_hex((2, -1))
    assert clicked[-1] == ("hex", (2, -1))
    fig.set_choices((2, -1), [(0, 3), (1, 4)])
    fig.tap_choice(1)
    assert clicked[-1] == ("choice", 1)
    assert len(fig.choice_track_src.data["xs"]) == 2 and len(fig.ghost_src.data["xs"]) == 2


def test_draft_a_die_and_draw_a_track_by_clicks():
    v = solo()
    g = v.table.game
    die = g.dice[0]
    assert v.draft(die) is None and v.die == die
    assert [not b.disabled for b in v.dice_buttons] == [i < len(g.dice) for i in range(6)]
    h = hex_with_options(v, die)
    assert h is not None and v.hex == h
    offered = v.placements
    assert offered and all(isinstance(a, Build) and a.hex == h and a.die == die for a in offered)
    assert set(offered) <= set(g.legal_actions())
    assert v.sheet.choices == len(offered)  # drawn beside the sheet, one mini hex each
    v.sheet.tap_choice(0)  # the second click draws it
    assert g.ps[0].tracks[h] == (offered[0].a, offered[0].b)
    assert hx.format_hex(h) in v.sheet.track_src.data["hex"]
    assert v.die is None and v.sheet.choices == 0


def test_an_illegal_placement_is_explained_and_nothing_changes():
    v = solo()
    g = v.table.game
    die = g.dice[0]
    v.draft(die)
    other = next(h for h in g.sheet.regions[die % 6 + 1].drawable)
    before = (len(g.log), dict(g.ps[0].tracks))
    err = v.click_hex(other)
    assert err is not None and err.rule == "SR-BUILD-REGION"
    assert "SR-BUILD-REGION" in v.message.object and "Not allowed" in v.message.object
    err = v.click_hex(g.sheet.cities[die])
    assert err.rule == "SR-BUILD-NO-CITY" and "SR-BUILD-NO-CITY" in v.message.object
    assert (len(g.log), dict(g.ps[0].tracks)) == before
    assert v.die == die  # the die stays drafted


def test_no_die_no_build_and_greyed_out_controls_say_why():
    v = solo()
    g = v.table.game
    err = v.click_hex(g.sheet.regions[1].drawable[0])
    assert err.rule == "SR-DRAFT-DIE"
    assert all(b.disabled for b in v.engine_buttons)
    assert "draft a white die" in v.action_info.object  # on the page, not in a tooltip
    tips = [b.description for b in v.engine_buttons + v.tile_buttons + v.dice_buttons]
    assert v.w_deliver.disabled and "Draft a die first" in v.w_deliver.description
    die = g.dice[0]
    v.draft(die)
    assert not v.engine_buttons[die - 1].disabled
    other = die % 6 + 1
    assert v.engine_buttons[other - 1].disabled
    assert f"click box {die} to cross it" in v.action_info.object
    # the tooltips never change with the position (a changed one stayed on the page)
    assert [b.description for b in v.engine_buttons + v.tile_buttons + v.dice_buttons] == tips


def _play_until_delivery(seed: int = 11):
    """A solo game played by the greedy bot for the player until a delivery is legal."""
    t = Table(players=1, humans=[0], seed=seed, game="steam-rollers")
    bot = make_agent(t.spec, "greedy", "x")
    for _ in range(400):
        g = t.game
        if g.is_over:
            break
        legal = g.legal_actions()
        if any(isinstance(a, Deliver) and g.engine_strength(0) >= 2 for a in legal):
            return t
        assert t.apply(0, bot.act(g.observe(0), legal)) is None
    pytest.skip("no delivery came up in this game")


def test_a_delivery_preview_is_the_engines_best_route_and_what_it_scores():
    t = _play_until_delivery()
    v = SteamRollersView(t, auto=False)
    g = t.game
    die = next(a.die for a in g.legal_actions() if isinstance(a, Deliver))
    v.draft(die)
    labels = list(v.delivery_options())
    assert labels
    label = labels[0]
    action = v.delivery_options()[label]
    v.preview_delivery(label)
    p = delivery_preview(g, 0, action)
    src = p["source"]
    best = g.delivery_route(0, src, action.dest, engine=p["strength"])
    assert best is not None and (p["distance"], p["nodes"], p["keys"]) == tuple(best)
    # lit up on the sheet, with its distance and points
    assert v.sheet.route_src.data["xs"] and f"distance {p['distance']}" in " ".join(v.sheet.label_src.data["text"])
    assert f"distance {p['distance']}" in v.message.object
    assert not v.deliver_btn.disabled
    n = len(g.ps[0].deliveries)
    assert v.confirm_delivery() is None
    assert v.pending is None or v.confirm_turn() is None  # the round's last move waits for confirmation
    d = g.ps[0].deliveries[-1]
    assert len(g.ps[0].deliveries) == n + 1 and d["distance"] == p["distance"] and d["dest"] == action.dest


def test_a_whole_solo_game_by_the_views_clicks_and_olivias_turns_are_shown():
    v = solo(seed=7, difficulty="machinist")
    t = v.table
    g = t.game
    saw_steps = False
    for _ in range(600):
        if g.is_over:
            break
        if g.phase == "reroll" or (g.phase == "build2" and v.click_skip() is None):
            if g.phase == "reroll":
                assert v.click_skip() is None
            if v.pending is not None:
                assert v.confirm_turn() is None
            continue
        die = g.dice[0] if len(g.dice) == 1 else g.dice[-1]
        assert v.draft(die) is None
        if v._deliveries:
            v.preview_delivery(list(v._deliveries)[0])
            assert v.confirm_delivery() is None
        elif hex_with_options(v, die) is not None:
            assert v.click_choice(0) is None
        elif v.click_engine(die) is None:
            pass
        elif v.click_tile(die) is None:
            pass
        else:
            assert v.click_pass() is None
        if v.pending is not None:  # the round's last move waits for "Confirm turn"
            assert len(g.log) == len(t.actors) and v.confirm_turn() is None
        if v.olivia_report:
            saw_steps = True
            assert v.olivia_report[0].startswith("Olivia's die shows")
            assert any("crosses hex" in s or "Olivia wins" in s for s in v.olivia_report)
    assert g.is_over
    assert saw_steps and v.olivia_pane.visible and "step by step" in v.olivia_pane.object
    assert "You win" in v.score_pane.object or "You lose" in v.score_pane.object
    assert "Olivia" in v.score_pane.object
    assert v.banner.visible
    she = [x for x in v.final_rows(g) if x["seat"] is None]  # Olivia has a row of her own on the banner
    assert [x["name"] for x in she] == ["Olivia"] and she[0]["score"] == g.olivia_score()
    assert ("Olivia" in v.banner.winners) == she[0]["win"]
    assert v.score_toggle.value  # the network scoring is lit up at the end
    conns = g.connections(0)
    assert len([x for x in v.sheet.label_src.data["text"] if "pt" in x]) >= len(conns)
    v.look(OLIVIA)
    crossed = sum(len(x) for x in g.olivia_crossed.values())
    assert len(v.sheet.cross_src.data["x"]) == crossed and not v.sheet.track_src.data["xs"]
    assert len(v.sheet.count_src.data["text"]) == 6


def test_olivia_steps_name_her_cross_and_her_good():
    t = Table(players=1, humans=[0], seed=3, game="steam-rollers", difficulty="rail-baron")
    g = t.game
    bot = make_agent(t.spec, "greedy", "y")
    for _ in range(40):
        before = g.fresh()
        for a in g.log:
            before.apply(a)
        t.apply(0, bot.act(g.observe(0), g.legal_actions()))
        steps = olivia_steps(before, g)
        if steps and len(g.olivia_goods) > len(before.olivia_goods):
            assert any("takes the last good in line" in s for s in steps)
            assert any(f"scores {g.olivia_points[-1]}" in s for s in steps)
            return
    pytest.fail("Olivia never took a good")


def test_past_deliveries_are_replayable_paths():
    t = _play_until_delivery()
    v = SteamRollersView(t, auto=False)
    g = t.game
    die = next(a.die for a in g.legal_actions() if isinstance(a, Deliver))
    v.draft(die)
    v.preview_delivery(list(v.delivery_options())[0])
    v.confirm_delivery()
    assert v.pending is None or v.confirm_turn() is None
    paths = v.past_delivery_routes(g, 0)
    assert len(paths) == len(g.ps[0].deliveries) and paths[-1][0]
    v.w_replay_delivery.value = len(paths) - 1
    assert len(v.sheet.route_src.data["xs"]) >= len(paths[-1][0])


def test_a_spectator_sees_every_sheet_and_cannot_move():
    t = Table(players=2, humans=[0], bots=["greedy"], seed=5, game="steam-rollers")
    t.run_bots()
    for _ in range(6):
        g = t.game
        if g.current_player == 0:
            legal = g.legal_actions()
            build = next((a for a in legal if isinstance(a, Build)), legal[0])
            t.apply(0, build)
        t.run_bots()
    spec = SteamRollersView(t, seat=None, auto=False)
    g = t.game
    assert set(spec.w_look.options.values()) == {0, 1}
    for s in (0, 1):
        spec.look(s)
        assert sorted(spec.sheet.track_src.data["hex"]) == sorted(hx.format_hex(h) for h in g.ps[s].tracks)
    assert all(b.disabled for b in spec.dice_buttons)
    err = spec.draft(g.dice[0]) if g.dice else spec.click_hex((0, 0))
    assert err is not None and "Spectators" in spec.message.object
    assert "Goods on the cities" in spec.goods.object and "Score so far" in spec.score_pane.object


def test_mountains_are_drawn_and_explained():
    v = solo(seed=2, mountains="hard")
    g = v.table.game
    assert len(v.sheet.mountain_src.data["x0"]) == len(g.sheet.mountain_borders("hard"))


def test_undo_forgets_a_half_made_move():
    v = solo()
    g = v.table.game
    die = g.dice[0]
    v.draft(die)
    h = hex_with_options(v, die)
    v.click_choice(0)
    assert h in g.ps[0].tracks
    die = g.dice[0]
    v.draft(die)
    assert v.undo() >= 1
    assert h not in g.ps[0].tracks and v.die is None and v.sheet.choices == 0
    assert nw.connection_graph(g.sheet, g.ps[0].tracks).number_of_edges() == 0


def test_SR_SOLO_ANY_GOOD_the_view_offers_each_good_of_a_colour_in_line():
    """In solo the player chooses which of a city's goods of one colour to deliver: every
    legal choice has its own entry in the delivery list, named by its place in line."""
    from railkit.games.steam_rollers.actions import Deliver
    from railkit.viz.steam_rollers.view import SteamRollersView

    for seed in range(40):
        t = Table(players=1, humans=[0], seed=seed, game="steam-rollers", difficulty="clerk")
        view = SteamRollersView(t, auto=False)
        g = t.game
        bot = make_agent(t.spec, "greedy", seed)
        while not g.is_over:
            legal = g.legal_actions()
            dels = [a for a in legal if isinstance(a, Deliver)]
            if any(a.pos for a in dels) and g.phase == "draft":
                die = next(a.die for a in dels if a.pos)
                view.refresh()
                assert view.draft(die) is None  # the player drafts that die, as by a click
                opts = view.delivery_options()
                mine = [a for a in dels if a.die == die and a.value is None]
                assert sorted(map(str, opts.values())) == sorted(map(str, mine))
                assert len(opts) == len(mine)  # no two choices under one label
                return
            t.apply(0, bot.act(g.observe(0), legal))
    pytest.fail("no solo position with a choice of goods in 40 seeds")


def test_new_game_from_the_form_takes_olivias_level_and_the_rule_variant():
    v = solo()
    v.w_difficulty.value = "machinist"
    v.rules.mountains = "medium"
    v.new_game()
    assert "New game started" in v.message.object
    g = v.table.game
    assert g.difficulty == "machinist" and g.rules.mountains == "medium"
    assert "(machinist)" in v.olivia_pane.object


class _Recorder:
    """A table journal that only records what it is told."""

    closed = False
    stopped = ""

    def __init__(self):
        self.moves = []

    def move(self, index, seat, text):
        self.moves.append((index, seat, text))

    def undo(self, n):
        self.moves.append(("undo", n))

    def game(self, table):
        pass

    def join(self, seat, token):
        pass


def _second_move(view):
    """Play the first die's engine box, then draw a track with the second die (by the view)."""
    g = view.table.game
    engine = next(a for a in g.legal_actions() if type(a).__name__ == "Engine" and a.value is None)
    assert view.draft(engine.die) is None and view.click_engine(engine.die) is None
    build = next(a for a in g.legal_actions() if isinstance(a, Build) and a.value is None)
    assert view.draft(build.die) is None and view.click_hex(build.hex) is None
    assert view.click_choice(view.placements.index(build)) is None
    return engine, build


def test_TABLE_UNDO_BLIND_the_move_that_rolls_waits_for_confirm_turn_and_undo_takes_it_back():
    v = solo()
    t = v.table
    t.journal = journal = _Recorder()
    assert v.confirm  # on by default in the Steam Rollers view
    engine, build = _second_move(v)
    g = t.game
    # the engine box was played at once; the track waits: not in the game, the log or the journal
    assert [str(a) for a in g.log] == [str(engine)] and len(journal.moves) == 1
    assert v.pending == build and build.hex not in g.ps[0].tracks
    rnd, dice = g.round, list(g.dice)
    assert build.hex in v.pending_game().ps[0].tracks
    assert len(v.sheet.track_src.data["hex"]) == 1  # drawn on the sheet all the same
    assert not v.confirm_btn.disabled and not v.undo_btn.disabled
    assert "TABLE-UNDO-BLIND" in v.undo_info.object and "not played yet" in v.undo_info.object
    assert all(b.disabled for b in v.dice_buttons) and v.draft(dice[0]) is not None  # nothing else meanwhile
    # Undo takes back the waiting track, then the engine box
    assert v.undo() == 1 and v.pending is None and len(g.log) == 1 and not v.sheet.track_src.data["hex"]
    assert v.confirm_btn.disabled
    assert v.undo() == 1 and not g.log
    # again; Confirm turn plays it: the round ends, Olivia plays, the dice roll
    _second_move(v)
    assert g.round == rnd and g.dice == dice
    assert v.confirm_turn() is None
    assert [str(a) for a in g.log] == [str(engine), str(build)] and g.round == rnd + 1 and v.pending is None
    assert [m[2] for m in journal.moves if m[0] != "undo"][-2:] == [str(engine), str(build)]
    assert v.olivia_report and v.confirm_btn.disabled
    assert "TABLE-UNDO-BLIND" in v.undo_info.object  # why it cannot be taken back now, in words


def test_without_confirm_the_move_that_rolls_is_played_at_once():
    v = SteamRollersView(Table(players=1, humans=[0], seed=4, game="steam-rollers", difficulty="clerk"),
                         auto=False, confirm=False)
    engine, build = _second_move(v)
    g = v.table.game
    assert v.pending is None and len(g.log) == 2 and g.round == 2
    v.confirm_box.value = True  # the seat's own setting, from its page
    assert v.confirm


def test_at_a_shared_table_the_other_seat_sees_a_move_once_it_is_confirmed():
    t = Table(players=2, humans=[0, 1], seed=4, game="steam-rollers")
    a, b = SteamRollersView(t, seat=0, auto=False), SteamRollersView(t, seat=1, auto=False)
    g = t.game
    build = next(x for x in g.legal_actions() if isinstance(x, Build) and x.value is None)
    version = t.version
    assert a.draft(build.die) is None and a.click_hex(build.hex) is None
    assert a.click_choice(a.placements.index(build)) is None
    # it ends seat 1's turn: it waits; the table (what seat 2 sees) has not changed
    assert a.pending == build and t.version == version and not g.log
    assert "Player 2" in a.undo_info.object
    b.look(0)
    assert not b.sheet.track_src.data["hex"]
    assert a.confirm_turn() is None and g.current_player == 1
    b.refresh()
    assert b.sheet.track_src.data["hex"] == [hx.format_hex(build.hex)]


def test_olivias_turns_are_in_the_action_log_under_the_move_she_answered():
    v = solo()
    engine, build = _second_move(v)
    assert v.confirm_turn() is None
    g = v.table.game
    notes = v.log_notes(g)
    assert list(notes) == [1] and notes[1] == "Olivia's turn: " + " ".join(olivia_steps(g.history(1), g))
    assert "log-note" in v.log_pane.object and html_text(notes[1]) in v.log_pane.object
    v.show_position(1)  # an earlier position: her turn had not come yet
    assert v.log_notes(g.history(1)) == {} and "log-note" not in v.log_pane.object


def html_text(text):
    import html

    return html.escape(text, quote=False)


def test_the_new_game_form_follows_the_number_of_players():
    v = solo()

    def shown():
        out = []
        for row in v.new_area.objects[:2]:
            out += [getattr(w, "label", "") for w in row.objects]
        return out

    v.new_toggle.value = True
    assert "Olivia's level (solo)" in shown() and "Bots play" not in shown()
    v.w_players.value = 3
    assert "Olivia's level (solo)" not in shown() and "Bots play" in shown()
    v.new_toggle.value = False
    assert not v.new_area.objects
    t = Table(players=2, humans=[0, 1], seed=4, game="steam-rollers")
    shared = SteamRollersView(t, seat=0, auto=False)
    shared.new_toggle.value = True
    labels = [getattr(w, "label", "") for row in shared.new_area.objects[:2] for w in row.objects]
    assert "Bots play" not in labels and "Olivia's level (solo)" not in labels


def test_olivia_s_turn_and_the_delivery_choices_speak_the_page_s_language():
    t = Table(players=1, humans=[0], seed=3, game="steam-rollers", difficulty="rail-baron")
    g = t.game
    before = g.fresh()
    bot = make_agent(t.spec, "greedy", "y")
    while len(g.olivia_dice) == len(before.olivia_dice):
        before = g.history(len(g.log))
        t.apply(0, bot.act(g.observe(0), g.legal_actions()))
    steps = " ".join(olivia_steps(before, g, "xx"))
    assert steps and not re.search(r"\b(die|shows|She|crosses|region)\b", steps), steps
    t = _play_until_delivery()
    v = SteamRollersView(t, auto=False)
    v.lang = "xx"
    v.draft(next(a.die for a in t.game.legal_actions() if isinstance(a, Deliver)))
    labels = " ".join(v.delivery_options())
    assert labels and not re.search(r"\b(from|city|distance|point)\b", labels), labels


@pytest.mark.parametrize("seed", [1, 2])
def test_every_log_line_says_the_move_in_words_in_the_readers_language(seed):
    """Every move of whole random games (two players, and solo with Olivia) is logged in words in
    the past tense, never in the notation (``draft 3 build 0,-2 gentle 1-3``), and read in each
    language; the view's log shows them in its page's language."""
    import random

    from railkit.viz.steam_rollers.words import describe_action

    rng = random.Random(seed)
    notation = re.compile(r"\bdraft \d|\bbuild -?\d|\bdeliver [a-z]+ |\bpower \w|\buse \S|^skip$")
    for players in (1, 2):
        view = SteamRollersView(Table(players=players, humans=[0], seed=seed, game="steam-rollers"), auto=False)
        t, kinds = view.table, set()
        while not t.game.is_over:
            a = rng.choice(t.game.legal_actions())
            said = describe_action(t.game, a)
            english = str(said)
            assert not notation.search(english) and str(a) not in english, (a, english)
            for lang in ("da", "de", "ja"):
                assert said.render(lang) != english, (lang, a, english)
            kinds.add(type(a).__name__)
            t.apply(t.game.current_player, a)
        assert "Build" in kinds
        assert all(str(text) == str(describe_action(None, a)) for text, a in zip(t.log_text, t.game.log))
        view.w_lang.value = "de"
        view.refresh(force=True)
        shown = view.log_pane.object
        assert not notation.search(shown) and "wählte Würfel" in shown, shown[:300]


def test_a_move_waiting_for_confirm_turn_is_said_in_the_pages_language():
    """The round's last move waits for "Confirm turn": the page says which move and why (it rolls
    the dice: rule TABLE-UNDO-BLIND) in its own language, with no English left."""
    v = solo(seed=4)
    v.w_lang.value = "de"
    g = v.table.game
    while v.pending is None:
        assert v.play(g.legal_actions()[0]) is None
    v.refresh(force=True)
    said = v.undo_info.object
    assert "Zug bestätigen" in said and "TABLE-UNDO-BLIND" in said and "wählte Würfel" in said, said
    english = re.findall(r"\b(Your|move|played|Press|Confirm|Undo|shows|hidden|rule|whoever|roll)\b", said)
    assert not english, (english, said)
