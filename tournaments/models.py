"""Tournaments: an organiser's X-Game tournament, its players, its stages and their tables.

Every table is an ordinary game (``games.Game``): it is played, notified and replayed like
any other. What belongs to the tournament is who sat where, and each table's result as
the tournament counts it (the NUM-X score and X-Trems from the game's final score sheets,
and whether the player forfeited: withdrawn, or timed out).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime, timedelta

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from games.models import Game
from tournaments import seating
from tournaments.standings import DEFAULT_FORFEIT_POINTS, DEFAULT_POINTS, points_row


def default_points() -> dict[str, list[int]]:
    return {str(size): list(row) for size, row in DEFAULT_POINTS.items()}


def forfeit_fault(
    points: Mapping[int, Sequence[int]],
    forfeit: int,
    table_size: int,
    small_tables: bool,
    final_size: int | None,
) -> str:
    """Why ``forfeit`` points are too many for a tournament of ``points`` per place at tables
    of ``table_size`` (and a final of ``final_size``): more than the last place of a table
    the tournament can have, stopping would pay better than playing to the end, and a
    timed-out player could top the standings (docs/tournaments.md, "Points per table").
    "" when it is not."""
    sizes = seating.sizes_before_seating(table_size, small_tables, final_size)
    lowest, table = min((points_row(points, size)[-1], size) for size in sizes)
    if forfeit <= lowest:
        return ""
    return _(
        "At most %(points)d: a forfeit must not be worth more than the last place at a "
        "table of %(size)d, or stopping would pay better than playing to the end."
    ) % {"points": lowest, "size": table}


class Tournament(models.Model):
    class Format(models.TextChoices):
        STAGES = "stages", _("stages with reseating")
        FINAL = "final", _("stages with reseating, then a single table final")

    class Status(models.TextChoices):
        REGISTRATION = "registration", _("registration")
        RUNNING = "running", _("being played")
        FINISHED = "finished", _("finished")

    name = models.CharField(_("name"), max_length=80)
    description = models.TextField(_("description"), blank=True)
    organiser = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        related_name="organised_tournaments",
        verbose_name=_("organiser"),
    )
    format = models.CharField(
        _("format"), max_length=10, choices=Format.choices, default=Format.STAGES
    )
    table_size = models.PositiveSmallIntegerField(
        _("players per table"),
        default=4,
        validators=[MinValueValidator(3), MaxValueValidator(6)],
    )
    #: Tables of 2 are allowed when the players cannot be seated otherwise.
    small_tables = models.BooleanField(_("allow tables of two players"), default=False)
    #: Stage 1 seats players by X-Game rating (tables of similar ratings), not at random.
    seat_by_rating = models.BooleanField(_("seat the first stage by rating"), default=False)
    #: Stages with reseating (a final comes after them).
    stage_count = models.PositiveSmallIntegerField(
        _("number of stages"),
        default=3,
        validators=[MinValueValidator(1), MaxValueValidator(20)],
    )
    #: Players at the single table final (format "final").
    final_size = models.PositiveSmallIntegerField(
        _("players at the final"),
        default=4,
        validators=[MinValueValidator(3), MaxValueValidator(6)],
    )
    move_deadline = models.DurationField(_("time for each move"), default=timedelta(days=3))
    deadline_policy = models.CharField(
        _("when a player's time and time bank run out"),
        max_length=8,
        choices=Game.DeadlinePolicy.choices,
        default=Game.DeadlinePolicy.PASS,
    )
    registration_opens = models.DateTimeField(_("registration opens"), default=timezone.now)
    registration_closes = models.DateTimeField(_("registration closes"))
    #: Points per place for each table size: {"4": [8, 4, 2, 1], ...}.
    points = models.JSONField(_("points per place"), default=default_points)
    #: Points of a withdrawn or timed-out player at a table.
    forfeit_points = models.PositiveSmallIntegerField(
        _("points of a withdrawn or timed-out player"), default=DEFAULT_FORFEIT_POINTS
    )

    status = models.CharField(max_length=12, choices=Status.choices, default=Status.REGISTRATION)
    created_at = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ("-created_at",)
        constraints = (
            models.CheckConstraint(
                condition=models.Q(table_size__gte=3, table_size__lte=6),
                name="tournament_table_size",
            ),
            models.CheckConstraint(
                condition=models.Q(registration_closes__gt=models.F("registration_opens")),
                name="tournament_registration_dates",
            ),
        )

    def __str__(self) -> str:
        return self.name

    @property
    def total_stages(self) -> int:
        """Stages with reseating, and the final if there is one."""
        return self.stage_count + (1 if self.format == self.Format.FINAL else 0)

    def is_final(self, number: int | None) -> bool:
        """Whether stage ``number`` is the final, which seats the top of the standings (a
        newcomer on 0 points would not play it): no stage of reseating is left before it."""
        return self.format == self.Format.FINAL and number == self.total_stages

    def points_table(self) -> dict[int, tuple[int, ...]]:
        return {int(size): tuple(row) for size, row in self.points.items()}

    def clean(self) -> None:
        """A forfeit worth no more than a last place (:func:`forfeit_fault`), however the
        tournament is made: its form, the admin's, the demo."""
        final = self.final_size if self.format == self.Format.FINAL else None
        try:
            fault = forfeit_fault(
                self.points_table(), self.forfeit_points, self.table_size, self.small_tables, final
            )
        except (ValueError, TypeError, AttributeError):
            return  # points that cannot be read are their own field's fault, not this one's
        if fault:
            raise ValidationError({"forfeit_points": fault})

    def registration_is_open(self, now: datetime | None = None) -> bool:
        """Whether anybody may register now, between the two dates before the first stage
        (invited players may also outside them, and between stages once it has started:
        ``services.tournament_register``)."""
        now = now or timezone.now()
        return (
            self.status == self.Status.REGISTRATION
            and self.registration_opens <= now < self.registration_closes
        )


