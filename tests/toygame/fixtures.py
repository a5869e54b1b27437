"""Installing Toy on the site for a test: one registry line and its templates' folder,
as a real game would add them (games/registry.py, the template settings)."""

from __future__ import annotations

import copy
from pathlib import Path

import pytest
from pytest_django.fixtures import Settings

import games.registry

TEMPLATES_DIR = Path(__file__).parent / "templates"


@pytest.fixture
def toy_installed(settings: Settings, monkeypatch: pytest.MonkeyPatch) -> str:
    """Toy registered as ``toy``, its templates found; the game's id."""
    templates = copy.deepcopy(settings.TEMPLATES)
    templates[0]["DIRS"] = [*templates[0]["DIRS"], TEMPLATES_DIR]
    settings.TEMPLATES = templates
    monkeypatch.setitem(games.registry.GAMES, "toy", "tests.toygame")
    return "toy"
