"""Every example of the rule book, as the engine judges it.

The book's worked sequence grows one grid, picture by picture (the pictures are lost; the
"Tuiles jouées" and "Calcul déclaré" columns give the tiles and what they read): each grid
is true, and both "Non autorisé" grids are refused, each for the run the book points at."""

from __future__ import annotations

import random

import pytest

from games.engine.numenko import (
    CHANCE,
    Direction,
    NumenkoConfig,
    Phase,
    Square,
    Tile,
    apply,
    new_game,
    parse_action,
    parse_grid,
    random_action,
    runs,
)
from games.engine.numenko.calculation import fault
from games.engine.numenko.positions import arrange
from games.engine.numenko.tiles import without, written

from .conftest import breaks, holds, play, refused

#: "2 * 4 * 8 — 2 x 4 = 8"
FIRST = "2x4=8"
#: 6 + 7 = 13 down through the first row's Multichoice, × across and + down: "2 x/+ 4 = 8".
SECOND = ".6 / 2[x+]4=8 / .7 / .= / .1 / .3"
#: 8 x 9 = 72 down from the 8.
THIRD = ".6 / 2[x+]4=8 / .7..x / .=..9 / .1..= / .3..7 / ....2"
#: The crossing now × both ways; 6 x 7 + 13 = 55 down.
FOURTH = ".6 / 2x4=8 / .7..x / .+..9 / .1..= / .3..7 / .=..2 / .5 / .5"
#: 5 - 1 x 5 = 20 across from the last 5: true only worked out from left to right.
FIFTH = ".6 / 2x4=8 / .7..x / .+..9 / .1..= / .3..7 / .=..2 / .5 / .5-1x5=20"
#: "Non autorisé": 9 x 6 = 54 down, but its 9 lies against the 2: 92 x 4 = 8 across.
NINETY_TWO = "..6 / 92[x+]4=8 / x.7 / 6.= / =.1 / 5.3 / 4"
#: "Non autorisé. Non conforme au format de grille": 8 + 7 = 15 across through the 7, lying
#: against the first row.
AGAINST = "..6 / .2[x+]4=8 / 8+7=15 / ..= / ..1 / ..3"


def _texts(rows: str) -> list[tuple[str, str]]:
    return [(run.direction.value, run.text) for run in runs(parse_grid(rows))]


def test_the_first_grid_is_two_times_four_is_eight() -> None:
    assert holds(FIRST)
    assert _texts(FIRST) == [("across", "2x4=8")]


def test_a_multichoice_at_a_crossing_reads_times_across_and_plus_down() -> None:
    """Decision: a sign tile at a crossing may read a different sign each way, as the
    book's "2 x/+ 4 = 8" reads × across and + down (6 + 7 = 13)."""
    assert holds(SECOND)
    assert _texts(SECOND) == [("across", "2x4=8"), ("down", "6+7=13")]
    crossing = parse_grid(SECOND).squares[2]
    assert (crossing.tile, crossing.reads(Direction.ACROSS), crossing.reads(Direction.DOWN)) == (
        Tile.MULTICHOICE,
        "x",
        "+",
    )


def test_the_third_grid_adds_eight_times_nine_is_seventy_two() -> None:
    assert holds(THIRD)
    assert ("down", "8x9=72") in _texts(THIRD)


def test_the_fourth_grid_reads_six_times_seven_plus_thirteen_is_fifty_five() -> None:
    assert holds(FOURTH)
    assert sorted(_texts(FOURTH)) == [
        ("across", "2x4=8"),
        ("down", "6x7+13=55"),
        ("down", "8x9=72"),
    ]


def test_the_fifth_grid_holds_only_from_left_to_right() -> None:
    """Decision: each side is worked out from left to right, as the book's own
    5 - 1 x 5 = 20 (20 = 4 x 5; by the usual priorities it would make 0)."""
    assert holds(FIFTH)
    assert ("across", "5-1x5=20") in _texts(FIFTH)
    broken = fault("5-1x5=0")
    assert broken is not None and broken.rule == "numenko.equal"
    assert broken.reason == "the left side makes 20, the right side 0"


def test_ninety_two_times_four_is_not_eight() -> None:
    """Decision: digits side by side make one number, so the 9 laid against the 2 makes
    92 x 4 = 8, refused, though 9 x 6 = 54 down holds."""
    assert ("down", "9x6=54") in _texts(NINETY_TWO)
    rule, message = breaks(NINETY_TWO)
    assert rule == "numenko.equal"
    assert (
        message
        == "92x4=8 (across in row 2, columns 1-6): the left side makes 368, the right side 8"
    )


def test_ninety_two_is_allowed_once_it_makes_a_calculation() -> None:
    """*Non autorisé, sauf si vous pouvez l'ajouter à 92x/+4=8 pour effectuer un calcul*:
    92 x 4 = 368 holds."""
    assert holds("..6 / 92[x+]4=368 / x.7 / 6.= / =.1 / 5.3 / 4")


def test_a_row_laid_against_another_makes_runs_that_must_be_calculations() -> None:
    """Decision: every line of two or more tiles side by side, across and down, is a
    calculation. 8 + 7 = 15 holds, but lying against 2 x 4 = 8 it makes 2+, 4=, =1 and 85
    down: "non conforme au format de grille"."""
    assert fault("8+7=15") is None
    rule, message = breaks(AGAINST)
    assert (rule, message) == (
        "numenko.shape",
        "2+ (down in column 2, rows 2-3): it begins or ends with a sign",
    )
    down = [text for direction, text in _texts(AGAINST) if direction == "down"]
    assert down == ["2+", "6+7=13", "4=", "=1", "85"]
    assert [fault(text) is None for text in down] == [False, True, False, False, False]


