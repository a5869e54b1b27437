"""The API's request bodies and responses.

Requests are validated here; responses render what the selectors give (the engine's
per-seat view, the redacted event log) field by field, so that the OpenAPI schema says
exactly what goes out. Nothing here reads a state or a raw event.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from datetime import datetime, timedelta
from typing import Any, ClassVar

from django.core.validators import RegexValidator
from django.db.models.manager import BaseManager
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from drf_spectacular.extensions import (
    OpenApiSerializerExtension,
    OpenApiSerializerFieldExtension,
)
from drf_spectacular.plumbing import force_instance
from drf_spectacular.serializers import PolymorphicProxySerializerExtension
from drf_spectacular.utils import OpenApiParameter, PolymorphicProxySerializer, extend_schema_field
from rest_framework import serializers
from rest_framework.exceptions import ErrorDetail

from games.api.base import Facts, Fixed, Record, StrictSerializer, discriminated
from games.api.base import record as make_record
from games.deadlines import seat_clock
from games.engine.ruleset import NotationError, Outcome, Progress
from games.events.store import ABORTED, MILESTONES, PLATFORM_EVENTS, RESIGNED, Head
from games.lobby import free_seats
from games.models import BotLevels, Game, Seat
from games.names import validate_one_line
from games.players import with_bot_accounts
from games.registry import default_game, game_ids, game_type, rule_set, schema_name
from games.rulesets.site import ApiSchema
from games.selectors import MAX_GAME_ID

#: The longest idempotency key the event store records.
KEY_LENGTH = 64
#: The longest move deadline a game may set (hours).
MAX_DEADLINE_HOURS = 30 * 24
#: Event numbers fit a 32-bit column; anything beyond is not a cursor.
MAX_SEQUENCE = 2**31 - 1
#: Game ids fit a 64-bit column.
MAX_ID = MAX_GAME_ID


def path_id(name: str, description: str) -> OpenApiParameter:
    """The schema of an id in a route's path (``name``, as the route's converter names it)."""
    return OpenApiParameter(
        name,
        {"type": "integer", "minimum": 1, "maximum": MAX_ID},
        OpenApiParameter.PATH,
        description=description,
    )


#: The longest move notation read (chance's deal of a whole deck is about 1,000).
MAX_NOTATION = 4096
#: The default and the largest page of the event log.
PAGE, MAX_PAGE = 100, 500


def _seats(**kwargs: Any) -> serializers.ListField:
    return serializers.ListField(child=serializers.IntegerField(), **kwargs)


# Errors ---------------------------------------------------------------------------------


class ErrorSerializer(serializers.Serializer):
    detail = serializers.CharField(help_text="What went wrong, in words.")


class DamagedEventSerializer(serializers.Serializer):
    sequence = serializers.IntegerField(help_text="The event's number (0: the log's header).")
    type = serializers.CharField(help_text="The event's type, as recorded.")


class DamagedSerializer(serializers.Serializer):
    """A game its rules cannot rebuild: the event where they fail."""

    detail = serializers.CharField(help_text="What went wrong, in words.")
    damaged = DamagedEventSerializer()


class RuleBrokenSerializer(serializers.Serializer):
    """Why a move was refused. Nothing was recorded."""

    rule = serializers.CharField(
        help_text="The broken rule's id (`pli.higher`, `turn.not-yours`... as in docs/rules.md), "
        "`notation` for a move that cannot be read, `request` for a malformed request."
    )
    message = serializers.CharField(help_text="What was wrong with this move, in words.")
    statement = serializers.CharField(help_text="The rule, in one sentence.")


#: A validation error: each field (or ``non_field_errors``) with its messages, a nested
#: object's (``config``) field by field; a body that is not JSON gives ``detail``.
FIELD_ERRORS = {
    "type": "object",
    "description": "Each invalid field with its messages (`non_field_errors` for the whole "
    "body; an unknown field is named with `Unknown field`), the fields of a nested object "
    "(`config`) alike, or `detail` when the body could not be read.",
    "additionalProperties": {
        "oneOf": [
            {"type": "array", "items": {"type": "string"}},
            {"type": "string"},
            {"type": "object", "description": "A nested object's fields, alike."},
        ]
    },
}


class FieldErrorsSerializer(serializers.Serializer):
    """A request refused as invalid: its fields and their messages (:data:`FIELD_ERRORS`)."""


class FieldErrorsSchema(OpenApiSerializerExtension):
    """One component for every such refusal, whichever operation answers it."""

    target_class = FieldErrorsSerializer

    def map_serializer(self, auto_schema: Any, direction: Any) -> Any:
        return FIELD_ERRORS


class ScoreLineSerializer(serializers.Serializer):
    rule = serializers.CharField(help_text="The scoring rule's id.")
    points = serializers.IntegerField()


# Each game's pieces, composed ---------------------------------------------------------
#
# Every registered game brings its serializers (``Site.api``). What a client reads is
# composed into oneOfs that one property tells apart alone: a game's summary, detail and
# legal actions by ``rules`` (which then types its configuration, phase, view, actions and
# pending choice), a game's actions by ``type`` (unique within a game). Only a request's
# action, whose game the address names, is an anyOf of the games' actions.

#: Each registered game's API pieces, by game id, as the OpenAPI schema documents them.
GAME_SCHEMAS: dict[str, ApiSchema] = {
    game_id: game_type(game_id).site.api for game_id in game_ids()
}


def game_schema(game_id: str) -> ApiSchema:
    """The API pieces of the game registered as ``game_id``, to check and shape requests."""
    return game_type(game_id).site.api


#: Each game's actions: a oneOf discriminated by ``type``.
GAME_ACTIONS = {
    game_id: PolymorphicProxySerializer(
        component_name=f"{schema_name(game_id)}Action",
        serializers=dict(schema.actions),
        resource_type_field_name="type",
    )
    for game_id, schema in GAME_SCHEMAS.items()
}


def _phases(game_id: str) -> list[str]:
    """The phases a game's view names (its ``phase`` field's choices)."""
    field = GAME_SCHEMAS[game_id].view().fields["phase"]
    return [str(choice) for choice in getattr(field, "choices", {})]


def by_rules(
    component: str,
    base: type[serializers.Serializer],
    fields: Callable[[str], dict[str, serializers.Field]],
    **kwargs: Any,
) -> PolymorphicProxySerializer:
    """What ``base`` answers for every game alike, as the schema documents it: a oneOf named
    ``component`` of each game's own component (``Numx`` + ``component``...), told apart by
    ``rules`` (fixed to the game's id), ``fields(game_id)`` typed as that game's."""
    return PolymorphicProxySerializer(
        component_name=component,
        serializers={
            game_id: _member(component, base, fields, game_id) for game_id in GAME_SCHEMAS
        },
        resource_type_field_name="rules",
        **kwargs,
    )


@functools.cache
def _member(
    component: str,
    base: type[serializers.Serializer],
    fields: Callable[[str], dict[str, serializers.Field]],
    game_id: str,
) -> type[serializers.Serializer]:
    """One game's member of :func:`by_rules`, made once."""
    attributes = {
        "rules": Fixed(game_id, help_text=f"Always `{game_id}`: the game played."),
        **fields(game_id),
        "__module__": __name__,
        "__doc__": base.__doc__,
    }
    return type(f"{schema_name(game_id)}{component}", (base,), attributes)


class ActionSerializer(serializers.Serializer):
    """An action of any game, in a request (:class:`ActionSchema`): an anyOf of each
    game's actions, not a oneOf, since two games' forms may accept the same value (NUM-X's
    ``pass`` and Objectifs' are both ``{"type": "pass"}``). The client writes its game's
    form, and the game the address names checks it against its own (:func:`check_action`);
    answers say which game an action is of (their ``rules``)."""


class ActionSchema(OpenApiSerializerExtension):
    target_class = ActionSerializer

    def map_serializer(self, auto_schema: Any, direction: Any) -> Any:
        return {
            "anyOf": [
                auto_schema.resolve_serializer(actions, direction).ref
                for actions in GAME_ACTIONS.values()
            ],
            "description": "An action's JSON form: one of the game's own.",
        }


def check_action(rules: str, data: dict[str, Any]) -> None:
    """Refuse an action's JSON form that its game's serializer does not accept (an unknown
    type, an unknown or missing key) before the engine reads it: the engine ignores keys it
    does not use. Raises NotationError naming what is wrong."""
    actions = game_schema(rules).actions
    types = ", ".join(actions)
    if data.get("type") is None:
        # A listed move (or a `sample`) sent whole holds its action beside its notation.
        if "notation" in data or "action" in data:
            raise NotationError(
                _("send a listed move's `notation` or its `action`, not the whole move")
            )
        raise NotationError(_("an action names its `type` (one of: %(types)s)") % {"types": types})
    type_name = data["type"]
    serializer_class = actions.get(type_name) if isinstance(type_name, str) else None
    if serializer_class is None:
        raise NotationError(
            _("unknown action type %(type)r (one of: %(types)s)")
            % {"type": type_name, "types": types}
        )
    checked = serializer_class(data=data)
    if not checked.is_valid():
        raise NotationError(errors_in_words(checked.errors))


def errors_in_words(errors: Any, prefix: str = "") -> str:
    """DRF's nested validation errors as one line: ``field.sub: message; ...``."""
    if isinstance(errors, dict):
        return "; ".join(
            errors_in_words(value, f"{prefix}{key}." if key != "non_field_errors" else prefix)
            for key, value in errors.items()
        )
    if isinstance(errors, list):
        if all(isinstance(item, str) for item in errors):
            return f"{prefix.rstrip('.')}: {' '.join(errors)}" if prefix else " ".join(errors)
        return "; ".join(
            errors_in_words(item, f"{prefix}{index}.") for index, item in enumerate(errors) if item
        )
    return f"{prefix.rstrip('.')}: {errors}" if prefix else str(errors)


class OutcomeSerializer(serializers.Serializer):
    """How a finished game ended, in every game's terms."""

    scores = _seats(help_text="Each seat's final score.")
    winners = _seats(help_text="The winning seats (ties share the win).")
    breakdown = serializers.ListField(
        child=serializers.ListField(child=ScoreLineSerializer()),
        help_text="Per seat, the scoring rules its score is made of.",
    )


class ProgressSerializer(serializers.Serializer):
    """Where a game stands, in every game's terms."""

    phase = serializers.CharField(help_text="The game's own name for the moment.")
    round = serializers.IntegerField(help_text="From 1; 0: the game has no rounds.")
    step = serializers.IntegerField(help_text="Within the round (NUM-X: the trick); 0: none.")
    awaiting = _seats(help_text="The seats the game publicly waits for.")


def _hex(help_text: str, allow_null: bool = False) -> serializers.RegexField:
    """64 hex digits: a SHA-256 hash, a salt or a seed of a game's chain."""
    return serializers.RegexField(
        r"^[0-9a-f]{64}$", min_length=64, max_length=64, allow_null=allow_null, help_text=help_text
    )


class ChainSerializer(serializers.Serializer):
    """A game's hash chain at the event shown (docs/logs.md)."""

    sequence = serializers.IntegerField(help_text="The event the head links: the state's.")
    head = _hex(
        "That event's link: SHA-256 of the link before it, the game's secret salt and the "
        "event. Emails and the table print its first 12 digits."
    )
    chance_commitment = _hex(
        "SHA-256(salt ‖ seed), published from the start: every deal and shuffle is drawn from "
        "the seed. null: this game's chance was not committed to.",
        allow_null=True,
    )
    salt = _hex(
        "Revealed once the game has ended, finished or called off; null until then.",
        allow_null=True,
    )
    seed = _hex(
        "Revealed once the game has ended, finished or called off (null until then, or "
        "without a commitment).",
        allow_null=True,
    )


# Games ----------------------------------------------------------------------------------


class SeatListSerializer(serializers.ListSerializer):
    """A game's seats, told at once which players are bot accounts (one question a game)."""

    def to_representation(self, data: Any) -> Any:
        seats = data.all() if isinstance(data, BaseManager) else data
        return super().to_representation(with_bot_accounts(seats))


class SeatSerializer(serializers.ModelSerializer):
    bot_level = serializers.SerializerMethodField(
        help_text="A bot seat's level (0 random, 1 the game's heuristic, 2 search); "
        "null for a person."
    )
    bot_account = serializers.BooleanField(
        read_only=True,
        help_text="The seat's player is a member's bot account: a program plays it through "
        "the API (the site's own bots are `is_bot`).",
    )
    handed_over = serializers.SerializerMethodField(
        help_text="A bot of the table's level plays the seat to the end of the game, its "
        "player asked for no more moves (never `awaited`): they resigned, or every other "
        "player did."
    )

    due = serializers.SerializerMethodField(
        help_text="At a game with a time per move (`move_deadline_hours`), when the time for "
        "the move the game awaits of this seat runs out; then a day of its `time_bank` is "
        "spent at a time, and once none is left the table's policy moves for it. Null when "
        "the seat is not awaited, and at a game without a time per move."
    )
    time_bank = serializers.SerializerMethodField(
        help_text="At a game with a time per move, the days left in this player's time bank "
        "(each a day more for a move that runs late); null for a bot's seat, one a bot plays "
        "to the end, and at a game without a time per move."
    )

    class Meta:
        model = Seat
        fields = (
            "number",
            "name",
            "is_bot",
            "bot_level",
            "bot_account",
            "awaited",
            "due",
            "time_bank",
            "score",
            "winner",
            "resigned",
            "absent",
            "handed_over",
        )
        read_only_fields = fields
        list_serializer_class = SeatListSerializer
        extra_kwargs: ClassVar[dict[str, Any]] = {
            "resigned": {
                "help_text": "The seat's player resigned: they rank after every player who "
                "did not, and never win."
            },
            "absent": {
                "help_text": "Once the game is over: its player made no move of their own "
                "(every move was made for them, by the clock or a standing order). The score "
                "stands as played; they are never the winner, and not placed."
            },
        }

    def get_due(self, seat: Seat) -> datetime | None:
        return seat_clock(seat)[0]

    def get_time_bank(self, seat: Seat) -> int | None:
        return seat_clock(seat)[1]

    def get_bot_level(self, seat: Seat) -> int | None:
        return seat.bot_level if seat.is_bot else None

    def get_handed_over(self, seat: Seat) -> bool:
        return seat.handed_over_at is not None


class GameSerializer(serializers.ModelSerializer):
    """A game as listed: its table, its seats and where it stands."""

    # context: "user" (the viewer), "seats" (game id -> the viewer's seat there).

    rules = serializers.ChoiceField(
        choices=game_ids(), help_text="The game played: its `config` and `state` follow it."
    )
    name = serializers.CharField(
        source="display_name",
        help_text="The game's name, in the requester's language when the site gave it (a "
        "tournament's table); as typed when a player did.",
    )
    config = serializers.SerializerMethodField()
    round = serializers.IntegerField(
        source="round_no",
        help_text="The round being played, from 1; 0 while the table waits for players, and "
        "throughout for a game without rounds (NMBR 9, Numenko live).",
    )
    awaiting = _seats(
        help_text="The seats the game waits for, a bot's among them (a seat's `awaited` says "
        "whether its player is asked to move)."
    )
    seats = SeatSerializer(many=True)
    free_seats = serializers.SerializerMethodField()
    move_deadline_hours = serializers.SerializerMethodField()
    bot_level = serializers.ChoiceField(
        choices=BotLevels.choices,
        read_only=True,
        help_text="The level of the bots seated at this table without one of their own, and "
        "of the one that plays a resigned or absent player's seat: 0 random, 1 the game's "
        "heuristic, 2 search.",
    )
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
            "bot_level",
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
        extra_kwargs: ClassVar[dict[str, Any]] = {
            "status": {
                "help_text": "Where the table stands: `open` (waiting for players), "
                "`running`, `finished`, or `aborted` (called off before anybody moved: no "
                "result)."
            }
        }

    def _seat(self, game: Game) -> int | None:
        return self.context["seats"].get(game.pk)

    def get_config(self, game: Game) -> dict[str, Any]:
        # One configuration serializer per game kind for the whole list: making one (DRF
        # copies its fields) for each game was most of a page of 50 games.
        shapes = self.context.setdefault("config_shapes", {})
        shape = shapes.get(game.rules)
        if shape is None:
            shape = shapes[game.rules] = game_schema(game.rules).config()
        return dict(shape.to_representation(game.config))

    def get_free_seats(self, game: Game) -> int:
        return free_seats(game)

    def get_move_deadline_hours(self, game: Game) -> float | None:
        deadline = game.move_deadline
        return None if deadline is None else deadline / timedelta(hours=1)

    def get_my_seat(self, game: Game) -> int | None:
        return self._seat(game)

    def get_awaiting_me(self, game: Game) -> bool:
        # The seat's read model, not the game's `awaiting`: a seat the site plays to the
        # end for its player (``games.endings``) is never its player's turn.
        mine = self._seat(game)
        return game.status == Game.Status.RUNNING and any(
            seat.number == mine and seat.awaited for seat in game.seats.all()
        )

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

    # context: as GameSerializer, and "state" (the viewer's view with `rules` and
    # `sequence`), "progress" and "outcome" (protocol objects): each None while open.

    state = serializers.SerializerMethodField()
    progress = serializers.SerializerMethodField()
    outcome = serializers.SerializerMethodField()
    chain = serializers.SerializerMethodField()

    class Meta(GameSerializer.Meta):
        fields = (*GameSerializer.Meta.fields, "state", "progress", "outcome", "chain")
        read_only_fields = fields

    def get_state(self, game: Game) -> dict[str, Any] | None:
        state = self.context["state"]
        return None if state is None else game_schema(game.rules).view(state).data

    @extend_schema_field(ProgressSerializer(allow_null=True, help_text="null while open."))
    def get_progress(self, game: Game) -> dict[str, Any] | None:
        progress: Progress | None = self.context["progress"]
        if progress is None:
            return None
        fields = {"phase": progress.phase, "round": progress.round, "step": progress.step}
        return {**fields, "awaiting": sorted(progress.awaiting)}

    @extend_schema_field(
        OutcomeSerializer(allow_null=True, help_text="How it ended; null until it has.")
    )
    def get_outcome(self, game: Game) -> dict[str, Any] | None:
        outcome: Outcome | None = self.context["outcome"]
        return None if outcome is None else outcome.to_json()

    @extend_schema_field(
        ChainSerializer(allow_null=True, help_text="The game's hash chain; null while open.")
    )
    def get_chain(self, game: Game) -> dict[str, Any] | None:
        head: Head | None = self.context["chain"]
        if head is None:
            return None
        return {
            "sequence": head.sequence,
            "head": head.hash,
            "chance_commitment": head.commitment or None,
            "salt": head.salt,
            "seed": head.seed,
        }


def _summary_fields(game_id: str) -> dict[str, serializers.Field]:
    """The fields a game's summary types as its own: its configuration and its phase."""
    return {
        "config": game_schema(game_id).config(read_only=True, help_text="The game's options."),
        "phase": serializers.ChoiceField(
            choices=["", *_phases(game_id)],
            read_only=True,
            help_text="The game's own name for the moment; empty while it waits for players.",
        ),
    }


def _detail_fields(game_id: str) -> dict[str, serializers.Field]:
    """The fields a game's detail types as its own: its summary's and its view."""
    view = game_schema(game_id).view(
        read_only=True,
        allow_null=True,
        help_text="The state as my seat may know it; null while the game waits for players.",
    )
    return {**_summary_fields(game_id), "state": view}


def _games(detail: bool, **kwargs: Any) -> PolymorphicProxySerializer:
    """A game of any registered game (as listed, or with its state), as the schema documents
    it: the answers are rendered by :class:`GameSerializer` and
    :class:`GameDetailSerializer`, which give the same fields for every game."""
    if detail:
        return by_rules("GameDetail", GameDetailSerializer, _detail_fields, **kwargs)
    return by_rules("Game", GameSerializer, _summary_fields, **kwargs)


#: A game as listed, and with its state: the game its ``rules`` names.
GAME, GAME_DETAIL = _games(detail=False), _games(detail=True)


#: The code of the refusal of a request whose header and body name different keys.
KEYS_DIFFER = "keys_differ"


class KeyedSerializer(StrictSerializer):
    """A request that may carry an idempotency key, in its body or as the
    ``Idempotency-Key`` header (``context["header_key"]``): sent again with the same key,
    it takes effect once."""

    idempotency_key = serializers.CharField(
        required=False,
        min_length=1,
        max_length=KEY_LENGTH,
        help_text="Send the same key again (after a lost answer) and the request takes "
        "effect once. Also accepted as the `Idempotency-Key` header.",
    )

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        header = self.context.get("header_key")
        body = attrs.get("idempotency_key")
        if header == "":
            raise serializers.ValidationError(
                {"idempotency_key": _("An idempotency key has at least 1 character.")}
            )
        if header is not None and len(header) > KEY_LENGTH:
            raise serializers.ValidationError(
                {"idempotency_key": _("An idempotency key has at most 64 characters.")}
            )
        if header is not None and body is not None and header != body:
            raise serializers.ValidationError(
                {"idempotency_key": _("The header and the body name different keys.")},
                code=KEYS_DIFFER,
            )
        return {**attrs, "idempotency_key": body or header}

    def keys_differ(self) -> bool:
        """Whether, once validated, the request was refused for naming two keys: a request
        its schema calls valid (the schema cannot tie the header to the body), refused as
        a key that cannot be used is (422), not as a malformed one."""
        refused = self.errors.get("idempotency_key", [])
        return any(getattr(error, "code", None) == KEYS_DIFFER for error in refused)


class NewGameSerializer(KeyedSerializer):
    """A new game of any registered game: ``rules`` picks the game, whose serializer checks
    ``config`` (see :func:`new_game_serializer`)."""

    name = serializers.CharField(
        min_length=1,
        max_length=80,
        validators=[validate_one_line],
        help_text="One line: no line breaks, tabs or other control characters.",
    )
    public = serializers.BooleanField(
        default=False,
        help_text="Listed for anyone to join and watch; else joined with the invite token, "
        "and seen only by its players, its creator and the addresses invited to it.",
    )
    move_deadline_hours = serializers.IntegerField(
        min_value=1, max_value=MAX_DEADLINE_HOURS, allow_null=True, default=None
    )
    bot_level = serializers.ChoiceField(
        choices=BotLevels.choices,
        default=BotLevels.HEURISTIC,
        help_text="The level of the bots seated at this table without one of their own, and "
        "of the one that moves for an absent player: 0 random, 1 the game's heuristic, "
        "2 search.",
    )

    def to_internal_value(self, data: Any) -> Any:
        try:
            return super().to_internal_value(data)
        except serializers.ValidationError as refused:
            # A game the site does not have (null, "chess", 5) is refused by the default
            # game's ``rules``, whose own words ('"None" is not a valid choice.') name
            # neither the field's purpose nor the games it takes.
            if isinstance(refused.detail, dict) and "rules" in refused.detail:
                games = ", ".join(game_ids())
                refused.detail["rules"] = [
                    ErrorDetail(
                        _("Name one of the site's games: %(games)s.") % {"games": games},
                        code="invalid_choice",
                    )
                ]
            raise

    def lobby_arguments(self) -> dict[str, Any]:
        """The validated body as ``game_open``'s arguments (the idempotency key aside)."""
        data = self.validated_data
        hours = data["move_deadline_hours"]
        return {
            "name": data["name"],
            "rules": data["rules"],
            "config": dict(data["config"]),
            "move_deadline": None if hours is None else timedelta(hours=hours),
            "public": data["public"],
            "bot_level": data["bot_level"],
        }


class AddBotSerializer(StrictSerializer):
    """A bot to seat: its level, the table's when left out."""

    level = serializers.ChoiceField(
        choices=BotLevels.choices,
        required=False,
        help_text="0 random, 1 the game's heuristic, 2 search (about a second a move).",
    )


@functools.cache
def _new_game_class(game_id: str) -> type[serializers.Serializer]:
    """A game's new-game body: ``rules`` fixed to its id, ``config`` its configuration."""
    implied = game_id == default_game()
    return discriminated(
        NewGameSerializer,
        f"New{schema_name(game_id)}Game",
        "rules",
        game_id,
        f"A new game of {game_id}"
        + ("; `rules` may be left out: it is the default game." if implied else "."),
        implied=implied,
        config=game_schema(game_id).config(),
    )


class RequiredBody(PolymorphicProxySerializer):
    """A oneOf of request bodies that cannot be left out: its schema requires the fields
    that every one of them requires, so that the operation's body is marked required
    (drf-spectacular reads that from the body's ``required``)."""


class RequiredBodySchema(PolymorphicProxySerializerExtension):
    target_class = RequiredBody
    priority = 1

    def map_serializer(self, auto_schema: Any, direction: Any) -> Any:
        members = [force_instance(member) for member in self.target.serializers.values()]
        required = set.intersection(
            *(
                {name for name, field in member.fields.items() if field.required}
                for member in members
            )
        )
        return {**super().map_serializer(auto_schema, direction), "required": sorted(required)}


NEW_GAME_SERIALIZERS = {game_id: _new_game_class(game_id) for game_id in GAME_SCHEMAS}
NEW_GAME_SCHEMA = RequiredBody(
    component_name="NewGame",
    serializers=NEW_GAME_SERIALIZERS,
    resource_type_field_name="rules",
)


def new_game_serializer(data: Any, header_key: str | None = None) -> serializers.Serializer:
    """The new-game body's serializer for the game it names (the default game if none);
    an unknown game is refused by the ``rules`` field of the default game's.
    ``header_key``: the request's ``Idempotency-Key`` header, if any."""
    body = dict(data) if isinstance(data, dict) else data
    if isinstance(body, dict):
        body.setdefault("rules", default_game())
    rules = body.get("rules") if isinstance(body, dict) else None
    if not isinstance(rules, str) or rules not in game_ids():
        rules = default_game()
    return _new_game_class(rules)(data=body, context={"header_key": header_key})


class JoinSerializer(StrictSerializer):
    # The characters of an invitation secret (``secrets.token_urlsafe``): the schema says so,
    # where any other text (a NUL, which DRF refuses) would be schema-valid and refused.
    token = serializers.CharField(
        validators=[RegexValidator(r"^[A-Za-z0-9_-]+$")],
        required=False,
        allow_blank=True,
        default="",
        max_length=64,
        help_text="The game's invitation secret (not needed for a public game).",
    )


class OpenTableSerializer(serializers.Serializer):
    """A public table waiting for players, with a seat free for me: take it with `join/`."""

    host = serializers.CharField(help_text="The name of the player who opened the table.")
    summary = serializers.CharField(
        help_text="The game, its options and its time per move in words, as the lobby says them."
    )
    game = _games(detail=False)


class ConflictSerializer(serializers.Serializer):
    """The game cannot do this now (another move came first, it has started, is full...):
    here it is as it stands."""

    detail = serializers.CharField()
    game = _games(detail=True)


# Moves ----------------------------------------------------------------------------------


class MoveSerializer(serializers.Serializer):
    notation = serializers.CharField(help_text="The move in the game's notation.")
    action = serializers.DictField(help_text="The move's JSON form, to send as `action`.")
    description = serializers.CharField(help_text="What the move does, in words.")


class LegalActionsSerializer(serializers.Serializer):
    """Everything your seat may do now: each move when they are few enough to list, else
    the choice to make as its constraints (`pending`)."""

    sequence = serializers.IntegerField(help_text="Send it back as `expected_sequence`.")
    seat = serializers.IntegerField()
    rules = serializers.ChoiceField(choices=game_ids(), help_text="The game played.")
    listed = MoveSerializer(many=True)
    pending = serializers.SerializerMethodField()
    sample = MoveSerializer(allow_null=True)

    def get_pending(self, offered: dict[str, Any]) -> dict[str, Any] | None:
        pending = offered["pending"]
        return None if pending is None else game_schema(offered["rules"]).pending(pending).data


@extend_schema_field({"type": "null"})
class NoChoiceField(serializers.ReadOnlyField):
    """The ``pending`` and ``sample`` of a game that never has a choice too large to list."""


def _legal_actions_fields(game_id: str) -> dict[str, serializers.Field]:
    """What a game's legal actions type as its own: its moves' actions, its pending choice."""
    move = type(
        f"{schema_name(game_id)}MoveSerializer",
        (MoveSerializer,),
        {"__module__": __name__, "action": GAME_ACTIONS[game_id]},
    )
    pending_class = game_schema(game_id).pending
    pending: serializers.Field
    sample: serializers.Field
    if pending_class().fields:
        pending = pending_class(
            allow_null=True,
            help_text="The choice to make when it is too large to list, as its constraints "
            "(the game's view has it too, as `pending`); null when there is none.",
        )
        sample = move(
            allow_null=True,
            help_text="With `pending`, one of its legal moves drawn at random (the random "
            "bot's move), for a client that does not build its own; null otherwise.",
        )
    else:
        # A game that lists every move answers null: typed so, rather than left out of
        # its schema, where a generated client would keep it as an unknown key.
        pending = NoChoiceField(help_text="Always null: this game lists every move.")
        sample = NoChoiceField(help_text="Always null: this game lists every move.")
    return {"listed": move(many=True), "pending": pending, "sample": sample}


#: My legal actions in a game of any registered game, told apart by its ``rules``.
LEGAL_ACTIONS = by_rules("LegalActions", LegalActionsSerializer, _legal_actions_fields)


class ActionField(serializers.Field):
    default_error_messages: ClassVar[dict[str, Any]] = {
        "invalid": gettext_lazy("Send the move as notation text or as its JSON object."),
        "blank": gettext_lazy("This field may not be blank."),
        "too_long": gettext_lazy("A move's notation has at most {max_length} characters."),
    }

    def to_internal_value(self, data: Any) -> str | dict[str, Any]:
        if data == "":
            self.fail("blank")
        if isinstance(data, str) and len(data) > MAX_NOTATION:
            self.fail("too_long", max_length=MAX_NOTATION)
        if isinstance(data, str | dict):
            return data
        self.fail("invalid")


class ActionFieldSchema(OpenApiSerializerFieldExtension):
    target_class = ActionField

    def map_serializer_field(self, auto_schema: Any, direction: Any) -> Any:
        notation = {"type": "string", "minLength": 1, "maxLength": MAX_NOTATION, "example": "pass"}
        return {
            "oneOf": [notation, auto_schema.resolve_serializer(ActionSerializer, direction).ref],
            "description": "The move: the game's notation, or its JSON form (as `legal-actions` "
            "lists). Unknown keys are refused.",
        }


class SubmitSerializer(KeyedSerializer):
    """A move for my seat (recorded once per idempotency key of the seat)."""

    action = ActionField()
    expected_sequence = serializers.IntegerField(
        min_value=0,
        max_value=MAX_SEQUENCE,
        help_text="The `sequence` of the state you chose from: if the game has moved on, "
        "nothing is recorded (409).",
    )


class SubmittedSerializer(serializers.Serializer):
    duplicate = serializers.BooleanField(
        help_text="true: this key had already recorded this move; nothing new was written."
    )
    recorded = _seats(
        help_text="The numbers of the events the move recorded (with what followed it)."
    )
    game = _games(detail=True)


class CheckSerializer(StrictSerializer):
    """A move to judge without playing it."""

    action = ActionField()


class CheckedSerializer(serializers.Serializer):
    """Whether a move is legal now, and what it would do, or the rule it breaks: judged by
    the rules against the game as it stands, nothing written."""

    rules = serializers.ChoiceField(choices=game_ids(), help_text="The game played.")
    sequence = serializers.IntegerField(
        help_text="The state it was judged against: send it as `expected_sequence` to play it."
    )
    legal = serializers.BooleanField()
    description = serializers.CharField(
        allow_null=True, help_text="What the move does, in words; null when it is refused."
    )
    rule = serializers.CharField(
        allow_null=True, help_text="The broken rule's id; null when the move is legal."
    )
    message = serializers.CharField(
        allow_null=True, help_text="What is wrong with this move, in words; null when legal."
    )
    statement = serializers.CharField(
        allow_null=True, help_text="The broken rule, in one sentence; null when legal."
    )


def _outlook_fields(game_id: str) -> dict[str, serializers.Field]:
    """What a game's dry run types as its own: what its adapter says a legal move would do."""
    outlook = game_schema(game_id).outlook
    if outlook is None:
        return {}
    return {
        "outlook": outlook(
            allow_null=True, help_text="What the legal move would do; null when it is refused."
        )
    }


#: A dry run's answer in a game of any registered game, told apart by its ``rules``.
CHECKED = by_rules("Checked", CheckedSerializer, _outlook_fields)


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
    """An event as my seat may read it: what a viewer may not know yet is left out or null
    (another hand's cards, chance's order), all of it once the game is over."""

    sequence = serializers.IntegerField()
    type = serializers.CharField(help_text="`created`, `deal`, `play`, `round-ended`...")
    seat = serializers.IntegerField(
        allow_null=True, help_text="Who acted: -1 for chance, null for the game's milestones."
    )
    action = serializers.DictField(
        help_text="The action's JSON form as recorded (with the `effects` the game records "
        "of it: an Action card's cards turned, moved, removed or placed...; `null` in events "
        "recorded before effects were), with what you may not know yet hidden; a "
        "milestone's data."
    )
    facts = serializers.DictField(help_text="What chance decided (cards drawn), redacted.")
    recorded_at = serializers.DateTimeField()
    description = serializers.CharField(help_text="The event in words.")


class NoFactsSerializer(Record):
    """Nothing: chance decides nothing during this type of event (a milestone, the site's
    events, a move that never draws)."""


@extend_schema_field({"type": "null"})
class NobodyField(serializers.Field):
    """The ``seat`` of a milestone: always null, nobody acted."""

    def to_representation(self, value: Any) -> None:
        return None


#: The platform's own events (``games.endings``), the same in every game and never seen by
#: its rules: one component each, whichever game records it. Who did it is the event's
#: ``seat``; they record nothing else, but whether a withdrawal recorded a resignation.
PLATFORM_RECORDS: dict[str, type[serializers.Serializer]] = {
    RESIGNED: make_record(
        "ResignedRecord",
        None,
        "The player of the event's seat resigned: a bot of the table's level plays the seat "
        "to the end, and they rank after every player who did not.",
        withdrawn=serializers.BooleanField(
            required=False,
            help_text="`true` when taking the player off their seat recorded the resignation "
            "(a tournament's organiser withdrew them, or themselves from their own "
            "tournament), not the player resigning; left out otherwise.",
        ),
    ),
    ABORTED: make_record(
        "AbortedRecord",
        None,
        "The player of the event's seat called the game off before anybody moved: it ends "
        "here, with no result.",
    ),
}


class SeatsRecordSerializer(Record):
    """A player as the game's creation named them."""

    name = serializers.CharField()
    bot = serializers.BooleanField()


class CreatedGameSerializer(Record):
    """Which game this is, where it was played (left out by games created before their
    creation recorded it)."""

    site = serializers.URLField(required=False)
    id = serializers.IntegerField(required=False, allow_null=True)
    name = serializers.CharField(required=False, allow_null=True)


@functools.cache
def recorded_config(game_id: str) -> type[serializers.Serializer]:
    """A game's configuration as its creation recorded it: its options, those the rules
    default left out, and the rules ``edition`` (left out by games recorded before editions
    existed)."""
    config = game_schema(game_id).config
    fields: dict[str, Any] = {"__module__": __name__, "__doc__": config.__doc__}
    if "edition" in config().fields:
        fields["edition"] = serializers.IntegerField(
            min_value=1,
            required=False,
            help_text="The rules edition; left out: the first (games recorded before editions).",
        )
    return type(f"{schema_name(game_id)}RecordedConfig", (config,), fields)


@functools.cache
def event_records(game_id: str) -> dict[str, type[serializers.Serializer]]:
    """Every event a game records, by type: its creation (the platform's) and the game's
    own (``ApiSchema.events``)."""
    created = type(
        f"{schema_name(game_id)}CreatedRecord",
        (Record,),
        {
            "__module__": __name__,
            "__doc__": "The table is set: the game, its configuration and its players.",
            "rules": Fixed(game_id, help_text=f"Always `{game_id}`."),
            "config": recorded_config(game_id)(),
            "seats": SeatsRecordSerializer(many=True),
            "game": CreatedGameSerializer(required=False),
        },
    )
    return {"created": created, **game_schema(game_id).events, **PLATFORM_RECORDS}


def _title(type_name: str) -> str:
    return "".join(part.title() for part in type_name.split("-"))


def _events(
    game_id: str,
    base: type[serializers.Serializer],
    suffix: str,
    fields: Callable[[str, type[serializers.Serializer]], dict[str, serializers.Field]],
) -> dict[str, type[serializers.Serializer]]:
    """Each event type of a game as ``base`` (an event as served, or as logged) with
    ``type`` fixed, its ``seat`` typed (:func:`_seat`) and ``fields(type, record)`` typed
    as that event's."""
    return {
        kind: type(
            f"{schema_name(game_id)}{_title(kind)}{suffix}",
            (base,),
            {
                "type": Fixed(kind, help_text=f"Always `{kind}`."),
                "seat": _seat(game_id, kind),
                **fields(kind, record),
                "__module__": __name__,
                "__doc__": record.__doc__,
            },
        )
        for kind, record in event_records(game_id).items()
    }


def _seat(game_id: str, kind: str) -> serializers.Field:
    """Who acts in an event of type ``kind``: nobody in a milestone (null), chance in its
    moves (the rules' chance seat, -1), a player otherwise (the site's own events too:
    whoever resigned or called the game off)."""
    if kind in MILESTONES:
        return NobodyField(help_text="Always null: a milestone of the game, nobody's act.")
    if kind in game_schema(game_id).chance_moves:
        chance = rule_set(game_id).chance
        return Fixed(chance, help_text=f"Always `{chance}`: chance's move.")
    if kind in PLATFORM_EVENTS:
        return serializers.IntegerField(min_value=0, help_text="Whose player did it.")
    return serializers.IntegerField(
        min_value=0, help_text="The seat of the player who moved (or a bot or the clock for them)."
    )


def _facts(game_id: str, kind: str) -> Facts | None:
    """What chance decides during an event of type ``kind``; None: never anything."""
    return game_schema(game_id).facts.get(kind)


@functools.cache
def game_events(game_id: str) -> dict[str, type[serializers.Serializer]]:
    """A game's events as the event log serves them, by type: each with its type's facts
    (``NoFacts`` for a type that never records any)."""

    def fields(kind: str, record: type[serializers.Serializer]) -> dict[str, Any]:
        facts = _facts(game_id, kind)
        return {
            "action": record(),
            "facts": NoFactsSerializer() if facts is None else facts.served()(),
        }

    return _events(game_id, EventSerializer, "Event", fields)


def _event_union(game_id: str, suffix: str, members: dict[str, Any], **kwargs: Any) -> Any:
    return PolymorphicProxySerializer(
        component_name=f"{schema_name(game_id)}{suffix}",
        serializers=members,
        resource_type_field_name="type",
        **kwargs,
    )


class GameListQuerySerializer(serializers.Serializer):
    """Which of my games to list (``page`` aside, which the paginator reads)."""

    awaiting = serializers.ChoiceField(
        choices=["me"], required=False, help_text="`me`: only the games awaiting my move."
    )


class GamePageSerializer(serializers.Serializer):
    """A page of my games (``?page=N``, 1 first), by DRF's page-number pagination."""

    count = serializers.IntegerField(help_text="How many games in all.")
    next = serializers.URLField(allow_null=True, help_text="The next page; null: the last.")
    previous = serializers.URLField(allow_null=True, help_text="The previous page.")
    next_page = serializers.IntegerField(
        allow_null=True, help_text="The next page's number, for `page`; null: the last."
    )
    previous_page = serializers.IntegerField(
        allow_null=True, help_text="The previous page's number; null: the first."
    )
    results = _games(detail=False, many=True)


class EventPageSerializer(serializers.Serializer):
    """A page of a game's events, as my seat may read them."""

    rules = serializers.ChoiceField(choices=game_ids(), help_text="The game played.")
    results = EventSerializer(many=True)
    next = serializers.IntegerField(
        allow_null=True,
        help_text="Pass it as `after` for the next page; null: nothing more recorded yet.",
    )
    last_sequence = serializers.IntegerField(help_text="The game's last event number now.")


def _event_page_fields(game_id: str) -> dict[str, serializers.Field]:
    """A game's events page types its events as that game's, each by its ``type``."""
    return {"results": _event_union(game_id, "Event", game_events(game_id), many=True)}


#: A page of the events of any registered game, told apart by its ``rules``.
EVENT_PAGE = by_rules("EventPage", EventPageSerializer, _event_page_fields)


# A finished game's log --------------------------------------------------------------------


class LogSeatSerializer(serializers.Serializer):
    name = serializers.CharField()
    bot = serializers.BooleanField()


class LogGameSerializer(serializers.Serializer):
    """The game and its players, as its creation (event 1, in the chain) recorded them:
    `numx verify` refuses a header that says otherwise."""

    site = serializers.URLField(
        required=False,
        help_text="The site the game was played on (left out for games created before "
        "their creation recorded it).",
    )
    id = serializers.IntegerField(
        required=False, allow_null=True, help_text="The game's number on that site."
    )
    name = serializers.CharField(
        help_text="The game's name as stored: in the language of whoever named it (the "
        "same log for every reader)."
    )
    config = serializers.DictField(help_text="As the game's creation recorded it.")
    seats = LogSeatSerializer(many=True, help_text="The players as the game's start named them.")


class LogEventSerializer(serializers.Serializer):
    sequence = serializers.IntegerField()
    type = serializers.CharField()
    seat = serializers.IntegerField(allow_null=True, help_text="-1: chance; null: a milestone.")
    payload = serializers.DictField(
        help_text="As recorded: the action's JSON form with its `facts` and `effects`, or a "
        "milestone's data."
    )
    version = serializers.IntegerField(help_text="The version of the payload's shape.")
    recorded_at = serializers.DateTimeField()
    hash = _hex("The event's link in the game's chain (docs/logs.md).")


#: Who may have linked a game's first events after they were recorded.
LINKED_LATE_BY = ["migration", "import"]


class LogChainSerializer(serializers.Serializer):
    header = _hex("Link 0: SHA-256 of the salt and the game's header (rules, config, commitment).")
    salt = _hex("The game's secret salt, mixed into every link; revealed with the log.")
    commitment = _hex("SHA-256(salt ‖ seed); null: chance not committed to.", allow_null=True)
    seed = _hex(
        "What every chance move was drawn from; null without a commitment.", allow_null=True
    )
    linked_late_by = serializers.ChoiceField(
        choices=LINKED_LATE_BY,
        allow_null=True,
        help_text="Who linked events 1 to `linked_late_through` after they were recorded: the "
        "migration that chained the games recorded before chains, or the import of a log of "
        "format 1; null: each event was linked as it was recorded.",
    )
    linked_late_through = serializers.IntegerField()


class GameLogSerializer(serializers.Serializer):
    """The whole log of a game that has ended (finished or called off), every secret
    included (the deck's order...): the file `manage.py numx export` writes, which
    `manage.py numx verify` replays and `manage.py numx import` loads (a finished game's)."""

    format = serializers.IntegerField(help_text="The file format's version: 2, with the chain.")
    rules = serializers.ChoiceField(choices=game_ids())
    game = LogGameSerializer()
    chain = LogChainSerializer()
    events = LogEventSerializer(many=True)


@functools.cache
def _log_events(game_id: str) -> dict[str, type[serializers.Serializer]]:
    """A game's events as its exported log records them, by type: each payload is the
    event's record, unredacted, with its type's ``facts`` where it has any (left out when
    chance decided nothing; a type that never records any has its record alone)."""

    def fields(kind: str, record: type[serializers.Serializer]) -> dict[str, Any]:
        facts = _facts(game_id, kind)
        if facts is None:
            return {"payload": record()}
        left_out = " Left out when it decided nothing." if facts.optional else ""
        payload = type(
            record.__name__.removesuffix("Record") + "Payload",
            (record,),
            {
                "facts": facts.shape(
                    required=not facts.optional,
                    help_text=f"What chance decided during it.{left_out}",
                ),
                "__module__": __name__,
                "__doc__": record.__doc__,
            },
        )
        return {"payload": payload()}

    return _events(game_id, LogEventSerializer, "LogEvent", fields)


def _log_fields(game_id: str) -> dict[str, serializers.Field]:
    """A game's log types its configuration and its events as that game's."""
    game = type(
        f"{schema_name(game_id)}LogGame",
        (LogGameSerializer,),
        {
            "config": recorded_config(game_id)(),
            "__module__": __name__,
            "__doc__": LogGameSerializer.__doc__,
        },
    )
    return {
        "game": game(),
        "events": _event_union(game_id, "LogEvent", _log_events(game_id), many=True),
    }


#: A finished game's log, of any registered game, told apart by its ``rules``.
GAME_LOG = by_rules("GameLog", GameLogSerializer, _log_fields)
