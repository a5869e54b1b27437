"""Who is at a table now: a player whose page of the game is open (it polls every few
seconds) or who looked at it in the last ``NUMX_PRESENCE_MINUTES``. Players at the table
are playing live and need no "your turn" email.

Kept in Django's cache with an expiry, so there is nothing to clean up: with ``CACHE_URL``
every web and worker process shares it; a mark lost (the embedded default's per-process
cache, a restart) only costs one email more, as before.
"""

from __future__ import annotations

from django.conf import settings
from django.core.cache import cache


def _key(game_id: int, user_id: int) -> str:
    return f"games:looking:{game_id}:{user_id}"


def mark_looking(game_id: int, user_id: int) -> None:
    """``user_id`` has just looked at ``game_id``'s table (a page, a poll)."""
    cache.set(_key(game_id, user_id), True, settings.NUMX_PRESENCE_MINUTES * 60)


def looked_recently(game_id: int, user_id: int) -> bool:
    """Whether ``user_id`` has ``game_id``'s table open or looked at it lately."""
    return cache.get(_key(game_id, user_id)) is not None
