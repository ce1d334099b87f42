"""``railkit serve``: every argument is checked before a server starts, with a plain message."""

from __future__ import annotations

import pytest

from railkit.cli import main


@pytest.mark.parametrize("argv, expected", [
    (["serve", "ticket-to-ride", "--seats", "0"], "--seats: expected 1 to 5 people"),
    (["serve", "ticket-to-ride", "--seats", "9"], "--seats: expected 1 to 5 people"),
    (["serve", "ticket-to-ride", "--bots", "nobody"], "one of destination-hungry, easy, greedy-route, hard, long-route, mcts, medium"),
    (["serve", "ticket-to-ride", "--rules", '{"hand_size": -3}'], "hand_size"),
    (["serve", "ticket-to-ride", "--rules", "{not json"], "--rules"),
])
def test_serve_refuses_bad_arguments_before_starting(argv, expected, capsys, monkeypatch):
    import railkit.viz.shell.serve as app

    monkeypatch.setattr(app, "serve", lambda *a, **k: pytest.fail("the server must not start"))
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert expected in err and "Traceback" not in err


def test_serve_bad_port_is_an_argument_error(capsys):
    assert main(["serve", "ticket-to-ride", "--port", "99999"]) == 2
    assert "expected a port number from 1 to 65535" in capsys.readouterr().err


def test_serve_prints_the_lobby_url_and_passes_every_option(capsys, monkeypatch, tmp_path):
    import railkit.viz.shell.serve as app

    monkeypatch.chdir(tmp_path)
    seen = {}
    monkeypatch.setattr(app, "serve", lambda game, **kw: seen.update(game=game, **kw))
    assert main(["serve", "ticket-to-ride", "--seats", "3", "--port", "5123", "--bots", "tickets", "--seed", "4",
                 "--map", "teaching-small", "--bot-delay", "0.2", "--rules", '{"hand_size": 6}']) == 0
    out = capsys.readouterr().out
    kept = (tmp_path / "railkit-tables").resolve()
    assert "the lobby" in out and "http://127.0.0.1:5123/" in out and f"tables are kept in {kept}" in out
    assert seen == {"game": "ticket-to-ride", "port": 5123, "seats": 3, "show": False, "address": "127.0.0.1",
                    "map": "teaching-small", "seed": 4, "bots": "tickets", "bot_delay": 0.2,
                    "rules": {"hand_size": 6}, "basic_auth": None, "state_dir": kept, "keep_finished": 86400,
                    "hotseat": False}


def test_serve_hotseat_opens_no_lobby_and_keeps_no_tables(capsys, monkeypatch, tmp_path):
    import railkit.viz.shell.serve as app

    monkeypatch.chdir(tmp_path)
    seen = {}
    monkeypatch.setattr(app, "serve", lambda game, **kw: seen.update(kw))
    assert main(["serve", "station-master", "--seats", "2", "--hotseat"]) == 0
    out = capsys.readouterr().out
    assert "a hot-seat game for 2 people at one screen" in out and "lobby" not in out and "kept" not in out
    assert seen["hotseat"] is True and seen["seats"] == 2 and seen["state_dir"] is None
    assert not (tmp_path / "railkit-tables").exists()


def test_serve_state_dir_and_keep_finished(capsys, monkeypatch, tmp_path):
    """``--state-dir`` is made (this user only); ``--keep-finished`` takes 90s, 30m, 12h, 2d; a
    solo server (``--seats 1``) keeps no tables."""
    import railkit.viz.shell.serve as app

    seen = {}
    monkeypatch.setattr(app, "serve", lambda game, **kw: seen.update(kw))
    folder = tmp_path / "kept"
    assert main(["serve", "steam-rollers", "--seats", "2", "--state-dir", str(folder), "--keep-finished", "12h"]) == 0
    assert seen["state_dir"] == folder.resolve() and seen["keep_finished"] == 12 * 3600
    assert folder.is_dir() and folder.stat().st_mode & 0o077 == 0
    assert f"tables are kept in {folder.resolve()}" in capsys.readouterr().out
    assert main(["serve", "steam-rollers", "--seats", "1", "--state-dir", str(folder)]) == 0
    assert seen["state_dir"] is None and "kept in" not in capsys.readouterr().out
    assert main(["serve", "steam-rollers", "--seats", "2", "--keep-finished", "soon"]) == 2
    assert "expected a time such as 90s" in capsys.readouterr().err
    (tmp_path / "file").write_text("")
    assert main(["serve", "steam-rollers", "--seats", "2", "--state-dir", str(tmp_path / "file" / "x")]) == 2
    err = capsys.readouterr().err
    assert "--state-dir" in err and "Traceback" not in err


def test_serve_basic_auth_is_passed_to_panel(capsys, monkeypatch):
    import railkit.viz.shell.serve as app

    seen = {}
    monkeypatch.setattr(app, "serve", lambda game, **kw: seen.update(kw))
    assert main(["serve", "ticket-to-ride", "--port", "5124", "--basic-auth", "class-password"]) == 0
    assert seen["basic_auth"] == "class-password" and "password is asked" in capsys.readouterr().out


@pytest.mark.parametrize("rules", [["trains=30", "hand_size=6"], ['{"trains": 30, "hand_size": 6}'],
                                   ["trains=30", '{"hand_size": 6}']])
def test_serve_takes_rules_in_the_same_forms_as_simulate(rules, capsys, monkeypatch):
    """``--rules`` is ``key=value ...`` in both commands, and a JSON object in both too."""
    import railkit.viz.shell.serve as app
    from railkit.cli import build_parser

    seen = {}
    monkeypatch.setattr(app, "serve", lambda game, **kw: seen.update(kw))
    assert main(["serve", "ticket-to-ride", "--agents", "tickets", "--rules", *rules]) == 0
    assert seen["rules"] == {"trains": 30, "hand_size": 6} and seen["bots"] == "tickets"
    simulate = build_parser().parse_args(["simulate", "ticket-to-ride", "--rules", *rules])
    assert simulate.rules == rules  # the same option shape; simulate reads it with the same parser


@pytest.mark.parametrize("command", ["serve", "simulate"])
def test_help_lists_every_games_bots(command, capsys):
    from railkit.agents import agents_of
    from railkit.games import specs

    assert main([command, "--help"]) == 0
    out = capsys.readouterr().out
    for spec in specs():
        assert f"  {spec.name}: {', '.join(sorted(agents_of(spec)))}" in out
