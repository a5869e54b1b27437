"""Tournament emails (an organiser's message, a stage starting or done): ``Mail`` rows of
the site's outbox (:mod:`notifications.outbox`), each sent once by a task after the
transaction that owed it commits, or by the outbox's sweep if that enqueue is lost."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from celery import shared_task
from django.conf import settings
from django.contrib.auth.models import AbstractBaseUser
from django.core.mail import EmailMessage
from django.utils.translation import override

from accounts.models import profile_of
from notifications.outbox import RETRIED, deliver_after_commit, send_once, sends
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
        deliver_after_commit(mail)


@sends(Mail)
@shared_task(**RETRIED)
def send_mail(mail_id: int) -> bool:
    """Send one tournament email unless it is already sent; True if this call sent it."""

    def compose_for(mail: Mail) -> EmailMessage | None:
        address = mail.recipient.email
        return EmailMessage(mail.subject, mail.body, to=[address]) if address else None

    return send_once(Mail, mail_id, ("recipient",), compose_for)
