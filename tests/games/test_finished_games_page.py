"""A player's finished games on a page of their own (``/games/finished/``): a page at a
time, newest first, one game or all, each with the player's place where the game gave
places; the page reads as much for a veteran as for a newcomer."""

from collections.abc import Callable, Sequence

import pytest
from django.contrib.auth.models import User
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from games.models import Game, Seat
from games.views.finished import FINISHED_PER_PAGE

pytestmark = pytest.mark.django_db

Login = Callable[[User], Client]


def finish_games(player: User, count: int, rules: str = "numx") -> None:
    """``count`` finished two-player games of ``rules`` that ``player`` won, the first the
    latest (their read models only: the lists read read models)."""
    now = timezone.now()
    for number in range(count):
        game = Game.objects.create(
            name=f"Old game {number}",
            rules=rules,
            config={"players": 2},
            status=Game.Status.FINISHED,
            finished_at=now - timezone.timedelta(minutes=number),
        )
        Seat.objects.create(game=game, number=0, user=player, name="me", score=10, winner=True)
        Seat.objects.create(game=game, number=1, name="Bot", is_bot=True, score=1)


def game_with_scores(
    player: User,
    name: str,
    scores: Sequence[int | None],
    mine: int = 0,
    resigned: Sequence[int] = (),
    status: str = Game.Status.FINISHED,
) -> Game:
    """A game over with one seat per score, ``player`` at seat ``mine``, bots elsewhere."""
    game = Game.objects.create(
        name=name,
        config={"players": len(scores)},
        status=status,
        finished_at=timezone.now(),
    )
    best = max((score for score in scores if score is not None), default=None)
    for number, score in enumerate(scores):
        Seat.objects.create(
            game=game,
            number=number,
            user=player if number == mine else None,
            is_bot=number != mine,
            name="me" if number == mine else f"Bot {number}",
            score=score,
            winner=score is not None and score == best and number not in resigned,
            resigned=number in resigned,
        )
    return game


def line_of(page: str, name: str) -> str:
    """The line of the list that names the game ``name``."""
    return page.split(f">{name}</a>", 1)[1].split("</li>", 1)[0]


def test_finished_games_are_listed_a_page_at_a_time_newest_first(
    alice: User, as_user: Login
) -> None:
    finish_games(alice, FINISHED_PER_PAGE + 5)
    client = as_user(alice)
    first = client.get("/games/finished/").content.decode()
    assert "Old game 0<" in first and f"Old game {FINISHED_PER_PAGE - 1}<" in first
    assert f"Old game {FINISHED_PER_PAGE}<" not in first
    assert first.index("Old game 0<") < first.index("Old game 1<")
    assert 'rel="next"' in first
    second = client.get("/games/finished/?page=2").content.decode()
    assert f"Old game {FINISHED_PER_PAGE}<" in second and "Old game 0<" not in second
    assert 'rel="prev"' in second


def test_a_page_beyond_the_last_shows_the_last(alice: User, as_user: Login) -> None:
    finish_games(alice, 3)
    page = as_user(alice).get("/games/finished/?page=99")
    assert page.status_code == 200 and "Old game 2<" in page.content.decode()


def test_each_line_links_the_replay_and_says_the_game_and_result(
    alice: User, as_user: Login
) -> None:
    won = game_with_scores(alice, "Won it", [12, 3])
    lost = game_with_scores(alice, "Resigned it", [9, 4], resigned=[0])
    called = game_with_scores(alice, "Called off", [None, None], status=Game.Status.ABORTED)
    page = as_user(alice).get("/games/finished/").content.decode()
    assert f'href="/games/{won.pk}/replay/"' in page
    assert "NUM-X" in line_of(page, "Won it") and "12" in line_of(page, "Won it")
    assert "winner" in line_of(page, "Won it")
    assert "resigned" in line_of(page, "Resigned it")
    assert "winner" not in line_of(page, "Resigned it")
    assert f'href="/games/{lost.pk}/replay/"' in page
    assert "called off" in line_of(page, "Called off") and called.name in page


