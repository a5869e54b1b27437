"""Reads: tournaments, their players, tables, standings, and who the tables wait for."""

from __future__ import annotations

import random
from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from datetime import datetime
from fractions import Fraction

from django.contrib.auth.models import AbstractBaseUser
from django.db.models import Count, QuerySet
from django.http import Http404
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext

from accounts.models import display_names
from games.descriptions import left_mark, ordinal
from games.models import Game, Seat
from games.params import whole_number
from games.players import bot_accounts
from games.results import resigned_first
from ratings.selectors import ShownRating, ratings_in
from ratings.services import pool_of
from tournaments import seating
from tournaments.mail import points_in_words, tie_break_in_words
from tournaments.models import Entry, Invitation, Stage, Table, TablePlayer, Tournament
from tournaments.standings import (
    SeatResult,
    Standing,
    TableResult,
    TieBreak,
    placings,
    standings,
)

#: The rating pool of tournament tables, which are all X-Games of NUM-X.
POOL = pool_of("numx", {"mode": "x-game"})


def tournaments_listed() -> QuerySet[Tournament]:
    """Every tournament, those taking registrations and being played first."""
    return Tournament.objects.select_related("organiser").order_by("finished_at", "-created_at")


def is_organiser(tournament: Tournament, user: AbstractBaseUser | None) -> bool:
    return user is not None and user.is_authenticated and tournament.organiser_id == user.pk


def entry_of(tournament: Tournament, user: AbstractBaseUser | None) -> Entry | None:
    """The user's entry in the tournament (registered or withdrawn), if any."""
    if user is None or not user.is_authenticated:
        return None
    return tournament.entries.filter(user_id=user.pk).first()


def entries_of(tournament: Tournament) -> QuerySet[Entry]:
    """Every entry: registered and withdrawn players, in order of arrival."""
    return tournament.entries.select_related("user").order_by("created_at", "pk")


def invitations_of(tournament: Tournament, user: AbstractBaseUser | None) -> QuerySet[Invitation]:
    """The invitations of the user's email address to the tournament (none or one)."""
    address = getattr(user, "email", "") if user is not None and user.is_authenticated else ""
    if not address:
        return tournament.invitations.none()
    return tournament.invitations.filter(email__iexact=address)


def active_entries(tournament: Tournament) -> QuerySet[Entry]:
    """The players a new stage seats: registered, not withdrawn."""
    return entries_of(tournament).filter(status=Entry.Status.REGISTERED)


def names_of(entries: Iterable[Entry]) -> dict[int, str]:
    """How each entry's player is shown, by entry id (one query for them all)."""
    entries = list(entries)
    names = display_names(entry.user_id for entry in entries)
    return {entry.pk: names[entry.user_id] for entry in entries}


def table_results(tournament: Tournament, upto_stage: int | None = None) -> list[TableResult]:
    """The recorded results of the tournament's finished tables (players are entry ids)."""
    players = TablePlayer.objects.filter(
        table__stage__tournament=tournament, table__recorded_at__isnull=False
    ).select_related("table__stage")
    if upto_stage is not None:
        players = players.filter(table__stage__number__lte=upto_stage)
    by_table: dict[int, list[TablePlayer]] = defaultdict(list)
    for player in players.order_by("table__stage__number", "table__number", "seat"):
        by_table[player.table_id].append(player)
    return [
        TableResult(
            stage=seats[0].table.stage.number,
            seats=tuple(
                SeatResult(p.entry_id, p.score or 0, p.xtrems or 0, p.forfeit) for p in seats
            ),
            final=seats[0].table.stage.is_final,
        )
        for seats in by_table.values()
    ]


def standings_of(tournament: Tournament, upto_stage: int | None = None) -> list[Standing]:
    """The standings (players are entry ids) after the recorded tables, or after the
    tables of stages up to ``upto_stage``."""
    players = [entry.pk for entry in entries_of(tournament)]
    return standings(
        players,
        table_results(tournament, upto_stage),
        tournament.points_table(),
        tournament.forfeit_points,
    )


def standings_upto(tournament: Tournament, value: str | None) -> int | None:
    """The stage whose standings ``?stage=`` asks for (the page, its CSV and the API):
    None when left out, and for the final, whose standings are the tournament's own; a
    404 for a stage not played."""
    if not value:
        return None
    number = whole_number(value)
    stage = tournament.stages.filter(number=number).first() if number is not None else None
    if stage is None:
        raise Http404(_("No such stage."))
    return None if stage.is_final else number


