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

from games.events.models import ConsumerPosition, Event
from games.models import Game

Handler = Callable[[int, Sequence[Event]], None]

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
    last = Game.objects.filter(pk=game_id).values_list("last_sequence", flat=True).first()
    # Unlocked first look: a consumer already at the last event has nothing to do (its
    # locked look in _handle is what decides, for the others).
    handled = dict(
        ConsumerPosition.objects.filter(game_id=game_id).values_list("consumer", "sequence")
    )
    for name, handler in _CONSUMERS.items():
        if (only is None or name in only) and (last is None or handled.get(name, 0) < last):
            _handle(name, handler, game_id)


def _handle(name: str, handler: Handler, game_id: int) -> None:
    ConsumerPosition.objects.get_or_create(consumer=name, game_id=game_id)
    with transaction.atomic():
        position = ConsumerPosition.objects.select_for_update().get(consumer=name, game_id=game_id)
        events = list(
            Event.objects.filter(game_id=game_id, sequence__gt=position.sequence).order_by(
                "sequence"
            )
        )
        if not events:
            return
        handler(game_id, events)
        position.sequence = events[-1].sequence
        position.save(update_fields=["sequence"])


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
    """Dispatch every lagging game; return how many were lagging."""
    games = lagging_games()
    for game_id in games:
        dispatch(game_id)
    return len(games)
