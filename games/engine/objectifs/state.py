"""The configuration and the full state of an Objectifs game, hidden information included.

States are frozen dataclasses and named tuples built only of ints, strings, booleans,
``None``, enums, tuples, frozensets and other such records, with complete type hints: the
snapshot codec reads them from the hints and writes both kinds alike, as an object of
their fields by name. The state itself and its trick are named tuples: every move copies
them with a few fields changed, and a named tuple's ``_replace`` costs a fraction of
``dataclasses.replace``, which was near half of a replay's time. Nobody but the engine
reads a full state: people get :func:`games.engine.objectifs.view.view`.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, NamedTuple

from games.engine.objectifs.cards import DECK, Card
from games.engine.objectifs.errors import ConfigError
from games.engine.objectifs.objectives import OBJECTIVES, Objective
from games.engine.ruleset import gettext_noop

#: The shape of states: snapshots written with another format are ignored and rebuilt.
STATE_FORMAT = "objectifs-state-1"
#: The seat that plays chance's actions (each round's deal).
CHANCE = -1
#: No seat: nobody owns the trick yet, nobody has emptied their hand yet.
NOBODY = -1
MIN_PLAYERS = 2
MAX_PLAYERS = 6
#: *A l'issue de 5 manches, le joueur ayant le meilleur score gagne la partie.*
ROUNDS = 5
#: *Chaque joueur reçoit 13 cartes et en choisit 2 qu'il place face visible devant lui.*
HAND_SIZE = 13
MALUS_CARDS = 2

_OPTIONS = ("players", "objectives", "infinity_four")


@dataclass(frozen=True, slots=True)
class ObjectifsConfig:
    """Players (2 to 6) and the two table options: the Objective cards (the book's
    *Option stratégique*, on by default) and *Infini 4* (*Règle Optionnelle*, off)."""

    players: int
    objectives: bool = True
    infinity_four: bool = False

    def __post_init__(self) -> None:
        if not MIN_PLAYERS <= self.players <= MAX_PLAYERS:
            raise ConfigError(
                gettext_noop("Objectifs is played by 2 to 6 players, not %(players)s"),
                players=self.players,
            )

    @property
    def seats(self) -> range:
        return range(self.players)

    def to_json(self) -> dict[str, Any]:
        return {
            "players": self.players,
            "objectives": self.objectives,
            "infinity_four": self.infinity_four,
        }

    @staticmethod
    def from_json(data: Mapping[str, Any]) -> ObjectifsConfig:
        """Read ``{"players": 2..6, "objectives": bool, "infinity_four": bool}`` (the
        options may be left out); anything else is a :class:`ConfigError`.

        >>> ObjectifsConfig.from_json({"players": 3})
        ObjectifsConfig(players=3, objectives=True, infinity_four=False)
        >>> ObjectifsConfig.from_json({"players": 7})
        Traceback (most recent call last):
        ...
        games.engine.objectifs.errors.ConfigError: Objectifs is played by 2 to 6 players, not 7
        """
        unknown = set(data) - set(_OPTIONS)
        if unknown:
            raise ConfigError(
                gettext_noop("unknown Objectifs options: %(options)s"),
                options=", ".join(sorted(unknown)),
            )
        players = data.get("players")
        if not isinstance(players, int) or isinstance(players, bool):
            raise ConfigError(gettext_noop("players must be a number from 2 to 6"))
        options = {key: data.get(key, default) for key, default in _DEFAULTS.items()}
        for key, value in options.items():
            if not isinstance(value, bool):
                raise ConfigError(gettext_noop("%(option)s is true or false"), option=key)
        return ObjectifsConfig(players, **options)


_DEFAULTS = {"objectives": True, "infinity_four": False}


class Phase(enum.Enum):
    """Where the game stands."""

    #: Chance deals the round.
    DEAL = "deal"
    #: Each player lays two cards of their hand as malus cards, secretly until all have.
    SETUP = "setup"
    PLAY = "play"
    #: A trick is over: players short of malus cards complete them, all at once.
    REPLACE = "replace"
    GAME_OVER = "game-over"


class RoundEnd(enum.Enum):
    """How a round ended: the book's three cases, and a table where nobody can play."""

    #: A player has no card in hand at the end of a trick (or two players emptied their
    #: hands completing their malus cards).
    OUT = "out"
    #: A player shed their hand and their malus cards: the round stops at once.
    SHED = "shed"
    #: Every player passed on an empty centre, none able to open a trick.
    STALEMATE = "stalemate"


