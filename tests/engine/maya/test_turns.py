"""A turn of cards: each card's effect on the count and on the order of play, the end of
the turn (revealing, drawing back to five) and the refusals, rule by rule."""

import random

import pytest

from games.engine.maya import (
    CHANCE,
    FIRST_EDITION,
    RULES,
    Card,
    How,
    Phase,
    Play,
    Played,
    Shuffle,
    Won,
    apply,
    legal_actions,
    outcome,
    parse_action,
)
from games.engine.maya.positions import arrange
from games.engine.maya.state import EDITIONS

from .conftest import act, hand, refused

#: A card for seats whose hands do not matter (seven copies: enough for every seat).
FIVE = "-1"


# Numbered cards and Jokers ------------------------------------------------------------------


@pytest.mark.parametrize(("card", "total"), [("+4", 7), ("-5", -2), ("0", 3)])
def test_a_numbered_card_adds_its_value_to_the_count(card: str, total: int) -> None:
    state = act(arrange([f"{card} {FIVE}", FIVE], count=3), 0, f"play {card}")
    assert state.total == total
    assert state.turn == 1


@pytest.mark.parametrize("value", [-5, -1, 1, 5])
def test_a_joker_counts_as_the_value_its_player_names(value: int) -> None:
    state = act(arrange([f"joker {FIVE}", FIVE], count=2), 0, f"play joker {value:+d}")
    assert state.total == 2 + value


def test_a_joker_names_a_value_from_minus_5_to_5_but_not_0() -> None:
    state = arrange([f"joker {FIVE}", FIVE])
    assert refused(state, 0, "play joker +6") == "maya.joker"
    assert refused(state, 0, "play joker +0") == "maya.joker"


def test_only_a_joker_names_a_value() -> None:
    state = arrange([f"+4 {FIVE}", FIVE])
    assert refused(state, 0, Play((Played(Card.parse("+4"), 2),))) == "maya.joker"


def test_you_play_only_cards_you_hold() -> None:
    assert refused(arrange([f"+1 {FIVE}", FIVE]), 0, "play +4") == "maya.hand"


def test_you_play_one_card_a_turn() -> None:
    state = arrange([f"+1 +2 {FIVE}", FIVE])
    assert refused(state, 0, "play +1 then +2") == "maya.one-card"
    assert refused(state, 0, Play(())) == "maya.one-card"


def test_players_act_in_turn() -> None:
    state = arrange([f"+1 {FIVE}", f"+1 {FIVE}"])
    assert refused(state, 1, "play +1") == "maya.turn"
    assert refused(state, 1, "play -1") == "maya.turn"


def test_there_is_no_fifth_seat() -> None:
    assert refused(arrange([FIVE, FIVE]), 4, "play -1") == "maya.seat"


# Drawing back to five ---------------------------------------------------------------------


def test_after_playing_a_player_draws_back_to_five_from_the_top_of_the_pile() -> None:
    state = act(arrange(["+1 +2 +3 +4 +5", FIVE], pile="-5 -4"), 0, "play +3")
    assert hand(state, 0) == ["+1", "+2", "+4", "+5", "-5"]
    assert str(state.pile[0]) == "-4"
    assert [str(card) for card in state.discard] == ["+3"]


def test_an_exhausted_pile_is_reshuffled_from_the_discard_and_the_count_kept() -> None:
    """Rule book: "Si la pioche est épuisée, mélangez la pile de défausse pour commencer une
    nouvelle pioche (Sans oublier le décompte actuel !)"."""
    state = arrange(["+1 +2 +3 +4 +5", FIVE], count=4)
    state = state._replace(pile=(), discard=state.pile)
    state = act(state, 0, "play +2")
    assert state.phase is Phase.RESHUFFLE
    assert state.total == 6
    assert legal_actions(state, 0).listable and not legal_actions(state, 0)
    assert refused(state, 1, "play 0") == "maya.phase"
    order = tuple(reversed(state.discard))
    assert refused(state, CHANCE, Shuffle(order[1:])) == "maya.shuffle"
    state = apply(state, CHANCE, Shuffle(order))
    assert state.phase is Phase.PLAY and state.total == 6 and state.discard == ()
    assert len(state.hands[0]) == 5 and state.hands[0][-1] == order[0]
    assert state.turn == 1


def test_a_pile_that_runs_out_during_a_draw_gives_what_it_has_and_owes_the_rest() -> None:
    state = arrange(["temple +1 +2 +3 +4", FIVE])
    state = state._replace(pile=state.pile[:1], discard=state.pile[1:])
    state = act(state, 0, "play temple then +4")
    assert len(state.hands[0]) == 4
    assert state.owed is not None and state.owed.cards == 1
    state = apply(state, CHANCE, legal_actions(state, CHANCE).sample(random.Random(1)))
    assert len(state.hands[0]) == 5 and state.owed is None