def test_each_line_says_the_score_in_the_games_own_words(alice: User, as_user: Login) -> None:
    """The score reads as the game's table says it: in its unit, a negative one with the
    minus sign, Numenko's as the points left in hand (it keeps them negative): a bare
    "-66" or "-12" read as a typo, and "1" of Maya as one point."""
    for name, scores in (("Objectifs", [-66, -45]), ("Maya", [1, 5]), ("Numenko", [-12, -3])):
        game = game_with_scores(alice, name, scores)
        Game.objects.filter(pk=game.pk).update(rules=name.lower())
    for path in ("/games/finished/", "/games/"):
        page = as_user(alice).get(path).content.decode()
        assert "your score \u221266 points" in line_of(page, "Objectifs")
        assert "your score 1 token" in line_of(page, "Maya")
        assert "your score 12 points in hand" in line_of(page, "Numenko")
    french = as_user(alice).get("/games/finished/", HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert "votre score 1 jeton" in line_of(french, "Maya")


def test_each_line_says_the_players_place_ties_shared(alice: User, as_user: Login) -> None:
    game_with_scores(alice, "First", [30, 20, 10])
    game_with_scores(alice, "Second", [30, 20, 10], mine=1)
    game_with_scores(alice, "Shared first", [30, 30, 10], mine=1)
    game_with_scores(alice, "Shared second", [5, 30, 5, 2], mine=2)
    page = as_user(alice).get("/games/finished/").content.decode()
    assert "1st of 3" in line_of(page, "First") and "tie" not in line_of(page, "First")
    assert "2nd of 3" in line_of(page, "Second")
    assert "1st of 3 (tie)" in line_of(page, "Shared first")
    assert "2nd of 4 (tie)" in line_of(page, "Shared second")


def test_a_team_game_places_the_teams(alice: User, as_user: Login) -> None:
    """Partners share one score (NUM-X's Teams: seats 0 and 2 against 1 and 3): a team
    finishes first or second of two, never tied with its own partner."""
    won = game_with_scores(alice, "Team won", [10, 5, 10, 5])
    lost = game_with_scores(alice, "Team lost", [10, 5, 10, 5], mine=1)
    Game.objects.filter(pk__in=[won.pk, lost.pk]).update(config={"players": 4, "teams": True})
    page = as_user(alice).get("/games/finished/").content.decode()
    assert "1st of 2 teams" in line_of(page, "Team won") and "tie" not in line_of(page, "Team won")
    assert "2nd of 2 teams" in line_of(page, "Team lost")
    french = as_user(alice).get("/games/finished/", HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert "1re place sur 2 équipes" in line_of(french, "Team won")


def test_a_game_of_fewest_points_ranks_the_fewest_first(alice: User, as_user: Login) -> None:
    """Numenko's fewest points in hand win: its seats hold the points taken away, so the
    best score is the highest there as everywhere."""
    game_with_scores(alice, "Fewest points", [-12, -3, -7], mine=1)
    game_with_scores(alice, "Most points", [-12, -3, -7], mine=0)
    page = as_user(alice).get("/games/finished/").content.decode()
    assert "1st of 3" in line_of(page, "Fewest points")
    assert "3rd of 3" in line_of(page, "Most points")


def test_a_player_who_resigned_ranks_last_whatever_their_score(alice: User, as_user: Login) -> None:
    game_with_scores(alice, "Resigned ahead", [50, 10, 20], resigned=[0])
    page = as_user(alice).get("/games/finished/").content.decode()
    assert "3rd of 3" in line_of(page, "Resigned ahead")


def test_no_place_for_a_game_called_off_or_played_alone(alice: User, as_user: Login) -> None:
    game_with_scores(alice, "Called off", [None, None], status=Game.Status.ABORTED)
    game_with_scores(alice, "Solo", [41])
    page = as_user(alice).get("/games/finished/").content.decode()
    assert " of " not in line_of(page, "Called off")
    assert " of 1" not in line_of(page, "Solo") and "41" in line_of(page, "Solo")


def test_the_places_are_said_in_french(alice: User, as_user: Login) -> None:
    game_with_scores(alice, "Première", [30, 30, 10])
    game_with_scores(alice, "Troisième", [30, 20, 10], mine=2)
    client = as_user(alice)
    page = client.get("/games/finished/", HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert "1re place sur 3 (ex æquo)" in line_of(page, "Première")
    assert "3e place sur 3" in line_of(page, "Troisième")
    assert "Mes parties terminées" in page


def test_the_list_shows_one_game_or_all(alice: User, as_user: Login) -> None:
    game_with_scores(alice, "A NUM-X game", [3, 1])
    maya = game_with_scores(alice, "A Maya game", [3, 1])
    Game.objects.filter(pk=maya.pk).update(rules="maya")
    client = as_user(alice)
    only_maya = client.get("/games/finished/", {"game": "maya"}).content.decode()
    assert "A Maya game<" in only_maya and "A NUM-X game<" not in only_maya
    everything = client.get("/games/finished/", {"game": ""}).content.decode()
    assert "A Maya game<" in everything and "A NUM-X game<" in everything


def test_the_pages_of_one_game_keep_to_that_game(alice: User, as_user: Login) -> None:
    finish_games(alice, FINISHED_PER_PAGE + 1, rules="maya")
    page = as_user(alice).get("/games/finished/", {"game": "maya"}).content.decode()
    assert 'href="?game=maya&amp;page=2" rel="next"' in page


def test_a_game_the_site_does_not_have_is_refused(alice: User, as_user: Login) -> None:
    game_with_scores(alice, "Mine", [3, 1])
    answer = as_user(alice).get("/games/finished/", {"game": "chess"})
    assert answer.status_code == 400
    assert "Mine<" not in answer.content.decode()


def test_only_the_players_own_games_are_listed(alice: User, bob: User, as_user: Login) -> None:
    game_with_scores(bob, "Bob's game", [3, 1])
    Game.objects.create(name="Still going", config={"players": 2}, status=Game.Status.RUNNING)
    page = as_user(alice).get("/games/finished/").content.decode()
    assert "Bob's game" not in page and "Still going" not in page


def test_a_visitor_is_asked_to_log_in(client: Client) -> None:
    answer = client.get("/games/finished/")
    assert answer.status_code == 302 and "login" in answer["Location"]


def test_the_page_reads_as_much_for_twenty_games_as_for_three(
    alice: User, bob: User, as_user: Login
) -> None:
    for number in range(3):
        game_with_scores(alice, f"Alice's {number}", [number, 2, 1])
    for number in range(FINISHED_PER_PAGE):
        game_with_scores(bob, f"Bob's {number}", [number, 2, 1], resigned=[2])
    reads = []
    for player in (alice, bob):
        client = as_user(player)
        client.get("/games/finished/")
        with CaptureQueriesContext(connection) as queries:
            page = client.get("/games/finished/")
        assert page.status_code == 200 and " of 3" in page.content.decode()
        reads.append(len(queries.captured_queries))
    assert reads[0] == reads[1]


def test_a_score_below_zero_is_written_with_the_minus_sign(alice: User, as_user: Login) -> None:
    """Failed before: the lists wrote "your score -34" with a hyphen, where the table, the
    replay and the game-over mail write it with the minus sign (as every game writes it)."""
    game_with_scores(alice, "Below zero", [-34, -40])
    client = as_user(alice)
    for page in (client.get("/games/finished/"), client.get("/games/")):
        line = line_of(page.content.decode(), "Below zero")
        assert "your score \u221234" in line and "-34" not in line
