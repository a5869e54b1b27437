"""The trick winner's distribution of score cards (docs/rules.md, "Distribution").

Each test plays a short trick from an ``arrange``d position, then hands out its cards.
"""

from __future__ import annotations

import pytest

from games.engine.numx import (
    Face,
    GameConfig,
    GameState,
    Phase,
    apply,
    awaiting,
    is_terminal,
    outcome,
    parse_action,
    view,
)
from games.engine.numx.positions import arrange

from .conftest import awaited, discard, refused, row, step

# Helpers ------------------------------------------------------------------------------------


def offered(state: GameState) -> list[str]:
    """The cards the winner may hand out, as every player sees them."""
    pending = view(state, None).pending
    assert pending is not None and pending.kind == "distribution"
    assert pending.cards is not None
    return sorted(str(face) for face in pending.cards)


def three_eligible(cut: str = "infinity") -> GameState:
    """Seat 1 wins a trick of four plis: blue-3 (not eligible); red-5 + rainbow-5; joker +
    shadow-7; then ``cut``. Eligible: red-5, rainbow-5, shadow-7."""
    state = arrange(
        GameConfig(2),
        ["blue-3 joker shadow-7 blue-12", f"red-5 rainbow-5 {cut} green-12"],
        ["blue-1", "red-1"],
    )
    state = step(state, "play blue-3", "play red-5 rainbow-5", "play joker shadow-7")
    state = step(state, f"play {cut}")
    return state if cut == "num-x" else step(state, "pass")


def four_eligible() -> GameState:
    """Seat 1 wins blue-5 + rainbow-5 and red-6 + shadow-6: four eligible cards."""
    state = arrange(
        GameConfig(2), ["blue-5 rainbow-5 blue-12", "red-6 shadow-6 red-12"], ["blue-1", "red-1"]
    )
    return step(state, "play blue-5 rainbow-5", "play red-6 shadow-6", "pass")


# Eligible cards -----------------------------------------------------------------------------


def test_the_eligible_cards_are_the_numbered_cards_of_the_plis_holding_a_rainbow_or_shadow() -> (
    None
):
    state = three_eligible()

    assert state.phase is Phase.DISTRIBUTION
    assert awaiting(state) == frozenset({1})
    assert offered(state) == ["rainbow-5", "red-5", "shadow-7"]


@pytest.mark.parametrize("cut", ["infinity", "num-x"])
def test_jokers_infinity_and_num_x_are_never_score_cards_and_go_to_the_discard(cut: str) -> None:
    state = three_eligible(cut)
    assert cut not in offered(state)

    after = step(state, "distribute red-5>0:up:left shadow-7>1:up:left")

    assert discard(after) == sorted(["blue-3", "joker", cut, "rainbow-5"])


def test_a_completed_pli_is_eligible() -> None:
    state = arrange(GameConfig(3), ["blue-5 blue-12", "red-12", "rainbow-5 green-12"])
    state = step(state, "play blue-5")
    state = apply(state, 2, parse_action("complete rainbow-5"))

    state = step(state, "pass", "pass")

    assert awaiting(state) == frozenset({2})
    assert offered(state) == ["blue-5", "rainbow-5"]


@pytest.mark.parametrize("card", ["blue-3", "joker", "infinity", "blue-12"])
def test_only_eligible_cards_are_handed_out(card: str) -> None:
    state = three_eligible()

    assert (
        refused(state, awaited(state), f"distribute red-5>0:up:left {card}>1:up:left")
        == "distribution.cards"
    )


def test_each_eligible_card_is_handed_out_once() -> None:
    state = three_eligible()

    assert (
        refused(state, awaited(state), "distribute red-5>0:up:left red-5>1:up:left")
        == "distribution.cards"
    )


# How many, and to whom ----------------------------------------------------------------------


def test_the_winner_hands_out_at_least_half_of_the_eligible_cards_rounded_up() -> None:
    state = three_eligible()

    assert refused(state, awaited(state), "distribute red-5>0:up:left") == "distribution.minimum"
    assert refused(state, awaited(state), "distribute") == "distribution.minimum"
    after = step(state, "distribute red-5>0:up:left rainbow-5>1:up:left")
    assert (row(after, 0), row(after, 1)) == ("red-5 blue-1", "rainbow-5 red-1")


@pytest.mark.parametrize("seat", [0, 1])
def test_nobody_the_winner_included_receives_more_than_half_rounded_down(seat: int) -> None:
    state = three_eligible()

    move = f"distribute red-5>{seat}:up:left rainbow-5>{seat}:up:left"
    assert refused(state, awaited(state), move) == "distribution.cap"


def test_with_four_eligible_cards_the_winner_may_keep_two_but_not_three() -> None:
    state = four_eligible()
    assert awaiting(state) == frozenset({1})

    three = "distribute blue-5>1:up:left rainbow-5>1:up:left red-6>1:up:left"
    assert refused(state, awaited(state), three) == "distribution.cap"
    after = step(state, "distribute blue-5>1:up:left rainbow-5>1:up:left")
    assert row(after, 1) == "rainbow-5 blue-5 red-1"


def test_a_single_eligible_card_may_go_to_anyone_the_winner_included() -> None:
    state = arrange(GameConfig(2), ["rainbow-5 blue-12", "red-12"], ["blue-1", ""])
    state = step(state, "play rainbow-5", "pass")
    assert awaiting(state) == frozenset({0})

    assert refused(state, awaited(state), "distribute") == "distribution.minimum"
    assert row(step(state, "distribute rainbow-5>0:up:right"), 0) == "blue-1 rainbow-5"
    assert row(step(state, "distribute rainbow-5>1:up:right"), 1) == "rainbow-5"


