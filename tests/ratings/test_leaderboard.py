"""The ratings' leaderboards (``/ratings/``): per game and mode, the players by the rating
their pages show, best first, each linking to their page; provisional ratings marked;
nobody without a rated game there; linked from every player page."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from django.contrib.auth.models import User
from django.test import Client

from accounts.models import Profile
from games.models import Game
from ratings.selectors import ratings_in

pytestmark = pytest.mark.django_db

Players = Callable[[int], list[User]]
Play = Callable[..., Game]


def board(html: str, label: str) -> str:
    """The section of the page that ranks the pool named ``label``."""
    found = re.search(rf"<h2[^>]*>{re.escape(label)}</h2>(.*?)</table>", html, re.S)
    assert found, f"no leaderboard for {label}"
    return found.group(1)


def test_each_pool_ranks_its_players_by_the_rating_their_page_shows(
    make_players: Players, toy_game: Play
) -> None:
    alice, bob, carol = make_players(3)
    Profile.objects.filter(user=bob).update(display_name="Bob the Builder")
    for _ in range(2):
        toy_game([alice, bob], winner=0)
    toy_game([bob, carol], winner=0, mode="fast")

    html = Client().get("/ratings/").content.decode()

    toy = board(html, "Toy")
    assert toy.index(f'href="/players/{alice.pk}/"') < toy.index(f'href="/players/{bob.pk}/"')
    assert "Bob the Builder" in toy and f"/players/{carol.pk}/" not in toy
    shown = ratings_in("toy", [alice.pk])[alice.pk]
    assert f"{shown.rating}&nbsp;<abbr" in toy  # as on her page, marked provisional
    fast = board(html, "Toy · fast")
    assert f"/players/{carol.pk}/" in fast and f"/players/{alice.pk}/" not in fast


def test_a_site_without_rated_games_says_so_in_french(make_players: Players) -> None:
    make_players(1)

    html = Client().get("/ratings/", HTTP_ACCEPT_LANGUAGE="fr").content.decode()

    assert "Aucune partie classée pour l’instant." in html


def test_a_player_page_links_the_leaderboards(make_players: Players, toy_game: Play) -> None:
    alice, bob = make_players(2)
    toy_game([alice, bob], winner=0)

    html = Client().get(f"/players/{alice.pk}/").content.decode()

    assert 'href="/ratings/"' in html
