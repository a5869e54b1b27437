"""The SMTP listener for replies (``manage.py numx mailin``): an aiosmtpd server on
127.0.0.1 that keeps every mail sent to a reply address of ``NUMX_REPLY_DOMAIN``
(:mod:`notifications.inbound`), for a newcomer without a mail provider, or behind a mail
server that relays the reply domain to it (docs/deploy.md).

It accepts only recipients ``play+…@<reply domain>`` (550 otherwise: it relays nothing),
mails up to ``NUMX_INBOUND_MAX_BYTES``, and answers 451 when it cannot keep a mail (the
database is down), so that the sending server tries again later. A mail whose From: names
no one sender is refused for good with 554 5.6.0: 554 is the reply to a DATA whose message
is refused (RFC 5321), 5.6.0 says the fault is in the message's content (RFC 3463), and a
permanent code because the same bytes will never be judged (the sending server bounces it
to its sender at once, instead of retrying for days); never aiosmtpd's 500 of a crash,
which would say the command itself was not understood.
"""

from __future__ import annotations

import logging
from typing import Any

from aiosmtpd.controller import Controller
from aiosmtpd.smtp import SMTP, Envelope, Session
from asgiref.sync import sync_to_async
from django.conf import settings
from django.db import DatabaseError, close_old_connections

from notifications.inbound import NoSender, TooLarge, receive_bytes
from notifications.reply_address import LOCAL_PART, reply_domain

log = logging.getLogger(__name__)
DEFAULT_PORT = 2525


def for_us(address: str) -> bool:
    """Whether ``address`` is a reply address of this site (any ``+tag``: a forged one is
    judged, and answered, like any other reply).

    >>> from django.test import override_settings
    >>> with override_settings(NUMX_REPLY_DOMAIN="numx.example"):
    ...     for_us("Play+12-3-1-abc@NUMX.example"), for_us("root@numx.example")
    (True, False)
    """
    local, _at, domain = address.rpartition("@")
    return domain.lower() == reply_domain().lower() and local.lower().split("+")[0] == LOCAL_PART


def answer(raw: bytes, recipients: list[str], sender: str) -> str:
    """Keep a mail received by SMTP (its bytes, the envelope's recipients and sender) and
    say so to the sending server: the SMTP reply to its DATA."""
    try:
        new = receive_bytes(raw, recipients, sender)
    except TooLarge:
        return "552 5.3.4 message too big for a reply"
    except NoSender:
        log.info("refused an inbound mail from %s: its From: names no one sender", sender)
        return "554 5.6.0 the From: header names no one sender"
    except DatabaseError:
        log.exception("could not keep an inbound mail")
        return "451 4.3.0 cannot take mail now, try again later"
    log.info("inbound mail from %s %s", sender, "kept" if new else "(a copy)")
    return "250 Message accepted"


def _answer_in_thread(raw: bytes, recipients: list[str], sender: str) -> str:
    """:func:`answer`, from a thread of its own: its database connection is checked before
    and closed after, as a request's is."""
    close_old_connections()
    try:
        return answer(raw, recipients, sender)
    finally:
        close_old_connections()


class ReplyHandler:
    """aiosmtpd's handler: recipients checked at RCPT, the mail kept at DATA."""

    async def handle_RCPT(
        self, server: SMTP, session: Session, envelope: Envelope, address: str, options: Any
    ) -> str:
        if not for_us(address):
            return "550 5.1.1 not a reply address of this site"
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server: SMTP, session: Session, envelope: Envelope) -> str:
        raw = envelope.original_content or b""
        reply: str = await sync_to_async(_answer_in_thread, thread_sensitive=False)(
            raw, list(envelope.rcpt_tos), envelope.mail_from or ""
        )
        return reply


def listener(host: str = "127.0.0.1", port: int = DEFAULT_PORT) -> Controller:
    """The listener, not started (``start()``, then ``stop()``)."""
    return Controller(
        ReplyHandler(),
        hostname=host,
        port=port,
        data_size_limit=settings.NUMX_INBOUND_MAX_BYTES,
        server_hostname=reply_domain() or "localhost",
    )
