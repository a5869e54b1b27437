"""A player's list of games (``GET /api/games/``, the lobby and the page of their finished
games) in every state of their games, a page at a time; the order is read from each seat's
copy of its game's times, which moves and endings keep in step, and (PostgreSQL) off one
index, however many games the player has."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from django.contrib.auth.models import User
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.utils import timezone
from rest_framework.test import APIClient

from accounts.models import profile_of
from games.api.views import GamePages
from games.lobby import game_join, game_open
from games.models import Game, Seat
from games.selectors import seats_of
from games.views import finished as finished_views
from tests.api.test_games import two_player_game
from tests.clients import token_client
from tests.migrations import migrate

pytestmark = pytest.mark.django_db


def listed_by_api(client: APIClient) -> list[str]:
    """The names of every page of ``GET /api/games/``, in order."""
    names: list[str] = []
    page: int | None = 1
    while page is not None:
        answer = client.get("/api/games/", {"page": page}).json()
        names += [game["name"] for game in answer["results"]]
        page = answer["next_page"]
    return names


def lobby_lists(client: Client) -> dict[str, list[str]]:
    """The lobby's lists of the player's games, by name, and every page of their finished
    games' own (``all finished``)."""
    page = client.get("/games/")
    lists = {
        key: [seat.game.name for seat in page.context[key]]
        for key in ("awaiting", "playing", "finished")
    }
    lists["waiting"] = [table.seat.game.name for table in page.context["waiting"]]
    lists["all finished"] = []
    number: int | None = 1
    while number is not None:
        finished = client.get("/games/finished/", {"page": number}).context["finished"]
        lists["all finished"] += [seat.game.name for seat in finished]
        number = finished.next_page_number() if finished.has_next() else None
    return lists


def assert_seats_carry_their_games_times() -> None:
    for seat in Seat.objects.select_related("game"):
        assert (seat.game_finished_at, seat.game_updated_at) == (
            seat.game.finished_at,
            seat.game.updated_at,
        ), seat.game.name


