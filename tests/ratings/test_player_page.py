"""A player's page: their name (never their address), ratings with the provisional mark,
games played and won per game, finished games to replay and games being played, private
ones only to whoever may watch them."""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from datetime import timedelta
from itertools import pairwise

import pytest
from django.contrib.auth.models import User
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from accounts.models import Profile
from games.events import store
from games.lobby import game_add_bot, game_invite, game_open, game_start
from games.models import Game, Seat
from games.registry import rule_set
from games.services import game_submit
from ratings.selectors import PoolLine, ratings_in
from tests.clients import token_client
from tests.platform.conftest import play_to_the_end
from tests.ratings.conftest import open_game
from tournaments.services import tournament_create, tournament_register

pytestmark = pytest.mark.django_db

Players = Callable[[int], list[User]]
Play = Callable[..., Game]


def page(client: Client, user: User) -> str:
    response = client.get(f"/players/{user.pk}/")
    assert response.status_code == 200
    return response.content.decode()


def page_lines(user: User) -> list[PoolLine]:
    response = Client().get(f"/players/{user.pk}/")
    return list(response.context["pools"])


def test_it_shows_the_display_name_never_the_address(make_players: Players) -> None:
    [alice] = make_players(1)
    Profile.objects.update_or_create(user=alice, defaults={"display_name": "Queen Alice"})

    html = page(Client(), alice)

    assert "Queen Alice" in html
    assert alice.email not in html


def test_it_shows_ratings_provisional_and_games_played_and_won_per_game(
    make_players: Players, toy_game: Play
) -> None:
    alice, bob = make_players(2)
    toy_game([alice, bob], winner=0)
    toy_game([alice, bob], winner=0, mode="fast")
    toy_game([alice, bob], winner=1, mode="fast")
    with_bot = game_open(creator=alice, name="Bot", rules="toy", config={"players": 2, "pile": 1})
    game_add_bot(game=with_bot, by=alice)
    play_to_the_end(game_start(game=with_bot, by=alice))

    lines = {line.label: line for line in page_lines(alice)}

    assert lines["Toy"].played == 2 and lines["Toy"].won == 2  # the bot game counts here
    assert lines["Toy"].rated_games == 1  # but is not rated
    assert lines["Toy · fast"].played == 2 and lines["Toy · fast"].won == 1
    html = page(Client(), alice)
    assert f"{lines['Toy'].rating}&nbsp;<abbr" in html  # marked provisional, beside it


def test_finished_games_link_to_their_replay(make_players: Players, toy_game: Play) -> None:
    alice, bob = make_players(2)
    game = toy_game([alice, bob], winner=1)

    assert f'href="/games/{game.pk}/replay/"' in page(Client(), alice)


def test_each_rated_game_says_how_it_moved_the_players_rating(
    make_players: Players, toy_game: Play
) -> None:
    """The recent games are the rating's history: each rated game says the rating before
    and after it, as the page shows ratings; the last one's "after" is the rating now."""
    alice, bob = make_players(2)
    toy_game([alice, bob], winner=0)
    toy_game([alice, bob], winner=0)

    html = page(Client(), alice)

    now = ratings_in("toy", [alice.pk])[alice.pk].rating
    moves = re.findall(r"rating (\d+)\u00a0→ (\d+)", html)  # the arrow kept beside
    assert len(moves) == 2
    (before_last, last), (first_before, first_after) = (tuple(map(int, m)) for m in moves)
    assert first_before == 1335 and first_after == before_last and last == now
    assert last > before_last > first_before  # she won both


def test_private_games_are_listed_only_to_whoever_may_watch_them(
    make_players: Players, toy_game: Play
) -> None:
    alice, bob, mallory = make_players(3)
    finished = toy_game([alice, bob], winner=0, public=False)
    running = open_game([alice, bob], "toy", {"players": 2, "pile": 9}, public=False)
    shown_to_bob, shown_to_mallory = Client(), Client()
    shown_to_bob.force_login(bob)
    shown_to_mallory.force_login(mallory)

    for game in (finished, running):
        assert f"/games/{game.pk}/" in page(shown_to_bob, alice)
        assert f"/games/{game.pk}/" not in page(shown_to_mallory, alice)
        assert f"/games/{game.pk}/" not in page(Client(), alice)


