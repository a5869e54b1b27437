"""The API's views: read the request, call a service or a selector, render the answer.

The same commands as the web pages (``games.lobby``, ``games.services``) and the same
reads (``games.selectors``, ``games.moves``): nothing a client sees comes from anywhere
but the engine's per-seat view and the redacted log. Token clients that send no
credentials get 401; a logged-in browser may use its session.
"""

from __future__ import annotations

import functools
import json
import random
from collections.abc import Callable
from typing import Any

from django.conf import settings
from django.contrib.auth.models import AbstractBaseUser
from django.core.exceptions import RequestDataTooBig
from django.db.models import prefetch_related_objects
from django.http import HttpRequest, JsonResponse
from django.urls import reverse
from django.utils import translation
from django.utils.cache import get_conditional_response, patch_cache_control
from django.utils.translation import gettext as _
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import condition
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from drf_spectacular.views import SpectacularAPIView
from rest_framework import status
from rest_framework.decorators import api_view, parser_classes, permission_classes
from rest_framework.exceptions import (
    NotFound,
    ParseError,
    PermissionDenied,
    UnsupportedMediaType,
    ValidationError,
)
from rest_framework.pagination import PageNumberPagination
from rest_framework.parsers import JSONParser
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler

from games import endings
from games.access import check_watching, game_by_invitation
from games.api import serializers as s
from games.api.scopes import ReadOrPlay, TokenScope
from games.damage import report
from games.descriptions import (
    game_summary,
    no_seat,
    refused_in_words,
    refused_options_in_words,
    unreadable_in_words,
)
from games.engine.ruleset import ConfigError, IllegalAction, NotationError
from games.events import store
from games.events.log import LogError, export_game, verify
from games.lobby import (
    LobbyError,
    LobbyForbidden,
    OpeningKeyReused,
    TooManyInvitations,
    game_add_bot,
    game_cancel,
    game_join,
    game_leave,
    game_open,
    game_open_once,
    game_rematch,
    game_start,
    rematch_of,
)
from games.models import Game
from games.moves import LegalMoves, legal_moves, read_move, seat_names
from games.players import with_bot_accounts
from games.registry import game_type, rule_set
from games.results import SEAT_MARKS, as_ranked, ended_as_ranked, left_out
from games.rulesets.site import Outlooks, refusal_words
from games.selectors import event_log, game_view, open_games, seat_among, seat_of, seats_of
from games.services import (
    Aborted,
    Checked,
    Conflict,
    KeyReused,
    NotSeated,
    NotStarted,
    game_check,
    game_submit,
)
from games.views.conditional import columns, digest

# Access ---------------------------------------------------------------------------------


def _game(game_id: int) -> Game:
    """The game (with its seats), or 404: the same 404 as a private game's, body included
    (``get_object_or_404`` would name the model)."""
    found = Game.objects.prefetch_related("seats").filter(pk=game_id).first()
    if found is None:
        raise NotFound
    return found


def _watched_game(request: Request, game_id: int) -> Game:
    """The game (with its seats), or 404: a private game the requester was not given is
    not there for them (``games.access.may_watch``)."""
    game = _game(game_id)
    check_watching(request, game, seat_among(list(game.seats.all()), request.user))
    return game


def _seat(request: Request, game: Game) -> int:
    """The requester's seat in ``game``; 403 for anybody not seated at it."""
    seat = seat_of(game, request.user)
    if seat is None:
        raise PermissionDenied(no_seat())
    return seat


def _handed_over(game: Game, seat: int) -> bool:
    """Whether the site plays ``seat`` of ``game`` to the end (``games.endings``): its
    player takes no more moves."""
    return any(held.number == seat and held.handed_over_at for held in game.seats.all())


# Answers --------------------------------------------------------------------------------


def _detail(user: AbstractBaseUser, game_id: int, seat: int | None) -> dict[str, Any]:
    """The game as it stands now (read models and state), for ``seat``."""
    game = _game(game_id)
    context: dict[str, Any] = {
        "user": user,
        "seats": {} if seat is None else {game.pk: seat},
        "state": None,
        "progress": None,
        "outcome": None,
        "chain": None,
    }
    if game.status != Game.Status.OPEN:
        loaded = store.load(game.pk, game.rules)
        rules = rule_set(game.rules)
        context["state"] = {"rules": game.rules, **game_view(game, seat, loaded)}
        context["progress"] = rules.progress(loaded.state)
        outcome = rules.outcome(loaded.state)
        context["outcome"] = None if outcome is None else as_ranked(outcome, game.pk)
        context["chain"] = store.head(game.pk, loaded.sequence, reveal=game.ended)
    return s.GameDetailSerializer(game, context=context).data


def _conflict(request: Request, game: Game, seat: int | None, detail: str) -> Response:
    body = {"detail": detail, "game": _detail(request.user, game.pk, seat)}
    return Response(body, status=status.HTTP_409_CONFLICT)


def _refused(rule: str, message: str, statement: str) -> Response:
    body = {"rule": rule, "message": message, "statement": statement}
    return Response(body, status=status.HTTP_400_BAD_REQUEST)


def _unusable_key(message: str) -> Response:
    """422: an idempotency key that cannot be used so (it did something else, or the
    header and the body name two)."""
    return Response({"detail": message}, status=status.HTTP_422_UNPROCESSABLE_ENTITY)


def _refusal(illegal: IllegalAction, found: Game) -> tuple[str, str]:
    """A refused move's ``message`` and ``statement`` in the request's language, as its
    table says them; the message in English where the catalogues lack its detail."""
    why, statement = refused_in_words(illegal, refusal_words(game_type(found.rules).site))
    return why or illegal.message, statement