@dataclass(frozen=True, slots=True)
class Pli:
    """Cards laid on the centre in one move (``value`` ``None`` for Num-X). ``fused``: the
    move's cards joined the pli below them (Fusion X), whose cards ``cards`` holds too;
    ``out_of_turn``: laid as a Facteur X by a player whose turn it was not."""

    seat: int
    cards: tuple[Card, ...]
    value: int | None
    fused: bool = False
    out_of_turn: bool = False


class Trick(NamedTuple):
    """The trick in progress: its plis (the last one on top), who laid that one, and the
    players who passed on an empty centre since anyone did anything else."""

    plis: tuple[Pli, ...] = ()
    owner: int = NOBODY
    idle: frozenset[int] = frozenset()

    @property
    def top(self) -> Pli | None:
        return self.plis[-1] if self.plis else None


@dataclass(frozen=True, slots=True)
class LastTrick:
    """The trick finished last, as it ended, for the views."""

    plis: tuple[Pli, ...]
    winner: int


@dataclass(frozen=True, slots=True)
class Drawn:
    """A card the last move that drew took from the pile: into ``seat``'s hand, or face up
    onto its malus cards (``to_row``). Kept for the record of what chance decided."""

    seat: int
    card: Card
    to_row: bool


@dataclass(frozen=True, slots=True)
class Ending:
    """The round is over (``seat``: who ended it, :data:`NOBODY` on a stalemate); the
    players with cards in hand complete their malus cards before the scoring."""

    kind: RoundEnd
    seat: int


@dataclass(frozen=True, slots=True)
class SeatScore:
    """One seat's scoring of a round: its malus cards and hand as the round ended (shown to
    everyone from then on), its objective and whether it was achieved, and the three lines
    of its score."""

    malus_cards: tuple[Card, ...]
    hand: tuple[Card, ...]
    objective: Objective | None
    achieved: bool
    malus: int
    hand_points: int
    bonus: int

    @property
    def total(self) -> int:
        return self.malus + self.hand_points + self.bonus


@dataclass(frozen=True, slots=True)
class RoundResult:
    """A scored round: how it ended, who emptied their hand first, and every seat's score."""

    round_no: int
    end: RoundEnd
    seat: int
    first_out: int
    seats: tuple[SeatScore, ...]


class ObjectifsState(NamedTuple):
    """Everything about a game at one moment. Build it with :func:`new_game`."""

    config: ObjectifsConfig
    phase: Phase
    round_no: int
    hands: tuple[tuple[Card, ...], ...]
    #: Each seat's malus cards, face up in front of it: public, and usable by anyone.
    rows: tuple[tuple[Card, ...], ...]
    #: The draw pile, top card first.
    pile: tuple[Card, ...]
    #: Cards out of the round: the plis of finished tricks, the Echange and Malus + played.
    discard: tuple[Card, ...]
    #: Each seat's secret objective this round (``None`` without the Objective cards).
    objectives: tuple[Objective | None, ...]
    #: The Objective cards nobody drew, face down.
    objective_pile: tuple[Objective, ...]
    #: At the set-up, each seat's two cards once chosen, secret until every seat has chosen.
    laid: tuple[tuple[Card, ...] | None, ...]
    trick: Trick
    turn: int
    #: At the end of a trick, how many malus cards each seat still has to put down.
    due: tuple[int, ...]
    #: The round is over and waits for the last completions before its scoring.
    ending: Ending | None
    #: The first seat whose hand ran out this round (*Se défausser en premier*).
    first_out: int
    #: Who started this round (ties for the next round's start are broken after it).
    starter: int
    #: Tricks finished in this round.
    tricks: int
    last_trick: LastTrick | None
    drawn: tuple[Drawn, ...]
    results: tuple[RoundResult, ...] = ()

    @property
    def players(self) -> int:
        return self.config.players


def new_game(config: ObjectifsConfig) -> ObjectifsState:
    """A game waiting for chance's first deal: every card is still in the box's order.

    >>> new_game(ObjectifsConfig(3)).phase
    <Phase.DEAL: 'deal'>
    """
    seats = config.players
    return ObjectifsState(
        config=config,
        phase=Phase.DEAL,
        round_no=1,
        hands=((),) * seats,
        rows=((),) * seats,
        pile=DECK,
        discard=(),
        objectives=(None,) * seats,
        objective_pile=OBJECTIVES,
        laid=(None,) * seats,
        trick=Trick(),
        turn=NOBODY,
        due=(0,) * seats,
        ending=None,
        first_out=NOBODY,
        starter=NOBODY,
        tricks=0,
        last_trick=None,
        drawn=(),
    )