def test_a_page_of_many_private_games_asks_no_more_than_one_of_a_few(
    make_players: Players,
) -> None:
    """Failed before: for another member, each private game of the player's asked whether
    they were invited to it (17 queries with 6 private games, 51 with 40; 12 now)."""
    alice, mallory = make_players(2)
    seen = Client()
    seen.force_login(mallory)
    reads = []
    invited: list[Game] = []
    for count in (3, 20):  # with as many uninvited, within the games a page looks at
        while len(invited) < count:
            private = game_open(creator=alice, name="Private", config={"players": 2})
            game_open(creator=alice, name="Secret", config={"players": 2})  # not invited
            game_invite(game=private, by=alice, email=mallory.email)
            invited.append(private)
        page(seen, alice)
        with CaptureQueriesContext(connection) as queries:
            shown = page(seen, alice)
        reads.append(len(queries.captured_queries))
        # The games Mallory was invited to are listed to her, and those only.
        assert all(f'href="/games/{game.pk}/"' in shown for game in invited)
        assert len(re.findall(r'href="/games/\d+/"', shown)) == count
    assert reads[0] == reads[1]


def test_a_public_game_being_played_is_listed_to_anyone(make_players: Players) -> None:
    alice, bob = make_players(2)
    running = open_game([alice, bob], "toy", {"players": 2, "pile": 9}, public=True)

    assert f'href="/games/{running.pk}/"' in page(Client(), bob)


def test_a_game_the_clock_moved_in_is_marked(make_players: Players, clock_game: Play) -> None:
    alice, bob = make_players(2)

    clock_game(alice, bob)

    assert "the clock played 1 move for an absent player" in page(Client(), alice)


@pytest.mark.parametrize("path", ["/players/999999/", "/players/abc/", "/players/-1/"])
def test_an_unknown_player_is_a_404(path: str, make_players: Players) -> None:
    make_players(1)
    assert Client().get(path).status_code == 404


def test_a_member_finds_their_page_in_the_header(make_players: Players) -> None:
    [alice] = make_players(1)
    client = Client()
    client.force_login(alice)

    assert f'href="/players/{alice.pk}/"' in client.get("/rules/").content.decode()


def test_tournament_standings_link_each_players_page(make_players: Players) -> None:
    alice, bob = make_players(2)
    league = tournament_create(
        organiser=alice, name="League", registration_closes=timezone.now() + timedelta(days=1)
    )
    tournament_register(tournament=league, user=bob)

    html = Client().get(f"/tournaments/{league.pk}/standings/").content.decode()

    assert f'href="/players/{bob.pk}/"' in html


def test_the_page_speaks_french(make_players: Players, toy_game: Play) -> None:
    alice, bob = make_players(2)
    toy_game([alice, bob], winner=0)

    html = Client().get(f"/players/{alice.pk}/", HTTP_ACCEPT_LANGUAGE="fr").content.decode()

    assert "Parties jouées" in html and "provisoire\u00a0: trop peu" in html


def test_in_french_the_notes_of_a_game_are_set_off_as_french_writes_it(
    make_players: Players, clock_game: Play
) -> None:
    """A semicolon takes a no-break space before it in French: "…, 29 novembre 2026 ;
    l’horloge a joué…", never "2026; l’horloge"; a provisional rating keeps its "?" beside
    it."""
    alice, bob = make_players(2)
    clock_game(alice, bob)

    html = Client().get(f"/players/{alice.pk}/", HTTP_ACCEPT_LANGUAGE="fr").content.decode()

    assert re.search(r"\d{4}\u00a0; l’horloge a joué 1 coup", html)
    assert re.search(r"\d&nbsp;<abbr", html)


