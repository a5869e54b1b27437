"""The email path for real: a real append, a real Celery worker, Redis, a real SMTP server.

The eager tests next to this file check which emails are owed and what they say; this one
checks that the pieces meet across processes: ``game_submit`` commits, its ``on_commit``
publishes ``dispatch_events`` to Redis, a separate ``celery worker`` process runs the
consumers against the same PostgreSQL database, the notifications consumer's own commit
publishes ``send_notification``, and the worker hands the message to an SMTP server (aiosmtpd,
in this process, on 127.0.0.1) that records what it accepts. And that a task run again,
by hand or by Celery's retry after the server refused the first attempt, sends nothing twice.

It needs both services for real: Redis as the broker (``CELERY_BROKER_URL=redis://...``) and
PostgreSQL as the database (``DATABASE_URL=postgres://...``), because the worker is another
process and must see what the test commits (pytest-django's SQLite test database lives in
the test process's memory). Run it with both set::

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/numx_ci \\
    CELERY_BROKER_URL=redis://127.0.0.1:6379/0 \\
    .venv/bin/pytest tests/notifications/test_real_services.py

The worker is started once for the module (a worker takes a few seconds to start) and is
told the test database's name: pytest-django runs against ``test_<name>``, not the
database DATABASE_URL names.
"""

from __future__ import annotations

import ctypes
import email
import email.policy
import itertools
import os
import re
import signal
import socket
import subprocess
import sys
import threading
import time
import uuid
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from email.message import EmailMessage
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import pytest
from aiosmtpd.controller import Controller
from aiosmtpd.smtp import SMTP, Envelope, Session
from django.conf import settings
from django.contrib.auth.models import User
from django.db import connection

from games.events import consumers, store
from games.models import Game
from games.registry import rule_set
from games.services import SeatSpec, Submitted, game_create, game_submit
from notifications.models import Notification
from notifications.tasks import send_notification
from numx_site.celery import app as celery_app

pytestmark = [
    pytest.mark.redis,
    pytest.mark.postgres,
    # Transactional: the worker only sees what is committed.
    pytest.mark.django_db(transaction=True),
    pytest.mark.usefixtures("flush_past_the_trigger"),
]

RULES = rule_set("numx")
ROOT = Path(__file__).resolve().parents[2]
#: Seconds to wait for something the worker does. Generous: a loaded CI machine is slow,
#: and a wait that succeeds returns at once.
WAIT = 30.0
GAME_NAME = "Tuesday by mail"


# --- The SMTP server ------------------------------------------------------------------------


@dataclass(frozen=True)
class Received:
    """A message the SMTP server accepted: its envelope recipients and its parsed text."""

    recipients: tuple[str, ...]
    message: EmailMessage

    @property
    def message_id(self) -> str:
        """The Message-ID as its outbox row makes it, without the reply token a turn
        email's also carries (notifications.reply_address)."""
        return row_id(str(self.message["Message-ID"]))


def row_id(message_id: str) -> str:
    """``<notification-7@numx-by-mail>`` of ``<notification-7.play-<token>@numx-by-mail>``.

    >>> row_id("<notification-7.play-3-18-1-abcdefghijklmnop@numx-by-mail>")
    '<notification-7@numx-by-mail>'
    """
    return re.sub(r"\.play-[^@]*@", "@", message_id)