def _bad_request(message: str, statement: str) -> Response:
    return _refused("request", message, statement)


def _move_body(
    request: Request, found: Game, form_class: type[s.StrictSerializer], statement: str
) -> tuple[dict[str, Any], Any] | Response:
    """The body of a move (read by ``form_class``) and the engine action it carries; or the
    answer refusing it: 400 naming what is wrong (``statement``: what the body should be),
    422 for a body and a header naming two idempotency keys."""
    try:
        data = request.data
    except ParseError as unreadable:
        return _bad_request(str(unreadable.detail), statement)
    except RequestDataTooBig:
        return _bad_request(str(_too_large().detail), statement)
    form = form_class(data=data, context={"header_key": request.headers.get("Idempotency-Key")})
    if not form.is_valid():
        if isinstance(form, s.KeyedSerializer) and form.keys_differ():
            return _unusable_key(s.errors_in_words(form.errors))
        return _bad_request(s.errors_in_words(form.errors), statement)
    try:
        action = _read_action(found, form.validated_data["action"])
    except NotationError as unreadable:
        return _refused("notation", str(unreadable), _notation_statement(found))
    return form.validated_data, action


def _notation_statement(game: Game) -> str:
    """How a client writes a move of ``game``: its notation, as the game says it to players,
    or the JSON form, which the API reads too (a reply by email does not)."""
    notation = str(game_type(game.rules).site.api.notation_help)
    return _("%(notation)s A move may also be sent as its JSON form.") % {"notation": notation}


def _read_action(game: Game, data: str | dict[str, Any]) -> Any:
    """The engine action a client sent, as notation text or its JSON form (checked against
    the game's serializer first: the engine ignores keys it does not use)."""
    if isinstance(data, dict):
        s.check_action(game.rules, data)  # its refusals are in the reader's words already
    try:
        return read_move(rule_set(game.rules), data)
    except RecursionError:  # JSON nested beyond what the reader follows
        raise NotationError(_("This move is nested too deeply.")) from None
    except NotationError as unreadable:  # the engine's words, said in the reader's
        raise NotationError(unreadable_in_words(unreadable)) from None


# Documentation ----------------------------------------------------------------------------

GAME_ID = s.path_id("game_id", "The game's id.")
IDEMPOTENCY_KEY = OpenApiParameter(
    "Idempotency-Key",
    {"type": "string", "minLength": 1, "maxLength": s.KEY_LENGTH},
    OpenApiParameter.HEADER,
    description="The same as the body's `idempotency_key`.",
)
#: What a client that already holds an answer sends and gets (ETag, 304).
CONDITIONAL = [
    OpenApiParameter(
        "If-None-Match",
        str,
        OpenApiParameter.HEADER,
        description="The `ETag` of the answer you hold: 304, with no body, while it is "
        "still the answer.",
    ),
    OpenApiParameter(
        "ETag",
        str,
        OpenApiParameter.HEADER,
        response=[200, 304],
        description="This answer's tag: send it back as `If-None-Match`.",
    ),
]
NOT_MODIFIED = {
    304: OpenApiResponse(
        description="Not modified: the answer you hold (its `ETag` in `If-None-Match`) is "
        "still the answer."
    )
}
ERROR = {
    401: OpenApiResponse(s.ErrorSerializer, "No credentials, or an unknown or expired token."),
    429: OpenApiResponse(s.ErrorSerializer, "Too many requests: wait `Retry-After` seconds."),
}
NOT_FOUND = {404: OpenApiResponse(s.ErrorSerializer, "There is no such game.")}
DAMAGED = {
    410: OpenApiResponse(
        s.DamagedSerializer,
        "The game is damaged: an event (named) that its rules cannot replay. The site's "
        "operators are told; nothing can be done with the game until they repair it.",
    )
}
NOT_SEATED = {403: OpenApiResponse(s.ErrorSerializer, "You have no seat at this game.")}
#: A move refused to a player whose seat the site plays to the end (``HandedOver``).
HANDED_OVER = {
    403: OpenApiResponse(
        s.ErrorSerializer,
        "I have no seat at this table, or a bot plays my seat to the end of the game (I "
        "resigned, or every other player did).",
    )
}
NOT_CREATOR = {
    403: OpenApiResponse(s.ErrorSerializer, "Only the player who opened this game can do that.")
}
INVALID = {400: OpenApiResponse(s.FieldErrorsSerializer, "The request is not valid.")}
NOT_JSON = {415: OpenApiResponse(s.ErrorSerializer, "Send the body as application/json.")}
#: A command that takes no body (:func:`no_body`): nothing, or ``{}``.
NO_BODY = {
    400: OpenApiResponse(
        s.FieldErrorsSerializer,
        "The body holds a key: this request takes none (send nothing, or {}).",
    ),
    **NOT_JSON,
}
LOBBY_CONFLICT = {
    409: OpenApiResponse(
        s.ConflictSerializer, "The game cannot do this now (started, full...): here it is."
    )
}


def etagged(view: Callable[..., Response]) -> Callable[..., Any]:
    """A GET whose answer carries an ``ETag``, the digest of its body, and is 304 when the
    request's ``If-None-Match`` holds it (what Django's ``ConditionalGetMiddleware`` does
    with a page's content, here inside DRF, so that the 304 keeps DRF's headers): a
    polling client is spared the body. Kept private and revalidated each time."""

    @functools.wraps(view)
    def answer(request: Request, *args: Any, **kwargs: Any) -> Any:
        response = view(request, *args, **kwargs)
        if response.status_code != status.HTTP_200_OK:
            return response
        etag = digest(response.data)
        response.headers["ETag"] = etag
        patch_cache_control(response, private=True, no_cache=True)
        return get_conditional_response(request, etag=etag, response=response)

    return answer


