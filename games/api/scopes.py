"""What a token may do: DRF permissions reading the scopes of ``request.auth``.

The platform knows tokens through one attribute only, so that it needs nothing of the
accounts that make them: ``getattr(request.auth, "scopes", None)``, the set of scope names
granted (``read``, ``play``, ``chat``), or None for a request allowed everything (a
browser's session, whose ``auth`` is None). A token without the scope a route needs is
refused 403, the answer naming the scope.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from django.utils.translation import gettext as _
from rest_framework.permissions import SAFE_METHODS, BasePermission
from rest_framework.request import Request

if TYPE_CHECKING:  # DRF imports this module while loading its settings: no cycle at run time.
    from rest_framework.views import APIView

READ = "read"
PLAY = "play"
CHAT = "chat"


class TokenScope(BasePermission):
    """Allows a request whose token has the scope :meth:`needed` names (any request
    without scopes: a session's): ``reading`` for a GET, ``writing`` for the rest."""

    reading: str
    writing: str

    def needed(self, method: str) -> str:
        """The scope a request of ``method`` needs (the API's schema documents it too)."""
        return self.reading if method in SAFE_METHODS else self.writing

    def has_permission(self, request: Request, view: APIView) -> bool:
        granted = getattr(request.auth, "scopes", None)
        if granted is None:
            return True
        scope = self.needed(request.method or "GET")
        if scope in granted:
            return True
        # DRF answers with the refusing permission's message: this request's scope.
        self.message = _("This API token lacks the “%(scope)s” scope.") % {"scope": scope}
        return False


class ReadOrPlay(TokenScope):
    """The games' routes: reading (GET) needs ``read``; whatever changes a game (a new
    game, join, start, bots, a move, a check) needs ``play``."""

    reading = READ
    writing = PLAY


class Chat(TokenScope):
    """A game's chat, read or said: ``chat``."""

    reading = writing = CHAT
