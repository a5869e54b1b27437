"""Sign-in backends that load a signed-in user together with their profile.

Every signed-in request reads the user (Django's ``get_user``) and, in
``PreferencesMiddleware``, the profile's language and time zone: two queries on every page.
These are the project's three backends (password, allauth's email/code, django-sesame's
one-click links), each loading the user with its profile in one statement.
"""

from __future__ import annotations

from typing import Any

from allauth.account.auth_backends import AuthenticationBackend
from django.contrib.auth import backends, get_user_model
from sesame.backends import ModelBackend as SesameModelBackend


class ProfileJoined:
    """``get_user`` by primary key, the profile joined (a user without one gets none)."""

    def get_user(self, user_id: Any) -> Any:
        users = get_user_model()._default_manager.select_related("profile")
        try:
            user = users.get(pk=user_id)
        except users.model.DoesNotExist:
            return None
        return user if self.user_can_authenticate(user) else None  # type: ignore[attr-defined]


class ModelBackend(ProfileJoined, backends.ModelBackend):
    """Django's password backend."""


class AllauthBackend(ProfileJoined, AuthenticationBackend):
    """allauth's backend (sign-in by email, or by a code sent by email)."""


class SesameBackend(ProfileJoined, SesameModelBackend):
    """django-sesame's one-click links from emails (keyed by primary key, its default)."""
