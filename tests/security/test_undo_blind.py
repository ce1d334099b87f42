"""TABLE-UNDO-BLIND: undo never takes back an action that drew blind (a card from a
hidden pile, a shuffle, a roll), in every game, alone against bots or at a shared table.
Taking it back would let the player play again knowing the card or the roll to come."""

from __future__ import annotations

import pytest

from railkit.agents import make_agent
from railkit.viz.shell.table import UNDO_BLIND, Table

GAMES = [("ticket-to-ride", 2, {"map": "teaching-small"}), ("steam-rollers", 2, {}),
         ("station-master", 2, {})]


def seated_bots(t: Table) -> dict:
    """Seeded random choosers for the people's seats (the test plays for them)."""
    return {s: make_agent(t.spec, t.spec.default_agent, f"person-{s}") for s in t.humans}


def play_one(t: Table, chooser, seat: int) -> None:
    g = t.game
    assert t.apply(seat, chooser.act(g.observe(seat), g.legal_actions())) is None


def solo_cases(game: str, players: int, options: dict, seed: int) -> tuple[int, int]:
    """Play a solo game to the end, checking undo after every move of the person;
    returns how many undos were refused for a blind action and how many were allowed."""
    t = Table(players=players, humans=[0], bots=["random"], seed=seed, game=game, bot_delay=0, **options)
    me = seated_bots(t)[0]
    refused = allowed = 0
    for _ in range(600):
        t.run_bots()
        if t.game.is_over:
            break
        play_one(t, me, 0)
        t.run_bots()
        mine = max(i for i, s in enumerate(t.actors) if s == 0)
        span = t.blind[mine:]
        n, why = t.undo_check(0)
        if any(span):
            log, state = list(t.game.log), t.game.observe(0)
            assert n == 0 and UNDO_BLIND in str(why), why
            assert t.undo(0) == 0
            assert t.game.log == log and t.game.observe(0) == state  # the drawn card stays drawn
            refused += 1
        else:
            assert n == len(t.actors) - mine and why == ""
            if allowed < 3:  # a few real undos: the same move may be played again
                assert t.undo(0) == n
                play_one(t, me, 0)
            allowed += 1
    return refused, allowed


@pytest.mark.parametrize("game,players,options", GAMES, ids=[g[0] for g in GAMES])
def test_TABLE_UNDO_BLIND_solo(game, players, options):
    refused, allowed = solo_cases(game, players, options, seed=11)
    assert refused > 0 and allowed > 0  # both kinds happened in the game


def test_TABLE_UNDO_BLIND_steam_rollers_solo_against_olivia():
    refused, allowed = solo_cases("steam-rollers", 1, {}, seed=5)
    assert refused > 0 and allowed > 0


@pytest.mark.parametrize("game,players,options", GAMES, ids=[g[0] for g in GAMES])
def test_TABLE_UNDO_BLIND_shared_table(game, players, options):
    """At a shared table a player's own blind move of the turn still being played stays."""
    t = Table(players=players, humans=list(range(players)), seed=3, game=game, **options)
    choosers = seated_bots(t)
    blind_refused = blind_seen = 0
    for _ in range(800):
        if t.game.is_over:
            break
        seat = t.game.current_player
        play_one(t, choosers[seat], seat)
        n, why = t.undo_check(seat)
        if t.blind[-1]:
            blind_seen += 1
            assert n == 0
            if t.game.current_player == seat and not t.game.is_over:  # the turn goes on
                assert UNDO_BLIND in str(why) and f"'{t.log_text[-1]}'" in str(why)
                blind_refused += 1
        elif n:
            assert not any(t.blind[-n:])
    assert blind_seen > 0
    # Station Master: drawing a card ends the turn, so the turn rule already stops undo
    assert blind_refused > 0 or game == "station-master"


def test_TABLE_UNDO_BLIND_ticket_to_ride_deck_draw_stays():
    """The first of two deck draws cannot be taken back, so the card cannot be drawn again
    with that knowledge; a face-up draw refills blind from the deck and stays too."""
    t = Table(game="ticket-to-ride", players=2, humans=[0, 1], seed=4, map="teaching-small")
    while t.game.phase == "setup-tickets":
        s = t.game.current_player
        assert t.apply(s, "keep tickets 1,2") is None
    cp = t.game.current_player
    hand = dict(t.game.observe(cp)["hand"])
    assert t.apply(cp, "draw deck") is None and t.game.current_player == cp
    n, why = t.undo_check(cp)
    assert n == 0 and "draw deck" in str(why) and UNDO_BLIND in str(why)
    assert t.undo(cp) == 0
    assert sum(t.game.observe(cp)["hand"].values()) == sum(hand.values()) + 1


def test_TABLE_UNDO_BLIND_survives_save_and_load():
    """A loaded game knows which of its actions were blind (they are replayed)."""
    t = Table(game="ticket-to-ride", players=2, humans=[0], bots=["random"], seed=8, map="teaching-small")
    t.run_bots()
    while t.game.phase == "setup-tickets" or t.game.current_player != 0:
        if t.game.current_player == 0:
            assert t.apply(0, "keep tickets 1,2") is None
        t.run_bots()
    assert t.apply(0, "draw deck") is None
    saved = t.to_json_bytes().getvalue()
    other = Table(game="ticket-to-ride", players=2, humans=[0], bots=["random"], seed=1, map="teaching-small")
    other.load_json(saved)
    mine = max(i for i, s in enumerate(t.actors) if s == 0)
    assert other.blind == t.blind and other.blind[mine]
    assert other.undo_check(0)[0] == 0 and UNDO_BLIND in str(other.undo_check(0)[1])
