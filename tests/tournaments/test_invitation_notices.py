"""A member's games page lists their invitations to tournaments not started yet, each
linked to where they accept or decline it: an invitation is found without its email."""

from __future__ import annotations

import html
from collections.abc import Callable
from datetime import timedelta

import pytest
from django.contrib.auth.models import User
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from tests.members import speaks
from tournaments.models import Tournament
from tournaments.services import tournament_create, tournament_invite, tournament_register

pytestmark = pytest.mark.django_db

Login = Callable[[User], Client]

INVITED = "You have an invitation to the tournament “Spring league”: accept it or decline it."


def _games_page(client: Client) -> str:
    return html.unescape(client.get("/games/").content.decode())


def _tournament(organiser: User, name: str) -> Tournament:
    return tournament_create(
        organiser=organiser,
        name=name,
        description="",
        registration_closes=timezone.now() + timedelta(days=7),
    )


def test_an_invited_member_finds_the_invitation_on_their_games_page(
    league: Tournament, alice: User, bob: User, as_user: Login
) -> None:
    """Failed before: only the email led to it."""
    tournament_invite(tournament=league, by=alice, email="Bob@Example.com")
    page = _games_page(as_user(bob))
    assert f'<a href="/tournaments/{league.pk}/register/">{INVITED}</a>' in page
    assert INVITED not in _games_page(as_user(alice))


def test_the_invitation_is_said_in_french(
    league: Tournament, alice: User, bob: User, as_user: Login
) -> None:
    tournament_invite(tournament=league, by=alice, email="bob@example.com")
    page = _games_page(as_user(speaks(bob, "fr")))
    assert (
        "Vous avez une invitation au tournoi «\u00a0Spring league\u00a0»\u00a0: acceptez-la ou "
        "déclinez-la." in page
    )


def test_an_answered_invitation_is_no_longer_listed(
    league: Tournament, alice: User, bob: User, as_user: Login
) -> None:
    tournament_invite(tournament=league, by=alice, email="bob@example.com")
    tournament_register(tournament=league, user=bob)
    tournament_invite(tournament=league, by=alice, email="bob@example.com")  # again, registered
    assert "invitation to the tournament" not in _games_page(as_user(bob))


def test_many_invitations_cost_the_page_what_one_does(
    league: Tournament, alice: User, bob: User, as_user: Login
) -> None:
    client = as_user(bob)
    tournament_invite(tournament=league, by=alice, email="bob@example.com")
    _games_page(client)  # the session and caches warm
    with CaptureQueriesContext(connection) as one:
        assert _games_page(client).count("invitation to the tournament") == 1
    for name in ("Summer cup", "Autumn cup"):
        tournament_invite(tournament=_tournament(alice, name), by=alice, email="bob@example.com")
    with CaptureQueriesContext(connection) as three:
        assert _games_page(client).count("invitation to the tournament") == 3
    assert len(three) == len(one)
