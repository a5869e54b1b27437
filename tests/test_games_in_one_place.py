"""A game lives in its own folders: its adapter package brings its templates, stylesheet and
French catalogue, and its registry line is all the site needs to find them."""

from __future__ import annotations

import importlib
from pathlib import Path

import pytest
from django.apps import apps
from django.contrib.staticfiles import finders
from django.template import loader
from django.test import Client

from games.registry import GAMES, game_ids, game_type, stylesheet


def folder(game_id: str) -> Path:
    return Path(importlib.import_module(GAMES[game_id]).__file__ or "").parent


@pytest.mark.parametrize("game_id", game_ids())
def test_the_registry_line_installs_the_game_s_package_as_an_app(game_id: str) -> None:
    assert apps.is_installed(GAMES[game_id])


@pytest.mark.parametrize("game_id", game_ids())
def test_the_table_template_comes_from_the_game_s_folder(game_id: str) -> None:
    template = loader.get_template(game_type(game_id).site.table_template)
    assert Path(template.origin.name).is_relative_to(folder(game_id))


@pytest.mark.parametrize("game_id", game_ids())
def test_the_how_to_play_template_comes_from_the_game_s_folder(game_id: str) -> None:
    template = loader.get_template(game_type(game_id).site.howto_template)
    assert Path(template.origin.name).is_relative_to(folder(game_id))


@pytest.mark.parametrize("game_id", game_ids())
def test_the_stylesheet_comes_from_the_game_s_folder(game_id: str) -> None:
    found = finders.find(stylesheet(game_id))
    assert found is not None and Path(found).is_relative_to(folder(game_id))


@pytest.mark.parametrize("game_id", game_ids())
def test_the_french_catalogue_is_in_the_game_s_folder(game_id: str) -> None:
    messages = folder(game_id) / "locale" / "fr" / "LC_MESSAGES"
    assert (messages / "django.po").is_file() and (messages / "django.mo").is_file()


def test_every_page_links_every_game_s_stylesheet(client: Client) -> None:
    page = client.get("/rules/").content.decode()
    for game_id in game_ids():
        assert f"/static/{stylesheet(game_id)}" in page
