from __future__ import annotations

import zoneinfo

from django import forms
from django.utils.translation import gettext_lazy as _

from accounts.models import Profile


class ProfileForm(forms.ModelForm):
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
