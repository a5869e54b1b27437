from __future__ import annotations

import zoneinfo
from collections.abc import Callable
from typing import TypeVar

from django import forms
from django.conf import settings
from django.contrib.auth.models import AbstractBaseUser
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.http import HttpRequest
from django.utils.translation import get_language_info
from django.utils.translation import gettext_lazy as _

from accounts.models import (
    Profile,
    profile_of,
    validate_display_name,
    validate_name_free,
)

Saved = TypeVar("Saved")


def zones_by_region() -> list[tuple[str, list[tuple[str, str]]]]:
    """Every time zone, grouped by its region, each named by its place: a list of six
    hundred names in one block is no picker.

    >>> groups = dict(zones_by_region())
    >>> ("Europe/Paris", "Paris") in groups["Europe"]
    True
    >>> ("America/Argentina/Buenos_Aires", "Argentina / Buenos Aires") in groups["America"]
    True
    >>> ("UTC", "UTC") in groups["Other"]
    True
    """
    groups: dict[str, list[tuple[str, str]]] = {}
    for zone in sorted(zoneinfo.available_timezones()):
        region, _slash, place = zone.partition("/")
        if not place or region in ("Etc", "SystemV", "US", "Canada", "Brazil", "Chile", "Mexico"):
            region, place = "Other", zone
        groups.setdefault(region, []).append((zone, place.replace("_", " ").replace("/", " / ")))
    return sorted(groups.items(), key=lambda group: (group[0] == "Other", group[0]))


def _own_name(code: str) -> str:
    """A language's name in itself, as a choice in a list begins: "English", "Français".

    >>> _own_name("fr")
    'Français'
    """
    name: str = get_language_info(code)["name_local"]
    return name[:1].upper() + name[1:]


def saved_unless_taken(
    form: forms.Form, save: Callable[[], Saved], user_id: int | None
) -> Saved | None:
    """``save()``, in a transaction of its own; or, if another member took the form's
    display name after the form was checked (two who chose it at the same moment: the
    database's unique key decides), None, nothing saved and the form's name refused as
    its check refuses a name taken before."""
    try:
        with transaction.atomic():
            return save()
    except IntegrityError:
        try:
            validate_name_free(form.cleaned_data["display_name"], user_id)
        except ValidationError as taken:
            form.add_error("display_name", taken)
            return None
        raise


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
    # Empty (the default): the browser's language. Each language is named in itself, so
    # that whoever cannot read the page's language finds their own.
    language = forms.ChoiceField(
        label=_("Language"),
        required=False,
        # Emails have no browser to ask (accounts.models.mail_language).
        help_text=_(
            "With the browser's language, your emails are in the language you last signed "
            "up or logged in with."
        ),
        choices=lambda: [
            ("", _("The browser's language")),
            *((code, _own_name(code)) for code, _name in settings.LANGUAGES),
        ],
    )
    # Empty (the default): the browser's own zone, which the page then reads from a cookie
    # (accounts.middleware).
    time_zone = forms.ChoiceField(
        label=_("Time zone"),
        required=False,
        choices=lambda: [("", _("The browser's time zone")), *zones_by_region()],
        widget=forms.Select(attrs={"data-browser-zone": "propose"}),
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
            "bot_account",
            "rate_bot_with_people",
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

    def clean_display_name(self) -> str:
        name: str = self.cleaned_data["display_name"]
        validate_name_free(name, None)
        return name

    def signup(self, request: HttpRequest, user: AbstractBaseUser) -> None:
        """Called by allauth once the account exists."""
        profile = profile_of(user)
        profile.display_name = self.cleaned_data["display_name"].strip()
        profile.save(update_fields=["display_name"])
