"""Migration 0014 deletes the pickled snapshots and makes the column JSON; going back
deletes the JSON ones (PostgreSQL: its schema changes run inside the test's transaction,
which SQLite's schema editor refuses, and it is PostgreSQL that has no bytea → jsonb cast)."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from django.db import connection

from games.events import store
from games.events.models import Snapshot
from games.models import Game
from games.registry import rule_set
from tests.migrations import migrate

pytestmark = [pytest.mark.postgres, pytest.mark.django_db]

PICKLED = [("games", "0013_game_name_message")]
JSON = [("games", "0014_snapshot_state_json")]


def column_type() -> str:
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT data_type FROM information_schema.columns"
            " WHERE table_name = 'games_snapshot' AND column_name = 'state'"
        )
        (found,) = cursor.fetchone()
    return str(found)


def test_pickled_snapshots_are_deleted_and_the_game_loads_from_its_events(
    new_game: Callable[..., Game], advance: Callable[..., Game]
) -> None:
    game = advance(new_game(), 20)
    rules = rule_set(game.rules)
    truth = store.replay(rules, None, store.read(game.pk, rules))
    with connection.cursor() as cursor:
        # The foreign keys' checks are deferred to the commit: done now, so that the table
        # they touch can be altered in this transaction.
        cursor.execute("SET CONSTRAINTS ALL IMMEDIATE")
    migrate(PICKLED)
    assert column_type() == "bytea"
    with connection.cursor() as cursor:
        cursor.execute(
            "INSERT INTO games_snapshot (game_id, sequence, engine, state, created_at)"
            " VALUES (%s, %s, 'numx-state-7', %s, now())",
            [game.pk, game.last_sequence, b"\x80\x05pickled state"],
        )
    migrate(JSON)
    assert column_type() == "jsonb"
    assert not Snapshot.objects.filter(game=game).exists()
    assert store.load(game.pk, game.rules, cache=False).state == truth

    store.write_snapshot(game.pk, rules, store.load(game.pk, game.rules, cache=False))
    assert Snapshot.objects.get(game=game).state == rules.state_to_json(truth)
    migrate(PICKLED)  # back: the JSON snapshots go before the column turns to bytes
    assert column_type() == "bytea"
    with connection.cursor() as cursor:
        cursor.execute("SELECT count(*) FROM games_snapshot")
        assert cursor.fetchone() == (0,)
    migrate()
    assert store.load(game.pk, game.rules, cache=False).state == truth
