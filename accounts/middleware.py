"""Use a signed-in player's language and time zone for everything they see."""

from __future__ import annotations

import zoneinfo
from collections.abc import Callable
from typing import Any

from django.http import HttpRequest, HttpResponse
from django.utils import timezone, translation

from accounts.models import Profile


class PreferencesMiddleware:
    """After LocaleMiddleware (browser language) and authentication: a profile's language,
    if set, wins; its time zone is activated for the request."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        user = getattr(request, "user", None)
        prefs = _profile(user) if user is not None and user.is_authenticated else None
        if prefs and prefs.language:
            translation.activate(prefs.language)
            request.LANGUAGE_CODE = prefs.language
        if prefs:
            timezone.activate(zoneinfo.ZoneInfo(prefs.time_zone))
        else:
            timezone.deactivate()
        response = self.get_response(request)
        if prefs and prefs.language:
            response.headers.setdefault("Content-Language", prefs.language)
        return response


def _profile(user: Any) -> Profile | None:
    """The user's profile: loaded with the user by the sign-in backends (accounts/backends.py),
    read here otherwise; None if the user has none."""
    try:
        return user.profile  # type: ignore[no-any-return]
    except Profile.DoesNotExist:
        return None
