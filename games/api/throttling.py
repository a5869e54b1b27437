"""Rate limiting per API token (DRF throttling), told to the client on every answer."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from rest_framework.request import Request
from rest_framework.throttling import UserRateThrottle

if TYPE_CHECKING:  # DRF imports this module while loading its views: no cycle at run time.
    from rest_framework.views import APIView


class TokenRateThrottle(UserRateThrottle):
    """The ``user`` rate, counted per token for token requests (so that a bot running on a
    token cannot spend its owner's budget in the browser), per user for sessions.

    Every answer it counts says where the client stands, in the IETF's ``RateLimit-*``
    headers: ``RateLimit-Limit`` (requests a window allows), ``RateLimit-Remaining`` (left
    in the window now) and ``RateLimit-Reset`` (seconds until the oldest counted request
    leaves the window, giving one back), so that a bot can pace itself before a 429."""

    def get_cache_key(self, request: Request, view: APIView) -> str | None:
        # A token offers its ``digest`` (a named token's SHA-256, games/api/scopes.py):
        # the cache never holds the token itself.
        token_digest = getattr(request.auth, "digest", None)
        if isinstance(token_digest, str):
            ident = "token-" + token_digest[:32]
            return self.cache_format % {"scope": self.scope, "ident": ident}
        return super().get_cache_key(request, view)

    def allow_request(self, request: Request, view: APIView) -> bool:
        allowed = super().allow_request(request, view)
        if self.rate is not None and getattr(self, "key", None) is not None:
            oldest = self.history[-1] if self.history else self.now
            # DRF sets the view's headers on its answer, whatever it is (a 429 included).
            view.headers.update(
                {
                    "RateLimit-Limit": str(self.num_requests),
                    "RateLimit-Remaining": str(max(0, self.num_requests - len(self.history))),
                    "RateLimit-Reset": str(max(0, math.ceil(self.duration - (self.now - oldest)))),
                }
            )
        return allowed