def _too_large() -> ParseError:
    """A body larger than ``DATA_UPLOAD_MAX_MEMORY_SIZE`` as the unreadable body it is (a
    400 in the API's JSON): Django refuses it before any parser reads it, and left alone
    its refusal is a page of HTML."""
    return ParseError(
        _("The body is too large: at most %(size)d bytes.")
        % {"size": settings.DATA_UPLOAD_MAX_MEMORY_SIZE}
    )


class JSONBodyParser(JSONParser):
    """JSON bodies; one nested deeper than the decoder follows is unreadable (400), as any
    other malformed body, and so is one escaping half of a character."""

    def parse(self, *args: Any, **kwargs: Any) -> Any:
        try:
            data = super().parse(*args, **kwargs)
            # JSON may escape a lone UTF-16 surrogate (`"\ud800"`), which Python reads into
            # a string no UTF-8 can write: the refusal quoting it (an unreadable move, an
            # unknown key) would then fail to be written, a 500.
            json.dumps(data, ensure_ascii=False).encode()
            return data
        except UnicodeEncodeError as half:
            raise ParseError(
                _("JSON parse error - \\u%(code)04x is only half of a character.")
                % {"code": ord(half.object[half.start])}
            ) from None
        except RecursionError:
            raise ParseError(_("JSON parse error - nested too deeply.")) from None
        except ParseError as unreadable:
            # DRF's message is the decoder's, in English whatever the request's language.
            where = unreadable.__context__
            if isinstance(where, json.JSONDecodeError):
                raise ParseError(
                    _("JSON parse error - line %(line)d, column %(column)d.")
                    % {"line": where.lineno, "column": where.colno}
                ) from None
            raise ParseError(_("JSON parse error - the body is not JSON.")) from None


def endpoint(
    *methods: str, scope: type[TokenScope] = ReadOrPlay, public: bool = False
) -> Callable[[Callable[..., Response]], Any]:
    """An API view: JSON bodies, the default authentication (a token, or the browser's
    session: ``REST_FRAMEWORK`` in the settings), permissions (signed in, and the token's
    ``scope``: :mod:`games.api.scopes`) and throttle (per token; per user for sessions).
    A ``public`` view answers without credentials too (what a page shows anybody: a
    tournament and its standings), throttled per address then; a token still needs its scope."""

    def wrap(view: Callable[..., Response]) -> Any:
        view = parser_classes([JSONBodyParser])(view)
        view = permission_classes([AllowAny if public else IsAuthenticated, scope])(view)
        return api_view(list(methods))(view)

    return wrap


class _NoBody(s.StrictSerializer):
    """The body of a command that takes none: every key in it is unknown."""


def no_body(request: Request) -> None:
    """Refuse a body that holds anything, as every request refuses an unknown key: a 400
    naming each (a client sending ``{"now": true}`` learns that nothing reads it). Nothing,
    or ``{}``, passes. Called first, before the command does anything."""
    _NoBody(data=request.data).is_valid(raise_exception=True)


# Games ----------------------------------------------------------------------------------


@extend_schema(
    methods=["GET"],
    operation_id="games_mine",
    summary="My games",
    description="The games I have a seat at, a page at a time: those awaiting my move first, "
    "then the others being played, then finished ones, most recently moved first. "
    "`?awaiting=me`: only the games awaiting my move.",
    tags=["games"],
    parameters=[
        OpenApiParameter(
            "page", int, OpenApiParameter.QUERY, description="The page, 1 (the first) by default."
        ),
        s.GameListQuerySerializer,
        *CONDITIONAL,
    ],
    responses={
        200: s.GamePageSerializer,
        **NOT_MODIFIED,
        **INVALID,
        404: s.ErrorSerializer,
        **ERROR,
    },
)
@extend_schema(
    methods=["POST"],
    operation_id="games_open",
    summary="Open a game",
    description="Open a table with me in seat 0. Others join with its `invite_token` (or "
    "freely if public); the creator may fill seats with bots, then starts it. 201 with the "
    "new game; 200 with the game my same idempotency key already opened.",
    tags=["lobby"],
    parameters=[IDEMPOTENCY_KEY],
    request=s.NEW_GAME_SCHEMA,
    responses={
        201: OpenApiResponse(s.GAME_DETAIL, "Opened."),
        200: OpenApiResponse(s.GAME_DETAIL, "Already opened with this key."),
        **INVALID,
        422: OpenApiResponse(
            s.ErrorSerializer,
            "This idempotency key opened another game, or the header and the body name "
            "different keys.",
        ),
        **NOT_JSON,
        **ERROR,
    },
)
@endpoint("GET", "POST")
def games(request: Request) -> Response:
    if request.method == "POST":
        return _open(request)
    return _my_games(request)


@etagged
def _my_games(request: Request) -> Response:
    # As a plain dict: DRF reads an empty query value as a field left out, which the
    # schema's choice is not.
    query = s.GameListQuerySerializer(data=request.query_params.dict())
    query.is_valid(raise_exception=True)
    mine = seats_of(request.user)
    if query.validated_data.get("awaiting") == "me":
        mine = mine.filter(awaited=True, game__status=Game.Status.RUNNING)
    pages = GamePages()
    seats = pages.paginate_queryset(mine.prefetch_related("game__seats"), request)
    assert seats is not None  # a page size is set
    # One question for the page's bot accounts, not one for each game's seats.
    with_bot_accounts(other for seat in seats for other in seat.game.seats.all())
    context = {"user": request.user, "seats": {seat.game_id: seat.number for seat in seats}}
    games = s.GameSerializer([seat.game for seat in seats], many=True, context=context)
    return pages.get_paginated_response(games.data)


