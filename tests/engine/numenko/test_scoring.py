"""The end: a seat out of tiles wins outright ("game over"); otherwise the fewest points in
hand win (digits at face value, a Multichoice 1, a Freechoice 10), ties sharing."""

from __future__ import annotations

from games.engine.numenko import RULES, Phase, Tile, outcome
from games.engine.numenko.positions import arrange
from games.engine.numenko.scoring import lines


def _over(*hands: str) -> object:
    return arrange(["1+1=2"] * len(hands), list(hands))._replace(phase=Phase.GAME_OVER)


def test_the_fewest_points_in_hand_win() -> None:
    """*Les nombres sont comptés à leur valeur, les Multichoice valent 1 et les Freechoice
    valent 10*; *celui ayant le score le plus bas est alors le gagnant*."""
    result = outcome(_over("9M", "F", "55"))  # type: ignore[arg-type]
    assert result is not None
    assert result.scores == (-10, -10, -10)
    assert result.winners == {0, 1, 2}
    result = outcome(_over("9M", "F1", "0"))  # type: ignore[arg-type]
    assert result is not None and result.winners == {2} and result.ranking() == (2, 3, 1)


def test_a_seat_out_of_tiles_wins_outright_above_a_hand_of_zeros() -> None:
    """A seat holding no tile when the game stops wins; its "game over" line ranks it above
    a seat whose hand is worth nothing but holds tiles."""
    result = outcome(_over("", "00", "7"))  # type: ignore[arg-type]
    assert result is not None
    assert result.winners == {0}
    assert result.scores == (1, 0, -7)
    assert [line.rule for line in result.breakdown[0]][-1] == "numenko.game-over"
    assert [sum(line.points for line in seat) for seat in result.breakdown] == list(result.scores)


def test_the_breakdown_has_a_line_for_each_kind_of_tile() -> None:
    assert [(line.rule, line.points) for line in lines((Tile.NINE, Tile.TWO, Tile.FREECHOICE))] == [
        ("numenko.numbers", -11),
        ("numenko.multichoices", 0),
        ("numenko.freechoices", -10),
    ]


def test_no_outcome_while_the_game_goes_on() -> None:
    state = arrange(["1+1=2"] * 2, ["", "1"])
    assert outcome(state) is None and not RULES.is_terminal(state)
