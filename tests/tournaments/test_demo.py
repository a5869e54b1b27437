"""`make run`'s demo shows a newcomer a tournament too, and prints where it is."""

from io import StringIO

import pytest
from django.core.management import call_command
from django.test import Client

from games import demo
from tournaments import demo as tournament_demo
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db


def test_the_demo_seeds_a_tournament_being_played_once_and_prints_its_page() -> None:
    out = StringIO()
    call_command("numx", "demo", stdout=out)
    call_command("numx", "demo", stdout=StringIO())
    (cup,) = Tournament.objects.filter(name=tournament_demo.NAME)
    assert cup.status == Tournament.Status.RUNNING and cup.organiser.email == demo.EMAILS[0]
    (stage,) = cup.stages.all()
    assert stage.tables.count() == 2
    assert f"a tournament being played:       /tournaments/{cup.pk}/" in out.getvalue()


def test_a_newcomer_finds_the_demo_players_at_its_tables() -> None:
    call_command("numx", "demo", stdout=StringIO())
    cup = Tournament.objects.get(name=tournament_demo.NAME)
    page = Client().get(f"/tournaments/{cup.pk}/tables/").content.decode()
    assert "Alice" in page and "Bob" in page and "Carla" in page
    client = Client()
    client.post("/accounts/login/", {"login": demo.EMAILS[1], "password": demo.PASSWORD})
    assert "Demo cup: stage 1, table" in client.get("/games/").content.decode()