class Mailbox:
    """aiosmtpd handler: records every message it accepts; refuses one if told.

    The handler runs in the controller's thread, the test reads from the main thread: all
    state is behind one condition variable, which also wakes the waiting test.
    """

    def __init__(self) -> None:
        self._changed = threading.Condition()
        self._accepted: list[Received] = []
        self._refused: list[str] = []
        self._refuse_to: str | None = None

    async def handle_DATA(self, server: SMTP, session: Session, envelope: Envelope) -> str:
        content = envelope.original_content or b""
        # policy.default: headers come out decoded (RFC 2047 subjects are plain str).
        message = email.message_from_bytes(content, policy=email.policy.default)
        assert isinstance(message, EmailMessage)
        with self._changed:
            try:
                if self._refuse_to in envelope.rcpt_tos:
                    self._refuse_to = None
                    self._refused.append(row_id(str(message["Message-ID"])))
                    # A transient failure, as a greylisting server answers: smtplib raises
                    # SMTPDataError, which the task retries.
                    return "451 4.3.0 Try again later (refused once by the test)"
                self._accepted.append(Received(tuple(envelope.rcpt_tos), message))
                return "250 Message accepted for delivery"
            finally:
                self._changed.notify_all()

    def refuse_next_to(self, address: str) -> None:
        """Refuse the next message to ``address`` (only that one: an append may owe other
        players emails too, and they must go through)."""
        with self._changed:
            self._refuse_to = address

    def clear(self) -> None:
        with self._changed:
            self._accepted.clear()
            self._refused.clear()
            self._refuse_to = None

    @property
    def accepted(self) -> list[Received]:
        with self._changed:
            return list(self._accepted)

    @property
    def refused(self) -> list[str]:
        with self._changed:
            return list(self._refused)

    def wait_for(self, message_id: str, describe: Callable[[], str]) -> Received:
        """The first accepted message with this Message-ID, waiting up to WAIT seconds."""

        def found() -> Received | None:
            return next((r for r in self._accepted if r.message_id == message_id), None)

        with self._changed:
            if not self._changed.wait_for(lambda: found() is not None, timeout=WAIT):
                pytest.fail(f"no message {message_id} within {WAIT}s\n{describe()}")
            received = found()
        assert received is not None
        return received


def free_port() -> int:
    """A TCP port free on 127.0.0.1 now. aiosmtpd's Controller cannot listen on port 0 (it
    connects to its own port to know it is up), so the port is chosen beforehand."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.fixture(scope="module")
def smtp_server() -> Iterator[tuple[Mailbox, int]]:
    mailbox = Mailbox()
    controller = Controller(mailbox, hostname="127.0.0.1", port=free_port())
    controller.start()
    try:
        yield mailbox, controller.port
    finally:
        controller.stop()


# --- The worker -----------------------------------------------------------------------------


def _die_with_parent() -> None:
    """Linux: the worker gets SIGTERM if this process dies, even by SIGKILL, so that an
    interrupted run leaves no worker behind consuming the queue. Runs in the child, between
    fork and exec."""
    if sys.platform.startswith("linux"):
        PR_SET_PDEATHSIG = 1
        ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGTERM)


@dataclass
class Worker:
    process: subprocess.Popen[bytes]
    log_path: Path

    def log(self) -> str:
        """The end of the worker's log, for failure messages."""
        text = self.log_path.read_text(errors="replace") if self.log_path.exists() else ""
        state = "running" if self.process.poll() is None else f"exited {self.process.returncode}"
        return f"--- worker ({state}), {self.log_path} ---\n{text[-4000:]}"

    def stop(self) -> None:
        """Warm shutdown (SIGTERM: the task at hand finishes), then SIGKILL if it hangs. The
        worker leads its own process group: whatever it started goes with it."""
        if self.process.poll() is not None:
            return
        os.killpg(self.process.pid, signal.SIGTERM)
        try:
            self.process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait(timeout=15)


def worker_database_url() -> str:
    """DATABASE_URL with the test database's name: the worker must use the database that
    pytest-django created for this run, on the same server with the same credentials."""
    parts = urlsplit(os.environ["DATABASE_URL"])
    return urlunsplit(parts._replace(path="/" + connection.settings_dict["NAME"]))


