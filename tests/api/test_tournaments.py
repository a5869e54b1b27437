"""Tournaments in the API: the list, one tournament with its tables, its standings."""

import random
from collections.abc import Callable
from datetime import timedelta
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.utils import timezone
from rest_framework.test import APIClient
from rest_framework.throttling import UserRateThrottle

from accounts.models import profile_of
from tests.members import named
from tests.tournaments.conftest import first_stage, open_for_a_day
from tournaments.models import Table, Tournament
from tournaments.services import (
    entry_withdraw,
    stage_start,
    tournament_create,
    tournament_register,
)

pytestmark = pytest.mark.django_db


def record(table: Table, scores: dict[str, int]) -> None:
    for place in table.players.select_related("entry__user"):
        place.score, place.xtrems = scores[place.entry.user.username], 0
        place.save()
    table.recorded_at = timezone.now()
    table.save()


def members(*names: str) -> list[User]:
    """New members of these user names, each shown by it."""
    return [named(User.objects.create_user(name)) for name in names]


def test_tournaments_are_listed(league: Tournament, as_bob: APIClient) -> None:
    response = as_bob.get("/api/tournaments/")
    assert response.status_code == 200
    (listed,) = response.json()
    assert (listed["id"], listed["name"], listed["table_size"]) == (league.pk, "Autumn league", 3)


def test_the_organiser_is_shown_by_the_name_players_see(
    league: Tournament, alice: User, as_bob: APIClient
) -> None:
    """Never the account's user name, which allauth makes from the email address."""
    alice.username = "alice.secret"
    alice.save()
    profile = profile_of(alice)
    profile.display_name = "Alice the Organiser"
    profile.save()
    (listed,) = as_bob.get("/api/tournaments/").json()
    assert listed["organiser"] == "Alice the Organiser"
    assert as_bob.get(f"/api/tournaments/{league.pk}/").json()["organiser"] == listed["organiser"]


def test_a_tournament_shows_its_tables_as_ordinary_games(
    league: Tournament, as_bob: APIClient
) -> None:
    data = as_bob.get(f"/api/tournaments/{league.pk}/").json()
    (stage,) = data["stage_list"]
    (table,) = stage["tables"]
    assert sorted(p["name"] for p in table["players"]) == ["alice", "bob", "carol"]
    game = as_bob.get(f"/api/games/{table['game']}/")
    assert game.status_code == 200 and game.json()["state"]["phase"] == "opening-pick"


def test_standings_follow_the_recorded_tables(league: Tournament, as_bob: APIClient) -> None:
    table = Table.objects.get(stage__tournament=league)
    record(table, {"alice": 30, "bob": 50, "carol": 10})
    lines = as_bob.get(f"/api/tournaments/{league.pk}/standings/").json()
    assert [(line["rank"], line["name"], line["points"]) for line in lines] == [
        (1, "bob", 4.0),
        (2, "alice", 2.0),
        (3, "carol", 1.0),
    ]
    assert lines[0]["score"] == 50


def test_the_standings_are_read_without_a_token_as_their_page_and_csv_are(
    league: Tournament, as_bob: APIClient, client: Client, openapi: dict[str, Any]
) -> None:
    """Failed before: a 401 for whoever had no token, where anybody reads the standings'
    page and CSV (tournaments are public)."""
    record(Table.objects.get(stage__tournament=league), {"alice": 30, "bob": 50, "carol": 10})
    address = f"/api/tournaments/{league.pk}/standings/"

    anonymous = APIClient().get(address)

    assert anonymous.status_code == 200
    assert anonymous.json() == as_bob.get(address).json()
    assert client.get(f"/tournaments/{league.pk}/standings.csv").status_code == 200
    # The schema says so: no credentials is one of its ways in.
    assert {} in openapi["paths"]["/api/tournaments/{tournament_id}/standings/"]["get"]["security"]


def test_players_who_have_not_played_yet_have_no_rank_nor_points(
    league: Tournament, as_bob: APIClient
) -> None:
    """Failed before: before the table was recorded, everybody was rank 1, tied, with 0
    points, as if all had played and drawn; the standings page shows them nothing."""
    lines = as_bob.get(f"/api/tournaments/{league.pk}/standings/").json()
    assert {line["name"] for line in lines} == {"alice", "bob", "carol"}
    for line in lines:
        assert (line["tables"], line["tied"]) == (0, False)
        assert [line[key] for key in ("rank", "points", "score", "opponents_points", "xtrems")] == [
            None
        ] * 5


