"""The decision check of speed work (``benchmarks/action_logs.py``) runs and is reproducible."""

import importlib.util
from pathlib import Path

import pytest

SCRIPT = Path(__file__).resolve().parents[1] / "benchmarks" / "action_logs.py"


def _load(path: Path):
    """A benchmark script as a module (it is not in a package)."""
    spec = importlib.util.spec_from_file_location(path.stem, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _script():
    return _load(SCRIPT)


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


TABLE = Path(__file__).resolve().parents[1] / "benchmarks" / "speed_table.py"


def _table():
    return _load(TABLE)


def test_speed_table_prints_every_figure_beside_its_target(capsys):
    table = _table()
    assert table.main(["--rounds", "1", "--scale", "0.01"]) == 0
    lines = capsys.readouterr().out.splitlines()
    rows = {line[:36].strip(): line[36:].split() for line in lines[3:]}
    assert list(rows) == [name for name, _, _ in table.FIGURES]
    for name, target, _ in table.FIGURES:
        games_per_second, shown_target = rows[name][:2]
        assert float(games_per_second) > 0 and int(shown_target) == target


def test_speed_table_measures_a_second_checkout_in_turns(capsys):
    """Against the same checkout: both columns and their ratio, from a second Python."""
    table = _table()
    root = TABLE.parents[1]
    assert table.main(["--rounds", "1", "--scale", "0.01", "--against", str(root)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[2].split() == ["figure", "games/s", "target", "against", "ratio"]
    for line in lines[3:]:
        mine, _, theirs, ratio = (float(x) for x in line[36:].split()[:4])
        assert mine > 0 and theirs > 0 and abs(ratio - mine / theirs) < 0.01 + 0.01 * ratio


@pytest.mark.parametrize("args, says", [(["--rounds", "0"], "--rounds must be 1 or more"),
                                        (["--against", "/"], "no railkit package in that folder")])
def test_speed_table_refuses_bad_arguments(args, says, capsys):
    with pytest.raises(SystemExit) as e:
        _table().main(args)
    assert e.value.code == 2
    assert says in capsys.readouterr().err
