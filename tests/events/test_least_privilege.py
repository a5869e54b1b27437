"""The role the site runs as cannot switch the events' immutability off (PostgreSQL only).

The triggers of migration 0002 refuse every change to an event, but the table's owner may
disable or drop them, and a superuser may set ``session_replication_role = replica``,
under which no ordinary trigger fires. So the site runs as a role that owns nothing, set
up by ``manage.py grant_app_role`` (docs/deploy.md). Here the test run's own role (a
superuser, as in CI) stands for the tables' owner, and the tests connect as the role the
command sets up: Django's whole stack, reconnected as that role, as the site is when its
DATABASE_URL names it.

Roles belong to the whole PostgreSQL server, not to one database: the role is named after
the test database (each run has its own) and the test (each has its own: a pooler such as
PgBouncer keeps server connections per role name, and would hand a dropped role's
connection to a new role of the same name), and dropped at the end of the test.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager

import pytest
from django.core.management import CommandError, call_command
from django.db import DatabaseError, connection
from psycopg import errors, sql

from games.events import store
from games.events.models import Event
from games.models import Game
from games.registry import rule_set
from games.services import game_submit

pytestmark = [
    pytest.mark.postgres,
    # Transactional: the role's own connection only sees what is committed.
    pytest.mark.django_db(transaction=True),
    pytest.mark.usefixtures("flush_past_the_trigger"),
]

RULES = rule_set("numx")


def execute(statement: str) -> None:
    """Run ``statement`` on Django's connection, as whichever role it is connected as."""
    with connection.cursor() as cursor:
        cursor.execute(statement)


def quoted(name: str) -> str:
    """``name`` as an SQL identifier, quoted by psycopg (utility statements such as ALTER
    ROLE take no bound parameters)."""
    with connection.cursor() as cursor:
        return sql.Identifier(name).as_string(cursor.connection)


@pytest.fixture
def app_role() -> Iterator[str]:
    """The role the site runs as, set up by the command (run here by the tables' owner)."""
    role = f"{connection.settings_dict['NAME']}_app_{secrets.token_hex(4)}"
    call_command("grant_app_role", role)
    yield role
    # DROP OWNED takes back every right granted to the role, so that it can be dropped.
    execute(f"DROP OWNED BY {quoted(role)}")
    execute(f"DROP ROLE {quoted(role)}")


@pytest.fixture
def connected_as(app_role: str) -> Callable[[], AbstractContextManager[None]]:
    """``with connected_as():`` runs its block on Django's connection reopened as the
    site's role (with a password of its own, in case the server asks for one)."""
    password = secrets.token_urlsafe(16)
    with connection.cursor() as cursor:
        secret = sql.Literal(password).as_string(cursor.connection)
    execute(f"ALTER ROLE {quoted(app_role)} PASSWORD {secret}")

    @contextmanager
    def reconnected() -> Iterator[None]:
        settings = connection.settings_dict
        owner = settings["USER"], settings["PASSWORD"]
        connection.close()
        settings["USER"], settings["PASSWORD"] = app_role, password
        try:
            with connection.cursor() as cursor:
                cursor.execute("SELECT current_user")
                assert cursor.fetchone() == (app_role,)
            yield
        finally:
            connection.close()
            settings["USER"], settings["PASSWORD"] = owner

    return reconnected


def recorded(game: Game) -> list[tuple[int, str, object]]:
    """The game's events as stored: (sequence, type, seat)."""
    return list(
        Event.objects.filter(game=game).order_by("sequence").values_list("sequence", "type", "seat")
    )


def refused_for_lack_of_rights(statement: str) -> str:
    """Run ``statement`` and require PostgreSQL to refuse it for lack of privilege (not
    the trigger: whoever could get past the privileges would be stopped by the trigger
    only as long as they could not switch it off). Returns PostgreSQL's message."""
    with pytest.raises(DatabaseError) as refused:
        execute(statement)
    assert isinstance(refused.value.__cause__, errors.InsufficientPrivilege), refused.value
    return str(refused.value)


