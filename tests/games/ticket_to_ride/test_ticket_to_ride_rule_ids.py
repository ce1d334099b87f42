"""Every Ticket to Ride rule id is in the rules reference, enforced in the code and has a test named after it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from railkit.games.ticket_to_ride.rule_ids import RULES

ROOT = Path(__file__).resolve().parents[3]
PKG = ROOT / "railkit/games/ticket_to_ride"
CODE = "\n".join(p.read_text() for p in PKG.glob("*.py") if p.name not in ("rule_ids.py", "__init__.py"))
TESTS = "\n".join(p.read_text() for p in (ROOT / "tests").rglob("test_*.py"))
TEST_NAMES = set(re.findall(r"def (test_\w+)", TESTS))
RULES_MD = (ROOT / "docs/rules/ticket-to-ride.md").read_text()


@pytest.mark.parametrize("rule", sorted(RULES))
def test_rule_id_is_enforced_and_tested(rule):
    # the whole id, not the start of a longer one (TTR-CLAIM is not TTR-CLAIM-PAY)
    assert re.search(rf"{rule}(?![-\w])", CODE), f"{rule} is not used in the code"
    stem = "test_" + rule.replace("-", "_")
    assert any(name == stem or name.startswith(stem + "_") for name in TEST_NAMES), f"no test named {stem}..."


def test_rule_ids_are_those_of_the_rules_reference():
    # the reference writes its ids without the TTR- prefix (a few with it)
    named = set(re.findall(r"\b((?:TTR-)?[A-Z]+(?:-[A-Z0-9]+)+|TTR-[A-Z]+)\b", RULES_MD))
    assert {"TTR-" + i.removeprefix("TTR-") for i in named} == set(RULES)
    for source, text in RULES.values():
        assert source in ("seed", "confirmed", "railkit") and text.endswith(".")


def test_rule_ids_in_the_code_are_known():
    used = set(re.findall(r'"(TTR-[A-Z0-9-]+)"', CODE)) | set(re.findall(r"# (TTR-[A-Z0-9-]*[A-Z0-9])", CODE))
    assert used <= set(RULES), used - set(RULES)