def test_standings_say_who_withdrew_and_the_finals_places_as_the_csv_does(
    alice: User, as_bob: APIClient
) -> None:
    """Failed before: the CSV's withdrawn and final_place columns had no counterpart in
    the API, so a program publishing the standings showed a withdrawn player as any
    other and could not tell the finalists' order from the points'."""
    cup = open_for_a_day(alice, "Cup", format=Tournament.Format.FINAL, stage_count=1, final_size=3)
    (first,) = first_stage(cup, members("ann", "ben", "cat", "dee"), 4).tables.all()
    record(first, {"ann": 40, "ben": 30, "cat": 20, "dee": 10})
    (final,) = stage_start(tournament=cup, by=alice, rng=random.Random(4)).tables.all()
    entry_withdraw(entry=cup.entries.get(user__username="dee"), by=alice)
    record(final, {"ann": 10, "ben": 30, "cat": 20})
    lines = as_bob.get(f"/api/tournaments/{cup.pk}/standings/").json()
    assert [(line["name"], line["final_place"], line["withdrawn"]) for line in lines] == [
        ("ben", 1, False),
        ("cat", 2, False),
        ("ann", 3, False),
        ("dee", None, True),
    ]


def test_a_tables_players_have_their_score_and_why_they_have_no_place_as_the_page_says(
    alice: User, as_bob: APIClient, client: Client
) -> None:
    """Failed before: the tables page shows each finished table's NUM-X scores and marks a
    player without a place "(withdrawn)", "(resigned)" or "(timed out)"; the API gave a
    place and points only, so a program publishing the tables had a null rank and 0
    points to explain, and no score."""
    league = open_for_a_day(alice, "League", table_size=4)
    (table,) = first_stage(league, members("ann", "ben", "cat", "dee"), 4).tables.all()
    before = as_bob.get(f"/api/tournaments/{league.pk}/").json()
    assert {p["score"] for p in before["stage_list"][0]["tables"][0]["players"]} == {None}
    entry_withdraw(entry=league.entries.get(user__username="dee"), by=alice)
    place = table.players.get(entry__user__username="cat")
    place.timed_out = True
    place.save()
    record(table, {"ann": 40, "ben": 30, "cat": 20, "dee": 10})
    (stage,) = as_bob.get(f"/api/tournaments/{league.pk}/").json()["stage_list"]
    players = {p["name"]: p for p in stage["tables"][0]["players"]}
    assert {name: (p["score"], p["rank"], p["forfeit"]) for name, p in players.items()} == {
        "ann": (40, 1, None),
        "ben": (30, 2, None),
        "cat": (20, None, "timed-out"),
        "dee": (10, None, "withdrawn"),
    }
    page = client.get(f"/tournaments/{league.pk}/tables/").content.decode()
    assert "cat (timed out)" in page and "dee (withdrawn)" in page


def test_standings_after_an_earlier_stage_as_the_page_and_the_csv_give_them(
    alice: User, as_bob: APIClient
) -> None:
    """Failed before: ?stage= was ignored, so a program publishing each stage's standings
    got the latest ones whatever it asked (the page and the CSV give those after the
    stage asked for, and a 404 for a stage not played)."""
    league = open_for_a_day(alice, "Two stages", table_size=3, stage_count=2)
    (first,) = first_stage(league, members("ann", "ben", "cat"), 4).tables.all()
    record(first, {"ann": 40, "ben": 30, "cat": 20})
    (second,) = stage_start(tournament=league, by=alice, rng=random.Random(4)).tables.all()
    record(second, {"ann": 10, "ben": 30, "cat": 20})
    address = f"/api/tournaments/{league.pk}/standings/"
    after_one = as_bob.get(address, {"stage": 1}).json()
    assert [(line["name"], line["points"]) for line in after_one] == [
        ("ann", 4.0),
        ("ben", 2.0),
        ("cat", 1.0),
    ]
    latest = as_bob.get(address).json()
    assert [(line["name"], line["points"]) for line in latest] == [
        ("ben", 6.0),
        ("ann", 5.0),
        ("cat", 3.0),
    ]
    for stage in ("3", "0", "x"):
        assert as_bob.get(address, {"stage": stage}).status_code == 404


