"""The decision check of speed work (``benchmarks/action_logs.py``) runs and is reproducible."""

import importlib.util
from pathlib import Path

import pytest

SCRIPT = Path(__file__).resolve().parents[1] / "benchmarks" / "action_logs.py"


def _script():
    spec = importlib.util.spec_from_file_location("action_logs", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_action_logs_are_the_same_on_a_second_run(tmp_path, capsys):
    script = _script()
    first, second = tmp_path / "a.txt", tmp_path / "b.txt"
    assert script.main([str(first), "--games", "5", "--hard", "0"]) == 0
    printed = capsys.readouterr().out
    assert script.main([str(second), "--games", "5", "--hard", "0"]) == 0
    assert capsys.readouterr().out == printed
    text = first.read_text(encoding="utf-8")
    assert text == second.read_text(encoding="utf-8")
    lines = text.splitlines()
    assert [line for line in lines if line.startswith("#")] == [
        "# ticket-to-ride", "# steam-rollers", "# station-master"]
    games = [line for line in lines if not line.startswith("#")]
    assert len(games) == 15
    assert all(len(line.split(" ", 3)[3].split("|")) > 5 for line in games)  # whole games, not empty logs
    # Steam Rollers game 0 is solo against Olivia, at her first level
    assert lines[lines.index("# steam-rollers") + 1].split(" ")[2] == "base,clerk"


def test_action_logs_refuse_a_negative_count(tmp_path, capsys):
    with pytest.raises(SystemExit) as e:
        _script().main([str(tmp_path / "a.txt"), "--games", "-1"])
    assert e.value.code == 2
    assert "--games and --hard are counts" in capsys.readouterr().err
    assert not (tmp_path / "a.txt").exists()
