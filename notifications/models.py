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
        TABLE_FULL = "table-full", "your table is full"
        MOVE_TAKEN = "move-taken", "no longer your move"
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


class InboundMail(models.Model):
    """A mail received at a reply address (``notifications.inbound``), kept once per
    Message-ID: a copy delivered again, or posted again by a provider, is not stored
    twice, hence never played twice. ``notifications.replies`` processes it once and
    records what became of it."""

    class Outcome(models.TextChoices):
        PLAYED = "played", "the move was recorded"
        IGNORED = "ignored", "an automatic mail, a bounce or one of ours: ignored"
        NO_TOKEN = "no-token", "no reply address of ours"
        FORGED = "forged", "a reply address that is not ours"
        WRONG_SENDER = "wrong-sender", "not sent by the seat's player"
        STALE = "stale", "the game has moved on"
        NOT_A_MOVE = "not-a-move", "no move could be read"
        ILLEGAL = "illegal", "a move the rules forbid now"

    #: SHA-256 of the Message-ID (or of the whole mail, for one without).
    key = models.CharField(max_length=64, unique=True)
    message_id = models.TextField(blank=True)
    sender = models.CharField(max_length=254, blank=True)
    #: The envelope's recipients (SMTP's RCPT TO, a provider's original recipient).
    recipients = models.TextField(blank=True)
    raw = models.TextField()
    created_at = models.DateTimeField(auto_now_add=True)
    processed_at = models.DateTimeField(null=True, blank=True)
    outcome = models.CharField(max_length=16, choices=Outcome.choices, blank=True)
    game = models.ForeignKey(
        "games.Game", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    sequence = models.PositiveIntegerField(null=True, blank=True)
    seat = models.PositiveSmallIntegerField(null=True, blank=True)

    class Meta:
        indexes = (
            models.Index(
                fields=("created_at",),
                condition=models.Q(processed_at__isnull=True),
                name="inbound_unprocessed",
            ),
        )


class Answer(models.Model):
    """The site's answer to a reply: why it could not be played, with the table as it
    stands; or, for a reply played, the move's confirmation (``notifications.confirmations``).
    One a reply. An outbox row (``notifications.outbox``), composed when the reply is
    processed."""

    inbound = models.OneToOneField(InboundMail, on_delete=models.CASCADE, related_name="answer")
    address = models.CharField(max_length=254)
    subject = models.TextField()
    text = models.TextField()
    html = models.TextField()
    #: The reply address for a move now (empty when the player has none to make).
    reply_to = models.CharField(max_length=254, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    sent_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        indexes = (
            models.Index(
                fields=("created_at",),
                condition=models.Q(sent_at__isnull=True),
                name="answer_unsent",
            ),
        )


class CancelledTableMail(models.Model):
    """The email telling a player that the host cancelled a table they had joined, before
    it started (``notifications.cancellations``). An outbox row (``notifications.outbox``),
    written in the transaction that deletes the table: it names no game (the row is gone)
    but keeps the words its mail says, in the recipient's language when it became due."""

    recipient = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+"
    )
    #: The cancelled table's number, not a key (its row is deleted; numbers are never
    #: given again): a player is told once of each table.
    game_number = models.PositiveIntegerField()
    game_name = models.CharField(max_length=200)
    title = models.CharField(max_length=100)
    host_name = models.CharField(max_length=100)
    created_at = models.DateTimeField(auto_now_add=True)
    sent_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = (
            models.UniqueConstraint(
                fields=("game_number", "recipient"), name="cancelled_table_mail_once"
            ),
        )
        indexes = (
            models.Index(
                fields=("created_at",),
                condition=models.Q(sent_at__isnull=True),
                name="cancelled_table_mail_unsent",
            ),
        )
