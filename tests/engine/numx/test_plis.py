"""What a pli may be: the rules of "Un pli doit être" and "Premier pli d'un tour"."""

import pytest

from games.engine.numx import (
    GameState,
    IllegalAction,
    Phase,
    TripleRule,
    apply,
    legal_actions,
    parse_action,
)
from games.engine.numx.cards import parse_faces
from games.engine.numx.plis import possible_plays

from .conftest import FILLER, act, refused, table


def opened(first: str, hand: str) -> GameState:
    """Seat 0 has laid ``first``; seat 1 holds ``hand`` and is to play."""
    return act(table([first + FILLER, hand + " red-16"]), 0, f"play {first}")


@pytest.mark.parametrize("move", ["play blue-4", "play blue-4 red-4", "play blue-4 red-4 shadow-4"])
def test_a_first_pli_has_one_two_or_three_cards(move: str) -> None:
    state = act(table(["blue-4 red-4 shadow-4 rainbow-4" + FILLER, "blue-1"]), 0, move)
    assert len(state.trick.plis[0].cards) == len(move.split()) - 1
    assert state.turn == 1


def test_a_first_pli_of_four_cards_is_refused() -> None:
    state = table(["blue-4 red-4 shadow-4 rainbow-4" + FILLER, "blue-1"])
    assert refused(state, 0, "play blue-4 red-4 shadow-4 rainbow-4") == "pli.opening-size"


def test_a_first_triple_must_hold_a_rainbow_or_a_shadow() -> None:
    state = table(["blue-4 red-4 green-4 rainbow-4" + FILLER, "blue-1"])
    assert refused(state, 0, "play blue-4 red-4 green-4") == "pli.opening-triple"
    assert act(state, 0, "play blue-4 red-4 rainbow-4").trick.top is not None


def test_a_later_triple_on_a_triple_needs_no_rainbow_or_shadow() -> None:
    state = act(
        table(["blue-2 red-2 shadow-2" + FILLER, "blue-5 red-5 green-5 red-16"]),
        0,
        "play blue-2 red-2 shadow-2",
    )
    assert len(act(state, 1, "play blue-5 red-5 green-5").trick.top.cards) == 3  # type: ignore[union-attr]


def test_with_the_triple_rule_on_every_pli_a_later_triple_needs_a_rainbow_or_a_shadow() -> None:
    # The table option "triple_rule": "every" (docs/rules.md, pli.triple).
    hands = ["blue-2 red-2 shadow-2" + FILLER, "blue-5 red-5 green-5 blue-6 red-6 rainbow-6"]
    state = act(table(hands, triple_rule=TripleRule.EVERY), 0, "play blue-2 red-2 shadow-2")

    assert refused(state, 1, "play blue-5 red-5 green-5") == "pli.triple"
    assert parse_action("play blue-5 red-5 green-5") not in legal_actions(state, 1)
    assert parse_action("play blue-6 red-6 rainbow-6") in legal_actions(state, 1)
    assert len(act(state, 1, "play blue-6 red-6 rainbow-6").trick.top.cards) == 3  # type: ignore[union-attr]


def test_a_pli_is_made_of_cards_of_the_same_value() -> None:
    state = table(["blue-4 red-5" + FILLER, "blue-1"])
    assert refused(state, 0, "play blue-4 red-5") == "pli.same-value"


def test_a_pli_must_be_higher_than_the_previous_one() -> None:
    state = opened("blue-7", "red-7 red-6 red-8")
    assert refused(state, 1, "play red-7") == "pli.higher"
    assert refused(state, 1, "play red-6") == "pli.higher"
    assert act(state, 1, "play red-8").trick.top.value == 8  # type: ignore[union-attr]


def test_a_pli_has_as_many_cards_as_the_previous_one() -> None:
    state = opened("blue-7", "red-9 green-9")
    assert refused(state, 1, "play red-9 green-9") == "pli.count"


@pytest.mark.parametrize(
    ("first", "hand", "move", "why"),
    [
        (
            "blue-7",
            "red-9 green-9",
            "play red-9 green-9",
            "number of cards (2) is not the top pli's (1)",
        ),
        ("blue-7 red-7", "green-9", "play green-9", "number of cards (1) is not the top pli's (2)"),
    ],
)
def test_a_refused_count_says_both_counts(first: str, hand: str, move: str, why: str) -> None:
    with pytest.raises(IllegalAction) as error:
        apply(opened(first, hand), 1, parse_action(move))
    assert why in error.value.message


def test_a_rainbow_lets_a_pli_hold_one_card_more() -> None:
    state = opened("blue-7", "red-9 rainbow-9")
    assert len(act(state, 1, "play red-9 rainbow-9").trick.top.cards) == 2  # type: ignore[union-attr]


def test_a_shadow_lets_a_pli_hold_one_card_fewer() -> None:
    state = opened("blue-7 red-7", "shadow-10")
    assert act(state, 1, "play shadow-10").trick.top.value == 10  # type: ignore[union-attr]


def test_rainbow_and_shadow_changes_are_optional() -> None:
    state = opened("blue-7 red-7", "yellow-9 shadow-9")
    assert len(act(state, 1, "play yellow-9 shadow-9").trick.top.cards) == 2  # type: ignore[union-attr]


def test_a_joker_stands_for_a_classic_card_but_changes_no_count() -> None:
    state = opened("blue-7", "joker red-9")
    assert refused(state, 1, "play joker red-9") == "pli.count"
    played = act(state, 1, "play joker as 12")
    assert played.trick.top.value == 12  # type: ignore[union-attr]


