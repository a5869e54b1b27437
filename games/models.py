"""Games and their seats.

Besides what a game is (rules, configuration, seats), ``Game`` and ``Seat`` carry read
models — the phase, whose decision the game awaits, final scores — rewritten in the same
transaction as every append to the event store, so lists of games never disagree with the
events. The store's own tables live in :mod:`games.events.models`.
"""

from __future__ import annotations

import secrets
from typing import Any

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from games.engine.ruleset import BotLevel
from games.events.models import Chain, ConsumerPosition, Event, Link, Snapshot
from games.registry import GameType, game_type

__all__ = [
    "Chain",
    "ConsumerPosition",
    "Event",
    "Game",
    "Invitation",
    "Link",
    "Seat",
    "Snapshot",
    "StandingOrder",
]


def new_token() -> str:
    return secrets.token_urlsafe(16)


class BotLevels(models.IntegerChoices):
    """The bot levels a table may choose, those of :class:`games.engine.ruleset.BotLevel`."""

    RANDOM = BotLevel.RANDOM, _("0: random moves")
    HEURISTIC = BotLevel.HEURISTIC, _("1: the game's rules of thumb")
    SEARCH = BotLevel.SEARCH, _("2: a search (about a second a move)")


class Game(models.Model):
    class Status(models.TextChoices):
        OPEN = "open", _("waiting for players")
        RUNNING = "running", _("being played")
        FINISHED = "finished", _("finished")
        #: Called off before anybody had moved (``games.endings.abort``): no result.
        ABORTED = "aborted", _("aborted")

    #: The name as its creator's language says it (a player's own name, as typed).
    name = models.CharField(max_length=80)
    #: For a name the site gives (a tournament's table): its message, marked for
    #: translation where it is made, and the message's arguments; each reader reads it in
    #: their own language (:attr:`display_name`). Blank for a name a player typed.
    name_msgid = models.CharField(max_length=200, blank=True, default="")
    name_args = models.JSONField(default=dict, blank=True)
    rules = models.CharField(max_length=20, default="numx")
    config = models.JSONField()
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="created_games",
    )
    created_at = models.DateTimeField(auto_now_add=True)
    #: The secret of the invitation link; whoever has it may take a free seat.
    invite_token = models.CharField(max_length=32, unique=True, default=new_token)
    #: Listed in the lobby for anyone to join (else joined by invitation link only).
    is_public = models.BooleanField(default=False)
    #: Time each player has for a move (None: no deadline).
    move_deadline = models.DurationField(null=True, blank=True)

    class DeadlinePolicy(models.TextChoices):
        PASS = "pass", _("an automatic pass (a bot's move where passing is not possible)")
        BOT = "bot", _("a bot plays the move")

    #: What happens when a player's time (and time bank) runs out.
    deadline_policy = models.CharField(
        max_length=8, choices=DeadlinePolicy.choices, default=DeadlinePolicy.PASS
    )
    #: The organiser's level for the bots of this table: those seated without one of their
    #: own, and the one that moves for an absent player under the ``bot`` policy.
    bot_level = models.PositiveSmallIntegerField(
        choices=BotLevels.choices, default=BotLevels.HEURISTIC
    )
    #: The creator's key for the request that opened the game (the API's
    #: ``Idempotency-Key``): the same request sent again opens nothing more.
    idempotency_key = models.CharField(max_length=64, null=True, blank=True)

    # Read model, kept in step with the events.
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.OPEN)
    last_sequence = models.PositiveIntegerField(default=0)
    phase = models.CharField(max_length=20, blank=True)
    #: The round being played, from 1; 0 while the table waits for players (no round is
    #: played yet) and for a game, or a mode, without rounds (NMBR 9, Numenko live).
    round_no = models.PositiveSmallIntegerField(default=0)
    awaiting = models.JSONField(default=list, blank=True)
    updated_at = models.DateTimeField(auto_now=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        indexes = (
            models.Index(fields=("status", "-updated_at"), name="game_status_recent"),
            # The home page and the lobby list the latest finished games.
            models.Index(fields=("status", "-finished_at"), name="game_status_finished"),
        )
        constraints = (
            # A key is its creator's own, as a move's is its seat's.
            models.UniqueConstraint(
                fields=("created_by", "idempotency_key"),
                condition=models.Q(idempotency_key__isnull=False),
                name="game_idempotency_per_creator",
            ),
        )

    def __str__(self) -> str:
        return self.name

    @property
    def display_name(self) -> str:
        """The game's name in the active language: its message translated and filled in,
        or the name a player gave it. Every page, email and API answer shows this one."""
        if not self.name_msgid:
            return self.name
        return gettext(self.name_msgid) % self.name_args

    @property
    def game_type(self) -> GameType:
        """The registered game this is a table of: its rules and its site adapter."""
        return game_type(self.rules)

    @property
    def ended(self) -> bool:
        """Played out or called off: either way nothing is left to hide, so its chain's
        salt and seed are shown and its whole log may be exported (docs/logs.md)."""
        return self.status in ENDED


#: The statuses of a game that has ended: played out or called off.
ENDED = (Game.Status.FINISHED, Game.Status.ABORTED)


class Seat(models.Model):
    """A place at a game's table: a user, or a bot."""

    # No index of its own: the unique (game, number) one starts with the game, and a move
    # rewrites the clocks of seats whose every index is written again.
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="seats", db_index=False)
    number = models.PositiveSmallIntegerField()
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="seats",
    )
    name = models.CharField(max_length=40)
    is_bot = models.BooleanField(default=False)
    #: Whether the seat's player is a bot account (a member's account a program plays),
    #: once ``games.players.with_bot_accounts`` has asked: not a column, the profile says it.
    bot_account: bool = False
    #: How well a bot seat plays (a person's seat keeps the default, unused).
    bot_level = models.PositiveSmallIntegerField(
        choices=BotLevels.choices, default=BotLevels.HEURISTIC
    )

    # Read model, kept in step with the events.
    awaited = models.BooleanField(default=False)
    #: Since when the game has been waiting for this seat (its clock for deadlines).
    awaited_since = models.DateTimeField(null=True, blank=True)
    score = models.IntegerField(null=True, blank=True)
    winner = models.BooleanField(default=False)

    # The seat's clock, when the game has a move deadline.
    #: Days of vacation left in this game; used by the player, or automatically before a
    #: timeout.
    vacation_days = models.PositiveSmallIntegerField(default=7)
    #: The clock is paused until then (a vacation).
    paused_until = models.DateTimeField(null=True, blank=True)
    #: The awaited_since of the wait for which a reminder was sent (one per wait).
    reminded_for = models.DateTimeField(null=True, blank=True)
    #: Moves the deadline policy made for this seat (shown in results as "played by a bot").
    timeouts = models.PositiveSmallIntegerField(default=0)
    #: Its player made no move of their own in the finished game (every move was made for
    #: them: the clock, a standing order): never the winner, and placed nowhere
    #: (``games.results``). Written when the game ends.
    absent = models.BooleanField(default=False)

    # How the seat left a running game (``games.endings``), kept in step with the events.
    #: Its player resigned: they rank after every player who did not.
    resigned = models.BooleanField(default=False)
    #: Since when the site plays the seat to the end (its player resigned, or every other
    #: player did and nothing is left to play for); its player moves no more.
    handed_over_at = models.DateTimeField(null=True, blank=True)
    #: The player another took off the seat (``games.endings.take_off``: a tournament's
    #: organiser withdrew them), a bot's since: their resignation is rated as theirs.
    former_user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="+",
    )

    # The game's finished_at and updated_at, copied onto each of its seats wherever the
    # game's are written (in the same transaction): a player's list of games
    # (``games.selectors.seats_of``) is read in this order from their seats through one
    # index, instead of joining and sorting every game they ever played.
    #: When the game ended (None: it has not; a game is finished exactly when it has one).
    game_finished_at = models.DateTimeField(null=True, blank=True, editable=False)
    #: When the game last moved (or was opened).
    game_updated_at = models.DateTimeField(default=timezone.now, editable=False)

    class Meta:
        ordering = ("game", "number")
        constraints = (
            models.UniqueConstraint(fields=("game", "number"), name="seat_number_unique"),
            models.UniqueConstraint(
                fields=("game", "user"),
                condition=models.Q(user__isnull=False),
                name="seat_user_unique",
            ),
        )
        indexes = (
            # A player's games in the order they are listed (``seats_of``): the first page
            # is read off the index, however many games the player has. (PostgreSQL puts
            # NULLs first in a descending index, as the list wants running games.)
            models.Index(
                fields=("user", "-awaited", "-game_finished_at", "-game_updated_at", "-game"),
                name="seat_user_listed",
            ),
        )

    def __str__(self) -> str:
        return f"{self.name} (seat {self.number})"

    @property
    def score_words(self) -> str:
        """The seat's final score as its game's table says it ("22 points", "1 token",
        Numenko's "12 points in hand"); "" without one."""
        if self.score is None:
            return ""
        return self.game.game_type.site.describe_score(self.score)

    def save(self, *args: Any, **kwargs: Any) -> None:
        """Save the seat; a new one takes its game's times (``bulk_create``, which skips
        this, is followed by the game's projection, which writes them)."""
        if self._state.adding:
            self.game_finished_at = self.game.finished_at
            self.game_updated_at = self.game.updated_at
        super().save(*args, **kwargs)


