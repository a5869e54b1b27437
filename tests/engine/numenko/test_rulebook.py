"""Every rule an action can break is documented in docs/rules-numenko.md, enforced by the
engine and exercised by a test; every test docs/numenko-tests.md names (the maintainers'
map of rules and decisions to tests) exists."""

import re
from pathlib import Path

import pytest

from games.engine.numenko import IllegalAction
from games.engine.numenko.rulebook import RULES

ROOT = Path(__file__).resolve().parents[3]
DOCS = (ROOT / "docs" / "rules-numenko.md").read_text()
TESTED = (ROOT / "docs" / "numenko-tests.md").read_text()
ENGINE_TESTS = "\n".join(
    path.read_text()
    for path in (ROOT / "tests" / "engine" / "numenko").glob("test_*.py")
    if path.name != Path(__file__).name
)
#: The engine's tests and the site's (the table, the API, the mails).
TESTS = "\n".join(
    [
        ENGINE_TESTS,
        *(path.read_text() for path in (ROOT / "tests" / "games" / "numenko").glob("test_*.py")),
        (ROOT / "tests" / "notifications" / "test_numenko_emails.py").read_text(),
    ]
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
    assert f'"{rule}"' in ENGINE_TESTS


@pytest.mark.parametrize("rule", sorted(RULES))
def test_each_rule_is_enforced_somewhere_in_the_engine(rule: str) -> None:
    assert f'"{rule}"' in ENGINE


def test_the_rules_page_names_no_test() -> None:
    """Players read docs/rules-numenko.md: the tests are in the maintainers' map."""
    assert not re.findall(r"test_\w+|tests/", DOCS)


@pytest.mark.parametrize("name", sorted(set(re.findall(r"`(test_\w+)`", TESTED))))
def test_each_test_the_docs_name_exists(name: str) -> None:
    assert f"def {name}(" in TESTS


def test_an_unknown_rule_id_is_a_bug() -> None:
    with pytest.raises(KeyError):
        IllegalAction("numenko.nonsense", "no such rule")
