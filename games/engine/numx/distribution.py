"""The trick winner's distribution of score cards ("Règles de répartition").

With ``n`` eligible cards the winner hands out at least ``ceil(n/2)``; when ``n > 1`` nobody,
the winner included, receives more than ``floor(n/2)``; each card is placed face up or face
down at the left or right end of a row; what is not handed out goes to the discard.
"""

from __future__ import annotations

from collections import Counter

from games.engine.numx.actions import Distribute, Side
from games.engine.numx.cards import Card
from games.engine.numx.errors import IllegalAction
from games.engine.numx.state import Distributing, ScoreCard

Rows = tuple[tuple[ScoreCard, ...], ...]
Handed = tuple[tuple[int, ScoreCard], ...]


def check(pending: Distributing, action: Distribute, players: int) -> tuple[Card, ...]:
    """The cards handed out, in placement order, or :class:`IllegalAction`."""
    available = list(pending.cards)
    cards: list[Card] = []
    for placement in action.placements:
        card = next((c for c in available if c.face is placement.face), None)
        if card is None:
            raise IllegalAction(
                "distribution.cards",
                "%(card)s is not a card you can hand out",
                card=placement.face,
            )
        available.remove(card)
        cards.append(card)
        if not 0 <= placement.seat < players:
            raise IllegalAction("game.seat", "there is no seat %(seat)s", seat=placement.seat)
        if placement.seat not in pending.receivers:
            raise IllegalAction(
                "distribution.locked",
                "seat %(seat)s's score row is under Quantum",
                seat=placement.seat,
            )
    handed = len(cards)
    if pending.blank and handed > 1:
        raise IllegalAction("distribution.blank", "a blank trick gives exactly one score card")
    if handed < pending.minimum:
        raise IllegalAction(
            "distribution.minimum",
            "hand out at least %(minimum)s, not %(handed)s",
            minimum=pending.minimum,
            handed=handed,
        )
    if not pending.blank and len(pending.cards) > 1:
        for seat, count in Counter(p.seat for p in action.placements).items():
            if count > pending.cap:
                raise IllegalAction(
                    "distribution.cap",
                    "seat %(seat)s would receive %(count)s, more than %(cap)s",
                    seat=seat,
                    count=count,
                    cap=pending.cap,
                )
    return tuple(cards)


def handed(action: Distribute, cards: tuple[Card, ...], winner: int) -> Handed:
    """The handed-out cards as they will lie, each with its receiving seat, in the order
    given. A face-down card is known to the winner, who placed it, and to nobody else."""
    return tuple(
        (
            placement.seat,
            ScoreCard(
                card,
                placement.face_up,
                frozenset() if placement.face_up else frozenset((winner,)),
            ),
        )
        for placement, card in zip(action.placements, cards, strict=True)
    )


def place(rows: Rows, action: Distribute, given: Handed) -> Rows:
    """Put the ``given`` cards (:func:`handed`) in the rows, at the ends the action says."""
    new_rows = list(rows)
    for placement, (_seat, score) in zip(action.placements, given, strict=True):
        row = new_rows[placement.seat]
        new_rows[placement.seat] = (score, *row) if placement.side is Side.LEFT else (*row, score)
    return tuple(new_rows)
