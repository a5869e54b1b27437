"""What tournaments tell the games app, through its registries (registered in
``TournamentsConfig.ready``): of their tables (the tournament they belong to, what
resigning one means), and of a member's invitations. The games app imports nothing of
tournaments."""

from __future__ import annotations

from fractions import Fraction

from django.contrib.auth.models import AbstractBaseUser
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.belonging import Link, Result
from games.models import Game
from tournaments.mail import points_in_words
from tournaments.models import Invitation, Table
from tournaments.results import results_at
from tournaments.selectors import PlayerAtTable, table_view, tournament_of


def tournament_link(game: Game) -> Link | None:
    """The tournament whose table ``game`` is, named and linked for its table and replay
    (``games.belonging`` asks), or None."""
    tournament = tournament_of(game)
    if tournament is None:
        return None
    words = _("Tournament: %(name)s") % {"name": tournament.name}
    return words, reverse("tournaments:tournament", args=[tournament.pk])


def standings_link(game: Game) -> Link | None:
    """The standings of the tournament whose table ``game`` is, where its players look once
    the game is over (its game-over mail links them instead of playing the table again,
    which would be a game outside the tournament), or None."""
    tournament = tournament_of(game)
    if tournament is None:
        return None
    words = _("Standings of the tournament “%(name)s”") % {"name": tournament.name}
    return words, reverse("tournaments:standings", args=[tournament.pk])


def table_result(game: Game) -> Result | None:
    """The places and points a tournament's table gave its players, as its tables page
    gives them (forfeits last, marked why), for its game-over mail; None for any other
    game, or one not over."""
    table = (
        Table.objects.filter(game=game, game__status=Game.Status.FINISHED)
        .select_related("game", "stage__tournament")
        .first()
    )
    if table is None:
        return None
    # Read only: the mail is written while its sending holds a transaction open, and
    # recording the table (its lock, the stage it may close) is the tournaments consumer's.
    # Not recorded yet, its places are those the recording will give.
    if table.recorded_at is None:
        players = results_at(table)
    else:
        players = list(table.players.select_related("entry__user").order_by("seat"))
    view = table_view(table, players)
    tournament = table.stage.tournament
    ranked = sorted(view.players, key=lambda player: (player.rank is None, player.rank or 0))
    heading = _("At this table of the tournament “%(name)s”:") % {"name": tournament.name}
    return heading, [_result_line(player) for player in ranked]


def _result_line(player: PlayerAtTable) -> str:
    got = points_in_words(Fraction(player.points or 0))
    mark = player.forfeit_mark
    name = f"{player.name} ({mark})" if mark else player.name
    if player.rank is None:
        return _("No place: %(name)s: %(points)s") % {"name": name, "points": got}
    return _("%(place)d. %(name)s: %(points)s") % {
        "place": player.rank,
        "name": name,
        "points": got,
    }


def resign_note(game: Game) -> str | None:
    """What resigning ``game`` means when it is a tournament's table (``games.endings``
    asks before a player resigns): a resignation counts as a forfeit, worth the
    tournament's fixed value and no place; None for any other game."""
    tournament = tournament_of(game)
    if tournament is None:
        return None
    points = tournament.forfeit_points
    return ngettext(
        "This is a table of the tournament “%(name)s”: resigning, you get its fixed value "
        "(%(points)d point) and no place.",
        "This is a table of the tournament “%(name)s”: resigning, you get its fixed value "
        "(%(points)d points) and no place.",
        points,
    ) % {"name": tournament.name, "points": points}


def invitation_notices(user: AbstractBaseUser) -> list[Link]:
    """The member's invitations to tournaments (not started yet, or between stages), each
    linked to the page where they accept or decline it (``games.notices`` asks for the
    member's games page, so that an invitation is found without its email): one query,
    however many."""
    address = getattr(user, "email", "")
    if not address:
        return []
    invitations = (
        # Each is still open: those sent before stage 1 lapse when it starts, those sent
        # between stages when the tournament ends.
        Invitation.objects.filter(email__iexact=address)
        # Registered (or withdrawn) already: nothing left to answer.
        .exclude(tournament__entries__user_id=user.pk)
        .select_related("tournament")
        .order_by("created_at", "pk")
    )
    return [
        (
            _("You have an invitation to the tournament “%(name)s”: accept it or decline it.")
            % {"name": invitation.tournament.name},
            reverse("tournaments:register", args=[invitation.tournament_id]),
        )
        for invitation in invitations
    ]
