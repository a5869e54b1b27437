"""Reactions to account events from django-allauth."""

from __future__ import annotations

from typing import Any

from allauth.account.signals import user_signed_up
from django.conf import settings
from django.contrib.auth.models import AbstractBaseUser
from django.dispatch import receiver
from django.http import HttpRequest

from accounts.models import profile_of


@receiver(user_signed_up)
def remember_the_sign_up_language(
    sender: Any, request: HttpRequest, user: AbstractBaseUser, **kwargs: Any
) -> None:
    """Emails have no browser to ask: they are written in the language the player signed
    up in (French for a French browser) until the profile says otherwise."""
    language = getattr(request, "LANGUAGE_CODE", "")
    if language != settings.LANGUAGE_CODE and language in dict(settings.LANGUAGES):
        profile = profile_of(user)
        profile.language = language
        profile.save(update_fields=["language"])
