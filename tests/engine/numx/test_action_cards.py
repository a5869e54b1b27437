"""The six Action cards (docs/rules.md, "Action cards"), each allowed and refused.

Positions are built with ``arrange``: hands and score rows per seat, ``?card`` face down, the
named ``pile`` cards on top of the draw pile.
"""

from __future__ import annotations

import pytest

from games.engine.numx import (
    SECOND_EDITION,
    ConfigError,
    Face,
    GameConfig,
    GameState,
    Mode,
    Pass,
    Phase,
    awaiting,
    legal_actions,
    parse_action,
    to_act,
    view,
)
from games.engine.numx.positions import arrange

from .conftest import act, discard, refused, row

# Helpers ------------------------------------------------------------------------------------


def hand(state: GameState, seat: int) -> list[str]:
    return sorted(str(card) for card in state.hands[seat])


def names(text: str) -> list[str]:
    return sorted(text.split())


def seen_by(state: GameState, viewer: int, seat: int, index: int) -> Face | None:
    """The face ``viewer`` sees at ``index`` of ``seat``'s row (``None``: unknown)."""
    return view(state, viewer).rows[seat][index].face


def face(text: str) -> Face:
    return Face.parse(text)


# Flip ---------------------------------------------------------------------------------------


def flip_position() -> GameState:
    return arrange(
        GameConfig(3),
        ["flip blue-9", "red-9", "green-9"],
        ["blue-1", "red-1 ?red-2", "green-1"],
    )


def test_flip_on_one_player_turns_every_score_card_of_that_row_over() -> None:
    after = act(flip_position(), 0, "flip 1")

    assert row(after, 1) == "?red-1 red-2"
    assert row(after, 0) == "blue-1"
    assert row(after, 2) == "green-1"
    assert hand(after, 0) == ["blue-9"]
    assert "flip" in discard(after)
    assert after.turn == 1


def test_flip_on_all_turns_over_every_row_the_players_own_included() -> None:
    after = act(flip_position(), 0, "flip all")

    assert [row(after, seat) for seat in range(3)] == ["?blue-1", "?red-1 red-2", "?green-1"]


def test_a_score_card_flipped_face_down_stays_known_to_everyone() -> None:
    after = act(flip_position(), 0, "flip 1")

    assert after.rows[1][0].known_to == frozenset({0, 1, 2})
    for viewer in range(3):
        assert seen_by(after, viewer, 1, 0) is face("red-1")
        assert view(after, viewer).rows[1][0].face_up is False


def test_a_hidden_score_card_flipped_face_up_is_seen_by_everyone() -> None:
    state = flip_position()
    assert seen_by(state, 2, 1, 1) is None

    after = act(state, 0, "flip 1")

    for viewer in range(3):
        assert seen_by(after, viewer, 1, 1) is face("red-2")


def test_flipping_twice_turns_a_card_back_face_up() -> None:
    state = arrange(GameConfig(2), ["flip flip blue-9", "red-9 red-10"], ["blue-1", ""])

    after = act(state, 0, "flip 0")
    after = act(after, 1, "play red-9")
    after = act(after, 0, "flip 0")

    assert row(after, 0) == "blue-1"


def test_a_flip_of_empty_score_rows_is_refused() -> None:
    state = arrange(GameConfig(3), ["flip blue-9", "red-9", "green-9"], ["", "", "green-1"])

    assert refused(state, 0, "flip 1") == "action.effect"
    assert refused(arrange(GameConfig(2), ["flip blue-9", "red-9"]), 0, "flip all") == (
        "action.effect"
    )


def test_a_flip_of_a_seat_that_does_not_exist_is_refused() -> None:
    assert refused(flip_position(), 0, "flip 3") == "action.target"


# Swipe --------------------------------------------------------------------------------------


def swipe_position(players: int = 3) -> GameState:
    rows = ["blue-1 blue-2", "red-1 ?red-2", "green-1 green-2"][:players]
    return arrange(GameConfig(players), ["swipe blue-9", "red-9", "green-9"][:players], rows)


