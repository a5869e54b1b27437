"""The site ``make run`` serves, which the sample bot plays against by default: SQLite
behind Django's threaded development server. Requests that write at once (bots starting
their tables, moving in their games) wait for each other instead of failing with a 500
("database is locked")."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings
from django.db import connections, transaction

pytestmark = pytest.mark.skipif(
    settings.DATABASES["default"]["ENGINE"] != "django.db.backends.sqlite3",
    reason="SQLite's locks only: PostgreSQL locks rows",
)

ALIAS = "local_site"


@pytest.fixture
def local_site(tmp_path: Path, django_db_blocker: Any) -> Iterator[str]:
    """A database alias on a SQLite file of its own, set up as the site's default."""
    own = {**settings.DATABASES["default"], "NAME": str(tmp_path / "db.sqlite3")}
    configured = connections.configure_settings({"default": own, ALIAS: own})
    connections.settings[ALIAS] = configured[ALIAS]
    with django_db_blocker.unblock():
        with connections[ALIAS].cursor() as cursor:
            cursor.execute("CREATE TABLE moves (n INTEGER)")
        yield ALIAS
        connections[ALIAS].close()
    del connections.settings[ALIAS]


def test_two_requests_reading_then_writing_at_once_both_commit(local_site: str) -> None:
    """Each reads, then writes, as a move or a table's start does; the second to write
    waits for the first to commit, then writes."""
    failures: list[Exception] = []
    first_wrote = threading.Event()

    def request(n: int) -> None:
        try:
            with transaction.atomic(using=local_site), connections[local_site].cursor() as cursor:
                cursor.execute("SELECT count(*) FROM moves")
                if n == 1:
                    first_wrote.wait(2)
                cursor.execute("INSERT INTO moves VALUES (%s)", [n])
                if n == 0:
                    first_wrote.set()
                    time.sleep(0.3)  # the other request now wants to write too
        except Exception as error:  # what the request would have answered a 500 for
            failures.append(error)
        finally:
            connections[local_site].close()

    threads = [threading.Thread(target=request, args=(n,)) for n in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()

    assert failures == []
    with connections[local_site].cursor() as cursor:
        cursor.execute("SELECT n FROM moves ORDER BY n")
        assert cursor.fetchall() == [(0,), (1,)]