class Invitation(models.Model):
    """An invitation sent by email (anyone with the game's link may also join)."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="invitations")
    email = models.EmailField()
    invited_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+"
    )
    #: The link to join, as mailed.
    link = models.URLField(max_length=500, default="")
    created_at = models.DateTimeField(auto_now_add=True)
    #: Set in the transaction that sends the email (or finds the invitee turned invitations
    #: off): a retried task sends nothing twice, and the outbox's sweep passes it by.
    sent_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = (models.UniqueConstraint(fields=("game", "email"), name="invitation_unique"),)


class StandingOrder(models.Model):
    """A player's instruction for the rest of the current trick, so one-move-a-day play does
    not stall: pass whenever it is my turn, or do not tell me about completing out of turn.
    Valid while the game is still at trick number ``trick``: it lapses when the trick ends."""

    class Kind(models.TextChoices):
        PASS = "pass", _("pass for the rest of this trick")
        NO_COMPLETION = "no-completion", _("never complete out of turn in this trick")

    seat = models.ForeignKey(Seat, on_delete=models.CASCADE, related_name="standing_orders")
    kind = models.CharField(max_length=16, choices=Kind.choices)
    trick = models.PositiveIntegerField()
    round_no = models.PositiveSmallIntegerField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = (
            models.UniqueConstraint(fields=("seat", "kind"), name="standing_order_unique"),
        )


class GameMute(models.Model):
    """A player silenced a game: no email about it (the game still waits for them).

    Kept by the game, like its seats, so that the table shows it without asking the app
    that sends the emails; notifications reads it before owing one."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="+")

    class Meta:
        constraints = (models.UniqueConstraint(fields=("user", "game"), name="mute_once"),)