def test_swipe_right_moves_the_rightmost_card_to_the_next_seats_left_end() -> None:
    after = act(swipe_position(), 0, "swipe right 1")

    assert row(after, 1) == "red-1"
    assert row(after, 2) == "?red-2 green-1 green-2"
    assert row(after, 0) == "blue-1 blue-2"


def test_swipe_left_moves_the_leftmost_card_to_the_previous_seats_right_end() -> None:
    after = act(swipe_position(), 0, "swipe left 1")

    assert row(after, 1) == "?red-2"
    assert row(after, 0) == "blue-1 blue-2 red-1"
    assert row(after, 2) == "green-1 green-2"


def test_swipe_right_on_all_rotates_every_rows_end_card_at_once() -> None:
    after = act(swipe_position(), 0, "swipe right all")

    assert row(after, 0) == "green-2 blue-1"
    assert row(after, 1) == "blue-2 red-1"
    assert row(after, 2) == "?red-2 green-1"


def test_swipe_left_on_all_rotates_every_rows_end_card_at_once() -> None:
    after = act(swipe_position(), 0, "swipe left all")

    assert row(after, 0) == "blue-2 red-1"
    assert row(after, 1) == "?red-2 green-1"
    assert row(after, 2) == "green-2 blue-1"


def test_a_swiped_card_keeps_its_visibility() -> None:
    after = act(swipe_position(), 0, "swipe right 1")

    moved = after.rows[2][0]
    assert moved.card.face is face("red-2")
    assert moved.face_up is False
    assert seen_by(after, 2, 2, 0) is None


def test_with_two_players_a_swipe_wraps_around_the_table() -> None:
    state = swipe_position(players=2)

    assert row(act(state, 0, "swipe right 1"), 0) == "?red-2 blue-1 blue-2"
    assert row(act(state, 0, "swipe left 0"), 1) == "red-1 ?red-2 blue-1"
    after = act(state, 0, "swipe right all")
    assert (row(after, 0), row(after, 1)) == ("?red-2 blue-1", "blue-2 red-1")


def test_a_swipe_with_nothing_to_slide_is_refused() -> None:
    state = arrange(GameConfig(3), ["swipe blue-9", "red-9", "green-9"], ["blue-1", "", ""])

    assert refused(state, 0, "swipe right 1") == "action.effect"
    assert refused(arrange(GameConfig(2), ["swipe", "red-9"]), 0, "swipe left all") == (
        "action.effect"
    )


# Block --------------------------------------------------------------------------------------


def block_position(config: GameConfig | None = None) -> GameState:
    config = config or GameConfig(3)
    hands = ["block blue-3 blue-4 blue-5", "red-9 red-10 rainbow-3 num-x", "green-9 green-10"]
    hands += ["yellow-9", "yellow-10", "yellow-11"][: config.players - 3]
    return arrange(config, hands)


def test_the_player_of_a_block_plays_again_at_once() -> None:
    after = act(block_position(), 0, "block 1")

    assert after.turn == 0
    assert to_act(after) == frozenset({0})
    assert after.trick.blocked == frozenset({1})


def test_a_blocked_player_may_only_pass_or_lay_num_x() -> None:
    state = act(block_position(), 0, "block 1", "play blue-3")

    # The engine waits for the blocked player's own pass: it never passes for them.
    assert awaiting(state) == frozenset({1})
    assert refused(state, 1, "play red-9") == "block.blocked"
    assert refused(state, 1, "draw") == "block.blocked"
    assert set(legal_actions(state, 1)) == {Pass(), parse_action("play num-x")}


def test_a_blocked_player_who_lays_num_x_ignores_the_block_and_wins_the_trick() -> None:
    state = act(block_position(), 0, "block 1", "play blue-3")

    after = act(state, 1, "play num-x")

    assert after.phase is Phase.DISTRIBUTION
    assert awaiting(after) == frozenset({1})


def test_the_block_ends_after_the_blocked_players_pass() -> None:
    state = act(block_position(), 0, "block 1", "play blue-3")

    state = act(state, 1, "pass")
    assert state.trick.blocked == frozenset()
    state = act(state, 2, "play green-9")
    state = act(state, 0, "pass")

    after = act(state, 1, "play red-10")
    assert after.trick.top is not None and after.trick.top.seat == 1


