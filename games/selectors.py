"""Reads: what a person may see of games, always through the rule set's per-seat view and
redaction. Nothing here hands out a full state or a raw private payload."""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.db.models import (
    Count,
    Exists,
    F,
    OuterRef,
    Prefetch,
    QuerySet,
    prefetch_related_objects,
)

from games.deadlines import move_due
from games.events import store
from games.events.models import Event
from games.events.store import NOT_ACTIONS
from games.models import Game, GameMute, Seat, StandingOrder
from games.registry import rule_set

#: The largest id a game may have (a 64-bit signed column).
MAX_GAME_ID = 2**63 - 1


def seat_of(game: Game, user: AbstractBaseUser | None) -> int | None:
    """The seat ``user`` holds in ``game``, if any."""
    if user is None or not user.is_authenticated:
        return None
    return Seat.objects.filter(game=game, user_id=user.pk).values_list("number", flat=True).first()


def table_seats(game: Game) -> list[Seat]:
    """The game's seats in order, each with what the table shows of its player besides the
    game: ``muted`` (no emails about this game) and ``orders``, the player's standing
    orders, kind → the (round, trick) each was given for (it lapses when that trick ends).
    Each seat's ``game`` is ``game``, as read: a player's clock needs the game's deadline
    policy, and would otherwise read the row again for every awaited seat."""
    seats = _with_orders(_seats_shown().filter(game=game))
    for seat in seats:
        seat.game = game
    return seats


def game_and_seats(game_id: int) -> tuple[Game, list[Seat]] | None:
    """The game (None: there is none) and its ``table_seats``, the game read with them."""
    if not 0 < game_id <= MAX_GAME_ID:
        # No game has it, and the database would refuse to compare it (an id from a URL).
        return None
    seats = _with_orders(_seats_shown().filter(game_id=game_id).select_related("game"))
    if not seats:
        game = Game.objects.filter(pk=game_id).first()
        return None if game is None else (game, [])
    game = seats[0].game
    for seat in seats:
        seat.game = game  # one game object for all, as table_seats gives
    return game, seats


@functools.cache
def _seats_shown() -> QuerySet[Seat]:
    """Seats in order, each saying whether its player muted the game and whether any
    standing order is given; never read itself, only filtered (a copy) by each caller.

    Made once: resolving its two subqueries against the seats cost more than reading a
    table's seats with them, on every look at a table."""
    mutes = GameMute.objects.filter(game_id=OuterRef("game_id"), user_id=OuterRef("user_id"))
    given = StandingOrder.objects.filter(seat_id=OuterRef("pk"))
    return Seat.objects.annotate(muted=Exists(mutes), has_orders=Exists(given)).order_by("number")


def _with_orders(seats: QuerySet[Seat]) -> list[Seat]:
    """The seats, each with its ``orders``; the orders are read only when some seat has
    any, which few tables do."""
    found = list(seats)
    prefetch_related_objects([seat for seat in found if seat.has_orders], "standing_orders")
    for seat in found:
        orders = seat.standing_orders.all() if seat.has_orders else ()
        seat.orders = {order.kind: (order.round_no, order.trick) for order in orders}
    return found


def seat_among(seats: list[Seat], user: AbstractBaseUser | None) -> int | None:
    """The seat ``user`` holds among ``seats`` (in order), like ``seat_of`` without a query."""
    if user is None or not user.is_authenticated:
        return None
    return next((seat.number for seat in seats if seat.user_id == user.pk), None)


def seats_of(user: AbstractBaseUser) -> QuerySet[Seat]:
    """The user's seats, games awaiting them first, then running games, then finished ones,
    most recently moved first (the latest opened first among equals)."""
    # Ordered by the game's times as each seat carries them, which the seat's index
    # (user, awaited, times) serves: a page of a player's list is read off the index, not
    # by joining and sorting all their games. Running games have no finished_at, and
    # databases disagree on where NULLs sort (SQLite as the smallest value, PostgreSQL as
    # the largest): say where, or one of them lists finished games before running ones.
    finished_latest_first = F("game_finished_at").desc(nulls_first=True)
    return (
        Seat.objects.filter(user_id=user.pk)
        .select_related("game")
        .order_by("-awaited", finished_latest_first, "-game_updated_at", "-game_id")
    )


