"""Objectifs behind the platform's protocol: configuration, progress, milestones, what a
pending choice rests on."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from games.engine.objectifs import (
    CHANCE,
    RULES,
    ConfigError,
    ObjectifsConfig,
    Phase,
    apply,
    new_game,
)
from games.engine.objectifs.positions import arrange
from games.engine.objectifs.state import STATE_FORMAT
from games.engine.ruleset import MILESTONE_TYPES, Progress

from .conftest import act, deal


def test_the_configuration_holds_players_and_the_two_table_options() -> None:
    state = RULES.new_game({"players": 4, "objectives": False, "infinity_four": True})
    assert state.config == ObjectifsConfig(4, objectives=False, infinity_four=True)
    assert RULES.new_game({"players": 2}).config.to_json() == {
        "players": 2,
        "objectives": True,
        "infinity_four": False,
    }


@pytest.mark.parametrize(
    "config",
    [
        {"players": 1},
        {"players": 7},
        {"players": "4"},
        {"players": 4, "teams": True},
        {"players": 4, "objectives": 1},
    ],
)
def test_a_bad_configuration_is_refused(config: dict[str, object]) -> None:
    with pytest.raises(ConfigError):
        RULES.new_game(config)


def test_the_example_configurations_cover_every_player_count_and_option() -> None:
    configs = RULES.example_configs()
    for config in configs:
        RULES.new_game(config)
    assert {c["players"] for c in configs} == set(range(RULES.min_players, RULES.max_players + 1))
    assert {c.get("objectives", True) for c in configs} == {True, False}
    assert {c.get("infinity_four", False) for c in configs} == {True, False}


def test_progress_says_the_round_and_the_trick() -> None:
    state = arrange(["5 6", "7 8"], ["1 2", "3 4"])
    state = act(state, 0, "play 5")
    state = act(state, 1, "pass")
    assert RULES.progress(state) == Progress("play", 1, 2, frozenset({0}))


def test_a_scored_round_is_a_milestone_with_its_objectives_and_scores() -> None:
    before = act(arrange(["5", "8 9"], ["1 2", "3 4"], objectives="pair exactly-7"), 0, "play 5")
    after = act(before, 1, "pass")
    ((kind, payload),) = RULES.milestones(before, after)
    assert kind == "round-ended" and kind in MILESTONE_TYPES
    assert payload == {
        "round": 1,
        "end": "out",
        "seat": 0,
        "first_out": 0,
        "objectives": ["pair", "exactly-7"],
        "achieved": [False, True],
        "scores": [-3, 2],
    }
    assert RULES.pass_notation == "pass"


def test_a_completion_rests_on_the_seats_own_cards_not_on_the_others_completions() -> None:
    state = arrange(["7 9", "8 3 10", "11 13"], ["7 2", "7 4", "6 6"], pile="12 0")
    state = act(state, 0, "play 7 7@0 7@1")
    state = act(state, 1, "pass")
    state = act(state, 2, "pass")
    basis = RULES.decision_basis(state, 0)
    assert RULES.decision_basis(act(state, 1, "replace draw"), 0) == basis
    assert RULES.decision_basis(act(state, 1, "replace 3"), 0) == basis


def test_the_set_up_choice_rests_on_the_seats_hand_not_on_who_else_has_laid() -> None:
    hands = ["-1 13 1 1 2 2 3 3 4 4 5 5 6", "3 12 6 6 7 7 8 8 9 9 10 10 11"]
    state = apply(new_game(ObjectifsConfig(2)), CHANCE, deal(hands, "pair under-5"))
    assert RULES.decision_basis(act(state, 1, "lay 3 12"), 0) == RULES.decision_basis(state, 0)


def test_equal_best_totals_share_the_win() -> None:
    """*Le joueur ayant le meilleur score gagne la partie*: players level on the best total
    all win."""
    state = arrange(["5", "8", "6 7"], ["1 2", "1 0", "4 4"])
    state = act(state, 0, "play 5")
    state = act(state, 1, "pass")
    state = act(state, 2, "pass")
    (result,) = state.results
    assert [score.total for score in result.seats] == [-3, -3, -12]
    over = state._replace(phase=Phase.GAME_OVER, results=(result,) * 5)
    outcome = RULES.outcome(over)
    assert outcome is not None and outcome.scores == (-15, -15, -60)
    assert outcome.winners == {0, 1} and outcome.ranking() == (1, 1, 3)


#: A mid-game state (a trick of two plis on the centre, four rounds scored) as the snapshots
#: of format ``objectifs-state-1`` store it, written when the state was a dataclass.
STORED_STATE = Path(__file__).with_name("data") / "objectifs-state-1.json"


def test_a_snapshot_stored_in_the_first_format_still_reads_and_writes_the_same() -> None:
    """The state became a named tuple without a new snapshot format: the snapshots stored
    before must read back, and the state must write the same JSON, or games would load
    from a wrong state rather than be rebuilt."""
    assert STATE_FORMAT == "objectifs-state-1"
    stored = json.loads(STORED_STATE.read_text())
    state = RULES.state_from_json(stored)
    assert RULES.state_to_json(state) == stored
    assert state.phase is Phase.PLAY and len(state.trick.plis) == 2 and len(state.results) == 4
    # The read state plays on: a legal move of the seat to move is accepted.
    (seat,) = RULES.to_act(state)
    moved = RULES.apply(state, seat, RULES.legal_actions(state, seat).sample(random.Random(1)))
    assert RULES.state_from_json(RULES.state_to_json(moved)) == moved