def test_a_blocked_player_cannot_complete_out_of_turn() -> None:
    state = act(block_position(), 0, "block 1", "play blue-3")

    assert refused(state, 1, "complete rainbow-3") == "block.blocked"

    after = act(state, 1, "pass")
    after = act(after, 1, "complete rainbow-3")
    assert after.trick.owner == 1


def test_block_all_blocks_every_other_player_and_its_player_wins_if_all_must_pass() -> None:
    state = act(block_position(), 0, "block all")
    assert state.trick.blocked == frozenset({1, 2})

    state = act(
        state,
        0,
        "play blue-3",
    )
    state = act(state, 1, "pass")
    assert refused(state, 2, "play green-9") == "block.blocked"
    after = act(state, 2, "pass")

    assert after.phase is Phase.DISTRIBUTION
    assert awaiting(after) == frozenset({0})


def test_a_block_played_as_a_shadow_bonus_lets_its_player_lay_again_on_their_pli() -> None:
    state = arrange(GameConfig(3), ["shadow-10 block infinity blue-2", "red-9", "green-9"])

    state = act(state, 0, "play shadow-10 + block all")
    assert state.turn == 0
    after = act(state, 0, "play infinity")

    assert after.trick.top is not None and after.trick.top.cards[0].face is face("infinity")
    assert after.turn == 1


def test_blocks_end_with_the_trick() -> None:
    state = arrange(
        GameConfig(3), ["blue-3 blue-4 blue-5", "block red-9 red-10", "green-9 green-10"]
    )
    state = act(state, 0, "play blue-3")
    state = act(state, 1, "block 0", "pass")
    # The trick ends (nobody covered seat 0's pli) before seat 0's blocked turn comes.
    state = act(state, 2, "pass")
    state = act(state, 0, "distribute blue-3>0:up:left")
    assert state.trick.blocked == frozenset()

    after = act(state, 0, "play blue-4")

    assert after.trick.top is not None and after.trick.top.seat == 0


def test_a_player_cannot_block_themselves() -> None:
    assert refused(block_position(), 0, "block 0") == "action.target"


def test_block_between_needs_teams() -> None:
    assert refused(block_position(), 0, "block between") == "block.between"


def test_with_teams_block_between_blocks_the_players_between_partners() -> None:
    four = act(block_position(GameConfig(4, teams=True)), 0, "block between")
    six = act(block_position(GameConfig(6, teams=True)), 0, "block between")

    assert four.trick.blocked == frozenset({1})
    assert six.trick.blocked == frozenset({1, 2})
    assert four.turn == six.turn == 0


# Eclair -------------------------------------------------------------------------------------


def eclair_position(config: GameConfig | None = None) -> GameState:
    config = config or GameConfig(2)
    rows = ["blue-16 ?blue-2", "red-5 ?red-7", "green-5", "yellow-5"][: config.players]
    hands = ["eclair blue-9", "red-9", "green-9", "yellow-9"][: config.players]
    return arrange(config, hands, rows)


def test_eclair_swaps_two_score_cards_by_position_each_keeping_its_visibility() -> None:
    after = act(eclair_position(), 0, "eclair 1 0 1")

    assert row(after, 0) == "?red-7 ?blue-2"
    assert row(after, 1) == "red-5 blue-16"
    assert seen_by(after, 0, 0, 0) is None
    assert "eclair" in discard(after)


def test_eclair_with_oneself_is_refused() -> None:
    assert refused(eclair_position(), 0, "eclair 0 0 1") == "eclair.opponent"


def test_with_teams_eclair_is_refused_on_a_partner_but_not_on_an_opponent() -> None:
    state = eclair_position(GameConfig(4, teams=True))

    assert refused(state, 0, "eclair 2 0 0") == "eclair.opponent"
    assert row(act(state, 0, "eclair 3 0 0"), 3) == "blue-16"


@pytest.mark.parametrize("move", ["eclair 1 2 0", "eclair 1 0 2"])
def test_eclair_needs_score_cards_at_both_positions(move: str) -> None:
    assert refused(eclair_position(), 0, move) == "eclair.opponent"


# Quantum ------------------------------------------------------------------------------------


