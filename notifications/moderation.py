"""The site's moderators hear of every report of a chat line by email. A report is a row of
the outbox (:mod:`notifications.outbox`), sent once by
:func:`notifications.tasks.send_chat_report` after its transaction commits, or by the sweep
if that enqueue is lost.

The moderators (:func:`chat.moderators.moderators`: those who read the reports in the admin
and remove lines) with an address are told, except the reported line's author: a moderator
who also plays is not mailed the report of their own line, which names who reported them.
With no other moderator, the site's ``ADMINS`` (Django's setting: the people who run the
site) are told instead, as they would be of an error: a report nobody hears of is an abuse
left standing. With none of them either, the report waits in the admin and the log says
so."""

from __future__ import annotations

import logging
from typing import Any

from django.conf import settings
from django.core.mail import EmailMessage
from django.db.models.signals import post_save
from django.dispatch import receiver
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext as _

from accounts.models import display_name, mail_language
from chat.models import ChatReport
from chat.moderators import moderators
from notifications.outbox import deliver_after_commit

logger = logging.getLogger(__name__)


@receiver(post_save, sender=ChatReport, dispatch_uid="notifications.send_new_chat_report")
def send_new_report(
    sender: type[ChatReport], instance: ChatReport, created: bool, **kwargs: Any
) -> None:
    """Deliver the email of a report just filed, once its transaction commits."""
    if created:
        deliver_after_commit(instance)


def readers(report: ChatReport) -> tuple[list[str], str]:
    """The addresses told of ``report`` and their language: the moderators with an address
    but the line's author (in their language when they share one, else the site's); with
    none, the site's ``ADMINS`` but the author's address (in the site's language); else
    none."""
    staff = list(moderators().exclude(email="").exclude(pk=report.author_id))
    if staff:
        languages = {mail_language(member) for member in staff}
        language = languages.pop() if len(languages) == 1 else settings.LANGUAGE_CODE
        return [member.email for member in staff], language
    own = report.author.email.lower() if report.author is not None else None
    admins = [address for _name, address in settings.ADMINS if address.lower() != own]
    return admins, settings.LANGUAGE_CODE


def compose_report(report: ChatReport) -> EmailMessage | None:
    """The email of ``report`` to its :func:`readers`: the line as the report quotes it,
    the table's name, the reporter, the reason and note, and the link to the report in the
    admin, which shows the conversation around the line and whose action removes it (not
    to the table: it may be private, or gone);
    None, logged, when there is nobody to tell (the admin lists it all the same)."""
    addresses, language = readers(report)
    if not addresses:
        logger.warning(
            "Chat report %d: no moderator but the line's author, nor ADMINS, to mail it to; "
            "it waits in the admin.",
            report.pk,
        )
        return None
    with translation.override(language):
        words = {
            "reporter": (
                display_name(report.reporter)
                if report.reporter is not None
                else _("An account since deleted")
            ),
            "game": report.table_name,
            "speaker": report.speaker,
            "text": report.text,
            "reason": report.get_reason_display(),
            "note": report.note or _("none"),
            "admin": settings.SITE_URL + reverse("admin:chat_chatreport_change", args=(report.pk,)),
        }
        subject = _("Chat report: %(reason)s at “%(game)s”") % words
        body = (
            _(
                "%(reporter)s reported a message at the table “%(game)s”.\n\n"
                "%(speaker)s: %(text)s\n\n"
                "Reason: %(reason)s\n"
                "Note: %(note)s\n\n"
                "The report and the conversation around the message, where you may remove "
                "it: %(admin)s"
            )
            % words
        )
    return EmailMessage(
        subject,
        body,
        None,
        addresses,
        headers={"Message-ID": f"<chat-report-{report.pk}@numx-by-mail>"},
    )
