"""Registering, listing and removing a member's webhooks, and reading their delivery log:
what the pages and the API both call."""

from __future__ import annotations

import ipaddress
from collections.abc import Callable, Iterable
from urllib.parse import urlsplit

from django.conf import settings
from django.contrib.auth.models import AbstractBaseUser
from django.core.exceptions import ValidationError
from django.core.validators import URLValidator
from django.db.models import QuerySet
from django.http import Http404
from django.utils.translation import gettext

from webhooks.models import MAX_ENDPOINTS, Delivery, Endpoint, Kind

#: Django's gettext, with the type it has: Django ships no type information.
_: Callable[[str], str] = gettext

#: Hosts a development site may deliver to over plain HTTP.
LOCAL_HOSTS = frozenset({"localhost", "127.0.0.1", "::1"})
#: How many deliveries the log shows of one endpoint, newest first.
LOG_LENGTH = 50


class Refused(Exception):
    """A webhook that cannot be registered; its message says why, to the member."""


def private_allowed() -> bool:
    """Whether deliveries may go to this machine or a private network (plain HTTP to
    localhost included): a development site's setting, ``NUMX_WEBHOOKS_ALLOW_PRIVATE``."""
    return bool(settings.NUMX_WEBHOOKS_ALLOW_PRIVATE)


def is_public_address(address: str) -> bool:
    """Whether the IP ``address`` is one of the Internet's (not this machine, a private
    network, link-local, multicast or reserved).

    >>> is_public_address("93.184.216.34"), is_public_address("10.0.0.1")
    (True, False)
    """
    return ipaddress.ip_address(address).is_global


def url_problem(url: str) -> str | None:
    """Why ``url`` cannot receive deliveries, in the member's words; None if it can. HTTPS
    only, but for http://localhost on a site that allows private addresses; an address
    given as a private IP only there too (a name is checked when delivering, where it
    resolves)."""
    try:
        URLValidator(schemes=["http", "https"])(url)
    except ValidationError:
        return _("Enter a valid URL.")
    parts = urlsplit(url)
    host = (parts.hostname or "").lower()
    if parts.scheme != "https" and not (host in LOCAL_HOSTS and private_allowed()):
        return _("The address must start with https://.")
    try:
        public = is_public_address(host)
    except ValueError:
        return None  # a name, not an address
    if not public and not private_allowed():
        return _("This site does not deliver to private network addresses.")
    return None


def register(owner: AbstractBaseUser, url: str, events: Iterable[str]) -> Endpoint:
    """A new endpoint of ``owner`` for ``events`` (every kind when empty), with a fresh
    secret; :class:`Refused` for an address that cannot receive, or past ``MAX_ENDPOINTS``."""
    problem = url_problem(url)
    if problem is not None:
        raise Refused(problem)
    if Endpoint.objects.filter(owner_id=owner.pk).count() >= MAX_ENDPOINTS:
        raise Refused(
            _("You have %(count)d webhooks already, the most one member may have.")
            % {"count": MAX_ENDPOINTS}
        )
    wanted = [kind for kind in Kind.values if kind in set(events)] or list(Kind.values)
    created: Endpoint = Endpoint.objects.create(owner_id=owner.pk, url=url, events=wanted)
    return created


def endpoints_of(owner: AbstractBaseUser) -> QuerySet[Endpoint]:
    """The member's endpoints, oldest first."""
    return Endpoint.objects.filter(owner_id=owner.pk)


def endpoint_of(owner: AbstractBaseUser, endpoint_id: int) -> Endpoint:
    """One of the member's endpoints; 404 for any other (another member's, or none: the
    answer does not tell them apart)."""
    endpoint: Endpoint | None = endpoints_of(owner).filter(pk=endpoint_id).first()
    if endpoint is None:
        raise Http404(_("There is no such webhook."))
    return endpoint


def delivery_log(endpoint: Endpoint) -> list[Delivery]:
    """The endpoint's latest deliveries, newest first, each with its attempts (newest
    first)."""
    return list(
        endpoint.deliveries.order_by("-created_at", "-id").prefetch_related("attempts")[:LOG_LENGTH]
    )