class GamePages(PageNumberPagination):
    """My games, a page at a time: a player with thousands of finished games gets the
    first page as fast as a newcomer."""

    page_size = 50

    def get_page_number(self, request: Any, paginator: Any) -> Any:
        # DRF reads an empty ?page= as the first page; it is no page number (the schema's
        # integer), which is not found like any other (404).
        if request.query_params.get(self.page_query_param) == "":
            raise NotFound(self.invalid_page_message.format(page_number="", message=""))
        return super().get_page_number(request, paginator)

    def get_paginated_response(self, data: Any) -> Response:
        """DRF's page, with the next and previous pages' numbers beside their addresses: the
        operation takes a number (``page``), which a client should not have to parse out of
        a URL."""
        response = super().get_paginated_response(data)
        assert self.page is not None  # set by paginate_queryset
        page = self.page
        response.data["next_page"] = page.next_page_number() if page.has_next() else None
        response.data["previous_page"] = (
            page.previous_page_number() if page.has_previous() else None
        )
        return response


def _open(request: Request) -> Response:
    form = s.new_game_serializer(request.data, request.headers.get("Idempotency-Key"))
    if not form.is_valid():
        if form.keys_differ():
            return _unusable_key(s.errors_in_words(form.errors))
        raise ValidationError(form.errors)
    key = form.validated_data["idempotency_key"]
    try:
        if key is None:
            game, new = game_open(creator=request.user, **form.lobby_arguments()), True
        else:
            game, new = game_open_once(
                creator=request.user, idempotency_key=key, **form.lobby_arguments()
            )
    except ConfigError as refused:  # a configuration the rules do not allow
        raise ValidationError({"config": [refused_options_in_words(refused)]}) from None
    except OpeningKeyReused as error:
        return _unusable_key(str(error))
    location = reverse("api:game", args=(game.pk,))
    seat = seat_of(game, request.user)
    return Response(
        _detail(request.user, game.pk, seat),
        status.HTTP_201_CREATED if new else status.HTTP_200_OK,
        headers={"Location": location},
    )


@extend_schema(
    operation_id="game",
    summary="A game, as my seat sees it",
    description="The table, its seats and its state as my seat may know it: my own hand, "
    "public cards, the face-down cards I know. Anybody signed in may watch a public game (a "
    "spectator sees public facts only); a private one is there (else 404) only for its "
    "players, its creator and the addresses invited to it. Everything is revealed once "
    "the game is over.",
    tags=["games"],
    parameters=[GAME_ID, *CONDITIONAL],
    responses={200: s.GAME_DETAIL, **NOT_MODIFIED, **NOT_FOUND, **DAMAGED, **ERROR},
)
@endpoint("GET")
@condition(etag_func=lambda request, game_id: _detail_etag(request, game_id))
def game(request: Request, game_id: int) -> Response:
    found = _watched_game(request, game_id)
    response = Response(_detail(request.user, found.pk, seat_of(found, request.user)))
    patch_cache_control(response, private=True, no_cache=True)
    return response


def _detail_etag(request: Request, game_id: int) -> str:
    """The ETag of a game's detail as the requester gets it, from what it shows that can
    change, without rebuilding the state: the game's row and its seats' (its events are
    summed up by the row's ``last_sequence``: events never change), the requester and the
    language. A 304 then costs two small reads instead of a replay."""
    found = _watched_game(request, game_id)
    seats = [columns(seat) for seat in found.seats.all()]
    return digest((request.user.pk, translation.get_language(), columns(found), seats))


@extend_schema(
    operation_id="game_join",
    summary="Take a free seat",
    description="Anyone may join a public game; a private one needs its `invite_token`.",
    tags=["lobby"],
    parameters=[GAME_ID],
    request=s.JoinSerializer,
    responses={
        201: s.GAME_DETAIL,
        **INVALID,
        403: OpenApiResponse(
            s.ErrorSerializer,
            "The invitation token is not valid, at a private table that is yours to see "
            "(you were invited by email, or opened its link).",
        ),
        404: OpenApiResponse(
            s.ErrorSerializer,
            "There is no such game; or it is private, not yours to see, and the body "
            "holds no `token` of its own (a mistyped one included): it shows nothing to "
            "whoever it was not shown.",
        ),
        **DAMAGED,
        **LOBBY_CONFLICT,
        **NOT_JSON,
        **ERROR,
    },
)
@endpoint("POST")
def join(request: Request, game_id: int) -> Response:
    # Whoever may not see a private game learns nothing of it, not even that their body
    # was wrong: the 404 of a missing game comes before the body is judged.
    unreadable: Exception | None = None
    try:
        form = s.JoinSerializer(data=request.data)
    except (ParseError, UnsupportedMediaType) as error:
        unreadable, form = error, s.JoinSerializer(data={})
    valid = unreadable is None and form.is_valid()
    token = form.validated_data["token"] if valid else ""
    found = game_by_invitation(request, game_id, token)
    if unreadable is not None:
        raise unreadable
    if not valid:
        raise ValidationError(form.errors)
    try:
        seat = game_join(game=found, user=request.user, token=token)
    except LobbyForbidden as refused:
        raise PermissionDenied(str(refused)) from None
    except LobbyError as refused:
        return _conflict(request, found, seat_of(found, request.user), str(refused))
    return Response(_detail(request.user, found.pk, seat.number), status.HTTP_201_CREATED)


