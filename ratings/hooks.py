"""What the ratings tell the games app, through its registries (registered in
``RatingsConfig.ready``): what a finished game did to its players' ratings. The games app
imports nothing of ratings."""

from __future__ import annotations

from collections.abc import Sequence

from django.urls import reverse
from django.utils.translation import gettext as _

from games.belonging import Aftermath, SeatNote
from games.descriptions import signed
from games.models import Game, Seat
from ratings.models import RatedGame
from ratings.selectors import not_rated
from ratings.services import player_of


def rating_changes(game: Game, seats: Sequence[Seat]) -> Aftermath | None:
    """Each rated player's rating after ``game`` and its change, linked to their rating's
    history; a player the game was not rated for marked so; a game passed over, why, once.
    None until the ratings have taken the game in (their consumer runs after it ends)."""
    rated = RatedGame.objects.filter(game=game).first()
    if rated is None:
        return None
    if rated.excluded:
        return Aftermath(note=rated.get_excluded_display())
    notes = {}
    for seat in seats:
        user_id = player_of(seat)
        change = rated.changes.get(str(user_id))
        if change is not None:
            before, after = change
            # The number as the player page and the leaderboards write it.
            words = _("Rating: %(rating)s (%(change)s)") % {
                "rating": after,
                "change": signed(after - before),
            }
            notes[seat.number] = SeatNote(
                words, reverse("ratings:history", args=[user_id, rated.pool])
            )
        elif why := not_rated(rated, user_id):
            notes[seat.number] = SeatNote(why)
    return Aftermath(notes)
