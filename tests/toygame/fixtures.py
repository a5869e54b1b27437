"""Installing Toy on the site for a test: one registry line, and its package among the
installed apps, as the settings make every registered game's (games/registry.py,
``app_packages``): its templates are found where Django looks for an app's."""

from __future__ import annotations

import pytest
from pytest_django.fixtures import Settings

import games.registry


@pytest.fixture
def toy_installed(settings: Settings, monkeypatch: pytest.MonkeyPatch) -> str:
    """Toy registered as ``toy``, its package installed; the game's id."""
    monkeypatch.setitem(games.registry.GAMES, "toy", "tests.toygame")
    settings.INSTALLED_APPS = [*settings.INSTALLED_APPS, "tests.toygame"]
    return "toy"
