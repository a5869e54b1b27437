"""The API's request bodies and responses.

Requests are validated here; responses render what the selectors give (the engine's
per-seat view, the redacted event log) field by field, so that the OpenAPI schema says
exactly what goes out. Nothing here reads a state or a raw event.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any, ClassVar

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from games.engine.numx import Mode, Phase
from games.lobby import free_seats
from games.models import Game, Seat

#: The longest idempotency key the event store records.
KEY_LENGTH = 64
#: The longest move deadline a game may set (hours).
MAX_DEADLINE_HOURS = 30 * 24
#: Event numbers fit a 32-bit column; anything beyond is not a cursor.
MAX_SEQUENCE = 2**31 - 1
#: Game ids fit a 64-bit column.
MAX_ID = 2**63 - 1
#: The default and the largest page of the event log.
PAGE, MAX_PAGE = 100, 500


def _cards(**kwargs: Any) -> serializers.ListField:
    return serializers.ListField(child=serializers.CharField(), **kwargs)


def _seats(**kwargs: Any) -> serializers.ListField:
    return serializers.ListField(child=serializers.IntegerField(), **kwargs)


# Errors ---------------------------------------------------------------------------------


class ErrorSerializer(serializers.Serializer):
    detail = serializers.CharField(help_text="What went wrong, in words.")


class RuleBrokenSerializer(serializers.Serializer):
    """Why a move was refused. Nothing was recorded."""

    rule = serializers.CharField(
        help_text="The broken rule's id (`pli.higher`, `turn.not-yours`... as in docs/rules.md), "
        "`notation` for a move that cannot be read, `request` for a malformed request."
    )
    message = serializers.CharField(help_text="What was wrong with this move, in words.")
    statement = serializers.CharField(help_text="The rule, in one sentence.")


#: A validation error: each field (or ``non_field_errors``) with its messages; a body that
#: is not JSON gives ``detail``.
FIELD_ERRORS = {
    "type": "object",
    "description": "Each invalid field with its messages (`non_field_errors` for the whole "
    "body), or `detail` when the body could not be read.",
    "additionalProperties": {
        "oneOf": [{"type": "array", "items": {"type": "string"}}, {"type": "string"}]
    },
}


# The engine's per-seat view -------------------------------------------------------------


class ConfigSerializer(serializers.Serializer):
    # A game's stored configuration may leave out what the rules default (Speed Run, no
    # teams): it is shown in full.
    players = serializers.IntegerField(min_value=2, max_value=6)
    mode = serializers.ChoiceField(choices=[mode.value for mode in Mode], default="speed-run")
    teams = serializers.BooleanField(default=False)


class RowCardSerializer(serializers.Serializer):
    card = serializers.CharField(
        allow_null=True, help_text="null: a face-down card this seat does not know."
    )
    face_up = serializers.BooleanField()


class PliSerializer(serializers.Serializer):
    seat = serializers.IntegerField()
    cards = _cards()
    value = serializers.IntegerField(allow_null=True)
    completed_by = serializers.IntegerField(help_text="-1: not completed.")


class PendingSerializer(serializers.Serializer):
    """What the game waits for beyond a plain turn. The detail fields depend on `kind`."""

    kind = serializers.ChoiceField(choices=["drawn-card", "malus", "distribution"])
    seats = _seats(help_text="The seats that must decide.")
    cards = _cards(
        allow_null=True,
        help_text="The drawn card (to the drawer), the cards a Malus drew into your score row "
        "(to its target), the cards to hand out (public); null for others.",
    )
    actor = serializers.IntegerField(required=False, help_text="malus: who played it.")
    discard = serializers.IntegerField(
        required=False, help_text="malus (your task): how many hand cards to discard."
    )
    remove = serializers.IntegerField(
        required=False, help_text="malus (your task): how many score cards to remove."
    )
    blank = serializers.BooleanField(
        required=False, help_text="distribution: a blank trick, exactly one card is handed out."
    )
    minimum = serializers.IntegerField(
        required=False, help_text="distribution: the fewest cards to hand out."
    )
    cap = serializers.IntegerField(
        required=False, help_text="distribution: the most cards one seat may receive."
    )
    round_over = serializers.BooleanField(required=False)


class RoundEndSerializer(serializers.Serializer):
    round = serializers.IntegerField()
    termination = serializers.ChoiceField(choices=["last-card", "stalemate"])
    seat = serializers.IntegerField(help_text="Who laid their last card; -1 on a stalemate.")


class ScoreLineSerializer(serializers.Serializer):
    rule = serializers.CharField()
    cards = _cards()
    points = serializers.IntegerField()


class ScoreSheetSerializer(serializers.Serializer):
    total = serializers.IntegerField()
    xtrems = serializers.IntegerField()
    lines = ScoreLineSerializer(many=True)


class OutcomeSerializer(serializers.Serializer):
    scores = _seats(help_text="Final score of each seat.")
    winners = _seats()
    sheets = ScoreSheetSerializer(many=True)
    rounds = RoundEndSerializer(many=True)


class SeatViewSerializer(serializers.Serializer):
    """A game as one seat (or a spectator) may know it: its own hand, public cards, the
    face-down cards it knows. Never another hand or the draw pile, until the game is over."""

    sequence = serializers.IntegerField(
        help_text="The number of the last event this view reflects: send it back as "
        "`expected_sequence` with your move."
    )
    seat = serializers.IntegerField(allow_null=True, help_text="Your seat; null: a spectator.")
    config = ConfigSerializer()
    phase = serializers.ChoiceField(choices=[phase.value for phase in Phase])
    round = serializers.IntegerField()
    tricks = serializers.IntegerField(help_text="Tricks finished so far.")
    turn = serializers.IntegerField(help_text="The seat whose turn it is; -1: nobody's.")
    awaiting = _seats(help_text="The seats the game waits for.")
    hands = serializers.ListField(
        child=_cards(allow_null=True),
        help_text="Each seat's hand: only yours (all of them once the game is over).",
    )
    hand_sizes = _seats()
    rows = serializers.ListField(
        child=RowCardSerializer(many=True), help_text="Each seat's score row, left to right."
    )
    pile_size = serializers.IntegerField()
    pile = _cards(allow_null=True, help_text="The draw pile: null until the game is over.")
    discard = _cards()
    out_of_play = _cards()
    plis = PliSerializer(many=True, help_text="The plis of the trick being played.")
    owner = serializers.IntegerField(help_text="Who laid the top pli; -1: nobody.")
    blocked = _seats()
    locked = _seats()
    secret_done = serializers.ListField(child=serializers.BooleanField())
    my_secret = serializers.CharField(allow_null=True)
    pending = PendingSerializer(allow_null=True)
    rounds = RoundEndSerializer(many=True)
    outcome = OutcomeSerializer(allow_null=True)


# Games ----------------------------------------------------------------------------------


class SeatSerializer(serializers.ModelSerializer):
    class Meta:
        model = Seat
        fields = ("number", "name", "is_bot", "awaited", "score", "winner")
        read_only_fields = fields


class GameSerializer(serializers.ModelSerializer):
    """A game as listed: its table, its seats and where it stands."""

    # context: "user" (the viewer), "seats" (game id -> the viewer's seat there).

    config = ConfigSerializer()
    round = serializers.IntegerField(source="round_no")
    awaiting = _seats()
    seats = SeatSerializer(many=True)
    free_seats = serializers.SerializerMethodField()
    move_deadline_hours = serializers.SerializerMethodField()
    my_seat = serializers.SerializerMethodField()
    awaiting_me = serializers.SerializerMethodField()
    created_by_me = serializers.SerializerMethodField()
    invite_token = serializers.SerializerMethodField()

    class Meta:
        model = Game
        fields = (
            "id",
            "name",
            "rules",
            "status",
            "config",
            "is_public",
            "move_deadline_hours",
            "phase",
            "round",
            "awaiting",
            "last_sequence",
            "created_at",
            "updated_at",
            "finished_at",
            "seats",
            "free_seats",
            "my_seat",
            "awaiting_me",
            "created_by_me",
            "invite_token",
        )
        read_only_fields = fields

    def _seat(self, game: Game) -> int | None:
        return self.context["seats"].get(game.pk)

    def get_free_seats(self, game: Game) -> int:
        return free_seats(game)

    def get_move_deadline_hours(self, game: Game) -> float | None:
        deadline = game.move_deadline
        return None if deadline is None else deadline / timedelta(hours=1)

    def get_my_seat(self, game: Game) -> int | None:
        return self._seat(game)

    def get_awaiting_me(self, game: Game) -> bool:
        return game.status == Game.Status.RUNNING and self._seat(game) in game.awaiting

    def get_created_by_me(self, game: Game) -> bool:
        return game.created_by_id == self.context["user"].pk

    @extend_schema_field(
        serializers.CharField(
            allow_null=True,
            help_text="The invitation secret (`token` to join a private game): shown to the "
            "game's players only.",
        )
    )
    def get_invite_token(self, game: Game) -> str | None:
        return None if self._seat(game) is None else game.invite_token


class GameDetailSerializer(GameSerializer):
    """A game with its state as the viewer's seat sees it."""

    # context: as GameSerializer, and "state" (the viewer's view, None while open).

    state = serializers.SerializerMethodField()

    class Meta(GameSerializer.Meta):
        fields = (*GameSerializer.Meta.fields, "state")
        read_only_fields = fields

    @extend_schema_field(
        SeatViewSerializer(
            allow_null=True, help_text="null while the game waits for players to start."
        )
    )
    def get_state(self, game: Game) -> dict[str, Any] | None:
        state = self.context["state"]
        return None if state is None else SeatViewSerializer(state).data


