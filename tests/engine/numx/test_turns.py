"""Turns and tricks: who acts, the five turn actions, completion out of turn, the end of a
trick and of a round."""

from games.engine.numx import (
    CHANCE,
    Mode,
    Phase,
    awaiting,
    legal_actions,
    parse_action,
    to_act,
)
from games.engine.numx.modes import FIRST_EDITION, THIRD_EDITION
from games.engine.numx.state import DrawnCard, Termination

from .conftest import FILLER, act, refused, table


def test_only_the_player_whose_turn_it_is_acts() -> None:
    state = table(["blue-3" + FILLER, "blue-5 red-16", "blue-6 red-15"])
    assert refused(state, 1, "play blue-5") == "turn.not-yours"
    assert awaiting(state) == {0}


def test_play_goes_round_in_seat_order() -> None:
    state = table(["blue-3" + FILLER, "blue-5 red-16", "blue-6 red-15"], turn=2)
    state = act(state, 2, "play blue-6")
    assert state.turn == 0


def test_a_trick_ends_when_play_comes_back_to_the_last_pli_s_owner() -> None:
    state = table(["blue-3" + FILLER, "blue-5 red-16", "blue-6 red-15"])
    state = act(state, 0, "play blue-3")
    state = act(state, 1, "play blue-5")
    state = act(state, 2, "pass")
    assert state.phase is Phase.PLAY and state.turn == 0
    state = act(state, 0, "pass")
    # A blank trick: seat 1 wins it and hands out one of its cards.
    assert state.phase is Phase.DISTRIBUTION and state.pending.winner == 1  # type: ignore[union-attr]
    state = act(state, 1, "distribute blue-3>2:up:left")
    assert state.phase is Phase.PLAY and state.turn == 1 and state.trick.plis == ()
    assert [str(sc.card) for sc in state.rows[2]] == ["blue-3"]
    assert [str(c) for c in state.discard] == ["blue-5"]


def test_a_player_who_passed_may_play_when_their_turn_comes_round_again() -> None:
    state = table(["blue-3 blue-9" + FILLER, "blue-5 red-16", "blue-6 red-15"])
    state = act(state, 0, "play blue-3")
    state = act(state, 1, "pass")
    state = act(state, 2, "play blue-6")
    state = act(state, 0, "pass")
    state = act(state, 1, "play red-16")
    assert state.trick.owner == 1


def test_actions_that_do_not_cover_let_the_trick_end_like_passes() -> None:
    state = table(["blue-3" + FILLER, "flip blue-1 red-15"], ["", "red-2"], pile="blue-2")
    state = act(state, 0, "play blue-3")
    state = act(state, 1, "flip 1")  # an Action card does not cover the pli
    assert state.phase is Phase.DISTRIBUTION and state.pending.winner == 0  # type: ignore[union-attr]


def test_on_an_empty_centre_a_player_who_can_open_must_open() -> None:
    state = table(["blue-3" + FILLER, "infinity num-x"], turn=0)
    assert refused(state, 0, "pass") == "pli.open"
    assert parse_action("pass") not in legal_actions(state, 0)


def test_a_player_who_cannot_open_may_pass_and_everyone_passing_is_a_stalemate() -> None:
    state = table(["infinity num-x", "infinity flip"])
    state = state._replace(pile=())
    state = act(state, 0, "pass")
    assert state.turn == 1 and state.phase is Phase.PLAY
    state = act(state, 1, "pass")
    assert state.phase is Phase.GAME_OVER
    assert state.rounds[0].termination is Termination.STALEMATE


def test_a_rainbow_completes_the_top_pli_out_of_turn_and_play_resumes_after_it() -> None:
    state = table(
        ["blue-7 red-16 green-15", "green-7 red-15", "rainbow-7 yellow-15", "blue-1 red-14"]
    )
    state = act(state, 0, "play blue-7")
    assert to_act(state) == {1, 2}  # server side: seat 2 holds the Rainbow 7
    assert awaiting(state) == {1}  # public: whose turn it is, not who holds the Rainbow
    state = act(state, 2, "complete rainbow-7")
    assert [str(c) for c in state.trick.top.cards] == ["blue-7", "rainbow-7"]  # type: ignore[union-attr]
    assert state.trick.owner == 2 and state.turn == 3


