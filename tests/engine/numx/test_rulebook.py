"""Every rule an action can break is documented in docs/rules.md and exercised by a test."""

from pathlib import Path

import pytest

from games.engine.numx.errors import IllegalAction
from games.engine.numx.rulebook import RULES
from games.engine.numx.scoring import ScoreRule

ROOT = Path(__file__).resolve().parents[3]
DOCS = (ROOT / "docs" / "rules.md").read_text()
TESTS = "\n".join(
    path.read_text()
    for path in (ROOT / "tests").rglob("test_*.py")
    if path.name != Path(__file__).name
)
#: The engine's code, without the rule book that states every rule (and so names them all).
ENGINE = "\n".join(
    path.read_text()
    for path in (ROOT / "games" / "engine").rglob("*.py")
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


@pytest.mark.parametrize("rule", [rule.value for rule in ScoreRule])
def test_each_scoring_rule_is_documented(rule: str) -> None:
    assert f"`{rule}`" in DOCS


def test_an_illegal_action_names_its_rule_and_states_it() -> None:
    error = IllegalAction("pli.higher", "5 is not higher than 7")
    assert error.rule == "pli.higher"
    assert error.statement == RULES["pli.higher"]
    assert "5 is not higher than 7" in str(error)
    with pytest.raises(KeyError):
        IllegalAction("no.such-rule", "")
