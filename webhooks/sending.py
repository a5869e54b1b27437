"""Sending one delivery: its body, signed, POSTed once under the row's lock, each attempt
logged, and when it is due again if the receiver did not take it.

A receiver takes a delivery by answering 2xx within ``NUMX_WEBHOOKS_TIMEOUT`` seconds. Any
other answer (a redirect too: it is not followed, since it could lead anywhere), a timeout
or a connection refused is a failed attempt: the delivery is due again after a back-off
that doubles, from :data:`FIRST_BACKOFF` up to :data:`MAX_BACKOFF`, and is given up after
:data:`MAX_ATTEMPTS`. The row stays locked while posting, as an email's while sending, so
that two workers never post it twice; the timeout bounds that.
"""

from __future__ import annotations

import json
import socket
import time
import urllib.error
import urllib.request
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any
from urllib.parse import urlsplit

from celery.exceptions import SoftTimeLimitExceeded
from django.conf import settings
from django.db import transaction
from django.urls import reverse

from games.models import Game
from webhooks.models import EXCERPT_LENGTH, Attempt, Delivery, Kind
from webhooks.services import is_public_address, private_allowed
from webhooks.signing import (
    DELIVERY_HEADER,
    EVENT_HEADER,
    SIGNATURE_HEADER,
    TIMESTAMP_HEADER,
    signature,
)

MAX_ATTEMPTS = 8
FIRST_BACKOFF = timedelta(seconds=30)
MAX_BACKOFF = timedelta(hours=1)


def backoff(attempts_made: int) -> timedelta:
    """How long to wait after the ``attempts_made``-th failed attempt.

    >>> [int(backoff(n).total_seconds()) for n in (1, 2, 3, 8, 20)]
    [30, 60, 120, 3600, 3600]
    """
    doublings = min(attempts_made - 1, 16)
    return min(FIRST_BACKOFF * (1 << doublings), MAX_BACKOFF)


def body(delivery: Delivery) -> bytes:
    """What a delivery says, as JSON: its type, the game, its rules, the event it is about
    and the game's address in the API; for ``game_over``, how the game ended (``ended``):
    ``played`` to its end, or ``aborted``, called off before anybody moved (no result)."""
    api = settings.SITE_URL + reverse("api:game", args=(delivery.game_id,))
    news: dict[str, object] = {
        "type": delivery.kind,
        "game": delivery.game_id,
        "rules": delivery.game.rules,
        "sequence": delivery.sequence,
        "url": api,
    }
    if delivery.kind == Kind.GAME_OVER:
        # An ended game's status is final: it says how it ended, whenever this is sent.
        aborted = delivery.game.status == Game.Status.ABORTED
        news["ended"] = "aborted" if aborted else "played"
    return json.dumps(news, separators=(",", ":")).encode()


@dataclass(frozen=True)
class Answer:
    """What came of one POST: the receiver's status and the start of its answer, or the
    error when it did not answer."""

    status: int | None = None
    response: str = ""
    error: str = ""

    @property
    def taken(self) -> bool:
        return self.status is not None and 200 <= self.status < 300


class _NoRedirects(urllib.request.HTTPRedirectHandler):
    """A redirect is an answer like another (not 2xx): following it could lead a POST into
    a private network."""

    def redirect_request(self, *args: Any, **kwargs: Any) -> None:
        return None


_opener = urllib.request.build_opener(_NoRedirects)


def _private_host(url: str) -> str | None:
    """The private address ``url``'s host resolves to, if any (None when all are public,
    or when private addresses are allowed). A name that does not resolve is left to the
    POST to fail on."""
    if private_allowed():
        return None
    parts = urlsplit(url)
    try:
        infos = socket.getaddrinfo(parts.hostname, parts.port or 443, type=socket.SOCK_STREAM)
    except (OSError, UnicodeError):
        return None
    return next((str(info[4][0]) for info in infos if not is_public_address(str(info[4][0]))), None)


def post(url: str, secret: str, payload: bytes, headers: dict[str, str]) -> Answer:
    """POST ``payload`` signed with ``secret`` now; never raises for what the receiver does."""
    private = _private_host(url)
    if private is not None:
        return Answer(error=f"refused: the host resolves to a private address ({private})")
    timestamp = int(time.time())
    request = urllib.request.Request(
        url,
        data=payload,
        method="POST",
        headers={
            **headers,
            "Content-Type": "application/json",
            "User-Agent": "numx-webhooks/1",
            TIMESTAMP_HEADER: str(timestamp),
            SIGNATURE_HEADER: signature(secret, timestamp, payload),
        },
    )
    try:
        with _opener.open(request, timeout=settings.NUMX_WEBHOOKS_TIMEOUT) as answer:
            return Answer(answer.status, _excerpt(answer.read(EXCERPT_LENGTH)))
    except urllib.error.HTTPError as refused:
        return Answer(refused.code, _excerpt(refused.read(EXCERPT_LENGTH)))
    except (OSError, ValueError) as failed:  # URLError, timeouts, refused connections
        reason = getattr(failed, "reason", failed)
        return Answer(error=f"{type(reason).__name__}: {reason}"[:EXCERPT_LENGTH])
    except SoftTimeLimitExceeded:
        return Answer(error="timed out: the answer took too long in all")


def _excerpt(raw: bytes) -> str:
    return raw.decode("utf-8", "replace")[:EXCERPT_LENGTH]


def attempt(delivery_id: int, now: datetime) -> Delivery | None:
    """Post the delivery if it is due at ``now``, log the attempt and set when it is due
    again; the delivery as it now is, or None when nothing was due (sent, given up, or
    not due yet: another run of its task got there first)."""
    with transaction.atomic():
        delivery: Delivery | None = (
            Delivery.objects.select_for_update(of=("self",))
            .select_related("endpoint", "game")
            .filter(pk=delivery_id, sent_at__isnull=True, next_attempt_at__lte=now)
            .first()
        )
        if delivery is None:
            return None
        started = time.monotonic()
        answer = post(
            delivery.endpoint.url,
            delivery.endpoint.secret,
            body(delivery),
            {EVENT_HEADER: delivery.kind, DELIVERY_HEADER: str(delivery.pk)},
        )
        Attempt.objects.create(
            delivery=delivery,
            at=now,
            status=answer.status,
            response=answer.response,
            error=answer.error,
            duration_ms=int((time.monotonic() - started) * 1000),
        )
        delivery.attempts_made += 1
        if answer.taken:
            delivery.sent_at, delivery.next_attempt_at = now, None
        elif delivery.attempts_made >= MAX_ATTEMPTS:
            delivery.next_attempt_at = None
        else:
            delivery.next_attempt_at = now + backoff(delivery.attempts_made)
        delivery.save(update_fields=["attempts_made", "sent_at", "next_attempt_at"])
    return delivery
