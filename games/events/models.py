"""The event store's tables: events (append-only), each game's hash chain over them (its
keys and links, append-only too), snapshots (a cache), consumer positions.

Immutability is enforced three times: the model refuses to save an existing row or delete
one, its queryset refuses bulk updates and deletes, and database triggers (migrations 0002
and 0011) raise on any UPDATE, DELETE or TRUNCATE of the events, chains and links tables.
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


class InsertOnlyQuerySet(models.QuerySet[Any]):
    """A queryset that inserts and reads, and refuses every change."""

    def update(self, **kwargs: Any) -> NoReturn:
        _refuse("UPDATE")

    def delete(self) -> NoReturn:  # type: ignore[override]
        _refuse("DELETE")

    def bulk_update(self, *args: Any, **kwargs: Any) -> NoReturn:
        _refuse("UPDATE")


class InsertOnly(models.Model):
    """A row written once and never changed nor removed (an event, a link of its chain)."""

    objects = InsertOnlyQuerySet.as_manager()

    class Meta:
        abstract = True
        # Django's internal manager (related lookups, deletion) refuses changes too.
        base_manager_name = "objects"

    def save(self, *args: Any, **kwargs: Any) -> None:
        if not self._state.adding:
            _refuse("UPDATE")
        kwargs["force_insert"] = True
        super().save(*args, **kwargs)

    def delete(self, *args: Any, **kwargs: Any) -> NoReturn:
        _refuse("DELETE")


class Event(InsertOnly):
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
    #: On an event with an idempotency key, the number of the last event appended with it
    #: (what its move set off): the same submission sent again answers with exactly those,
    #: whatever else was recorded within the same microsecond. Null on the other events,
    #: and on keyed ones recorded before it was kept. A plain integer: the CHECK of a
    #: positive one, added to this table, would have PostgreSQL read every row to add it.
    appended_through = models.IntegerField(null=True, blank=True)

    class Meta(InsertOnly.Meta):
        app_label = "games"
        ordering = ("game", "sequence")
        constraints = (
            models.UniqueConstraint(fields=("game", "sequence"), name="event_sequence_unique"),
            # A key is the seat's own: each client chooses its keys without knowing the
            # others', so two seats may use the same one.
            models.UniqueConstraint(
                fields=("game", "seat", "idempotency_key"),
                condition=models.Q(idempotency_key__isnull=False),
                name="event_idempotency_per_seat",
            ),
            models.CheckConstraint(
                condition=models.Q(sequence__gte=1), name="event_sequence_positive"
            ),
        )

    def __str__(self) -> str:
        return f"game {self.game_id} #{self.sequence} {self.type}"


class Chain(InsertOnly):
    """A game's hash chain: its secret salt, and what it committed to about chance.

    ``salt`` is mixed into every link, so that nobody can recompute a printed head by
    guessing a hidden fact; ``seed`` is what every chance move of the game is drawn from,
    ``commitment`` = SHA-256(salt ‖ seed), published from the start (empty for a game whose
    chance was drawn by its caller: tests, simulations). Salt and seed are revealed once the
    game is over (:mod:`games.events.chain`). ``linked_late_by`` says who linked events
    1..``linked_late_through`` after they were recorded: the migration that chained the
    games recorded before chains existed, or an import of a log without a chain.
    """

    class LinkedLate(models.TextChoices):
        NO = "", "at each append"
        MIGRATION = "migration", "by the migration that chained the existing games"
        IMPORT = "import", "at the import of a log without a chain"

    game = models.OneToOneField(
        "games.Game", on_delete=models.PROTECT, primary_key=True, related_name="chain"
    )
    salt = models.CharField(max_length=64)
    seed = models.CharField(max_length=64, blank=True)
    commitment = models.CharField(max_length=64, blank=True)
    linked_late_by = models.CharField(max_length=10, choices=LinkedLate.choices, blank=True)
    linked_late_through = models.PositiveIntegerField(default=0)
    created_at = models.DateTimeField(default=timezone.now)

    class Meta(InsertOnly.Meta):
        app_label = "games"


class Link(InsertOnly):
    """The hash of a game's event ``sequence`` chained to its predecessor's; number 0 is
    the hash of the game's header, where the chain starts (:mod:`games.events.chain`)."""

    # No index of its own: the unique (game, sequence) one starts with the game. The game's
    # id, not its chain's (the same number), so that its rows split by game like the rest.
    game = models.ForeignKey(
        "games.Game", on_delete=models.PROTECT, related_name="links", db_index=False
    )
    sequence = models.PositiveIntegerField()
    hash = models.CharField(max_length=64)

    class Meta(InsertOnly.Meta):
        app_label = "games"
        constraints = (
            models.UniqueConstraint(fields=("game", "sequence"), name="link_sequence_unique"),
        )

    def __str__(self) -> str:
        return f"game {self.game_id} link {self.sequence} {self.hash[:12]}"


class Snapshot(models.Model):
    """A game's state after ``sequence``, so that loading it replays only the tail.

    A cache, never the truth: ``engine`` names the engine state format it was written with,
    and a snapshot of another format is ignored (the events are replayed instead). ``state``
    is the JSON form the game's rule set defines (``RuleSet.state_to_json``): it names no
    class, and reading it builds only what the state's type declares.
    """

    game = models.ForeignKey("games.Game", on_delete=models.CASCADE, related_name="snapshots")
    sequence = models.PositiveIntegerField()
    engine = models.CharField(max_length=32)
    state = models.JSONField()
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