def game_over(seats: QuerySet[Seat], over: bool = True) -> QuerySet[Seat]:
    """Those of ``seats`` whose game is finished (``over=False``: is not), told by the time
    each seat carries, not by reading every game."""
    return seats.filter(game_finished_at__isnull=not over)


@dataclass
class TableBeingSet:
    """A member's seat at a table not started yet, with what the table waits for."""

    seat: Seat
    #: Seats still free.
    free: int
    #: The name of the player who opened it, and starts it once it is full.
    host: str
    #: Whether that player is the member.
    hosting: bool


def tables_being_set(seats: list[Seat]) -> list[TableBeingSet]:
    """``seats`` (each read with its game, at a table not started yet), each with its
    table's free seats and host, the seats of them all read in one query."""
    taken: dict[int, list[Seat]] = {}
    for other in Seat.objects.filter(game_id__in=[s.game_id for s in seats]).order_by("number"):
        taken.setdefault(other.game_id, []).append(other)
    return [
        TableBeingSet(
            seat=seat,
            free=int(seat.game.config["players"]) - len(taken.get(seat.game_id, [])),
            host=taken[seat.game_id][0].name,
            hosting=seat.game.created_by_id == seat.user_id,
        )
        for seat in seats
    ]


def most_urgent_first(seats: list[Seat]) -> list[Seat]:
    """Awaited seats (each read with its game) by the time left before the game's deadline
    policy moves for them, the soonest first; each gets its ``due`` time."""
    for seat in seats:
        seat.due = move_due(seat)
    return sorted(seats, key=lambda seat: (seat.due is None, seat.due or seat.game.created_at))


def awaited_others(seats: list[Seat]) -> dict[int, list[Seat]]:
    """For each game of ``seats`` (a player's own seats), the seats of other players it
    waits for, in seat order, by game id: one question however many games."""
    found: dict[int, list[Seat]] = {}
    others = (
        Seat.objects.filter(game__in=[seat.game_id for seat in seats], awaited=True)
        .exclude(pk__in=[seat.pk for seat in seats])
        .order_by("game", "number")
    )
    for seat in others:
        found.setdefault(seat.game_id, []).append(seat)
    return found


def next_game_awaiting(user: AbstractBaseUser, after: int | None = None) -> Game | None:
    """The running game that waits for ``user`` with the least time left, other than the
    game ``after`` (the one they are looking at); None if no other game waits for them."""
    waiting = seats_of(user).filter(awaited=True, game__status=Game.Status.RUNNING)
    if after is not None:
        waiting = waiting.exclude(game_id=after)
    urgent = most_urgent_first(list(waiting))
    return urgent[0].game if urgent else None


def game_view(
    game: Game, viewer: int | None, loaded: store.StateAt | None = None
) -> dict[str, Any]:
    """The game's current state as seat ``viewer`` (None: a spectator) may know it, with the
    number of the last event it reflects (for conflict checks and polling). ``loaded``: the
    state the caller already loaded, so that one page reads the game once."""
    loaded = loaded or store.load(game.pk, game.rules)
    return {"sequence": loaded.sequence, **rule_set(game.rules).view(loaded.state, viewer)}


def event_log(
    game: Game,
    viewer: int | None,
    after: int = 0,
    limit: int | None = None,
    loaded: store.StateAt | None = None,
) -> list[dict[str, Any]]:
    """The game's events after ``after`` as ``viewer`` may read them: secrets stay hidden
    until the game reveals them (picks, choices), and all are shown once it is over.
    ``loaded``: the state whose secrets they keep (a replay's step), the game's current
    one by default."""
    rules = rule_set(game.rules)
    now = (loaded or store.load(game.pk, game.rules)).state
    entries = []
    for event in store.read(
        game.pk, rules, after=after, upto=None if limit is None else after + limit
    ):
        payload = event.payload
        if event.type in NOT_ACTIONS:
            action, facts = payload, {}  # public: milestones, resignations, an abort
        else:
            assert event.seat is not None
            own = {key: value for key, value in payload.items() if key != "facts"}
            action, facts = rules.redact(event.seat, own, payload.get("facts", {}), viewer, now)
        entries.append(
            {
                "sequence": event.sequence,
                "type": event.type,
                "seat": event.seat,
                "action": action,
                "facts": facts,
                "recorded_at": event.recorded_at.isoformat(),
            }
        )
    _say_who_resigned(game, entries)
    return entries


