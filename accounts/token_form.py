"""The form that makes an API token. Apart from the profile's forms (accounts.forms): it
builds on allauth's password form, and allauth's forms import accounts.forms for the
sign-up's (``ACCOUNT_SIGNUP_FORM_CLASS``), so that module cannot import them."""

from __future__ import annotations

from datetime import datetime, timedelta

from allauth.account.forms import ReauthenticateForm
from django import forms
from django.conf import settings
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from accounts.models import Scope

#: The longest a token may be made to work: a year, or the site's default if longer.
MAX_TOKEN_DAYS = max(366, settings.NUMX_API_TOKEN_DAYS)


class ApiTokenForm(ReauthenticateForm):
    """A new named token: its name (the program it is for), its scopes, how long it works,
    and the member's password. A token is a lasting key to the account, so the password is
    asked whatever signed the browser in, in this very form: a form sent aside to a page of
    its own and replayed from the session was lost whenever that replay went wrong.
    allauth's form checks the password, under its limit on failed attempts."""

    field_order = ("name", "scopes", "days", "password")

    name = forms.CharField(
        label=_("Name (the program it is for)"),
        max_length=60,
        widget=forms.TextInput(attrs={"placeholder": _("my bot")}),
    )
    scopes = forms.MultipleChoiceField(
        label=_("It may"),
        choices=Scope.choices,
        initial=[Scope.READ, Scope.PLAY],
        widget=forms.CheckboxSelectMultiple,
    )
    days = forms.IntegerField(
        label=_("Days it works"),
        min_value=1,
        max_value=MAX_TOKEN_DAYS,
        initial=lambda: settings.NUMX_API_TOKEN_DAYS,
    )

    def clean_name(self) -> str:
        name: str = self.cleaned_data["name"].strip()
        if not name:
            raise forms.ValidationError(_("Name the token after the program it is for."))
        return name

    def expires(self) -> datetime:
        """When the token stops working: the days chosen from now."""
        return timezone.now() + timedelta(days=self.cleaned_data["days"])
