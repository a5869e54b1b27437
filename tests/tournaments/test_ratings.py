"""Ratings in tournaments (issue #23 part 3): the standings show each player's X-Game
rating, and an organiser may seat the first stage by rating rather than at random."""

from __future__ import annotations

import csv
import io
import random
from datetime import timedelta

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.utils import timezone

from games.deadlines import play_for_absent
from games.events import store
from games.models import Game, Seat
from games.registry import rule_set
from games.results import ranked
from ratings.models import RatedGame, Rating
from ratings.services import MODEL, rate_game
from tests.clients import token_client
from tests.ratings.test_bot_accounts import make_bot
from tournaments.models import Stage, TablePlayer, Tournament
from tournaments.services import entry_withdraw, stage_start, tournament_create

from .conftest import Players, play_out, register_all
from .test_services import seated

pytestmark = pytest.mark.django_db

#: A settled sigma (the rating shown is 30 × (mu - 3 × 6) + 1335) and a provisional one.
SETTLED_SIGMA = 6.0
PROVISIONAL_SIGMA = 8.0


def rate(user: User, mu: float, sigma: float = SETTLED_SIGMA, pool: str = "numx:x-game") -> None:
    Rating.objects.create(user=user, pool=pool, mu=mu, sigma=sigma, games=12)


def cup(alice: User, seat_by_rating: bool) -> Tournament:
    return tournament_create(
        organiser=alice,
        name="Rated cup",
        registration_closes=timezone.now() + timedelta(days=7),
        seat_by_rating=seat_by_rating,
    )


def test_the_first_stage_seats_players_by_rating_when_the_organiser_asks(
    alice: User, make_players: Players
) -> None:
    players = make_players(8)
    # player8 is the best X-Game player, player3 the next...; player1 and player2 are not
    # rated, and player4's Speed Run rating says nothing of X-Games.
    for mu, user in zip(
        [40, 35, 30, 28, 26, 24], [players[i] for i in (7, 2, 5, 6, 4, 0)], strict=True
    ):
        rate(user, mu)
    rate(players[3], 50, pool="numx:speed-run")
    tournament = cup(alice, seat_by_rating=True)
    register_all(tournament, players)
    stage = stage_start(tournament=tournament, by=alice, rng=random.Random(4))
    first, second = (set(table) for table in seated(stage))
    assert first == {"player8", "player3", "player6", "player7"}
    assert second == {"player5", "player1", "player2", "player4"}


def test_without_the_option_the_first_stage_is_a_random_draw_whatever_the_ratings(
    alice: User, make_players: Players
) -> None:
    players = make_players(8)
    for mu, user in zip(range(40, 24, -2), players, strict=True):
        rate(user, mu)
    draws = set()
    for seed in range(6):
        tournament = cup(alice, seat_by_rating=False)
        register_all(tournament, players)
        stage = stage_start(tournament=tournament, by=alice, rng=random.Random(seed))
        draws.add(frozenset(seated(stage)[0]))
    assert len(draws) > 1, "the same four players at table 1 whatever the draw"


@pytest.fixture
def started(alice: User, make_players: Players) -> Stage:
    players = make_players(4)
    rate(players[0], 30)  # 30 × (30 - 18) + 1335 = 1695
    rate(players[1], 25, sigma=PROVISIONAL_SIGMA)
    tournament = cup(alice, seat_by_rating=False)
    register_all(tournament, players)
    return stage_start(tournament=tournament, by=alice, rng=random.Random(1))


def test_the_standings_show_each_players_rating_provisional_or_not(
    client: Client, started: Stage
) -> None:
    page = client.get(f"/tournaments/{started.tournament_id}/standings/").content.decode()
    assert '<th scope="col" class="num">X-Game rating</th>' in page
    assert '<td class="num">1695</td>' in page
    assert '<td class="num">1365?</td>' in page, "provisional: 30 × (25 - 24) + 1335"
    not_rated = '<td class="num">\N{EN DASH}</td>'
    assert page.count(not_rated) == 2, "two players not rated yet"


def test_the_standings_csv_and_api_give_the_ratings(
    client: Client, started: Stage, bob: User
) -> None:
    tournament = started.tournament_id
    rows = list(
        csv.DictReader(
            io.StringIO(
                client.get(f"/tournaments/{tournament}/standings.csv").content.decode("utf-8-sig")
            )
        )
    )
    by_name = {row["player"]: (row["rating"], row["provisional"]) for row in rows}
    assert sorted(by_name.values()) == [("", ""), ("", ""), ("1365", "yes"), ("1695", "no")]
    lines = token_client(bob).get(f"/api/tournaments/{tournament}/standings/").json()
    assert sorted((line["rating"] or 0, line["rating_provisional"]) for line in lines) == [
        (0, False),
        (0, False),
        (1365, True),
        (1695, False),
    ]


def test_the_tournament_page_and_the_api_say_how_stage_one_is_seated(
    client: Client, alice: User, bob: User
) -> None:
    rated, drawn = cup(alice, seat_by_rating=True), cup(alice, seat_by_rating=False)
    assert "stage 1 by X-Game rating" in client.get(f"/tournaments/{rated.pk}/").content.decode()
    assert "stage 1 drawn at random" in client.get(f"/tournaments/{drawn.pk}/").content.decode()
    assert token_client(bob).get(f"/api/tournaments/{rated.pk}/").json()["seat_by_rating"] is True


