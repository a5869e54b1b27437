"""Rate limiting per API token (DRF throttling)."""

from __future__ import annotations

from hashlib import sha256
from typing import TYPE_CHECKING

from rest_framework.authtoken.models import Token
from rest_framework.request import Request
from rest_framework.throttling import UserRateThrottle

if TYPE_CHECKING:  # DRF imports this module while loading its views: no cycle at run time.
    from rest_framework.views import APIView


class TokenRateThrottle(UserRateThrottle):
    """The ``user`` rate, counted per token for token requests (so that a bot running on a
    token cannot spend its owner's budget in the browser), per user for sessions."""

    def get_cache_key(self, request: Request, view: APIView) -> str | None:
        if isinstance(request.auth, Token):
            # The cache never holds the token itself, only a digest of it.
            ident = "token-" + sha256(request.auth.key.encode()).hexdigest()[:32]
            return self.cache_format % {"scope": self.scope, "ident": ident}
        return super().get_cache_key(request, view)
