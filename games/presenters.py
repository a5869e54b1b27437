"""What the game table shows: the seat's view, organised for the templates.

Everything here comes from ``selectors`` (the engine's per-seat view, the redacted event
log) and ``moves`` (the engine's legal set): a template never sees a full state.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from django.utils import timezone
from django.utils.translation import gettext as _

from games.engine.ruleset import rule_set
from games.events import store
from games.models import Game, Seat
from games.moves import LegalMoves, legal_moves
from games.selectors import event_log, game_view, table_seats
from games.words import card as card_words
from games.words import event as event_words
from notifications.clock import move_due

#: How many of the latest events the table's history shows.
HISTORY_LENGTH = 25


@dataclass
class Player:
    number: int
    name: str
    is_me: bool
    is_bot: bool
    row: list[dict[str, Any]]
    hand_size: int
    awaited: bool
    blocked: bool
    locked: bool
    #: The player's cards, when the viewer may see them (their own; all once it is over).
    hand: list[str] | None = None
    score: int | None = None
    winner: bool = False
    #: Moves the deadline policy made for this absent player.
    timeouts: int = 0
    #: When the deadline policy moves for them, if the game waits for them.
    due: datetime | None = None
    #: Until when they are on vacation (their clock paused).
    away_until: datetime | None = None


@dataclass
class Table:
    game: Game
    seat: int | None
    view: dict[str, Any]
    players: list[Player]
    moves: LegalMoves | None
    history: list[tuple[int, str]]
    orders: set[str] = field(default_factory=set)
    error: str | None = None
    #: The viewer's seat row (clock, vacation days), and whether they muted the game.
    clock: Seat | None = None
    muted: bool = False

    @property
    def sequence(self) -> int:
        return int(self.view["sequence"])

    @property
    def hand(self) -> list[str]:
        if self.seat is None:
            return []
        return list(self.view["hands"][self.seat] or [])

    @property
    def my_turn(self) -> bool:
        return self.seat is not None and self.seat in self.view["awaiting"]

    @property
    def finished(self) -> bool:
        return bool(self.view["phase"] == "game-over")

    def plis(self) -> list[dict[str, Any]]:
        """The centre: each pli with who laid (and who completed) it."""
        names = [p.name for p in self.players]
        return [
            {
                **pli,
                "name": names[pli["seat"]],
                "completer": names[pli["completed_by"]] if pli["completed_by"] >= 0 else None,
            }
            for pli in self.view["plis"]
        ]

    def next_pli(self) -> str:
        """What the next pli must be, in words."""
        plis = self.view["plis"]
        if not plis:
            return _("New trick: the first pli has 1, 2 or 3 cards (3 with a Rainbow or Shadow).")
        top = plis[-1]
        if top["value"] is None:
            return _("Only Num-X goes on %(card)s.") % {"card": card_words(top["cards"][0])}
        return _(
            "Next pli: higher than %(value)d, with %(count)d card(s) "
            "(one more with a Rainbow, one fewer with a Shadow)."
        ) % {"value": top["value"], "count": len(top["cards"])}

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
    game: Game, seat: int | None, error: str | None = None, seats: list[Seat] | None = None
) -> Table:
    """The table as ``seat`` (None: a spectator) sees it now. ``seats``: the game's
    ``selectors.table_seats``, if the caller has read them with the game."""
    # One read of the seats serves the names, the players, the viewer's clock, mute and
    # orders; the game row just read says whether this process's cached state is the latest.
    if seats is None:
        seats = table_seats(game)
    loaded = store.load(game.pk, game.rules, last=game.last_sequence)
    view = game_view(game, seat, loaded)
    players = _players(seats, view, seat)
    names = [p.name for p in players]
    since = max(0, loaded.sequence - HISTORY_LENGTH)
    # Up to the state shown, not to whatever has been recorded since it was loaded.
    recent = event_log(game, seat, after=since, limit=loaded.sequence - since, loaded=loaded)
    history = [(entry["sequence"], event_words(entry, names, seat)) for entry in recent]
    clock = next((s for s in seats if s.number == seat), None)
    orders: set[str] = set()
    if clock is not None:
        now = (view["round"], view["tricks"])
        orders = {kind for kind, given in clock.orders.items() if given == now}
    playing = seat is not None and view["phase"] != "game-over"
    moves = legal_moves(game, seat, loaded, names) if playing else None
    muted = clock is not None and clock.muted
    return Table(game, seat, view, players, moves, history, orders, error, clock, muted)


@dataclass
class ReplayStep:
    """The table as it stood after event ``step``, and that event in words."""

    table: Table
    step: int
    last: int
    event: str


def replay_step(game: Game, seat: int | None, step: int) -> ReplayStep:
    """A finished game is shown whole (every hand, every face-down card); an unfinished one
    only to its players, each in their own view as it stood then."""
    last = game.last_sequence
    step = min(max(step, 1), last)
    finished = game.status == Game.Status.FINISHED
    viewer = None if finished else seat
    loaded = store.load(game.pk, game.rules, upto=step)
    view = {"sequence": step, **rule_set(game.rules).view(loaded.state, viewer, reveal=finished)}
    players = _players(list(game.seats.all()), view, viewer, live=False)
    names = [p.name for p in players]
    (entry,) = event_log(game, viewer, after=step - 1, limit=1)
    current = Table(game, viewer, view, players, None, [(step, event_words(entry, names, viewer))])
    return ReplayStep(current, step, last, event_words(entry, names, viewer))


def _players(
    seats: list[Seat], view: dict[str, Any], seat: int | None, live: bool = True
) -> list[Player]:
    """The players (``seats``, in order) as ``view`` shows them. ``live``: the table as it is
    now, with each player's clock and timeouts; a replayed moment shows neither (they are
    today's)."""
    awaiting = set(view["awaiting"])
    now = timezone.now()
    return [
        Player(
            number=s.number,
            name=s.name,
            is_me=s.number == seat,
            is_bot=s.is_bot,
            row=view["rows"][s.number],
            hand_size=view["hand_sizes"][s.number],
            awaited=s.number in awaiting,
            blocked=s.number in view["blocked"],
            locked=s.number in view["locked"],
            hand=view["hands"][s.number],
            score=s.score if view["phase"] == "game-over" else None,
            winner=s.winner and view["phase"] == "game-over",
            timeouts=s.timeouts if live else 0,
            due=move_due(s) if live and s.number in awaiting else None,
            away_until=s.paused_until if live and s.paused_until and s.paused_until > now else None,
        )
        for s in seats
    ]
