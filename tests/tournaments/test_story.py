"""A whole tournament: eight players register, two stages of two four-player X-Games are
played to their end by random legal moves, and the standings are what the games' final
scores say."""

from __future__ import annotations

import csv
import io
import random
from collections import defaultdict
from collections.abc import Callable
from datetime import timedelta
from fractions import Fraction
from itertools import combinations

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.utils import timezone

from games.engine.numx import outcome
from games.events import consumers, store
from games.models import Game
from tournaments.models import Stage, Tournament
from tournaments.selectors import standings_of
from tournaments.services import stage_start, tournament_create

from .conftest import Players, play_out

pytestmark = pytest.mark.django_db

POINTS_AT_FOUR = [8, 4, 2, 1]


def play_stage(stage: Stage, rng: random.Random) -> list[Game]:
    """Play every table out; the tournaments consumer records each result."""
    games = []
    for table in stage.tables.select_related("game"):
        game = play_out(table.game, rng)
        assert game.status == Game.Status.FINISHED
        consumers.dispatch(game.pk, only=["tournaments"])
        games.append(game)
    return games


def expected_standings(
    games: list[Game], registered: list[str]
) -> list[tuple[str, Fraction, int, Fraction, int]]:
    """The standings recomputed from the games alone: (player, points, NUM-X score,
    opponents' points, X-Trems), best first, as docs/tournaments.md defines them (players
    equal on everything in order of registration)."""
    points: dict[str, Fraction] = defaultdict(Fraction)
    score: dict[str, int] = defaultdict(int)
    xtrems: dict[str, int] = defaultdict(int)
    tables: list[list[str]] = []
    for game in games:
        sheets = outcome(store.load(game.pk, game.rules, cache=False).state).sheets
        seats = list(game.seats.select_related("user"))
        for seat in seats:
            assert seat.score == sheets[seat.number].total
            better = sum(other.score > seat.score for other in seats)
            equal = sum(other.score == seat.score for other in seats)
            share = POINTS_AT_FOUR[better : better + equal]
            points[seat.user.username] += Fraction(sum(share), len(share))
            score[seat.user.username] += seat.score
            xtrems[seat.user.username] += sheets[seat.number].xtrems
        tables.append([seat.user.username for seat in seats])
    against: dict[str, Fraction] = defaultdict(Fraction)
    for table in tables:
        for player in table:
            against[player] += sum(
                (points[other] for other in table if other != player), Fraction()
            )
    lines = [(p, points[p], score[p], against[p], xtrems[p]) for p in points]
    return sorted(
        lines,
        key=lambda line: (-line[1], -line[2], -line[3], -line[4], registered.index(line[0])),
    )


def shown(value: Fraction) -> str:
    return str(value.numerator) if value.denominator == 1 else f"{float(value):.2f}"


def test_eight_players_play_two_stages_and_the_standings_add_up(
    alice: User, make_players: Players, as_user: Callable[[User], Client], client: Client
) -> None:
    tournament = tournament_create(
        organiser=alice,
        name="Autumn cup",
        stage_count=2,
        registration_closes=timezone.now() + timedelta(days=7),
    )
    players = make_players(8)
    for user in players:
        response = as_user(user).post(f"/tournaments/{tournament.pk}/register/")
        assert response.status_code == 302
    rng = random.Random(2024)

    first = stage_start(tournament=tournament, by=alice, rng=rng)
    assert [table.players.count() for table in first.tables.all()] == [4, 4]
    games = play_stage(first, rng)
    first.refresh_from_db()
    assert first.finished_at is not None

    second = stage_start(tournament=tournament, by=alice, rng=rng)
    # Stage 2 is seated in standings order, but each table's seat order is drawn at random.
    ranked = [line.player for line in standings_of(tournament, upto_stage=1)]
    seat_orders = [
        list(table.players.order_by("seat").values_list("entry", flat=True))
        for table in second.tables.all()
    ]
    assert any(order != sorted(order, key=ranked.index) for order in seat_orders)
    met = {
        frozenset(pair)
        for game in games
        for pair in combinations(game.seats.values_list("user", flat=True), 2)
    }
    for table in second.tables.all():
        together = combinations(table.players.values_list("entry__user", flat=True), 2)
        # Two tables of four after two tables of four: each new table takes two players
        # of each old one, so exactly two pairs meet again at each (the fewest possible).
        assert sum(frozenset(pair) in met for pair in together) == 2
    games += play_stage(second, rng)
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED

    # Every table is an ordinary game: its page and its replay are open to anybody.
    for game in games:
        assert client.get(f"/games/{game.pk}/").status_code == 200
        assert client.get(f"/games/{game.pk}/replay/").status_code == 200

    expected = expected_standings(games, [user.username for user in players])
    rows = list(
        csv.DictReader(
            io.StringIO(
                client.get(f"/tournaments/{tournament.pk}/standings.csv").content.decode(
                    "utf-8-sig"
                )
            )
        )
    )
    assert [
        (row["player"], row["points"], row["numx_score"], row["opponents_points"], row["xtrems"])
        for row in rows
    ] == [
        (name, shown(points), str(score), shown(against), str(xtrems))
        for name, points, score, against, xtrems in expected
    ]
    assert all(row["tables"] == "2" for row in rows)
    # Ranks: 1 for the first line; a line equal to the one above on every criterion shares
    # its rank, any other line is ranked by its position.
    for position, (row, line) in enumerate(zip(rows, expected, strict=True)):
        tied = position > 0 and line[1:] == expected[position - 1][1:]
        assert row["rank"] == (rows[position - 1]["rank"] if tied else str(position + 1))
    page = client.get(f"/tournaments/{tournament.pk}/standings/").content.decode()
    assert page.index(rows[0]["player"]) < page.index(rows[-1]["player"])
