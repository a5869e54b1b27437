"""Tournaments of the site's tests: an organiser (Alice), players made on demand, and
tables played out by random legal moves, each through ``game_submit`` as the seat's
player."""

from __future__ import annotations

import random
from collections.abc import Callable
from datetime import timedelta
from typing import Any

import pytest
from allauth.account.models import EmailAddress
from django.contrib.auth.models import User
from django.utils import timezone

from games import services as games_services
from games.bots import MAX_MOVES
from games.events import store
from games.models import Game
from games.registry import rule_set
from games.services import game_submit
from tests.members import named
from tournaments.models import Stage, Table, Tournament
from tournaments.services import stage_start, tournament_create, tournament_register

Players = Callable[[int], list[User]]


@pytest.fixture(autouse=True)
def _states_cached_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """A test runs in one transaction whose after-commit hooks never run, so the state
    cache would stay empty and every move would replay its game from the first event
    (tournament tests play whole X-Games). Here each recorded state is cached at once, as
    after a commit; consumers are not dispatched (tests call them when they need them).
    """

    def cache(game_id: int, loaded: store.StateAt) -> None:
        store.CACHE.put(game_id, loaded)

    monkeypatch.setattr(games_services, "react_after_commit", cache)


def member(name: str) -> User:
    """A member of the site with a verified address, as tests/conftest.py makes them but
    without a password (hashing one takes a good part of a second)."""
    user = User.objects.create_user(name, f"{name}@example.com")
    EmailAddress.objects.create(user=user, email=user.email, verified=True, primary=True)
    return named(user)


@pytest.fixture
def make_players(db: None) -> Players:
    """``make_players(n)``: n new members, player1, player2..."""
    made: list[User] = []

    def make(count: int) -> list[User]:
        start = len(made)
        made.extend(member(f"player{start + i + 1}") for i in range(count))
        return made[start:]

    return make


@pytest.fixture
def league(alice: User) -> Tournament:
    """Alice's tournament, taking registrations: three stages at tables of four."""
    return tournament_create(
        organiser=alice,
        name="Spring league",
        description="Three stages of X-Games.",
        registration_closes=timezone.now() + timedelta(days=7),
    )


def register_all(tournament: Tournament, users: list[User]) -> None:
    for user in users:
        tournament_register(tournament=tournament, user=user)


def play_out(game: Game, rng: random.Random, moves: int = MAX_MOVES) -> Game:
    """Random legal moves (up to ``moves``) by whoever may act, each submitted through
    ``game_submit`` by the seat's own player (the system for a seat handed over to a bot),
    until the game ends."""
    rules = rule_set(game.rules)
    users = dict(game.seats.filter(handed_over_at__isnull=True).values_list("number", "user"))
    for _ in range(moves):
        loaded = store.load(game.pk, game.rules)
        seats = sorted(rules.to_act(loaded.state) - {rules.chance})
        if not seats:
            break
        seat = rng.choice(seats)
        action = rules.legal_actions(loaded.state, seat).sample(rng)
        game_submit(
            game_id=game.pk,
            seat=seat,
            action=action,
            expected_sequence=loaded.sequence,
            actor=User.objects.get(pk=users[seat]) if users.get(seat) else None,
            rng=rng,
        )
    game.refresh_from_db()
    return game


def fake_result(table: Table, scores: dict[str, int], timed_out: tuple[str, ...] = ()) -> None:
    """Record a table's result (scores by user name) without playing its game: for pages
    and seating, which only read recorded results."""
    for place in table.players.select_related("entry__user"):
        name = place.entry.user.username
        place.score, place.xtrems, place.timed_out = scores[name], 0, name in timed_out
        place.save()
    table.recorded_at = timezone.now()
    table.save()
    stage = table.stage
    if not stage.tables.filter(recorded_at__isnull=True).exists():
        stage.finished_at = timezone.now()
        stage.save()


def three_winners(tournament: Tournament, players: list[User]) -> list[User]:
    """Nine ``players`` at stage 1's three tables of three, each table won (4 points) with
    50, 40 and 30 points of NUM-X score, the seconds' scores differing too: the winners,
    the best score first."""
    stage = first_stage(tournament, players, 3)
    winners = []
    for table, best in zip(stage.tables.order_by("number"), (50, 40, 30), strict=True):
        names = [p.entry.user.username for p in table.players.order_by("seat")]
        fake_result(table, dict(zip(names, (best, 10 - best // 10, 0), strict=True)))
        winners.append(User.objects.get(username=names[0]))
    return winners


def one_table_of_three(tournament: Tournament, players: list[User], scores: list[int]) -> None:
    """The three ``players`` at stage 1's one table, which they finish with ``scores``."""
    (table,) = first_stage(tournament, players, 1).tables.all()
    fake_result(table, {user.username: score for user, score in zip(players, scores, strict=True)})


def open_for_a_day(organiser: User, name: str, **options: Any) -> Tournament:
    """The organiser's tournament of ``options`` (the defaults otherwise), taking
    registrations for a day."""
    return tournament_create(
        organiser=organiser,
        name=name,
        registration_closes=timezone.now() + timedelta(days=1),
        **options,
    )


def first_stage(tournament: Tournament, players: list[User], seed: int) -> Stage:
    """``players`` registered to ``tournament``, its organiser starts stage 1 (the seating
    and deals drawn from ``seed``)."""
    register_all(tournament, players)
    return stage_start(tournament=tournament, by=tournament.organiser, rng=random.Random(seed))


def with_a_final(organiser: User, name: str = "Cup", **options: Any) -> Tournament:
    """The organiser's tournament of stages then a final, taking registrations for a day:
    one stage and a final of three unless ``options`` say otherwise."""
    return tournament_create(
        organiser=organiser,
        name=name,
        format=Tournament.Format.FINAL,
        registration_closes=timezone.now() + timedelta(days=1),
        **{"stage_count": 1, "final_size": 3, **options},
    )


def cup_to_the_final(organiser: User, players: list[User]) -> tuple[Table, Table]:
    """The organiser's "Cup" of one stage and a final of three, for four ``players``:
    its one first-stage table (players ranked by their order) and its final's."""
    cup = with_a_final(organiser)
    register_all(cup, players)
    (first,) = stage_start(tournament=cup, by=organiser, rng=random.Random(4)).tables.all()
    fake_result(first, {user.username: 10 * rank for rank, user in enumerate(players)})
    (final,) = stage_start(tournament=cup, by=organiser, rng=random.Random(4)).tables.all()
    return first, final
