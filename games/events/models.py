"""The event store's tables: events (append-only), snapshots (a cache), consumer positions.

Immutability is enforced three times: the model refuses to save an existing row or delete
one, its queryset refuses bulk updates and deletes, and database triggers (migration 0002)
raise on any UPDATE, DELETE or TRUNCATE of the events table.
"""

from __future__ import annotations

from typing import Any, NoReturn

from django.conf import settings
from django.db import models
from django.utils import timezone


class ImmutableEventError(Exception):
    """Somebody tried to change or remove a recorded event."""


def _refuse(what: str) -> NoReturn:
    raise ImmutableEventError(f"events are immutable: {what} refused")


class EventQuerySet(models.QuerySet["Event"]):
    def update(self, **kwargs: Any) -> NoReturn:
        _refuse("UPDATE")

    def delete(self) -> NoReturn:  # type: ignore[override]
        _refuse("DELETE")

    def bulk_update(self, *args: Any, **kwargs: Any) -> NoReturn:
        _refuse("UPDATE")


class Event(models.Model):
    """One fact of a game: an action (with what chance decided), or a milestone.

    ``seat`` is the acting seat, -1 for chance (deals, shuffles), null for the game's own
    milestones (created, round ended, game ended). ``payload`` is the action's JSON plus,
    under ``facts``, what the cards decided; ``version`` is the payload's schema version.
    """

    # No index of its own: the unique (game, sequence) one starts with the game, and every
    # event appended would write one more index for nothing.
    game = models.ForeignKey(
        "games.Game", on_delete=models.PROTECT, related_name="events", db_index=False
    )
    sequence = models.PositiveIntegerField()
    type = models.CharField(max_length=24)
    payload = models.JSONField()
    seat = models.SmallIntegerField(null=True, blank=True)
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    recorded_at = models.DateTimeField(default=timezone.now)
    version = models.PositiveSmallIntegerField()
    idempotency_key = models.CharField(max_length=64, null=True, blank=True)

    objects = EventQuerySet.as_manager()

    class Meta:
        app_label = "games"
        ordering = ("game", "sequence")
        # Django's internal manager (related lookups, deletion) refuses changes too.
        base_manager_name = "objects"
        constraints = (
            models.UniqueConstraint(fields=("game", "sequence"), name="event_sequence_unique"),
            models.UniqueConstraint(
                fields=("game", "idempotency_key"),
                condition=models.Q(idempotency_key__isnull=False),
                name="event_idempotency_unique",
            ),
            models.CheckConstraint(
                condition=models.Q(sequence__gte=1), name="event_sequence_positive"
            ),
        )

    def save(self, *args: Any, **kwargs: Any) -> None:
        if not self._state.adding:
            _refuse("UPDATE")
        kwargs["force_insert"] = True
        super().save(*args, **kwargs)

    def delete(self, *args: Any, **kwargs: Any) -> NoReturn:
        _refuse("DELETE")

    def __str__(self) -> str:
        return f"game {self.game_id} #{self.sequence} {self.type}"


class Snapshot(models.Model):
    """A game's state after ``sequence``, so that loading it replays only the tail.

    A cache, never the truth: ``engine`` names the engine state format it was written with,
    and a snapshot of another format is ignored (the events are replayed instead).
    """

    game = models.ForeignKey("games.Game", on_delete=models.CASCADE, related_name="snapshots")
    sequence = models.PositiveIntegerField()
    engine = models.CharField(max_length=32)
    state = models.BinaryField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        app_label = "games"
        constraints = (
            models.UniqueConstraint(fields=("game", "engine", "sequence"), name="snapshot_unique"),
        )


class ConsumerPosition(models.Model):
    """The last event of a game that a consumer (emails, snapshots...) has handled.

    Written in the same transaction as the consumer's own effects, so that a crash can only
    delay a reaction, never lose or double it.
    """

    consumer = models.CharField(max_length=40)
    game = models.ForeignKey(
        "games.Game", on_delete=models.CASCADE, related_name="consumer_positions"
    )
    sequence = models.PositiveIntegerField(default=0)

    class Meta:
        app_label = "games"
        constraints = (
            models.UniqueConstraint(fields=("consumer", "game"), name="consumer_position_unique"),
        )