def locked_position(config: GameConfig | None = None) -> GameState:
    """Seat 0 has laid a Shadow and, as its bonus, locked seat 1's row; seat 1 to play."""
    config = config or GameConfig(3)
    hands = [
        "shadow-5 quantum blue-9 blue-10",
        "flip red-9",
        "flip swipe eclair quantum malus+2/-1 malus-1/+1 green-9 green-10",
        "yellow-9",
    ][: config.players]
    rows = ["blue-1", "red-1 red-2", "green-1", "yellow-1"][: config.players]
    state = arrange(config, hands, rows, pile="blue-12 blue-13 blue-14")
    return act(state, 0, "play shadow-5 + quantum 1")


def test_quantum_locks_a_score_row_for_the_trick() -> None:
    state = locked_position()

    assert view(state, 2).locked == frozenset({1})
    assert "quantum" in discard(state)
    assert state.turn == 1


@pytest.mark.parametrize("move", ["flip 1", "swipe right 1", "swipe left 1", "eclair 1 0 0"])
def test_another_players_action_card_on_a_locked_row_is_refused(move: str) -> None:
    state = act(locked_position(), 1, "pass")

    assert refused(state, 2, move) == "action.locked"


def test_an_action_card_on_all_skips_a_locked_row() -> None:
    state = act(locked_position(), 1, "pass")

    flipped = act(state, 2, "flip all")
    swiped = act(state, 2, "swipe right all")

    assert (row(flipped, 0), row(flipped, 1), row(flipped, 2)) == (
        "?blue-1",
        "red-1 red-2",
        "?green-1",
    )
    # Seat 0's card is bound for the locked row and stays; seat 1 gives nothing.
    assert (row(swiped, 0), row(swiped, 1), row(swiped, 2)) == ("green-1 blue-1", "red-1 red-2", "")


def test_the_locked_players_own_flip_still_works_on_their_row() -> None:
    after = act(locked_position(), 1, "flip 1")

    assert row(after, 1) == "?red-1 ?red-2"


def test_quantum_on_an_already_locked_row_is_refused() -> None:
    state = act(locked_position(), 1, "pass")

    assert refused(state, 2, "quantum 1") == "action.effect"


def test_with_teams_quantum_locks_both_partners_rows() -> None:
    state = locked_position(GameConfig(4, teams=True))
    assert view(state, 0).locked == frozenset({1, 3})

    partner = act(state, 1, "flip 3")
    assert row(partner, 3) == "?yellow-1"

    state = act(state, 1, "pass")
    assert refused(state, 2, "flip 3") == "action.locked"
    assert refused(state, 2, "quantum 3") == "action.effect"


def test_the_lock_ends_after_the_tricks_distribution() -> None:
    state = arrange(
        GameConfig(2), ["shadow-5 blue-5 quantum flip blue-9", "red-9"], ["blue-1", "red-1"]
    )
    state = act(state, 0, "play shadow-5 blue-5 + quantum 1")
    state = act(state, 1, "pass")
    assert state.phase is Phase.DISTRIBUTION
    assert view(state, 0).locked == frozenset({1})

    state = act(state, 0, "distribute shadow-5>0:up:left")

    assert view(state, 0).locked == frozenset()
    assert row(act(state, 0, "flip 1"), 1) == "?red-1"


# Malus --------------------------------------------------------------------------------------

PILE = "yellow-1 yellow-2 yellow-3 yellow-4 yellow-5 yellow-6 yellow-7 yellow-8 yellow-9"


def malus_position(
    malus: str, target_hand: str = "red-9 red-10 red-11", target_row: str = "red-1 red-2"
) -> GameState:
    """Seat 0 holds ``malus``; seat 1 is its target."""
    return arrange(
        GameConfig(3),
        [f"{malus} blue-9", target_hand, "green-9 green-10"],
        ["blue-1", target_row, "green-1"],
        pile=PILE,
    )


def test_malus_plus_2_minus_1_draws_two_from_the_pile_and_removes_a_chosen_score_card() -> None:
    state = act(malus_position("malus+2/-1"), 0, "malus+2/-1 1")

    assert hand(state, 1) == names("red-9 red-10 red-11 yellow-1 yellow-2")
    assert awaiting(state) == frozenset({1})
    after = act(state, 1, "resolve remove 0")

    assert row(after, 1) == "red-2"
    assert "red-1" in discard(after)
    assert after.pile[0].face is face("yellow-3")
    assert after.turn == 1


