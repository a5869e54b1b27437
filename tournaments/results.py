"""A table's result: taken from its finished game through the game's rules, it completes
the stage, and the tournament, with the last table."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime

from django.conf import settings
from django.db import transaction
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _

from games.events import store
from games.models import Game
from games.registry import rule_set
from games.results import SEAT_MARKS, left_out
from tournaments.mail import place_in_words, queue_mail
from tournaments.models import Entry, Stage, Table, TablePlayer, Tournament
from tournaments.selectors import (
    StandingLine,
    active_entries,
    entries_of,
    leaders,
    names_of,
    podium,
    podium_words,
    standings_lines,
    standings_of,
    too_few_to_start,
)

#: The scoring rule whose lines a table result counts for the standings' tie-break
#: (``TablePlayer.xtrems``): NUM-X's X-Trem. A game without such a rule counts none.
TIE_BREAK_RULE = "x-trem"


def table_record_result(*, table: Table) -> bool:
    """Take the players' results from the table's game once it is over (once: later
    calls change nothing); finish the stage, and the tournament, when it was the last
    table. False while the game is still being played.

    A player gets the fixed value (``TablePlayer.forfeit``) when withdrawn, when they
    resigned, or when the deadline policy had to move for them (``Seat.timeouts``); at a
    table the organiser finished, only the players whose deadline had passed then (and
    earlier timeouts). A player who made no move of their own (``Seat.absent``) gets it
    wherever: the game places them nowhere, nor does the tournament.
    """
    with transaction.atomic():
        table = (
            Table.objects.select_for_update()
            .select_related("game", "stage__tournament")
            .get(pk=table.pk)
        )
        if table.recorded_at is not None:
            return True
        if table.game.status != Game.Status.FINISHED:
            return False
        for place in results_at(table):
            place.save(update_fields=["score", "xtrems", "timed_out"])
        table.recorded_at = timezone.now()
        table.save(update_fields=["recorded_at"])
        _close_stage(table.stage)
    return True


def results_at(table: Table) -> list[TablePlayer]:
    """The table's players in seat order with what its finished game gives them (score,
    X-Trems, whether the clock moved for them), read, not saved: as
    :func:`table_record_result` records them, and as the game-over mail gives them before
    the table is recorded."""
    game = table.game
    result = rule_set(game.rules).outcome(store.load(game.pk, game.rules).state)
    assert result is not None
    seats = {seat.number: seat for seat in game.seats.only("number", "timeouts", *SEAT_MARKS)}
    resigned, absent = left_out(seats.values())
    players = list(table.players.select_related("entry__user").order_by("seat"))
    for place in players:
        place.score = result.scores[place.seat]
        place.xtrems = sum(line.rule == TIE_BREAK_RULE for line in result.breakdown[place.seat])
        if table.forced_at is None:
            place.timed_out = seats[place.seat].timeouts > 0
        # A player who resigned left the table as one the clock had to move for; one who
        # made no move of their own never sat at it (the game names them no winner, even
        # at a table the organiser finished before their deadline).
        place.timed_out = place.timed_out or place.seat in resigned | absent
    return players


def _close_stage(stage: Stage) -> None:
    if stage.tables.filter(recorded_at__isnull=True).exists():
        return
    now = timezone.now()
    stage.finished_at = now
    stage.save(update_fields=["finished_at"])
    tournament = stage.tournament
    if stage.number >= tournament.total_stages:
        tournament_finish(tournament, now)
        return
    # Read once, said in the organiser's language (queue_mail chooses it).
    top = leaders(tournament)
    active = active_entries(tournament).count()
    _tell_organiser(
        tournament,
        lambda: (
            _("%(tournament)s: every table of stage %(stage)d is done")
            % {"tournament": tournament.name, "stage": stage.number}
        ),
        lambda: _stage_over_in_words(tournament, stage, top, active) + "\n\n",
    )


def _stage_over_in_words(
    tournament: Tournament, stage: Stage, top: list[StandingLine], active: int
) -> str:
    """What the organiser reads when a stage is over, in the active language: which stage,
    its leaders as the tournament page lists them (with the tie-breaks that placed them),
    and what comes next: the next stage or the final, which they start (or end the
    tournament there), or why it cannot start with the ``active`` players left."""
    words = {"stage": stage.number, "total": tournament.stage_count}
    upcoming = stage.number + 1
    if tournament.is_final(upcoming):
        # The leaders above may include withdrawn players, whom the final passes over.
        after = _(
            "Next: the final, which seats the top %(n)d players of these standings still in "
            "the tournament."
        ) % {"n": tournament.final_size}
    else:
        after = _("Next: stage %(next)d of %(total)d.") % {**words, "next": upcoming}
    too_few = too_few_to_start(tournament, active, upcoming)
    if not too_few:
        after += " " + _(
            "Start it from your tools whenever you wish, or end the tournament after this stage."
        )
    elif tournament.is_final(upcoming):
        # Nobody invited now would play the final (services.final_left).
        after += " " + too_few + " " + _("You may end the tournament from your tools.")
    else:
        after += (
            " "
            + too_few
            + " "
            + _("You may invite a replacement, or end the tournament, from your tools.")
        )
    return "\n\n".join(
        [
            _("Stage %(stage)d of %(total)d is over.") % words,
            "\n".join([_("The leaders after stage %(stage)d:") % words, *_numbered(top)]),
            after,
        ]
    )


def tournament_finish(tournament: Tournament, now: datetime | None = None) -> None:
    """The tournament is over, its standings as they stand the final ones: whether its
    last stage just closed or its organiser ended it after the stages played
    (``services.tournament_end``), the one way to "finished". The organiser and every
    player still registered are emailed; invitations nobody accepted lapse. Inside the
    caller's transaction."""
    tournament.status = Tournament.Status.FINISHED
    tournament.finished_at = now or timezone.now()
    tournament.save(update_fields=["status", "finished_at"])
    tournament.invitations.all().delete()
    _tell_organiser(
        tournament,
        lambda: _("%(tournament)s is over") % {"tournament": tournament.name},
        lambda: _podium_in_words(tournament) + "\n\n",
    )
    _announce_final_places(tournament, _standings_link(tournament))


