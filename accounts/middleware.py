"""Use a signed-in player's language and time zone for everything they see (the browser's
zone when the profile has none); keep a session opened by an email's link to the pages it
was for."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.contrib.auth.models import AnonymousUser
from django.http import HttpRequest, HttpResponse
from django.utils import timezone, translation

from accounts.links import LINK_PATHS_SESSION_KEY, within_link
from accounts.models import Profile, known_time_zone

#: The cookie in which static/js/browser_zone.js keeps the browser's IANA time zone.
BROWSER_ZONE_COOKIE = "browser_time_zone"


class PreferencesMiddleware:
    """After LocaleMiddleware (browser language) and authentication: a profile's language,
    if set, wins; its time zone, if set, else the browser's (from its cookie), is
    activated for the request; else UTC."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        user = getattr(request, "user", None)
        prefs = _profile(user) if user is not None and user.is_authenticated else None
        if prefs and prefs.language:
            translation.activate(prefs.language)
            request.LANGUAGE_CODE = prefs.language
        zone = known_time_zone(
            (prefs.time_zone if prefs else "") or request.COOKIES.get(BROWSER_ZONE_COOKIE, "")
        )
        if zone is not None:
            timezone.activate(zone)
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