def test_malus_plus_1_minus_2_draws_one_and_removes_two_chosen_score_cards() -> None:
    state = act(malus_position("malus+1/-2", target_row="red-1 red-2 red-3"), 0, "malus+1/-2 1")

    assert hand(state, 1) == names("red-9 red-10 red-11 yellow-1")
    after = act(state, 1, "resolve remove 0 2")

    assert row(after, 1) == "red-2"
    assert {"red-1", "red-3"} <= set(discard(after))


def test_a_malus_removes_a_short_score_row_entirely_with_no_choice() -> None:
    after = act(malus_position("malus+1/-2"), 0, "malus+1/-2 1")

    assert row(after, 1) == ""
    assert {"red-1", "red-2"} <= set(discard(after))
    assert after.pending is None
    assert after.turn == 1


def test_malus_plus_3_draws_three_and_asks_nothing() -> None:
    after = act(malus_position("malus+3/+0"), 0, "malus+3/+0 1")

    assert hand(after, 1) == names("red-9 red-10 red-11 yellow-1 yellow-2 yellow-3")
    assert row(after, 1) == "red-1 red-2"
    assert after.pending is None
    assert after.turn == 1


def test_malus_minus_1_plus_1_discards_a_chosen_card_and_draws_one_score_card() -> None:
    state = act(malus_position("malus-1/+1"), 0, "malus-1/+1 1")
    assert hand(state, 1) == names("red-9 red-10 red-11")

    after = act(state, 1, "resolve discard red-10 place up-left")

    assert hand(after, 1) == names("red-9 red-11")
    assert "red-10" in discard(after)
    assert row(after, 1) == "yellow-1 red-1 red-2"
    assert after.turn == 1


def test_malus_minus_2_plus_2_discards_two_and_places_two_drawn_score_cards() -> None:
    state = act(malus_position("malus-2/+2"), 0, "malus-2/+2 1")

    after = act(state, 1, "resolve discard red-9 red-11 place up-left down-right")

    assert hand(after, 1) == ["red-10"]
    assert row(after, 1) == "yellow-1 red-1 red-2 ?yellow-2"


def test_a_tables_own_malus_values_are_the_ones_played_and_the_house_cards_are_not() -> None:
    # The table option "malus_values" (docs/rules.md, "Table options").
    own = GameConfig(3, malus_values=((1, 1), (1, 1), (-3, 3), (0, -2), (2, -1)))
    state = arrange(
        own,
        ["malus+1/+1 malus-3/+3 blue-9", "red-9 red-10 red-11 red-12", "green-9 green-10"],
        ["blue-1", "red-1 red-2", "green-1"],
        pile=PILE,
    )

    assert refused(state, 0, "malus-2/+2 1") == "hand.has-cards"
    after = act(state, 0, "malus+1/+1 1")
    assert hand(after, 1) == names("red-9 red-10 red-11 red-12 yellow-1")
    after = act(after, 1, "resolve place down-left")
    assert row(after, 1) == "?yellow-2 red-1 red-2"
    # A -3 discards three cards of the hand, a +3 places three drawn cards.
    after = act(act(after, 1, "play red-9"), 2, "pass")
    after = act(after, 0, "malus-3/+3 1")
    after = act(after, 1, "resolve discard red-10 red-11 red-12 place up-left up-left up-left")
    assert hand(after, 1) == names("yellow-1")
    assert row(after, 1) == "yellow-5 yellow-4 yellow-3 ?yellow-2 red-1 red-2"


@pytest.mark.parametrize(
    ("values", "mode", "message"),
    [
        (((2, -1),) * 4, Mode.SPEED_RUN, "5 pairs"),
        (((4, 0),) * 5, Mode.X_GAME, "from -3 to \\+3"),
        (((0, 0),) * 5, Mode.SPEED_RUN, "not both 0"),
        (((1, 1),) * 5, Mode.FAMILY, "without Malus cards"),
    ],
)
def test_a_tables_malus_values_are_five_pairs_from_minus_3_to_3_outside_family(
    values: tuple[tuple[int, int], ...], mode: Mode, message: str
) -> None:
    with pytest.raises(ConfigError, match=message):
        GameConfig(3, mode, malus_values=values)


