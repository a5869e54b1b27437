"""Recorded events cannot be changed or removed: not by the ORM, not by raw SQL.

Three layers refuse, and each is shown refusing on its own: the model (``save`` of an
existing row, ``delete``), its queryset (``update``, ``delete``, ``bulk_update``), and the
database's triggers (migration 0002), which also stop whatever goes around the first two
(raw SQL, Django's base manager). Everything here runs on SQLite and on PostgreSQL except
what only PostgreSQL has: TRUNCATE, statement-level triggers, the system catalogs.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from django.db import DatabaseError, IntegrityError, connection, transaction
from django.db.models import ProtectedError
from django.test.utils import CaptureQueriesContext

from games.events import store
from games.events.models import Event, ImmutableEventError
from games.models import Game

pytestmark = pytest.mark.django_db

IMMUTABLE = "events are immutable"


@pytest.fixture
def game(new_game: Callable[..., Game]) -> Game:
    """A dealt game: events 1 (created) and 2 (deal)."""
    return new_game(players=3)


def recorded(game: Game) -> list[tuple[int, str, object]]:
    """The game's events as stored, to compare before and after an attempt."""
    return list(
        Event.objects.filter(game=game).order_by("sequence").values_list("sequence", "type", "seat")
    )


def refused_by_the_database(sql: str, params: list[object] | None = None) -> None:
    """Run raw ``sql`` and require the database itself to refuse it as an event change.

    The savepoint of ``atomic()`` takes the failed statement back, so the test's own
    transaction (plain ``django_db``) stays usable.
    """
    with (
        pytest.raises(DatabaseError, match=IMMUTABLE),
        transaction.atomic(),
        connection.cursor() as cursor,
    ):
        cursor.execute(sql, params)


# --- The model and its queryset ---------------------------------------------------------------


def test_saving_an_existing_event_is_refused(game: Game) -> None:
    before = recorded(game)
    event = Event.objects.get(game=game, sequence=2)
    event.type = "forged"
    with pytest.raises(ImmutableEventError, match=IMMUTABLE):
        event.save()
    with pytest.raises(ImmutableEventError):
        event.save(update_fields=["type"])
    assert recorded(game) == before


def test_deleting_an_event_is_refused(game: Game) -> None:
    before = recorded(game)
    with pytest.raises(ImmutableEventError, match=IMMUTABLE):
        Event.objects.get(game=game, sequence=2).delete()
    assert recorded(game) == before


def test_bulk_updates_and_deletes_are_refused(game: Game) -> None:
    before = recorded(game)
    attempts: list[Callable[[], object]] = [
        lambda: Event.objects.filter(game=game).update(type="forged"),
        lambda: Event.objects.update(type="forged"),
        lambda: game.events.update(type="forged"),  # the related manager too
        lambda: Event.objects.filter(game=game).delete(),
        lambda: game.events.all().delete(),
        lambda: Event.objects.bulk_update(list(Event.objects.filter(game=game)), ["type"]),
    ]
    for attempt in attempts:
        with pytest.raises(ImmutableEventError, match=IMMUTABLE):
            attempt()
    assert recorded(game) == before


def test_deleting_the_game_does_not_take_its_events_along(game: Game) -> None:
    """Events reference their game with PROTECT: no cascade can remove them."""
    with pytest.raises(ProtectedError):
        game.delete()
    assert Game.objects.filter(pk=game.pk).exists()
    assert len(recorded(game)) == 2


# --- The database -----------------------------------------------------------------------------


def test_raw_sql_cannot_update_or_delete_an_event(game: Game) -> None:
    before = recorded(game)
    refused_by_the_database("UPDATE games_event SET type = 'forged' WHERE game_id = %s", [game.pk])
    refused_by_the_database("UPDATE games_event SET payload = payload WHERE sequence = 1")
    refused_by_the_database("DELETE FROM games_event WHERE game_id = %s", [game.pk])
    refused_by_the_database("DELETE FROM games_event")
    assert recorded(game) == before


def test_djangos_own_base_manager_refuses_changes_too(game: Game) -> None:
    """Django's internal manager (related lookups, deletions) is the refusing one as well;
    raw SQL around it is the triggers' business (the tests above)."""
    before = recorded(game)
    with pytest.raises(ImmutableEventError):
        Event._base_manager.filter(game=game).update(type="forged")
    with pytest.raises(ImmutableEventError):
        Event._base_manager.filter(game=game).delete()
    assert recorded(game) == before


