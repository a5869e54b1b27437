"""A game's chat in the REST API: reading it and saying a line, as the table's panel does
(``chat.services``), under ``/api/games/N/chat/``."""

from __future__ import annotations

from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import serializers, status
from rest_framework.exceptions import PermissionDenied, ValidationError
from rest_framework.request import Request
from rest_framework.response import Response

from chat import services
from chat.models import MAX_LENGTH, ChatLine
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

    def get_mine(self, line: ChatLine) -> bool:
        return bool(line.author_id == self.context["user"].pk)


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


def _chat(request: Request, game_id: int) -> Response:
    game, seat = game_for_viewer(request, game_id)
    hidden = services.hidden(game, request.user)
    body = {
        "hidden": hidden,
        "can_speak": seat is not None,
        "lines": [] if hidden else services.lines(game),
    }
    return Response(ChatSerializer(body, context={"user": request.user}).data)


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
