"""Sessions opened by a one-click link in an email.

Such a link lands in mailboxes, forwards and archives, so the session it opens is signed
in only on the pages the link was for (its ``paths``, prefixes such as one game's pages)
and to sign out; anywhere else (the lobby, the profile, the API) its visitor is
anonymous and signs in with a password or a code to go further, which makes the session
whole. It also ends when the link would have expired.
"""

from __future__ import annotations

from collections.abc import Iterable

from django.conf import settings
from django.contrib.auth import SESSION_KEY, login
from django.contrib.auth.models import AbstractBaseUser
from django.http import HttpRequest
from django.urls import reverse

#: The path prefixes a session opened by a link is signed in on (absent: a whole session).
LINK_PATHS_SESSION_KEY = "accounts.link_paths"


def sign_in_by_link(request: HttpRequest, user: AbstractBaseUser, paths: Iterable[str]) -> None:
    """Sign ``user`` (authenticated by the link) in on ``paths`` only, besides those that
    earlier links of theirs opened in this browser; a browser already wholly signed in as
    them stays so."""
    session = request.session
    same_user = session.get(SESSION_KEY) == str(user.pk)
    if same_user and LINK_PATHS_SESSION_KEY not in session and request.user.is_authenticated:
        return
    earlier = session.get(LINK_PATHS_SESSION_KEY, []) if same_user else []
    login(request, user)
    session[LINK_PATHS_SESSION_KEY] = sorted({*earlier, *paths})
    session.set_expiry(settings.SESAME_MAX_AGE)


def within_link(request: HttpRequest, paths: list[str]) -> bool:
    """Whether the request is for one of ``paths`` (or signs out)."""
    return request.path == reverse("account_logout") or request.path.startswith(tuple(paths))