def test_the_sites_role_cannot_change_events_nor_switch_the_triggers_off(
    new_game: Callable[..., Game], connected_as: Callable[[], AbstractContextManager[None]]
) -> None:
    game = new_game(players=3)
    before = recorded(game)

    with connected_as():
        assert "must be owner" in refused_for_lack_of_rights(
            "ALTER TABLE games_event DISABLE TRIGGER games_event_immutable"
        )
        refused_for_lack_of_rights("ALTER TABLE games_event DISABLE TRIGGER ALL")
        refused_for_lack_of_rights("DROP TRIGGER games_event_immutable ON games_event")
        refused_for_lack_of_rights("SET session_replication_role = replica")
        assert "permission denied" in refused_for_lack_of_rights(
            "UPDATE games_event SET type = 'forged'"
        )
        refused_for_lack_of_rights("DELETE FROM games_event")
        refused_for_lack_of_rights("TRUNCATE games_event")
        refused_for_lack_of_rights("UPDATE games_link SET hash = 'forged'")
        refused_for_lack_of_rights("ALTER TABLE games_link DISABLE TRIGGER ALL")
        refused_for_lack_of_rights("CREATE TABLE games_forged (id integer)")

    assert recorded(game) == before
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT tgenabled FROM pg_trigger WHERE tgname = 'games_event_immutable'"
            " AND tgrelid = 'games_event'::regclass"
        )
        assert cursor.fetchall() == [("O",)]  # still there, still firing


def test_the_sites_role_creates_games_and_records_moves(
    new_game: Callable[..., Game], connected_as: Callable[[], AbstractContextManager[None]]
) -> None:
    with connected_as():
        # The services, as the site calls them: the deal and the move are appended, the
        # read models rewritten and the consumers run (eager tasks), all as the role.
        game = new_game(players=3)
        loaded = store.load(game.pk, game.rules, cache=False)
        seat = min(RULES.awaiting(loaded.state) - {RULES.chance})
        move = next(iter(RULES.legal_actions(loaded.state, seat)))
        submitted = game_submit(
            game_id=game.pk, seat=seat, action=move, expected_sequence=loaded.sequence
        )

    game.refresh_from_db()
    assert game.last_sequence == submitted.sequence > loaded.sequence
    assert (submitted.events[0].sequence, submitted.events[0].seat) in [
        (sequence, acting) for sequence, _, acting in recorded(game)
    ]
    assert submitted.events[0].seat == seat


def test_the_rights_are_exactly_the_sites_and_setting_them_again_changes_nothing(
    app_role: str,
) -> None:
    call_command("grant_app_role", app_role)  # a second time: after the next migrate
    rights = ("SELECT", "INSERT", "UPDATE", "DELETE", "TRUNCATE", "REFERENCES", "TRIGGER")

    def held_on(table: str) -> set[str]:
        with connection.cursor() as cursor:
            cursor.execute(
                "SELECT right_ FROM unnest(%s::text[]) AS right_"
                " WHERE has_table_privilege(%s, %s, right_)",
                [list(rights), app_role, table],
            )
            return {right for (right,) in cursor.fetchall()}

    assert held_on("games_event") == {"SELECT", "INSERT"}
    assert held_on("games_chain") == held_on("games_link") == {"SELECT", "INSERT"}
    assert held_on("games_game") == {"SELECT", "INSERT", "UPDATE", "DELETE"}
    assert held_on("django_session") == {"SELECT", "INSERT", "UPDATE", "DELETE"}


def test_a_role_that_could_undo_it_is_refused(app_role: str) -> None:
    owner = connection.settings_dict["USER"]  # the test run's role: a superuser
    with pytest.raises(CommandError, match="superuser"):
        call_command("grant_app_role", owner)

    execute(f"ALTER TABLE games_snapshot OWNER TO {quoted(app_role)}")
    try:
        with pytest.raises(CommandError, match="owns games_snapshot"):
            call_command("grant_app_role", app_role)
    finally:
        execute(f"ALTER TABLE games_snapshot OWNER TO {quoted(owner)}")