def test_the_completer_wins_the_trick_if_the_others_let_it_stand() -> None:
    state = table(["blue-7" + FILLER, "rainbow-7 red-15", "blue-1 red-14"])
    state = act(state, 0, "play blue-7")
    state = act(state, 1, "complete rainbow-7")
    state = act(state, 2, "pass")
    state = act(state, 0, "pass")
    assert state.phase is Phase.DISTRIBUTION and state.pending.winner == 1  # type: ignore[union-attr]
    # The completed pli holds a Rainbow: both of its cards are eligible.
    assert sorted(str(c) for c in state.pending.cards) == ["blue-7", "rainbow-7"]  # type: ignore[union-attr]


def test_the_next_pli_must_match_the_completed_count() -> None:
    state = table(["blue-7" + FILLER, "rainbow-7 red-9 red-15", "blue-9 yellow-9 green-14"])
    state = act(act(state, 0, "play blue-7"), 1, "complete rainbow-7")
    assert refused(state, 2, "play blue-9") == "pli.count"
    assert act(state, 2, "play blue-9 yellow-9").trick.owner == 2


def test_only_the_rainbow_of_the_top_value_completes_and_not_ones_own_pli() -> None:
    state = table(["blue-7 rainbow-9" + FILLER, "rainbow-8 red-15"])
    state = act(state, 0, "play blue-7")
    assert refused(state, 1, "complete rainbow-8") == "complete.rainbow"
    state = table(["blue-7 rainbow-7" + FILLER, "red-1 red-15"])
    state = act(state, 0, "play blue-7")
    assert refused(state, 0, "complete rainbow-7") == "complete.own"


def test_nothing_completes_an_infinity() -> None:
    state = table(["blue-7" + FILLER, "infinity red-15", "rainbow-7 green-14"])
    state = act(act(state, 0, "play blue-7"), 1, "play infinity")
    assert refused(state, 2, "complete rainbow-7") == "complete.rainbow"


def test_no_completion_while_a_drawn_card_waits_to_be_played() -> None:
    state = table(["blue-7" + FILLER, "red-15", "rainbow-7 green-14"], pile="red-9")
    state = act(act(state, 0, "play blue-7"), 1, "draw")
    assert isinstance(state.pending, DrawnCard)
    assert refused(state, 2, "complete rainbow-7") == "turn.waiting"


def test_a_drawn_card_that_can_be_played_must_be_played_at_once() -> None:
    state = table(["blue-7" + FILLER, "red-15 green-2"], pile="red-9")
    state = act(act(state, 0, "play blue-7"), 1, "draw")
    assert state.turn == 1 and awaiting(state) == {1}
    assert refused(state, 1, "pass") == "draw.play"
    assert refused(state, 1, "play red-15") == "draw.play"
    assert {str(a) for a in legal_actions(state, 1)} == {"play red-9"}
    assert act(state, 1, "play red-9").trick.owner == 1


def test_a_drawn_card_that_cannot_be_played_joins_the_hand_and_the_turn_ends() -> None:
    state = table(["blue-7" + FILLER, "red-15 green-2", "blue-1 red-14"], pile="red-3")
    state = act(act(state, 0, "play blue-7"), 1, "draw")
    assert state.pending is None and state.turn == 2
    assert "red-3" in [str(c) for c in state.hands[1]]


def test_a_drawn_rainbow_of_the_top_value_must_complete_the_pli() -> None:
    # Seat 1 sits just before the pli's owner: keeping the Rainbow would end the trick.
    state = table(["blue-7" + FILLER, "red-15 green-2"], pile="rainbow-7")
    state = act(act(state, 0, "play blue-7"), 1, "draw")
    assert state.pending == DrawnCard(1, state.hands[1][-1]) and awaiting(state) == {1}
    assert {str(a) for a in legal_actions(state, 1)} == {"complete rainbow-7"}
    assert refused(state, 1, "pass") == "draw.play"
    state = act(state, 1, "complete rainbow-7")
    assert [str(c) for c in state.trick.top.cards] == ["blue-7", "rainbow-7"]  # type: ignore[union-attr]
    assert state.trick.owner == 1 and state.turn == 0 and state.phase is Phase.PLAY


