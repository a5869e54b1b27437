"""Rounds: the deal, the opening pick, who starts, the end of a round, and X-Game's second
round (docs/rules.md, "The deal and the opening pick", "Rounds and the end of the game")."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from games.engine.numx import (
    CHANCE,
    NOBODY,
    ConfigError,
    Deal,
    Face,
    GameConfig,
    GameState,
    Mode,
    Phase,
    Pick,
    Shuffle,
    apply,
    awaiting,
    is_terminal,
    new_game,
    outcome,
    parse_action,
    parse_cards,
    random_step,
    view,
)
from games.engine.numx.positions import arrange
from games.engine.numx.ruleset import NUMX_RULES
from games.engine.numx.state import Termination

from .conftest import card_ids, faces, refused, row, step

# Helpers ------------------------------------------------------------------------------------


def box_order(config: GameConfig) -> tuple[Face, ...]:
    return tuple(card.face for card in config.deck)


def dealt(config: GameConfig, *hands: str) -> GameState:
    """A game dealt so that each seat's hand starts with the named cards (filled up with the
    first other cards of the box); the rest of the box is the pile."""
    named = iter(parse_cards(" ".join(hands)))
    first = [[next(named) for _ in hand.split()] for hand in hands]
    taken = {card for cards in first for card in cards}
    rest = iter(card for card in config.deck if card not in taken)
    order = []
    for cards in first:
        order += cards + [next(rest) for _ in range(config.rules.hand_size - len(cards))]
    order += list(rest)
    return apply(new_game(config), CHANCE, Deal(tuple(card.face for card in order)))


def picked(state: GameState, *picks: str) -> GameState:
    for seat, card in enumerate(picks):
        state = apply(state, seat, Pick(Face.parse(card)))
    return state


# The deal -----------------------------------------------------------------------------------


def test_the_deal_hands_out_blocks_from_the_top_of_the_recorded_order() -> None:
    config = GameConfig(3)
    order = tuple(reversed(box_order(config)))

    state = apply(new_game(config), CHANCE, Deal(order))

    assert [faces(hand) for hand in state.hands] == [
        faces(order[0:13]),
        faces(order[13:26]),
        faces(order[26:39]),
    ]
    assert faces(state.pile) == faces(order[39:])
    assert state.phase is Phase.OPENING_PICK
    assert awaiting(state) == frozenset({0, 1, 2})


@pytest.mark.parametrize(
    "order",
    [
        box_order(GameConfig(2))[:-1],
        (*box_order(GameConfig(2))[:-1], Face.parse("blue-0")),
        (*box_order(GameConfig(2)), Face.parse("blue-0")),
    ],
    ids=["missing", "duplicated", "extra"],
)
def test_a_deal_that_misses_or_duplicates_a_card_is_refused(order: tuple[Face, ...]) -> None:
    assert refused(new_game(GameConfig(2)), CHANCE, Deal(order)) == "chance.deck"


def test_only_chance_deals() -> None:
    assert refused(new_game(GameConfig(2)), 0, Deal(box_order(GameConfig(2)))) == "game.phase"


def test_family_deals_109_cards_and_leaves_the_16_action_cards_out_of_play() -> None:
    family = GameConfig(2, Mode.FAMILY)
    order = box_order(family)
    assert len(order) == 109

    state = apply(new_game(family), CHANCE, Deal(order))

    assert len(state.pile) == 109 - 2 * 12
    assert len(state.out_of_play) == 16
    assert all(card.face.is_action for card in state.out_of_play)
    assert card_ids(state) == list(range(125))
    assert refused(new_game(family), CHANCE, Deal(box_order(GameConfig(2)))) == "chance.deck"


@pytest.mark.parametrize(
    ("mode", "size"), [(Mode.SPEED_RUN, 13), (Mode.X_GAME, 10), (Mode.FAMILY, 12)]
)
def test_each_mode_deals_its_hand_size(mode: Mode, size: int) -> None:
    config = GameConfig(4, mode)

    state = apply(new_game(config), CHANCE, Deal(box_order(config)))

    assert [len(hand) for hand in state.hands] == [size] * 4
    assert len(state.pile) == len(config.deck) - 4 * size


# The opening pick ---------------------------------------------------------------------------


def test_opening_picks_stay_secret_until_everyone_has_picked() -> None:
    state = picked(dealt(GameConfig(3), "blue-7", "red-8", "green-9"), "blue-7")

    assert view(state, 0).my_secret is Face.parse("blue-7")
    for other in (1, 2):
        assert view(state, other).my_secret is None
    assert view(state, 1).secret_done == (True, False, False)
    assert all(row == () for row in state.rows)
    assert awaiting(state) == frozenset({1, 2})


def test_each_player_picks_once() -> None:
    state = picked(dealt(GameConfig(2), "blue-7 blue-8", "red-8"), "blue-7")

    assert refused(state, 0, "pick blue-8") == "pick.once"


def test_a_player_picks_a_card_of_their_own_hand() -> None:
    state = dealt(GameConfig(2), "blue-7", "red-8")

    assert refused(state, 0, "pick red-8") == "hand.has-cards"


def test_revealed_picks_become_face_up_score_cards() -> None:
    state = picked(dealt(GameConfig(3), "blue-7", "red-8", "green-9"), "blue-7", "red-8", "green-9")

    assert [row(state, seat) for seat in range(3)] == ["blue-7", "red-8", "green-9"]
    assert [len(hand) for hand in state.hands] == [12, 12, 12]
    assert state.phase is Phase.PLAY
    assert state.secret == (None, None, None)
    for viewer in range(3):
        assert view(state, viewer).rows[1][0].face is Face.parse("red-8")


def test_any_card_may_be_picked_an_action_card_included() -> None:
    state = picked(dealt(GameConfig(2), "flip", "infinity"), "flip", "infinity")

    assert (row(state, 0), row(state, 1)) == ("flip", "infinity")
    assert faces(state.hands[0]).count("flip") == 0


def test_no_card_is_picked_once_play_has_started() -> None:
    state = picked(dealt(GameConfig(2), "blue-7 blue-8", "red-8"), "blue-7", "red-8")

    assert refused(state, 1, "pick blue-0") == "game.phase"


@pytest.mark.parametrize(
    ("picks", "starter"),
    [
        (("blue-3", "red-3", "green-5"), 2),
        (("green-9", "blue-9", "red-12"), 2),
        (("red-4", "blue-4"), 1),
        (("shadow-2", "rainbow-2"), 1),
        (("green-2", "yellow-2", "flip"), 1),
        (("joker", "flip", "infinity"), 0),
        (("flip", "infinity", "blue-16"), 2),
    ],
    ids=[
        "smallest-unique-value",
        "smallest-unique-value-not-smallest-card",
        "no-unique-blue-before-red",
        "no-unique-rainbow-before-shadow",
        "only-numbered-cards-count",
        "no-numbered-card-seat-0",
        "one-numbered-card",
    ],
)
def test_who_starts_after_the_opening_pick(picks: tuple[str, ...], starter: int) -> None:
    state = picked(dealt(GameConfig(len(picks)), *picks), *picks)

    assert state.turn == starter
    assert awaiting(state) == frozenset({starter})


# The end of a round -------------------------------------------------------------------------


def last_card_laid(mode: Mode, round_no: int = 1) -> GameState:
    """Seat 0 lays its last card; its blank trick is handed out to itself."""
    state = arrange(
        GameConfig(2, mode), ["blue-6", "red-9 red-10"], ["rainbow-6", "red-3"], round_no=round_no
    )
    return step(state, "play blue-6", "distribute blue-6>0:up:left")


@pytest.mark.parametrize("mode", [Mode.SPEED_RUN, Mode.FAMILY])
def test_speed_run_and_family_end_after_one_round(mode: Mode) -> None:
    after = last_card_laid(mode)

    assert is_terminal(after)
    assert [(end.round_no, end.termination, end.seat) for end in after.rounds] == [
        (1, Termination.LAST_CARD, 0)
    ]
    assert refused(after, 1, "play red-9") == "game.over"


def test_an_x_game_goes_on_to_a_second_round() -> None:
    after = last_card_laid(Mode.X_GAME)

    assert not is_terminal(after)
    assert after.phase is Phase.RESHUFFLE
    assert awaiting(after) == frozenset({CHANCE})
    assert outcome(after) is None


def test_an_x_game_ends_after_round_two_scored_on_the_final_rows() -> None:
    after = last_card_laid(Mode.X_GAME, round_no=2)

    assert is_terminal(after)
    assert after.rounds[-1].round_no == 2
    result = outcome(after)
    # Round 1's Rainbow 6 and round 2's blue 6 make a Rainbow pair: 12.
    assert result is not None and result.scores == (12, 3)
    assert result.winners == frozenset({0})


def test_an_x_game_counts_its_final_rows_once_so_cards_of_both_rounds_combine() -> None:
    # *Meilleur score à l'issue des 2 manches*, counted once on the rows kept from round 1
    # (docs/rules.md, "Decision (X-Game score)"): round 1's blue 6 and round 2's red 6 are a
    # pair and cancel. Adding up what each round scored would give seat 0 (6 + 3) + 6 = 15
    # and the win.
    state = arrange(
        GameConfig(2, Mode.X_GAME),
        ["red-6", "red-9 red-10"],
        ["blue-6 yellow-3", "green-5"],
        round_no=2,
    )

    after = step(state, "play red-6", "distribute red-6>0:up:right")

    result = outcome(after)
    assert result is not None and result.scores == (3, 5)
    assert result.winners == frozenset({1})


def test_equal_best_final_scores_share_the_win() -> None:
    # *Le joueur avec le score final le plus élevé remporte la partie* names no tie-break.
    state = arrange(
        GameConfig(3, Mode.X_GAME),
        ["blue-6", "red-9 red-10", "green-11 green-12"],
        ["", "red-6", "yellow-2"],
        round_no=2,
    )

    after = step(state, "play blue-6", "distribute blue-6>0:up:left")

    result = outcome(after)
    assert result is not None and result.scores == (6, 6, 2)
    assert result.winners == frozenset({0, 1})


def no_opening_position(config: GameConfig, hands: Sequence[str]) -> GameState:
    """Nobody can open a trick, and the pile is empty (all of it in the discard)."""
    state = arrange(config, hands)
    return state._replace(pile=(), discard=state.pile)


def test_the_round_ends_in_a_stalemate_when_everyone_passes_unable_to_open() -> None:
    state = no_opening_position(GameConfig(2), ["infinity flip", "num-x"])

    state = step(state, "pass")
    assert state.phase is Phase.PLAY
    after = step(state, "pass")

    assert is_terminal(after)
    assert [(end.termination, end.seat) for end in after.rounds] == [
        (Termination.STALEMATE, NOBODY)
    ]


def test_a_player_who_can_open_may_not_pass_on_an_empty_centre() -> None:
    state = no_opening_position(GameConfig(2), ["infinity", "num-x blue-3"])
    state = step(state, "pass")

    assert refused(state, 1, "pass") == "pli.open"


def test_a_pass_forced_by_a_block_does_not_count_towards_a_stalemate() -> None:
    state = no_opening_position(GameConfig(2), ["block infinity", "num-x"])
    state = step(state, "block 1", "pass")

    state = step(state, "pass")  # seat 1's forced pass
    assert state.phase is Phase.PLAY
    assert state.rounds == ()
    state = step(state, "pass")
    after = step(state, "pass")

    assert is_terminal(after)
    assert after.rounds[0].termination is Termination.STALEMATE


def test_a_stalemate_in_x_game_round_one_leads_to_round_two() -> None:
    state = no_opening_position(GameConfig(2, Mode.X_GAME), ["infinity flip", "num-x"])

    after = step(state, "pass", "pass")

    assert after.phase is Phase.RESHUFFLE
    assert after.rounds[0].termination is Termination.STALEMATE


# X-Game: between the rounds -----------------------------------------------------------------

ROUND_ONE_DISCARD = "flip malus+2/-1 joker green-2 infinity"


def end_of_round_one(seat_1_hand: str = "red-9 red-10 swipe", played: int = 0) -> GameState:
    """X-Game, 2 players: seat 1 lays red-3, seat 0 covers it with its last card, blue-5, and
    hands blue-5 to itself face down (red-3 is discarded). Round 1's discard also holds
    flip, a Malus, a joker, green-2 and an infinity; seat 1 keeps a Swipe in hand and an
    Eclair face up in its score row. Round 1 has finished ``played`` tricks before this one."""
    state = arrange(
        GameConfig(2, Mode.X_GAME),
        ["blue-5", f"red-3 {seat_1_hand}"],
        ["blue-4 ?green-1", "red-4 ?red-2 green-6 eclair"],
        turn=1,
    )._replace(tricks=played)
    thrown = parse_cards(ROUND_ONE_DISCARD)
    assert set(thrown) <= set(state.pile)
    state = state._replace(pile=tuple(c for c in state.pile if c not in thrown), discard=thrown)
    return step(state, "play red-3", "play blue-5", "distribute blue-5>0:down:right")


def shuffled(state: GameState) -> GameState:
    """The round-2 shuffle, recorded as the pile upside down."""
    return apply(state, CHANCE, Shuffle(tuple(card.face for card in reversed(state.pile))))


def test_round_one_discards_return_to_the_pile_and_used_action_cards_leave_the_game() -> None:
    pile_before = 125 - 1 - 3 - 6 - len(parse_cards(ROUND_ONE_DISCARD))

    state = end_of_round_one()

    assert state.phase is Phase.RESHUFFLE
    assert sorted(faces(state.out_of_play)) == ["flip", "malus+2/-1"]
    assert state.discard == ()
    assert {"joker", "green-2", "infinity", "red-3"} <= set(faces(state.pile))
    assert len(state.pile) == pile_before - 1 + 4
    # Action cards still in hands or score rows stay in the game.
    assert "swipe" in faces(state.hands[1])
    assert row(state, 1) == "red-4 ?red-2 green-6 eclair"
    assert card_ids(state) == list(range(125))


def test_the_round_two_pile_is_one_shuffle_of_exactly_the_recovered_pile() -> None:
    state = end_of_round_one()
    order = tuple(card.face for card in reversed(state.pile))

    assert refused(state, CHANCE, Shuffle(order[:-1])) == "chance.pile"
    assert refused(state, CHANCE, Shuffle((*order[:-1], Face.parse("flip")))) == "chance.pile"
    assert refused(state, CHANCE, Shuffle((*order, Face.parse("red-3")))) == "chance.pile"

    after = apply(state, CHANCE, Shuffle(order))

    assert tuple(card.face for card in after.pile) == order
    assert after.phase is Phase.BETWEEN_ROUNDS
    assert awaiting(after) == frozenset({0, 1})


def test_the_refill_or_reset_choice_is_secret_until_all_have_chosen() -> None:
    state = shuffled(end_of_round_one())

    state = apply(state, 1, parse_action("reset"))

    assert view(state, 1).my_secret == "reset"
    assert view(state, 0).my_secret is None
    assert view(state, 0).secret_done == (False, True)
    assert faces(state.hands[1]) == ["red-9", "red-10", "swipe"]
    assert awaiting(state) == frozenset({0})


def test_each_player_chooses_once_between_the_rounds() -> None:
    state = apply(shuffled(end_of_round_one()), 1, parse_action("reset"))

    assert refused(state, 1, "refill") == "between.once"
    assert refused(state, 1, "reset") == "between.once"


def test_refill_draws_up_to_ten_and_reset_discards_the_hand_then_draws_ten() -> None:
    state = shuffled(end_of_round_one())
    top = faces(state.pile)

    refill = apply(apply(state, 0, parse_action("refill")), 1, parse_action("refill"))
    reset = apply(apply(state, 0, parse_action("refill")), 1, parse_action("reset"))

    # Choices are carried out in seat order: seat 0 (empty hand) draws the top ten first.
    assert faces(refill.hands[0]) == top[:10]
    assert faces(refill.hands[1]) == ["red-9", "red-10", "swipe", *top[10:17]]
    assert faces(reset.hands[1]) == top[10:20]
    assert sorted(faces(reset.discard)) == ["red-10", "red-9", "swipe"]
    assert card_ids(reset) == list(range(125))


def test_a_hand_over_ten_keeps_its_cards_on_a_refill() -> None:
    twelve = "red-9 red-10 red-11 red-12 red-13 red-14 red-15 red-16 yellow-9 yellow-10 yellow-11"
    state = shuffled(end_of_round_one(twelve + " swipe"))
    hand = faces(state.hands[1])
    assert len(hand) == 12

    after = apply(apply(state, 1, parse_action("refill")), 0, parse_action("refill"))

    assert faces(after.hands[1]) == hand
    assert len(after.hands[0]) == 10


def test_a_short_pile_gives_what_it_has() -> None:
    state = shuffled(end_of_round_one())
    # Seat 1 happens to hold all but three cards of the pile.
    state = state._replace(
        hands=(state.hands[0], state.hands[1] + state.pile[3:]), pile=state.pile[:3]
    )
    top = faces(state.pile)

    after = apply(apply(state, 0, parse_action("refill")), 1, parse_action("reset"))

    assert faces(after.hands[0]) == top
    assert after.hands[1] == ()
    assert after.pile == ()
    assert card_ids(after) == list(range(125))


def round_two(played: int = 0) -> GameState:
    """Round 2 under way, round 1 having ended with the ``played + 1``-th trick."""
    state = shuffled(end_of_round_one(played=played))
    return apply(apply(state, 0, parse_action("refill")), 1, parse_action("refill"))


def test_round_two_starts_without_an_opening_pick() -> None:
    state = round_two()

    assert state.round_no == 2
    assert state.phase is Phase.PLAY
    assert state.secret == (None, None)
    assert refused(state, 0, "pick blue-0") == "game.phase"


def test_round_two_is_started_by_the_smallest_unique_visible_score_card() -> None:
    # Visible: blue-4 (seat 0), red-4 and green-6 (seat 1); face down: green-1 and blue-5
    # (seat 0), red-2 (seat 1). The smallest unique visible value is 6.
    state = round_two()

    assert state.turn == 1
    assert awaiting(state) == frozenset({1})


def test_with_no_face_up_numbered_score_card_seat_0_starts_round_two() -> None:
    # *La plus petite carte score VISIBLE unique* names nobody when every numbered score
    # card lies face down: seat 0 starts, as after an opening pick of no numbered card, and
    # not seat 1, who won round 1's last trick.
    state = arrange(
        GameConfig(3, Mode.X_GAME),
        ["red-9 red-10", "blue-5", "green-11 green-12"],
        ["?blue-1", "flip", "?red-2"],
        turn=1,
    )
    state = shuffled(step(state, "play blue-5", "distribute blue-5>1:down:left"))

    for seat in range(3):
        state = apply(state, seat, parse_action("refill"))

    assert (state.round_no, state.phase) == (2, Phase.PLAY)
    assert state.turn == 0


def test_score_rows_are_kept_into_round_two() -> None:
    before = end_of_round_one()

    state = round_two()

    assert state.rows == before.rows
    assert (row(state, 0), row(state, 1)) == (
        "blue-4 ?green-1 ?blue-5",
        "red-4 ?red-2 green-6 eclair",
    )


def test_round_two_counts_its_tricks_from_one_and_the_last_trick_keeps_its_round() -> None:
    # Round 1's 25th trick ends it: round 2's first trick is its trick 1, not the game's 26th.
    state = round_two(played=24)

    progress = NUMX_RULES.progress(state)
    assert (progress.round, progress.step) == (2, 1)
    last = view(state, None).to_json()["last_trick"]
    assert isinstance(last, dict)
    assert (last["round"], last["number"]) == (1, 25)

    rng = random.Random(3)
    while state.tricks == 25:
        state = apply(state, *random_step(state, rng))

    progress = NUMX_RULES.progress(state)
    assert (progress.round, progress.step) == (2, 2)
    last = view(state, None).to_json()["last_trick"]
    assert isinstance(last, dict)
    assert (last["round"], last["number"]) == (2, 1)


def test_a_resets_discarded_hand_is_not_recovered_for_round_two() -> None:
    # Issue #18, reading 4: the reset happens *à l'issue de la première manche*, after the
    # recovery of the cards discarded *lors de la manche 1*, and draws *10 nouvelles*.
    state = shuffled(end_of_round_one())
    old_hand = set(state.hands[1])

    after = apply(apply(state, 0, parse_action("refill")), 1, parse_action("reset"))

    assert set(after.discard) == old_hand
    assert not old_hand & set(after.pile + after.hands[1])


def test_an_action_card_a_malus_discarded_unused_leaves_the_game_after_round_one() -> None:
    # Issue #18, reading 4: the round-1 discard is one pile; every Action card in it leaves.
    state = arrange(
        GameConfig(2, Mode.X_GAME), ["malus-1/+1 blue-5", "quantum red-3 red-9"], pile="green-7"
    )
    (quantum,) = [card for card in state.hands[1] if card.face.text == "quantum"]
    state = step(state, "malus-1/+1 1")
    state = apply(state, 1, parse_action("resolve discard quantum place up-left"))
    state = step(state, "play red-3", "play blue-5", "distribute blue-5>0:up:left")

    assert state.phase is Phase.RESHUFFLE
    assert quantum in state.out_of_play
    assert quantum not in state.pile


# X-Game's table option: an opening pick at round 2's start ----------------------------------


def round_two_with_picks() -> GameState:
    state = shuffled(end_of_round_one())
    state = state._replace(config=GameConfig(2, Mode.X_GAME, round_two_pick=True))
    return apply(apply(state, 0, parse_action("refill")), 1, parse_action("refill"))


def test_with_the_round_two_pick_each_player_picks_a_score_card_before_round_two() -> None:
    state = round_two_with_picks()
    assert state.round_no == 2
    assert state.phase is Phase.OPENING_PICK
    assert awaiting(state) == frozenset({0, 1})
    before = round_two()

    after = picked(state, faces(state.hands[0])[0], "red-9")

    assert after.phase is Phase.PLAY
    assert row(after, 1) == "red-4 ?red-2 green-6 eclair red-9"
    assert row(after, 0) == f"blue-4 ?green-1 ?blue-5 {faces(state.hands[0])[0]}"
    assert "red-9" not in faces(after.hands[1])
    # Round 2's starter is still chosen among round 1's visible score cards.
    assert after.turn == before.turn == 1


def test_the_round_two_pick_is_an_x_game_option_off_by_default() -> None:
    assert not GameConfig(4, Mode.X_GAME).round_two_pick
    with pytest.raises(ConfigError, match="X-Game"):
        GameConfig(4, Mode.SPEED_RUN, round_two_pick=True)
    config = GameConfig(4, Mode.X_GAME, round_two_pick=True)
    assert GameConfig.from_json(config.to_json()) == config
    with pytest.raises(ConfigError, match="true or false"):
        GameConfig.from_json({"players": 4, "mode": "x-game", "round_two_pick": "yes"})
