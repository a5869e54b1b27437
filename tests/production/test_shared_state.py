"""What one server process knows, every other one knows: two servers, one Redis cache.

In production several web processes answer the same players (gunicorn's workers, several
machines). Sessions (``cached_db``), allauth's rate limits and the API's throttle counts
live in Django's cache; if each process kept its own (the local-memory default), a
signed-out session would live on in the other process's memory and every limit would be
multiplied by the number of processes. ``CACHE_URL=redis://...`` makes the cache shared.

These tests start two gunicorn servers, each a single process on its own port, on the
test's PostgreSQL database and on the run's ``CACHE_URL``, and split a user's requests
between them. With ``CACHE_URL`` unset the servers fall back to local memory, and these
tests fail, as they must. Run them with the three services::

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/numx_ci \\
    CELERY_BROKER_URL=redis://127.0.0.1:6379/0 CACHE_URL=redis://127.0.0.1:6379/1 \\
    .venv/bin/pytest tests/production/test_shared_state.py

The test process uses the same ``CACHE_URL``: each test starts by clearing it (the
autouse ``_fresh_caches`` of tests/conftest.py), so no limit counted by one test (they all
come from 127.0.0.1) spills into the next.
"""

from __future__ import annotations

import os
import re
import socket
import subprocess
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import pytest
import requests
from django.contrib.auth.models import User
from django.db import connection

from tests.clients import api_key
from tests.members import real_password

pytestmark = [
    pytest.mark.redis,
    pytest.mark.postgres,
    # Transactional: the servers only see what the test commits.
    pytest.mark.django_db(transaction=True),
    pytest.mark.usefixtures("flush_past_the_trigger"),
]

ROOT = Path(__file__).resolve().parents[2]
#: How long a server may take to answer its first request.
START_TIMEOUT = 60.0
#: How long one request may take: a password check alone takes seconds on a busy CI machine.
REQUEST_TIMEOUT = 30.0
#: The API rate the servers run with: small, so that a test can go past it.
API_RATE = 10
PROFILE = "/accounts/profile/"
LOGIN = "/accounts/login/"
CONFIRM_CODE = "/accounts/login/code/confirm/"
#: Alice's password (``person`` in tests/conftest.py).
PASSWORD = "alice-password-42"
#: The one address both servers are reached at (the reverse proxy's).
SITE_HOST = "127.0.0.1:8000"
SIGN_IN_CODE = re.compile(r"^\s*([A-Z0-9]{4}-[A-Z0-9]{4})\s*$", re.MULTILINE)
TOO_MANY = "Too many failed login attempts"


@dataclass(frozen=True)
class Server:
    """One gunicorn process serving the site at ``url``."""

    url: str
    process: subprocess.Popen[bytes]
    log_path: Path

    def log(self) -> str:
        """The end of the server's log, for failure messages."""
        state = "running" if self.process.poll() is None else f"exited {self.process.returncode}"
        return f"--- {self.url} ({state}) ---\n{self.log_path.read_text(errors='replace')[-3000:]}"


@dataclass(frozen=True)
class Servers:
    """The two servers and the folder where both write the emails they send."""

    first: Server
    second: Server
    mail: Path

    def sign_in_codes(self) -> list[str]:
        """Every sign-in code mailed so far."""
        return [
            code for path in self.mail.iterdir() for code in SIGN_IN_CODE.findall(path.read_text())
        ]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def served_database_url() -> str:
    """DATABASE_URL naming the database pytest-django created for this run."""
    parts = urlsplit(os.environ["DATABASE_URL"])
    return urlunsplit(parts._replace(path="/" + connection.settings_dict["NAME"]))


def start(env: dict[str, str], log_path: Path) -> Server:
    """A single-process gunicorn (one sync worker) on a free port."""
    port = free_port()
    with log_path.open("wb") as log:
        process = subprocess.Popen(
            [
                str(ROOT / ".venv/bin/gunicorn"),
                "numx_site.wsgi:application",
                "--bind",
                f"127.0.0.1:{port}",
                "--workers",
                "1",
            ],
            cwd=ROOT,
            env=env,
            stdout=log,
            stderr=subprocess.STDOUT,
        )
    return Server(f"http://127.0.0.1:{port}", process, log_path)


def wait_until_served(server: Server) -> None:
    """Return once ``server`` answers; fail if it exits or takes too long."""
    deadline = time.monotonic() + START_TIMEOUT
    while True:
        try:
            if requests.get(server.url + "/healthz/", timeout=REQUEST_TIMEOUT).ok:
                return
        except requests.RequestException:  # not listening yet, or still loading
            pass
        if server.process.poll() is not None or time.monotonic() > deadline:
            pytest.fail(f"a server did not start\n{server.log()}")
        time.sleep(0.2)


def stop(server: Server) -> None:
    server.process.terminate()
    try:
        server.process.wait(timeout=15)
    except subprocess.TimeoutExpired:
        server.process.kill()
        server.process.wait(timeout=15)


@pytest.fixture
def alice(alice: User) -> User:
    """The standing Alice, with a password the servers (the site's own hasher) can check."""
    real_password(alice, PASSWORD)
    return alice


