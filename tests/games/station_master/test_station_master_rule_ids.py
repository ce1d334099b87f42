"""Every Station Master rule id is in the package's rule table, enforced in the code and has a test named after it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import railkit.games.station_master as pkg
from railkit.core.errors import IllegalMove
from railkit.games.station_master import StationMasterGame
from railkit.games.station_master.rule_ids import RULES

ROOT = Path(__file__).resolve().parents[3]
PKG = ROOT / "railkit/games/station_master"
CODE = "\n".join(p.read_text() for p in PKG.glob("*.py") if p.name not in ("rule_ids.py", "__init__.py"))
TESTS = "\n".join(p.read_text() for p in (ROOT / "tests").rglob("test_*.py"))
TEST_NAMES = set(re.findall(r"def (test_\w+)", TESTS))


@pytest.mark.parametrize("rule", sorted(RULES))
def test_rule_id_is_enforced_and_tested(rule):
    # the whole id, not the start of a longer one (SM-SCORE is not SM-SCORE-...)
    assert re.search(rf"{rule}(?![-\w])", CODE), f"{rule} is not used in the code"
    stem = "test_" + rule.replace("-", "_")
    assert any(name == stem or name.startswith(stem + "_") for name in TEST_NAMES), f"no test named {stem}..."


def test_rule_table_in_the_package_docstring_agrees():
    listed = dict(re.findall(r"^(SM-[A-Z-]+)\s+\[(\w+)\]", pkg.__doc__, re.M))
    assert listed == {rule: source for rule, (source, _) in RULES.items()}
    for source, text in RULES.values():
        assert source in ("seed", "confirmed", "railkit") and text.endswith(".")


def test_rule_ids_in_the_code_are_known():
    used = set(re.findall(r'"(SM-[A-Z-]*[A-Z])"', CODE)) | set(re.findall(r"# (SM-[A-Z-]*[A-Z])", CODE))
    assert used <= set(RULES), used - set(RULES)


def test_SM_PASS_only_when_no_chip_or_card_can_be_played():
    setup = {"station": ["L5", "L4"], "hands": [["uncouple"], ["uncouple"]], "discard": [], "draw": [], "to_move": 0}
    g = StationMasterGame({"chip_values": [1]}, players=2, seed=0, setup=setup)
    g.discard.extend(g.draw_pile)
    g.draw_pile.clear()
    assert "pass" not in [str(a) for a in g.legal_actions()]  # a chip can still be placed
    with pytest.raises(IllegalMove) as e:
        g.apply("pass")
    assert e.value.rule == "SM-PASS"
    g.apply("chip 1 on T1")  # seat 0's only chip
    g.apply("chip 1 on T1")  # seat 1's; Uncouple has no carriage to take off
    assert [str(a) for a in g.legal_actions()] == ["pass"]
    g.apply("pass")
    assert g.passes == 1 and g.current_player == 1
