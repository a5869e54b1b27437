"""The full state of a NUM-X game, hidden information included.

States are immutable named tuples: applying an action builds a new state and shares every
untouched part with the old one (``_replace`` is several times cheaper than
``dataclasses.replace``, and replaying a whole game is the hot path of the event store).
Nobody but the engine should read a full state: people get :func:`view`.
"""

from __future__ import annotations

import enum
from typing import NamedTuple, TypeVar

from games.engine.numx.cards import Card, Colour, Face, Kind, rainbow
from games.engine.numx.modes import GameConfig

#: The shape of states: snapshots written with another format are ignored and rebuilt.
#: 3: the configuration holds the rules edition. A snapshot of format 2 would unpickle its
#: configuration with today's default edition, whatever edition its game was played under.
#: 4: the configuration holds the triple rule, a table option; a format-3 snapshot would
#: unpickle a configuration without it.
#: 5: it holds three more table options (Infinity on Infinity, Family scoring, the round-2
#: pick).
#: 6: it holds the table's Malus values, and a card pickles as its id and face (a table's
#: own values print other faces on the five Malus cards).
#: 7: it keeps the last finished trick (its plis, winner and handed-out cards) for the views.
#: 8: a round's end records how many tricks it finished (players number tricks within their
#: round); a format-7 snapshot holds round ends without that count.
STATE_FORMAT = "numx-state-8"
#: The seat that plays chance actions (the deal, the round-2 shuffle).
CHANCE = -1
#: ``Trick.owner`` and ``GameState.turn`` when nobody holds that role.
NOBODY = -1


class Phase(enum.Enum):
    """Where the game stands."""

    DEAL = "deal"
    OPENING_PICK = "opening-pick"
    PLAY = "play"
    DISTRIBUTION = "distribution"
    RESHUFFLE = "reshuffle"
    BETWEEN_ROUNDS = "between-rounds"
    GAME_OVER = "game-over"


class Termination(enum.Enum):
    """How a round ended."""

    LAST_CARD = "last-card"
    STALEMATE = "stalemate"


class ScoreCard(NamedTuple):
    """A card in a score row. ``known_to`` lists the seats that know a face-down card."""

    card: Card
    face_up: bool
    known_to: frozenset[int] = frozenset()

    def visible_to(self, seat: int | None) -> bool:
        return self.face_up or (seat is not None and seat in self.known_to)


class Pli(NamedTuple):
    """Cards laid on the centre in one action, plus an out-of-turn Rainbow if completed."""

    seat: int
    cards: tuple[Card, ...]
    value: int | None
    completed_by: int = NOBODY

    @property
    def kind(self) -> Kind:
        """NUMBER for a classic pli (numbered cards and jokers), else INFINITY or NUMX."""
        first = self.cards[0].face.kind
        return first if first in (Kind.INFINITY, Kind.NUMX) else Kind.NUMBER

    @property
    def eligible(self) -> bool:
        """A pli holding a Rainbow or a Shadow makes its numbered cards score cards."""
        # The colours, not two properties a card: asked of every pli when a trick ends.
        return any(card.face.colour in _ELIGIBLE_COLOURS for card in self.cards)


_ELIGIBLE_COLOURS = (Colour.RAINBOW, Colour.SHADOW)


class Lock(NamedTuple):
    """A Quantum lock: these seats' score rows are out of reach of other players' Action
    cards, and receive nothing at this trick's distribution."""

    seats: frozenset[int]


class Trick(NamedTuple):
    """The trick in progress."""

    plis: tuple[Pli, ...] = ()
    owner: int = NOBODY
    blocked: frozenset[int] = frozenset()
    locks: tuple[Lock, ...] = ()
    #: Seats that passed, unblocked, on an empty centre since the last other action.
    idle: frozenset[int] = frozenset()

    @property
    def top(self) -> Pli | None:
        return self.plis[-1] if self.plis else None

    def completable_by(self, seat: int, face: Face) -> bool:
        """Whether ``seat`` may complete the top pli with ``face``: the Rainbow of a classic
        top pli's value, on a pli that is not theirs, while not blocked."""
        top = self.top
        return (
            top is not None
            and top.value is not None
            and face is rainbow(top.value)
            and seat != self.owner
            and seat not in self.blocked
        )

    def locked(self, seat: int) -> bool:
        """Whether ``seat``'s score row is under a Quantum lock this trick."""
        return any(seat in lock.seats for lock in self.locks)

    def protected(self, seat: int, actor: int) -> bool:
        """Whether a Quantum lock shields ``seat``'s row from ``actor``'s Action cards."""
        return any(seat in lock.seats and actor not in lock.seats for lock in self.locks)


