"""Every rule id of every game is in its package's rule table and docstring, enforced in the
code where the rule is checked, and has a test named after it (``test_TTR_DOUBLE_SMALL...``);
every id the code uses is in the table.

Each game's ``rule_ids.RULES`` maps an id to ``(source, one-line rule)``; the source is
``seed`` (the user's rule texts), ``confirmed`` (public sources) or ``railkit`` (a ruling
where the rules are silent, kept as a rule parameter or data).
"""

from __future__ import annotations

import importlib
import re
from pathlib import Path

import pytest

from railkit.games import get_spec, names

ROOT = Path(__file__).resolve().parents[2]
TESTS = "\n".join(p.read_text() for p in (ROOT / "tests").rglob("test_*.py"))
TEST_NAMES = set(re.findall(r"def (test_\w+)", TESTS))
#: the maps layer checks the data files (a Steam Rollers sheet's SR-SHEET-* rules)
DATA_CODE = "\n".join(p.read_text() for p in (ROOT / "railkit/maps").glob("*.py"))
#: the games whose rules reference in docs/rules/ writes every rule's id (without the prefix)
REFERENCE_NAMES_IDS = {"ticket-to-ride"}


def rules_of(game: str) -> dict[str, tuple[str, str]]:
    return importlib.import_module(f"railkit.games.{get_spec(game).package}.rule_ids").RULES


def prefix_of(game: str) -> str:
    return next(iter(rules_of(game))).split("-")[0]


def code_of(game: str) -> str:
    folder = ROOT / "railkit/games" / get_spec(game).package
    return "\n".join(p.read_text() for p in folder.glob("*.py") if p.name not in ("rule_ids.py", "__init__.py"))


ALL_RULES = [(game, rule) for game in names() for rule in sorted(rules_of(game))]


@pytest.mark.parametrize("game,rule", ALL_RULES)
def test_rule_id_is_enforced_and_tested(game, rule):
    # the whole id, not the start of a longer one (TTR-CLAIM is not TTR-CLAIM-PAY)
    assert re.search(rf"{rule}(?![-\w])", code_of(game) + DATA_CODE), f"{rule} is not used in the code"
    stem = "test_" + rule.replace("-", "_")
    assert any(name == stem or name.startswith(stem + "_") for name in TEST_NAMES), f"no test named {stem}..."


@pytest.mark.parametrize("game", names())
def test_rule_table_has_one_prefix_and_plain_sources(game):
    rules, prefix = rules_of(game), prefix_of(game)
    assert all(rule.startswith(prefix + "-") for rule in rules)
    for source, text in rules.values():
        assert source in ("seed", "confirmed", "railkit") and text.endswith(".")


@pytest.mark.parametrize("game", names())
def test_rule_table_in_the_package_docstring_agrees(game):
    doc = importlib.import_module(f"railkit.games.{get_spec(game).package}").__doc__
    listed = dict(re.findall(rf"^({prefix_of(game)}-[A-Z0-9-]+)\s+\[?(\w+)\]?", doc, re.M))
    assert listed == {rule: source for rule, (source, _) in rules_of(game).items()}


@pytest.mark.parametrize("game", names())
def test_rule_ids_in_the_code_are_known(game):
    prefix, code = prefix_of(game), code_of(game) + DATA_CODE
    used = set(re.findall(rf'"({prefix}-[A-Z0-9-]*[A-Z0-9])"', code)) | set(
        re.findall(rf"# ({prefix}-[A-Z0-9-]*[A-Z0-9])", code))
    assert used <= set(rules_of(game)), used - set(rules_of(game))


@pytest.mark.parametrize("game", sorted(REFERENCE_NAMES_IDS))
def test_rule_ids_are_those_of_the_rules_reference(game):
    prefix = prefix_of(game)
    reference = (ROOT / "docs/rules" / f"{game}.md").read_text()
    named = set(re.findall(rf"\b((?:{prefix}-)?[A-Z]+(?:-[A-Z0-9]+)+|{prefix}-[A-Z]+)\b", reference))
    assert {f"{prefix}-" + i.removeprefix(prefix + "-") for i in named} == set(rules_of(game))