def _say_who_resigned(game: Game, entries: list[dict[str, Any]]) -> None:
    """Mark each resignation among ``entries`` with whether its seat's own player recorded
    it (``by_player``): not so when another took them off their seat (``endings.take_off``:
    a tournament's organiser withdrew them), which the history says as such. For the words
    only: the API serves the declared fields of an event, not this one. One query for the
    events' actors and one for the seats, only when a resignation is among them."""
    resignations = [entry for entry in entries if entry["type"] == store.RESIGNED]
    if not resignations:
        return
    actors = dict(
        Event.objects.filter(
            game=game, sequence__in=[entry["sequence"] for entry in resignations]
        ).values_list("sequence", "actor_id")
    )
    players = {
        number: user or former
        for number, user, former in game.seats.values_list("number", "user_id", "former_user_id")
    }
    for entry in resignations:
        entry["by_player"] = actors.get(entry["sequence"]) == players.get(entry["seat"])


@dataclass(frozen=True)
class Members:
    """The members seated at a game (``user``: each one's seat → user id; the site's bots
    and seats held by nobody left out) and the seats of theirs still in play: not handed
    to a bot for the rest of the game (``games.endings``), so asked to move."""

    user: dict[int, int]
    playing: frozenset[int]


def members_of(game: Game) -> Members:
    """``game``'s :class:`Members`, in one query."""
    held = game.seats.filter(user__isnull=False, is_bot=False)
    rows = list(held.values_list("number", "user_id", "handed_over_at"))
    return Members(
        {number: user for number, user, _over in rows},
        frozenset(number for number, _user, over in rows if over is None),
    )


def called_off_by(game: Game) -> int | None:
    """The seat whose player called ``game`` off (``games.endings.abort``), if one did."""
    called = Event.objects.filter(game=game, type=store.ABORTED)
    return called.values_list("seat", flat=True).first()


def resigned_by(game: Game, upto: int) -> frozenset[int]:
    """The seats whose players had resigned by event ``upto`` of ``game``."""
    resigned = Event.objects.filter(game=game, type=store.RESIGNED, sequence__lte=upto)
    return frozenset(resigned.values_list("seat", flat=True))


def already_recorded(game: Game, seat: int, idempotency_key: str) -> bool:
    """Whether ``seat``'s submission with this key is already recorded in ``game``."""
    return Event.objects.filter(game=game, seat=seat, idempotency_key=idempotency_key).exists()


def open_games(user: AbstractBaseUser, limit: int = 20) -> list[tuple[Game, int]]:
    """Public tables still being set that ``user`` has no seat at, with their free seats;
    each game's seats (in order, as ``seats_in_order``: its creator, the host, first) read
    with it, for the lobby to say who hosts and who sits there."""
    games = list(
        Game.objects.filter(status=Game.Status.OPEN, is_public=True)
        .exclude(seats__user_id=user.pk)
        .annotate(taken=Count("seats"))
        .order_by("-created_at")[:limit]
    )
    prefetch_related_objects(
        games, Prefetch("seats", queryset=Seat.objects.order_by("number"), to_attr="seats_in_order")
    )
    return [(game, int(game.config["players"]) - game.taken) for game in games]


def finished_games(limit: int = 5) -> QuerySet[Game]:
    """The latest finished public games: anyone may replay them (a private game is
    replayed only by whoever was given its address)."""
    finished = Game.objects.filter(status=Game.Status.FINISHED, is_public=True)
    return finished.order_by("-finished_at")[:limit]


def games_to_watch(limit: int = 5, viewer: AbstractBaseUser | None = None) -> QuerySet[Game]:
    """Running games listed for spectators: public ones only (a private game is watched
    only by whoever was given its address), none ``viewer`` plays in (their own lists
    have those)."""
    running = Game.objects.filter(status=Game.Status.RUNNING, is_public=True)
    if viewer is not None:
        running = running.exclude(seats__user_id=viewer.pk)
    return running.order_by("-updated_at")[:limit]
