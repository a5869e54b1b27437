"""The rule book's example: an 8 on level 2 is worth (8 × 2 =) 16 points (« Un « 8 » placé au
Niveau 2 vaut […] points », the formula set as mathematics in the extracted text)."""

from games.engine.nmbr9 import CHANCE, RULES, Nmbr9Config, Shuffle, apply, new_game, outcome
from games.engine.nmbr9.positions import build
from games.engine.nmbr9.scoring import score

from .conftest import act, drawn, on_the_table, picture

#: Two 5s and a 9 on the table, a 3 and a 6 across them on level 1, the 8 across those.
MOVES = (
    "place 5 at 0,0 turn 0",
    "place 5 at -1,2 turn 180",
    "place 9 at 2,3 turn 180",
    "place 3 at 0,0 turn 0",
    "place 6 at 1,3 turn 270",
    "place 8 at 1,2 turn 90",
)


def test_an_8_on_level_2_is_worth_16() -> None:
    stack = build(*MOVES)
    assert drawn(stack) == picture("""
        .333..
        .553..
        5588..
        538888
        556.88
        556666
        ...999
    """)
    assert drawn(stack, "level") == picture("""
        .111..
        .001..
        0022..
        012222
        001.22
        001111
        ...000
    """)
    eight = stack.tiles[-1]
    assert (eight.digit, eight.level, eight.points) == (8, 2, 16)
    assert score(stack) == 3 * 1 + 6 * 1 + 16


def test_a_solo_game_ends_with_a_score_and_no_winner() -> None:
    """« Les règles ne changent pas : votre but est de remporter le plus de points possible.
    Combien de points parviendrez-vous à obtenir ? »: one seat, same rules, a score and no
    win."""
    order = (5, 5, 9, 3, 6, 8, 0, 0, 1, 1, 2, 2, 3, 4, 4, 6, 7, 7, 8, 9)
    state = apply(new_game(Nmbr9Config(1)), CHANCE, Shuffle(order))
    state = act(state, 0, *MOVES)
    for digit in order[len(MOVES) : -1]:
        state = act(state, 0, on_the_table(state.stacks[0], digit))
    before = state
    state = act(state, 0, on_the_table(state.stacks[0], order[-1]))
    result = outcome(state)
    assert result is not None
    assert result.scores == (25,) and result.winners == set()
    assert result.ranking() == (1,)
    assert RULES.milestones(before, state) == [("game-ended", {"scores": [25], "winners": []})]
    assert [(line.rule, line.points) for line in result.breakdown[0]] == [
        ("nmbr9.level-1", 9),
        ("nmbr9.level-2", 16),
    ]
