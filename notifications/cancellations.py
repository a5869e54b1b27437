"""A host cancels their table before it starts (``games.lobby.game_cancel``): each other
player who had taken a seat at it is told by email, once, in their language.

The table leaves no event (nothing was played) and its row is deleted, so no consumer
hears of it: ``game_cancel`` sends :data:`games.lobby.table_cancelled` just before the
deletion, in its transaction, and :func:`owe_cancelled_table_mails` writes a
:class:`~notifications.models.CancelledTableMail` outbox row for each player who wants it,
with the words the mail says (the row it would name is going). The rows commit with the
deletion, or not at all; :func:`send_cancelled_table_mail` sends each once after the
commit, or the outbox's sweep does."""

from __future__ import annotations

from typing import Any

from celery import shared_task
from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser
from django.core.mail import EmailMultiAlternatives
from django.dispatch import receiver
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext as _

from accounts.models import display_name, mail_language
from games.lobby import table_cancelled
from games.models import Game
from notifications.consumer import wanted
from notifications.emails import player_message, unsubscribe_link
from notifications.models import CancelledTableMail, Notification
from notifications.outbox import RETRIED, deliver_after_commit, send_once, sends

#: The preference (and unsubscribe link) these mails go by: a table cancelled is how that
#: game ended, so whoever turned off the emails of their games' results is not told.
KIND = Notification.Kind.GAME_END


@receiver(table_cancelled, dispatch_uid="notifications.owe_cancelled_table_mails")
def owe_cancelled_table_mails(
    sender: type[Game], game: Game, host: AbstractBaseUser, players: list[int], **kwargs: Any
) -> None:
    """Owe each of ``players`` (who wants it, and has an address) the email saying that
    ``host`` cancelled ``game``: an outbox row of the cancelling transaction."""
    host_name = display_name(host)
    users = get_user_model().objects.filter(pk__in=players).exclude(email="")
    for user in users.order_by("pk"):
        if not wanted(user.pk, KIND, game.pk):
            continue
        with translation.override(mail_language(user)):
            name, title = game.display_name, str(game.game_type.site.title)
        row, new = CancelledTableMail.objects.get_or_create(
            game_number=game.pk,
            recipient=user,
            defaults={"game_name": name[:200], "title": title[:100], "host_name": host_name},
        )
        if new:
            deliver_after_commit(row)


def compose_cancelled_table(row: CancelledTableMail) -> EmailMultiAlternatives | None:
    """The email of ``row`` in its recipient's language, as the other notifications are
    written (greeting, the same footer); None if the recipient has no address now."""
    user = row.recipient
    if not user.email:
        return None
    with translation.override(mail_language(user)):
        context = {
            "name": display_name(user),
            "kind": "cancelled",
            "game": row.game_name,
            "title": row.title,
            "host": row.host_name,
            "unsubscribe": unsubscribe_link(user, KIND),
            "lobby": settings.SITE_URL + reverse("games:lobby"),
            "subject": _("%(game)s: the table was cancelled") % {"game": row.game_name},
        }
        return player_message(user.email, context, f"cancelled-table-{row.pk}")


@sends(CancelledTableMail)
@shared_task(**RETRIED)
def send_cancelled_table_mail(row_id: int) -> bool:
    """Send one cancelled table's email unless it is already sent; True if this call
    sent it."""
    return send_once(CancelledTableMail, row_id, ("recipient",), compose_cancelled_table)