def test_a_tables_malus_values_are_written_only_when_not_the_house_five() -> None:
    house = GameConfig(3, malus_values=((-2, 2), (-1, 1), (3, 0), (1, -2), (2, -1)))
    own = GameConfig(3, malus_values=((1, 1), (-3, 3), (1, 1), (0, -2), (2, -1)))

    assert house == GameConfig(3) and "malus_values" not in house.to_json()
    assert own.to_json()["malus_values"] == [[2, -1], [1, 1], [1, 1], [0, -2], [-3, 3]]
    assert GameConfig.from_json(own.to_json()) == own
    with pytest.raises(ConfigError, match="pairs"):
        GameConfig.from_json({"players": 3, "malus_values": [[1, True]] * 5})


def test_a_face_down_card_drawn_by_a_malus_is_known_to_its_owner_only() -> None:
    state = act(malus_position("malus-1/+1"), 0, "malus-1/+1 1")

    after = act(state, 1, "resolve discard red-10 place down-right")

    assert after.rows[1][2].known_to == frozenset({1})
    assert seen_by(after, 1, 1, 2) is face("yellow-1")
    assert seen_by(after, 0, 1, 2) is None
    assert seen_by(after, 2, 1, 2) is None


def test_a_malus_never_discards_a_targets_last_card() -> None:
    one_card = act(malus_position("malus-1/+1", target_hand="red-9"), 0, "malus-1/+1 1")
    two_cards = act(malus_position("malus-2/+2", target_hand="red-9 red-10"), 0, "malus-2/+2 1")

    assert refused(one_card, 1, "resolve discard red-9 place up-left") == "malus.resolve"
    assert hand(act(one_card, 1, "resolve place up-left"), 1) == ["red-9"]
    assert refused(two_cards, 1, "resolve discard red-9 red-10 place up-left up-left") == (
        "malus.resolve"
    )
    assert hand(act(two_cards, 1, "resolve discard red-9 place up-left up-left"), 1) == ["red-10"]


def malus_on_all_position(edition: int | None = None) -> GameState:
    """Seat 1, to play, holds a Malus+3 and a red 9."""
    config = GameConfig(3) if edition is None else GameConfig(3, edition=edition)
    return arrange(
        config, ["blue-9", "malus+3/+0 red-9", "green-9"], ["", "", ""], turn=1, pile=PILE
    )


def test_a_malus_on_all_hits_every_opponent_in_play_order_and_spares_its_player() -> None:
    after = act(malus_on_all_position(), 1, "malus+3/+0 all")

    assert hand(after, 1) == ["red-9"]
    assert hand(after, 2) == names("green-9 yellow-1 yellow-2 yellow-3")
    assert hand(after, 0) == names("blue-9 yellow-4 yellow-5 yellow-6")
    assert after.turn == 2


def test_in_a_second_edition_game_a_malus_on_all_hits_its_player_first() -> None:
    after = act(malus_on_all_position(SECOND_EDITION), 1, "malus+3/+0 all")

    assert hand(after, 1) == names("red-9 yellow-1 yellow-2 yellow-3")
    assert hand(after, 2) == names("green-9 yellow-4 yellow-5 yellow-6")
    assert hand(after, 0) == names("blue-9 yellow-7 yellow-8 yellow-9")


def test_a_malus_is_aimed_at_opponents_never_at_its_player() -> None:
    # "Malus : Sabotez les adversaires en tête ou surchargez leur main": aimed at oneself, a
    # Malus-2 would shed two cards of one's own hand in a single turn.
    state = malus_position("malus-2/+2")

    assert refused(state, 0, "malus-2/+2 0") == "malus.opponent"
    assert parse_action("malus-2/+2 0") not in legal_actions(state, 0)
    assert parse_action("malus-2/+2 1") in legal_actions(state, 0)