# Skip -----------------------------------------------------------------------------------


def test_skip_makes_the_next_player_lose_their_turn_and_keeps_the_count() -> None:
    state = act(arrange([f"skip {FIVE}", FIVE, FIVE], count=4), 0, "play skip")
    assert state.total == 4
    assert state.turn == 2


def test_skip_with_four_players_after_a_reverse_skips_the_seat_before() -> None:
    state = arrange([f"skip {FIVE}", FIVE, FIVE, FIVE], count=4)._replace(direction=-1)
    assert act(state, 0, "play skip").turn == 2


def test_with_two_players_a_skip_ends_the_turn_and_its_player_plays_again() -> None:
    """Rule book: "Dans une partie à deux joueurs, si vous jouez une carte Skip, jouez
    simplement une seconde carte par la suite": the opponent loses their turn, so the
    second card is the player's next turn. The Skip's turn ends as any other: the count is
    announced and compared, the player draws back to five."""
    state = arrange(["skip +3 0 0 0", FIVE], count=2, pile="+4 -4")
    after = act(state, 0, "play skip")
    assert (after.total, after.turn, after.turns) == (2, 0, 1)
    assert hand(after, 0) == ["+3", "+4", "0", "0", "0"]
    assert RULES.effects(state, 0, parse_action("play skip"), after) == {
        "count": 2,
        "skipped": 1,
    }
    assert refused(after, 1, "play -1") == "maya.turn"
    after = act(after, 0, "play +4")
    assert (after.total, after.turn) == (6, 1)
    assert refused(state, 0, "play skip then +3") == "maya.one-card"


def test_with_two_players_a_skip_keeps_the_count_on_your_secret_and_reveals_it() -> None:
    """Rule book tip: "Si le joueur avant vous amène le décompte à votre nombre secret [...]
    (Dans une partie à deux joueurs, vous pouvez également utiliser la carte Skip pour
    cela.)"."""
    state = arrange(["+1 +2 +3 +4 skip", FIVE], count=6, secrets=[6, 9], supply=[3])
    after = act(state, 0, "play skip")
    assert [w.number for w in after.won[0]] == [6]
    assert after.secrets[0] == 3 and after.turn == 0


def test_in_a_first_edition_game_of_two_a_skip_means_playing_a_second_card() -> None:
    """Games recorded under the first edition read "jouez simplement une seconde carte" as
    at once, in the same move, and replay so."""
    state = arrange(["skip +3 0 0 0", FIVE], count=2, edition=FIRST_EDITION)
    assert refused(state, 0, "play skip") == "maya.skip"
    after = act(state, 0, "play skip then +3")
    assert after.total == 5
    assert after.turn == 1
    assert len(after.hands[0]) == 5


def test_with_three_players_nothing_follows_a_skip() -> None:
    state = arrange(["skip +3 0 0 0", FIVE, FIVE])
    assert refused(state, 0, "play skip then +3") == "maya.one-card"


# Reverse --------------------------------------------------------------------------------


@pytest.mark.parametrize(("before", "after"), [(6, -6), (-1, 1), (0, 0)])
def test_reverse_flips_the_sign_of_the_count(before: int, after: int) -> None:
    """Rule book: "si le décompte est actuellement de 6 et qu'une carte Reverse est jouée,
    le décompte passe à -6"."""
    state = act(arrange([f"reverse {FIVE}", FIVE, FIVE], count=before), 0, "play reverse")
    assert state.total == after


def test_reverse_turns_the_order_of_play_round() -> None:
    state = act(arrange([f"reverse {FIVE}", FIVE, FIVE, FIVE], count=2), 0, "play reverse")
    assert (state.turn, state.direction) == (3, -1)
    state = act(state, 3, "play -1")
    assert state.turn == 2


def test_with_two_players_reverse_only_flips_the_sign() -> None:
    """Rule book: "Si vous jouez une carte Reverse, elle ne change que le compte
    positif/négatif"."""
    state = act(arrange([f"reverse {FIVE}", FIVE], count=3), 0, "play reverse")
    assert (state.total, state.turn, state.direction) == (-3, 1, 1)


# Temple of Zero ---------------------------------------------------------------------------


def test_temple_returns_the_count_to_zero_and_its_player_plays_another_card() -> None:
    state = arrange(["temple -2 +1 +1 +1", FIVE], count=7)
    after = act(state, 0, "play temple then -2")
    assert after.total == -2
    assert len(after.hands[0]) == 5, "two cards played, two drawn"
    assert after.turn == 1


