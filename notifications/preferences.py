"""What a player asks of the site's emails: stop a kind of email, mute a game."""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction

from accounts.models import profile_of
from games.models import Game, GameMute
from notifications.consumer import PREFERENCE
from notifications.models import Notification


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


def toggle_mute(user: AbstractBaseUser, game: Game) -> bool:
    """Mute ``game``'s emails for ``user``, or unmute them if muted; True if now muted."""
    with transaction.atomic():
        muted, created = GameMute.objects.get_or_create(user=user, game=game)
        if not created:
            muted.delete()
    return created
