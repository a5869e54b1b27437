"""Every rule an action can break is documented in docs/rules-numenko.md, enforced by the
engine and exercised by a test; every test the docs name exists."""

import re
from pathlib import Path

import pytest

from games.engine.numenko import IllegalAction
from games.engine.numenko.rulebook import RULES

ROOT = Path(__file__).resolve().parents[3]
DOCS = (ROOT / "docs" / "rules-numenko.md").read_text()
TESTS = "\n".join(
    path.read_text()
    for path in (ROOT / "tests" / "engine" / "numenko").glob("test_*.py")
    if path.name != Path(__file__).name
)
ENGINE = "\n".join(
    path.read_text()
    for path in (ROOT / "games" / "engine" / "numenko").glob("*.py")
    if path.name != "rulebook.py"
)


@pytest.mark.parametrize("rule", sorted(RULES))
def test_each_rule_is_documented_with_its_identifier(rule: str) -> None:
    assert f"`{rule}`" in DOCS


@pytest.mark.parametrize("rule", sorted(RULES))
def test_each_rule_is_asserted_by_a_test(rule: str) -> None:
    assert f'"{rule}"' in TESTS


@pytest.mark.parametrize("rule", sorted(RULES))
def test_each_rule_is_enforced_somewhere_in_the_engine(rule: str) -> None:
    assert f'"{rule}"' in ENGINE


@pytest.mark.parametrize("name", sorted(set(re.findall(r"`(test_\w+)`", DOCS))))
def test_each_test_the_docs_name_exists(name: str) -> None:
    assert f"def {name}(" in TESTS


def test_an_unknown_rule_id_is_a_bug() -> None:
    with pytest.raises(KeyError):
        IllegalAction("numenko.nonsense", "no such rule")
