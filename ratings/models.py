"""Ratings: derived from finished games, never the truth (``manage.py ratings rebuild``
makes them again from the games alone; docs/ratings.md)."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from games.models import Game


class Rating(models.Model):
    """A player's skill in one rating pool (a game, or one of its modes), as openskill's
    Plackett-Luce model believes it: mean ``mu``, uncertainty ``sigma``."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="ratings"
    )
    #: The game's id, and ``:<mode>`` when its configuration names one (``numx:x-game``).
    pool = models.CharField(max_length=60)
    mu = models.FloatField()
    sigma = models.FloatField()
    #: Rated games that went into it.
    games = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ("pool",)
        constraints = (models.UniqueConstraint(fields=("user", "pool"), name="rating_unique"),)

    def __str__(self) -> str:
        return f"{self.user_id} in {self.pool}"


class RatedGame(models.Model):
    """A finished game the ratings have taken in, once: rated, or passed over and why."""

    class Excluded(models.TextChoices):
        NO = "", _("rated")
        BOTS = "bots", _("not rated: bots played")
        ALONE = "alone", _("not rated: nobody to play against")
        UNSEATED = "unseated", _("not rated: a seat without a member")
        ABSENT = "absent", _("not rated: nobody else made a move of their own")

    game = models.OneToOneField(Game, on_delete=models.CASCADE, related_name="+")
    pool = models.CharField(max_length=60)
    excluded = models.CharField(max_length=10, choices=Excluded.choices, blank=True)
    #: Moves the deadline policy made for absent players: the game is rated as it ended
    #: and marked (docs/ratings.md, "Abandoned games").
    clock_moves = models.PositiveIntegerField(default=0)
    #: The players left out of the game's rating, by user id: their seat made no move of
    #: its own, the clock played every one (docs/ratings.md, "Abandoned games").
    absent = models.JSONField(default=list, blank=True)
    #: Each rated player's rating as shown before and after the game, by user id (a JSON
    #: object's keys are strings): the history their page reads.
    changes = models.JSONField(default=dict, blank=True)
    rated_at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"game {self.game_id} ({self.pool})"
