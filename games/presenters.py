"""What the game table shows: the seat's view, organised for the templates.

Everything here comes from ``selectors`` (the engine's per-seat view, the redacted event
log) and ``moves`` (the engine's legal set): a template never sees a full state.
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Callable, Collection
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from django.utils import timezone
from django.utils.translation import gettext as _

from games import endings
from games.belonging import Aftermath, Link, SeatNote, aftermath_of, part_of
from games.deadlines import move_due
from games.descriptions import and_list, game_summary, left_mark, nobody_won
from games.engine.ruleset import Outcome, Progress
from games.events import store
from games.lobby import rematch_note, why_no_bots
from games.models import Game, Seat
from games.moves import LegalMoves, legal_moves
from games.players import bot_accounts
from games.registry import game_type
from games.results import SEAT_MARKS, ended_as_ranked, left_out, ranked, resigned_first
from games.rulesets.site import ReplayWords, Site
from games.score_sheets import ScoreSheet, score_sheet
from games.selectors import called_off_by, event_log, game_view, resigned_by, table_seats
from games.services import Aborted, HandedOver

#: How many of the latest events the table's history shows: what a player coming back to
#: a one-move-a-day game looks for (about a turn around a table of four, with its draws).
#: Every event is on the history page, a link away; a longer list here was read, redacted
#: and said on every look at the table, for lines the history page shows anyway.
HISTORY_LENGTH = 10


@dataclass
class Player:
    number: int
    name: str
    is_me: bool
    is_bot: bool
    awaited: bool
    #: What the game shows of this player (``Site.player_context``).
    extra: dict[str, Any]
    score: int | None = None
    #: The final score in the game's unit ("53 points", "5 tokens").
    score_words: str = ""
    winner: bool = False
    #: Moves the deadline policy made for this absent player.
    timeouts: int = 0
    #: When the deadline policy moves for them, if the game waits for them and has a
    #: move deadline.
    due: datetime | None = None
    #: Until when they are on vacation (their clock paused).
    away_until: datetime | None = None
    #: Days left in their time bank, in a game with a move deadline (None: no deadline).
    time_bank: int | None = None
    #: A member's account that a program plays (``games.players``): a BOT badge.
    bot_account: bool = False
    #: The player resigned: a bot plays their seat to the end, and they rank last.
    resigned: bool = False
    #: Their mark for it (``descriptions.left_mark``): "resigned", or "withdrawn" when
    #: another took them off their seat; once the game is over, that they made no move of
    #: their own (never the winner, placed nowhere); "" otherwise.
    left: str = ""
    #: A bot plays the seat to the end (its player resigned, or won by resignations).
    handed_over: bool = False
    #: The reader's own seat, marked "(you)" whether or not the view is theirs: a finished
    #: game's replay shows every seat alike (``is_me``: the view is this seat's).
    reading: bool = False
    #: What the finished game did to this player elsewhere (their rating), beside their
    #: final score (``games.belonging``).
    aftermath: list[SeatNote] = field(default_factory=list)


@dataclass
class Table:
    """A game's table as one viewer sees it at one moment: what every game's page shows
    (players, whose turn, clocks, history, the final scores), and the game's own part
    through its site adapter (``site``, ``template``, ``board``)."""

    game: Game
    seat: int | None
    view: dict[str, Any]
    progress: Progress
    outcome: Outcome | None
    players: list[Player]
    moves: LegalMoves | None
    site: Site
    #: Says the latest events, newest first, when the page shows them: a move checked
    #: against the table's forms, and never drawn, reads no event.
    recent_events: Callable[[], list[tuple[int, str]]] = field(default=list, repr=False)
    orders: set[str] = field(default_factory=set)
    error: str | None = None
    #: The viewer's seat row (clock, vacation days), and whether they muted the game.
    clock: Seat | None = None
    muted: bool = False
    #: The id of the rule a refused move broke (``error`` says why), for a link to it.
    error_rule: str | None = None
    #: What the finished game did to its players elsewhere (``games.belonging``): each
    #: player's part is in their ``aftermath``, the notes on the whole game here.
    aftermath: list[Aftermath] = field(default_factory=list)

    @property
    def aftermath_notes(self) -> list[str]:
        """What the finished game did elsewhere, said once for all its players ("not
        rated: bots played")."""
        return [found.note for found in self.aftermath if found.note]

    @functools.cached_property
    def history(self) -> list[tuple[int, str]]:
        """The latest events as (number, sentence), newest first."""
        return self.recent_events()

    @property
    def sequence(self) -> int:
        return int(self.view["sequence"])

    @functools.cached_property
    def head(self) -> store.Head | None:
        """The game's hash chain at the event shown, its secrets revealed once it is over
        (docs/logs.md): read only when the page prints it."""
        return store.head(self.game.pk, self.sequence, reveal=self.game.ended)

    @functools.cached_property
    def rematch_note(self) -> str:
        """What "Play again" does at this table (read only when a player's finished
        table shows its button)."""
        return rematch_note(self.game, self.seat)

    @property
    def template(self) -> str:
        return self.site.table_template

    @functools.cached_property
    def board(self) -> dict[str, Any]:
        """The game's own presentation of the view (``Site.table_context``)."""
        return self.site.table_context(self)

    @property
    def my_turn(self) -> bool:
        return self.seat is not None and self.seat in self.progress.awaiting and not self.closed

    @property
    def finished(self) -> bool:
        return self.outcome is not None

    @property
    def aborted(self) -> bool:
        """The game was called off before anybody moved (``games.endings``): no result."""
        return self.game.status == Game.Status.ABORTED

    @property
    def over(self) -> bool:
        """Nothing more happens at this table: it ended, or it was called off."""
        return self.finished or self.aborted

    @property
    def resigned(self) -> bool:
        """The viewer resigned their seat."""
        return self.clock is not None and self.clock.resigned

    @property
    def handed_over(self) -> bool:
        """A bot plays the viewer's seat to the end (they resigned, or every other player
        did): the viewer takes no more moves."""
        return self.clock is not None and self.clock.handed_over_at is not None

    @property
    def closed(self) -> str | None:
        """Why the viewer's seat takes no move whatever the rules say (the words of the
        refusal a move posted from an old page gets), or None."""
        if self.aborted:
            return str(Aborted())
        if self.handed_over:
            return str(HandedOver())
        return None

    @property
    def can_resign(self) -> bool:
        """Whether the viewer is offered to resign: a seat of theirs still in play."""
        return self.clock is not None and not self.over and not self.handed_over

    @functools.cached_property
    def can_call_off(self) -> bool:
        """Whether the viewer is offered to call the game off (nobody has moved yet):
        asked only when the page shows the offer."""
        return self.can_resign and endings.abort_refusal(self.game) is None

    @functools.cached_property
    def called_off_seat(self) -> int | None:
        """The seat whose player called the game off (None: nobody did)."""
        return called_off_by(self.game) if self.aborted else None

    @property
    def ending_words(self) -> str:
        """How the game ended or goes on without the viewer, when it is not the rules'
        doing: called off, the viewer resigned, the others did; "" otherwise."""
        if self.aborted:
            by = self.called_off_seat
            if by is None:
                return str(Aborted())
            if by == self.seat:
                return _("You called this game off before anybody moved: it has no result.")
            return _("%(name)s called this game off before anybody moved: it has no result.") % {
                "name": self.players[by].name
            }
        if self.resigned:
            # At a table that seats none of the site's bots, the seat passes (games.bots).
            if why_no_bots(self.game):
                if self.finished:
                    return _("You resigned: your seat passed to the end.")
                return _("You resigned: your seat passes to the end, asking for nothing more.")
            if self.finished:
                return _("You resigned: a bot played your seat to the end.")
            return _("You resigned: a bot plays your seat to the end.")
        if self.handed_over:
            if self.outcome is not None and self.seat in self.outcome.absent:
                return _(
                    "Every other player resigned, but every move of yours was made for you: "
                    "nobody won."
                )
            if self.finished:
                return _("Every other player resigned: you won.")
            return _("Every other player resigned: you win; bots finish the game.")
        return ""

    @property
    def task(self) -> str:
        """What this moment asks of the viewer, in the game's words."""
        return self.site.describe_task(self.view) if self.my_turn else ""

    @property
    def summary(self) -> str:
        """What the table is, as the waiting room and the invitation said it: the game, its
        configuration (mode, table options) and its clock."""
        return game_summary(self.game)

    @functools.cached_property
    def part_of(self) -> list[Link]:
        """Links to what the game is part of (a tournament), beside its rules."""
        return part_of(self.game)

    @property
    def progress_words(self) -> str:
        return self.site.describe_progress(self.progress)

    @property
    def winner_names(self) -> str:
        """The winners, the reader among them as "you" (their box says "(you)")."""
        return and_list([_("you") if p.reading else p.name for p in self.players if p.winner])

    @property
    def no_winner(self) -> str:
        """Why the finished game names no winner, if that is why (``descriptions.nobody_won``)."""
        if self.outcome is None:
            return ""
        return nobody_won(self.outcome.winners, self.outcome.absent)

    @functools.cached_property
    def score_sheet(self) -> ScoreSheet | None:
        """The finished game's score sheet: a row per player, a column per round and per
        rule that scored, the totals; None before the end."""
        if self.outcome is None:
            return None
        players = self.players
        return score_sheet(
            self.game, self.outcome, [p.name for p in players], [p.left for p in players]
        )

    def waiting_for(self) -> str:
        others = [p.name for p in self.players if p.awaited and not p.is_me]
        if self.finished:
            return _("The game is over.")
        if not others:
            return ""
        if self.my_turn:
            return _("Also waiting for %(names)s.") % {"names": ", ".join(others)}
        return _("Waiting for %(names)s.") % {"names": ", ".join(others)}


def table(
    game: Game,
    seat: int | None,
    error: str | None = None,
    seats: list[Seat] | None = None,
    error_rule: str | None = None,
    aftermath: list[Aftermath] | None = None,
) -> Table:
    """The table as ``seat`` (None: a spectator) sees it now, with ``error`` if a move was
    refused (``error_rule``: the rule it broke). ``seats``: the game's
    ``selectors.table_seats``, if the caller has read them with the game; ``aftermath``:
    the game's ``belonging.aftermath_of``, if the caller has asked it."""
    # One read of the seats serves the names, the players, the viewer's clock, mute and
    # orders; the game row just read says whether this process's cached state is the latest.
    if seats is None:
        seats = table_seats(game)
    kind = game_type(game.rules)
    loaded = store.load(game.pk, game.rules, last=game.last_sequence)
    view = game_view(game, seat, loaded)
    progress = _stopped(game, kind.rules.progress(loaded.state))
    resigned, absent = left_out(seats)
    outcome = _ranked(kind.rules.outcome(loaded.state), resigned, absent)
    players = _players(kind.site, seats, view, progress, outcome, seat, resigned)
    names = [p.name for p in players]
    if aftermath is None:
        aftermath = aftermath_of(game, seats)
    for player in players:
        player.aftermath = [a.seats[player.number] for a in aftermath if player.number in a.seats]

    def recent_events() -> list[tuple[int, str]]:
        since = max(0, loaded.sequence - HISTORY_LENGTH)
        # Up to the state shown, not to whatever has been recorded since it was loaded.
        recent = event_log(game, seat, after=since, limit=loaded.sequence - since, loaded=loaded)
        return _in_words(kind.site, game.config, recent, names, seat, resigned, absent)

    clock = next((s for s in seats if s.number == seat), None)
    orders: set[str] = set()
    if clock is not None:
        now = (progress.round, progress.step)
        orders = {kind for kind, given in clock.orders.items() if given == now}
    # A called-off game, and a seat the site plays to the end, take no move from the viewer.
    playing = (
        clock is not None
        and outcome is None
        and game.status != Game.Status.ABORTED
        and clock.handed_over_at is None
    )
    moves = legal_moves(game, seat, loaded, names, view) if playing else None
    muted = clock is not None and clock.muted
    return Table(
        game,
        seat,
        view,
        progress,
        outcome,
        players,
        moves,
        kind.site,
        recent_events,
        orders,
        error,
        clock,
        muted,
        error_rule,
        aftermath,
    )


def whole_history(game: Game, seat: int | None) -> list[tuple[int, str]]:
    """Every event of the game in words as ``seat`` (None: a spectator) may read them,
    newest first."""
    seats = list(game.seats.order_by("number").only("name", *SEAT_MARKS))
    names = [s.name for s in seats]
    site = game_type(game.rules).site
    return _in_words(site, game.config, event_log(game, seat), names, seat, *left_out(seats))


def _in_words(
    site: Site,
    config: dict[str, Any],
    entries: list[dict[str, Any]],
    names: list[str],
    seat: int | None,
    resigned: Collection[int],
    absent: Collection[int] = (),
) -> list[tuple[int, str]]:
    """``entries`` (``selectors.event_log``'s, of a game of ``config`` whose players at
    ``resigned`` resigned, and those at ``absent`` made no move of their own) as (number,
    sentence), newest first: what a player looks for is what just happened."""
    return [
        (entry["sequence"], _said(site, entry, names, seat, config, resigned, absent))
        for entry in reversed(entries)
    ]


def _said(
    site: Site,
    entry: dict[str, Any],
    names: list[str],
    seat: int | None,
    config: dict[str, Any],
    resigned: Collection[int],
    absent: Collection[int],
) -> str:
    """One entry in words, its game over naming the site's winners (``games.results``)."""
    return site.describe_event(ended_as_ranked(entry, resigned, absent), names, seat, config)


@dataclass
class ReplayStep:
    """The table as it stood after event ``step``, and that event in words."""

    table: Table
    step: int
    last: int
    event: str


def replay_step(game: Game, seat: int | None, step: int) -> ReplayStep:
    """A finished game is shown whole (every hand, every face-down card); any other one
    (being played, or called off) in the viewer's own view as it stood then: a player's,
    or a spectator's public one. The step's event is said in ``seat``'s words, as their
    history says it (in a game not over, with the secrets that step kept)."""
    last = game.last_sequence
    step = min(max(step, 1), last)
    finished = game.status == Game.Status.FINISHED
    viewer = None if finished else seat
    kind = game_type(game.rules)
    loaded = store.load(game.pk, game.rules, upto=step)
    view = {"sequence": step, **kind.rules.view(loaded.state, viewer, reveal=finished)}
    progress = kind.rules.progress(loaded.state)
    if step == last:
        progress = _stopped(game, progress)
    seats = list(game.seats.all())
    # Who had resigned by then: a player resigns in the middle of a game. Who made no move
    # of their own is known at its end, the only step with an outcome.
    resigned = resigned_by(game, upto=step)
    _resigned, absent = left_out(seats)
    outcome = _ranked(kind.rules.outcome(loaded.state), resigned, absent)
    players = _players(
        kind.site, seats, view, progress, outcome, viewer, resigned, live=False, reader=seat
    )
    names = [p.name for p in players]
    # Said to the reader as their history says it ("You" for their own seat), whatever
    # the view shows: a game over reveals every event to everyone alike. Any other game
    # keeps the event's secrets as they stood then, as its view does: a secret kept until
    # later (where a tile went) was not known at that step.
    then = None if finished else loaded
    entries = event_log(game, seat, after=step - 1, limit=1, loaded=then)
    ((_step, said),) = _in_words(kind.site, game.config, entries, names, seat, resigned, absent)
    if step > 1 and isinstance(kind.site, ReplayWords):
        # The step's words may rest on what it changed, which the event alone may not say
        # (Numenko's grid laid anew): the view a step before, as this one is drawn.
        earlier = store.load(game.pk, game.rules, upto=step - 1).state
        before = {"sequence": step - 1, **kind.rules.view(earlier, viewer, reveal=finished)}
        (entry,) = entries
        told = kind.site.describe_step(before, view, entry, names, seat, game.config)
        said = said if told is None else told
    current = Table(
        game, viewer, view, progress, outcome, players, None, kind.site, lambda: [(step, said)]
    )
    return ReplayStep(current, step, last, said)


def _ranked(
    outcome: Outcome | None, resigned: Collection[int], absent: Collection[int]
) -> Outcome | None:
    """The rules' outcome with the players at ``resigned`` ranked last, and those at
    ``absent`` placed nowhere (``games.results``)."""
    if outcome is None:
        return None
    return ranked(outcome, resigned, absent)


def _stopped(game: Game, progress: Progress) -> Progress:
    """``progress`` as the site says it: a game called off waits for nobody, whatever its
    rules' state (the last one before the call) still asks."""
    if game.status != Game.Status.ABORTED:
        return progress
    return dataclasses.replace(progress, awaiting=frozenset())


def _players(
    site: Site,
    seats: list[Seat],
    view: dict[str, Any],
    progress: Progress,
    outcome: Outcome | None,
    seat: int | None,
    resigned: Collection[int],
    live: bool = True,
    reader: int | None = None,
) -> list[Player]:
    """The players (``seats``, in order) as ``view`` shows them (``seat``'s), those at
    ``resigned`` marked. ``live``: the table as it is now, with each player's clock (while
    the game runs: a vacation or a time bank is nothing once it is over), timeouts and
    whether a bot plays their seat to the end; a replayed moment shows none (they are
    today's). ``reader``: the seat of whoever reads, if not ``seat``."""
    now = timezone.now()
    bots = bot_accounts(s.user_id for s in seats)
    first = resigned_first(seats)
    clock = live and all(s.game.status == Game.Status.RUNNING for s in seats)
    return [
        Player(
            number=s.number,
            name=s.name,
            is_me=s.number == seat,
            reading=s.number == (seat if reader is None else reader),
            is_bot=s.is_bot,
            awaited=s.number in progress.awaiting,
            extra=site.player_context(view, s.number),
            score=None if outcome is None else outcome.scores[s.number],
            score_words="" if outcome is None else site.describe_score(outcome.scores[s.number]),
            winner=outcome is not None and s.number in outcome.winners,
            timeouts=s.timeouts if live else 0,
            # Without a move deadline only the site's backstop for absent players is
            # left, which is no time a player is asked to move by.
            due=move_due(s)
            if live and s.game.move_deadline and s.number in progress.awaiting
            else None,
            away_until=s.paused_until
            if clock and s.paused_until and s.paused_until > now
            else None,
            time_bank=s.vacation_days
            if clock and s.game.move_deadline and not s.is_bot and s.handed_over_at is None
            else None,
            bot_account=s.user_id in bots,
            resigned=s.number in resigned,
            left=left_mark(
                resigned=s.number in resigned,
                taken_off=s.former_user_id is not None,
                resigned_first=(s.game_id, s.number) in first,
                absent=outcome is not None and s.number in outcome.absent,
            ),
            handed_over=live and s.handed_over_at is not None,
        )
        for s in seats
    ]
