"""The French of the tournaments' pages and mails names nobody in particular with a man's
word, as the rest of the tournaments' French already did ("qui organise le tournoi", "Vos
outils d’organisation", "(retrait)", "inviter quelqu’un en remplacement"): the
tournament's organiser is "l’organisation", a player one invites "qui accepte une
invitation" (docs/tournaments.md, "Standings"). Each failed before with "l’organisateur",
"un joueur que vous invitez… il commence", "un remplaçant"."""

from __future__ import annotations

import html
import random
from collections.abc import Callable
from datetime import timedelta

import pytest
from django.contrib.auth.models import User
from django.core import mail
from django.test import Client
from django.utils import timezone

from tests.members import speaks
from tournaments.models import Tournament
from tournaments.services import entry_withdraw, tournament_end, tournament_invite

from .conftest import Players, fake_result, first_stage, open_for_a_day, with_a_final

pytestmark = pytest.mark.django_db

Login = Callable[[User], Client]
OnCommit = Callable[..., object]


def _french(reader: Client, path: str, status: int = 200) -> str:
    """The page at ``path`` as ``reader``, who reads French, sees it (its ``status``)."""
    page = reader.get(path, HTTP_ACCEPT_LANGUAGE="fr")
    assert page.status_code == status, path
    return html.unescape(page.content.decode())


def test_the_organiser_is_the_tournaments_organisation_on_its_pages(
    alice: User, bob: User, as_user: Login
) -> None:
    speaks(alice, "fr")
    speaks(bob, "fr")
    tournament = open_for_a_day(alice, "Spring cup")
    tournament_invite(tournament=tournament, by=alice, email=bob.email)
    at = f"/tournaments/{tournament.pk}/"
    organiser, invited = as_user(alice), as_user(bob)

    pages = {
        "/tournaments/": "avec le temps par coup choisi par l’organisation de chaque tournoi.",
        at: "<dt>Organisation</dt>",
        f"{at}organise/": "<h2>Espace d’organisation</h2>",
        "/tournaments/new/": "vous lancez chaque ronde depuis votre espace d’organisation.",
    }
    for path, said in pages.items():
        page = _french(organiser, path)
        assert said in page, path
        assert "organisateur" not in page.lower(), path
    register = _french(invited, f"{at}register/")
    assert "L’organisation vous invite à jouer dans ce tournoi." in register
    refused = _french(invited, f"{at}organise/", status=403)
    assert "Seule l’organisation de ce tournoi peut faire cela." in refused


def test_between_stages_the_french_names_no_newcomer_as_a_man(
    alice: User, as_user: Login, make_players: Players
) -> None:
    """Three players, stage 1 of 2 played: the dashboard offers an invitation, and
    withdrawing one would leave too few for stage 2."""
    speaks(alice, "fr")
    players = make_players(3)
    league = open_for_a_day(alice, "Small league", stage_count=2)
    (table,) = first_stage(league, players, seed=3).tables.all()
    fake_result(table, {user.username: 40 - 10 * i for i, user in enumerate(players)})
    table.forced_at = timezone.now() - timedelta(hours=1)
    table.save(update_fields=["forced_at"])
    organiser = as_user(alice)
    at = f"/tournaments/{league.pk}/"

    dashboard = _french(organiser, f"{at}organise/")
    assert (
        "Qui accepte une invitation envoyée maintenant rejoint le tournoi avec 0\u00a0point "
        "et joue à partir de la prochaine ronde." in dashboard
    )
    entry = league.entries.get(user=players[0])
    question = _french(organiser, f"{at}organise/players/{entry.pk}/withdraw/")
    assert "vous pourriez alors inviter quelqu’un en remplacement avant elle" in question
    assert "remplaçant" not in question
    tables = _french(organiser, f"{at}tables/")
    assert "Terminée par l’organisation, selon la règle prévue en cas de délai dépassé." in tables
    tournament_end(tournament=league, by=alice)
    assert "arrêté avant son terme par l’organisation" in _french(organiser, at)


def test_before_a_final_the_refusal_to_invite_names_no_newcomer_as_a_man(
    alice: User, bob: User, as_user: Login, make_players: Players
) -> None:
    speaks(alice, "fr")
    cup = with_a_final(alice)
    (table,) = first_stage(cup, make_players(4), seed=3).tables.all()
    names = [place.entry.user.username for place in table.players.all()]
    fake_result(table, {name: 40 - 10 * i for i, name in enumerate(names)})

    refused = as_user(alice).post(
        f"/tournaments/{cup.pk}/organise/invite/", {"email": bob.email}, HTTP_ACCEPT_LANGUAGE="fr"
    )

    assert refused.status_code == 409
    assert (
        "Il ne reste que la finale, qui réunit les 3 premiers du classement\u00a0: une "
        "invitation envoyée maintenant ne permettrait pas de la jouer."
        in html.unescape(refused.content.decode())
    )


def test_a_player_withdrawn_reads_that_the_organisation_ended_their_participation(
    league: Tournament,
    alice: User,
    make_players: Players,
    as_user: Login,
    django_capture_on_commit_callbacks: OnCommit,
) -> None:
    players = make_players(4)
    gone, staying = speaks(players[0], "fr"), speaks(players[1], "fr")
    first_stage(league, players, seed=6)
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        entry_withdraw(entry=league.entries.get(user=gone), by=alice, rng=random.Random(6))

    (told,) = [m for m in mail.outbox if m.to == [gone.email] and "participation" in m.subject]
    assert told.subject == "Spring league\u00a0: l’organisation a mis fin à votre participation"
    register = _french(as_user(gone), f"/tournaments/{league.pk}/register/")
    assert "L’organisation a mis fin à votre participation à ce tournoi." in register
    refused = as_user(staying).post(
        f"/tournaments/{league.pk}/unregister/", HTTP_ACCEPT_LANGUAGE="fr"
    )
    assert (
        "Le tournoi a commencé\u00a0: demandez à l’organisation de mettre fin à votre "
        "participation." in html.unescape(refused.content.decode())
    )
