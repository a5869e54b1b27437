"""Emails owed to players: an outbox that makes each one exactly once."""

from __future__ import annotations

from datetime import timedelta

from django.conf import settings
from django.db import models

#: The kind of an invitation's unsubscribe link (invitations are not notifications: the
#: invitee may have no account yet).
INVITATION = "invitation"
#: How often the digest goes out, and so how far back it tells of what was said in chat.
DIGEST_PERIOD = timedelta(days=1)


class Notification(models.Model):
    """One email to one player about one event of a game.

    The unique key (game, sequence, recipient, kind) is what makes a notification happen
    once whatever retries: the consumer creates the row in the same transaction as its
    position, and sending marks ``sent_at``; a retried send finds it set and does nothing.
    """

    class Kind(models.TextChoices):
        YOUR_TURN = "your-turn", "your turn"
        OUT_OF_TURN = "out-of-turn", "you may complete out of turn"
        REMINDER = "reminder", "reminder"
        GAME_END = "game-end", "the game is over"
        DIGEST = "digest", "daily digest"

    game = models.ForeignKey(
        "games.Game", null=True, blank=True, on_delete=models.CASCADE, related_name="+"
    )
    sequence = models.PositiveIntegerField()
    recipient = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="notifications"
    )
    kind = models.CharField(max_length=16, choices=Kind.choices)
    created_at = models.DateTimeField(auto_now_add=True)
    sent_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = (
            models.UniqueConstraint(
                fields=("game", "sequence", "recipient", "kind"), name="notification_once"
            ),
            # Digests belong to no game (NULLs never collide in the constraint above).
            models.UniqueConstraint(
                fields=("sequence", "recipient", "kind"),
                condition=models.Q(game__isnull=True),
                name="notification_once_without_game",
            ),
        )
        indexes = (
            models.Index(
                fields=("created_at",),
                condition=models.Q(sent_at__isnull=True),
                name="notification_unsent",
            ),
        )
