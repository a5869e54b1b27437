"""Read models: the lists people browse (my games, whose turn it is, finished games and
their scores), rewritten in the same transaction as every append so they never disagree
with the events."""

from __future__ import annotations

from typing import Any

from django.db.models import Case, F, Value, When
from django.utils import timezone

from games.engine.ruleset import RuleSet
from games.models import Game, Seat


def project(
    game_id: int,
    rules: RuleSet,
    state: Any,
    sequence: int,
    awaiting_before: list[int] | None = None,
) -> None:
    """Rewrite the read models of the game and its seats (same transaction as the append).

    ``awaiting_before`` is the game's ``awaiting`` as the caller read it in this
    transaction: if the same seats are still awaited, the seats' rows are already right.
    """
    summary = rules.summary(state)
    now = timezone.now()
    finished = summary["scores"] is not None
    Game.objects.filter(pk=game_id).update(
        last_sequence=sequence,
        phase=summary["phase"],
        round_no=summary["round"],
        awaiting=summary["awaiting"],
        status=Game.Status.FINISHED if finished else Game.Status.RUNNING,
        finished_at=now if finished else None,
        updated_at=now,
    )
    seats = Seat.objects.filter(game_id=game_id)
    awaiting = summary["awaiting"]
    if awaiting == awaiting_before and not finished:
        # The same seats still awaited keep their clocks running: nothing to rewrite.
        return
    seats.update(
        awaited=Case(When(number__in=awaiting, then=Value(True)), default=Value(False)),
        # A seat's clock starts when the game starts waiting for it, and stops when it acts.
        awaited_since=Case(
            When(number__in=awaiting, awaited=False, then=Value(now)),
            When(number__in=awaiting, then=F("awaited_since")),
            default=Value(None),
        ),
    )
    if finished:
        seats.update(
            score=Case(*(When(number=n, then=Value(s)) for n, s in enumerate(summary["scores"]))),
            winner=Case(
                When(number__in=summary["winners"], then=Value(True)), default=Value(False)
            ),
        )
