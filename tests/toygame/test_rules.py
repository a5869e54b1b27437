"""Toy's rules on their own: the engine every platform test plays."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.engine.ruleset import ConfigError, IllegalAction, NotationError
from tests.toygame.rules import CHANCE, CHARMS, RULES, Deal, Take, ToyState


def dealt(players: int = 2, pile: int = 7) -> ToyState:
    """A new game whose charms are dealt in order: seat 0 holds the first."""
    return RULES.apply(
        RULES.new_game({"players": players, "pile": pile}), CHANCE, Deal(CHARMS[:players])
    )


def test_chance_deals_first_and_then_seat_0_is_awaited() -> None:
    state = RULES.new_game({"players": 3})
    assert RULES.to_act(state) == {CHANCE}
    assert RULES.progress(dealt(3)).awaiting == {0}


@pytest.mark.parametrize("config", [{"players": 1}, {"players": 5}, {"players": 2, "pile": 0}])
def test_configurations_out_of_bounds_are_refused(config: dict[str, int]) -> None:
    with pytest.raises(ConfigError):
        RULES.new_game(config)


def test_a_player_takes_one_to_three_tokens_in_turn() -> None:
    state = RULES.apply(dealt(), 0, Take(3))
    assert (state.pile, state.turn, RULES.progress(state).step) == (4, 1, 2)
    assert list(RULES.legal_actions(state, 1)) == [Take(1), Take(2), Take(3)]
    assert not RULES.legal_actions(state, 0)


def test_a_move_out_of_turn_breaks_turn_order() -> None:
    with pytest.raises(IllegalAction) as refused:
        RULES.apply(dealt(), 1, Take(1))
    assert refused.value.rule == "turn.order"


@pytest.mark.parametrize("count", [0, 4])
def test_taking_none_or_more_than_three_breaks_take_count(count: int) -> None:
    with pytest.raises(IllegalAction) as refused:
        RULES.apply(dealt(), 0, Take(count))
    assert refused.value.rule == "take.count"


def test_taking_more_than_the_pile_holds_breaks_take_count() -> None:
    with pytest.raises(IllegalAction) as refused:
        RULES.apply(dealt(pile=2), 0, Take(3))
    assert refused.value.rule == "take.count"


def test_whoever_takes_the_last_token_wins_and_the_game_ends_with_a_milestone() -> None:
    before = RULES.apply(dealt(pile=4), 0, Take(1))
    after = RULES.apply(before, 1, Take(3))
    outcome = RULES.outcome(after)
    assert outcome is not None
    assert (outcome.scores, outcome.winners) == ((0, 1), {1})
    assert [len(lines) for lines in outcome.breakdown] == [1, 1]
    assert RULES.milestones(before, after) == [("game-ended", {"scores": [0, 1], "winners": [1]})]
    assert RULES.progress(after).phase == "game-over" and not RULES.to_act(after)


@pytest.mark.parametrize("action", [Take(2), Deal(("acorn", "clover"))])
def test_notation_and_json_round_trip(action: Take | Deal) -> None:
    assert RULES.parse_action(str(action)) == action
    assert RULES.action_from_json(RULES.action_to_json(action)) == action
    assert str(Take(2)) == "take 2"
    assert RULES.action_to_json(Take(2)) == {"type": "take", "count": 2}


@pytest.mark.parametrize(
    "data",
    [
        {"type": "take", "count": 1, "extra": True},
        {"type": "take"},
        {"type": "take", "count": "2"},
        {"type": "jump", "count": 1},
        {"type": "deal", "charms": "acorn"},
    ],
)
def test_json_that_is_no_toy_action_is_a_notation_error(data: dict[str, object]) -> None:
    with pytest.raises(NotationError):
        RULES.action_from_json(data)


@pytest.mark.parametrize("text", ["take", "take two", "pass", ""])
def test_text_that_is_no_toy_move_is_a_notation_error(text: str) -> None:
    with pytest.raises(NotationError):
        RULES.parse_action(text)


def test_the_deal_is_redacted_to_the_viewers_own_charm_until_the_end() -> None:
    deal = RULES.action_to_json(Deal(("acorn", "clover")))
    running, over = dealt(), RULES.apply(dealt(pile=1), 0, Take(1))
    assert RULES.redact(CHANCE, deal, {}, 1, running)[0]["charms"] == [None, "clover"]
    assert RULES.redact(CHANCE, deal, {}, None, running)[0]["charms"] == [None, None]
    assert RULES.redact(CHANCE, deal, {}, None, over)[0]["charms"] == ["acorn", "clover"]


@settings(max_examples=60, deadline=None)
@given(
    players=st.integers(2, 4),
    pile=st.integers(1, 30),
    seed=st.integers(0, 2**32 - 1),
)
def test_random_bot_games_end_and_never_show_a_seat_anothers_charm_before(
    players: int, pile: int, seed: int
) -> None:
    rng = random.Random(seed)
    state = RULES.new_game({"players": players, "pile": pile})
    history = []
    while not RULES.is_terminal(state):
        chance = RULES.chance_action(state, rng)
        seat = CHANCE if chance is not None else next(iter(RULES.to_act(state)))
        action = chance if chance is not None else RULES.bot_action(state, seat, rng)
        assert action in RULES.legal_actions(state, seat)
        state = RULES.apply(state, seat, action)
        history.append(RULES.action_to_json(action))
        for viewer in [None, *range(players)]:
            others = [c for n, c in enumerate(state.charms) if n != viewer]
            seen = json.dumps(
                [
                    RULES.view(state, viewer),
                    *(RULES.redact(CHANCE, a, {}, viewer, state)[0] for a in history),
                ]
            )
            assert RULES.is_terminal(state) or not any(charm in seen for charm in others)
    assert len(history) <= pile + 1
    assert RULES.outcome(state) is not None
