"""django-allauth's account adapter, as the site configures it (``ACCOUNT_ADAPTER``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

from allauth.account.adapter import DefaultAccountAdapter
from django.conf import settings


@dataclass(frozen=True)
class EmailSite:
    """What allauth's mail templates read as ``current_site``: the site's name and the
    domain of ``SITE_URL``."""

    name: str
    domain: str


class AccountAdapter(DefaultAccountAdapter):
    def send_mail(self, template_prefix: str, email: str, context: dict[str, Any]) -> None:
        """allauth's mails (confirm the address, a code, a new password) say who sends them:
        without the Sites framework allauth names the site after the host the request came
        to ("Hello from 127.0.0.1:8000!"). This is the hook allauth documents for it."""
        site = EmailSite(settings.SITE_NAME, urlsplit(settings.SITE_URL).netloc)
        super().send_mail(template_prefix, email, {"current_site": site, **context})
