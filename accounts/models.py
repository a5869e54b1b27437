"""A player's profile: how they are named, their language and time zone, which emails
they want. Sign-up, log-in and email addresses themselves are django-allauth's."""

from __future__ import annotations

import zoneinfo

from django.conf import settings
from django.contrib.auth.models import AbstractBaseUser
from django.core.exceptions import ValidationError
from django.db import models
from django.utils.translation import gettext_lazy as _


def validate_time_zone(value: str) -> None:
    if value not in zoneinfo.available_timezones():
        raise ValidationError(_("%(zone)s is not a time zone."), params={"zone": value})


class Profile(models.Model):
    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="profile"
    )
    display_name = models.CharField(_("display name"), max_length=40, blank=True)
    language = models.CharField(
        _("language"),
        max_length=8,
        choices=settings.LANGUAGES,
        blank=True,
        help_text=_("Empty: your browser's language."),
    )
    time_zone = models.CharField(
        _("time zone"), max_length=64, default="UTC", validators=[validate_time_zone]
    )
    email_your_turn = models.BooleanField(_("email me when it is my turn"), default=True)
    email_reminders = models.BooleanField(_("remind me of games waiting for me"), default=True)
    email_game_end = models.BooleanField(_("email me the results of my games"), default=True)
    email_invitations = models.BooleanField(_("email me invitations to games"), default=True)
    daily_digest = models.BooleanField(
        _("one daily digest instead of an email per move"), default=False
    )

    def __str__(self) -> str:
        return display_name(self.user)


def profile_of(user: AbstractBaseUser) -> Profile:
    """The user's profile, created with the defaults the first time it is needed."""
    profile, _created = Profile.objects.get_or_create(user_id=user.pk)
    return profile


def display_name(user: AbstractBaseUser) -> str:
    """How a player is shown to others: their display name, else their email's name part
    (never the whole address)."""
    name = Profile.objects.filter(user_id=user.pk).values_list("display_name", flat=True).first()
    if name:
        return name
    email = getattr(user, "email", "") or user.get_username()
    return email.split("@")[0]
