"""What the account pages need of the settings in every template."""

from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest


def contact(request: HttpRequest) -> dict[str, str]:
    """The address a person waiting for the site's mail may write to (``CONTACT_EMAIL``)."""
    return {"contact_email": settings.CONTACT_EMAIL}
