"""Webhooks: the addresses a member's programs are told of their games at, the deliveries
owed to each (an outbox, as emails have: ``notifications.outbox``), and each attempt."""

from __future__ import annotations

import secrets

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

#: The most endpoints one member may register: each multiplies the deliveries of their games.
MAX_ENDPOINTS = 10
#: How much of a receiver's answer an attempt keeps: enough to read an error, no more.
EXCERPT_LENGTH = 300


class Kind(models.TextChoices):
    """What a delivery tells of: its ``type``."""

    YOUR_TURN = "your_turn", _("It is my turn")
    OUT_OF_TURN = "out_of_turn", _("I may play out of turn")
    GAME_STARTED = "game_started", _("A game of mine started")
    GAME_OVER = "game_over", _("A game of mine is over")


def new_secret() -> str:
    """A fresh signing secret: 256 random bits, URL-safe."""
    return secrets.token_urlsafe(32)


class Endpoint(models.Model):
    """An address (HTTPS) a member's program is told of their games at, signed with its own
    secret, for the kinds of news it chose."""

    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="webhooks"
    )
    url = models.URLField(max_length=500)
    #: Kept in clear: signing needs it. Shown to its owner only.
    secret = models.CharField(max_length=64, default=new_secret)
    #: The kinds (:class:`Kind` values) it wants.
    events = models.JSONField(default=list)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ("id",)

    @property
    def event_labels(self) -> list[str]:
        """The kinds it wants, in the reader's words."""
        return [str(Kind(kind).label) for kind in self.events]


class Delivery(models.Model):
    """One piece of news owed to one endpoint, written in the consumer's transaction.

    The unique key (endpoint, game, sequence, kind) makes it owed once whatever retries;
    sending marks ``sent_at`` under the row's lock, so a task run twice sends once.
    ``next_attempt_at`` is when it is due (again); None once sent or given up (then its
    owner may send it again)."""

    endpoint = models.ForeignKey(Endpoint, on_delete=models.CASCADE, related_name="deliveries")
    game = models.ForeignKey("games.Game", on_delete=models.CASCADE, related_name="+")
    sequence = models.PositiveIntegerField()
    kind = models.CharField(max_length=16, choices=Kind.choices)
    created_at = models.DateTimeField(auto_now_add=True)
    sent_at = models.DateTimeField(null=True, blank=True)
    #: The attempts of its current round: its owner sending it again once given up starts
    #: another (``webhooks.redelivery``); the log keeps every round's.
    attempts_made = models.PositiveSmallIntegerField(default=0)
    next_attempt_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = (
            models.UniqueConstraint(
                fields=("endpoint", "game", "sequence", "kind"), name="webhook_delivery_once"
            ),
        )
        indexes = (
            models.Index(
                fields=("next_attempt_at",),
                condition=models.Q(next_attempt_at__isnull=False),
                name="webhook_delivery_due",
            ),
        )


class Attempt(models.Model):
    """One POST of a delivery and what came of it: the receiver's status, or the error."""

    delivery = models.ForeignKey(Delivery, on_delete=models.CASCADE, related_name="attempts")
    at = models.DateTimeField()
    #: The HTTP status the receiver answered; None when it did not answer (an error).
    status = models.PositiveSmallIntegerField(null=True, blank=True)
    error = models.CharField(max_length=EXCERPT_LENGTH, blank=True)
    #: The start of the receiver's answer.
    response = models.CharField(max_length=EXCERPT_LENGTH, blank=True)
    duration_ms = models.PositiveIntegerField()

    class Meta:
        ordering = ("-at", "-id")