def test_in_a_second_edition_game_a_malus_may_be_aimed_at_its_player() -> None:
    state = arrange(
        GameConfig(3, edition=SECOND_EDITION),
        ["malus-2/+2 blue-9 blue-10 blue-11", "red-9", "green-9"],
        pile=PILE,
    )
    assert parse_action("malus-2/+2 0") in legal_actions(state, 0)

    state = act(state, 0, "malus-2/+2 0", "resolve discard blue-9 blue-10 place up-left up-left")

    assert hand(state, 0) == ["blue-11"]
    assert row(state, 0) == "yellow-2 yellow-1"


def test_with_teams_a_malus_spares_the_partner_too() -> None:
    state = arrange(
        GameConfig(4, teams=True),
        ["malus+3/+0 blue-9", "red-9", "green-9", "yellow-16"],
        pile=PILE,
    )

    assert refused(state, 0, "malus+3/+0 2") == "malus.opponent"
    after = act(state, 0, "malus+3/+0 all")
    assert [len(after.hands[seat]) for seat in range(4)] == [1, 4, 1, 4]


def test_malus_targets_choose_in_any_order_and_play_resumes_after_the_malus_player() -> None:
    state = arrange(
        GameConfig(3),
        ["blue-9 blue-10", "malus-1/+1 red-9 red-10", "green-9 green-10"],
        turn=1,
        pile=PILE,
    )
    state = act(state, 1, "malus-1/+1 all")
    assert awaiting(state) == frozenset({0, 2})

    state = act(state, 0, "resolve discard blue-9 place down-left")
    assert refused(state, 0, "pass") == "turn.waiting"
    assert awaiting(state) == frozenset({2})
    after = act(state, 2, "resolve discard green-9 place up-left")

    assert after.pending is None
    assert after.turn == 2
    assert (row(after, 2), row(after, 0)) == ("yellow-1", "?yellow-2")
    assert hand(after, 1) == names("red-9 red-10")


@pytest.mark.parametrize(
    ("malus", "target_row", "choice"),
    [
        ("malus-1/+1", "red-1 red-2", "resolve place up-left"),
        ("malus-1/+1", "red-1 red-2", "resolve discard red-9 red-10 place up-left"),
        ("malus-1/+1", "red-1 red-2", "resolve discard red-9"),
        ("malus-1/+1", "red-1 red-2", "resolve discard red-9 place up-left up-right"),
        ("malus-1/+1", "red-1 red-2", "resolve discard blue-16 place up-left"),
        ("malus+1/-2", "red-1 red-2 red-3", "resolve remove 0"),
        ("malus+1/-2", "red-1 red-2 red-3", "resolve remove 0 0"),
        ("malus+1/-2", "red-1 red-2 red-3", "resolve remove 0 3"),
        ("malus+1/-2", "red-1 red-2 red-3", "resolve remove 0 1 2"),
    ],
)
def test_a_malus_target_must_discard_remove_and_place_exactly_what_it_asks(
    malus: str, target_row: str, choice: str
) -> None:
    state = act(malus_position(malus, target_row=target_row), 0, f"{malus} 1")

    assert refused(state, 1, choice) == "malus.resolve"


def test_only_a_malus_target_answers_it() -> None:
    state = act(malus_position("malus-1/+1"), 0, "malus-1/+1 1")

    assert refused(state, 2, "resolve discard green-9 place up-left") == "turn.waiting"
    assert refused(state, 0, "play blue-9") == "turn.waiting"


def test_a_locked_target_still_suffers_the_hand_effect_but_not_the_score_effect() -> None:
    state = act(locked_position(), 1, "pass")

    drawn = act(state, 2, "malus+2/-1 1")
    assert hand(drawn, 1) == names("flip red-9 blue-12 blue-13")
    assert row(drawn, 1) == "red-1 red-2"
    assert 1 not in awaiting(drawn)

    everyone = act(state, 2, "malus-1/+1 all")
    everyone = act(everyone, 0, "resolve discard blue-9 place up-right")
    # Seat 1 still discards a card, but draws nothing into its locked row.
    assert refused(everyone, 1, "resolve discard red-9 place up-left") == "malus.resolve"
    after = act(everyone, 1, "resolve discard red-9")

    assert hand(after, 1) == ["flip"]
    assert row(after, 1) == "red-1 red-2"
    assert (row(after, 0), row(after, 2)) == ("blue-1 blue-12", "green-1")


