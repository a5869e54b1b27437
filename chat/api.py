"""A game's chat in the REST API: reading it, saying a line and reporting one to the
moderators, as the table's panel does (``chat.services``), under ``/api/games/N/chat/``."""

from __future__ import annotations

from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import serializers, status
from rest_framework.exceptions import PermissionDenied, ValidationError
from rest_framework.request import Request
from rest_framework.response import Response

from chat import services
from chat.models import MAX_LENGTH, NOTE_LENGTH, ChatLine, ChatReport
from games.access import game_for_viewer
from games.api import serializers as s
from games.api.base import StrictSerializer
from games.api.scopes import Chat
from games.api.views import ERROR, GAME_ID, INVALID, NOT_FOUND, NOT_JSON, endpoint


class ChatLineSerializer(serializers.Serializer):
    id = serializers.IntegerField(help_text="Lines count up: a later line has a larger id.")
    speaker = serializers.CharField(help_text="Its author's name at the table.")
    text = serializers.CharField(
        source="shown_text",
        help_text="What was said; once the moderators removed the line, only that they did "
        "(“Message removed by the moderators.”).",
    )
    removed = serializers.BooleanField(help_text="Whether the moderators removed the line.")
    after_sequence = serializers.IntegerField(
        help_text="The game's last event when it was said: the replay shows it there."
    )
    said_at = serializers.DateTimeField()
    mine = serializers.SerializerMethodField(help_text="Whether I said it.")
    reported = serializers.SerializerMethodField(help_text="Whether I reported it.")

    def get_mine(self, line: ChatLine) -> bool:
        return bool(line.author_id == self.context["user"].pk)

    def get_reported(self, line: ChatLine) -> bool:
        return line.pk in self.context["reported"]


class ChatSerializer(serializers.Serializer):
    """A game's chat as the table shows it to me: its latest lines, oldest first."""

    hidden = serializers.BooleanField(
        help_text="I hid this game's chat (on the table): no lines are given."
    )
    can_speak = serializers.BooleanField(help_text="Whether I may say a line (a player).")
    lines = ChatLineSerializer(many=True)


class SaySerializer(StrictSerializer):
    """A line to say at the table."""

    # Untrimmed, so that the length the schema gives is the one checked: the service
    # trims it and refuses a line of nothing but spaces.
    text = serializers.CharField(max_length=MAX_LENGTH, trim_whitespace=False)


class ReportSerializer(StrictSerializer):
    """Why I report a line to the site's moderators."""

    reason = serializers.ChoiceField(choices=ChatReport.Reason.choices)
    # Untrimmed, as a line's text: the service trims it.
    note = serializers.CharField(
        max_length=NOTE_LENGTH,
        required=False,
        allow_blank=True,
        default="",
        trim_whitespace=False,
        help_text="Anything the moderators should know (optional).",
    )


class ChatReportSerializer(serializers.Serializer):
    """My report of a line, as I filed it."""

    line = serializers.IntegerField(source="line_id", help_text="The line reported.")
    reason = serializers.ChoiceField(choices=ChatReport.Reason.choices)
    note = serializers.CharField()
    created_at = serializers.DateTimeField(help_text="When I filed it.")


def _chat(request: Request, game_id: int) -> Response:
    game, seat = game_for_viewer(request, game_id)
    hidden = services.hidden(game, request.user)
    lines = [] if hidden else services.lines(game)
    _reportable, reported = services.reports_of(request.user, lines)
    body = {"hidden": hidden, "can_speak": seat is not None, "lines": lines}
    return Response(ChatSerializer(body, context={"user": request.user, "reported": reported}).data)


@extend_schema(
    methods=["GET"],
    operation_id="game_chat",
    summary="The game's chat",
    description="Its latest lines, oldest first, as the table shows them to whoever may "
    "watch the game.",
    tags=["chat"],
    parameters=[GAME_ID],
    responses={200: ChatSerializer, **NOT_FOUND, **ERROR},
)
@extend_schema(
    methods=["POST"],
    operation_id="game_chat_say",
    summary="Say a line",
    description="A player says a line at the table; 201 with the chat as it now is.",
    tags=["chat"],
    parameters=[GAME_ID],
    request=SaySerializer,
    responses={
        201: ChatSerializer,
        **INVALID,
        403: OpenApiResponse(s.ErrorSerializer, "Only the game's players speak at its table."),
        **NOT_FOUND,
        **NOT_JSON,
        **ERROR,
    },
)
@endpoint("GET", "POST", scope=Chat)
def chat(request: Request, game_id: int) -> Response:
    if request.method == "GET":
        return _chat(request, game_id)
    game, _seat = game_for_viewer(request, game_id)
    body = SaySerializer(data=request.data)
    body.is_valid(raise_exception=True)
    try:
        services.say(game, request.user, body.validated_data["text"])
    except services.NotAPlayer as refused:
        raise PermissionDenied(str(refused)) from None
    except services.ChatRefused as refused:
        raise ValidationError({"text": [str(refused)]}) from None
    answer = _chat(request, game_id)
    answer.status_code = status.HTTP_201_CREATED
    return answer


@extend_schema(
    operation_id="game_chat_report",
    summary="Report a line",
    description="Report another's line to the site's moderators, who read every report and "
    "may remove the line (it then reads “Message removed by the moderators.”). Whoever may "
    "watch the game reports, once per line: 201 with the report; 200 with my earlier "
    "report of the line, unchanged. A few reports a day (429 past them, `Retry-After` "
    "saying when one more may be filed).",
    tags=["chat"],
    parameters=[GAME_ID, s.path_id("line_id", "The line's id (a chat line's `id`).")],
    request=ReportSerializer,
    responses={
        201: OpenApiResponse(ChatReportSerializer, "Filed."),
        200: OpenApiResponse(ChatReportSerializer, "Filed before: my report, unchanged."),
        **INVALID,
        403: OpenApiResponse(s.ErrorSerializer, "You cannot report your own message."),
        404: OpenApiResponse(s.ErrorSerializer, "There is no such game, or no such line in it."),
        409: OpenApiResponse(s.ErrorSerializer, "The moderators already removed this message."),
        **NOT_JSON,
        **ERROR,
        429: OpenApiResponse(
            s.ErrorSerializer,
            "Too many requests, or as many reports as a day allows: wait `Retry-After` seconds.",
        ),
    },
)
@endpoint("POST", scope=Chat)
def report(request: Request, game_id: int, line_id: int) -> Response:
    game, _seat = game_for_viewer(request, game_id)
    line = services.line_at(game, line_id)
    body = ReportSerializer(data=request.data)
    body.is_valid(raise_exception=True)
    try:
        filed, new = services.report(
            line, request.user, body.validated_data["reason"], body.validated_data["note"]
        )
    except services.OwnLine as refused:
        raise PermissionDenied(str(refused)) from None
    except services.ReportRefused as refused:
        raise ValidationError({refused.field: [str(refused)]}) from None
    except services.AlreadyRemoved as refused:
        return Response({"detail": str(refused)}, status.HTTP_409_CONFLICT)
    except services.TooManyReports as refused:
        # A limit, as the throttle's: 429 and how long to wait, nothing filed.
        return Response(
            {"detail": str(refused)},
            status.HTTP_429_TOO_MANY_REQUESTS,
            headers={"Retry-After": str(refused.retry_after)},
        )
    answer = status.HTTP_201_CREATED if new else status.HTTP_200_OK
    return Response(ChatReportSerializer(filed).data, answer)
