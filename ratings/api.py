"""Players in the REST API (read only): a player's name and ratings."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import serializers
from rest_framework.exceptions import NotFound
from rest_framework.request import Request
from rest_framework.response import Response

from accounts.models import display_name
from games.api import serializers as s
from games.api.views import ERROR, endpoint
from games.players import bot_accounts
from ratings.selectors import pool_lines

PLAYER_ID = s.path_id("player_id", "The player's id, as in their page's address `/players/{id}/`.")


class PoolSerializer(serializers.Serializer):
    pool = serializers.CharField(
        help_text="The rating pool: the game's id, with `:<mode>` when its configuration "
        "names one (`numx:x-game`, `maya`)."
    )
    label = serializers.CharField(help_text="The pool's name, in the requester's language.")
    rating = serializers.IntegerField(
        allow_null=True,
        help_text="The rating shown: 30 × (mu - 3 sigma) + 1335, about 1500 for an average "
        "player once not provisional; null: no rated game in this pool yet.",
    )
    provisional = serializers.BooleanField(help_text="Whether sigma is still above 6.5.")
    mu = serializers.FloatField(allow_null=True, help_text="The model's skill estimate.")
    sigma = serializers.FloatField(allow_null=True, help_text="The estimate's uncertainty.")
    rated_games = serializers.IntegerField(help_text="Games that went into the rating.")
    played = serializers.IntegerField(
        help_text="Finished games, bot games and games played alone included."
    )
    won = serializers.IntegerField(
        help_text="Finished games won (ties share the win); a game played alone (NMBR 9 "
        "solo) is never won."
    )
    solo = serializers.IntegerField(help_text="Finished games played alone (NMBR 9 solo).")
    best_solo = serializers.IntegerField(
        allow_null=True, help_text="The best score of the games played alone; null: none."
    )


class PlayerSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField(help_text="The name other players see (never the address).")
    bot_account = serializers.BooleanField(
        help_text="A member's bot account: a program plays it through the API."
    )
    ratings = PoolSerializer(many=True, help_text="One entry per pool the player finished in.")


@extend_schema(
    operation_id="player",
    summary="A player",
    description="A player's name and, per game (and NUM-X mode), rating and results "
    "(docs/ratings.md).",
    tags=["players"],
    parameters=[PLAYER_ID],
    responses={
        200: PlayerSerializer,
        404: OpenApiResponse(s.ErrorSerializer, "There is no such player."),
        **ERROR,
    },
)
@endpoint("GET")
def player(request: Request, player_id: int) -> Response:
    user = get_user_model().objects.filter(pk=player_id, is_active=True).first()
    if user is None:  # said in the reader's words (``get_object_or_404`` names the model)
        raise NotFound(_("No player has the number %(number)d.") % {"number": player_id})
    found = {
        "id": user.pk,
        "name": display_name(user),
        "bot_account": user.pk in bot_accounts([user.pk]),
        "ratings": pool_lines(user),
    }
    return Response(PlayerSerializer(found).data)