@dataclass(frozen=True)
class TieBreakAgainst:
    """A tie-break (:class:`TieBreak`) with the player it set the line against, named."""

    name: str
    decided: TieBreak


@dataclass(frozen=True)
class StandingLine:
    standing: Standing
    entry: Entry
    name: str
    #: The player's X-Game rating today (None: not rated yet).
    rating: ShownRating | None = None
    #: A member's account a program plays (``games.players``): a BOT badge.
    bot_account: bool = False
    #: For a player level on points with a neighbouring line, which tie-break decided,
    #: against the other player named: what the API gives.
    tie_break_against: TieBreakAgainst | None = None

    @property
    def tie_break(self) -> str:
        """The same in words, in the active language ("" for none): the pages, the podium."""
        against = self.tie_break_against
        return "" if against is None else tie_break_in_words(against.decided, against.name)

    @property
    def withdrawn(self) -> bool:
        return self.entry.status == Entry.Status.WITHDRAWN


def standings_lines(tournament: Tournament, upto_stage: int | None = None) -> list[StandingLine]:
    """The standings with each player's entry, name and X-Game rating, for pages and
    exports."""
    entries = {entry.pk: entry for entry in entries_of(tournament)}
    names = names_of(entries.values())
    ratings = ratings_in(POOL, (entry.user_id for entry in entries.values()))
    bots = bot_accounts(entry.user_id for entry in entries.values())
    lines = []
    for line in standings_of(tournament, upto_stage):
        entry = entries[line.player]  # type: ignore[index]
        decided = line.tie_break
        against = (
            None if decided is None else TieBreakAgainst(names[decided.other], decided)  # type: ignore[index]
        )
        lines.append(
            StandingLine(
                line,
                entry,
                names[entry.pk],
                ratings.get(entry.user_id),
                bot_account=entry.user_id in bots,
                tie_break_against=against,
            )
        )
    return lines


def leaders(tournament: Tournament, count: int = 5) -> list[StandingLine]:
    """The first ``count`` lines of the standings that have a rank (a player who has
    played no table yet has none, and leads nothing), and those sharing the last one's
    rank: a shared place is nobody's to leave out."""
    ranked = [line for line in standings_lines(tournament) if line.standing.rank is not None]
    if len(ranked) <= count:
        return ranked
    last = ranked[count - 1].standing.rank
    return ranked[:count] + [line for line in ranked[count:] if line.standing.rank == last]


def podium(lines: Iterable[StandingLine]) -> list[StandingLine]:
    """The standings' lines placed first to third (a shared third place with all who
    share it): what a finished tournament's page and its organiser's last mail open on."""
    return [line for line in lines if line.standing.rank is not None and line.standing.rank <= 3]


def podium_words(line: StandingLine) -> str:
    """A podium line after its place, in the active language: the player and what placed
    them, their tournament points ("Alice: 8 points", with the tie-break that decided), or
    for a finalist their place in the final, which the points do not follow ("Bob: 1st in
    the final (6 points)"); a player withdrawn with their points, "(withdrawn)"."""
    values = {"name": line.name, "points": points_in_words(line.standing.points or Fraction(0))}
    if line.standing.final_place is not None:
        return _("%(name)s: %(place)s in the final (%(points)s)") % {
            **values,
            "place": ordinal(line.standing.final_place),
        }
    said = _("%(name)s: %(points)s") % values
    if line.tie_break:
        said += f" ({line.tie_break})"
    # Withdrawn after earning their points, they keep them, as the standings mark them.
    return f"{said} ({_('withdrawn')})" if line.withdrawn else said


@dataclass(frozen=True)
class StageProgress:
    """A stage being played, as its standings say it: how many of its tables are done,
    and who sits at the others."""

    stage: Stage
    done: int
    tables: int
    #: Entries at its tables still being played.
    playing: frozenset[int]


