"""A player whose every move was made for them (by the deadline policy, or a standing
order) is never named the winner, nor placed, wherever the site names one: the table, the
history, the game-over mail (text and HTML, in each reader's language), the lists of
finished games and the API. The rules' outcome (the scores) stays as the game was played.
As the ratings leave such a player out (docs/ratings.md), the others are placed among
themselves (docs/architecture.md, "Leaving a game")."""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable

import pytest
from django.apps import apps as django_apps
from django.contrib.auth.models import User
from django.core import mail
from django.test import Client

from games.deadlines import play_for_absent
from games.endings import resign
from games.lobby import game_join, game_open, game_start
from games.models import Game
from games.services import game_submit
from tests.members import speaks
from tests.toygame.fixtures import toy_installed
from tests.toygame.rules import Take

pytestmark = pytest.mark.django_db

__all__ = ["toy_installed"]

Committed = Callable[..., object]

#: What the site says beside the score of a player whose every move was made for them.
NOT_PLACED = "every move made for them — not placed"
NOT_PLACED_FR = "tous ses coups joués à sa place — hors classement"


@pytest.fixture(autouse=True)
def _toy(toy_installed: str) -> None:
    """Toy: whoever takes the last token wins it (1 point, the others 0)."""


def toy_table(players: list[User], pile: int) -> Game:
    game = game_open(
        creator=players[0],
        name="Tokens",
        rules="toy",
        config={"players": len(players), "pile": pile},
        public=True,
    )
    for user in players[1:]:
        game_join(game=game, user=user, token=game.invite_token)
    return game_start(game=game, by=players[0], rng=random.Random(5))


def played(game: Game, committed: Committed, moves: list[tuple[int, User | None]]) -> Game:
    """``game`` once each seat of ``moves`` took a token: its player themselves, or (None)
    the deadline policy for them; the consumers run as after each commit, mailing anew."""
    mail.outbox.clear()
    with committed(execute=True):  # type: ignore[operator]
        for seat, by in moves:
            if by is None:
                assert play_for_absent(game, seat)
                continue
            game.refresh_from_db()
            game_submit(
                game_id=game.pk,
                seat=seat,
                action=Take(1),
                expected_sequence=game.last_sequence,
                actor=by,
            )
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    return game


@pytest.fixture
def mallory_never_moved(
    alice: User, bob: User, mallory: User, django_capture_on_commit_callbacks: Committed
) -> Game:
    """Alice and Bob take a token each, themselves; the clock takes the last one for
    Mallory (who reads French), who so has the best score without a move of her own."""
    speaks(mallory, "fr")
    game = toy_table([alice, bob, mallory], pile=3)
    played(game, django_capture_on_commit_callbacks, [(0, alice), (1, bob), (2, None)])
    assert list(game.seats.values_list("score", flat=True)) == [0, 0, 1]
    return game


def game_over_mail(user: User) -> mail.EmailMessage:
    (found,) = [
        m
        for m in mail.outbox
        if m.to == [user.email] and m.subject.endswith(("game is over", "terminée"))
    ]
    return found