class NewGameSerializer(serializers.Serializer):
    name = serializers.CharField(min_length=1, max_length=80)
    mode = serializers.ChoiceField(choices=[mode.value for mode in Mode], default="speed-run")
    players = serializers.IntegerField(min_value=2, max_value=6)
    teams = serializers.BooleanField(default=False, help_text="4 or 6 players only.")
    public = serializers.BooleanField(
        default=False, help_text="Listed for anyone to join; else joined with the invite token."
    )
    move_deadline_hours = serializers.IntegerField(
        min_value=1, max_value=MAX_DEADLINE_HOURS, allow_null=True, default=None
    )

    def lobby_arguments(self) -> dict[str, Any]:
        """The validated body as ``game_open``'s arguments."""
        data = self.validated_data
        hours = data["move_deadline_hours"]
        return {
            "name": data["name"],
            "config": {"players": data["players"], "mode": data["mode"], "teams": data["teams"]},
            "move_deadline": None if hours is None else timedelta(hours=hours),
            "public": data["public"],
        }


class JoinSerializer(serializers.Serializer):
    token = serializers.CharField(
        required=False,
        allow_blank=True,
        default="",
        max_length=64,
        help_text="The game's invitation secret (not needed for a public game).",
    )


class ConflictSerializer(serializers.Serializer):
    """The game cannot do this now (another move came first, it has started, is full...):
    here it is as it stands."""

    detail = serializers.CharField()
    game = GameDetailSerializer()


