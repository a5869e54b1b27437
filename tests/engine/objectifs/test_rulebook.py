"""Every rule an action can break is listed in docs/rules-objectifs-tests.md with its
statement, enforced by the engine and exercised by a test; every test that page names
exists. (The rules page players read, docs/rules-objectifs.md, names no test.)"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from games.engine.objectifs import IllegalAction
from games.engine.objectifs.rulebook import RULES

ROOT = Path(__file__).resolve().parents[3]
DOCS = (ROOT / "docs" / "rules-objectifs-tests.md").read_text()
PLAYERS = (ROOT / "docs" / "rules-objectifs.md").read_text()
TESTS = "\n".join(
    path.read_text()
    for path in (ROOT / "tests" / "engine" / "objectifs").glob("test_*.py")
    if path.name != Path(__file__).name
)
ENGINE = "\n".join(
    path.read_text()
    for path in (ROOT / "games" / "engine" / "objectifs").glob("*.py")
    if path.name != "rulebook.py"
)


@pytest.mark.parametrize("rule", sorted(RULES))
def test_each_rule_is_listed_with_its_statement(rule: str) -> None:
    assert f"| `{rule}` | {RULES[rule]} |" in DOCS


@pytest.mark.parametrize("rule", sorted(RULES))
def test_each_rule_is_asserted_by_a_test(rule: str) -> None:
    assert f'"{rule}"' in TESTS


@pytest.mark.parametrize("rule", sorted(RULES))
def test_each_rule_is_enforced_somewhere_in_the_engine(rule: str) -> None:
    assert f'"{rule}"' in ENGINE


@pytest.mark.parametrize("name", sorted(set(re.findall(r"`(test_\w+)`", DOCS))))
def test_each_test_the_docs_name_exists(name: str) -> None:
    assert f"def {name}(" in TESTS


def test_the_players_page_names_no_test_and_no_source_path() -> None:
    assert not re.search(r"`test_\w+`|games/engine|tests/", PLAYERS)


def test_an_unknown_rule_id_is_a_bug() -> None:
    with pytest.raises(KeyError):
        IllegalAction("pli.nonsense", "no such rule")
