"""What players say at a game's table: kept with the game, each line at its moment."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from games.models import Game

#: The longest line a player may say (a chat is for a few words, not letters).
MAX_LENGTH = 500
#: The longest note a report of a line carries to the moderators.
NOTE_LENGTH = 500


class ChatLine(models.Model):
    """One line said at a table by one of its players, after the game's event
    ``after_sequence``: the replay shows it at that moment."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="+")
    author = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    #: The author's name at the table when they said it.
    name = models.CharField(max_length=40)
    text = models.CharField(max_length=MAX_LENGTH)
    after_sequence = models.PositiveIntegerField()
    said_at = models.DateTimeField(auto_now_add=True)
    #: When the site's moderators removed the line (None: it is shown), and which of them:
    #: its text stays here for them, and is served to nobody (:attr:`shown_text`).
    removed_at = models.DateTimeField(null=True, blank=True)
    removed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )

    class Meta:
        indexes = (models.Index(fields=("game", "after_sequence"), name="chat_line_game_moment"),)

    def __str__(self) -> str:
        return f"{self.name}: {self.text}"

    @property
    def removed(self) -> bool:
        """Whether the moderators removed the line."""
        return self.removed_at is not None

    @property
    def shown_text(self) -> str:
        """What every reader is shown of the line (the table, the replay, the API): its
        text, or, once the moderators removed it, that they did."""
        return gettext("Message removed by the moderators.") if self.removed else self.text


class ChatMute(models.Model):
    """A person who hid a game's chat: they neither see its lines nor hear of them."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="+")

    class Meta:
        constraints = (models.UniqueConstraint(fields=("user", "game"), name="chat_mute_once"),)


class ChatReport(models.Model):
    """A reader's report of another's line to the site's moderators: once per line and
    reader, kept as it was filed (nobody edits nor deletes it). It quotes what it reports
    (the words, the name they were said under, the table's name, their author), so that it
    stands when the line goes: a table cancelled before it started goes with its chat, and
    an account deleted with its lines. Also a row of the site's outbox
    (``notifications.outbox``): the moderators' email is sent once, ``sent_at`` marking it."""

    class Reason(models.TextChoices):
        INSULT = "insult", _("Insult or harassment")
        SPAM = "spam", _("Spam")
        CHEATING = "cheating", _("Cheating or advice during the game")
        OTHER = "other", _("Other")

    #: The line reported; None once it went (its table cancelled, its author's account
    #: deleted): the report keeps its quote. Not PROTECT: a report would then stop its
    #: table's creator from cancelling it.
    line = models.ForeignKey(
        ChatLine,
        null=True,
        on_delete=models.SET_NULL,
        related_name="reports",
        verbose_name=_("message"),
    )
    #: Who filed it; None once their account is deleted (the report stands).
    reporter = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        on_delete=models.SET_NULL,
        related_name="+",
        verbose_name=_("reported by"),
    )
    #: The line as it was reported: who said it (their account, and their name at the
    #: table), its words, and the table's name.
    author = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        on_delete=models.SET_NULL,
        related_name="+",
        verbose_name=_("said by"),
    )
    speaker = models.CharField(_("name at the table"), max_length=40)
    text = models.CharField(_("words"), max_length=MAX_LENGTH)
    table = models.CharField(_("table"), max_length=80)
    reason = models.CharField(_("reason"), max_length=16, choices=Reason.choices)
    note = models.CharField(_("note"), max_length=NOTE_LENGTH, blank=True)
    created_at = models.DateTimeField(_("reported at"), auto_now_add=True)
    #: When the moderators' email went (the outbox's mark).
    sent_at = models.DateTimeField(_("emailed to the moderators at"), null=True, blank=True)

    class Meta:
        verbose_name = _("chat report")
        verbose_name_plural = _("chat reports")
        constraints = (
            models.UniqueConstraint(fields=("line", "reporter"), name="chat_report_once"),
        )
        indexes = (
            # A reporter's reports of the last day (the daily limit).
            models.Index(fields=("reporter", "created_at"), name="chat_report_by_day"),
            # The outbox's sweep: the moderators' emails owed.
            models.Index(
                fields=("created_at",),
                condition=models.Q(sent_at__isnull=True),
                name="chat_report_unsent",
            ),
        )

    def __str__(self) -> str:
        return f"{self.get_reason_display()}: {self.quote}"

    @property
    def quote(self) -> str:
        """The line reported, as it was said: "name: words"."""
        return f"{self.speaker}: {self.text}"

    @property
    def table_name(self) -> str:
        """The table's name in the active language while it stands, else as it was."""
        return self.line.game.display_name if self.line is not None else self.table