def test_appending_a_sequence_already_taken_raises_and_overwrites_nothing(game: Game) -> None:
    """A concurrent append that lost is told so, as SequenceTaken once its transaction has
    rolled back: the insert is a plain INSERT (no ON CONFLICT DO NOTHING that would drop
    the move silently)."""
    before = recorded(game)
    move = store.NewEvent("pick", {"type": "pick", "face": "blue-1"}, seat=0)
    with (
        CaptureQueriesContext(connection) as queries,
        pytest.raises(store.AppendRefused) as lost,
        transaction.atomic(),
    ):
        store.append(game.pk, store.rule_set(game.rules), expected_last=1, events=[move])
    assert isinstance(store.reason(lost.value), store.SequenceTaken)
    inserts = [q["sql"] for q in queries.captured_queries if "INSERT" in q["sql"].upper()]
    assert inserts, "append must have tried an INSERT"
    assert not any("ON CONFLICT" in sql.upper() for sql in inserts)
    assert recorded(game) == before


def test_a_duplicate_sequence_is_refused_by_the_database_itself(game: Game) -> None:
    """The (game, sequence) unique constraint holds below the store too."""
    with pytest.raises(IntegrityError), transaction.atomic():
        Event(game=game, sequence=2, type="deal", payload={}, seat=-1, version=1).save()
    assert len(recorded(game)) == 2


# --- PostgreSQL only ----------------------------------------------------------------------------


@pytest.mark.postgres
def test_postgres_refuses_truncate(game: Game) -> None:
    # The game's inserts left deferred foreign-key checks pending in this test's
    # transaction, and PostgreSQL refuses to TRUNCATE a table with pending trigger events
    # ("cannot TRUNCATE ... pending trigger events") before our trigger gets a say. Run
    # the checks now, so that what refuses below is the immutability trigger.
    with connection.cursor() as cursor:
        cursor.execute("SET CONSTRAINTS ALL IMMEDIATE")
    refused_by_the_database("TRUNCATE games_event")
    refused_by_the_database("TRUNCATE games_event, games_snapshot")
    refused_by_the_database("TRUNCATE games_event CASCADE")
    assert len(recorded(game)) == 2


@pytest.mark.postgres
def test_postgres_refuses_even_a_statement_that_matches_no_row(game: Game) -> None:
    """The trigger fires once per statement, whatever it matches: a statement-level
    trigger, which is also the only kind PostgreSQL fires on TRUNCATE."""
    refused_by_the_database("UPDATE games_event SET type = 'forged' WHERE false")
    refused_by_the_database("DELETE FROM games_event WHERE false")


@pytest.mark.postgres
def test_postgres_has_one_enabled_statement_trigger_on_update_delete_truncate(
    game: Game,
) -> None:
    # pg_trigger.tgtype bits (src/include/catalog/pg_trigger.h): ROW 1, BEFORE 2,
    # INSERT 4, DELETE 8, UPDATE 16, TRUNCATE 32.
    with connection.cursor() as cursor:
        cursor.execute(
            """
            SELECT tgname, tgtype, tgenabled
            FROM pg_trigger
            WHERE tgrelid = 'games_event'::regclass AND NOT tgisinternal
            """
        )
        triggers = cursor.fetchall()
        cursor.execute(
            """
            SELECT event_manipulation, action_orientation, action_timing
            FROM information_schema.triggers
            WHERE event_object_table = 'games_event'
            ORDER BY event_manipulation
            """
        )
        standard_view = cursor.fetchall()
    assert len(triggers) == 1
    name, tgtype, enabled = triggers[0]
    assert name == "games_event_immutable"
    assert enabled == "O"  # fires in the normal ("origin") replication role
    assert not tgtype & 1, "a statement-level trigger, not a row trigger"
    assert tgtype & 2, "fires BEFORE the statement"
    assert tgtype & (4 | 8 | 16 | 32) == 8 | 16 | 32, "on DELETE, UPDATE and TRUNCATE only"
    # The SQL-standard view has no TRUNCATE; it agrees on the rest.
    assert standard_view == [("DELETE", "STATEMENT", "BEFORE"), ("UPDATE", "STATEMENT", "BEFORE")]


@pytest.mark.postgres
def test_postgres_uses_a_trigger_that_raises_not_a_rule_that_does_nothing(game: Game) -> None:
    """A ``DO INSTEAD NOTHING`` rule would make every change report success and do nothing;
    a change must fail loudly instead."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT rulename FROM pg_rules WHERE tablename = 'games_event'")
        assert cursor.fetchall() == []


# --- SQLite only --------------------------------------------------------------------------------


def test_sqlite_has_its_row_triggers_on_update_and_delete(game: Game) -> None:
    if connection.vendor != "sqlite":
        pytest.skip("SQLite's triggers; PostgreSQL's are checked above")
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT name FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'games_event'"
            " ORDER BY name"
        )
        assert cursor.fetchall() == [("games_event_no_delete",), ("games_event_no_update",)]