@pytest.fixture
def servers(transactional_db: None, tmp_path: Path) -> Iterator[Servers]:
    """Two servers on the test database and the run's CACHE_URL (none: local memory).

    New servers for each test: with local-memory caches nothing one test counted may
    decide another (the failure each test shows must be its own)."""
    mail = tmp_path / "mail"
    mail.mkdir()
    env = {
        **os.environ,
        "DATABASE_URL": served_database_url(),
        "API_RATE": f"{API_RATE}/minute",
        "EMAIL_URL": f"filemail:///{mail}",
        "DJANGO_SETTINGS_MODULE": "numx_site.settings",
    }
    # Tasks run in the server's own process (the embedded default): no worker is needed.
    env.pop("CELERY_BROKER_URL", None)
    started = [start(env, tmp_path / f"{name}.log") for name in ("first", "second")]
    try:
        for server in started:
            wait_until_served(server)
        yield Servers(*started, mail)
    finally:
        for server in started:
            stop(server)


def browser_of(servers: Servers) -> requests.Session:
    """A new browser, with the CSRF cookie that its forms need, reaching both servers as
    through one reverse proxy: under one host name (allauth counts failed passwords per
    site and address), with the same cookies (they are not kept per port)."""
    browser = requests.Session()
    browser.headers["Host"] = SITE_HOST
    page = browser.get(servers.first.url + LOGIN, timeout=REQUEST_TIMEOUT)
    assert page.status_code == 200, servers.first.log()
    return browser


def post(
    browser: requests.Session, server: Server, path: str, data: dict[str, str]
) -> requests.Response:
    """Send the form at ``path`` to ``server`` as a browser would (CSRF token included)."""
    return browser.post(
        server.url + path,
        data={"csrfmiddlewaretoken": browser.cookies["csrftoken"], **data},
        allow_redirects=False,
        timeout=REQUEST_TIMEOUT,
    )


def signed_in(browser: requests.Session, server: Server) -> bool:
    """Whether ``server`` shows this browser the profile page (else it sends it to log in)."""
    page = browser.get(server.url + PROFILE, allow_redirects=False, timeout=REQUEST_TIMEOUT)
    assert page.status_code in (200, 302), server.log()
    return page.status_code == 200


def test_a_session_signed_out_on_one_server_is_over_on_the_other(
    servers: Servers, alice: User
) -> None:
    first, second = servers.first, servers.second
    browser = browser_of(servers)
    answer = post(browser, first, LOGIN, {"login": alice.email, "password": PASSWORD})
    assert answer.status_code == 302, first.log()
    # Someone copies the session cookie; both servers now know the session.
    thief = browser_of(servers)
    thief.cookies.set("sessionid", browser.cookies["sessionid"], domain="127.0.0.1")
    assert signed_in(thief, first)
    assert signed_in(thief, second)

    answer = post(browser, first, "/accounts/logout/", {})
    assert answer.status_code == 302, first.log()

    assert not signed_in(browser, first)
    assert not signed_in(thief, second), "the other server still honours the signed-out session"
    assert not signed_in(thief, first)


def test_failed_passwords_on_both_servers_count_together(servers: Servers, alice: User) -> None:
    """allauth allows 5 failed passwords per address in 5 minutes, not 5 per process."""
    first, second = servers.first, servers.second
    browser = browser_of(servers)
    for server in (first, second, first, second, first):
        answer = post(browser, server, LOGIN, {"login": alice.email, "password": "guess"})
        assert answer.status_code == 400, server.log()
        assert "not correct" in answer.text

    # The right password, on the server that saw only two of the five failures.
    answer = post(browser, second, LOGIN, {"login": alice.email, "password": PASSWORD})

    assert answer.status_code == 400
    assert TOO_MANY in answer.text
    assert not signed_in(browser, second)
    assert not signed_in(browser, first)


def test_sign_in_codes_requested_on_both_servers_count_together(
    servers: Servers, alice: User
) -> None:
    """allauth mails at most 3 sign-in codes per address a minute, whatever the server."""
    # A new browser (session) each time: one that waits for its code is not sent another.
    answers = [
        post(browser_of(servers), server, "/accounts/login/code/", {"email": alice.email})
        for server in (servers.first, servers.second, servers.first, servers.second)
    ]

    assert [answer.status_code for answer in answers] == [302, 302, 302, 400]
    assert TOO_MANY in answers[-1].text
    assert len(servers.sign_in_codes()) == 3


def test_wrong_sign_in_codes_on_both_servers_count_together(servers: Servers, alice: User) -> None:
    """Three wrong codes end the attempt (allauth's default): the right code is refused
    after them, even by the server that saw only one of the three."""
    first, second = servers.first, servers.second
    browser = browser_of(servers)
    answer = post(browser, first, "/accounts/login/code/", {"email": alice.email})
    assert answer.status_code == 302, first.log()
    [code] = servers.sign_in_codes()
    wrong = "AAAA-AAAA" if code != "AAAA-AAAA" else "BBBB-BBBB"
    for server in (second, first, second):
        post(browser, server, CONFIRM_CODE, {"code": wrong})

    answer = post(browser, first, CONFIRM_CODE, {"code": code})

    assert answer.status_code == 302
    assert not answer.headers["Location"].startswith("/games/")
    assert not signed_in(browser, first)
    assert not signed_in(browser, second)


def test_the_api_rate_holds_across_servers(servers: Servers, alice: User) -> None:
    """A token's API budget is one, however its requests are spread over the servers."""
    key = api_key(alice)
    bot = requests.Session()
    bot.headers["Authorization"] = f"Token {key}"

    statuses = [
        bot.get(server.url + "/api/games/", timeout=REQUEST_TIMEOUT).status_code
        for _ in range(API_RATE // 2 + 1)
        for server in (servers.first, servers.second)
    ]

    assert statuses == [200] * API_RATE + [429, 429]
