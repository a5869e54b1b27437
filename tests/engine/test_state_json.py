"""A state written as JSON reads back as the same state: every state of random games of
every registered game (and the test-only Toy), and what the codec refuses.

Snapshots store states in this form (docs/architecture.md, "How a state is rebuilt"); a
state that read back different would silently corrupt every load built on its snapshot.
"""

from __future__ import annotations

import dataclasses
import enum
import json
import random
from dataclasses import dataclass, field
from typing import Any, NamedTuple

import pytest

from games.engine.ruleset import RuleSet
from games.engine.state_json import StateJsonError, from_json, to_json
from games.registry import game_ids, rule_set
from games.simulation import random_step
from tests.toygame.rules import RULES as TOY

#: Every registered game, and the Toy (a game the platform does not know by name).
GAMES = [*game_ids(), "toy"]
SEEDS = (1, 2)


def rules_of(game: str) -> RuleSet[Any]:
    return TOY if game == "toy" else rule_set(game)


def same(a: object, b: object) -> bool:
    """``a == b``, and of the same classes all the way down: named tuples compare as tuples,
    so ``==`` alone would miss a part read back as another class (interned cards compare
    by identity, so a card read back as a copy differs already)."""
    if type(a) is not type(b):
        return False
    if isinstance(a, tuple):
        assert isinstance(b, tuple)
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b, strict=True))
    if dataclasses.is_dataclass(a):
        kept = [f.name for f in dataclasses.fields(a) if f.compare]
        return all(same(getattr(a, name), getattr(b, name)) for name in kept)
    return a == b


@pytest.mark.parametrize("game", GAMES)
def test_every_state_of_random_games_reads_back_from_its_json(game: str) -> None:
    rules = rules_of(game)
    states = 0
    for config in rules.example_configs():
        for seed in SEEDS:
            rng = random.Random(f"{game} {seed}")
            state = rules.new_game(config)
            while True:
                text = json.dumps(rules.state_to_json(state))
                back = rules.state_from_json(json.loads(text))
                assert back == state and same(back, state), (config, seed, states)
                states += 1
                if rules.is_terminal(state):
                    break
                state = rules.apply(state, *random_step(rules, state, rng))
    assert states > 10 * len(rules.example_configs())


def test_equal_states_write_the_same_json_whatever_the_order_of_their_sets() -> None:
    assert to_json(frozenset({10, 2, 33}), frozenset[int]) == [2, 10, 33]
    one, other = frozenset({"b", "a", "c"}), frozenset({"c", "a", "b"})
    assert to_json(one, frozenset[str]) == to_json(other, frozenset[str]) == ["a", "b", "c"]


class Colour(enum.Enum):
    RED = "red"
    BLUE = "blue"


class Drawn(NamedTuple):
    seat: int
    colour: Colour


@dataclass(frozen=True)
class Skipped:
    seat: int


@dataclass(frozen=True)
class Table:
    pending: Drawn | Skipped | None
    picks: tuple[Colour | str | None, ...]
    corner: tuple[int, int] = (0, 0)


def test_a_union_of_several_types_names_its_member_and_none_stays_null() -> None:
    table = Table(Drawn(2, Colour.RED), (Colour.BLUE, "pass", None), (3, -1))
    written = to_json(table, Table)
    assert written == {
        "pending": {"Drawn": {"seat": 2, "colour": "red"}},
        "picks": [{"Colour": "blue"}, {"str": "pass"}, None],
        "corner": [3, -1],
    }
    assert from_json(written, Table) == table
    assert from_json({**written, "pending": None}, Table).pending is None
    assert from_json({**written, "pending": {"Skipped": {"seat": 1}}}, Table).pending == Skipped(1)


@dataclass(frozen=True)
class Cached:
    """A value with a cache its ``__post_init__`` builds (as NMBR 9's stacks have)."""

    cells: tuple[int, ...]
    total: int = field(default=0, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "total", sum(self.cells))


def test_a_cache_is_left_out_and_rebuilt() -> None:
    written = to_json(Cached((1, 2, 3)), Cached)
    assert written == {"cells": [1, 2, 3]}
    assert from_json(written, Cached).total == 6


@dataclass(frozen=True)
class WithDict:
    scores: dict[str, int]


@dataclass
class Mutable:
    seat: int


@dataclass(frozen=True)
class Holder:
    inner: tuple[Mutable, ...]


@pytest.mark.parametrize(
    ("value", "kind", "message"),
    [
        (WithDict({"a": 1}), WithDict, "at scores: cannot store a dict[str, int]"),
        (Holder((Mutable(1),)), Holder, "at inner: Mutable is not a frozen dataclass"),
        (1.5, float, "cannot store a float"),
        (Table(None, (Colour.RED, 3)), Table, "at picks[1]: 3 is none of Colour, str"),
        (Table(None, [None]), Table, "at picks: expected a tuple, found [None]"),
        (Drawn(True, Colour.RED), Drawn, "at seat: expected an int, found True"),
    ],
    ids=["dict", "mutable", "float", "union", "list", "bool"],
)
def test_what_the_codec_cannot_write_is_refused_saying_where(
    value: object, kind: Any, message: str
) -> None:
    with pytest.raises(StateJsonError, match=message.replace("[", r"\[").replace("]", r"\]")):
        to_json(value, kind)


GOOD = {"pending": {"Drawn": {"seat": 2, "colour": "red"}}, "picks": [None], "corner": [0, 0]}


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({**GOOD, "extra": 1}, "a Table with unknown ['extra'], missing []"),
        ({"picks": [None], "corner": [0, 0]}, "missing ['pending']"),
        ({**GOOD, "pending": {"Lost": {}}}, "at pending: 'Lost' is none of Drawn, Skipped"),
        ({**GOOD, "pending": {"Drawn": {"seat": 2, "colour": "green"}}}, "'green' is no Colour"),
        ({**GOOD, "corner": [0]}, "at corner: expected 2 items"),
        ({**GOOD, "corner": [0, "1"]}, "at corner[1]: expected an int, found '1'"),
        ({**GOOD, "picks": [{"Colour": "red", "str": "pass"}]}, "at picks[0]: expected one of"),
    ],
    ids=["unknown key", "missing key", "unknown member", "bad enum", "short", "str", "two tags"],
)
def test_data_that_does_not_fit_the_type_is_refused_saying_where(
    data: dict[str, Any], message: str
) -> None:
    with pytest.raises(StateJsonError) as refused:
        from_json(data, Table)
    assert message in str(refused.value)
