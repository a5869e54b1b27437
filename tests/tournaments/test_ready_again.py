"""Django runs an app's ``ready`` again whenever the installed apps change (the toy game's
tests install it): the tournaments' hooks must still be asked once each."""

from __future__ import annotations

from django.apps import apps

from games import belonging, endings, notices


def _registered() -> list[int]:
    return [
        len(endings._abort_guards),
        len(endings._resign_notes),
        len(belonging._finders),
        len(notices._sources),
    ]


def test_the_tournaments_hooks_are_registered_once_however_often_the_app_is_ready() -> None:
    before = _registered()

    apps.get_app_config("tournaments").ready()
    apps.get_app_config("tournaments").ready()

    assert _registered() == before
