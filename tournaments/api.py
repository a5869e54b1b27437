"""Tournaments in the REST API (read only): the list, one tournament with its stages and
tables, and its standings."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import serializers
from rest_framework.exceptions import NotFound
from rest_framework.request import Request
from rest_framework.response import Response

from accounts.models import display_names
from games.api import serializers as s
from games.api.views import ERROR, endpoint
from tournaments.models import Tournament
from tournaments.selectors import (
    FORFEIT_REASONS,
    stages_of,
    standings_lines,
    standings_upto,
    tournaments_listed,
)
from tournaments.standings import TIE_BREAK_NAMES

TOURNAMENT_ID = s.path_id("tournament_id", "The tournament's id.")
NOT_FOUND = {404: OpenApiResponse(s.ErrorSerializer, "There is no such tournament.")}


class TournamentSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    description = serializers.CharField()
    organiser = serializers.CharField(source="organiser_name")
    format = serializers.CharField()
    status = serializers.CharField()
    table_size = serializers.IntegerField()
    seat_by_rating = serializers.BooleanField(
        help_text="Stage 1 seats players by X-Game rating rather than at random."
    )
    stages = serializers.IntegerField(source="total_stages")
    registration_opens = serializers.DateTimeField()
    registration_closes = serializers.DateTimeField()


class TablePlayerSerializer(serializers.Serializer):
    name = serializers.CharField()
    seat = serializers.IntegerField(source="place.seat")
    awaited = serializers.BooleanField()
    rank = serializers.IntegerField(allow_null=True)
    points = serializers.FloatField(allow_null=True)
    score = serializers.IntegerField(
        source="place.score",
        allow_null=True,
        help_text="The final NUM-X score at this table; null until its result is recorded.",
    )
    forfeit = serializers.ChoiceField(
        source="forfeit_reason",
        choices=FORFEIT_REASONS,
        allow_null=True,
        help_text="Why the table gives the player the tournament's fixed value and no place "
        "(null: it does not): the first that happened, so resigned for a player who "
        "resigned, then was withdrawn, and timed-out for one who timed out, then was "
        "withdrawn.",
    )


class TableSerializer(serializers.Serializer):
    number = serializers.IntegerField(source="table.number")
    game = serializers.IntegerField(source="game.pk")
    finished = serializers.BooleanField(source="done")
    players = TablePlayerSerializer(many=True)


class StageSerializer(serializers.Serializer):
    number = serializers.IntegerField(source="stage.number")
    final = serializers.BooleanField(source="stage.is_final")
    finished = serializers.BooleanField(source="done")
    tables = TableSerializer(many=True)


class TournamentDetailSerializer(TournamentSerializer):
    stage_list = StageSerializer(many=True)


class StageResultSerializer(serializers.Serializer):
    stage = serializers.IntegerField()
    points = serializers.FloatField()
    forfeit = serializers.BooleanField(
        help_text="The points are the tournament's fixed value for a forfeit (withdrawn, "
        "resigned or timed out), not a place's."
    )


class TieBreakAgainstSerializer(serializers.Serializer):
    name = serializers.CharField(help_text="The other player, named as on their line.")
    ahead = serializers.BooleanField(
        source="decided.ahead",
        help_text="This line is above theirs (the first of the players level on points, "
        "told against the line below); false: below it (told against the line above).",
    )
    mine = serializers.FloatField(
        source="decided.mine",
        allow_null=True,
        help_text="This player's value of the tie-break that decided; null: tied.",
    )
    theirs = serializers.FloatField(
        source="decided.theirs",
        allow_null=True,
        help_text="The other player's value of it; null: tied.",
    )


class StandingSerializer(serializers.Serializer):
    rank = serializers.IntegerField(
        source="standing.rank",
        allow_null=True,
        help_text="Shared by players equal on every criterion; null: no table played yet.",
    )
    tied = serializers.BooleanField(source="standing.tied")
    name = serializers.CharField()
    points = serializers.FloatField(
        source="standing.points", allow_null=True, help_text="Null: no table played yet."
    )
    score = serializers.IntegerField(
        source="standing.score", allow_null=True, help_text="Null: no table played yet."
    )
    opponents_points = serializers.FloatField(
        source="standing.opponents_points",
        allow_null=True,
        help_text="Null: no table played yet.",
    )
    xtrems = serializers.IntegerField(
        source="standing.xtrems", allow_null=True, help_text="Null: no table played yet."
    )
    tables = serializers.IntegerField(source="standing.tables")
    stages = StageResultSerializer(
        many=True,
        source="standing.stage_results",
        help_text="Each stage the player sat, in order (the CSV's stage columns); empty "
        "before their first table.",
    )
    final_place = serializers.IntegerField(
        source="standing.final_place",
        allow_null=True,
        help_text="The place at the final table, for its players (they rank first); null "
        "for everybody else.",
    )
    tie_break = serializers.ChoiceField(
        # A line level on points with nobody has no tie-break: null (``allow_null``).
        source="standing.tie_break.name",
        choices=TIE_BREAK_NAMES,
        allow_null=True,
        help_text="For a player level on points with a neighbouring line, the first "
        "tie-break that set them apart (the CSV's tie_break column), `tied` if none did; "
        "null: level on points with nobody.",
    )
    tie_break_against = TieBreakAgainstSerializer(
        allow_null=True,
        help_text="Against whom `tie_break` was decided, and both values; null when "
        "`tie_break` is.",
    )
    withdrawn = serializers.BooleanField(
        help_text="The organiser withdrew the player: kept with the points they earned, "
        "seated no more."
    )
    rating = serializers.IntegerField(
        source="rating.rating",
        allow_null=True,
        default=None,
        help_text="The player's X-Game rating today (docs/ratings.md); null: not rated yet.",
    )
    rating_provisional = serializers.BooleanField(
        source="rating.provisional",
        default=False,
        help_text="Whether that rating is still provisional (true only for a rating).",
    )


def _described(tournaments: list[Tournament]) -> list[Tournament]:
    # The name players see, never the account's user name (made from the email address);
    # one question for all the organisers of a list.
    names = display_names(tournament.organiser_id for tournament in tournaments)
    for tournament in tournaments:
        tournament.organiser_name = names[tournament.organiser_id]  # type: ignore[attr-defined]
    return tournaments


@extend_schema(
    operation_id="tournaments",
    summary="Tournaments",
    description="Every tournament: those taking registrations and being played first. "
    "Public, as the tournaments' page: no credentials needed.",
    tags=["tournaments"],
    responses={200: TournamentSerializer(many=True), **ERROR},
)
# Read without a token too: the tournaments' page lists them for anybody, and an
# organiser's program publishing a league needs no account.
@endpoint("GET", public=True)
def tournaments(request: Request) -> Response:
    listed = _described(list(tournaments_listed()[:200]))
    return Response(TournamentSerializer(listed, many=True).data)


@extend_schema(
    operation_id="tournament",
    summary="A tournament",
    description="A tournament with its stages, each stage's tables (ordinary games, see "
    "/api/games/{id}/) and who each table waits for. Public, as the tournament's page and "
    "its tables' page: no credentials needed.",
    tags=["tournaments"],
    parameters=[TOURNAMENT_ID],
    responses={200: TournamentDetailSerializer, **NOT_FOUND, **ERROR},
)
# Read without a token too: what the tournament's page and its tables' page show anybody
# (names as players see them, never an account's address).
@endpoint("GET", public=True)
def tournament(request: Request, tournament_id: int) -> Response:
    (found,) = _described([_tournament(tournament_id)])
    found.stage_list = stages_of(found)  # type: ignore[attr-defined]
    return Response(TournamentDetailSerializer(found).data)


@extend_schema(
    operation_id="tournament_standings",
    summary="Standings",
    description="The standings after the recorded tables: tournament points, then total "
    "NUM-X score, opponents' points and X-Trems (docs/tournaments.md). Public, as the "
    "standings' page: no credentials needed.",
    tags=["tournaments"],
    parameters=[
        TOURNAMENT_ID,
        OpenApiParameter(
            "stage",
            {"type": "integer", "minimum": 1},
            OpenApiParameter.QUERY,
            description="The standings after this stage, as they stood then (the final's "
            "number, or none: the latest).",
        ),
    ],
    responses={
        200: StandingSerializer(many=True),
        404: OpenApiResponse(
            s.ErrorSerializer, "There is no such tournament, or no such stage of it."
        ),
        **ERROR,
    },
)
# Read without a token too, as the standings' page and CSV are read by anybody.
@endpoint("GET", public=True)
def standings(request: Request, tournament_id: int) -> Response:
    found = _tournament(tournament_id)
    upto = standings_upto(found, request.query_params.get("stage"))
    lines: Any = standings_lines(found, upto)
    return Response(StandingSerializer(lines, many=True).data)


def _tournament(tournament_id: int) -> Tournament:
    """The tournament of that number, or a 404 in the reader's words (``get_object_or_404``
    would name the model: "No Tournament matches the given query")."""
    found = Tournament.objects.filter(pk=tournament_id).first()
    if found is None:
        raise NotFound(_("No such tournament."))
    return found