class Entry(models.Model):
    """A player's place in a tournament: registered, or withdrawn (an invitation is an
    :class:`Invitation`, by address, until its member registers)."""

    class Status(models.TextChoices):
        # A status in the organiser's list of players, not the mark beside a withdrawn
        # player's name on the public pages: French says the two differently.
        REGISTERED = "registered", pgettext_lazy("a player's status in a tournament", "registered")
        WITHDRAWN = "withdrawn", pgettext_lazy("a player's status in a tournament", "withdrawn")

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="entries")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="tournament_entries"
    )
    status = models.CharField(max_length=12, choices=Status.choices)
    created_at = models.DateTimeField(auto_now_add=True)
    registered_at = models.DateTimeField(null=True, blank=True)
    withdrawn_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ("tournament", "created_at", "pk")
        verbose_name_plural = "entries"
        constraints = (models.UniqueConstraint(fields=("tournament", "user"), name="entry_once"),)

    def __str__(self) -> str:
        return f"{self.user} in {self.tournament}"


class Stage(models.Model):
    """One stage: every active player seated once (or the final's players)."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="stages")
    number = models.PositiveSmallIntegerField()
    is_final = models.BooleanField(default=False)
    started_at = models.DateTimeField(auto_now_add=True)
    #: Set when every table's result is recorded.
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ("tournament", "number")
        constraints = (
            models.UniqueConstraint(fields=("tournament", "number"), name="stage_number_once"),
        )

    def __str__(self) -> str:
        return f"{self.tournament}, stage {self.number}"


class Table(models.Model):
    """A table of a stage: an ordinary X-Game."""

    stage = models.ForeignKey(Stage, on_delete=models.CASCADE, related_name="tables")
    number = models.PositiveSmallIntegerField()
    game = models.OneToOneField(Game, on_delete=models.PROTECT, related_name="tournament_table")
    #: The organiser finished it with the deadline policy after a deadline passed.
    forced_at = models.DateTimeField(null=True, blank=True)
    #: When the players' results were taken from the finished game.
    recorded_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ("stage", "number")
        constraints = (
            models.UniqueConstraint(fields=("stage", "number"), name="table_number_once"),
        )

    def __str__(self) -> str:
        return f"{self.stage}, table {self.number}"


class TablePlayer(models.Model):
    """A player at a table, and their result there once the game is over."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="players")
    entry = models.ForeignKey(Entry, on_delete=models.PROTECT, related_name="places")
    seat = models.PositiveSmallIntegerField()
    score = models.IntegerField(null=True, blank=True)
    xtrems = models.PositiveSmallIntegerField(null=True, blank=True)
    #: The deadline policy moved for the player (or the organiser finished the table while
    #: the game was waiting for them past their deadline).
    timed_out = models.BooleanField(default=False)
    #: The player was withdrawn before the table finished.
    withdrawn = models.BooleanField(default=False)

    class Meta:
        ordering = ("table", "seat")
        constraints = (
            models.UniqueConstraint(fields=("table", "entry"), name="table_player_once"),
            models.UniqueConstraint(fields=("table", "seat"), name="table_seat_once"),
        )

    def __str__(self) -> str:
        return f"{self.entry.user} at {self.table}"

    @property
    def forfeit(self) -> bool:
        """The table gives this player the tournament's fixed value, not a place."""
        return self.timed_out or self.withdrawn


class Invitation(models.Model):
    """The organiser invites an email address, whoever it belongs to (a member, or
    nobody yet): the member with that address may register whatever the dates, before
    the first stage or, invited between stages, once the stage being played ends (then
    starting with 0 points). Unaccepted, it lapses when the first stage starts (sent
    before it), when the last one starts, or when the tournament ends early. An outbox
    row (:mod:`notifications.outbox`), emailed once by
    :func:`tournaments.mail.send_invitation`."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="invitations")
    email = models.EmailField()
    invited_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    #: Set in the transaction that sends the email (or finds it is not to be sent).
    sent_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ("tournament", "created_at", "pk")
        constraints = (
            models.UniqueConstraint(
                fields=("tournament", "email"), name="tournament_invitation_once"
            ),
        )

    def __str__(self) -> str:
        return f"{self.email} to {self.tournament}"


class Mail(models.Model):
    """One tournament email to one person, written in their language when it became due.

    An outbox row (:mod:`notifications.outbox`), created in the same transaction as what
    it announces (a stage started, the organiser's message): a Celery task sends it and
    marks ``sent_at`` in one transaction, so it goes out once whatever retries, and a lost
    enqueue is found again by the outbox's sweep.
    """

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="mails")
    recipient = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="tournament_mails"
    )
    subject = models.CharField(max_length=255)
    body = models.TextField()
    #: Where replies go: the organiser's address, on their message to the players when
    #: they chose to show it; empty (the site's address) otherwise.
    reply_to = models.EmailField(blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    sent_at = models.DateTimeField(null=True, blank=True)

    def __str__(self) -> str:
        return f"{self.subject} → {self.recipient}"
