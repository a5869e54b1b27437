"""Maya behind the platform's RuleSet protocol."""

import random

import pytest

from games.engine.maya import (
    CHANCE,
    DECK,
    EDITION,
    RULES,
    TOKENS,
    Card,
    Deal,
    IllegalAction,
    MayaState,
    Mix,
    action_to_json,
    parse_action,
)
from games.engine.maya.positions import arrange


def test_the_rule_set_describes_itself() -> None:
    assert RULES.name == "maya"
    assert (RULES.min_players, RULES.max_players, RULES.chance) == (2, 4, CHANCE)
    assert RULES.pass_notation is None
    assert RULES.payload_upcasters == {}


def test_chance_deals_then_mixes_then_seat_0_plays() -> None:
    rng = random.Random(5)
    state = RULES.new_game({"players": 3, "expert": True})
    assert RULES.to_act(state) == {CHANCE} and RULES.progress(state).awaiting == set()
    for kind in ("deal", "mix"):
        action = RULES.chance_action(state, rng)
        assert action is not None and RULES.action_type(action) == kind
        state = RULES.apply(state, CHANCE, action)
    assert RULES.awaiting(state) == {0}
    assert RULES.chance_action(state, rng) is None
    progress = RULES.progress(state)
    assert (progress.phase, progress.round, progress.step) == ("play", 1, 1)


def test_progress_counts_the_tokens_won_and_the_turns() -> None:
    state: MayaState = arrange(["+2 -1", "-1"], count=4, secrets=[6, 9])
    state = RULES.apply(state, 0, RULES.parse_action("play +2"))
    progress = RULES.progress(state)
    assert (progress.round, progress.step, progress.awaiting) == (2, 2, {1})
    assert RULES.milestones(state, state) == []


def _recorded(first: str, start: str, second: str) -> list[tuple[int, dict[str, object]]]:
    """A two-player game as the store records it: the deal (seat 0 holding ``first`` and
    ``second`` among its five, ``start`` turned up), the mix, and seat 0's first move, a
    Skip then ``second`` in one move."""
    cards = list(DECK)
    for name in (first, second):
        cards.remove(Card.parse(name))
    cards[0:0] = [Card.parse(first), Card.parse(second)]
    turned = Card.parse(start)
    cards.remove(turned)
    cards.insert(10, turned)
    play = parse_action(f"play {first} then {second}")
    return [
        (CHANCE, action_to_json(Deal(tuple(cards), -3 if start == "joker" else None))),
        (CHANCE, action_to_json(Mix(TOKENS))),
        (0, action_to_json(play)),
    ]


def test_a_game_recorded_before_editions_replays_under_the_first_edition_rules() -> None:
    """A configuration without ``edition`` (recorded before editions) replays a Skip and
    its second card in one move, and a deal naming a Joker's count; under edition 2 the
    same moves are refused, and would have to be recorded otherwise."""
    history = _recorded("skip", "+1", "+3")
    state = RULES.new_game({"players": 2})
    for seat, data in history:
        state = RULES.apply(state, seat, RULES.action_from_json(data))
    assert (state.total, state.turn, state.turns) == (4, 1, 1)
    state = RULES.new_game({"players": 2, "edition": EDITION})
    for seat, data in history[:-1]:
        state = RULES.apply(state, seat, RULES.action_from_json(data))
    with pytest.raises(IllegalAction) as refused:
        RULES.apply(state, 0, RULES.action_from_json(history[-1][1]))
    assert refused.value.rule == "maya.one-card"

    deal, *_ = _recorded("skip", "joker", "+3")
    dealt = RULES.action_from_json(deal[1])
    assert RULES.apply(RULES.new_game({"players": 2}), CHANCE, dealt).total == -3
    with pytest.raises(IllegalAction) as refused:
        RULES.apply(RULES.new_game({"players": 2, "edition": EDITION}), CHANCE, dealt)
    assert refused.value.rule == "maya.deal"