def test_my_games_in_every_state_a_page_at_a_time_and_as_they_move(
    as_alice: APIClient,
    alice: User,
    bob: User,
    carol: User,
    play_first: Callable[[Game, int], None],
    advance: Callable[..., Game],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Two a page, one finished game a page of their own: the lists run over several.
    monkeypatch.setattr(GamePages, "page_size", 2)
    monkeypatch.setattr(finished_views, "FINISHED_PER_PAGE", 1)
    done = lambda game: game.status == Game.Status.FINISHED  # noqa: E731
    advance(two_player_game("Older", alice, bob), done)
    bob_to_pick = two_player_game("Bob to pick", alice, bob)
    play_first(bob_to_pick, 0)
    opened = game_open(creator=bob, name="Still open", config={"players": 3})
    game_join(game=opened, user=alice, token=opened.invite_token)
    my_pick = two_player_game("My pick", bob, alice)
    carol_to_pick = two_player_game("Carol to pick", carol, alice)
    play_first(carol_to_pick, 1)
    advance(two_player_game("Newer", bob, alice), done)
    two_player_game("Not mine", bob, carol)
    browser = Client()
    browser.force_login(alice)

    # Awaited first; then the games still going (or being set), the latest moved first;
    # then the finished ones, the latest ended first.
    assert listed_by_api(as_alice) == [
        "My pick",
        "Carol to pick",
        "Still open",
        "Bob to pick",
        "Newer",
        "Older",
    ]
    assert lobby_lists(browser) == {
        "awaiting": ["My pick"],
        "playing": ["Carol to pick", "Bob to pick"],
        "waiting": ["Still open"],
        "finished": ["Newer", "Older"],
        "all finished": ["Newer", "Older"],
    }
    assert_seats_carry_their_games_times()

    # Bob plays: his game moved last, and is listed first of those not awaiting Alice.
    play_first(bob_to_pick, 1)
    assert listed_by_api(as_alice) == [
        "My pick",
        "Bob to pick",
        "Carol to pick",
        "Still open",
        "Newer",
        "Older",
    ]
    # Alice's game ends: it goes to the top of the finished ones.
    advance(my_pick, done)
    assert listed_by_api(as_alice)[-3:] == ["My pick", "Newer", "Older"]
    assert lobby_lists(browser)["finished"] == ["My pick", "Newer", "Older"]
    assert lobby_lists(browser)["all finished"] == ["My pick", "Newer", "Older"]
    assert_seats_carry_their_games_times()


def test_games_of_the_same_moment_are_listed_the_latest_opened_first(
    as_alice: APIClient, alice: User, bob: User, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(GamePages, "page_size", 1)
    games = [game_open(creator=alice, name=f"Open {n}", config={"players": 3}) for n in range(3)]
    moment = games[0].updated_at
    Game.objects.update(updated_at=moment)
    Seat.objects.update(game_updated_at=moment)

    # Page after page, each once, in one order.
    assert listed_by_api(as_alice) == ["Open 2", "Open 1", "Open 0"]


def test_a_full_page_of_games_asks_no_more_than_a_short_one(
    alice: User, bob: User, carol: User
) -> None:
    """Failed before: each game listed asked again which of its players are bot accounts
    (54 queries for a page of 50 games, against 5 now)."""
    profile = profile_of(carol)
    profile.bot_account = True
    profile.save()
    for player, count in ((alice, 3), (bob, 60)):
        for number in range(count):
            game = Game.objects.create(
                name=f"{player.username} {number}",
                config={"players": 2},
                status=Game.Status.FINISHED,
                finished_at=timezone.now(),
            )
            Seat.objects.create(game=game, number=0, user=player, name=player.username)
            Seat.objects.create(game=game, number=1, user=carol, name="carol")
    reads = []
    for player in (alice, bob):
        client = token_client(player, ["read"])
        with CaptureQueriesContext(connection) as queries:
            listed = client.get("/api/games/").json()["results"]
        reads.append(len(queries.captured_queries))
        # Carol's seat is still told a bot account's in every game of the page.
        assert [seat["bot_account"] for game in listed for seat in game["seats"]] == [
            False,
            True,
        ] * len(listed)
    assert len(listed) == GamePages.page_size
    assert reads[0] == reads[1]


@pytest.mark.postgres
def test_a_veterans_first_page_is_read_off_the_seats_index(alice: User, bob: User) -> None:
    """The order of the list is the index's: PostgreSQL reads the first page's seats off it
    instead of joining and sorting all the player's games (told by forbidding sorts: a plan
    that still sorts needs one)."""
    for n in range(3):
        two_player_game(f"Game {n}", alice, bob)
    query, params = seats_of(alice)[:50].query.sql_with_params()
    with connection.cursor() as cursor:
        cursor.execute("SET LOCAL enable_sort = off")
        cursor.execute(f"EXPLAIN {query}", params)
        plan = "\n".join(row[0] for row in cursor.fetchall())
    assert "Sort" not in plan, plan
    assert "seat_user_listed" in plan, plan


@pytest.mark.postgres
def test_seats_before_the_migration_get_their_games_times(
    as_alice: APIClient, alice: User, bob: User, advance: Callable[..., Game]
) -> None:
    """(PostgreSQL: the migrations' schema changes run in the test's transaction, which
    SQLite's schema editor refuses.)"""
    advance(two_player_game("Over", alice, bob), lambda game: game.finished_at is not None)
    two_player_game("My pick", bob, alice)
    opened = game_open(creator=alice, name="Still open", config={"players": 3})
    expected = listed_by_api(as_alice)

    with connection.cursor() as cursor:
        # The foreign keys' checks are deferred to the commit: done now, so that the
        # columns the migration drops can be dropped in this transaction.
        cursor.execute("SET CONSTRAINTS ALL IMMEDIATE")
    migrate([("games", "0016_game_opening_key")])  # the seats without their games' times
    migrate()

    assert_seats_carry_their_games_times()
    assert listed_by_api(as_alice) == expected == ["My pick", "Still open", "Over"]
    assert Seat.objects.get(game=opened).game_finished_at is None
