"""A game whose events the rules cannot replay (the site's database role may append an
event, by design; a bug may write a wrong one): it is shown as damaged, naming the event,
on every way in, the rest of the site goes on, and the operators are told (an ERROR in
the log). docs/deploy.md ("A damaged game") says how to repair it."""

from __future__ import annotations

import logging
import random
from collections.abc import Callable
from datetime import timedelta
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from django.db import connection, transaction
from django.test import Client
from django.utils import timezone

from games.deadlines import tick
from games.events.consumers import catch_up
from games.events.log import export_game, verify
from games.events.models import Event
from games.lobby import game_join, game_open, game_start
from games.models import Game
from tests.clients import token_client

from .conftest import finish

pytestmark = pytest.mark.django_db

Login = Callable[[User], Client]


def poison(game: Game, seat: int | None) -> int:
    """Append, as the site's role may, an event no rules know (type ``x``, payload ``{}``)
    after the game's last one; its number."""
    number = Event.objects.filter(game=game).count() + 1
    Event.objects.create(
        game=game,
        sequence=number,
        type="x",
        payload={},
        seat=seat,
        version=1,
        recorded_at=timezone.now(),
    )
    return number


@pytest.mark.parametrize("seat", [0, None])
def test_a_game_that_cannot_be_rebuilt_is_shown_damaged_on_every_way_in(
    duel: Game, alice: User, as_user: Login, seat: int | None, caplog: pytest.LogCaptureFixture
) -> None:
    """Failed before: the table, the live updates, the history and every API answer of
    the game were 500s, for as long as the event stays (for ever: events are never
    changed)."""
    bad = poison(duel, seat)
    browser, api = as_user(alice), token_client(alice)

    with caplog.at_level(logging.ERROR):
        for url in (f"/games/{duel.pk}/", f"/games/{duel.pk}/history/"):
            page = browser.get(url)
            assert page.status_code == 410, url
            assert f"event {bad}" in page.content.decode(), url
        moved = browser.post(f"/games/{duel.pk}/move/", {"form": "pli"})
        assert moved.status_code == 410
        for answer in (
            api.get(f"/api/games/{duel.pk}/"),
            api.get(f"/api/games/{duel.pk}/legal-actions/"),
            api.get(f"/api/games/{duel.pk}/events/"),
            api.post(
                f"/api/games/{duel.pk}/actions/",
                {"action": "pass", "expected_sequence": bad},
                format="json",
            ),
        ):
            assert answer.status_code == 410, answer.wsgi_request.path
            assert answer.json() == {
                "detail": answer.json()["detail"],
                "damaged": {"sequence": bad, "type": "x"},
            }
    assert Event.objects.filter(game=duel).count() == bad  # nothing more written
    alerts = [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR]
    assert len(alerts) == 1, alerts  # once, not at every request
    assert f"game {duel.pk} cannot be rebuilt" in alerts[0] and f"event {bad}" in alerts[0]


def test_the_rest_of_the_site_is_unaffected(
    duel: Game, alice: User, bob: User, as_user: Login
) -> None:

    other = game_open(creator=alice, name="Other", config={"players": 2}, public=True)
    game_join(game=other, user=bob, token=other.invite_token)
    game_start(game=other, by=alice, rng=random.Random(3))
    poison(duel, 0)
    Game.objects.filter(pk=duel.pk).update(last_sequence=duel.last_sequence + 1)

    assert Client().get("/").status_code == 200
    browser = as_user(alice)
    for url in ("/games/", f"/games/{other.pk}/", f"/games/{other.pk}/history/"):
        assert browser.get(url).status_code == 200, url
    assert token_client(alice).get("/api/games/").status_code == 200
    # The sweeps go on past the damaged game: the other game's clock moves for its
    # absent players, the damaged one's cannot.
    catch_up()
    before = Event.objects.filter(game=other).count()
    tick(timezone.now() + timedelta(days=60))
    assert Event.objects.filter(game=other).count() > before


def test_a_finished_damaged_games_log_is_not_served_as_good(duel: Game, alice: User) -> None:
    finished = finish(duel)
    bad = poison(finished, None)

    answer = token_client(alice).get(f"/api/games/{finished.pk}/export/")

    assert answer.status_code == 410
    assert answer.json()["damaged"]["sequence"] == bad


@pytest.mark.postgres
def test_the_repair_docs_deploy_gives_makes_the_game_playable_again(
    duel: Game, alice: User, as_user: Login
) -> None:
    """The SQL of docs/deploy.md ("A damaged game"), run as the owner (the tests' role)
    for this game and event: the game shows again, its chain intact."""
    bad = poison(duel, 0)
    assert as_user(alice).get(f"/games/{duel.pk}/").status_code == 410
    docs = (Path(__file__).parents[2] / "docs" / "deploy.md").read_text()
    section = docs[docs.index("## A damaged game") :]
    script = section[section.index("BEGIN;") + len("BEGIN;") : section.index("COMMIT;")]
    statements = [
        statement.replace("= 42", f"= {duel.pk}")
        .replace("461", str(bad))
        .replace("460", str(bad - 1))
        for statement in script.split(";")
        if statement.strip()
    ]
    with transaction.atomic(), connection.cursor() as cursor:
        # The test's own transaction wrote the events, whose foreign keys PostgreSQL checks
        # at its end; an operator's transaction has nothing pending: check them now.
        cursor.execute("SET CONSTRAINTS ALL IMMEDIATE")
        for statement in statements:
            cursor.execute(statement)

    assert as_user(alice).get(f"/games/{duel.pk}/").status_code == 200
    assert Event.objects.filter(game=duel).count() == bad - 1
    export = export_game(duel.pk)
    assert verify(export).events == bad - 1
