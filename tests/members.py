"""Members as the tests make them: with the name other players see, as sign-up asks."""

from __future__ import annotations

from django.contrib.auth.models import User

from accounts.models import Profile


def named(user: User) -> User:
    """``user`` with a profile whose display name is their user name, as if they had
    signed up giving it."""
    Profile.objects.create(user=user, display_name=user.get_username())
    return user