# Moves ----------------------------------------------------------------------------------


class MoveSerializer(serializers.Serializer):
    notation = serializers.CharField(help_text="The move in NUM-X notation.")
    action = serializers.DictField(help_text="The move's JSON form.")
    description = serializers.CharField(help_text="What the move does, in words.")


class LegalActionsSerializer(serializers.Serializer):
    """Everything your seat may do now. The choices too many to list (a distribution, a
    Malus answer) are given as their constraints; each is null when it is not yours."""

    sequence = serializers.IntegerField(help_text="Send it back as `expected_sequence`.")
    seat = serializers.IntegerField()
    listed = MoveSerializer(many=True)
    distribution = PendingSerializer(
        allow_null=True,
        help_text="Hand out `cards` (at least `minimum`, at most `cap` per seat) with "
        '`{"type": "distribute", "placements": [{"card", "seat", "face_up", "side"}...]}`.',
    )
    malus = PendingSerializer(
        allow_null=True,
        help_text="Answer with `resolve`: discard `discard` hand cards, remove `remove` score "
        "cards (by position) and place each drawn card (`face_up`, `side`).",
    )


@extend_schema_field(
    {
        "oneOf": [
            {"type": "string", "example": "play blue-7 rainbow-7"},
            {"type": "object", "additionalProperties": True, "example": {"type": "pass"}},
        ],
        "description": "The move: NUM-X notation, or its JSON form (as `legal-actions` lists).",
    }
)
class ActionField(serializers.Field):
    default_error_messages: ClassVar[dict[str, Any]] = {
        "invalid": gettext_lazy("Send the move as notation text or as its JSON object.")
    }

    def to_internal_value(self, data: Any) -> str | dict[str, Any]:
        if isinstance(data, str | dict):
            return data
        self.fail("invalid")


