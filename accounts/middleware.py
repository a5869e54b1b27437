"""Use a signed-in player's language and time zone for everything they see; keep a
session opened by an email's link to the pages it was for."""

from __future__ import annotations

import zoneinfo
from collections.abc import Callable
from typing import Any

from django.contrib.auth.models import AnonymousUser
from django.http import HttpRequest, HttpResponse
from django.utils import timezone, translation

from accounts.links import LINK_PATHS_SESSION_KEY, within_link
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


class LinkSessionMiddleware:
    """After authentication (and the preferences: a visitor keeps their language): a
    session opened by an email's one-click link (``accounts.links``) is anonymous outside
    the pages that link was for."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        paths = request.session.get(LINK_PATHS_SESSION_KEY)
        if paths is not None and not within_link(request, paths):
            request.user = AnonymousUser()
        return self.get_response(request)