def test_the_list_and_a_tournament_are_read_without_a_token_as_their_pages_are(
    league: Tournament, alice: User, as_bob: APIClient, client: Client, openapi: dict[str, Any]
) -> None:
    """Failed before: a 401 for whoever had no token, where anybody reads the tournaments'
    page, a tournament's page and its tables' page; the answer names players as those
    pages do, never by an account's email address or the user name made from it."""
    alice.username = "alice@example.com"
    alice.save()
    anonymous = APIClient()
    for address, path, page in (
        ("/api/tournaments/", "/api/tournaments/", "/tournaments/"),
        (
            f"/api/tournaments/{league.pk}/",
            "/api/tournaments/{tournament_id}/",
            f"/tournaments/{league.pk}/tables/",
        ),
    ):
        answer = anonymous.get(address)

        assert answer.status_code == 200
        assert answer.json() == as_bob.get(address).json()
        assert b"@" not in answer.content
        assert client.get(page).status_code == 200
        # The schema says so: no credentials is one of its ways in.
        assert {} in openapi["paths"][path]["get"]["security"]
    (stage,) = anonymous.get(f"/api/tournaments/{league.pk}/").json()["stage_list"]
    assert sorted(p["name"] for p in stage["tables"][0]["players"]) == ["alice", "bob", "carol"]


def test_unknown_tournaments(league: Tournament, client_for: Callable[[User], APIClient]) -> None:
    assert APIClient().get("/api/tournaments/999/").status_code == 404
    client = client_for(User.objects.create_user("dave"))
    assert client.get("/api/tournaments/999/").status_code == 404
    assert client.get("/api/tournaments/999/standings/").status_code == 404


def test_an_unknown_tournament_is_said_in_the_readers_words() -> None:
    """Failed before: "No Tournament matches the given query.", the model's name."""
    for address in ("/api/tournaments/999/", "/api/tournaments/999/standings/"):
        assert APIClient().get(address).json() == {"detail": "No such tournament."}
        french = APIClient().get(address, HTTP_ACCEPT_LANGUAGE="fr")
        assert french.json() == {"detail": "Ce tournoi n’existe pas."}


def test_a_long_list_and_a_big_tournament_ask_no_more_than_short_ones(
    alice: User, as_bob: APIClient
) -> None:
    """Failed before: each organiser's and each player's name was asked on its own (the
    list made 5 queries for 3 tournaments and 32 for 30; a tournament 13 with 4 players
    and 41 with 32, its standings 11 and 39)."""
    reads: dict[str, list[int]] = {"list": [], "tournament": [], "standings": []}
    made = 0
    for count in (4, 32):
        players = [named(User.objects.create_user(f"p{made + n}")) for n in range(count)]
        made += count
        tournament = tournament_create(
            organiser=players[0],
            name=f"League of {count}",
            registration_closes=timezone.now() + timedelta(days=1),
        )
        for user in players:
            tournament_register(tournament=tournament, user=user)
        stage_start(tournament=tournament, by=players[0], rng=random.Random(3))
        for n in range(1, count):  # as many tournaments as players, each its organiser's
            tournament_create(
                organiser=players[n],
                name=f"Cup {made + n}",
                registration_closes=timezone.now() + timedelta(days=1),
            )
        for key, address in (
            ("list", "/api/tournaments/"),
            ("tournament", f"/api/tournaments/{tournament.pk}/"),
            ("standings", f"/api/tournaments/{tournament.pk}/standings/"),
        ):
            as_bob.get(address)  # a token's use is written down once a minute, not counted
            with CaptureQueriesContext(connection) as queries:
                answer = as_bob.get(address).json()
            reads[key].append(len(queries.captured_queries))
        # Each player is still named as other players see them, wherever they are listed.
        names = {user.username for user in players}
        assert names <= {listed["organiser"] for listed in as_bob.get("/api/tournaments/").json()}
        (stage,) = as_bob.get(f"/api/tournaments/{tournament.pk}/").json()["stage_list"]
        assert {player["name"] for table in stage["tables"] for player in table["players"]} == names
        assert {line["name"] for line in answer} == names
    assert {key: small for key, (small, _large) in reads.items()} == {
        key: large for key, (_small, large) in reads.items()
    }