def in_play(tournament: Tournament, number: int | None = None) -> StageProgress | None:
    """Stage ``number`` (the current one without it) while it is being played; None once
    it is finished, and before the first."""
    stage = (
        current_stage(tournament)
        if number is None
        else tournament.stages.filter(number=number).first()
    )
    if stage is None or stage.finished_at is not None:
        return None
    tables = dict(stage.tables.values_list("pk", "recorded_at"))
    playing = [pk for pk, recorded in tables.items() if recorded is None]
    seated = TablePlayer.objects.filter(table__in=playing).values_list("entry_id", flat=True)
    return StageProgress(stage, len(tables) - len(playing), len(tables), frozenset(seated))


def by_rating(entries: Iterable[Entry], rng: random.Random) -> list[int]:
    """The entries' ids, the best X-Game rating first (equal ratings in a random order),
    then the players not rated yet, in a random order."""
    entries = list(entries)
    rng.shuffle(entries)
    ratings = ratings_in(POOL, (entry.user_id for entry in entries))
    rated = [entry for entry in entries if entry.user_id in ratings]
    rated.sort(key=lambda entry: -ratings[entry.user_id].rating)  # stable: ties stay shuffled
    return [entry.pk for entry in rated] + [
        entry.pk for entry in entries if entry.user_id not in ratings
    ]


def met_before(tournament: Tournament) -> Counter[frozenset[int]]:
    """How often each pair of entries sat at the same table so far."""
    tables: dict[int, list[int]] = defaultdict(list)
    for table_id, entry_id in TablePlayer.objects.filter(
        table__stage__tournament=tournament
    ).values_list("table_id", "entry_id"):
        tables[table_id].append(entry_id)
    return seating.meetings(tables.values())


def overdue_seats(game: Game, now: datetime | None = None) -> set[int]:
    """Seats of people the game has waited for longer than its move deadline (time-bank
    days notwithstanding: an organiser finishing a table overrides them)."""
    if game.move_deadline is None or game.status != Game.Status.RUNNING:
        return set()
    limit = (now or timezone.now()) - game.move_deadline
    return set(
        Seat.objects.filter(
            game=game, awaited=True, is_bot=False, awaited_since__lte=limit
        ).values_list("number", flat=True)
    )


#: Why a table gives a player the fixed value and no place (``PlayerAtTable.forfeit_reason``).
FORFEIT_REASONS = ["withdrawn", "resigned", "timed-out"]
#: Each reason's mark beside the player's name (``PlayerAtTable.forfeit_mark``).
FORFEIT_MARKS = {
    "withdrawn": gettext_lazy("withdrawn"),
    "resigned": gettext_lazy("resigned"),
    "timed-out": gettext_lazy("timed out"),
}


@dataclass(frozen=True)
class PlayerAtTable:
    place: TablePlayer
    name: str
    awaited: bool
    since: datetime | None
    overdue: bool
    #: When the player is past the move deadline (from then the organiser may finish the
    #: table with the deadline policy); None if not awaited, or a bot.
    due: datetime | None = None
    #: Place and tournament points once the table's result is recorded.
    rank: int | None = None
    points: Fraction | None = None
    #: A member's account a program plays (``games.players``): a BOT badge.
    bot_account: bool = False
    #: The player resigned at this table by their own act (a bot plays their seat; the
    #: fixed value), not by the resignation a withdrawal records for them.
    resigned: bool = False
    #: The player timed out at this table before they were withdrawn: the deadline policy
    #: had moved for them while they held their seat.
    timed_out_first: bool = False

    @property
    def forfeit_reason(self) -> str | None:
        """Why the table gives the player the fixed value and no place, as the tables page
        and the API say it: "withdrawn", "resigned" or "timed-out" (None: it does not).
        The first that happened: a player who resigned, then was withdrawn, resigned; one
        who timed out, then was withdrawn, timed out."""
        if self.resigned:
            return "resigned"
        if self.place.withdrawn and not self.timed_out_first:
            return "withdrawn"
        return "timed-out" if self.place.timed_out or self.timed_out_first else None

    @property
    def forfeit_mark(self) -> str:
        """The forfeit's reason as the tables page and the game-over mail mark it beside
        the player's name, in the reader's language ("" when the table gave a place); a
        player who resigned or timed out, then was withdrawn, reads both in that order
        (the first, as the game's own scores say it)."""
        reason = self.forfeit_reason
        if reason == "resigned" and self.place.withdrawn:
            return left_mark(resigned=True, taken_off=True, resigned_first=True)
        if reason == "timed-out" and self.place.withdrawn:
            return pgettext(
                "a player the deadline policy moved for, then withdrawn from the tournament",
                "timed out, then withdrawn",
            )
        return "" if reason is None else str(FORFEIT_MARKS[reason])


