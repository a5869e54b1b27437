"""The Objective cards: the book's table of ten, each with its worked totals (*Total (hors
cartes en mains)*), scored by the engine at the end of a real round; what each objective
asks, and when it is judged."""

from __future__ import annotations

import pytest

from games.engine.objectifs import Objective, parse_cards
from games.engine.objectifs.positions import arrange

from .conftest import act


def scored(objective: str, malus: str, neighbour: str = "under-5", theirs: str = "1 2") -> int:
    """Seat 0's score for a round it ends holding no card, ``malus`` in front of it and
    ``objective`` to achieve; its right-hand neighbour, seat 1, holds ``neighbour`` with
    ``theirs`` in front of it (by default achieved)."""
    state = arrange(["5", "8 9"], [malus, theirs], objectives=f"{objective} {neighbour}")
    state = act(state, 0, "play 5")  # seat 0's last card
    state = act(state, 1, "pass")  # the trick is over, seat 0's hand empty: the round ends
    assert len(state.results) == 1
    return state.results[0].seats[0].total


#: The book's table: objective, the example's malus cards, its written total.
WORKED = [
    ("pair", "8 8", 8),  # 0+8= 8
    ("pair", "2 2", 2),  # 0+2=2
    ("infinity", "infinity 7", 3),  # -20+-7+30 = 3
    ("infinity", "infinity 1", 9),  # -20+-1+30= 9
    ("over-20", "echange 12", -2),  # Action, 12: -20+-12+30 = -2
    ("over-20", "13 9", 8),  # -13+-9+30 = 8
    ("under-5", "4", 6),  # -4+10= 6
    ("exactly-7", "4 3", 6),  # -7+13=6
    ("exactly-7", "6 1", 6),  # -7+13=6
    ("exactly-13", "11 2", 10),  # -13+23=10
    ("two-specials", "num-x echange", 20),  # Num-X, Swipe: 0+20= 20
    ("two-specials", "echange malus+1/+1", 20),  # Swipe, Malus: 0+20= 20
    ("four-malus", "7 3 10 2", 18),  # -22+40= 18
    ("four-malus", "2 12 10 8", 8),  # -32+40=8
    ("first-out", "12 6", -8),  # -12+-6 + 10 = -8
]


@pytest.mark.parametrize(
    ("objective", "malus", "total"), WORKED, ids=[f"{o} {m}" for o, m, _ in WORKED]
)
def test_each_worked_total_of_the_objectives_table(objective: str, malus: str, total: int) -> None:
    assert scored(objective, malus, neighbour="neighbour") == total


def test_under_5_with_a_1_scores_9_not_the_books_11() -> None:
    """The book writes *-1+10=11*: with a 1 as malus card the rules give -1 + 10 = 9. Its 11
    is what a -1 card gives (a negative card counts for its holder: -(-1) + 10)."""
    assert scored("under-5", "1", neighbour="neighbour") == 9
    assert scored("under-5", "-1", neighbour="neighbour") == 11


def test_first_out_with_5_and_7_scores_minus_2_not_the_books_2() -> None:
    """The book writes *-5+-7+10=2*: the sum is -2."""
    assert scored("first-out", "5 7", neighbour="neighbour") == -2


def test_the_right_neighbours_objective_with_3_and_11_scores_6_not_the_books_7() -> None:
    """The book writes *-3-11+20=7*: the sum is 6."""
    assert scored("neighbour", "3 11", neighbour="under-5", theirs="1 2") == 6


def test_an_objective_missed_gives_no_bonus_and_leaves_the_malus() -> None:
    assert scored("pair", "8 9", neighbour="neighbour") == -17
    assert scored("exactly-7", "4 4", neighbour="neighbour") == -8
    assert scored("over-20", "13 7", neighbour="neighbour") == -20  # 20 is not > 20
    assert scored("under-5", "4 1", neighbour="neighbour") == -5  # 5 is not < 5


