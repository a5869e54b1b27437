"""Scores: each tile is worth its digit times its level; the highest total wins, ties share;
a solo game ends with a score and no winner.

Per seat, the breakdown has one line per level from 1 up to the highest level any seat
reached (``nmbr9.level-1``, ``nmbr9.level-2``…): the rule book's scoring takes the stack
apart from the top, level by level. Level 0 scores nothing and has no line.
"""

from __future__ import annotations

from games.engine.nmbr9.stack import Stack
from games.engine.nmbr9.state import Nmbr9State, Phase
from games.engine.ruleset import Outcome, ScoreLine


def score(stack: Stack) -> int:
    """The stack's points: the sum of digit × level.

    >>> from games.engine.nmbr9.positions import build
    >>> score(build("place 0 at 0,0", "place 0 at 3,0", "place 1 at 2,0"))
    1
    """
    return sum(tile.points for tile in stack.tiles)


def by_level(stack: Stack, levels: int) -> tuple[ScoreLine, ...]:
    """One line per level 1…``levels``: what that level's tiles score."""
    return tuple(
        ScoreLine(
            f"nmbr9.level-{level}", sum(tile.points for tile in stack.tiles if tile.level == level)
        )
        for level in range(1, levels + 1)
    )


def is_terminal(state: Nmbr9State) -> bool:
    """Whether the game is over (the 20th card placed by every seat)."""
    return state.phase is Phase.GAME_OVER


def outcome(state: Nmbr9State) -> Outcome | None:
    """Scores, winners (every seat with the best score) and the per-level breakdown, once
    the game is over. A solo game has no winner: « votre but est de remporter le plus de
    points possible », its score is what it plays for, against the player's own best.

    >>> from games.engine.nmbr9.state import Nmbr9Config, new_game
    >>> result = outcome(new_game(Nmbr9Config(1))._replace(phase=Phase.GAME_OVER))
    >>> result.scores, result.winners
    ((0,), frozenset())
    """
    if state.phase is not Phase.GAME_OVER:
        return None
    scores = tuple(score(stack) for stack in state.stacks)
    best = max(scores)
    levels = max(stack.height for stack in state.stacks) - 1
    return Outcome(
        scores=scores,
        winners=frozenset(
            seat for seat, points in enumerate(scores) if points == best and len(scores) > 1
        ),
        breakdown=tuple(by_level(stack, levels) for stack in state.stacks),
    )
