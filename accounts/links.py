"""Sessions opened by a one-click link in an email.

Such a link lands in mailboxes, forwards and archives, so the session it opens is signed
in only on the pages the link was for (its ``paths``, prefixes such as one game's pages)
and to sign out; anywhere else (the lobby, the profile, the API) its visitor is
anonymous and signs in with a password or a code to go further, which makes the session
whole. It also ends when the link would have expired.

A link signs somebody in once (:func:`spend`): a second use, in another browser, asks to
sign in, so that a mail forwarded, archived or read over a shoulder is no key to the game
once its player has clicked it. The browser it opened stays signed in on its pages, the
link clicked there again included.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from datetime import timedelta

from django.conf import settings
from django.contrib.auth import SESSION_KEY, login
from django.contrib.auth.models import AbstractBaseUser
from django.db import IntegrityError, transaction
from django.http import HttpRequest
from django.urls import reverse
from django.utils import timezone

from accounts.models import SpentLink

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


def widen_link(request: HttpRequest, paths: Iterable[str]) -> None:
    """Sign a browser that a link signed in on some pages only in on ``paths`` too (pages
    its player has just made, as a new table); a whole session is left as it is."""
    earlier = request.session.get(LINK_PATHS_SESSION_KEY)
    if earlier is not None:
        request.session[LINK_PATHS_SESSION_KEY] = sorted({*earlier, *paths})


def within_link(request: HttpRequest, paths: list[str]) -> bool:
    """Whether the request is for one of ``paths`` (or signs out)."""
    return request.path == reverse("account_logout") or request.path.startswith(tuple(paths))


def spend(token: str) -> bool:
    """Use the one-click link whose token is ``token``: False if it was used already.
    Decided by the database (a unique key), so that of two uses at once one wins. The marks
    of links too old to work anyway go at the same time."""
    now = timezone.now()
    SpentLink.objects.filter(spent_at__lt=now - timedelta(seconds=settings.SESAME_MAX_AGE)).delete()
    try:
        with transaction.atomic():
            SpentLink.objects.create(
                digest=hashlib.sha256(token.encode()).hexdigest(), spent_at=now
            )
    except IntegrityError:
        return False
    return True
