"""Moves by email reply for real: a reply sent with smtplib to the SMTP listener of
``manage.py numx mailin`` (aiosmtpd, on 127.0.0.1), kept in PostgreSQL, judged by a real
Celery worker through Redis, the move recorded, and the next player's "your turn" (or the
answer to a refused reply) sent by that worker to a real SMTP server.

It reuses the worker, the SMTP server that records what the worker sends and the game of
test_real_services.py; run it as that file is run (both services set)::

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/numx_ci \\
    CELERY_BROKER_URL=redis://127.0.0.1:6379/0 \\
    .venv/bin/pytest tests/notifications/test_replies_real_services.py
"""

from __future__ import annotations

import smtplib
from collections.abc import Iterator
from dataclasses import dataclass, field
from email.message import EmailMessage

import pytest
from aiosmtpd.controller import Controller

from games.events import store
from games.events.models import Event
from games.services import game_submit
from notifications.mailin import listener
from notifications.models import Answer, InboundMail
from notifications.reply_address import find_token
from tests.notifications.test_real_services import (
    RULES,
    Mailbox,
    Table,
    Worker,
    eventually,
    free_port,
    handover,
    mailbox,
    settled,
    smtp_server,
    submit,
    table,
    worker,
    your_turn,
)

from .replies import reply
from .test_replies import lettered

__all__ = ["mailbox", "smtp_server", "table", "worker"]

pytestmark = [
    pytest.mark.redis,
    pytest.mark.postgres,
    pytest.mark.django_db(transaction=True),
    pytest.mark.usefixtures("flush_past_the_trigger"),
]


@dataclass
class Received:
    """A turn email as the SMTP server received it, read as the tests' ``reply`` reads
    Django's outbox."""

    to: list[str]
    reply_to: list[str]
    subject: str
    body: str
    extra_headers: dict[str, str] = field(default_factory=dict)

    @classmethod
    def of(cls, message: EmailMessage) -> Received:
        text = message.get_body(("plain",))
        assert text is not None
        return cls(
            to=[str(message["To"])],
            reply_to=[str(message["Reply-To"])] if message["Reply-To"] else [],
            subject=str(message["Subject"]),
            body=text.get_content(),
            extra_headers={"Message-ID": str(message["Message-ID"])},
        )


@pytest.fixture(scope="module")
def reply_listener(worker: Worker) -> Iterator[int]:
    """The listener ``numx mailin`` runs, on a free port; its port."""
    server: Controller = listener(port=free_port())
    server.start()
    try:
        yield server.port
    finally:
        server.stop()


def send(port: int, raw: bytes, sender: str, to: str) -> None:
    with smtplib.SMTP("127.0.0.1", port, timeout=30) as client:
        client.sendmail(sender, [to], raw)


def processed() -> bool:
    return not InboundMail.objects.filter(processed_at__isnull=True).exists() and not (
        Answer.objects.filter(sent_at__isnull=True).exists()
    )


def turn_received(table: Table, mailbox: Mailbox, worker: Worker) -> tuple[int, Received]:
    """A move hands the game to a player; the "your turn" the worker sent them."""
    move = handover(table.game)
    row = your_turn(table, submit(table, move), move.told, worker)
    received = mailbox.wait_for(f"<notification-{row.pk}@numx-by-mail>", worker.log)
    return move.told, Received.of(received.message)


def test_a_reply_sent_by_smtp_is_played_by_the_worker_and_the_next_player_is_mailed(
    table: Table, mailbox: Mailbox, worker: Worker, reply_listener: int
) -> None:
    seat, received = turn_received(table, mailbox, worker)
    assert find_token(received.reply_to).token is not None
    letters = lettered(received)  # type: ignore[arg-type]
    mailbox.clear()

    raw = reply(received, "A", client="gmail", language="fr")  # type: ignore[arg-type]
    send(reply_listener, raw, table.emails[seat], received.reply_to[0])

    eventually(processed, "the reply is processed", worker)
    assert InboundMail.objects.get().outcome == "played"
    move = Event.objects.filter(game=table.game, seat=seat).latest("sequence")
    assert str(RULES.action_from_json(store.action_json(move.payload))) == letters["A"]
    # The move reached the consumers through the worker: the next player is mailed.
    eventually(settled, "the next player's email is sent", worker)
    state = store.load(table.game.pk, "numx", cache=False).state
    for waiting in RULES.awaiting(state) - {RULES.chance}:
        address = table.emails[waiting]
        eventually(
            lambda address=address: any(address in r.recipients for r in mailbox.accepted),
            f"a 'your turn' to {address}",
            worker,
        )

    # The same mail delivered again (a sending server that retried) plays nothing more.
    send(reply_listener, raw, table.emails[seat], received.reply_to[0])
    eventually(processed, "the copy is seen", worker)
    assert InboundMail.objects.count() == 1
    assert Event.objects.filter(game=table.game, seat=seat).latest("sequence") == move


def test_a_stale_reply_by_smtp_writes_nothing_and_its_answer_comes_from_the_worker(
    table: Table, mailbox: Mailbox, worker: Worker, reply_listener: int
) -> None:
    seat, received = turn_received(table, mailbox, worker)
    # The player moves on the table first; the email's reply is now stale.
    loaded = store.load(table.game.pk, "numx", cache=False)
    action = next(iter(RULES.legal_actions(loaded.state, seat)))
    game_submit(game_id=table.game.pk, seat=seat, action=action, expected_sequence=loaded.sequence)
    eventually(settled, "the move's emails are sent", worker)
    events = Event.objects.filter(game=table.game).count()
    mailbox.clear()

    send(reply_listener, reply(received, "A"), table.emails[seat], received.reply_to[0])  # type: ignore[arg-type]

    eventually(processed, "the reply is judged and its answer sent", worker)
    assert InboundMail.objects.get().outcome == "stale"
    assert Event.objects.filter(game=table.game).count() == events
    (answer,) = [r for r in mailbox.accepted if r.message["Auto-Submitted"] == "auto-replied"]
    assert answer.recipients == (table.emails[seat],)
    body = answer.message.get_body(("plain",)).get_content()
    assert "You have moved since this email (that move stands): nothing more was played" in body


def test_the_listener_takes_mail_for_reply_addresses_only(reply_listener: int) -> None:
    with (
        smtplib.SMTP("127.0.0.1", reply_listener, timeout=30) as client,
        pytest.raises(smtplib.SMTPRecipientsRefused),
    ):
        client.sendmail("bob@example.com", ["root@127.0.0.1"], b"Subject: hi\r\n\r\nhi\r\n")
