"""What players say at a game's table: kept with the game, each line at its moment."""

from __future__ import annotations

from django.conf import settings
from django.db import models

from games.models import Game

#: The longest line a player may say (a chat is for a few words, not letters).
MAX_LENGTH = 500


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

    class Meta:
        indexes = (models.Index(fields=("game", "after_sequence"), name="chat_line_game_moment"),)

    def __str__(self) -> str:
        return f"{self.name}: {self.text}"


class ChatMute(models.Model):
    """A person who hid a game's chat: they neither see its lines nor hear of them."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="+")

    class Meta:
        constraints = (models.UniqueConstraint(fields=("user", "game"), name="chat_mute_once"),)