def test_a_freechoice_used_as_a_seven_is_replaced_by_a_seven_drawn() -> None:
    """*Si vous avez utilisé le Freechoice en tant que chiffre 7, et que plus tard vous
    tirez un 7 du pot, vous pouvez alors remplacer le Freechoice par ce 7*: the grid laid
    out anew with the 7, the Freechoice back in hand, free to stand for anything."""
    state = arrange(["2xF7=14", "1+1=2"], ["7", "9"])
    after = play(state, 0, "exchange F grid 2x7=14")
    # Secret until seat 1 moves too; then the grid shows and the Freechoice goes back.
    after = play(after, 1, "pass")
    assert after.grids[0] == parse_grid("2x7=14")
    assert after.hands[0] == (Tile.FREECHOICE,)
    assert after.asked[0] is not None and after.asked[0].tile is Tile.FREECHOICE


@pytest.mark.parametrize(("players", "dealt"), [(2, 20), (4, 20), (5, 15), (6, 15)])
def test_the_deal_gives_twenty_tiles_or_fifteen_and_a_freechoice(players: int, dealt: int) -> None:
    """*Entre 2 et 4 joueurs, chacun prend 20 tuiles du pot et un Freechoice; 5 ou 6
    joueurs, 15 tuiles*; the Freechoices left go into the pot."""
    state = new_game(NumenkoConfig(players))
    state = apply(state, CHANCE, random_action(state, CHANCE, random.Random(players)))
    assert [len(hand) for hand in state.hands] == [dealt + 1] * players
    assert all(hand.count(Tile.FREECHOICE) >= 1 for hand in state.hands)
    assert state.pot.count(Tile.FREECHOICE) == 8 - players
    assert len(state.pot) == 150 - dealt * players + 8 - players


def test_an_exchange_gives_one_tile_back_and_draws_two() -> None:
    """*Un joueur peut échanger une tuile ... en remettant la tuile en question dans le
    pot, avant d'y reprendre 2 tuiles*."""
    state = play(arrange(["2x4=8", "1+1=2"], ["9", "7"]), 0, "exchange 9")
    state = play(state, 1, "pass")
    pot = len(state.pot)
    state = apply(state, CHANCE, parse_action("draw 0:9M"))
    assert state.hands[0] == (Tile.NINE, Tile.MULTICHOICE)
    assert len(state.pot) == pot - 1


def test_fini_draws_four_once_every_tile_is_laid() -> None:
    """*Lorsqu'un joueur a utilisé toutes ses tuiles, il ou elle l'annonce aux autres en
    disant "fini" à voix haute puis en prenant 4 tuiles du pot.*"""
    state = arrange(["2x4=8", "1+1=2"], ["79MM2", "7"])
    assert refused(state, 0, "grid ....9 / ....x / 2x4=8 / ....= / ....7 / ....2") == (
        "numenko.all-placed"
    )
    state = play(state, 0, "fini grid ....9 / ....x / 2x4=8 / ....= / ....7 / ....2")
    state = play(state, 1, "pass")
    state = apply(state, CHANCE, parse_action("draw 0:0123"))
    assert len(state.hands[0]) == 4


def test_the_books_grids_are_laid_one_after_another_changing_their_signs() -> None:
    """*Les Multichoice ... peuvent être changés durant la partie*; *les joueurs peuvent
    réarranger les calculs de leur jeu autant qu'ils le souhaitent*: seat 0 lays the book's
    grids round after round from the tiles it holds (seat 1 exchanges, so the game goes on);
    the "=" of 6 + 7 = 13 turns "+" for 6 x 7 + 13 = 55, the crossing's "x/+" reads x both
    ways; the last grid lays every tile, and seat 0 says fini."""
    hand = written(without(parse_grid(FIFTH).tiles, parse_grid(FIRST).tiles))
    state = arrange([FIRST, "1+1=2"], [hand, "9"])
    laid: dict[str, dict[tuple[int, int], Square]] = {}
    for rows in (SECOND, THIRD, FOURTH, FIFTH):
        move = f"fini grid {rows}" if rows == FIFTH else f"grid {rows}"
        state = play(state, 0, move)
        state = play(state, 1, f"exchange {state.hands[1][0].value}")
        laid[rows] = {square.at: square for square in state.grids[0].squares}
        pot = written(state.pot)
        draw = f"draw 1:{pot[:2]} 0:{pot[2:6]}" if rows == FIFTH else f"draw 1:{pot[:2]}"
        state = apply(state, CHANCE, parse_action(draw))
    assert state.phase is Phase.PLAY and len(state.hands[0]) == 4
    assert state.grids[0] == parse_grid(FIFTH)
    assert state.last is not None and state.last.served == (True, True)

    def shows(rows: str, at: tuple[int, int]) -> tuple[Tile, str, str]:
        square = laid[rows][at]
        return square.tile, square.reads(Direction.ACROSS), square.reads(Direction.DOWN)

    crossing, equals = (1, 1), (3, 1)
    assert shows(THIRD, equals) == (Tile.MULTICHOICE, "=", "=")
    assert shows(FOURTH, equals) == (Tile.MULTICHOICE, "+", "+")
    assert shows(THIRD, crossing) == (Tile.MULTICHOICE, "x", "+")
    assert shows(FOURTH, crossing) == (Tile.MULTICHOICE, "x", "x")
