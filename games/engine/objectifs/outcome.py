"""The end of a game: each seat's total over the five rounds, line by line, and the winners.

*A l'issue de 5 manches, le joueur ayant le meilleur score gagne la partie !* Equal best
totals share the win.
"""

from __future__ import annotations

from games.engine.objectifs.state import ObjectifsState, Phase
from games.engine.ruleset import Outcome, ScoreLine


def is_terminal(state: ObjectifsState) -> bool:
    """Whether the game is over."""
    return state.phase is Phase.GAME_OVER


def breakdown(state: ObjectifsState, seat: int) -> tuple[ScoreLine, ...]:
    """``seat``'s score lines, three a scored round: its malus cards (``round-N.malus``),
    its classic cards left in hand (``round-N.hand``) and its objective's bonus
    (``round-N.objective``)."""
    lines: list[ScoreLine] = []
    for result in state.results:
        score = result.seats[seat]
        prefix = f"round-{result.round_no}"
        lines += [
            ScoreLine(f"{prefix}.malus", score.malus),
            ScoreLine(f"{prefix}.hand", score.hand_points),
            ScoreLine(f"{prefix}.objective", score.bonus),
        ]
    return tuple(lines)


def outcome(state: ObjectifsState) -> Outcome | None:
    """Final scores, winners and breakdown once the game is over, else ``None``."""
    if not is_terminal(state):
        return None
    sheets = tuple(breakdown(state, seat) for seat in range(state.players))
    scores = tuple(sum(line.points for line in sheet) for sheet in sheets)
    best = max(scores)
    winners = frozenset(seat for seat, score in enumerate(scores) if score == best)
    return Outcome(scores, winners, sheets)
