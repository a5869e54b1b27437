"""Objectifs games for the site's tests: started between the standing cast, played on by the
engine's own bot until a position a test needs, and moves posted from the table's forms."""

from __future__ import annotations

import random
import uuid
from collections.abc import Callable, Sequence
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client

from games.engine.objectifs import RULES, Action, ObjectifsState, Play
from games.events import store
from games.models import Game
from games.services import SeatSpec, game_create, game_submit

from .places import places

Login = Callable[[User], Client]
Commit = Callable[[Callable[[], object]], object]


def start(users: Sequence[User], seed: int = 3, **options: Any) -> Game:
    """A public game between ``users`` (seat order), chance drawn from ``seed``."""
    return game_create(
        name="Objectifs",
        rules="objectifs",
        config={"players": len(users), **options},
        seats=[SeatSpec(user.username, user=user) for user in users],
        created_by=users[0],
        rng=random.Random(seed),
        public=True,
    )


def state(game: Game) -> ObjectifsState:
    loaded: ObjectifsState = store.load(game.pk, game.rules).state
    return loaded


def last(game: Game) -> int:
    game.refresh_from_db()
    return game.last_sequence


class EndedFirst(AssertionError):
    """The game ended before the position a test waited for came up."""


def advance(
    game: Game, until: Callable[[ObjectifsState], bool], seed: int = 0, limit: int = 3000
) -> ObjectifsState:
    """Play the engine's bot for the seats the game waits for (the first of them), move
    after move, until ``until`` holds of the state; fails past ``limit`` moves."""
    rng = random.Random(seed)
    for _move in range(limit):
        loaded = store.load(game.pk, game.rules)
        now: ObjectifsState = loaded.state
        if until(now):
            game.refresh_from_db()
            return now
        if RULES.is_terminal(now):
            raise EndedFirst("the game ended before the position came up")
        seat = min(RULES.awaiting(now) - {RULES.chance})
        action = RULES.bot_action(now, seat, rng)
        game_submit(game_id=game.pk, seat=seat, action=action, expected_sequence=loaded.sequence)
    pytest.fail("the position never came up")


def advance_in_some_game(
    game: Game, until: Callable[[ObjectifsState], bool], games: int = 5
) -> tuple[Game, ObjectifsState]:
    """:func:`advance` ``game``, or, if it ends first, new games between its players (chance
    after the first deal comes from each game's own secret seed: a rare position may not
    come up in a given game), until ``until`` holds; the game and its state."""
    users = [seat.user for seat in game.seats.order_by("number")]
    for attempt in range(games):
        try:
            return game, advance(game, until)
        except EndedFirst:
            game = start(users, seed=100 + attempt)
    pytest.fail(f"the position never came up in {games} games")


def legal(now: ObjectifsState, seat: int, kind: type[Action] | None = None) -> list[Action]:
    """``seat``'s legal moves (of ``kind`` only, if given)."""
    return [a for a in RULES.legal_actions(now, seat) if kind is None or isinstance(a, kind)]


def post(client: Client, game: Game, form: str, sequence: int | None = None, **fields: Any) -> Any:
    """Post the table's form ``form`` with ``fields`` (a list for boxes ticked), against the
    game's last event or ``sequence``."""
    seen = last(game) if sequence is None else sequence
    data = {
        "form": form,
        f"{form}-expected_sequence": str(seen),
        f"{form}-idempotency_key": uuid.uuid4().hex,
        **{f"{form}-{name}": value for name, value in fields.items()},
    }
    return client.post(f"/games/{game.pk}/move/", data, HTTP_HX_REQUEST="true")


def pli_fields(now: ObjectifsState, seat: int, play: Play) -> dict[str, Any]:
    """The pli form's fields that lay ``play`` for ``seat``: its hand's boxes, its malus
    cards' boxes (``seat.place``), the X-Jokers' value, the Echange or Malus + with it."""
    hand = sorted(now.hands[seat])
    fields: dict[str, Any] = {"cards": places([str(c) for c in hand], [str(c) for c in play.hand])}
    rows: list[str] = []
    for owner in sorted({taken.seat for taken in play.rows}):
        row = [str(c) for c in now.rows[owner]]
        wanted = [str(t.card) for t in play.rows if t.seat == owner]
        rows += [f"{owner}.{place}" for place in places(row, wanted)]
    fields["rows"] = rows
    if play.value is not None:
        fields["value"] = "infinity" if play.value == 14 else str(play.value)
    if play.action is not None:
        fields["carried"] = str(play.action)
    return fields


@pytest.fixture
def commit(django_capture_on_commit_callbacks: Callable[..., object]) -> Commit:
    """Run ``work`` and then what waits for its commit (the consumers: bots, emails)."""

    def run(work: Callable[[], object]) -> object:
        with django_capture_on_commit_callbacks(execute=True):  # type: ignore[operator]
            return work()

    return run


@pytest.fixture
def carol(db: None) -> User:
    """Somebody who only watches."""
    return User.objects.create_user("carol", "carol@example.com")