def _lobby_command(
    request: Request, game_id: int, command: Callable[[Game], object], answer: int
) -> Response:
    """A lobby command on a table (add a bot, start, leave), answered with the table as it
    then stands for the requester's seat (none once they left it)."""
    found = _watched_game(request, game_id)
    try:
        command(found)
    except LobbyForbidden as refused:
        raise PermissionDenied(str(refused)) from None
    except LobbyError as refused:
        return _conflict(request, found, seat_of(found, request.user), str(refused))
    return Response(_detail(request.user, found.pk, seat_of(found, request.user)), status=answer)


@extend_schema(
    operation_id="game_add_bot",
    summary="Seat a bot",
    description="The creator fills a free seat with a bot, which plays by itself, at the "
    "level given (the table's level when left out).",
    tags=["lobby"],
    parameters=[GAME_ID],
    request=s.AddBotSerializer,
    responses={
        201: s.GAME_DETAIL,
        **INVALID,
        **NOT_JSON,
        **NOT_CREATOR,
        **NOT_FOUND,
        **DAMAGED,
        **LOBBY_CONFLICT,
        **ERROR,
    },
)
@endpoint("POST")
def add_bot(request: Request, game_id: int) -> Response:
    body = s.AddBotSerializer(data=request.data)
    body.is_valid(raise_exception=True)
    level = body.validated_data.get("level")
    return _lobby_command(
        request,
        game_id,
        lambda g: game_add_bot(game=g, by=request.user, level=level),
        status.HTTP_201_CREATED,
    )


@extend_schema(
    operation_id="game_start",
    summary="Start the game",
    description="The creator starts a game whose seats are all taken: the cards are dealt.",
    tags=["lobby"],
    parameters=[GAME_ID],
    request=None,
    responses={
        200: s.GAME_DETAIL,
        **NO_BODY,
        **NOT_CREATOR,
        **NOT_FOUND,
        **DAMAGED,
        **LOBBY_CONFLICT,
        **ERROR,
    },
)
@endpoint("POST")
def start(request: Request, game_id: int) -> Response:
    no_body(request)
    return _lobby_command(
        request, game_id, lambda g: game_start(game=g, by=request.user), status.HTTP_200_OK
    )


@extend_schema(
    operation_id="game_leave",
    summary="Leave a table",
    description="Give up my seat at a table still waiting for players, as its page's Leave "
    "this table: the seats after mine move up one. The player who opened the table hosts "
    "it and stays; once the game has started its seats stay taken.",
    tags=["lobby"],
    parameters=[GAME_ID],
    request=None,
    responses={
        200: OpenApiResponse(s.GAME_DETAIL, "Left: the table as it now stands."),
        **NO_BODY,
        **NOT_FOUND,
        **DAMAGED,
        409: OpenApiResponse(
            s.ConflictSerializer,
            "I cannot leave it (started, I opened it, I have no seat there): here it is.",
        ),
        **ERROR,
    },
)
@endpoint("POST")
def leave(request: Request, game_id: int) -> Response:
    no_body(request)
    return _lobby_command(
        request, game_id, lambda g: game_leave(game=g, user=request.user), status.HTTP_200_OK
    )


@extend_schema(
    operation_id="game_cancel",
    summary="Cancel my table",
    description="The player who opened a table cancels it before the game starts, as its "
    "page's Cancel the table: nothing has been played, so the table is deleted with its "
    "seats and invitations, and the game is a 404 from then on, for everyone. A game that "
    "has started is called off (`abort/`) or resigned instead.",
    tags=["lobby"],
    parameters=[GAME_ID],
    request=None,
    responses={
        204: OpenApiResponse(None, "Cancelled: the table is gone."),
        **NO_BODY,
        **NOT_CREATOR,
        **NOT_FOUND,
        **DAMAGED,
        409: OpenApiResponse(
            s.ConflictSerializer, "The game has already started, so it stays: here it is."
        ),
        **ERROR,
    },
)
@endpoint("POST")
def cancel(request: Request, game_id: int) -> Response:
    no_body(request)
    found = _watched_game(request, game_id)
    try:
        game_cancel(game=found, by=request.user)
    except LobbyForbidden as refused:
        raise PermissionDenied(str(refused)) from None
    except LobbyError as refused:
        return _conflict(request, found, seat_of(found, request.user), str(refused))
    return Response(status=status.HTTP_204_NO_CONTENT)


@extend_schema(
    operation_id="game_rematch",
    summary="Play again",
    description="A finished game played again, as its table's Play again: a new table of the "
    "same game, options, clock, bots' level and visibility, the bots seated again and the "
    "other players invited by email; against bots alone it starts at once. One rematch per "
    "game: 201 with the new table; 200 with the table already opened (by me, or by another "
    "player, where I then take a seat).",
    tags=["lobby"],
    parameters=[GAME_ID],
    request=None,
    responses={
        201: OpenApiResponse(s.GAME_DETAIL, "Opened."),
        200: OpenApiResponse(s.GAME_DETAIL, "Already opened."),
        **NO_BODY,
        403: OpenApiResponse(s.ErrorSerializer, "Only players of this game invite others."),
        **NOT_FOUND,
        **DAMAGED,
        409: OpenApiResponse(s.ConflictSerializer, "The game is not over: here it is."),
        **ERROR,
        429: OpenApiResponse(
            s.ErrorSerializer,
            "Too many requests (wait `Retry-After` seconds), or the other players' email "
            "invitations would pass the day's limit of mine: nothing is opened or counted, "
            "and `Retry-After` says when the day ends.",
        ),
    },
)
@endpoint("POST")
def rematch(request: Request, game_id: int) -> Response:
    no_body(request)
    found = _watched_game(request, game_id)
    opened = rematch_of(found)
    try:
        again = game_rematch(game=found, by=request.user)
    except LobbyForbidden as refused:
        raise PermissionDenied(str(refused)) from None
    except TooManyInvitations as spent:
        # A limit, as the throttle's: 429 and how long to wait, nothing opened.
        return Response(
            {"detail": str(spent)},
            status.HTTP_429_TOO_MANY_REQUESTS,
            headers={"Retry-After": str(spent.retry_after)},
        )
    except LobbyError as refused:
        return _conflict(request, found, seat_of(found, request.user), str(refused))
    answer = status.HTTP_200_OK if opened is not None else status.HTTP_201_CREATED
    return Response(
        _detail(request.user, again.pk, seat_of(again, request.user)),
        answer,
        headers={"Location": reverse("api:game", args=(again.pk,))},
    )