def test_the_table_names_the_best_of_the_players_who_moved_and_says_why_not_the_other(
    mallory_never_moved: Game, as_user: Callable[[User], Client], bob: User
) -> None:
    game = mallory_never_moved

    page = Client().get(f"/games/{game.pk}/").content.decode()

    assert "Won by alice and bob." in page
    assert page.count(NOT_PLACED) == 2  # her box and her score sheet's row
    assert "1 won · winner" not in page  # the rules' points stand, not the title
    assert "The game is over. Winner: alice and bob." in page  # the history
    french = Client().get(f"/games/{game.pk}/", HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert "Gagnée par alice et bob." in french
    assert french.count(NOT_PLACED_FR) == 2
    own = as_user(bob).get(f"/games/{game.pk}/").content.decode()
    assert "Won by alice and you." in own
    replayed = Client().get(f"/games/{game.pk}/replay/").content.decode()  # its last step
    assert "Won by alice and bob." in replayed and replayed.count(NOT_PLACED) == 2


def test_the_game_over_mail_says_the_same_to_every_reader_in_text_and_html(
    mallory_never_moved: Game, alice: User, mallory: User
) -> None:
    english = game_over_mail(alice)
    assert "Won by you and bob." in english.body
    assert f"- mallory: 1 ({NOT_PLACED})" in english.body.splitlines()
    assert "(winner)" in english.body and "- mallory: 1 (winner)" not in english.body
    html = str(english.alternatives[0][0])
    assert "Won by you and bob." in html and NOT_PLACED in html
    assert html.count(">winner<") == 2  # Alice's and Bob's rows, not Mallory's
    french = game_over_mail(mallory)
    assert "Gagnée par alice et bob." in french.body
    assert f"- mallory\u00a0: 1 ({NOT_PLACED_FR})" in french.body.splitlines()
    assert NOT_PLACED_FR in str(french.alternatives[0][0])


def test_the_lists_and_the_api_count_no_win_and_no_place_for_her(
    mallory_never_moved: Game, as_user: Callable[[User], Client], mallory: User, alice: User
) -> None:
    game = mallory_never_moved
    seats = list(game.seats.order_by("number").values_list("winner", "absent"))
    assert seats == [(True, False), (True, False), (False, True)]

    hers = as_user(mallory).get("/games/finished/").content.decode()  # in French
    assert "votre score 1 won · tous vos coups joués à votre place — hors classement" in hers
    assert "victoire" not in hers and " sur 3" not in hers
    alices = as_user(alice).get("/games/finished/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "1st of 2 (tie)" in alices  # placed among the players who moved

    detail = as_user(alice).get(f"/api/games/{game.pk}/").json()
    assert detail["outcome"]["scores"] == [0, 0, 1]  # the rules' result, as played
    assert detail["outcome"]["winners"] == [0, 1]
    assert [seat["absent"] for seat in detail["seats"]] == [False, False, True]


def test_a_game_where_nobody_moved_names_no_winner(
    alice: User,
    bob: User,
    django_capture_on_commit_callbacks: Committed,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The clock's bot takes one token each time: drawn at random (from the game's id, which
    # PostgreSQL does not reuse), it could take both and end the game before Bob's turn.
    monkeypatch.setattr("games.deadlines.bot_move", lambda *args: Take(1))
    game = toy_table([alice, bob], pile=2)
    played(game, django_capture_on_commit_callbacks, [(0, None), (1, None)])

    page = Client().get(f"/games/{game.pk}/").content.decode()
    assert "Won by" not in page
    assert "No winner: no player who stayed in the game made a move of their own." in page
    assert page.count(NOT_PLACED) == 4
    body = game_over_mail(alice).body
    assert "Won by" not in body and "(winner)" not in body
    assert "No winner: no player who stayed in the game made a move of their own." in body
    assert not game.seats.filter(winner=True).exists()


def test_a_player_who_moved_then_left_still_wins_as_the_game_ended(
    alice: User, bob: User, django_capture_on_commit_callbacks: Committed
) -> None:
    """Only a player with no move of their own is left out: one who moved, then let the
    clock play for them, keeps the win the game gave them (as the ratings rate them)."""
    game = toy_table([alice, bob], pile=3)
    played(game, django_capture_on_commit_callbacks, [(0, alice), (1, bob), (0, None)])

    page = Client().get(f"/games/{game.pk}/").content.decode()
    assert "Won by alice." in page and NOT_PLACED not in page
    assert "Won by alice." in game_over_mail(bob).body


def test_the_games_over_before_are_marked_from_their_events(mallory_never_moved: Game) -> None:
    """The migration that brought the mark reads the games already over as a game ending
    now would be read: Mallory's seat marked, and the win the rules gave it handed to the
    best of the players who moved."""
    game = mallory_never_moved
    # As the read models of a game over before it stood: the rules' winner, nobody marked.
    game.seats.update(absent=False, winner=False)
    game.seats.filter(number=2).update(winner=True)
    migration = importlib.import_module("games.migrations.0022_seat_absent")

    migration.mark_absent_seats(django_apps, None)

    seats = list(game.seats.order_by("number").values_list("winner", "absent"))
    assert seats == [(True, False), (True, False), (False, True)]
    assert "Won by alice and bob." in Client().get(f"/games/{game.pk}/").content.decode()


def test_every_games_rules_page_tells_players_so() -> None:
    english = Client().get("/rules/numx/").content.decode()
    assert "they are not placed and never named the winner" in english
    french = Client().get("/rules/numx/", HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert "il est hors classement et jamais désigné vainqueur" in french


def test_the_last_player_left_wins_nothing_if_they_never_moved(
    alice: User,
    bob: User,
    as_user: Callable[[User], Client],
    django_capture_on_commit_callbacks: Committed,
) -> None:
    """Bob never moved; Alice moved, then resigned: bots finish the game for Bob, whom
    every other player's resignation would have made the winner."""
    game = toy_table([alice, bob], pile=5)
    with django_capture_on_commit_callbacks(execute=True):  # type: ignore[operator]
        game.refresh_from_db()
        game_submit(
            game_id=game.pk,
            seat=0,
            action=Take(1),
            expected_sequence=game.last_sequence,
            actor=alice,
        )
        assert play_for_absent(game, 1)
        resign(game=game, user=alice)
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED

    page = as_user(bob).get(f"/games/{game.pk}/").content.decode()
    assert (
        "Every other player resigned, but every move of yours was made for you: nobody won." in page
    )
    assert "No winner: no player who stayed in the game made a move of their own." in page