@dataclass(frozen=True)
class TableView:
    table: Table
    game: Game
    players: list[PlayerAtTable] = field(default_factory=list)

    @property
    def done(self) -> bool:
        return self.table.recorded_at is not None

    @property
    def overdue(self) -> bool:
        return any(player.overdue for player in self.players)

    @property
    def waiting_on(self) -> list[PlayerAtTable]:
        return [player for player in self.players if player.awaited]


@dataclass(frozen=True)
class StageView:
    stage: Stage
    tables: list[TableView]

    @property
    def done(self) -> bool:
        return self.stage.finished_at is not None


def stages_of(tournament: Tournament, now: datetime | None = None) -> list[StageView]:
    """Every stage with its tables, their players in seat order, who each table waits for
    (and since when, and whether past the deadline), and finished tables' places."""
    tables = list(
        Table.objects.filter(stage__tournament=tournament)
        .select_related("stage", "game")
        .order_by("stage__number", "number")
    )
    players: dict[int, list[TablePlayer]] = defaultdict(list)
    for player in (
        TablePlayer.objects.filter(table__in=tables).select_related("entry__user").order_by("seat")
    ):
        players[player.table_id].append(player)
    stages: dict[int, StageView] = {}
    for stage in tournament.stages.order_by("number"):
        stages[stage.pk] = StageView(stage, [])
    for view in _table_views(tournament, tables, players, now or timezone.now()):
        stages[view.table.stage_id].tables.append(view)
    return list(stages.values())


def table_view(table: Table, players: list[TablePlayer]) -> TableView:
    """One table of a finished game as :func:`stages_of` shows it, placed by the results
    ``players`` (in seat order) carry, recorded or only read from its game
    (``results.results_at``): for its game-over mail, which writes nothing."""
    tournament = table.stage.tournament
    (view,) = _table_views(tournament, [table], {table.pk: players}, timezone.now(), read=True)
    return view


def _table_views(
    tournament: Tournament,
    tables: list[Table],
    players: Mapping[int, list[TablePlayer]],
    now: datetime,
    read: bool = False,
) -> list[TableView]:
    """Each table with its ``players`` (by table), placed when the table is recorded, or
    when their results are ``read`` from its finished game."""
    points, forfeit = tournament.points_table(), tournament.forfeit_points
    seats = {
        (seat.game_id, seat.number): seat
        for seat in Seat.objects.filter(game__in=[table.game_id for table in tables])
    }
    seated = [p.entry.user_id for at_table in players.values() for p in at_table]
    names, bots = display_names(seated), bot_accounts(seated)
    # A resignation recorded by a withdrawal (taking the player off their seat) is not the
    # player's own: one who resigned before being withdrawn is told from it.
    first = resigned_first(seats.values())
    views = []
    for table in tables:
        at_table = players.get(table.pk, [])
        placed = {}
        if read or table.recorded_at is not None:
            placed = placings(
                TableResult(
                    table.stage.number,
                    tuple(
                        SeatResult(p.pk, p.score or 0, p.xtrems or 0, p.forfeit) for p in at_table
                    ),
                ),
                points,
                forfeit,
            )
        deadline = table.game.move_deadline
        view = TableView(table, table.game)
        for player in at_table:
            key = (table.game_id, player.seat)
            seat = seats[key]
            awaited = seat.awaited and table.game.status == Game.Status.RUNNING
            since = seat.awaited_since if awaited else None
            due = since + deadline if since and deadline and not seat.is_bot else None
            view.players.append(
                PlayerAtTable(
                    place=player,
                    name=names[player.entry.user_id],
                    awaited=awaited,
                    since=since,
                    overdue=bool(due and due <= now),
                    due=due,
                    rank=placed[player.pk].place if player.pk in placed else None,
                    points=placed[player.pk].points if player.pk in placed else None,
                    bot_account=player.entry.user_id in bots,
                    resigned=seat.resigned and (seat.former_user_id is None or key in first),
                    timed_out_first=player.withdrawn and _timed_out_first(seat, player),
                )
            )
        views.append(view)
    return views


