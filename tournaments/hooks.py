"""What tournaments tell the games app of their tables, through its registries (registered
in ``TournamentsConfig.ready``): the games app imports nothing of tournaments."""

from __future__ import annotations

from django.utils.translation import ngettext

from games.models import Game
from tournaments.models import Table


def resign_note(game: Game) -> str | None:
    """What resigning ``game`` means when it is a tournament's table (``games.endings``
    asks before a player resigns): a resignation counts as a forfeit, worth the
    tournament's fixed value and no place; None for any other game."""
    table = Table.objects.filter(game=game).select_related("stage__tournament").first()
    if table is None:
        return None
    tournament = table.stage.tournament
    points = tournament.forfeit_points
    return ngettext(
        "This is a table of the tournament “%(name)s”: resigning, you get its fixed value "
        "(%(points)d point) and no place.",
        "This is a table of the tournament “%(name)s”: resigning, you get its fixed value "
        "(%(points)d points) and no place.",
        points,
    ) % {"name": tournament.name, "points": points}