@pytest.fixture(scope="module")
def worker(
    django_db_setup: None,
    smtp_server: tuple[Mailbox, int],
    tmp_path_factory: pytest.TempPathFactory,
) -> Iterator[Worker]:
    """A real ``celery worker`` process on the run's Redis broker, the test database and the
    test's SMTP server; stopped (and reaped) at the end of the module whatever happens."""
    _, port = smtp_server
    broker = settings.CELERY_BROKER_URL
    # Another worker on this broker would take some of these tests' tasks and run them
    # against its own database: the tests would wait for mail that never comes.
    others = celery_app.control.ping(timeout=1.0)
    if others:
        pytest.fail(f"other Celery workers consume {broker}: {others}; stop them first")
    # Whatever still waits in the queue belongs to no live run (no worker is listening),
    # and the worker started here would run it against the test database: drop it.
    celery_app.control.purge()
    name = f"numx-test-{uuid.uuid4().hex[:8]}@%h"
    env = {
        **os.environ,
        "DATABASE_URL": worker_database_url(),
        "CELERY_BROKER_URL": broker,
        # smtp:// is django-environ's plain SMTP: no STARTTLS, no SSL, no login.
        "EMAIL_URL": f"smtp://127.0.0.1:{port}",
        "DJANGO_SETTINGS_MODULE": "numx_site.settings",
    }
    log_path = tmp_path_factory.mktemp("worker") / "worker.log"
    with log_path.open("wb") as log:
        process = subprocess.Popen(
            [
                str(ROOT / ".venv/bin/celery"),
                "-A",
                "numx_site",
                "worker",
                "--pool=solo",
                "--concurrency=1",
                "-l",
                "warning",
                "-n",
                name,
                # No waiting for, or syncing with, other workers at start (there are none).
                "--without-mingle",
                "--without-gossip",
            ],
            cwd=ROOT,
            env=env,
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
            preexec_fn=_die_with_parent,
        )
    running = Worker(process, log_path)
    try:
        # Ready when it answers a ping (it then consumes the queue too).
        hostname = name.replace("%h", socket.gethostname())
        deadline = time.monotonic() + WAIT
        while not celery_app.control.ping(destination=[hostname], timeout=0.5):
            if process.poll() is not None or time.monotonic() > deadline:
                pytest.fail(f"the Celery worker did not start\n{running.log()}")
        yield running
    finally:
        running.stop()


def eventually(check: Callable[[], bool], what: str, worker: Worker) -> None:
    """Wait up to WAIT seconds for ``check()``, polling the database."""
    deadline = time.monotonic() + WAIT
    while not check():
        if time.monotonic() > deadline:
            pytest.fail(f"not within {WAIT}s: {what}\n{worker.log()}")
        time.sleep(0.05)


def settled() -> bool:
    """Every consumer has handled every event and every owed email is sent."""
    unsent = Notification.objects.filter(sent_at__isnull=True).exists()
    return not unsent and not consumers.lagging_games()


@pytest.fixture(autouse=True)
def mailbox(
    flush_past_the_trigger: None, smtp_server: tuple[Mailbox, int], worker: Worker
) -> Iterator[Mailbox]:
    """The SMTP server's records, empty at the start of each test. At the end the worker
    must be idle (nothing owed is unsent, no consumer lags), so that no task of this test
    runs into the next one or into the flush of the tables."""
    box, _ = smtp_server
    box.clear()
    yield box
    eventually(settled, "the worker is idle at the end of the test", worker)
    box.clear()


# --- Playing ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Table:
    game: Game
    emails: dict[int, str]  # seat -> its player's address


@dataclass(frozen=True)
class Handover:
    """A legal move of the seat the game waits for, after which it waits for another seat:
    the move owes that seat a "your turn"."""

    mover: int
    action: Any
    expected_sequence: int
    told: int


def handover(game: Game) -> Handover:
    """The first such move (the engine tried on each legal move, nothing recorded)."""
    loaded = store.load(game.pk, game.rules, cache=False)
    mover = min(RULES.awaiting(loaded.state) - {RULES.chance})
    for action in RULES.legal_actions(loaded.state, mover):
        after = RULES.awaiting(RULES.apply(loaded.state, mover, action)) - {RULES.chance, mover}
        if len(after) == 1:
            return Handover(mover, action, loaded.sequence, min(after))
    raise AssertionError(f"seat {mover} has no move that hands the game over")


def submit(table: Table, move: Handover) -> Submitted:
    """The real append: ``game_submit``, committed (its dispatch is published on commit)."""
    submitted = game_submit(
        game_id=table.game.pk,
        seat=move.mover,
        action=move.action,
        expected_sequence=move.expected_sequence,
    )
    assert RULES.awaiting(submitted.state) - {RULES.chance, move.mover} == {move.told}
    return submitted


def your_turn(table: Table, submitted: Submitted, seat: int, worker: Worker) -> Notification:
    """The outbox row the worker's consumer wrote for ``seat`` about that append."""
    sequences = [event.sequence for event in submitted.events]
    rows = Notification.objects.filter(
        game=table.game,
        sequence__in=sequences,
        recipient__email=table.emails[seat],
        kind=Notification.Kind.YOUR_TURN,
    )
    eventually(rows.exists, f"the consumer owes seat {seat} a 'your turn'", worker)
    row: Notification = rows.get()
    return row


_markers = itertools.count(1)


