"""Shared test configuration.

Tests marked ``postgres`` or ``redis`` need the real service. They are skipped unless the
run points at one (DATABASE_URL=postgres://..., CELERY_BROKER_URL=redis://...), as the
second and third passes of .ci/run do.
"""

import os
from collections.abc import Callable, Iterator

import pytest
from allauth.account.models import EmailAddress
from django.conf import global_settings, settings
from django.contrib.auth.models import User
from django.db import connection
from django.test import Client, override_settings

from tests import trigger
from tests.members import named


def uses_the_database(item: pytest.Item) -> bool:
    """Whether ``item`` reaches the database: marked so, or asking for a fixture that does
    (``db`` and its kin all set the test database up)."""
    fixtures = getattr(item, "fixturenames", ())
    return item.get_closest_marker("django_db") is not None or "django_db_setup" in fixtures


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    on_postgres = settings.DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql"
    on_redis = settings.CELERY_BROKER_URL.startswith(("redis://", "rediss://"))
    if os.environ.get("ONLY_DATABASE_TESTS"):
        # The PostgreSQL pass of .ci/run: a test that never reaches the database would
        # only run the same again there.
        kept, left = [], []
        for item in items:
            (kept if uses_the_database(item) else left).append(item)
        config.hook.pytest_deselected(items=left)
        items[:] = kept
    for item in items:
        if "postgres" in item.keywords and not on_postgres:
            item.add_marker(pytest.mark.skip(reason="needs DATABASE_URL=postgres://..."))
        if "redis" in item.keywords and not on_redis:
            item.add_marker(pytest.mark.skip(reason="needs CELERY_BROKER_URL=redis://..."))


@pytest.fixture(autouse=True, scope="session")
def _fast_password_hashes() -> Iterator[None]:
    """Passwords hashed with MD5, as Django's testing guide advises: the real hasher spends
    half a second of CPU on each password, and the suite makes thousands (the standing cast
    at every test, each login). Servers a test starts in a process of its own (gunicorn)
    keep the real hasher: ``tests.members.real_password`` gives such a test a password
    they can check."""
    md5 = "django.contrib.auth.hashers.MD5PasswordHasher"
    with override_settings(PASSWORD_HASHERS=[md5, *global_settings.PASSWORD_HASHERS]):
        yield


@pytest.fixture(autouse=True)
def _fresh_caches() -> Iterator[None]:
    """Each test starts with empty caches and leaves them empty: states come from the events
    recorded by that test, never from another test's rolled-back transaction, and Django's
    cache (sessions, rate limits) holds nothing of another test's. Emptied after the test
    too, because a wider fixture set up before the next test's (a module's game, played
    once) would otherwise start from this test's states: its game, given the same number
    once this test's rows are rolled back, would replay from a stranger's state."""
    from django.core.cache import cache

    from games.events.store import CACHE

    cache.clear()
    CACHE.clear()
    yield
    cache.clear()
    CACHE.clear()


@pytest.fixture(autouse=True)
def _site_language() -> None:
    """Each test starts in the site's default language and time zone: a request of a French
    player's profile activates French for the thread (as Django's LocaleMiddleware does),
    and a command called next (``numx demo`` naming its tournament's tables) would speak
    French in whichever test came after one."""
    from django.utils import timezone, translation

    translation.activate(settings.LANGUAGE_CODE)
    timezone.deactivate()


@pytest.fixture
def flush_past_the_trigger(transactional_db: None) -> Iterator[None]:
    """Let pytest-django's end-of-test flush truncate games_event despite its trigger.

    The trigger refuses every TRUNCATE, the flush's included, and it must stay that way:
    the fix belongs here, not in the migration. Under ``session_replication_role = replica``
    PostgreSQL fires no ordinary trigger; setting it needs a superuser (the test run's role;
    pg_restore does the same), so no production role can use this door.

    It is set with ``SET LOCAL`` inside the flush's own transaction (Django's
    ``execute_sql_flush`` runs in ``atomic()``), so it ends with that transaction: it cannot
    leak into a later test. (Django's TransactionTestCase also closes its connections after
    the flush, so today a session-wide ``SET`` would not outlive the test either; this does
    not depend on that.) Requesting ``transactional_db`` sets this fixture up after
    pytest-django's database fixture, so its teardown (installing the one-shot wrapper)
    runs before the flush. ``test_after_a_flush_the_trigger_still_refuses_everything`` in
    tests/events/test_concurrency.py checks the result.
    """
    assert trigger.truncate_as_replica not in connection.execute_wrappers
    yield
    # SQLite has no TRUNCATE: its flush runs DELETE, which no wrapper can let past the row
    # trigger, so the tests that run there write no event, and a wrapper installed there
    # would never be used up (the next test's assertion above would then fail).
    if connection.vendor == "postgresql":
        connection.execute_wrappers.append(trigger.truncate_as_replica)


# The standing cast: Alice opens games, Bob plays with her, Mallory is an outsider. All
# have verified email addresses (allauth requires it to log in) and, as sign-up asks, the
# name other players see: their own.


def person(name: str) -> User:
    user = User.objects.create_user(name, f"{name}@example.com", f"{name}-password-42")
    EmailAddress.objects.create(user=user, email=user.email, verified=True, primary=True)
    return named(user)


@pytest.fixture
def alice(db: None) -> User:
    return person("alice")


@pytest.fixture
def bob(db: None) -> User:
    return person("bob")


@pytest.fixture
def mallory(db: None) -> User:
    return person("mallory")


@pytest.fixture
def as_user() -> Callable[[User], Client]:
    def login(user: User) -> Client:
        client = Client()
        client.force_login(user)
        return client

    return login
