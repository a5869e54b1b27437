"""What other apps have to tell a member on their games page (a tournament's invitation,
say): an app registers a function that lists its notices for the member, each its words
and the address it leads to, and the page shows them above the games. The games app
imports none of those apps."""

from __future__ import annotations

from collections.abc import Callable

from django.contrib.auth.models import AbstractBaseUser

from games.belonging import Link
from games.registries import add_once

#: Asked of a member: the notices an app has for them (a query at the most: the page asks
#: on every look).
Source = Callable[[AbstractBaseUser], list[Link]]

_sources: list[Source] = []


def register_source(source: Source) -> None:
    """Ask ``source`` what to tell each member on their games page."""
    add_once(_sources, source)


def notices_for(user: AbstractBaseUser) -> list[Link]:
    """The notices every registered app has for ``user``, in order of registration."""
    return [notice for source in _sources for notice in source(user)]
