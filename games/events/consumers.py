"""Consumers: reactions to events (snapshots, emails...) that lose nothing.

Each consumer keeps, per game, the number of the last event it handled. It handles the
events after that number and moves the number on in one transaction, with its own writes.
After every append, the store's caller asks for a dispatch once the transaction has
committed; if that request is lost (a crash between commit and enqueue), :func:`catch_up`
finds the games whose consumers lag and dispatches them: a reaction can be late, never lost,
never doubled.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from django.db import transaction
from django.db.models import Count, F, Q

from games.damage import report
from games.events import store
from games.events.models import ConsumerPosition
from games.events.store import Recorded
from games.models import Game
from games.registry import rule_set

Handler = Callable[[int, Sequence[Recorded]], None]

_CONSUMERS: dict[str, Handler] = {}


def consumer(name: str) -> Callable[[Handler], Handler]:
    """Register ``handler(game_id, events)`` as the consumer ``name``."""

    def register(handler: Handler) -> Handler:
        if name in _CONSUMERS and _CONSUMERS[name] is not handler:
            raise ValueError(f"consumer {name!r} is already registered")
        _CONSUMERS[name] = handler
        return handler

    return register


def consumers() -> dict[str, Handler]:
    """The registered consumers, by name."""
    return dict(_CONSUMERS)


def dispatch(game_id: int, only: Sequence[str] | None = None) -> None:
    """Let every consumer (or those named in ``only``) handle the game's new events."""
    game = Game.objects.filter(pk=game_id).values_list("last_sequence", "rules").first()
    if game is None:
        return
    last, rules = game
    handled = dict(
        ConsumerPosition.objects.filter(game_id=game_id).values_list("consumer", "sequence")
    )
    # A consumer already at the last event has nothing to do; the others share one read of
    # the events (immutable, so read outside their transactions).
    lagging = [
        (name, handler)
        for name, handler in _CONSUMERS.items()
        if (only is None or name in only) and handled.get(name, 0) < last
    ]
    if not lagging:
        return
    missing = [
        ConsumerPosition(consumer=name, game_id=game_id)
        for name, _ in lagging
        if name not in handled
    ]
    if missing:
        # Another dispatch may create the same rows meanwhile: theirs serve as well.
        ConsumerPosition.objects.bulk_create(missing, ignore_conflicts=True)
    since = min(handled.get(name, 0) for name, _ in lagging)
    events = list(store.read(game_id, rule_set(rules), after=since))
    for name, handler in lagging:
        _handle(name, handler, game_id, handled.get(name, 0), events)


def _handle(
    name: str, handler: Handler, game_id: int, position: int, events: Sequence[Recorded]
) -> None:
    """Hand the consumer ``name`` the ``events`` after its ``position``, and move it on in the
    same transaction as the handler's writes.

    The position moves only from the number this dispatch read: a concurrent dispatch that
    moved it first makes the UPDATE match nothing (PostgreSQL re-reads the row once the
    other commits), and this one reads the new position and hands over only what follows.
    """
    while True:
        new = [event for event in events if event.sequence > position]
        if not new:
            return
        with transaction.atomic():
            moved = ConsumerPosition.objects.filter(
                consumer=name, game_id=game_id, sequence=position
            ).update(sequence=new[-1].sequence)
            if moved:
                handler(game_id, new)
                return
        position = (
            ConsumerPosition.objects.filter(consumer=name, game_id=game_id)
            .values_list("sequence", flat=True)
            .get()
        )


def lagging_games() -> list[int]:
    """Games with events that some consumer has not handled yet."""
    names = list(_CONSUMERS)
    up_to_date = Q(
        consumer_positions__consumer__in=names,
        consumer_positions__sequence__gte=F("last_sequence"),
    )
    games = (
        Game.objects.filter(last_sequence__gt=0)
        .annotate(up_to_date=Count("consumer_positions", filter=up_to_date))
        .filter(up_to_date__lt=len(names))
    )
    return list(games.values_list("id", flat=True))


def catch_up() -> int:
    """Dispatch every lagging game; return how many were lagging. A damaged game (an
    event its rules cannot replay) is reported and left lagging until it is repaired: the
    others are dispatched all the same."""
    games = lagging_games()
    for game_id in games:
        try:
            dispatch(game_id)
        except store.Unreplayable as damage:
            damage.game_id = game_id
            report(damage)
    return len(games)
