"""End-to-end tests in headless Chromium, against the real app served in a subprocess.

pytest-django's ``live_server`` cannot be used: it runs inside transactional tests, whose
closing flush the event store's database triggers refuse. Instead the whole site runs as
``manage.py runserver`` in a subprocess, on a throwaway SQLite database, with email
written to files that the tests read (verification links, sign-in codes, invitations).

The browser is Debian's Chromium (``scripts/install-browser``), driven by Playwright; the
tests never download a browser. Without /usr/bin/chromium they are skipped, unless ``CI``
is set: CI must run them, so there a missing browser fails the run.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Playwright, sync_playwright

from tests.e2e.helpers import CHROMIUM, Mailbox, Site

REPO = Path(__file__).resolve().parents[2]
ARTEFACTS = REPO / "artefacts"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
]
#: How long the served site may take to answer its first request.
SERVER_START_TIMEOUT = 60.0


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Every test of this folder drives a browser: no test here may forget its marker."""
    here = Path(__file__).parent
    unmarked = [
        item.nodeid
        for item in items
        if here in Path(str(item.path)).parents and "browser" not in item.keywords
    ]
    if unmarked:
        raise pytest.UsageError(f"tests/e2e: mark these tests browser: {unmarked}")


def _require_chromium() -> None:
    if Path(CHROMIUM).exists():
        return
    reason = f"{CHROMIUM} is missing: run scripts/install-browser (as root)"
    if os.environ.get("CI"):
        pytest.fail(f"CI must run the browser tests, but {reason}", pytrace=False)
    pytest.skip(reason)


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _wait_until_served(url: str, server: subprocess.Popen[bytes], log: Path) -> None:
    deadline = time.monotonic() + SERVER_START_TIMEOUT
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise RuntimeError(f"the e2e server exited ({server.returncode}):\n{log.read_text()}")
        try:
            with urllib.request.urlopen(url, timeout=2) as response:
                if response.status == 200:
                    return
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            pass
        time.sleep(0.2)
    raise RuntimeError(f"the e2e server did not answer {url}:\n{log.read_text()}")


@pytest.fixture(scope="session")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Site]:
    """The app, served by ``runserver`` on a free port with its own database and mailbox."""
    _require_chromium()
    root = tmp_path_factory.mktemp("e2e")
    mail = root / "mail"
    mail.mkdir()
    port = _free_port()
    env = {
        **os.environ,
        "DATABASE_URL": f"sqlite:///{root / 'e2e.sqlite3'}",
        "EMAIL_URL": f"filemail:///{mail}",
        # Every mail's links (account mails included) are made from SITE_URL, never from
        # the request's Host: the served site's own address.
        "SITE_URL": f"http://127.0.0.1:{port}",
        "PYTHONUNBUFFERED": "1",
    }
    # Tasks run eagerly, in the server's process (the embedded default).
    env.pop("CELERY_BROKER_URL", None)
    manage = [sys.executable, str(REPO / "manage.py")]
    migrate = subprocess.run(
        [*manage, "migrate", "--noinput"], cwd=REPO, env=env, capture_output=True, text=True
    )
    if migrate.returncode:
        raise RuntimeError(f"migrate failed:\n{migrate.stdout}\n{migrate.stderr}")
    log = root / "server.log"
    with log.open("wb") as output:
        server = subprocess.Popen(
            [*manage, "runserver", f"127.0.0.1:{port}", "--noreload"],
            cwd=REPO,
            env=env,
            stdout=output,
            stderr=subprocess.STDOUT,
        )
    url = f"http://127.0.0.1:{port}"
    try:
        _wait_until_served(url + "/", server, log)
        yield Site(url, Mailbox(mail), log, env["DATABASE_URL"], env["EMAIL_URL"])
    finally:
        server.terminate()
        try:
            server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()


@pytest.fixture(scope="session")
def playwright() -> Iterator[Playwright]:
    _require_chromium()
    with sync_playwright() as driver:
        yield driver


@pytest.fixture(scope="session")
def browser(playwright: Playwright) -> Iterator[Browser]:
    """Headless Debian Chromium; each person gets their own context (cookies, session)."""
    chromium = playwright.chromium.launch(
        executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS
    )
    yield chromium
    chromium.close()


@pytest.fixture(scope="session")
def artefacts() -> Path:
    """Where screenshots go (gitignored), kept after the run for whoever looks at it."""
    ARTEFACTS.mkdir(exist_ok=True)
    return ARTEFACTS
