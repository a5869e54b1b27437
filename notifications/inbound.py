"""Mail received at the reply addresses, whichever way it came in: the SMTP listener
(``manage.py numx mailin``, :mod:`notifications.mailin`) or a mail provider's inbound
webhook (django-anymail's ``inbound`` signal). Both hand over the same object, anymail's
:class:`~anymail.inbound.AnymailInboundMessage`.

Receiving only keeps the mail, once per Message-ID, and has it processed after the commit
by a Celery task (:func:`notifications.tasks.process_reply`); a mail whose task was lost
(broker down) is processed on a later tick of the game clock.
"""

from __future__ import annotations

import hashlib
import logging
from collections.abc import Sequence
from datetime import datetime
from typing import Any

from anymail.inbound import AnymailInboundMessage
from anymail.signals import AnymailInboundEvent, inbound
from django.conf import settings
from django.db import IntegrityError, transaction
from django.dispatch import receiver

from games.deadlines import clock_ticked
from games.tasks import enqueue
from notifications.models import InboundMail
from notifications.outbox import enqueue_overdue
from notifications.tasks import process_reply

log = logging.getLogger(__name__)


class TooLarge(ValueError):
    """A mail larger than ``NUMX_INBOUND_MAX_BYTES``: no reply of a move is."""


class NoSender(ValueError):
    """A mail whose From: names no one address (unreadable, or several): a reply is judged
    by who sent it, so this one never can be."""


def receive_bytes(raw: bytes, recipients: Sequence[str] = (), sender: str = "") -> bool:
    """Keep a mail as received by SMTP (its bytes, the envelope's recipients and sender);
    True if it is new. Raises :class:`TooLarge`."""
    if len(raw) > settings.NUMX_INBOUND_MAX_BYTES:
        raise TooLarge(f"a reply is at most {settings.NUMX_INBOUND_MAX_BYTES} bytes")
    message = AnymailInboundMessage.parse_raw_mime_bytes(raw)
    message.envelope_sender = sender
    return receive(message, recipients, raw)


def receive(
    message: AnymailInboundMessage, recipients: Sequence[str] = (), raw: bytes | None = None
) -> bool:
    """Keep ``message`` once per Message-ID and process it after the commit; True if it is
    new, False for a copy of one already kept. Raises :class:`TooLarge` or
    :class:`NoSender`, keeping nothing."""
    raw = raw if raw is not None else _bytes_of(message)
    if len(raw) > settings.NUMX_INBOUND_MAX_BYTES:
        raise TooLarge(f"a reply is at most {settings.NUMX_INBOUND_MAX_BYTES} bytes")
    message_id = " ".join(_text(_raw_header(message, "Message-ID")).split())
    key = hashlib.sha256(message_id.encode() if message_id else raw).hexdigest()
    from_address = _sender(message)
    try:
        with transaction.atomic():
            row = InboundMail.objects.create(
                key=key,
                message_id=message_id[:998],
                sender=_text(from_address or message.envelope_sender or "")[:254],
                recipients=_text("\n".join(recipients)),
                # Latin-1 maps every byte to one character and back: the mail as received.
                raw=raw.replace(b"\0", b"").decode("latin-1"),
            )
    except IntegrityError:
        log.info("inbound mail %s already received", message_id or key)
        return False
    transaction.on_commit(lambda: enqueue(process_reply, row.pk), robust=True)
    return True


def _text(value: str) -> str:
    r"""``value`` as a database keeps text: its bytes that were no ASCII (which Python's
    parser keeps as surrogates) read as UTF-8, what is no UTF-8 replaced, and no NUL,
    which is no character of a mail (RFC 5322) and which PostgreSQL's text refuses.

    >>> _text("caf\udcc3\udca9 \x00ok"), "\ud800" in _text("\ud800")
    ('café ok', False)
    """
    try:
        data = value.encode("utf-8", "surrogateescape")
    except UnicodeEncodeError:  # surrogates that stand for no byte received
        data = value.encode("utf-8", "surrogatepass")
    return data.decode("utf-8", "replace").replace("\0", "")


def _raw_header(message: AnymailInboundMessage, name: str) -> str:
    """The first ``name`` header as the mail wrote it, unparsed: Python's parser of
    Message-ID fails on some values (IndexError) where the text is all that is needed."""
    return next(
        (str(value) for key, value in message.raw_items() if key.lower() == name.lower()), ""
    )


def _sender(message: AnymailInboundMessage) -> str:
    """The address of the From: header, ``""`` without one; :class:`NoSender` if it names
    no one address."""
    try:
        found = message.from_email
    except ValueError as unreadable:  # anymail's AnymailInvalidAddress, the parser's errors
        raise NoSender(f"an unreadable From: {unreadable}") from None
    if isinstance(found, list):
        raise NoSender("a From: of several addresses")
    return found.addr_spec if found is not None else ""


def _bytes_of(message: AnymailInboundMessage) -> bytes:
    try:
        return message.as_bytes()
    except (UnicodeError, LookupError, ValueError):
        # A provider's parse of a badly encoded mail: its text, as best it goes.
        return message.as_string().encode("utf-8", "replace")


@receiver(inbound, dispatch_uid="notifications.inbound_webhook")
def received_by_webhook(
    sender: Any, event: AnymailInboundEvent, esp_name: str, **kwargs: Any
) -> None:
    """A mail a provider posted to the inbound webhook (``notifications.views.inbound``)."""
    message = event.message
    if message is None:
        return
    recipient = getattr(message, "envelope_recipient", None)
    try:
        receive(message, [recipient] if recipient else [])
    except TooLarge:
        log.warning("inbound mail from %s too large: dropped", esp_name)


@receiver(clock_ticked, dispatch_uid="notifications.process_lost_replies")
def process_lost_replies(sender: Any, now: datetime, **kwargs: Any) -> dict[str, int]:
    """Enqueue again the replies received long ago and never processed (their task lost
    on its way to a worker); return how many."""
    return {"replies_resent": enqueue_overdue(InboundMail, "processed_at", process_reply, now)}