def test_a_score_card_goes_to_a_seat_of_the_game() -> None:
    state = three_eligible()
    assert refused(state, awaited(state), "distribute red-5>2:up:left rainbow-5>0:up:left") == (
        "game.seat"
    )


def test_only_the_winner_hands_out_and_nobody_plays_meanwhile() -> None:
    state = three_eligible()

    assert refused(state, 0, "distribute red-5>0:up:left rainbow-5>1:up:left") == ("turn.not-yours")
    assert refused(state, 0, "play blue-12") == "game.phase"


# Quantum locks ------------------------------------------------------------------------------


def locked_trick(lock: str = " + quantum 1") -> GameState:
    """Seat 0 wins shadow-5 blue-5 red-5 (three eligible cards), having locked ``lock``."""
    state = arrange(
        GameConfig(2), ["shadow-5 blue-5 red-5 quantum blue-12", "red-12"], ["blue-1", "red-1"]
    )
    return step(state, f"play shadow-5 blue-5 red-5{lock}", "pass")


def test_a_locked_row_receives_nothing_at_the_distribution() -> None:
    state = locked_trick()

    assert refused(state, awaited(state), "distribute blue-5>1:up:left") == "distribution.locked"


def test_the_minimum_drops_when_locks_leave_too_few_open_rows() -> None:
    # Three eligible cards: at least two, at most one each; only seat 0's row is open.
    unlocked = locked_trick(lock="")
    assert (
        refused(unlocked, awaited(unlocked), "distribute blue-5>0:up:left")
        == "distribution.minimum"
    )

    after = step(locked_trick(), "distribute blue-5>0:up:left")

    assert row(after, 0) == "blue-5 blue-1"
    assert row(after, 1) == "red-1"
    locked = locked_trick()
    assert refused(locked, awaited(locked), "distribute blue-5>0:up:left red-5>0:up:left") == (
        "distribution.cap"
    )


def test_with_every_row_locked_nothing_is_handed_out() -> None:
    state = arrange(
        GameConfig(2), ["shadow-5 blue-5 quantum blue-12", "quantum red-12"], ["blue-1", "red-1"]
    )
    state = step(state, "play shadow-5 blue-5 + quantum 0", "quantum 1")

    assert state.phase is Phase.PLAY
    assert state.turn == 0
    assert (row(state, 0), row(state, 1)) == ("blue-1", "red-1")
    assert {"shadow-5", "blue-5"} <= set(discard(state))


# Blank tricks -------------------------------------------------------------------------------


def blank_trick() -> GameState:
    """Seat 0 wins blue-3, red-8, infinity: no pli holds a Rainbow or a Shadow."""
    state = arrange(GameConfig(2), ["blue-3 infinity blue-12", "red-8 red-12"], ["", ""])
    return step(state, "play blue-3", "play red-8", "play infinity", "pass")


def test_after_a_blank_trick_the_winner_picks_one_numbered_card_of_the_trick() -> None:
    state = blank_trick()
    assert offered(state) == ["blue-3", "red-8"]

    after = step(state, "distribute red-8>1:down:right")

    assert row(after, 1) == "?red-8"
    assert discard(after) == ["blue-3", "infinity"]


def test_a_blank_trick_gives_exactly_one_score_card() -> None:
    state = blank_trick()

    assert (
        refused(state, awaited(state), "distribute blue-3>0:up:left red-8>1:up:left")
        == "distribution.blank"
    )
    assert refused(state, awaited(state), "distribute blue-3>0:up:left blue-3>1:up:left") == (
        "distribution.cards"
    )
    assert refused(state, awaited(state), "distribute") == "distribution.minimum"
    assert refused(state, awaited(state), "distribute infinity>0:up:left") == "distribution.cards"


# Placing the cards --------------------------------------------------------------------------


PLACED = "distribute blue-5>0:up:left rainbow-5>0:down:left red-6>1:up:right shadow-6>1:up:right"


def test_score_cards_are_placed_at_the_chosen_end_in_the_order_given() -> None:
    after = step(four_eligible(), PLACED)

    assert row(after, 0) == "?rainbow-5 blue-5 blue-1"
    assert row(after, 1) == "red-1 red-6 shadow-6"


def test_a_face_down_score_card_is_known_to_the_winner_only() -> None:
    after = step(four_eligible(), PLACED)

    assert after.rows[0][0].known_to == frozenset({1})
    assert view(after, 1).rows[0][0].face is Face.parse("rainbow-5")
    assert view(after, 0).rows[0][0].face is None
    assert view(after, None).rows[0][0].face is None


def test_cards_not_handed_out_go_to_the_discard_and_the_winner_leads_the_next_trick() -> None:
    after = step(four_eligible(), "distribute blue-5>0:up:left red-6>1:up:left")

    assert discard(after) == ["rainbow-5", "shadow-6"]
    assert after.phase is Phase.PLAY
    assert after.trick.plis == ()
    assert awaiting(after) == frozenset({1})
    assert step(after, "play red-12").trick.owner == 1


def test_the_trick_that_ends_the_round_is_distributed_before_the_round_ends() -> None:
    state = arrange(GameConfig(2), ["blue-5 rainbow-5", "red-12"], ["", ""])

    state = step(state, "play blue-5 rainbow-5")

    assert state.phase is Phase.DISTRIBUTION
    assert state.rounds == ()
    assert not is_terminal(state)
    after = step(state, "distribute rainbow-5>0:up:left blue-5>1:up:left")
    assert is_terminal(after)
    assert (row(after, 0), row(after, 1)) == ("rainbow-5", "blue-5")
    result = outcome(after)
    assert result is not None and result.scores == (5, 5)
