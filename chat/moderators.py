"""Who moderates the chat: one rule for who is told of each report, who reads the reports
in the admin and who removes (or restores) the lines they report, so that nobody is
mailed a report they cannot open, nor opens one they cannot act on."""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db.models import QuerySet

#: The permission that makes a member of the staff a moderator: changing (removing) lines.
#: Viewing reports alone makes none: it would open reports to someone who cannot act.
PERMISSION = "chat.change_chatline"


def moderators() -> QuerySet[Any]:
    """The site's moderators: the active staff holding :data:`PERMISSION` (superusers
    hold every permission), by id."""
    holders = get_user_model().objects.with_perm(  # type: ignore[attr-defined]
        PERMISSION, backend="accounts.backends.ModelBackend"
    )
    return holders.filter(is_staff=True).order_by("pk")


def moderates(user: AbstractBaseUser | AnonymousUser) -> bool:
    """Whether ``user`` is one of :func:`moderators` (asked of them, so the two never part)."""
    return user.is_authenticated and moderators().filter(pk=user.pk).exists()
