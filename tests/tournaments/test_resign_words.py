"""The question before resigning at a tournament's table says what resigning gives there:
the tournament's fixed value and no place (docs/tournaments.md), in the player's language."""

from __future__ import annotations

import html
import random
from collections.abc import Callable

import pytest
from django.contrib.auth.models import User
from django.test import Client

from games.lobby import game_join, game_open, game_start
from tests.members import speaks
from tournaments.models import Stage, Tournament
from tournaments.services import stage_start

from .conftest import Players, register_all

pytestmark = pytest.mark.django_db

Login = Callable[[User], Client]


@pytest.fixture
def started(league: Tournament, alice: User, make_players: Players) -> Stage:
    """Alice's league with four players, its fixed value 3 points; stage 1 being played."""
    league.forfeit_points = 3
    league.save(update_fields=["forfeit_points"])
    register_all(league, make_players(4))
    return stage_start(tournament=league, by=alice, rng=random.Random(12))


def _question(started: Stage, as_user: Login, language: str) -> str:
    table = started.tables.get()
    player = speaks(table.players.order_by("seat").first().entry.user, language)
    page = as_user(player).get(f"/games/{table.game_id}/resign/")
    assert page.status_code == 200
    return html.unescape(page.content.decode())


@pytest.mark.parametrize(
    ("language", "words"),
    [
        (
            "en",
            "This is a table of the tournament “Spring league”: resigning, you get "
            "its fixed value (3 points) and no place.",
        ),
        (
            "fr",
            "C’est une table du tournoi «\u00a0Spring league\u00a0»\u00a0: en abandonnant, vous "
            "recevez sa valeur fixe (3\u00a0points) et aucune place.",
        ),
    ],
)
def test_resigning_at_a_tournaments_table_says_its_fixed_value_and_no_place(
    language: str, words: str, started: Stage, as_user: Login
) -> None:
    assert words in _question(started, as_user, language)


def test_one_point_is_said_in_the_singular(started: Stage, as_user: Login) -> None:
    Tournament.objects.filter(pk=started.tournament_id).update(forfeit_points=1)
    assert "(1 point) and no place." in _question(started, as_user, "en")


def test_a_game_of_no_tournament_says_nothing_of_one(
    alice: User, bob: User, as_user: Login
) -> None:
    game = game_open(creator=alice, name="Friendly", config={"players": 2})
    game_join(game=game, user=bob, token=game.invite_token)
    game_start(game=game, by=alice, rng=random.Random(1))
    page = as_user(alice).get(f"/games/{game.pk}/resign/").content.decode()
    assert "A bot plays your seat" in page and "table of the tournament" not in page