class DrawnCard(NamedTuple):
    """``seat`` drew ``card`` and must now play it (it could be played)."""

    seat: int
    card: Card


class MalusTask(NamedTuple):
    """What a Malus asks of one target: cards to discard from hand, score cards to remove,
    and cards drawn for the score row, waiting for their visibility and side."""

    seat: int
    discard: int
    remove: int
    drawn: tuple[Card, ...]


class MalusResolution(NamedTuple):
    """A Malus played by ``actor`` waits for its targets' choices."""

    actor: int
    tasks: tuple[MalusTask, ...]


class Distributing(NamedTuple):
    """The trick winner must hand out score cards.

    ``cards`` are the eligible cards, or, for a blank trick, the candidates of which exactly
    one becomes eligible. ``minimum`` and ``cap`` are the 50% bounds; ``receivers`` the seats
    whose rows are not locked.
    """

    winner: int
    cards: tuple[Card, ...]
    blank: bool
    minimum: int
    cap: int
    receivers: frozenset[int]
    round_over: bool


Pending = DrawnCard | MalusResolution | Distributing


class LastTrick(NamedTuple):
    """The trick finished last, as it ended: kept so that a player coming back a day later
    can see what it was (the views show it; the full state forgets a trick once it is
    cleared otherwise)."""

    plis: tuple[Pli, ...]
    winner: int
    #: The score cards handed out, in the winner's order: (receiving seat, card as placed).
    handed: tuple[tuple[int, ScoreCard], ...] = ()


class RoundEnd(NamedTuple):
    """How a finished round ended, who laid their last card (NOBODY on a stalemate), and
    how many tricks it finished (players number tricks within their round)."""

    round_no: int
    termination: Termination
    seat: int
    tricks: int


class GameState(NamedTuple):
    """Everything about a game at one moment. Build it with :func:`new_game`."""

    config: GameConfig
    phase: Phase
    round_no: int
    hands: tuple[tuple[Card, ...], ...]
    rows: tuple[tuple[ScoreCard, ...], ...]
    #: The draw pile, top card first.
    pile: tuple[Card, ...]
    discard: tuple[Card, ...]
    #: Cards not in play: Action cards in Family mode, used Action cards after X-Game round 1.
    out_of_play: tuple[Card, ...]
    trick: Trick
    turn: int
    pending: Pending | None
    #: Secret, simultaneous choices (opening picks, X-Game round-2 choices) until all are in.
    secret: tuple[Face | str | None, ...]
    rounds: tuple[RoundEnd, ...]
    #: Tricks finished so far in the game, both rounds of an X-Game (public).
    tricks: int = 0
    #: The last finished trick, None before the first one ends.
    last_trick: LastTrick | None = None

    @property
    def players(self) -> int:
        return self.config.players

    @property
    def round_tricks(self) -> int:
        """Tricks finished in the round being played (between X-Game's rounds: round 1's).
        Players read "round 2, trick 1", not the game's 26th trick."""
        return self.tricks - sum(end.tricks for end in self.rounds if end.round_no < self.round_no)

    @property
    def last_trick_number(self) -> tuple[int, int]:
        """The round of the last finished trick and its number within that round: at the
        start of X-Game's round 2, round 1's last trick is still the last one (number 0
        before any trick ends)."""
        if self.round_tricks:
            return self.round_no, self.round_tricks
        ended = next((end for end in reversed(self.rounds) if end.tricks), None)
        return (self.round_no, 0) if ended is None else (ended.round_no, ended.tricks)


T = TypeVar("T")


def replace_at(items: tuple[T, ...], index: int, item: T) -> tuple[T, ...]:
    """``items`` with the one at ``index`` replaced: per-seat tuples change one seat at a time."""
    return (*items[:index], item, *items[index + 1 :])
