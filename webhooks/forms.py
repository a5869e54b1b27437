"""The webhooks page's form: an address and the news wanted."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from webhooks.models import Kind


class EndpointForm(forms.Form):
    url = forms.URLField(label=_("Address"), max_length=500, assume_scheme="https")
    events = forms.MultipleChoiceField(
        label=_("Tell it when"),
        choices=Kind.choices,
        initial=Kind.values,
        required=False,
        widget=forms.CheckboxSelectMultiple,
    )
