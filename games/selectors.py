"""Reads: what a person may see of games, always through the rule set's per-seat view and
redaction. Nothing here hands out a full state or a raw private payload."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.db.models import Count, QuerySet

from games.engine.ruleset import rule_set
from games.events import store
from games.events.models import Event
from games.events.store import MILESTONES
from games.models import Game, Seat


def seat_of(game: Game, user: AbstractBaseUser | None) -> int | None:
    """The seat ``user`` holds in ``game``, if any."""
    if user is None or not user.is_authenticated:
        return None
    return Seat.objects.filter(game=game, user_id=user.pk).values_list("number", flat=True).first()


def seats_of(user: AbstractBaseUser) -> QuerySet[Seat]:
    """The user's seats, games awaiting them first, then running games, then finished ones,
    most recently moved first."""
    return (
        Seat.objects.filter(user_id=user.pk)
        .select_related("game")
        .order_by("-awaited", "game__finished_at", "-game__updated_at")
    )


def game_view(game: Game, viewer: int | None, loaded: store.Loaded | None = None) -> dict[str, Any]:
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
    loaded: store.Loaded | None = None,
) -> list[dict[str, Any]]:
    """The game's events after ``after`` as ``viewer`` may read them: secrets stay hidden
    until the game reveals them (picks, choices), and all are shown once it is over.
    ``loaded``: the game's current state, if the caller has it."""
    rules = rule_set(game.rules)
    now = (loaded or store.load(game.pk, game.rules)).state
    entries = []
    for event in store.read(game.pk, after=after, upto=None if limit is None else after + limit):
        payload = event.payload
        if event.type in MILESTONES:
            action, facts = payload, {}  # public: the game's own milestones
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
    return entries


def already_recorded(game: Game, seat: int, idempotency_key: str) -> bool:
    """Whether ``seat``'s submission with this key is already recorded in ``game``."""
    return Event.objects.filter(game=game, seat=seat, idempotency_key=idempotency_key).exists()


def open_games(user: AbstractBaseUser, limit: int = 20) -> list[tuple[Game, int]]:
    """Public tables still being set that ``user`` has no seat at, with their free seats."""
    games = (
        Game.objects.filter(status=Game.Status.OPEN, is_public=True)
        .exclude(seats__user_id=user.pk)
        .annotate(taken=Count("seats"))
        .order_by("-created_at")[:limit]
    )
    return [(game, int(game.config["players"]) - game.taken) for game in games]


def finished_games(limit: int = 5) -> QuerySet[Game]:
    """The latest finished games: anyone may replay them."""
    return Game.objects.filter(status=Game.Status.FINISHED).order_by("-finished_at")[:limit]


def games_to_watch(limit: int = 5) -> QuerySet[Game]:
    """Running games listed for spectators: public ones only (a private game is watched
    only by whoever was given its address)."""
    running = Game.objects.filter(status=Game.Status.RUNNING, is_public=True)
    return running.order_by("-updated_at")[:limit]
