"""django-allauth's account adapter, as the site configures it (``ACCOUNT_ADAPTER``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

from allauth.account.adapter import DefaultAccountAdapter
from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import translation

from accounts.models import mail_language


@dataclass(frozen=True)
class EmailSite:
    """What allauth's mail templates read as ``current_site``: the site's name and the
    domain of ``SITE_URL``."""

    name: str
    domain: str


def on_site(url: str) -> str:
    """``url`` (a link allauth built from the request) at ``SITE_URL``: its path and query
    kept, its scheme and host those of the site.

    >>> from django.test import override_settings
    >>> with override_settings(SITE_URL="https://numx.example"):
    ...     on_site("http://evil.example/accounts/password/reset/key/1-x/?a=1")
    'https://numx.example/accounts/password/reset/key/1-x/?a=1'
    """
    parts = urlsplit(url)
    return settings.SITE_URL + parts.path + (f"?{parts.query}" if parts.query else "")


class AccountAdapter(DefaultAccountAdapter):
    def send_mail(self, template_prefix: str, email: str, context: dict[str, Any]) -> None:
        """allauth's mails (confirm the address, a code, a new password) say who sends them
        and link to the site at ``SITE_URL``: without the Sites framework allauth names the
        site after the host the request came to ("Hello from 127.0.0.1:8000!") and builds
        its links from it, so that a request naming another host (a forged ``Host``, or any
        name ``ALLOWED_HOSTS`` lets in) would have a genuine password-reset link mailed
        pointing there. This is the hook allauth documents for its mails; every link it
        passes them is named ``…_url`` (``activate_url``, ``password_reset_url``,
        ``signup_url``). What allauth's own ``send_mail`` does, but for when, and in which
        language."""
        site = EmailSite(settings.SITE_NAME, urlsplit(settings.SITE_URL).netloc)
        links = {
            key: on_site(value)
            for key, value in context.items()
            if key.endswith("_url") and isinstance(value, str)
        }
        # In the language every mail to a member picks (accounts.models.mail_language):
        # the profile's if set, else the page's from which it was asked for.
        member = get_user_model().objects.filter(email__iexact=email).first()
        with translation.override(mail_language(member, translation.get_language())):
            rendered = self.render_mail(
                template_prefix,
                email,
                {"request": self.request, "email": email, **context, **links, "current_site": site},
            )
        # Sent once the transaction saving what the mail speaks of commits (the sign-up
        # saves the account and asks for its mail in one step): no slow mail server holds
        # the database meanwhile, and a sign-up undone mails nobody. Outside a
        # transaction, now. A mail server failing then is logged, not a 500 for a sign-up
        # already saved: logging in sends the confirmation again.
        transaction.on_commit(rendered.send, robust=True)
