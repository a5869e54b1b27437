"""Named API tokens (:class:`accounts.models.ApiToken`): several per member, one per
program, each with its scopes, its own expiry and revocation. A token copied into a script,
a log or a leaked session's hands stops working by itself when it expires (by default
``NUMX_API_TOKEN_DAYS`` after it was made), or as soon as its owner revokes it."""

from __future__ import annotations

import secrets
from collections.abc import Iterable
from datetime import datetime, timedelta
from hashlib import sha256
from typing import Any

from django.conf import settings
from django.contrib.auth.models import AbstractBaseUser
from django.utils import timezone
from django.utils.translation import gettext as _
from rest_framework.authentication import TokenAuthentication, get_authorization_header
from rest_framework.exceptions import AuthenticationFailed
from rest_framework.request import Request

from accounts.models import ApiToken, Scope

#: How often a token's ``last_used`` is written: to the minute is enough for its owner,
#: and a bot's every request need not write a row.
LAST_USED_PRECISION = timedelta(minutes=1)


def digest_of(key: str) -> str:
    """What the database keeps of a key: its SHA-256, in hexadecimal."""
    return sha256(key.encode()).hexdigest()


def default_expiry(now: datetime | None = None) -> datetime:
    """When a token made ``now`` stops working unless its owner chose otherwise."""
    return (now or timezone.now()) + timedelta(days=settings.NUMX_API_TOKEN_DAYS)


def issue(
    user: AbstractBaseUser,
    name: str,
    scopes: Iterable[str] = tuple(Scope),
    expires: datetime | None = None,
) -> tuple[ApiToken, str]:
    """Make a token named ``name`` for ``user`` with ``scopes``, working until ``expires``
    (by default :func:`default_expiry`); the key comes back with it, the only time it is
    seen whole."""
    key = secrets.token_urlsafe(32)
    granted = set(scopes)
    now = timezone.now()
    token = ApiToken.objects.create(
        user_id=user.pk,
        name=name,
        digest=digest_of(key),
        prefix=key[:8],
        can_read=Scope.READ in granted,
        can_play=Scope.PLAY in granted,
        can_chat=Scope.CHAT in granted,
        created=now,
        expires=expires or default_expiry(now),
    )
    return token, key


def revoke_all(user: AbstractBaseUser) -> int:
    """Revoke every token of ``user`` still working; how many were."""
    return ApiToken.objects.filter(user_id=user.pk, revoked=None).update(revoked=timezone.now())


class NamedTokenAuthentication(TokenAuthentication):
    """``Authorization: Token <key>`` for a named token: an unknown key, a revoked or an
    expired token is refused (401) with a message saying which. ``request.auth`` is the
    :class:`ApiToken`, whose ``scopes`` the API's permissions read. The key may follow
    ``Bearer`` instead (:class:`BearerAuthentication`)."""

    def authenticate(self, request: Request) -> tuple[Any, ApiToken] | None:
        prefix = get_authorization_header(request).split()[:1]
        if prefix and prefix[0].lower() == BearerAuthentication.keyword.lower().encode():
            return BearerAuthentication().read(request)
        return self.read(request)

    def read(self, request: Request) -> tuple[Any, ApiToken] | None:
        """The header read after this class's ``keyword``, as DRF reads it."""
        return super().authenticate(request)

    def authenticate_credentials(self, key: str) -> tuple[Any, ApiToken]:
        token = ApiToken.objects.select_related("user").filter(digest=digest_of(key)).first()
        if token is None:
            raise AuthenticationFailed(_("Invalid token."))
        if not token.user.is_active:
            raise AuthenticationFailed(_("User inactive or deleted."))
        if token.revoked is not None:
            raise AuthenticationFailed(
                _("This API token was revoked: make a new one on your profile page.")
            )
        now = timezone.now()
        if token.expires <= now:
            raise AuthenticationFailed(
                _("This API token has expired: make a new one on your profile page.")
            )
        if token.last_used is None or now - token.last_used >= LAST_USED_PRECISION:
            ApiToken.objects.filter(pk=token.pk).update(last_used=now)
            token.last_used = now
        return token.user, token


class BearerAuthentication(NamedTokenAuthentication):
    """The same key after ``Bearer``: OAuth 2.0's prefix (RFC 6750), which lichess's API
    reads and client generators send unless told otherwise (openapi-python-client's
    ``AuthenticatedClient``). A bot written for either is refused nothing for it."""

    keyword = "Bearer"
