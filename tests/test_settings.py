"""The settings module read from the environment: each test executes a fresh copy of it."""

import runpy
from typing import Any

import pytest
from django.core.exceptions import ImproperlyConfigured

import numx_site.settings


def load_settings() -> dict[str, Any]:
    return runpy.run_path(numx_site.settings.__file__)


def test_postgres_database_url_selects_postgresql(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DATABASE_URL", "postgres://numx:secret@db.example:5433/numx")
    monkeypatch.setenv("DB_CONN_MAX_AGE", "600")

    db = load_settings()["DATABASES"]["default"]

    assert db["ENGINE"] == "django.db.backends.postgresql"
    assert (db["NAME"], db["USER"], db["HOST"], db["PORT"]) == ("numx", "numx", "db.example", 5433)
    assert db["CONN_MAX_AGE"] == 600
    assert db["CONN_HEALTH_CHECKS"] is True
    assert db["OPTIONS"] == {"server_side_binding": True, "prepare_threshold": 5}


def test_prepared_statements_can_be_turned_off(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DATABASE_URL", "postgres://numx:secret@db.example:5433/numx")
    monkeypatch.setenv("DB_PREPARE_THRESHOLD", "")

    assert not load_settings()["DATABASES"]["default"].get("OPTIONS")


def test_behind_a_transaction_pooler_nothing_outlives_a_transaction_on_the_server(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("DATABASE_URL", "postgres://numx:secret@pgbouncer.example:6432/numx")
    monkeypatch.setenv("DB_PREPARE_THRESHOLD", "5")
    monkeypatch.setenv("DB_TRANSACTION_POOLING", "true")

    db = load_settings()["DATABASES"]["default"]

    # No prepared statements, no parameters bound on the server, no named cursors.
    assert not db.get("OPTIONS")
    assert db["DISABLE_SERVER_SIDE_CURSORS"] is True


def test_embedded_defaults(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in (
        "DATABASE_URL",
        "DB_CONN_MAX_AGE",
        "DB_PREPARE_THRESHOLD",
        "DB_TRANSACTION_POOLING",
        "EMAIL_URL",
        "CELERY_BROKER_URL",
        "DJANGO_DEBUG",
    ):
        monkeypatch.delenv(name, raising=False)

    s = load_settings()

    assert s["DATABASES"]["default"]["ENGINE"] == "django.db.backends.sqlite3"
    assert s["DATABASES"]["default"]["NAME"] == str(s["BASE_DIR"] / "db.sqlite3")
    assert s["DATABASES"]["default"]["CONN_MAX_AGE"] == 0
    # SQLite's only option: a transaction takes the write lock when it begins (requests
    # writing at once wait their turn); none of PostgreSQL's.
    assert s["DATABASES"]["default"]["OPTIONS"] == {"transaction_mode": "IMMEDIATE"}
    assert not s["DATABASES"]["default"].get("DISABLE_SERVER_SIDE_CURSORS")
    assert s["EMAIL_BACKEND"] == "django.core.mail.backends.console.EmailBackend"
    assert s["CELERY_BROKER_URL"] == "memory://"
    assert s["CELERY_TASK_ALWAYS_EAGER"] is True
    assert s["CELERY_TASK_EAGER_PROPAGATES"] is True


def test_celery_broker_url_turns_eager_mode_off(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CELERY_BROKER_URL", "redis://127.0.0.1:6379/0")

    s = load_settings()

    assert s["CELERY_BROKER_URL"] == "redis://127.0.0.1:6379/0"
    assert s["CELERY_TASK_ALWAYS_EAGER"] is False


def test_production_keeps_database_connections_open(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("DB_CONN_MAX_AGE", raising=False)
    monkeypatch.setenv("DJANGO_DEBUG", "False")
    monkeypatch.setenv("DJANGO_SECRET_KEY", "a-real-secret")

    assert load_settings()["DATABASES"]["default"]["CONN_MAX_AGE"] == 600


def test_cache_url_selects_the_cache_backend(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("CACHE_URL", raising=False)
    assert load_settings()["CACHES"]["default"]["BACKEND"] == (
        "django.core.cache.backends.locmem.LocMemCache"
    )

    monkeypatch.setenv("CACHE_URL", "redis://127.0.0.1:6379/1")
    cache = load_settings()["CACHES"]["default"]

    assert cache["BACKEND"] == "django.core.cache.backends.redis.RedisCache"
    assert cache["LOCATION"] == "redis://127.0.0.1:6379/1"


def test_every_scheduled_task_is_one_the_workers_know() -> None:
    """A beat entry naming a task nobody registers fails in the worker's log every time it
    is due, and the work it stood for (a sweep of unsent mail...) never happens."""
    from django.conf import settings

    from numx_site.celery import app

    app.loader.import_default_modules()
    scheduled = {entry["task"] for entry in settings.CELERY_BEAT_SCHEDULE.values()}
    assert scheduled <= set(app.tasks)


def test_tasks_go_to_the_queue_of_their_kind_and_a_plain_worker_consumes_them_all() -> None:
    """Mail (a chat report's to the moderators among it), webhooks, the games' reactions,
    the bots' moves and the beat's sweeps each have a queue, so that `celery worker -Q bots`
    can be given its own processes (docs/deploy.md); a worker started without -Q serves all
    five, and no task is left in a queue nobody consumes."""
    from django.conf import settings

    from numx_site.celery import app

    app.loader.import_default_modules()
    queues = set(app.amqp.queues)
    routed = {
        name: app.amqp.router.route({}, name)["queue"].name
        for name in app.tasks
        if not name.startswith("celery.")
    }

    assert queues == {"mail", "webhooks", "games", "bots", "housekeeping"}
    assert set(routed.values()) <= queues
    assert {name for name, queue in routed.items() if queue == "mail"} == {
        "notifications.tasks.send_notification",
        "notifications.tasks.send_invitation",
        "notifications.tasks.send_answer",
        "notifications.tasks.send_chat_report",
        "tournaments.mail.send_mail",
        "tournaments.mail.send_invitation",
    }
    assert routed["webhooks.tasks.send_delivery"] == "webhooks"
    assert routed["games.tasks.dispatch_events"] == "games"
    assert routed["games.tasks.play_bots"] == "bots"
    assert routed["notifications.tasks.process_reply"] == "games"
    assert routed["tournaments.tasks.finish_table"] == "games"
    for entry in settings.CELERY_BEAT_SCHEDULE.values():
        assert routed[entry["task"]] == "housekeeping"


@pytest.mark.parametrize(
    ("from_email", "contact", "expected"),
    [
        ("NUM-X by mail <numx@club.example>", None, "numx@club.example"),
        ("numx@club.example", "help@club.example", "help@club.example"),
    ],
)
def test_the_contact_address_is_the_mails_or_the_one_set(
    monkeypatch: pytest.MonkeyPatch, from_email: str, contact: str | None, expected: str
) -> None:
    monkeypatch.setenv("DEFAULT_FROM_EMAIL", from_email)
    if contact is None:
        monkeypatch.delenv("CONTACT_EMAIL", raising=False)
    else:
        monkeypatch.setenv("CONTACT_EMAIL", contact)

    assert load_settings()["CONTACT_EMAIL"] == expected


@pytest.mark.parametrize(
    ("from_email", "contact"),
    [("NUM-X, by mail <numx@club.example>", None), ("numx@club.example", "help at club")],
)
def test_a_contact_address_that_is_none_stops_the_site_at_start(
    monkeypatch: pytest.MonkeyPatch, from_email: str, contact: str | None
) -> None:
    """The pages waiting for a mail would offer to write to "NUM-X" (a display name with a
    comma, unquoted, reads as an address) or to "help at club": the site says so at start
    rather than show a link that goes nowhere."""
    monkeypatch.setenv("DEFAULT_FROM_EMAIL", from_email)
    if contact is None:
        monkeypatch.delenv("CONTACT_EMAIL", raising=False)
    else:
        monkeypatch.setenv("CONTACT_EMAIL", contact)

    with pytest.raises(ImproperlyConfigured, match="CONTACT_EMAIL"):
        load_settings()