@extend_schema(
    operation_id="tables_open",
    summary="Open tables to join",
    description="The public tables waiting for players that I have no seat at, the most "
    "recently opened first (as many as the lobby lists): each with its host, the game and "
    "its options in words, and the game (its `config`, `move_deadline_hours`, `seats` and "
    "`free_seats`). Take a seat with `POST /api/games/N/join/`.",
    tags=["lobby"],
    parameters=CONDITIONAL,
    responses={200: s.OpenTableSerializer(many=True), **NOT_MODIFIED, **ERROR},
)
@endpoint("GET")
@etagged
def tables(request: Request) -> Response:
    waiting = [game for game, _free in open_games(request.user)]
    prefetch_related_objects(waiting, "seats")
    # One question for all the tables' bot accounts, not one for each table's seats.
    with_bot_accounts(seat for game in waiting for seat in game.seats.all())
    context = {"user": request.user, "seats": {}}
    return Response(
        [
            {
                "host": game.seats_in_order[0].name,
                "summary": game_summary(game),
                "game": s.GameSerializer(game, context=context).data,
            }
            for game in waiting
        ]
    )


# Play -----------------------------------------------------------------------------------


@extend_schema(
    operation_id="game_legal_actions",
    summary="My legal actions",
    description="Everything my seat may do now, whether or not the game waits for it (a "
    "move some games take out of turn is listed too); nothing when my seat may not move, "
    "when the game is called off, or when a bot plays my seat to the end (I resigned). A "
    "choice too large to list is given as its constraints, `pending`, with one of its "
    "moves drawn at random, `sample`.",
    tags=["play"],
    parameters=[GAME_ID],
    responses={200: s.LEGAL_ACTIONS, **NOT_SEATED, **NOT_FOUND, **DAMAGED, **ERROR},
)
@endpoint("GET")
def legal_actions(request: Request, game_id: int) -> Response:
    found = _watched_game(request, game_id)
    seat = _seat(request, found)
    # A game that has not started offers nothing yet; one called off, or a seat the site
    # plays to the end for its player, nothing any more.
    if found.status == Game.Status.OPEN:
        moves = LegalMoves(0)
    elif found.status == Game.Status.ABORTED or _handed_over(found, seat):
        moves = LegalMoves(found.last_sequence)
    else:
        moves = legal_moves(found, seat, sample=random.Random())
    body = {
        "sequence": moves.sequence,
        "seat": seat,
        "rules": found.rules,
        "listed": moves.listed,
        "pending": moves.pending,
        "sample": moves.sample,
    }
    return Response(s.LegalActionsSerializer(body).data)


@extend_schema(
    operation_id="game_submit",
    summary="Submit an action",
    description="Play a move for my seat, against the state numbered `expected_sequence`. "
    "201 with the game as it now stands; 200 when the same idempotency key had already "
    "recorded it. Nothing is written on any error.",
    tags=["play"],
    parameters=[
        GAME_ID,
        IDEMPOTENCY_KEY,
    ],
    request=s.SubmitSerializer,
    responses={
        201: OpenApiResponse(s.SubmittedSerializer, "Recorded."),
        200: OpenApiResponse(s.SubmittedSerializer, "Already recorded with this key."),
        400: OpenApiResponse(
            s.RuleBrokenSerializer,
            "Refused: an illegal move, unreadable notation, a bad request. A finished game "
            "refuses every move so, for its rule that the game is over, whatever "
            "`expected_sequence` was sent.",
        ),
        **HANDED_OVER,
        **NOT_FOUND,
        **DAMAGED,
        409: OpenApiResponse(
            s.ConflictSerializer,
            "The game has moved on since `expected_sequence` (or has not started, or was "
            "called off): here it is now, as my seat sees it.",
        ),
        422: OpenApiResponse(
            s.ErrorSerializer,
            "This idempotency key recorded another move of my seat, or the header and the "
            "body name different keys.",
        ),
        **NOT_JSON,
        **ERROR,
    },
)
@endpoint("POST")
def submit(request: Request, game_id: int) -> Response:
    found = _watched_game(request, game_id)
    seat = _seat(request, found)
    body = _move_body(
        request,
        found,
        s.SubmitSerializer,
        _(
            "Send a JSON object with `action` (notation text or its JSON form), "
            "`expected_sequence` (the `sequence` you saw) and, optionally, `idempotency_key`."
        ),
    )
    if isinstance(body, Response):
        return body
    move, action = body
    if found.status == Game.Status.OPEN:
        return _conflict(request, found, seat, _("This game has not started yet."))
    try:
        submitted = game_submit(
            game_id=found.pk,
            seat=seat,
            action=action,
            expected_sequence=move["expected_sequence"],
            actor=request.user,
            idempotency_key=move["idempotency_key"],
        )
    except IllegalAction as illegal:
        return _refused(illegal.rule, *_refusal(illegal, found))
    except Conflict as conflict:
        return _conflict(request, found, seat, str(conflict))
    except Aborted as called_off:
        return _conflict(request, found, seat, str(called_off))
    except NotSeated as error:
        raise PermissionDenied(str(error)) from None
    except KeyReused as error:
        return _unusable_key(str(error))
    body = {
        "duplicate": submitted.duplicate,
        "recorded": [event.sequence for event in submitted.events],
        "game": _detail(request.user, found.pk, seat),
    }
    answer = status.HTTP_200_OK if submitted.duplicate else status.HTTP_201_CREATED
    return Response(body, status=answer)


