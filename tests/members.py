"""Members as the tests make them: with the name other players see, as sign-up asks."""

from __future__ import annotations

from django.contrib.auth.hashers import make_password
from django.contrib.auth.models import User

from accounts.models import Profile, profile_of


def named(user: User) -> User:
    """``user`` with a profile whose display name is their user name, as if they had
    signed up giving it."""
    Profile.objects.create(user=user, display_name=user.get_username())
    return user


def speaks(user: User, language: str) -> User:
    """``user``, who chose ``language`` (a code of ``LANGUAGES``) for the site and its mail."""
    profile = profile_of(user)
    profile.language = language
    profile.save()
    return user


def real_password(user: User, password: str) -> None:
    """Give ``user`` ``password`` hashed as the site hashes it, for a server in a process of
    its own (the tests hash with MD5, which such a server does not check)."""
    user.password = make_password(password, hasher="pbkdf2_sha256")
    user.save(update_fields=["password"])
