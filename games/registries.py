"""Lists of functions other apps register with the games app (which imports none of them),
each from its ``AppConfig.ready``."""

from __future__ import annotations

from typing import TypeVar

T = TypeVar("T")


def add_once(registered: list[T], item: T) -> None:
    """Add ``item`` to ``registered`` unless it is there already: Django runs every app's
    ``ready`` again whenever the installed apps change (a test that installs an app does),
    and a function registered twice would be asked twice (a link shown twice).

    >>> hooks: list[str] = []
    >>> add_once(hooks, "a"); add_once(hooks, "a"); hooks
    ['a']
    """
    if item not in registered:
        registered.append(item)
