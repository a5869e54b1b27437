"""What every page's template may read, beyond Django's own."""

from __future__ import annotations

from django.http import HttpRequest

from games.registry import game_ids, stylesheet


def game_stylesheets(request: HttpRequest) -> dict[str, list[str]]:
    """Every registered game's stylesheet (its own static file), which the base layout
    links: a game's components may show on any page (a table, a replay, a tournament's,
    a player's), and the files are small and cached by browsers."""
    return {"game_stylesheets": [stylesheet(game_id) for game_id in game_ids()]}