def _standings_link(tournament: Tournament) -> str:
    return settings.SITE_URL + reverse("tournaments:standings", args=(tournament.pk,))


def _tell_organiser(
    tournament: Tournament, subject: Callable[[], str], news: Callable[[], str] = str
) -> None:
    """Owe the organiser ``subject()`` (said in their language) with ``news()`` (said so
    too) before the standings' and the dashboard's links."""
    dashboard = settings.SITE_URL + reverse("tournaments:dashboard", args=(tournament.pk,))
    queue_mail(
        tournament,
        [tournament.organiser],
        lambda: (
            subject(),
            news()
            + _("The standings: %(standings)s\n\nYour organiser's tools: %(dashboard)s")
            % {"standings": _standings_link(tournament), "dashboard": dashboard},
        ),
    )


def _podium_in_words(tournament: Tournament) -> str:
    """The final standings' first three places, in the active language, as the finished
    tournament's page opens on them: "The podium:\n1. Alice: 8 points (ahead of Bob on
    total NUM-X score, 50 to 40)\n2. …"."""
    return "\n".join([_("The podium:"), *_numbered(podium(standings_lines(tournament)))])


def _numbered(lines: list[StandingLine]) -> list[str]:
    """Standings' lines in words, each after its place ("=2." when shared): "1. Alice: 8
    points (ahead of Bob on total NUM-X score, 50 to 40)"."""
    return [
        f"{'=' if line.standing.tied else ''}{line.standing.rank}. {podium_words(line)}"
        for line in lines
    ]


def _announce_final_places(tournament: Tournament, link: str) -> None:
    """Tell every player still registered where they finished, with the standings' link:
    the stages' start told them where to play, the end tells them how it went."""
    lines = standings_of(tournament)
    ranked = sum(line.rank is not None for line in lines)
    # Who a tie-break set a player against is named (tournaments.mail.place_in_words).
    names = names_of(entries_of(tournament))
    entries = tournament.entries.filter(status=Entry.Status.REGISTERED).select_related("user")
    by_entry = {entry.pk: entry for entry in entries}
    for line in lines:
        entry = by_entry.get(line.player)  # type: ignore[call-overload]
        if entry is None or line.rank is None:
            continue
        queue_mail(
            tournament,
            [entry.user],
            lambda line=line: (
                _("%(tournament)s is over") % {"tournament": tournament.name},
                place_in_words(line, ranked, names)
                + "\n\n"
                + _("The standings: %(link)s") % {"link": link},
            ),
        )
