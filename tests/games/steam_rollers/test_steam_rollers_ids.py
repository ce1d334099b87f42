"""Every Steam Rollers rule id is enforced somewhere in the code and has a test named after it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from railkit.games.steam_rollers import RULES
import railkit.games.steam_rollers as pkg

ROOT = Path(__file__).resolve().parents[3]
CODE = "\n".join(p.read_text() for p in [*(ROOT / "railkit/games/steam_rollers").glob("*.py"), ROOT / "railkit/maps/sheets.py"]
                 if p.name != "rule_ids.py" and p.name != "__init__.py")
TESTS = "\n".join(p.read_text() for p in (ROOT / "tests").rglob("test_*.py"))
TEST_NAMES = set(re.findall(r"def (test_\w+)", TESTS))


@pytest.mark.parametrize("rule", sorted(RULES))
def test_rule_id_is_enforced_and_tested(rule):
    assert rule in CODE, f"{rule} is not used in the code"
    stem = "test_" + rule.replace("-", "_")
    assert any(name == stem or name.startswith(stem + "_") for name in TEST_NAMES), f"no test named {stem}..."


def test_rule_table_in_the_package_docstring():
    for rule, (source, _) in RULES.items():
        assert rule in pkg.__doc__
        assert source in ("seed", "confirmed", "railkit")


def test_rule_ids_in_illegal_moves_are_known():
    used = set(re.findall(r'"(SR-[A-Z0-9-]+)"', CODE))
    assert used <= set(RULES), used - set(RULES)
