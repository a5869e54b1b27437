from __future__ import annotations

import zoneinfo

from django import forms
from django.contrib.auth.models import AbstractBaseUser
from django.http import HttpRequest
from django.utils.translation import gettext_lazy as _

from accounts.models import Profile, profile_of, validate_display_name


class ProfileForm(forms.ModelForm):
    # Required here though the column may be empty: an account made without one (by the
    # admin) is asked for it on its first visit, and nobody empties theirs back to
    # "Player 12".
    display_name = forms.CharField(
        label=_("Name shown to other players"),
        max_length=40,
        validators=[validate_display_name],
        widget=forms.TextInput(attrs={"autocomplete": "nickname"}),
    )
    time_zone = forms.ChoiceField(
        label=_("time zone"),
        choices=[(zone, zone) for zone in sorted(zoneinfo.available_timezones())],
    )

    class Meta:
        model = Profile
        fields = (
            "display_name",
            "language",
            "time_zone",
            "email_your_turn",
            "email_reminders",
            "email_game_end",
            "email_invitations",
            "daily_digest",
        )


class SignupForm(forms.Form):
    """What allauth's sign-up asks besides the email address and password: the name the
    other players see (never the email address, nor a part of it)."""

    display_name = forms.CharField(
        label=_("Name shown to other players"),
        max_length=40,
        validators=[validate_display_name],
        widget=forms.TextInput(attrs={"autocomplete": "nickname"}),
    )

    def signup(self, request: HttpRequest, user: AbstractBaseUser) -> None:
        """Called by allauth once the account exists."""
        profile = profile_of(user)
        profile.display_name = self.cleaned_data["display_name"].strip()
        profile.save(update_fields=["display_name"])
