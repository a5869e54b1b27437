"""Shared test configuration.

Tests marked ``postgres`` or ``redis`` need the real service. They are skipped unless the
run points at one (DATABASE_URL=postgres://..., CELERY_BROKER_URL=redis://...), as the
second and third passes of .ci/run do.
"""

from collections.abc import Callable

import pytest
from allauth.account.models import EmailAddress
from django.conf import settings
from django.contrib.auth.models import User
from django.test import Client


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    on_postgres = settings.DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql"
    on_redis = settings.CELERY_BROKER_URL.startswith(("redis://", "rediss://"))
    for item in items:
        if "postgres" in item.keywords and not on_postgres:
            item.add_marker(pytest.mark.skip(reason="needs DATABASE_URL=postgres://..."))
        if "redis" in item.keywords and not on_redis:
            item.add_marker(pytest.mark.skip(reason="needs CELERY_BROKER_URL=redis://..."))


@pytest.fixture(autouse=True)
def _fresh_state_cache() -> None:
    """Each test starts with an empty in-process state cache: states come from the events
    recorded by that test, never from another test's rolled-back transaction."""
    from games.events.store import CACHE

    CACHE.clear()


# The standing cast: Alice opens games, Bob plays with her, Mallory is an outsider. All
# have verified email addresses (allauth requires it to log in).


def person(name: str) -> User:
    user = User.objects.create_user(name, f"{name}@example.com", f"{name}-password-42")
    EmailAddress.objects.create(user=user, email=user.email, verified=True, primary=True)
    return user


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