def test_standings_give_each_stages_points_and_forfeits_as_the_csv_does(
    alice: User, as_bob: APIClient
) -> None:
    """Failed before: the CSV's per-stage points and forfeits had no counterpart in the
    API, so a program publishing the standings could not show "0 (forfeit)" as the page
    does, nor what each stage brought."""
    league = open_for_a_day(alice, "Two stages", table_size=3, stage_count=2)
    (first,) = first_stage(league, members("ann", "ben", "cat"), 4).tables.all()
    record(first, {"ann": 40, "ben": 30, "cat": 20})
    (second,) = stage_start(tournament=league, by=alice, rng=random.Random(4)).tables.all()
    late = second.players.get(entry__user__username="cat")
    late.timed_out = True
    late.save()
    record(second, {"ann": 10, "ben": 30, "cat": 20})
    lines = as_bob.get(f"/api/tournaments/{league.pk}/standings/").json()
    stages = {line["name"]: line["stages"] for line in lines}
    assert stages["cat"] == [
        {"stage": 1, "points": 1.0, "forfeit": False},
        {"stage": 2, "points": 0.0, "forfeit": True},
    ]
    assert stages["ben"] == [
        {"stage": 1, "points": 2.0, "forfeit": False},
        {"stage": 2, "points": 4.0, "forfeit": False},
    ]
    fresh = open_for_a_day(alice, "Not yet", table_size=3)
    first_stage(fresh, members("dan", "eve", "fay"), 4)
    for line in as_bob.get(f"/api/tournaments/{fresh.pk}/standings/").json():
        assert line["stages"] == []


def test_an_anonymous_reader_of_the_standings_has_one_budget_whatever_header_they_send(
    league: Tournament, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Failed before: without a token the budget was counted per X-Forwarded-For, a header
    the client writes, so a new one each time was a new budget."""
    monkeypatch.setattr(UserRateThrottle, "THROTTLE_RATES", {"user": "2/minute"})
    address = f"/api/tournaments/{league.pk}/standings/"
    anonymous = APIClient()

    answers = [
        anonymous.get(address, HTTP_X_FORWARDED_FOR=f"203.0.113.{n}").status_code for n in range(3)
    ]

    assert answers == [200, 200, 429]


def test_standings_say_which_tie_break_decided_as_the_csv_does(
    alice: User, as_bob: APIClient, openapi: dict[str, Any]
) -> None:
    """Failed before: the page, the leaders, the CSV and the mails said which tie-break
    set players level on points apart, and the API only ranked them, so a program
    publishing the standings showed players on the same points in an order it could not
    explain."""
    league = open_for_a_day(alice, "Two tables", table_size=3)
    stage = first_stage(league, members("ann", "ben", "cat", "dan", "eve", "fay"), 4)
    tables = list(stage.tables.order_by("number"))
    seated = [
        [place.entry.user.username for place in table.players.select_related("entry__user")]
        for table in tables
    ]
    # Both tables' winners on 4 points, told apart by their scores; their last players
    # on 1 point with the same score, opponents' points (4 + 2) and X-Trems (none).
    for table, players, line in zip(tables, seated, ([50, 30, 10], [40, 20, 10]), strict=True):
        record(table, dict(zip(players, line, strict=True)))
    (best, _, last), (runner_up, _, other_last) = seated

    lines = as_bob.get(f"/api/tournaments/{league.pk}/standings/").json()

    said = {line["name"]: (line["tie_break"], line["tie_break_against"]) for line in lines}
    assert said[best] == (
        "numx_score",
        {"name": runner_up, "ahead": True, "mine": 50, "theirs": 40},
    )
    assert said[runner_up] == (
        "numx_score",
        {"name": best, "ahead": False, "mine": 40, "theirs": 50},
    )
    above, below = [line["name"] for line in lines if line["name"] in (last, other_last)]
    assert said[above] == ("tied", {"name": below, "ahead": True, "mine": None, "theirs": None})
    assert said[below] == ("tied", {"name": above, "ahead": False, "mine": None, "theirs": None})
    # The schema names exactly the values the CSV writes, and null.
    schemas = openapi["components"]["schemas"]
    choices = [
        choice["$ref"].rsplit("/", 1)[1]
        for choice in schemas["Standing"]["properties"]["tie_break"]["oneOf"]
    ]
    assert sorted(choices) == ["NullEnum", "TieBreakEnum"]
    assert schemas["TieBreakEnum"]["enum"] == ["numx_score", "opponents_points", "xtrems", "tied"]
    against = schemas["Standing"]["properties"]["tie_break_against"]["oneOf"]
    assert sorted(choice.get("$ref", choice.get("type")) for choice in against) == [
        "#/components/schemas/TieBreakAgainst",
        "null",
    ]
