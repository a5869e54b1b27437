"""API tokens that expire: a token copied into a script, a log or a leaked session's hands
stops working by itself (``NUMX_API_TOKEN_DAYS`` after it was made)."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.utils import timezone
from django.utils.translation import gettext as _
from rest_framework.authentication import TokenAuthentication
from rest_framework.authtoken.models import Token
from rest_framework.exceptions import AuthenticationFailed


def expires_at(token: Token) -> datetime:
    return token.created + timedelta(days=settings.NUMX_API_TOKEN_DAYS)


class ExpiringTokenAuthentication(TokenAuthentication):
    """DRF's token authentication, refusing a token past :func:`expires_at` (401)."""

    def authenticate_credentials(self, key: str) -> tuple[Any, Token]:
        user, token = super().authenticate_credentials(key)
        if expires_at(token) <= timezone.now():
            raise AuthenticationFailed(
                _("This API token has expired: make a new one on your profile page.")
            )
        return user, token