def test_in_a_first_edition_game_a_drawn_rainbow_of_the_top_value_stays_in_the_hand() -> None:
    state = table(["blue-7" + FILLER, "red-15 green-2"], pile="rainbow-7", edition=FIRST_EDITION)
    state = act(act(state, 0, "play blue-7"), 1, "draw")
    assert state.pending is not None and state.phase is Phase.DISTRIBUTION  # trick over
    assert "rainbow-7" in [str(c) for c in state.hands[1]]


def test_a_drawn_rainbow_does_not_complete_ones_own_pli() -> None:
    state = table(["shadow-10 block" + FILLER, "red-15 green-2"], pile="rainbow-10")
    state = act(state, 0, "play shadow-10 + block all")
    assert state.turn == 0  # the Block lets its player act again, on their own pli
    state = act(state, 0, "draw")
    assert state.pending is None and state.turn == 1
    assert "rainbow-10" in [str(c) for c in state.hands[0]]


def test_nobody_draws_from_an_empty_pile() -> None:
    state = table(["blue-7" + FILLER, "red-15 green-2"])._replace(pile=())
    state = act(state, 0, "play blue-7")
    assert refused(state, 1, "draw") == "draw.empty"
    assert parse_action("draw") not in legal_actions(state, 1)


def test_a_visible_score_card_is_taken_back_and_played_in_the_same_move() -> None:
    state = table(["blue-7" + FILLER, "red-9 red-15"], ["", "blue-9 ?yellow-12"])
    state = act(state, 0, "play blue-7")
    state = act(state, 1, "take 0: play blue-9")
    assert [str(c) for c in state.trick.top.cards] == ["blue-9"]  # type: ignore[union-attr]
    assert [str(sc.card) for sc in state.rows[1]] == ["yellow-12"]
    assert [str(c) for c in state.hands[1]] == ["red-9", "red-15"]


def test_a_taken_back_card_may_join_cards_of_the_hand() -> None:
    state = table(["blue-7 red-7" + FILLER, "red-9 red-15"], ["", "blue-9"])
    state = act(state, 0, "play blue-7 red-7")
    state = act(state, 1, "take 0: play blue-9 red-9")
    assert len(state.trick.top.cards) == 2 and state.rows[1] == ()  # type: ignore[union-attr]


def test_only_a_visible_card_of_ones_own_row_is_taken_back_and_it_must_be_played() -> None:
    state = table(["blue-7" + FILLER, "red-9 red-15"], ["", "?blue-9 green-11"])
    state = act(state, 0, "play blue-7")
    assert refused(state, 1, "take 0: play blue-9") == "take.visible"
    assert refused(state, 1, "take 5: play blue-9") == "take.visible"
    assert refused(state, 1, "take 1: play red-9") == "take.play"


def test_a_score_card_taken_back_opens_a_trick_only_with_cards_of_the_hand() -> None:
    state = table(["red-2 blue-14" + FILLER, "green-4", "blue-7"], ["rainbow-14", "", ""])
    assert refused(state, 0, "take 0: play rainbow-14") == "take.open"
    offered = {str(a) for a in legal_actions(state, 0)}
    assert "take 0: play blue-14 rainbow-14" in offered
    assert "take 0: play rainbow-14" not in offered
    state = act(state, 0, "take 0: play blue-14 rainbow-14")
    assert len(state.hands[0]) == 3 and state.rows[0] == ()


def test_before_the_fourth_edition_a_score_card_could_open_the_same_trick_forever() -> None:
    """Nobody beats a lone Rainbow 14 here: its player won the trick, handed the card back
    to their own row, face up, and opened with it again: the same position, for ever."""
    start = table(
        ["red-2" + FILLER, "green-4", "blue-7"], ["rainbow-14", "", ""], edition=THIRD_EDITION
    )
    state = act(start, 0, "take 0: play rainbow-14")
    state = act(act(state, 1, "pass"), 2, "pass")
    state = act(state, 0, "distribute rainbow-14>0:up:right")
    assert (state.hands, state.rows, state.pile, state.turn) == (
        start.hands,
        start.rows,
        start.pile,
        start.turn,
    )
    assert state.phase is Phase.PLAY and state.trick.top is None