@extend_schema(
    operation_id="game_check",
    summary="Check an action (a dry run)",
    description="Judge a move for my seat as submitting it would, against the game as it "
    "stands, and write nothing: whether it is legal and what it would do (in words, and, "
    "where the game says more, as its `outlook`: NMBR 9's level and points of a "
    "placement), or the rule it breaks. For the moves too many to list, which "
    "legal-actions gives as `pending` (an NMBR 9 placement, a NUM-X distribution or Malus "
    "answer, every Numenko move): try them before sending one. The "
    "answer's `sequence` is the state it was judged against, to send as "
    "`expected_sequence`.",
    tags=["play"],
    parameters=[GAME_ID],
    request=s.CheckSerializer,
    responses={
        200: OpenApiResponse(s.CHECKED, "Judged: legal, or the rule it breaks."),
        400: OpenApiResponse(
            s.RuleBrokenSerializer, "Unreadable notation (`notation`), a bad request (`request`)."
        ),
        **HANDED_OVER,
        **NOT_FOUND,
        **DAMAGED,
        409: OpenApiResponse(
            s.ConflictSerializer, "The game has not started, or was called off: here it is."
        ),
        **NOT_JSON,
        **ERROR,
    },
)
@endpoint("POST")
def check(request: Request, game_id: int) -> Response:
    found = _watched_game(request, game_id)
    seat = _seat(request, found)
    statement = _("Send a JSON object with `action` (notation text or its JSON form).")
    body = _move_body(request, found, s.CheckSerializer, statement)
    if isinstance(body, Response):
        return body
    action = body[1]
    try:
        if found.status == Game.Status.OPEN:
            raise NotStarted
        checked = game_check(game_id=found.pk, seat=seat, action=action, actor=request.user)
    except Aborted as called_off:
        return _conflict(request, found, seat, str(called_off))
    except NotStarted:
        return _conflict(request, found, seat, _("This game has not started yet."))
    except NotSeated as error:
        raise PermissionDenied(str(error)) from None
    return Response(_verdict(found, seat, action, checked))


def _verdict(found: Game, seat: int, action: Any, checked: Checked) -> dict[str, Any]:
    """A dry run's answer: the move's words if legal, else its refusal; and, in a game that
    says more (``ApiSchema.outlook``), what a legal move would do."""
    refused = checked.refused
    site = game_type(found.rules).site
    played = rule_set(found.rules).action_to_json(action)
    body: dict[str, Any] = {
        "rules": found.rules,
        "sequence": checked.current.sequence,
        "legal": refused is None,
        "description": None,
        "rule": None,
        "message": None,
        "statement": None,
    }
    if refused is not None:
        message, statement = _refusal(refused, found)
        body.update(rule=refused.rule, message=message, statement=statement)
    else:
        body["description"] = site.describe_action(played, seat_names(found), found.config, seat)
    if site.api.outlook is not None:
        body["outlook"] = None
        if refused is None and isinstance(site, Outlooks):
            view = game_view(found, seat, checked.current)
            body["outlook"] = site.outlook(view, seat, played)
    return body


# Leaving a game --------------------------------------------------------------------------


def _ending(request: Request, game_id: int, command: Callable[..., object]) -> Response:
    """Resign or call off (``games.endings``), answered with the game as it then stands for
    the requester's seat: 403 without a seat, 409 with the game when it cannot be now."""
    no_body(request)
    found = _watched_game(request, game_id)
    try:
        command(game=found, user=request.user)
    except endings.EndingForbidden as refused:
        raise PermissionDenied(str(refused)) from None
    except endings.EndingRefused as refused:
        return _conflict(request, found, seat_of(found, request.user), str(refused))
    return Response(_detail(request.user, found.pk, seat_of(found, request.user)))


def _ending_schema(
    operation_id: str, summary: str, description: str, done: str, refused: str
) -> Callable[[Any], Any]:
    """An ending's operation as the schema documents it: 200 with the game (``done``), 403
    without a seat, 409 with the game (``refused``: why it cannot be now)."""
    return extend_schema(
        operation_id=operation_id,
        summary=summary,
        description=description,
        tags=["play"],
        parameters=[GAME_ID],
        request=None,
        responses={
            200: OpenApiResponse(s.GAME_DETAIL, done),
            **NO_BODY,
            **NOT_SEATED,
            **NOT_FOUND,
            **DAMAGED,
            409: OpenApiResponse(s.ConflictSerializer, refused),
            **ERROR,
        },
    )