class SubmitSerializer(serializers.Serializer):
    """A move for my seat."""

    # context: "header_key", the Idempotency-Key header if any.

    action = ActionField()
    expected_sequence = serializers.IntegerField(
        min_value=0,
        max_value=MAX_SEQUENCE,
        help_text="The `sequence` of the state you chose from: if the game has moved on, "
        "nothing is recorded (409).",
    )
    idempotency_key = serializers.CharField(
        required=False,
        min_length=1,
        max_length=KEY_LENGTH,
        help_text="Send the same key again (after a lost answer) and the move is recorded "
        "once. Also accepted as the `Idempotency-Key` header.",
    )

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        header = self.context.get("header_key") or None
        body = attrs.get("idempotency_key")
        if header is not None and len(header) > KEY_LENGTH:
            raise serializers.ValidationError(
                {"idempotency_key": _("An idempotency key has at most 64 characters.")}
            )
        if header is not None and body is not None and header != body:
            raise serializers.ValidationError(
                {"idempotency_key": _("The header and the body name different keys.")}
            )
        return {**attrs, "idempotency_key": body or header}


class SubmittedSerializer(serializers.Serializer):
    duplicate = serializers.BooleanField(
        help_text="true: this key had already recorded this move; nothing new was written."
    )
    recorded = _seats(
        help_text="The numbers of the events the move recorded (with what followed it)."
    )
    game = GameDetailSerializer()


# The event log --------------------------------------------------------------------------


class EventPageQuerySerializer(serializers.Serializer):
    after = serializers.IntegerField(
        min_value=0,
        max_value=MAX_SEQUENCE,
        default=0,
        help_text="Events after this number (the `next` of the previous page).",
    )
    limit = serializers.IntegerField(min_value=1, max_value=MAX_PAGE, default=PAGE)


class EventSerializer(serializers.Serializer):
    sequence = serializers.IntegerField()
    type = serializers.CharField(help_text="`created`, `deal`, `play`, `round-ended`...")
    seat = serializers.IntegerField(
        allow_null=True, help_text="Who acted: -1 for chance, null for the game's milestones."
    )
    action = serializers.DictField(
        help_text=(
            "The action's JSON form, with what you may not know yet hidden. An Action "
            "card's `effects` (cards turned, moved, removed or placed; seats blocked or "
            "locked) are part of it; `null` in events recorded before effects were."
        )
    )
    facts = serializers.DictField(help_text="What chance decided (cards drawn), redacted.")
    recorded_at = serializers.DateTimeField()
    description = serializers.CharField(help_text="The event in words.")


class EventPageSerializer(serializers.Serializer):
    results = EventSerializer(many=True)
    next = serializers.IntegerField(
        allow_null=True,
        help_text="Pass it as `after` for the next page; null: nothing more recorded yet.",
    )
    last_sequence = serializers.IntegerField(help_text="The game's last event number now.")