def solo_game(player: User) -> Game:
    """A game of NMBR 9 played alone to its end, each tile placed by the greedy bot."""
    game = open_game([player], "nmbr9", {"players": 1}, public=True)
    rules = rule_set("nmbr9")
    while game.status != Game.Status.FINISHED:
        now = store.load(game.pk, game.rules)
        action = rules.bot_action(now.state, 0, random.Random(1))
        game_submit(game_id=game.pk, seat=0, action=action, expected_sequence=now.sequence)
        game.refresh_from_db()
    return game


def test_a_game_played_alone_counts_as_played_with_its_score_never_as_won(
    make_players: Players,
) -> None:
    """« votre but est de remporter le plus de points possible »: a solo game is played,
    not won; the page shows its score and the player's best."""
    [alice] = make_players(1)
    first, second = solo_game(alice), solo_game(alice)
    seat = Seat.objects.get(game=first, number=0)
    assert not seat.winner and seat.score is not None
    # A game finished before a solo game had no winner marked its lone seat the winner.
    Seat.objects.filter(game=second).update(winner=True, score=seat.score + 9)

    (line,) = page_lines(alice)

    assert (line.label, line.played, line.won, line.solo) == ("NMBR 9", 2, 0, 2)
    assert line.best_solo == seat.score + 9
    html = page(Client(), alice)
    assert "Played alone: best score" in html
    assert f"<td>{seat.score + 9} points (2 games)</td>" in html
    assert f"played alone, {seat.score} points" in html and ", won," not in html
    api = token_client(alice).get(f"/api/players/{alice.pk}/").json()
    (pool,) = api["ratings"]
    assert (pool["won"], pool["solo"], pool["best_solo"]) == (0, 2, seat.score + 9)


def test_a_player_who_never_played_alone_has_no_solo_column(
    make_players: Players, toy_game: Play
) -> None:
    alice, bob = make_players(2)
    toy_game([alice, bob], winner=0)

    assert "Played alone" not in page(Client(), alice)


def test_each_games_rating_has_its_whole_history_beyond_the_recent_ten(
    make_players: Players, toy_game: Play
) -> None:
    """Failed before: a rating's history was the page's ten latest games of every game
    together; a regular's first games, or a game they play less, had none to show."""
    alice, bob = make_players(2)
    games = [toy_game([alice, bob], winner=0) for _ in range(12)]

    html = page(Client(), alice)
    assert len(re.findall(r"rating \d+\u00a0→ \d+", html)) == 10
    assert f'href="/players/{alice.pk}/ratings/toy/"' in html

    response = Client().get(f"/players/{alice.pk}/ratings/toy/")
    assert response.status_code == 200
    history = response.content.decode()
    moves = [tuple(map(int, m)) for m in re.findall(r"rating (\d+)\u00a0→ (\d+)", history)]
    assert len(moves) == 12
    # Latest first, each game's "before" the "after" of the one before it.
    assert all(later[0] == earlier[1] for later, earlier in pairwise(moves))
    assert moves[-1][0] == 1335 and f"/games/{games[0].pk}/replay/" in history


def test_a_ratings_history_lists_private_games_only_to_whoever_may_watch_them(
    make_players: Players, toy_game: Play
) -> None:
    alice, bob, mallory = make_players(3)
    hidden = toy_game([alice, bob], winner=0, public=False)
    shown_to_bob, shown_to_mallory = Client(), Client()
    shown_to_bob.force_login(bob)
    shown_to_mallory.force_login(mallory)
    path = f"/players/{alice.pk}/ratings/toy/"
    assert f"/games/{hidden.pk}/" in shown_to_bob.get(path).content.decode()
    assert f"/games/{hidden.pk}/" not in shown_to_mallory.get(path).content.decode()


@pytest.mark.parametrize("pool", ["maya", "nothing", "toy:nope"])
def test_a_history_of_no_rating_is_a_404(pool: str, make_players: Players) -> None:
    (alice,) = make_players(1)
    assert Client().get(f"/players/{alice.pk}/ratings/{pool}/").status_code == 404
