"""The journal of a served table (railkit.viz.shell.journal): written after every accepted
move, read back into the same table; a torn last line is dropped, an edited or broken
journal is refused naming its file and line."""

from __future__ import annotations

import json
import os
import random
import time

import pytest

from railkit.viz.shell.journal import RESTARTING, TableStore, read_records
from railkit.viz.shell.lobby import Lobby
from railkit.viz.shell.table import NotAllowed, Table

GAMES = {"ticket-to-ride": {"map": "teaching-small"}, "steam-rollers": {}, "station-master": {}}


def shared_table(game: str, seed: int = 5, players: int = 3) -> Table:
    """Two people and a bot."""
    return Table(players=players, humans=[0, 1], bots=["random"], seed=seed, game=game, bot_delay=0,
                 **GAMES[game])


def play(t: Table, moves: int, rng: random.Random) -> int:
    """Up to ``moves`` actions, people's random legal ones and the bot's; returns how many."""
    n = 0
    while n < moves and not t.game.is_over:
        seat = t.game.current_player
        if t.is_human(seat):
            legal = t.game.legal_actions()
            assert t.apply(seat, legal[rng.randrange(len(legal))]) is None
        else:
            assert t.step_bot()
        n += 1
    return n


def journaled(folder, game: str, moves: int, seed: int, name: str = "t1") -> tuple[TableStore, Table]:
    """A closed journal of one shared table of ``game`` after ``moves`` random actions, and the table."""
    store = TableStore(folder, game)
    t = shared_table(game)
    store.attach(name, t)
    play(t, moves, random.Random(seed))
    store.close()
    return store, t


def restore(folder, game: str):
    return TableStore(folder, game).restore(bot_delay=0)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_restored_table_is_the_same_game_with_the_same_seats(game, tmp_path):
    store = TableStore(tmp_path, game)
    t = shared_table(game)
    store.attach("class-a", t)
    tokens = [t.join(0), t.join(1)]
    rng = random.Random(2)
    play(t, 25, rng)
    store.close()

    back = restore(tmp_path, game)
    assert back.refused == [] and back.torn == [] and list(back.tables) == ["class-a"]
    r = back.tables["class-a"]
    assert r.game.to_json() == t.game.to_json()  # the same actions, seed and rules: the same digest
    assert (r.humans, r.bot_names, r.actors, r.blind) == (t.humans, t.bot_names, t.actors, t.blind)
    assert [r.seat_of(k) for k in tokens] == [0, 1] and r.seat_of("guess") is None and r.free_seats() == []
    # journaled again from now on: the game plays to the end, and the journal replays to it
    moved = play(r, 100_000, rng)
    assert r.game.is_over
    r.journal.close()
    again = restore(tmp_path, game).tables["class-a"]
    assert len(again.game.log) == len(t.game.log) + moved and again.game.to_json() == r.game.to_json()


def test_the_file_is_for_the_server_user_only_and_holds_no_token(tmp_path):
    store = TableStore(tmp_path / "state", "steam-rollers")
    t = shared_table("steam-rollers")
    store.attach("t1", t)
    token = t.join(0)
    path = store.path("t1")
    assert path.stat().st_mode & 0o777 == 0o600 and (tmp_path / "state").stat().st_mode & 0o077 == 0
    assert token not in path.read_text() and token not in str(t._tokens)


def test_undo_new_game_and_load_are_journaled(tmp_path):
    store = TableStore(tmp_path, "steam-rollers")
    t = Table(players=1, humans=[0], seed=4, game="steam-rollers")  # alone: undo takes back anything not blind
    store.attach("solo", t)
    rng = random.Random(1)
    for _ in range(40):
        legal = t.game.legal_actions()
        t.apply(0, legal[rng.randrange(len(legal))])
        if t.undo_check(0)[0]:
            break
    assert t.undo(0) >= 1
    kinds = [r["k"] for r in read_records(store.path("solo"))[0]]
    assert kinds[:2] == ["table", "game"] and kinds[-1] == "undo"
    assert restore(tmp_path, "steam-rollers").tables["solo"].game.to_json() == t.game.to_json()

    t.new_game(seed=9)
    play(t, 3, rng)
    saved = t.game.to_json()
    t.load_json(Table(players=1, humans=[0], seed=11, game="steam-rollers").game.to_json())
    assert [r["k"] for r in read_records(store.path("solo"))[0]].count("game") == 3
    back = restore(tmp_path, "steam-rollers").tables["solo"]
    assert back.game.to_json() == t.game.to_json() and back.game.to_json() != saved and back.game.seed == 11


def test_a_torn_last_line_is_dropped_not_the_file(tmp_path):
    store, t = journaled(tmp_path, "station-master", 8, 3)
    path = store.path("t1")
    whole = path.read_bytes()
    with open(path, "ab") as fh:  # a crash in the middle of writing a move
        fh.write(b'{"a":"play 1 on T1","k":"mo')
    back = restore(tmp_path, "station-master")
    assert back.torn == [path.name] and back.refused == []
    assert back.tables["t1"].game.to_json() == t.game.to_json()
    assert path.read_bytes() == whole  # cut off, so that the next move starts a line of its own
    play(back.tables["t1"], 3, random.Random(4))
    back.tables["t1"].journal.close()
    assert restore(tmp_path, "station-master").tables["t1"].game.to_json() == back.tables["t1"].game.to_json()