def test_the_right_neighbour_is_the_next_seat_and_must_achieve_theirs() -> None:
    assert scored("neighbour", "3 11", neighbour="pair", theirs="8 9") == -14
    three = arrange(
        ["5", "10 11", "12 13"], ["3 11", "8 9", "6 6"], objectives="neighbour under-5 pair"
    )
    three = act(three, 0, "play 5")
    three = act(three, 1, "pass")
    three = act(three, 2, "pass")
    assert [score.achieved for score in three.results[0].seats] == [False, False, True], (
        "seat 0's right-hand neighbour is seat 1 (under-5 missed with 8 9), not seat 2"
    )


def test_a_pair_and_two_specials_need_exactly_two_malus_cards() -> None:
    """*Malus = 0* only makes sense of the two cards themselves: a third card misses both."""
    assert scored("pair", "8 8 3", neighbour="neighbour") == -19
    assert scored("two-specials", "num-x echange 1", neighbour="neighbour") == -41


def test_similar_cards_are_one_value_or_one_kind_of_special_card() -> None:
    assert scored("pair", "infinity infinity", neighbour="neighbour") == 20
    assert scored("pair", "malus+1/+1 malus+2/+1", neighbour="neighbour") == 20
    assert scored("pair", "num-x echange", neighbour="neighbour") == -40


def test_a_pair_of_minus_1_or_of_0_is_achieved_and_scores_the_value_of_one_card() -> None:
    """Decision: *Malus = 0, Bonus = valeur d'une carte malus*, whatever the value. Two -1
    score -1 (missed, they would add 2), two 0 score 0; the pair is achieved all the same,
    and so is the objective of the player whose right-hand neighbour holds it."""
    assert scored("pair", "-1 -1", neighbour="neighbour") == -1
    assert scored("pair", "0 0", neighbour="neighbour") == 0
    state = arrange(["5", "8 9"], ["3 11", "-1 -1"], objectives="neighbour pair")
    state = act(state, 0, "play 5")
    state = act(state, 1, "pass")
    neighbour, pair = state.results[0].seats
    assert (pair.achieved, pair.malus, pair.bonus) == (True, 0, -1)
    assert (neighbour.achieved, neighbour.total) == (True, -14 + 20)


def test_infinity_and_four_malus_are_met_by_at_least_as_many_cards() -> None:
    assert scored("infinity", "infinity infinity", neighbour="neighbour") == -10
    assert scored("four-malus", "0 0 0 -1 -1", neighbour="neighbour") == 42


def test_cards_left_in_hand_cost_2_each_classic_cards_only() -> None:
    """*-2 points par cartes classiques restantes en mains, quelles que soient leurs
    valeurs*: seat 1 holds 8, 9 and an X-Joker when the round ends."""
    state = arrange(["5", "8 9 joker"], ["1 2", "3 4"], objectives="under-5 exactly-7")
    state = act(state, 0, "play 5")
    state = act(state, 1, "pass")
    second = state.results[0].seats[1]
    assert (second.malus, second.hand_points, second.bonus) == (-7, -4, 13)


def test_first_out_is_the_first_hand_to_run_out_even_if_it_fills_again() -> None:
    """*Se défausser en premier*: judged as it happens. Seat 0 runs out first, then seat 1
    loads its hand with a Malus +; seat 0 still achieves its objective when it runs out
    again and the round ends."""
    state = arrange(
        ["5", "8 malus+2/+1 9", "12 13"],
        ["1 2", "3 4", "6 6"],
        pile="7 10 11",
        objectives="first-out pair under-5",
    )
    state = act(state, 0, "play 5")
    assert state.first_out == 0
    state = act(state, 1, "malus+2/+1 0")
    assert sorted(state.hands[0]) == sorted(parse_cards("7 10"))
    state = act(state, 2, "pass")  # back to seat 0, who laid the 5: a new trick, its own
    assert state.results == () and state.turn == 0
    state = act(state, 0, "play 7")
    state = act(state, 1, "pass")
    state = act(state, 2, "pass")
    state = act(state, 0, "play 10")
    state = act(state, 1, "pass")
    state = act(state, 2, "pass")
    (result,) = state.results
    assert result.first_out == 0
    assert (result.seats[0].achieved, result.seats[0].total) == (True, -14 + 10)


@pytest.mark.parametrize("objective", list(Objective))
def test_every_objective_has_a_name_in_notation(objective: Objective) -> None:
    assert Objective.parse(objective.value.upper()) is objective
