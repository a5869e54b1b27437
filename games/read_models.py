"""Read models: the lists people browse (my games, whose turn it is, finished games and
their scores), rewritten in the same transaction as every append so they never disagree
with the events."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db.models import BooleanField, Case, F, FilteredRelation, Q, Value, When
from django.utils import timezone

from games.engine.ruleset import RuleSet
from games.models import Game, Seat
from games.results import absent_seats, ranked, resigned_seats


@dataclass(frozen=True)
class MoveContext:
    """What a move needs of a game's read models: its rule set, its last event number, the
    seats it awaits, whether the actor holds the seat, and whether any standing order is
    set (if not, there is none to read); and the link of that last event with the chain's
    salt, which the move's append follows if no other came first."""

    rules: str
    last_sequence: int
    awaiting: list[int]
    holds_seat: bool
    has_orders: bool
    chain_end: tuple[str, str] | None = None
    status: str = Game.Status.RUNNING
    #: Whether the site plays the seat to the end (``Seat.handed_over_at``).
    handed_over: bool = False


def move_context(game_id: int, seat: int, user_id: int | None) -> MoveContext:
    """The game's :class:`MoveContext` for ``seat`` played by ``user_id`` (None: nobody
    holds it), read in one query of the game's row joined with its seats and their orders,
    its chain's salt and the link of its last event (a link never changes: the append
    saves a read with it); raises ``Game.DoesNotExist`` for no such game."""
    rows = list(
        Game.objects.filter(pk=game_id)
        .annotate(
            last_link=FilteredRelation("links", condition=Q(links__sequence=F("last_sequence")))
        )
        .values_list(
            "rules",
            "last_sequence",
            "awaiting",
            "last_link__hash",
            "chain__salt",
            "status",
            "seats__number",
            "seats__user_id",
            "seats__handed_over_at",
            "seats__standing_orders__id",
        )
    )
    if not rows:
        raise Game.DoesNotExist(f"no game {game_id}")
    rules, last, awaiting, link, salt, status, *_seat = rows[0]
    return MoveContext(
        rules,
        last,
        awaiting,
        holds_seat=user_id is not None and (seat, user_id) in {(n, u) for *_, n, u, _h, _o in rows},
        has_orders=any(order is not None for *_, order in rows),
        chain_end=None if link is None or salt is None else (link, salt),
        status=status,
        handed_over=any(n == seat and over is not None for *_, n, _u, over, _o in rows),
    )


def project(
    game_id: int,
    rules: RuleSet,
    state: Any,
    sequence: int,
    awaiting_before: list[int] | None = None,
    moved: int | None = None,
) -> None:
    """Rewrite the read models of the game and its seats to ``state``, the state after event
    ``sequence``, in the caller's transaction (the one that appended the events).

    ``awaiting_before``: the seats the game awaited as the caller read its row, so that
    only the seats whose wait starts or stops are rewritten. ``moved``: the seat whose move
    this is; its wait ended with its move, so if the game awaits it again at once (the next
    card of a simultaneous game, say) its clock starts afresh.
    """
    progress = rules.progress(state)
    outcome = rules.outcome(state)
    now = timezone.now()
    finished_at = None if outcome is None else now
    awaiting = sorted(progress.awaiting)
    Game.objects.filter(pk=game_id).update(
        last_sequence=sequence,
        phase=progress.phase,
        round_no=progress.round,
        awaiting=awaiting,
        status=Game.Status.RUNNING if outcome is None else Game.Status.FINISHED,
        finished_at=finished_at,
        updated_at=now,
    )
    # A seat's clock starts when the game starts waiting for it, keeps running while it
    # stays awaited, and stops when it is not. Only the seats whose wait starts or stops
    # have it written (all of them when the caller does not know who was awaited).
    # A seat the site plays to the end (``games.endings``) waits for nobody: its clock
    # never starts, and no list shows it as its player's turn.
    if awaiting_before is None:
        starts = Q(number__in=awaiting, awaited=False, handed_over_at__isnull=True)
        stops = ~Q(number__in=awaiting)
    else:
        starts = Q(
            number__in=set(awaiting) - (set(awaiting_before) - {moved}),
            handed_over_at__isnull=True,
        )
        stops = Q(number__in=set(awaiting_before) - set(awaiting))
    written: dict[str, Any] = {
        "awaited": Case(
            When(starts, then=Value(True)), When(stops, then=Value(False)), default=F("awaited")
        ),
        "awaited_since": Case(
            When(starts, then=Value(now)),
            When(stops, then=Value(None)),
            default=F("awaited_since"),
        ),
    }
    if outcome is not None:
        # Who made no move of their own is told by the events, recorded once the game ends
        # for every page, list and mail that names its winners (games.results).
        absent = absent_seats(game_id)
        outcome = ranked(outcome, resigned_seats(game_id), absent)
        scores = enumerate(outcome.scores)
        written["score"] = Case(
            *(When(number=number, then=Value(score)) for number, score in scores)
        )
        written["winner"] = _among(outcome.winners)
        written["absent"] = _among(absent)
    # Every seat carries its game's times, the order of its player's list of games: one
    # statement writes them with the clocks and the scores.
    Seat.objects.filter(game_id=game_id).update(
        game_finished_at=finished_at, game_updated_at=now, **written
    )


def _among(seats: frozenset[int]) -> Case:
    """True for the seats numbered in ``seats``, False for the others."""
    return Case(
        When(number__in=seats, then=Value(True)), default=Value(False), output_field=BooleanField()
    )
