"""Celery tasks: they load what they need and call a service."""

from __future__ import annotations

from celery import shared_task
from django.core.mail import EmailMessage
from django.utils import timezone

from notifications.tasks import RETRIED, resend_overdue, send_once


@shared_task
def finish_table(table_id: int) -> None:
    """Let the deadline policy play a table the organiser finished to its end."""
    from tournaments.models import Table
    from tournaments.services import table_play_out

    table = Table.objects.select_related("game").filter(pk=table_id, forced_at__isnull=False)
    if table.exists():
        table_play_out(table=table.get())


@shared_task(**RETRIED)
def send_mail(mail_id: int) -> bool:
    """Send one tournament email unless it is already sent; True if this call sent it."""
    from tournaments.models import Mail

    def compose_for(mail: Mail) -> EmailMessage | None:
        address = mail.recipient.email
        return EmailMessage(mail.subject, mail.body, to=[address]) if address else None

    return send_once(Mail, mail_id, ("recipient",), compose_for)


@shared_task
def resend_unsent() -> int:
    """Enqueue again the tournament emails owed long ago and never sent (a lost enqueue,
    a task out of retries); sending stays once-only."""
    from tournaments.models import Mail

    return resend_overdue(Mail, send_mail, timezone.now())
