"""Migration 0012 chains the games recorded before chains existed, once, marked as such,
without changing an event (PostgreSQL: its schema changes run inside the test's
transaction, which SQLite's schema editor refuses)."""

from __future__ import annotations

import random

import pytest
from django.db import connection

from games.bots import bot_seats, play_bot_move
from games.events.log import export_game, verify
from games.events.models import Chain, Event, Link
from games.services import game_create
from tests.chains import assert_chained
from tests.migrations import migrate

pytestmark = [pytest.mark.postgres, pytest.mark.django_db]

BEFORE = [("games", "0010_bot_levels")]
AFTER = [("games", "0012_chain_existing_games")]


def test_the_migration_chains_each_recorded_game_once_and_says_so() -> None:
    rng = random.Random(8)
    game = game_create(
        name="Recorded before chains",
        config={"players": 3, "mode": "speed-run"},
        seats=bot_seats(3, automatic=False),
    )
    for _ in range(10):
        play_bot_move(game, rng)
    game.refresh_from_db()
    recorded = list(Event.objects.filter(game=game).values_list("pk", "payload", "recorded_at"))
    with connection.cursor() as cursor:
        # The foreign keys' checks are deferred to the commit: done now, so that the tables
        # they touch can be dropped in this transaction.
        cursor.execute("SET CONSTRAINTS ALL IMMEDIATE")
    migrate(BEFORE)  # the chains' tables are gone: the game is as it was recorded before
    migrate(AFTER)
    migrate()  # the later migrations, whose columns the game's model reads

    keys = Chain.objects.get(game=game)
    assert (keys.linked_late_by, keys.linked_late_through) == ("migration", game.last_sequence)
    assert keys.seed and keys.commitment
    assert Link.objects.filter(game=game).count() == game.last_sequence + 1
    assert_chained(game.pk)
    after = list(Event.objects.filter(game=game).values_list("pk", "payload", "recorded_at"))
    assert after == recorded

    # The game goes on: its next events are linked at their append, from the migration's.
    for _ in range(5):
        play_bot_move(game, rng)
    game.refresh_from_db()
    assert game.last_sequence > keys.linked_late_through
    assert_chained(game.pk)
    log = export_game(game.pk)
    assert log["chain"]["linked_late_by"] == "migration"
    assert verify(log).head == log["events"][-1]["hash"]
