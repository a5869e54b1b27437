"""The games of the site: each id names a game's package, which brings its rules engine and
its site adapter. Adding a game is one line of :data:`GAMES` (see docs/architecture.md,
"Adding a game").

A game's package (``games/rulesets/<id>/``) exposes ``RULES``, its engine's
:class:`~games.engine.ruleset.RuleSet`, and has a module ``site`` exposing ``SITE``, its
:class:`~games.rulesets.site.Site`. ``RULES`` is imported without the site, so that reading
and replaying events never loads forms or templates. The package is also a Django app
(:func:`app_packages`, in the settings), so that its own ``templates/``, ``static/`` (its
table's ``games/<id>/table.css``) and ``locale/`` (its French catalogue) are found where
Django looks for an app's.
"""

from __future__ import annotations

import importlib
import importlib.util
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from games.engine.ruleset import RuleSet

if TYPE_CHECKING:
    from games.rulesets.site import Site

#: Game id → its package. The first one is the site's default game.
GAMES: dict[str, str] = {
    "numx": "games.rulesets.numx",
    "maya": "games.rulesets.maya",
    "nmbr9": "games.rulesets.nmbr9",
    "objectifs": "games.rulesets.objectifs",
    "numenko": "games.rulesets.numenko",
}


class UnknownGame(ValueError):
    """No game is registered under that id."""


@dataclass(frozen=True)
class GameType:
    """A registered game: its id, its rules and how the site shows and plays it."""

    id: str
    rules: RuleSet[Any]
    site: Site


def _package(game_id: str) -> str:
    try:
        return GAMES[game_id]
    except KeyError:
        raise UnknownGame(f"unknown game {game_id!r}") from None


def rule_set(game_id: str) -> RuleSet[Any]:
    """The rules engine of the game registered as ``game_id``."""
    rules: RuleSet[Any] = importlib.import_module(_package(game_id)).RULES
    return rules


def game_type(game_id: str) -> GameType:
    """The whole game registered as ``game_id``: rules and site adapter."""
    site = importlib.import_module(f"{_package(game_id)}.site").SITE
    return GameType(game_id, rule_set(game_id), site)


def game_ids() -> list[str]:
    """Every registered game's id, the default one first."""
    return list(GAMES)


def schema_name(game_id: str) -> str:
    """The game's id as the API schema's names start with it (``nmbr9`` → ``Nmbr9``)."""
    return "".join(part.title() for part in game_id.replace("_", "-").split("-"))


def default_game() -> str:
    return next(iter(GAMES))


def app_packages() -> list[str]:
    """Each game's package, as a Django app of the settings' ``INSTALLED_APPS``."""
    return list(GAMES.values())


def stylesheet(game_id: str) -> str:
    """The static path of a game's own stylesheet, which every page links."""
    return f"games/{game_id}/table.css"


def template_libraries() -> dict[str, str]:
    """Each game's template tag library (``<package>.templatetags``, where it has one), to
    load in its templates as ``{% load <game id> %}``: for the template settings."""
    return {
        game_id: f"{package}.templatetags"
        for game_id, package in GAMES.items()
        if importlib.util.find_spec(f"{package}.templatetags") is not None
    }