def marker(user: User, mailbox: Mailbox, worker: Worker) -> None:
    """Send one more email through the queue and wait for it.

    One worker, one process (solo pool), one queue: tasks run in the order they were
    published. When this later task's message arrives, every task published before it has
    run, so anything those tasks were going to send has arrived too.
    """
    row = Notification.objects.create(
        game=None, sequence=next(_markers), recipient=user, kind=Notification.Kind.DIGEST
    )
    send_notification.delay(row.pk)
    mailbox.wait_for(f"<notification-{row.pk}@numx-by-mail>", worker.log)


@pytest.fixture
def table(
    alice: User, bob: User, mallory: User, mailbox: Mailbox, worker: Worker
) -> Iterator[Table]:
    """A game of three people, played through the worker until the opening picks are done
    (every email they owed is sent), with the SMTP server's records then cleared."""
    people = (alice, bob, mallory)
    game = game_create(
        name=GAME_NAME,
        config={"players": 3, "mode": "speed-run"},
        seats=[SeatSpec(user.username, user=user) for user in people],
        created_by=alice,
    )
    # The deal owes everyone an opening pick. Waited for before anyone picks: a pick made
    # before the worker dispatches the deal would rightly cancel the picker's email.
    eventually(settled, "the deal is dispatched and its emails are sent", worker)
    assert sorted(r.recipients for r in mailbox.accepted) == [(u.email,) for u in people]
    for seat in range(3):
        loaded = store.load(game.pk, game.rules, cache=False)
        pick = next(iter(RULES.legal_actions(loaded.state, seat)))
        game_submit(game_id=game.pk, seat=seat, action=pick, expected_sequence=loaded.sequence)
    eventually(settled, "the picks are dispatched and their emails are sent", worker)
    mailbox.clear()
    yield Table(game, {seat: user.email for seat, user in enumerate(people)})


# --- Tests -----------------------------------------------------------------------------------


def test_a_real_append_reaches_the_next_player_through_the_worker_and_smtp(
    table: Table, mailbox: Mailbox, worker: Worker
) -> None:
    move = handover(table.game)
    submitted = submit(table, move)
    row = your_turn(table, submitted, move.told, worker)
    received = mailbox.wait_for(f"<notification-{row.pk}@numx-by-mail>", worker.log)

    address = table.emails[move.told]
    assert received.recipients == (address,)
    assert received.message["To"] == address
    assert GAME_NAME in received.message["Subject"]
    assert "your turn" in received.message["Subject"]
    assert received.message["List-Unsubscribe"]
    assert {part.get_content_type() for part in received.message.walk()} >= {
        "text/plain",
        "text/html",
    }
    eventually(settled, "the email is marked sent", worker)
    row.refresh_from_db()
    assert row.sent_at is not None


def test_the_same_task_run_again_sends_nothing(
    table: Table, mailbox: Mailbox, worker: Worker, alice: User
) -> None:
    move = handover(table.game)
    row = your_turn(table, submit(table, move), move.told, worker)
    message_id = f"<notification-{row.pk}@numx-by-mail>"
    mailbox.wait_for(message_id, worker.log)
    eventually(settled, "the email is marked sent", worker)

    # A redelivered message, a duplicate publish, a second worker: the task runs again.
    send_notification.delay(row.pk)
    send_notification.delay(row.pk)
    marker(alice, mailbox, worker)

    assert [r.message_id for r in mailbox.accepted].count(message_id) == 1


def test_a_refused_first_attempt_is_retried_and_delivered_once(
    table: Table, mailbox: Mailbox, worker: Worker, alice: User
) -> None:
    move = handover(table.game)
    mailbox.refuse_next_to(table.emails[move.told])
    row = your_turn(table, submit(table, move), move.told, worker)
    message_id = f"<notification-{row.pk}@numx-by-mail>"

    # The first attempt is refused (SMTPDataError): the task rolls back (the row stays
    # unsent) and Celery retries it after its backoff; the retry delivers it.
    received = mailbox.wait_for(message_id, worker.log)
    assert mailbox.refused == [message_id]
    assert received.recipients == (table.emails[move.told],)
    eventually(settled, "the retried email is marked sent", worker)

    # Nothing of the failed attempt is left to send a second copy later.
    send_notification.delay(row.pk)
    marker(alice, mailbox, worker)
    assert [r.message_id for r in mailbox.accepted].count(message_id) == 1
    assert mailbox.refused == [message_id]