@pytest.mark.parametrize("edit", ["change a move", "drop a line", "not JSON", "swap two moves"])
def test_an_edited_or_broken_journal_is_refused_naming_file_and_line(edit, tmp_path):
    store = TableStore(tmp_path, "ticket-to-ride")
    for name in ("edited", "fine"):
        t = shared_table("ticket-to-ride")
        store.attach(name, t)
        play(t, 12, random.Random(5))
    store.close()
    path = store.path("edited")
    lines = path.read_text().splitlines(keepends=True)
    k = 5  # a move, not the last line
    if edit == "change a move":
        rec = json.loads(lines[k])
        rec["seat"] = 1 - rec["seat"]
        lines[k] = json.dumps(rec, separators=(",", ":")) + "\n"
    elif edit == "drop a line":
        del lines[k]
    elif edit == "not JSON":
        lines[k] = lines[k][:20] + "\n"
    else:
        lines[k], lines[k + 1] = lines[k + 1], lines[k]
    path.write_text("".join(lines))
    back = restore(tmp_path, "ticket-to-ride")
    assert list(back.tables) == ["fine"] and len(back.refused) == 1
    assert str(path) in back.refused[0] and f"line {k + 1}" in back.refused[0]
    assert path.read_text() == "".join(lines)  # a refused journal is left as it is


def test_a_journal_rewritten_with_good_hashes_is_still_checked(tmp_path):
    """A move that is not legal is refused by the replay even with a fitting hash."""
    from railkit.viz.shell.journal import _canon, _chain

    store, _ = journaled(tmp_path, "steam-rollers", 6, 6)
    records, _, _ = read_records(store.path("t1"))
    records[4]["a"] = "pass pass pass"
    previous, out = "", []
    for rec in records:
        previous = _chain(previous, rec)
        out.append(_canon({**rec, "h": previous}) + "\n")
    store.path("t1").write_text("".join(out))
    back = restore(tmp_path, "steam-rollers")
    assert back.tables == {} and "line 5" in back.refused[0] and "legal action" in back.refused[0]


def test_finished_tables_are_kept_for_a_while_then_removed(tmp_path):
    store = TableStore(tmp_path, "steam-rollers")
    t = shared_table("steam-rollers", players=2)
    store.attach("done", t)
    play(t, 100_000, random.Random(7))
    assert t.game.is_over
    store.attach("running", shared_table("steam-rollers"))
    store.close()
    kept = TableStore(tmp_path, "steam-rollers", keep_finished=3600).restore()
    assert sorted(kept.tables) == ["done", "running"] and kept.removed == []
    for j in TableStore(tmp_path, "steam-rollers").journals.values():
        j.close()
    old = time.time() - 7200
    os.utime(store.path("done"), (old, old))
    os.utime(store.path("running"), (old, old))
    later = TableStore(tmp_path, "steam-rollers", keep_finished=3600).restore()
    assert list(later.tables) == ["running"] and later.removed == [store.path("done").name]
    assert not store.path("done").exists()


def test_another_games_journals_are_left_alone(tmp_path):
    store = TableStore(tmp_path, "station-master")
    store.attach("t1", shared_table("station-master"))
    store.close()
    back = restore(tmp_path, "steam-rollers")
    assert back.tables == {} and back.refused == [] and store.path("t1").exists()


def test_a_stopped_table_takes_no_more_moves(tmp_path):
    store = TableStore(tmp_path, "steam-rollers")
    t = shared_table("steam-rollers")
    store.attach("t1", t)
    store.close()
    legal = t.game.legal_actions()
    err = t.apply(t.game.current_player, legal[0])
    assert isinstance(err, NotAllowed) and err.reason == RESTARTING and t.game.log == []
    assert t.step_bot() is False


def test_the_lobby_journals_its_tables_and_keeps_kept_names(tmp_path):
    store = TableStore(tmp_path, "steam-rollers")
    tables: dict = {}
    lobby = Lobby("steam-rollers", 2, defaults={"bot_delay": 0}, tables=tables, auto=False, store=store)
    assert lobby.make_table("class-a") == "class-a" and store.path("class-a").exists()
    store.close()
    back = TableStore(tmp_path, "steam-rollers")
    tables = dict(back.restore().tables)
    lobby = Lobby("steam-rollers", 2, defaults={"bot_delay": 0}, tables=tables, auto=False, store=back)
    assert list(tables) == ["class-a"]
    (tmp_path / "steam-rollers.table-2.jsonl").write_text("broken\n")  # a refused journal keeps its name
    assert lobby.make_table() == "table-3"
    with pytest.raises(NotAllowed, match="already a table called table-2"):
        lobby.make_table("table-2")
