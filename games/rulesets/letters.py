"""Which moves a "your turn" email letters (reply ``B`` to play the second), for games whose
likeliest moves are not the engine's first (:class:`games.rulesets.site.LikelyMoves`):
their own ranking, and the moves the email's question names (the draw, the pass) always
among the letters however many others rank higher."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from games.moves import Move

#: A "your turn" email letters this many moves (notifications.reply_moves.LETTERS).
LETTERED = 8


def likeliest(
    moves: Sequence[Move], rank: Callable[[Move], Any], kept: Callable[[Move], bool]
) -> list[Move]:
    """The :data:`LETTERED` moves of ``moves`` that ``rank`` puts first (lowest first,
    ties in the engine's order), those ``kept`` among them whatever their rank, in the
    order of their ranks.

    >>> from games.moves import Move
    >>> moves = [Move(f"play {n}", {"type": "play"}, "") for n in range(10)]
    >>> moves.append(Move("draw", {"type": "draw"}, ""))
    >>> chosen = likeliest(moves, lambda move: move.kind == "draw", lambda m: m.kind == "draw")
    >>> [move.notation for move in chosen][-2:], len(chosen)
    (['play 6', 'draw'], 8)
    """
    ranked = sorted(moves, key=rank)
    always = [move for move in ranked if kept(move)]
    others = [move for move in ranked if not kept(move)]
    return sorted(others[: LETTERED - len(always)] + always, key=rank)
