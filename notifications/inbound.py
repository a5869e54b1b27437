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
    new, False for a copy of one already kept. Raises :class:`TooLarge`."""
    raw = raw if raw is not None else _bytes_of(message)
    if len(raw) > settings.NUMX_INBOUND_MAX_BYTES:
        raise TooLarge(f"a reply is at most {settings.NUMX_INBOUND_MAX_BYTES} bytes")
    # NUL is no character of a mail (RFC 5322), and PostgreSQL's text refuses it.
    message_id = " ".join(str(message.get("Message-ID", "")).replace("\0", "").split())
    key = hashlib.sha256(message_id.encode() if message_id else raw).hexdigest()
    from_address = message.from_email.addr_spec if message.from_email else ""
    try:
        with transaction.atomic():
            row = InboundMail.objects.create(
                key=key,
                message_id=message_id[:998],
                sender=(from_address or message.envelope_sender or "").replace("\0", "")[:254],
                recipients="\n".join(recipients),
                # Latin-1 maps every byte to one character and back: the mail as received.
                raw=raw.replace(b"\0", b"").decode("latin-1"),
            )
    except IntegrityError:
        log.info("inbound mail %s already received", message_id or key)
        return False
    transaction.on_commit(lambda: enqueue(process_reply, row.pk), robust=True)
    return True


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
