"""The SMTP listener (``manage.py numx mailin``) answers every mail with an SMTP reply
that says what the sending server should do, never with a crash: a mail whose From:
names no one sender cannot be judged, now or later, so it is refused for good (554 5.6.0,
as the webhook answers 400), and nothing is kept."""

from __future__ import annotations

import smtplib
from collections.abc import Iterator

import pytest
from pytest_django.fixtures import Settings

from notifications.mailin import listener
from notifications.models import InboundMail
from tests.notifications.test_real_services import free_port

# Transactional: the listener keeps mail from a thread of its own, with its own connection.
pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.usefixtures("flush_past_the_trigger"),
]

TO = "play+1-2-0-abcdefghijklmnop@reply.numx.test"


@pytest.fixture
def port(settings: Settings) -> Iterator[int]:
    settings.NUMX_REPLY_DOMAIN = "reply.numx.test"
    server = listener(port=free_port())
    server.start()
    try:
        yield server.port
    finally:
        server.stop()


def mail_from(sender: str) -> bytes:
    return (
        f"From: {sender}\r\nTo: {TO}\r\nSubject: Re: your turn\r\n"
        "Message-ID: <reply-1@mail.example>\r\n\r\nA\r\n"
    ).encode()


@pytest.mark.parametrize(
    "sender", ['"<<>>" <@@@>', "<>", "Bob <bob@example.com>, Eve <eve@example.com>"]
)
def test_a_from_that_names_no_one_sender_is_refused_for_good_and_nothing_is_kept(
    port: int, sender: str
) -> None:
    """Failed before: "500 Error: (AnymailInvalidAddress) ...", the listener's crash, which
    also says the SMTP command itself was wrong."""
    with (
        smtplib.SMTP("127.0.0.1", port, timeout=30) as client,
        pytest.raises(smtplib.SMTPDataError) as refused,
    ):
        client.sendmail("bob@example.com", [TO], mail_from(sender))
    assert refused.value.smtp_code == 554
    assert refused.value.smtp_error.startswith(b"5.6.0 ")
    assert not InboundMail.objects.exists()


def test_a_reply_with_one_sender_is_kept(port: int) -> None:
    with smtplib.SMTP("127.0.0.1", port, timeout=30) as client:
        client.sendmail("bob@example.com", [TO], mail_from("Bob <bob@example.com>"))
    assert InboundMail.objects.get().sender == "bob@example.com"
