"""Tournament emails (an organiser's message, a stage starting or done): an outbox of
``Mail`` rows, each sent once by a task after the transaction that owed it commits."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import partial

from celery import shared_task
from django.conf import settings
from django.contrib.auth.models import AbstractBaseUser
from django.core.mail import EmailMessage
from django.db import transaction
from django.utils import timezone
from django.utils.translation import override

from accounts.models import profile_of
from notifications.tasks import RETRIED, resend_overdue, send_once
from tournaments.models import Mail, Tournament


def queue_mail(
    tournament: Tournament,
    users: Iterable[AbstractBaseUser],
    compose: Callable[[], tuple[str, str]],
) -> None:
    """Owe each user ``compose()``'s subject and body, written in the user's language, as
    outbox rows of the caller's transaction; once it commits, a task sends each once."""
    for user in users:
        if not getattr(user, "email", ""):
            continue
        with override(profile_of(user).language or settings.LANGUAGE_CODE):
            subject, body = compose()
        mail = Mail.objects.create(
            tournament=tournament, recipient=user, subject=subject[:255], body=body
        )
        transaction.on_commit(partial(send_mail.delay, mail.pk), robust=True)


@shared_task(**RETRIED)
def send_mail(mail_id: int) -> bool:
    """Send one tournament email unless it is already sent; True if this call sent it."""

    def compose_for(mail: Mail) -> EmailMessage | None:
        address = mail.recipient.email
        return EmailMessage(mail.subject, mail.body, to=[address]) if address else None

    return send_once(Mail, mail_id, ("recipient",), compose_for)


@shared_task
def resend_unsent() -> int:
    """Enqueue again the tournament emails owed long ago and never sent (a lost enqueue,
    a task out of retries); sending stays once-only."""
    return resend_overdue(Mail, send_mail, timezone.now())
