"""The records of a game: what chance decided (facts), what a move did (effects), and what
each viewer may read of them (redaction)."""

from __future__ import annotations

from typing import Any

from games.engine.objectifs import CHANCE, RULES, ObjectifsConfig, ObjectifsState, apply, new_game
from games.engine.objectifs.notation import parse_action
from games.engine.objectifs.positions import arrange

from .conftest import act, deal

HANDS = [
    "-1 13 1 1 2 2 3 3 4 4 5 5 6",
    "3 12 6 6 7 7 8 8 9 9 10 10 11",
]


def record(
    before: ObjectifsState, seat: int, text: str
) -> tuple[dict[str, Any], dict[str, Any], ObjectifsState]:
    """``seat``'s move as the store records it: its JSON with its effects, and its facts."""
    action = parse_action(text)
    after = apply(before, seat, action)
    payload = RULES.action_to_json(action)
    effects = RULES.effects(before, seat, action, after)
    if effects:
        payload["effects"] = effects
    return payload, RULES.facts(before, after), after


def test_a_deal_records_each_hand_and_objective_and_shows_each_only_to_its_seat() -> None:
    start = new_game(ObjectifsConfig(2))
    payload, facts, after = record(start, CHANCE, str(deal(HANDS, "pair under-5")))
    assert facts["round"] == 1 and facts["objectives"] == {"0": "pair", "1": "under-5"}
    action, seen = RULES.redact(CHANCE, payload, facts, 1, after)
    assert action == {"type": "deal", "cards": 91, "objectives": 10}
    assert seen["dealt"]["0"] == [None] * 13 and seen["dealt"]["1"][:2] == ["3", "12"]
    assert seen["objectives"] == {"0": None, "1": "under-5"}
    _, watched = RULES.redact(CHANCE, payload, facts, None, after)
    assert watched["objectives"] == {"0": None, "1": None}


def test_the_objectives_of_a_scored_round_show_and_its_hands_stay_hidden() -> None:
    start = new_game(ObjectifsConfig(2))
    payload, facts, _ = record(start, CHANCE, str(deal(HANDS, "pair under-5")))
    scored = arrange(["5", "8 9"], ["1 2", "3 4"], objectives="pair exactly-7")
    scored = act(scored, 0, "play 5")
    scored = act(scored, 1, "pass")
    _, seen = RULES.redact(CHANCE, payload, facts, 1, scored)
    assert seen["objectives"] == {"0": "pair", "1": "under-5"}
    assert seen["dealt"]["0"] == [None] * 13


def test_a_set_up_choice_is_hidden_from_the_others_until_all_are_in() -> None:
    state = apply(new_game(ObjectifsConfig(2)), CHANCE, deal(HANDS, "pair under-5"))
    payload, facts, after = record(state, 0, "lay 5 6")
    assert payload["effects"] == {"round": 1}
    hidden, _ = RULES.redact(0, payload, facts, 1, after)
    assert "cards" not in hidden
    assert RULES.redact(0, payload, facts, 0, after)[0]["cards"] == ["5", "6"]
    done = act(after, 1, "lay 3 12")
    assert RULES.redact(0, payload, facts, 1, done)[0]["cards"] == ["5", "6"]


def test_a_draw_from_the_pile_is_shown_to_the_drawer_alone() -> None:
    state = arrange(["5 6", "7 8"], ["1 2", "3 4"], pile="11")
    payload, facts, after = record(state, 0, "draw")
    assert facts == {"from_pile": {"0": ["11"]}}
    assert RULES.redact(0, payload, facts, 1, after)[1] == {"from_pile": {"0": [None]}}
    assert RULES.redact(0, payload, facts, 0, after)[1] == facts


def test_a_malus_plus_hides_the_cards_drawn_into_hands_and_shows_those_laid() -> None:
    state = arrange(["malus+1/+2 12", "7 8"], ["1 2", "3 4"], pile="9 10 11")
    payload, facts, after = record(state, 0, "malus+1/+2 1")
    assert facts == {"from_pile": {"1": ["9"]}, "to_rows": {"1": ["10", "11"]}}
    _, seen = RULES.redact(0, payload, facts, 0, after)
    assert seen == {"from_pile": {"1": [None]}, "to_rows": {"1": ["10", "11"]}}


def test_the_effects_say_a_fusion_a_facteur_x_and_the_trick_won() -> None:
    state = arrange(["11 5", "11 11 6", "12 3"], ["0 0", "1 2", "1 3"])
    _, _, state = record(state, 0, "play 11")
    fused, _, _ = record(state, 1, "play 11 11")
    assert fused["effects"] == {"fused": True}
    state = arrange(["2 9", "5", "3 3 4"], ["0 0", "1 1", "-1 -1"])
    laid, _, state = record(state, 0, "play 2")
    assert "effects" not in laid
    payload, _, state = record(state, 2, "play 3 3")  # out of turn: seat 1's turn
    assert payload["effects"] == {"facteur_x": True}
    _, _, state = record(state, 0, "pass")
    payload, _, state = record(state, 1, "pass")
    assert payload["effects"] == {"trick_won_by": 2}


def test_a_move_that_ends_the_round_says_how() -> None:
    state = arrange(["5", "8 9"], ["5", "3 9"])
    payload, _, _ = record(state, 0, "play 5 5@0")
    assert payload["effects"] == {"round_end": "shed"}