@_ending_schema(
    "game_resign",
    "Resign",
    "Give up my seat of a game being played, for good: a bot of the table's level plays it "
    "to the end, the game asks me for no more moves (my seat is `handed_over`; a move of "
    "mine is a 403), and I rank after every player who did not resign, whatever my seat's "
    "score. The others play on; when every seat but one has resigned, that one is handed "
    "over too and bots finish the game at once, its player the winner. At a tournament's "
    "table, the tournament counts it as a timeout.",
    "Resigned: the game as it now stands.",
    "I cannot resign now (the game is not being played, I resigned already, every other "
    "player resigned): here it is.",
)
@endpoint("POST")
def resign(request: Request, game_id: int) -> Response:
    return _ending(request, game_id, endings.resign)


@_ending_schema(
    "game_abort",
    "Call the game off",
    "End a game being played with no result, while no player has moved yet (the deal, "
    "chance's draws and the bots' moves do not count): any of its players may. Its "
    "`status` becomes `aborted`: nothing is awaited, it takes no more moves and is rated "
    "nowhere. A tournament's table is not called off (resign instead).",
    "Called off: the game as it now stands.",
    "It cannot be called off (a player has moved, it is not being played, it is a "
    "tournament's table): here it is.",
)
@endpoint("POST")
def abort(request: Request, game_id: int) -> Response:
    return _ending(request, game_id, endings.abort)


# The event log --------------------------------------------------------------------------


@extend_schema(
    operation_id="game_events",
    summary="The event log",
    description="The game's events in order, as my seat may read them while the game runs "
    "(a spectator: public facts only), all of them revealed once it is over. Paginated by "
    "event number: pass the answer's `next` as `after` until it is null.",
    tags=["games"],
    parameters=[GAME_ID, s.EventPageQuerySerializer, *CONDITIONAL],
    responses={
        200: s.EVENT_PAGE,
        **NOT_MODIFIED,
        **INVALID,
        **NOT_FOUND,
        **DAMAGED,
        **ERROR,
    },
)
@endpoint("GET")
@etagged
def events(request: Request, game_id: int) -> Response:
    found = _watched_game(request, game_id)
    # As a plain dict: DRF reads an empty query value as a number left out, which the
    # schema's integer is not.
    page = s.EventPageQuerySerializer(data=request.query_params.dict())
    page.is_valid(raise_exception=True)
    seat = seat_of(found, request.user)
    entries = event_log(found, seat, **page.validated_data)
    names = seat_names(found)
    site = game_type(found.rules).site
    # The game's end is said with the site's winners (a player who resigned never wins, nor
    # one who made no move of their own); the event itself stays as the rules recorded it.
    resigned, absent = left_out(found.seats.only(*SEAT_MARKS))
    results = [
        {
            **entry,
            "description": site.describe_event(
                ended_as_ranked(entry, resigned, absent), names, seat, found.config
            ),
        }
        for entry in entries
    ]
    last = results[-1]["sequence"] if results else None
    body = {
        "rules": found.rules,
        "results": results,
        "next": last if last is not None and last < found.last_sequence else None,
        "last_sequence": found.last_sequence,
    }
    return Response(s.EventPageSerializer(body).data)


@extend_schema(
    operation_id="game_export",
    summary="The whole log of a game that has ended",
    description="Every event of a game that has ended, finished or called off, every secret "
    "included (the deck's order, the picks, the chain's salt and seed): the file "
    "`manage.py numx export` writes, verified by replaying it through the rules before it "
    "is served. Anybody signed in may fetch an ended public game's; a private game's only "
    "whoever may watch it.",
    tags=["games"],
    parameters=[GAME_ID],
    responses={
        200: s.GAME_LOG,
        **NOT_FOUND,
        **DAMAGED,
        409: OpenApiResponse(s.ErrorSerializer, "The game has not ended: its log stays secret."),
        **ERROR,
    },
)
@endpoint("GET")
def export(request: Request, game_id: int) -> Response:
    found = _watched_game(request, game_id)
    if not found.ended:
        return Response(
            {"detail": _("Only the log of a game that has ended can be exported.")},
            status=status.HTTP_409_CONFLICT,
        )
    log = export_game(found.pk)
    try:
        verify(log)
    except LogError as fault:  # a log that does not verify is a damaged game's
        events = log["events"]
        kind = events[fault.sequence - 1]["type"] if 0 < fault.sequence <= len(events) else ""
        raise store.Unreplayable(found.pk, fault.sequence, kind, fault) from fault
    return Response(log)


def exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    """DRF's handler (``REST_FRAMEWORK["EXCEPTION_HANDLER"]``), a body too large to read as
    a 400 (:func:`_too_large`), and a damaged game's 410
    naming the event its rules cannot replay (``games.damage``)."""
    if isinstance(exc, RequestDataTooBig):
        return drf_exception_handler(_too_large(), context)
    if not isinstance(exc, store.Unreplayable):
        return drf_exception_handler(exc, context)
    report(exc)
    body = {
        "detail": _(
            "This game is damaged: its event %(sequence)d cannot be replayed by its rules. "
            "The site's operators have been told."
        )
        % {"sequence": exc.sequence},
        "damaged": {"sequence": exc.sequence, "type": exc.type},
    }
    return Response(body, status=status.HTTP_410_GONE)


class SchemaView(SpectacularAPIView):
    """The OpenAPI 3 schema of the API (which does not list itself)."""

    @extend_schema(exclude=True)
    def get(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        return super().get(request, *args, **kwargs)


@csrf_exempt  # it changes nothing: a POST to a wrong address is a 404, not a CSRF failure
def not_found(request: HttpRequest, path: str = "") -> JsonResponse:
    """Any other address under /api/: a JSON 404, as the API answers everywhere."""
    return JsonResponse({"detail": _("Not found.")}, status=404)
