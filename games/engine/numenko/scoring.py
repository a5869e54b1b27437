"""The end: who wins, and each seat's score with its breakdown.

*Si, à ce moment-là, un joueur n'a plus de tuiles, il peut annoncer "game over"* — a seat
holding no tile when the game stops wins outright (several share the win); there is no
checking by the others, since the engine has judged every grid. *S'il n'y a aucun gagnant
d'office, alors chaque joueur additionne la valeur des tuiles qu'il lui reste; celui ayant
le score le plus bas est alors le gagnant* — otherwise the fewest points in hand win, ties
sharing.

The platform ranks seats by score, higher first, so a seat's score is the points left in
hand taken away (0 at best), in three lines: number tiles at their digit, Multichoices 1,
Freechoices 10 each. A seat out of tiles when the game stops has a fourth line, "game over",
worth 1, so that it ranks above a seat whose hand holds only zeros.
"""

from __future__ import annotations

from games.engine.numenko.state import NumenkoState, Phase
from games.engine.numenko.tiles import Tile
from games.engine.ruleset import Outcome, ScoreLine


def is_terminal(state: NumenkoState) -> bool:
    """Whether the game is over."""
    return state.phase is Phase.GAME_OVER


def lines(hand: tuple[Tile, ...]) -> tuple[ScoreLine, ...]:
    """A hand's score lines at the end.

    >>> [(line.rule, line.points) for line in lines((Tile.NINE, Tile.MULTICHOICE))]
    [('numenko.numbers', -9), ('numenko.multichoices', -1), ('numenko.freechoices', 0)]
    >>> lines(())[-1]
    ScoreLine(rule='numenko.game-over', points=1)
    """
    numbers = sum(tile.digit or 0 for tile in hand)
    found = (
        ScoreLine("numenko.numbers", -numbers),
        ScoreLine("numenko.multichoices", -hand.count(Tile.MULTICHOICE)),
        ScoreLine("numenko.freechoices", -Tile.FREECHOICE.points * hand.count(Tile.FREECHOICE)),
    )
    return (*found, ScoreLine("numenko.game-over", 1)) if not hand else found


def outcome(state: NumenkoState) -> Outcome | None:
    """Scores, winners and breakdowns once the game is over: the seats out of tiles if any
    (game over), else those with the fewest points in hand.

    >>> from games.engine.numenko.positions import arrange
    >>> state = arrange(["", ""], ["9M", "00"])._replace(phase=Phase.GAME_OVER)
    >>> result = outcome(state)
    >>> result.scores, sorted(result.winners)
    ((-10, 0), [1])
    """
    if state.phase is not Phase.GAME_OVER:
        return None
    breakdown = tuple(lines(hand) for hand in state.hands)
    scores = tuple(sum(line.points for line in seat) for seat in breakdown)
    best = max(scores)
    return Outcome(
        scores=scores,
        winners=frozenset(seat for seat, score in enumerate(scores) if score == best),
        breakdown=breakdown,
    )
