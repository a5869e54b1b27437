"""Reactions to account events from django-allauth."""

from __future__ import annotations

from typing import Any

from allauth.account.signals import password_changed, password_reset, password_set, user_signed_up
from django.conf import settings
from django.contrib.auth.models import AbstractBaseUser
from django.contrib.auth.signals import user_logged_in
from django.db.models.signals import post_save
from django.dispatch import receiver
from django.http import HttpRequest
from django.utils import translation

from accounts.links import LINK_PATHS_SESSION_KEY
from accounts.models import Profile, display_name, profile_of
from accounts.tokens import revoke_all
from games.models import Seat


@receiver(user_signed_up)
@receiver(user_logged_in)
def remember_the_language_used(
    sender: Any, request: HttpRequest | None, user: AbstractBaseUser, **kwargs: Any
) -> None:
    """Emails have no browser to ask: they are written in the language the member last
    signed up or logged in with (``accounts.models.mail_language``), kept apart from the
    profile's own, so that pages still follow the browser while that one is empty."""
    # A request that names no language (a program's) says nothing of the member's.
    if request is None or not (
        request.META.get("HTTP_ACCEPT_LANGUAGE")
        or request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME)
    ):
        return
    language = translation.get_language_from_request(request)
    profile = profile_of(user)
    if profile.last_language != language:
        profile.last_language = language
        profile.save(update_fields=["last_language"])


@receiver(user_logged_in)
def whole_session_after_a_real_sign_in(
    sender: Any, request: HttpRequest | None, user: AbstractBaseUser, **kwargs: Any
) -> None:
    """A password or a code signs the browser in everywhere, for the usual time."""
    if request is not None and request.session.pop(LINK_PATHS_SESSION_KEY, None) is not None:
        request.session.set_expiry(None)


@receiver(password_changed)
@receiver(password_set)
@receiver(password_reset)
def revoke_the_api_tokens(sender: Any, user: AbstractBaseUser, **kwargs: Any) -> None:
    """A new password ends everything the old one could have opened: other sessions (the
    session's hash), one-click links (django-sesame's default), and every API token."""
    revoke_all(user)


@receiver(post_save, sender=Profile)
def seats_follow_the_display_name(sender: Any, instance: Profile, **kwargs: Any) -> None:
    """A player's name at the tables follows their profile: every seat of the profile's user
    takes its display name, in running and finished games alike (as on other game sites,
    where a player is known by their current name)."""
    name = display_name(instance.user)
    Seat.objects.filter(user_id=instance.user_id).exclude(name=name).update(name=name)