def _timed_out_first(seat: Seat, player: TablePlayer) -> bool:
    """Whether the withdrawn ``player`` had timed out at the table before the withdrawal.
    Taken off their seat mid-game: the deadline policy had moved for them (a seat taken
    off is never awaited again, so its timeouts all came before). Withdrawn once the game
    was over: what the table's result gives them (``results.results_at``)."""
    if seat.former_user_id is not None:
        return seat.timeouts > 0
    return player.timed_out


def table_sizes_of(tournament: Tournament) -> list[int]:
    """The sizes the tournament's tables can have, smallest first, for its terms (its
    points per place). Before its first stage, players may still come or go: every size a
    stage can seat, and the final's, of its size or fewer. Once seated: the sizes of its
    tables, and those the stages to come (and the final) would seat the players registered
    now, so that a withdrawal which changes them adds its size."""
    small, size = tournament.small_tables, tournament.table_size
    smallest = seating.smallest_table(small)
    final = tournament.format == Tournament.Format.FINAL
    tables = Table.objects.filter(stage__tournament=tournament)
    if not tables.exists():
        return seating.sizes_before_seating(size, small, tournament.final_size if final else None)
    sizes = set(tables.annotate(seated=Count("players")).values_list("seated", flat=True))
    active = active_entries(tournament).count()
    upcoming = next_stage_number(tournament)
    if upcoming is not None and active >= smallest:
        if upcoming <= tournament.stage_count:
            sizes |= set(seating.table_sizes(active, size, small))
        if final:
            sizes.add(min(tournament.final_size, active))
    return sorted(sizes)


def current_stage(tournament: Tournament) -> Stage | None:
    return tournament.stages.order_by("-number").first()


def registration_closed_early(tournament: Tournament) -> datetime | None:
    """When starting stage 1 closed registration before the close the organiser set (the
    moment the tournament page gives as its close); None while it has not, or when the
    set close came first."""
    started = tournament.stages.filter(number=1).values_list("started_at", flat=True).first()
    return started if started is not None and started < tournament.registration_closes else None


def next_stage_number(tournament: Tournament) -> int | None:
    """The number of the stage to start next, None when every stage has been started."""
    stage = current_stage(tournament)
    number = 1 if stage is None else stage.number + 1
    return number if number <= tournament.total_stages else None


def too_few_to_start(tournament: Tournament, active: int, next_stage: int | None) -> str:
    """Why stage ``next_stage`` cannot start with ``active`` players (as starting it would
    refuse), or nothing: the dashboard says so instead of offering its button, and the
    organiser's mail that a stage is done instead of inviting them to start it."""
    smallest = seating.smallest_table(tournament.small_tables)
    if next_stage is None or active >= smallest:
        return ""
    if tournament.is_final(next_stage):
        return _("The final needs at least %(n)d active players.") % {"n": smallest}
    return _("A stage needs at least %(n)d registered players.") % {"n": smallest}


def unfinished_tables(tournament: Tournament) -> QuerySet[Table]:
    """Tables of the tournament whose result is not recorded yet."""
    return Table.objects.filter(stage__tournament=tournament, recorded_at__isnull=True)


def tables_of_player(tournament: Tournament, entry: Entry) -> QuerySet[TablePlayer]:
    return (
        TablePlayer.objects.filter(table__stage__tournament=tournament, entry=entry)
        .select_related("table__stage", "table__game")
        .order_by("table__stage__number")
    )


def table_to_play(tournament: Tournament, entry: Entry | None) -> Table | None:
    """The table the entry's player sits at whose result is not recorded yet (their table
    of the stage being played), or None: none, not registered, or withdrawn (a bot plays
    their seat)."""
    if entry is None or entry.status != Entry.Status.REGISTERED:
        return None
    place = tables_of_player(tournament, entry).filter(table__recorded_at__isnull=True).last()
    return None if place is None else place.table


def abort_guard(game: Game) -> str | None:
    """Why a player may not call ``game`` off: it is a tournament's table, which its stage
    needs played (``games.endings`` asks; a player may resign there instead)."""
    if Table.objects.filter(game=game).exists():
        return _("A tournament's table is not called off: you may resign instead.")
    return None


def tournament_of(game: Game) -> Tournament | None:
    """The tournament whose table ``game`` is, or None: one query."""
    table = Table.objects.filter(game=game).select_related("stage__tournament").first()
    return None if table is None else table.stage.tournament
