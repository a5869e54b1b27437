"""Numenko behind the platform's RuleSet protocol."""

from __future__ import annotations

import dataclasses
import enum
import json
import random
import types
import typing
from pathlib import Path

import pytest

from games.engine.numenko import (
    CHANCE,
    RULES,
    ConfigError,
    Grid,
    Mode,
    NumenkoConfig,
    NumenkoState,
    Play,
)
from games.engine.numenko.positions import arrange
from games.engine.numenko.state import STATE_FORMAT, Phase

from .conftest import play


def test_the_rule_set_describes_itself() -> None:
    assert RULES.name == "numenko"
    assert (RULES.min_players, RULES.max_players, RULES.chance) == (2, 6, CHANCE)
    assert RULES.pass_notation == "pass"
    assert RULES.payload_upcasters == {}
    assert RULES.marks_of_others == {"awaiting", "submitted"}


def test_the_example_configurations_cover_every_player_count_in_both_modes() -> None:
    configs = RULES.example_configs()
    assert {(config["players"], config["mode"]) for config in configs} == {
        (players, mode.value) for players in range(2, 7) for mode in Mode
    }
    for config in configs:
        RULES.new_game(config)


@pytest.mark.parametrize(
    "config",
    [{"players": 1}, {"players": 7}, {"players": "2"}, {"players": 3, "mode": "fast"}, {"x": 1}],
)
def test_a_bad_configuration_is_refused(config: dict[str, object]) -> None:
    with pytest.raises(ConfigError):
        RULES.new_game(config)


def test_the_mode_is_rounds_unless_live_is_asked() -> None:
    assert RULES.new_game({"players": 2}).config == NumenkoConfig(2, Mode.ROUNDS)
    assert RULES.new_game({"players": 2, "mode": "live"}).config.mode is Mode.LIVE


def test_chance_deals_then_draws_and_records_the_pot() -> None:
    rng = random.Random(5)
    state = RULES.new_game({"players": 3})
    deal = RULES.chance_action(state, rng)
    assert deal is not None and RULES.action_type(deal) == "deal"
    after = RULES.apply(state, CHANCE, deal)
    assert RULES.facts(state, after) == {"pot": 150 - 60 + 5}
    assert RULES.chance_action(after, rng) is None
    assert RULES.progress(after).awaiting == {0, 1, 2}


def test_a_round_records_its_round_and_ends_with_its_milestone() -> None:
    state = arrange(["2x4=8", "1+1=2"], ["79", "5M"])
    move = RULES.parse_action("exchange 9")
    after = RULES.apply(state, 0, move)
    assert RULES.effects(state, 0, move, after) == {"round": 1}
    after = play(after, 1, "pass")
    draw = RULES.chance_action(after, random.Random(1))
    assert draw is not None
    served = RULES.apply(after, CHANCE, draw)
    assert RULES.milestones(after, served) == [
        (
            "round-ended",
            {
                "round": 1,
                "order": [0],
                "asked": ["exchange", None],
                "served": [True, False],
                "grids": [["2x4=8"], ["1+1=2"]],
            },
        )
    ]
    assert RULES.progress(served).round == 2


def test_live_moves_record_no_round_and_no_round_milestone() -> None:
    state = arrange(["2x4=8", "1+1=2"], ["79", "5M"], Mode.LIVE)
    move = RULES.parse_action("exchange 9")
    after = RULES.apply(state, 0, move)
    assert RULES.effects(state, 0, move, after) == {}
    draw = RULES.chance_action(after, random.Random(1))
    assert draw is not None
    assert RULES.milestones(after, RULES.apply(after, CHANCE, draw)) == []
    assert RULES.progress(after).round == 0


def test_a_state_is_made_of_frozen_records_tuples_enums_and_plain_values() -> None:
    """What a generic snapshot codec reads from the type hints alone: frozen dataclasses
    and named tuples (the state itself), tuples, enums and plain values."""
    plain = (int, str, bool, type(None))
    seen: set[object] = set()

    def check(hint: object) -> None:
        if hint in seen:
            return
        seen.add(hint)
        origin = typing.get_origin(hint)
        if origin in (tuple, frozenset, types.UnionType, typing.Union):
            for argument in typing.get_args(hint):
                if argument is not Ellipsis:
                    check(argument)
        elif isinstance(hint, type) and issubclass(hint, enum.Enum):
            return
        elif dataclasses.is_dataclass(hint) or (
            isinstance(hint, type) and issubclass(hint, tuple) and hasattr(hint, "_fields")
        ):
            assert isinstance(hint, type)
            assert not dataclasses.is_dataclass(hint) or hint.__dataclass_params__.frozen  # type: ignore[attr-defined]
            for field_hint in typing.get_type_hints(hint).values():
                check(field_hint)
        else:
            assert hint in plain, hint

    check(NumenkoState)
    assert Grid in seen and Play in seen


#: Two states of a 3-player game as snapshots of format ``numenko-state-1`` store them,
#: written when the state, its squares and its requests were dataclasses: mid-round, two
#: seats' moves waiting secretly (grids among them); and every seat's request waiting for
#: chance's draw.
STORED_STATES = Path(__file__).with_name("data") / "numenko-state-1.json"


def test_snapshots_stored_in_the_first_format_still_read_and_write_the_same() -> None:
    """The state became named tuples without a new snapshot format: the snapshots stored
    before must read back, and the state must write the same JSON, or games would load
    from a wrong state rather than be rebuilt."""
    assert STATE_FORMAT == "numenko-state-1"
    waiting, drawing = json.loads(STORED_STATES.read_text())
    for stored in (waiting, drawing):
        assert RULES.state_to_json(RULES.state_from_json(stored)) == stored
    state = RULES.state_from_json(waiting)
    assert state.phase is Phase.PLAY
    assert [move is not None for move in state.submitted] == [False, True, True]
    # The seat left to move reveals the round: the secret moves stored apply.
    moved = RULES.apply(state, 0, RULES.parse_action("pass"))
    assert moved.submitted == (None, None, None)
    assert RULES.state_from_json(RULES.state_to_json(moved)) == moved
    state = RULES.state_from_json(drawing)
    assert state.phase is Phase.DRAW and all(state.asked)
    draw = RULES.chance_action(state, random.Random(1))
    assert draw is not None
    served = RULES.apply(state, CHANCE, draw)
    assert RULES.state_from_json(RULES.state_to_json(served)) == served