# Modes, effects and the Shadow's bonus ------------------------------------------------------


def test_action_cards_are_refused_in_family_mode() -> None:
    state = arrange(GameConfig(2, Mode.FAMILY), ["blue-1 shadow-9", "red-1"], ["blue-2", ""])

    assert refused(state, 0, "flip all") == "action.none"
    assert refused(state, 0, "play shadow-9 + flip all") == "action.none"


def test_the_shadows_bonus_plays_an_action_card_with_the_pli() -> None:
    state = arrange(GameConfig(2), ["blue-9 shadow-9 flip blue-2", "red-10"], ["", "red-1"])

    after = act(state, 0, "play blue-9 shadow-9 + flip 1")

    assert after.trick.top is not None and after.trick.top.seat == 0
    assert row(after, 1) == "?red-1"
    assert hand(after, 0) == ["blue-2"]
    assert after.turn == 1


def test_a_pli_without_a_shadow_carries_no_action_card() -> None:
    state = arrange(GameConfig(2), ["blue-9 red-9 flip blue-2", "red-10"], ["", "red-1"])

    assert refused(state, 0, "play blue-9 red-9 + flip 1") == "bonus.shadow"


def test_laying_ones_last_card_as_an_action_card_wins_the_trick_and_ends_the_round() -> None:
    state = arrange(GameConfig(2), ["flip", "blue-5 rainbow-5 red-9"], ["blue-1", "red-1"], turn=1)
    state = act(state, 1, "play blue-5 rainbow-5")

    state = act(state, 0, "flip all")

    assert (row(state, 0), row(state, 1)) == ("?blue-1", "?red-1")
    assert state.phase is Phase.DISTRIBUTION
    assert awaiting(state) == frozenset({0})
    after = act(state, 0, "distribute rainbow-5>0:up:left")
    assert after.phase is Phase.GAME_OVER
    assert after.rounds[-1].seat == 0


def test_laying_ones_last_card_as_a_malus_ends_the_round_once_its_target_has_chosen() -> None:
    state = arrange(GameConfig(2), ["malus-1/+1", "red-9 red-10"], pile=PILE)

    state = act(state, 0, "malus-1/+1 1")
    assert state.phase is Phase.PLAY
    after = act(state, 1, "resolve discard red-9 place up-left")

    assert after.phase is Phase.GAME_OVER
    assert after.rounds[-1].seat == 0


def test_laying_ones_last_card_as_a_malus_on_all_ends_the_round_once_all_have_chosen() -> None:
    state = arrange(GameConfig(3), ["malus-1/+1", "red-9 red-10", "green-9 green-10"], pile=PILE)

    state = act(state, 0, "malus-1/+1 all")
    assert awaiting(state) == frozenset({1, 2})
    state = act(state, 1, "resolve discard red-9 place up-left")
    after = act(state, 2, "resolve discard green-9 place up-left")

    assert row(after, 0) == ""
    assert after.phase is Phase.GAME_OVER
    assert after.rounds[-1].seat == 0


def test_a_last_card_malus_drawing_on_all_wins_the_round_and_draws_nothing_itself() -> None:
    # "Un joueur posant sa dernière carte en main est déclaré vainqueur du tour": the
    # Malus+3 on all does not refill its own player's empty hand.
    state = arrange(GameConfig(2), ["malus+3/+0", "red-9 red-10"], pile=PILE)

    after = act(state, 0, "malus+3/+0 all")

    assert hand(after, 0) == []
    assert hand(after, 1) == names("red-9 red-10 yellow-1 yellow-2 yellow-3")
    assert after.phase is Phase.GAME_OVER
    assert after.rounds[-1].seat == 0


def test_in_a_second_edition_game_a_last_card_malus_on_all_refills_its_player() -> None:
    state = arrange(
        GameConfig(2, edition=SECOND_EDITION), ["malus+3/+0", "red-9 red-10"], pile=PILE
    )

    after = act(state, 0, "malus+3/+0 all")

    assert hand(after, 0) == names("yellow-1 yellow-2 yellow-3")
    assert after.phase is Phase.PLAY and after.turn == 1
