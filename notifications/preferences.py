"""What a player asks of the site's emails: stop a kind of email, mute a game."""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.utils.translation import gettext as _

from accounts.models import profile_of
from games.models import Game, GameMute
from notifications.consumer import PREFERENCE
from notifications.models import INVITATION, Notification


def unsubscribe(user: AbstractBaseUser, kind: str) -> None:
    """Stop the emails of ``kind``. Stopping the digest stops the per-move emails it
    replaced too: whoever unsubscribes from the digest asks for fewer emails, not for one
    per move."""
    profile = profile_of(user)
    if kind == Notification.Kind.DIGEST:
        profile.daily_digest = False
        profile.email_your_turn = False
        profile.email_reminders = False
    else:
        setattr(profile, PREFERENCE.get(kind, "email_your_turn"), False)
    profile.save()


def stopped_by(kind: str) -> str:
    """What :func:`unsubscribe` from ``kind`` stops, in words, for the page that asks
    first (a link followed from a mail client, which shows the mail no more)."""
    if kind == Notification.Kind.DIGEST:
        return _("the daily digest, and the emails per move it replaced")
    if kind == Notification.Kind.REMINDER:
        return _("the reminders of the games waiting for you")
    if kind == Notification.Kind.GAME_END:
        return _("the emails that tell you how your games ended")
    if kind == INVITATION:
        return _("the invitations to play")
    return _("the emails that tell you it is your turn, in every game")


def toggle_mute(user: AbstractBaseUser, game: Game) -> bool:
    """Mute ``game``'s emails for ``user``, or unmute them if muted; True if now muted."""
    with transaction.atomic():
        muted, created = GameMute.objects.get_or_create(user=user, game=game)
        if not created:
            muted.delete()
    return created