def test_a_pli_of_jokers_only_must_name_its_value() -> None:
    state = table(["joker joker" + FILLER, "blue-1"])
    assert refused(state, 0, "play joker joker") == "pli.joker-value"
    assert refused(state, 0, "play joker joker as 17") == "pli.joker-value"
    assert act(state, 0, "play joker joker as 0").trick.top.value == 0  # type: ignore[union-attr]


def test_infinity_cuts_any_classic_pli_whatever_its_count() -> None:
    state = act(
        table(["blue-14 red-14 shadow-14" + FILLER, "infinity red-16"]),
        0,
        "play blue-14 red-14 shadow-14",
    )
    cut = act(state, 1, "play infinity")
    assert cut.trick.top.value is None and cut.trick.owner == 1


def test_infinity_does_not_cut_infinity_but_num_x_does_and_ends_the_trick() -> None:
    state = table(["blue-3" + FILLER, "infinity red-16", "infinity num-x green-2"])
    state = act(act(state, 0, "play blue-3"), 1, "play infinity")
    assert refused(state, 2, "play infinity") == "pli.cut"
    ended = act(state, 2, "play num-x")
    # Nobody else gets a turn: the Num-X player hands out the score card at once.
    assert ended.phase is Phase.DISTRIBUTION and ended.pending.winner == 2  # type: ignore[union-attr]


def test_a_table_allowing_infinity_on_infinity_lets_it_cut_and_keeps_num_x_on_top() -> None:
    # The table option "infinity_on_infinity" (docs/rules.md, pli.cut).
    hands = ["blue-3" + FILLER, "infinity red-16", "infinity num-x green-2"]
    state = table(hands, infinity_on_infinity=True)
    state = act(act(state, 0, "play blue-3"), 1, "play infinity")

    assert parse_action("play infinity") in legal_actions(state, 2)
    after = act(state, 2, "play infinity")
    assert after.trick.owner == 2 and len(after.trick.plis) == 3
    # Only Num-X goes on the second Infinity, as on the first.
    assert [str(a) for a in legal_actions(after, 0) if str(a).startswith("play")] == []


def test_infinity_and_num_x_cut_a_pli_and_do_not_open_a_trick() -> None:
    state = table(["infinity num-x blue-3", "blue-1"])
    assert refused(state, 0, "play infinity") == "pli.cut"
    assert refused(state, 0, "play num-x") == "pli.cut"
    assert refused(state, 0, "play blue-3 infinity") == "pli.cut"


def test_action_cards_are_never_part_of_a_pli() -> None:
    state = table(["blue-3 flip" + FILLER, "blue-1"])
    assert refused(state, 0, "play blue-3 flip") == "pli.action-card"


def test_a_player_lays_only_cards_they_hold() -> None:
    state = table(["blue-3" + FILLER, "blue-1"])
    assert refused(state, 0, "play red-3") == "hand.has-cards"


def test_cards_not_held_are_named_before_the_pli_rules_they_would_break() -> None:
    # Issue #18: a red 1 not held on a 14 broke possession first, not pli.higher.
    state = table(["blue-14" + FILLER, "blue-1 red-15", "rainbow-7 green-2"])
    state = act(state, 0, "play blue-14")
    assert refused(state, 1, "play red-1") == "hand.has-cards"
    assert refused(state, 1, "play red-16 yellow-16") == "hand.has-cards"
    assert refused(state, 1, "play blue-1") == "pli.higher"
    # Completing: who may complete first, then possession, then whether the Rainbow fits.
    assert refused(state, 1, "complete rainbow-14") == "hand.has-cards"
    assert refused(state, 2, "complete rainbow-7") == "complete.rainbow"
    assert refused(state, 0, "complete rainbow-5") == "complete.own"


def test_the_listed_plis_of_a_hand_on_a_pair() -> None:
    # On a pair of 7s, this hand can lay: the pair of 9s, the 9s with their Rainbow (2+1), a
    # 9 with the Joker, the Shadow 12 alone (2-1), the 12s with the Shadow, Joker pairs of
    # any value 8..16, and the Infinity.
    state = opened("blue-7 red-7", "blue-9 green-9 rainbow-9 shadow-12 red-12 joker infinity")
    top = state.trick.top  # type: ignore[attr-defined]
    plays = {str(p) for p in possible_plays(state.hands[1], top)}  # type: ignore[attr-defined]
    assert {"play blue-9 green-9", "play blue-9 green-9 rainbow-9", "play infinity"} <= plays
    assert {"play shadow-12", "play red-12 shadow-12", "play red-12 joker"} <= plays
    assert "play joker as 8" not in plays  # a single Joker on a pair: too few cards
    assert "play green-9 rainbow-9 joker" in plays
    assert "play blue-9" not in plays and "play red-12" not in plays
    listed = {str(a) for a in legal_actions(state, 1)}  # type: ignore[arg-type]
    assert plays <= listed and "pass" in listed


def test_a_pli_may_hold_both_rainbow_and_shadow() -> None:
    state = opened("blue-7", "rainbow-9 shadow-9")
    played = act(state, 1, "play rainbow-9 shadow-9")
    laid = [card.face for card in played.trick.top.cards]  # type: ignore[union-attr]
    assert laid == list(parse_faces("rainbow-9 shadow-9"))