def test_a_table_where_a_player_was_withdrawn_is_rated_as_after_their_resignation(
    alice: User, make_players: Players
) -> None:
    """Failed before: the withdrawn player's seat went to a bot with no owner, and a game
    with a bot is not rated, so the three who played their table to its end were not
    rated at all; a resignation at the same moment keeps the game rated."""
    players = make_players(4)
    tournament = cup(alice, seat_by_rating=False)
    register_all(tournament, players)
    game = stage_start(tournament=tournament, by=alice, rng=random.Random(3)).tables.get().game
    play_out(game, random.Random(3), moves=12)
    assert game.status == Game.Status.RUNNING, "withdrawn in the middle of the game"
    gone = Seat.objects.get(game=game, number=1).user
    entry_withdraw(entry=tournament.entries.get(user=gone), by=alice, rng=random.Random(3))
    play_out(game, random.Random(3))
    assert game.status == Game.Status.FINISHED
    rate_game(game_id=game.pk)

    assert RatedGame.objects.get(game=game).excluded == ""
    # What a resignation of seat 1 at that moment gives: last place, the others as scored.
    places = ranked(rule_set(game.rules).outcome(store.load(game.pk, game.rules).state), {1})
    seated = dict(TablePlayer.objects.filter(table__game=game).values_list("seat", "entry__user"))
    expected = MODEL.rate([[MODEL.rating()] for _seat in range(4)], ranks=list(places.ranking()))
    for seat, (rating,) in enumerate(expected):
        mine = Rating.objects.get(user_id=seated[seat], pool="numx:x-game")
        assert (round(mine.mu, 6), mine.games) == (round(rating.mu, 6), 1), seat
    assert Rating.objects.get(user=gone).mu < MODEL.mu, "the withdrawn player lost"


def test_the_clock_moves_for_a_player_later_withdrawn_still_mark_the_game(
    alice: User, make_players: Players
) -> None:
    """The clock moved once for a player late at their table, then the organiser withdrew
    them: every player's page still says the clock played a move in that game. Failed
    before: the seat, a bot's since the withdrawal, was left out of the count."""
    players = make_players(4)
    tournament = cup(alice, seat_by_rating=False)
    register_all(tournament, players)
    game = stage_start(tournament=tournament, by=alice, rng=random.Random(3)).tables.get().game
    play_out(game, random.Random(3), moves=12)
    game.refresh_from_db()
    late = game.awaiting[0]
    assert play_for_absent(game, late)
    gone = Seat.objects.get(game=game, number=late).user
    entry_withdraw(entry=tournament.entries.get(user=gone), by=alice, rng=random.Random(3))
    play_out(game, random.Random(3))
    rate_game(game_id=game.pk)

    assert RatedGame.objects.get(game=game).clock_moves == 1
    page = Client().get(f"/players/{players[0].pk}/").content.decode()
    assert "the clock played 1 move for an absent player" in page


def test_a_withdrawn_players_pages_show_the_game_that_rated_them(
    alice: User, make_players: Players
) -> None:
    """Failed before: the game rated as the withdrawn player's resignation changed their
    rating, but their page and the API counted no game played and listed none."""
    players = make_players(4)
    tournament = cup(alice, seat_by_rating=False)
    register_all(tournament, players)
    game = stage_start(tournament=tournament, by=alice, rng=random.Random(3)).tables.get().game
    play_out(game, random.Random(3), moves=12)
    gone = Seat.objects.get(game=game, number=1).user
    assert gone is not None
    entry_withdraw(entry=tournament.entries.get(user=gone), by=alice, rng=random.Random(3))
    play_out(game, random.Random(3))
    rate_game(game_id=game.pk)

    (line,) = token_client(alice).get(f"/api/players/{gone.pk}/").json()["ratings"]
    assert (line["pool"], line["rated_games"], line["played"], line["won"]) == (
        "numx:x-game",
        1,
        1,
        0,
    )
    page = Client().get(f"/players/{gone.pk}/").content.decode()
    before, after = RatedGame.objects.get(game=game).changes[str(gone.pk)]
    assert f"/games/{game.pk}/replay/" in page
    assert "not won, resigned" in page and f"rating {before}\u00a0→ {after}" in page


def test_a_table_where_a_bot_account_was_withdrawn_stays_unrated(
    alice: User, make_players: Players
) -> None:
    """A bot account whose owner keeps its games with people unrated is still a bot once
    withdrawn: failed before this was checked, its seat being nobody's by then."""
    players = make_players(3)
    make_bot(players[0])
    tournament = cup(alice, seat_by_rating=False)
    register_all(tournament, players)
    game = stage_start(tournament=tournament, by=alice, rng=random.Random(3)).tables.get().game
    play_out(game, random.Random(3), moves=12)
    entry_withdraw(entry=tournament.entries.get(user=players[0]), by=alice, rng=random.Random(3))
    play_out(game, random.Random(3))
    rate_game(game_id=game.pk)
    assert RatedGame.objects.get(game=game).excluded == RatedGame.Excluded.BOTS