@pytest.mark.parametrize("edition", EDITIONS)
def test_the_temples_second_card_is_a_bonus_its_player_may_leave(edition: int) -> None:
    """Rule book: "En bonus, lorsque vous jouez la carte Temple, vous jouez immédiatement
    une autre carte de votre main." A bonus may be left: a Temple alone ends the turn at 0
    (under either edition: no recorded move changes meaning)."""
    state = arrange(["temple -2 +1 +1 +1", FIVE], count=7, pile="+5", edition=edition)
    after = act(state, 0, "play temple")
    assert (after.total, after.turn) == (0, 1)
    assert hand(after, 0) == ["+1", "+1", "+1", "+5", "-2"]


def test_temple_then_temple_then_a_card() -> None:
    state = act(
        arrange(["temple temple +3 0 0", FIVE], count=7), 0, "play temple then temple then +3"
    )
    assert state.total == 3


def test_a_temple_played_as_the_last_card_of_the_hand_ends_the_turn() -> None:
    """Decision: with no card left to play, the bonus card is lost; the turn ends and the
    player draws back to five (a first-edition chain of Skips emptied the hand)."""
    state = arrange(["skip skip skip temple temple", FIVE], count=7, edition=FIRST_EDITION)
    after = act(state, 0, "play skip then skip then skip then temple then temple")
    assert after.total == 0
    assert len(after.hands[0]) == 5
    assert after.turn == 1


def test_legal_plays_follow_a_temple_with_every_card_left_or_none() -> None:
    state = arrange(["temple +1 +1 +2 skip", FIVE, FIVE])
    plays = {str(action) for action in legal_actions(state, 0)}
    assert plays == {
        "play +1",
        "play +2",
        "play skip",
        "play temple",
        "play temple then +1",
        "play temple then +2",
        "play temple then skip",
    }


# Revealing a secret number ----------------------------------------------------------------


def test_matching_your_secret_on_your_turn_reveals_it_and_you_draw_a_new_one() -> None:
    state = arrange([f"+2 {FIVE}", FIVE], count=4, secrets=[6, 9], supply=[3])
    after = act(state, 0, "play +2")
    assert [w.number for w in after.won[0]] == [6]
    assert after.secrets[0] == 3
    assert len(after.supply) == len(state.supply) - 1


def test_a_count_made_by_another_player_does_not_reveal_your_token() -> None:
    """Rule book: "Vous ne pouvez gagner votre jeton qu'à votre tour !"."""
    state = arrange([f"+2 {FIVE}", FIVE], count=4, secrets=[9, 6])
    after = act(state, 0, "play +2")
    assert after.won == ((), ())
    assert after.secrets[1] == 6


def test_playing_a_zero_keeps_the_count_on_your_secret_and_reveals_it() -> None:
    """Rule book tip: "Si le joueur avant vous amène le décompte à votre nombre secret et que
    vous avez une carte 0 dans votre main, jouez-la"."""
    state = arrange([FIVE, f"0 {FIVE}"], count=6, secrets=[9, 6], turn=1)
    assert [w.number for w in act(state, 1, "play 0").won[1]] == [6]


def test_the_count_is_compared_with_your_secret_at_the_end_of_the_whole_turn() -> None:
    """Decision: the count a first-edition two-player Skip's follow-up card leaves is the
    one that counts, not the count between the two cards (after a Temple that count is 0,
    which no token bears)."""
    first = FIRST_EDITION
    state = arrange(["skip +1 0 0 0", FIVE], count=5, secrets=[5, 9], edition=first)
    assert act(state, 0, "play skip then +1").won[0] == ()
    state = arrange(["skip 0 0 0 0", FIVE], count=5, secrets=[5, 9], edition=first)
    assert len(act(state, 0, "play skip then 0").won[0]) == 1


def test_the_fifth_token_wins_at_once() -> None:
    four = [Won(n, How.REVEALED, 0) for n in (1, 2, 3, 4)]
    state = arrange([f"+1 {FIVE}", FIVE], count=4, secrets=[5, 9], won=[four, []])
    after = act(state, 0, "play +1")
    assert after.phase is Phase.GAME_OVER and after.winner == 0
    assert len(after.hands[0]) == 1, "nobody draws once the game is won"
    result = outcome(after)
    assert result is not None and result.scores == (5, 0) and result.winners == {0}
    assert refused(after, 1, "play -1") == "maya.game-over"
    assert not legal_actions(after, 1)


def test_the_count_may_go_anywhere() -> None:
    state = arrange([f"-5 {FIVE}", FIVE], count=-20)
    assert act(state, 0, "play -5").total == -25
    assert parse_action("play -5") in legal_actions(state, 0)


def test_a_new_token_equal_to_the_count_waits_for_a_later_turn() -> None:
    state = arrange([f"+2 {FIVE}", FIVE], count=4, secrets=[6, 9], supply=[6])
    after = act(state, 0, "play +2")
    assert [w.number for w in after.won[0]] == [6]
    assert after.secrets[0] == 6 and after.total == 6