def test_an_action_card_taken_back_is_played_as_its_action() -> None:
    state = table(["blue-7" + FILLER, "red-9 red-15"], ["yellow-3", "flip"])
    state = act(state, 0, "play blue-7")
    state = act(state, 1, "take 0: flip 0")
    assert state.rows[0][0].face_up is False and state.rows[1] == ()
    assert [str(c) for c in state.discard] == ["flip"]


def test_a_visible_rainbow_taken_back_completes_the_top_pli() -> None:
    state = table(["blue-7" + FILLER, "red-9 red-15", "blue-1 red-14"], ["", "rainbow-7", ""])
    state = act(state, 0, "play blue-7")
    assert "take 0: complete rainbow-7" in {str(a) for a in legal_actions(state, 1)}
    state = act(state, 1, "take 0: complete rainbow-7")
    assert [str(c) for c in state.trick.top.cards] == ["blue-7", "rainbow-7"]  # type: ignore[union-attr]
    assert state.trick.owner == 1 and state.turn == 2 and state.rows[1] == ()
    assert [str(c) for c in state.hands[1]] == ["red-9", "red-15"]


def test_a_taken_back_card_completes_only_as_the_top_pli_s_rainbow_and_not_in_first_edition() -> (
    None
):
    rows = ["", "rainbow-7 rainbow-8"]
    state = act(table(["blue-7" + FILLER, "red-9 red-15"], rows), 0, "play blue-7")
    assert refused(state, 1, "take 1: complete rainbow-8") == "complete.rainbow"
    assert refused(state, 1, "take 1: complete rainbow-7") == "take.play"
    first = table(["blue-7" + FILLER, "red-9 red-15"], rows, edition=FIRST_EDITION)
    first = act(first, 0, "play blue-7")
    assert refused(first, 1, "take 0: complete rainbow-7") == "take.play"
    assert "take 0: complete rainbow-7" not in {str(a) for a in legal_actions(first, 1)}


def test_laying_ones_last_card_wins_the_trick_and_ends_the_round() -> None:
    state = table(["blue-7 red-3", "blue-9", "green-11 red-15"])
    state = act(state, 0, "play blue-7")
    state = act(state, 1, "play blue-9")
    assert state.phase is Phase.DISTRIBUTION and state.pending.winner == 1  # type: ignore[union-attr]
    assert state.pending.round_over  # type: ignore[union-attr]
    state = act(state, 1, "distribute blue-9>1:up:left")
    assert state.phase is Phase.GAME_OVER
    assert state.rounds[0].termination is Termination.LAST_CARD and state.rounds[0].seat == 1


def test_completing_out_of_turn_with_ones_last_card_wins_the_trick_and_ends_the_round() -> None:
    # *Un joueur posant sa dernière carte en main est déclaré vainqueur du tour. Le tour
    # prend fin immédiatement*, even out of turn: seat 2 completes seat 0's pli with its
    # only card before seat 1 has played, and an X-Game goes on to round 2.
    state = table(["blue-7" + FILLER, "blue-9 red-15", "rainbow-7"], mode=Mode.X_GAME)
    state = act(state, 0, "play blue-7")

    state = act(state, 2, "complete rainbow-7")

    assert state.phase is Phase.DISTRIBUTION and state.pending.winner == 2  # type: ignore[union-attr]
    assert state.pending.round_over  # type: ignore[union-attr]
    state = act(state, 2, "distribute rainbow-7>2:up:left")
    assert state.phase is Phase.RESHUFFLE
    assert [(end.round_no, end.termination, end.seat) for end in state.rounds] == [
        (1, Termination.LAST_CARD, 2)
    ]


def test_nothing_is_played_once_the_game_is_over() -> None:
    state = table(["blue-7 red-3", "blue-9"])
    state = act(act(state, 0, "play blue-7"), 1, "play blue-9", "distribute blue-9>1:up:left")
    assert refused(state, 0, "pass") == "game.over"
    assert not legal_actions(state, 0) and to_act(state) == frozenset()


def test_actions_of_another_moment_and_unknown_seats_are_refused() -> None:
    state = table(["blue-7" + FILLER, "blue-9 red-15"])
    assert refused(state, 0, "pick blue-7") == "game.phase"
    assert refused(state, 0, "refill") == "game.phase"
    assert refused(state, 5, "pass") == "game.seat"
    assert refused(state, CHANCE, "deal blue-1") == "game.phase"
