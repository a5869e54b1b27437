"""Actions: everything a seat, or chance, can do. Immutable, hashable value objects.

Each action prints in the notation that :func:`games.engine.numx.notation.parse_action`
reads back (``str(parse_action(text)) == text`` for canonical text). Actions name card
*faces*; the engine picks which physical copy (the lowest id the player holds), since
copies of a face are interchangeable.

Score-row cards are named by position (0 = leftmost), because face-down cards have no
name their owner could know, and because two cards with one face may sit in one row.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Final, Literal

from games.engine.climbing import implied_value, with_named_value
from games.engine.numx.cards import BLOCK, ECLAIR, FLIP, QUANTUM, SWIPE, Face

ALL: Final = "all"
BETWEEN: Final = "between"

#: One seat, or every player ("tous les joueurs", the acting player included).
Target = int | Literal["all"]
#: Block also knows "between": the players between you and your partner (Teams).
BlockTarget = int | Literal["all", "between"]


class Side(enum.Enum):
    """An end of a score row."""

    LEFT = "left"
    RIGHT = "right"


@dataclass(frozen=True, slots=True)
class Deal:
    """Chance: the shuffled deck, top card first. Hands are dealt in blocks from the top."""

    order: tuple[Face, ...]

    def __str__(self) -> str:
        return " ".join(("deal", *(face.text for face in self.order)))


@dataclass(frozen=True, slots=True)
class Shuffle:
    """Chance: the X-Game round-2 draw pile, top card first."""

    order: tuple[Face, ...]

    def __str__(self) -> str:
        return " ".join(("shuffle", *(face.text for face in self.order)))


@dataclass(frozen=True, slots=True)
class Pick:
    """The opening secret pick: the card laid face down, revealed when everyone has picked."""

    face: Face

    def __str__(self) -> str:
        return f"pick {self.face}"


@dataclass(frozen=True, slots=True)
class Flip:
    """Flip: the target's score cards turn over (visible <-> hidden)."""

    target: Target

    @property
    def face(self) -> Face:
        return FLIP

    def __str__(self) -> str:
        return f"flip {self.target}"


@dataclass(frozen=True, slots=True)
class Swipe:
    """Swipe: the target's end card (left or right) slides to the neighbour on that side."""

    direction: Side
    target: Target

    @property
    def face(self) -> Face:
        return SWIPE

    def __str__(self) -> str:
        return f"swipe {self.direction.value} {self.target}"


@dataclass(frozen=True, slots=True)
class Block:
    """Block: the targets must pass their next turn of this trick; the player plays again."""

    target: BlockTarget

    @property
    def face(self) -> Face:
        return BLOCK

    def __str__(self) -> str:
        return f"block {self.target}"


@dataclass(frozen=True, slots=True)
class Eclair:
    """Eclair: swap its player's score card ``mine`` with the opponent's score card
    ``theirs``."""

    target: int
    mine: int
    theirs: int

    @property
    def face(self) -> Face:
        return ECLAIR

    def __str__(self) -> str:
        return f"eclair {self.target} {self.mine} {self.theirs}"


@dataclass(frozen=True, slots=True)
class Quantum:
    """Quantum: lock the target's score row (with teams, the target's team) for this trick."""

    target: int

    @property
    def face(self) -> Face:
        return QUANTUM

    def __str__(self) -> str:
        return f"quantum {self.target}"


@dataclass(frozen=True, slots=True)
class Malus:
    """Malus: the target draws or discards ``face.hand`` cards and gains or loses
    ``face.score`` score cards."""

    face: Face
    target: Target

    def __str__(self) -> str:
        return f"{self.face} {self.target}"


CardAction = Flip | Swipe | Block | Eclair | Quantum | Malus
CARD_ACTIONS: Final = (Flip, Swipe, Block, Eclair, Quantum, Malus)


@dataclass(frozen=True, slots=True, init=False)
class Play:
    """Lay a pli. ``value`` is implied by numbered cards; a pli of jokers names it.

    ``bonus`` is the Action card a Shadow in the pli lets the player play at once: it is part
    of the same move, so that nobody waits a day for a "no bonus" click, and so that skipping
    it does not tell the table whether the player holds an Action card.
    """

    faces: tuple[Face, ...]
    value: int | None
    bonus: CardAction | None

    # Written out rather than generated with a __post_init__ that sets the faces and the
    # value a second time: that doubled the cost of every Play read back from the store.
    def __init__(
        self, faces: tuple[Face, ...], value: int | None = None, bonus: CardAction | None = None
    ) -> None:
        object.__setattr__(self, "faces", tuple(sorted(faces)))
        object.__setattr__(self, "value", self.implied_value if value is None else value)
        object.__setattr__(self, "bonus", bonus)

    @property
    def implied_value(self) -> int | None:
        """The value the cards give by themselves (their first numbered card's)."""
        return implied_value(self.faces)

    @property
    def names_value(self) -> bool:
        """Whether notation must say the value (``as 9``): the cards alone do not."""
        return self.value != self.implied_value

    def __str__(self) -> str:
        text = " ".join(("play", *(face.text for face in self.faces)))
        if self.names_value:
            text = with_named_value(text, str(self.value))
        if self.bonus is not None:
            text += f" + {self.bonus}"
        return text


@dataclass(frozen=True, slots=True)
class Complete:
    """Lay the Rainbow of the top pli's value on it ("compléter un pli"): out of turn from
    the hand, or on one's turn as a drawn or taken-back card (rules edition 2)."""

    face: Face

    def __str__(self) -> str:
        return f"complete {self.face}"


@dataclass(frozen=True, slots=True)
class Pass:
    """Pass this turn, keeping one's cards for later."""

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class Draw:
    """Draw the top card of the pile; it must then be played at once if it can be."""

    def __str__(self) -> str:
        return "draw"


@dataclass(frozen=True, slots=True)
class TakeBack:
    """Take back my visible score card at ``index`` and play it at once, as a pli (possibly
    with cards from my hand), for an Action card as that Action, or, for the Rainbow of the
    top pli's value, as its completion (from rules edition 2)."""

    index: int
    play: Play | CardAction | Complete

    def __str__(self) -> str:
        return f"take {self.index}: {self.play}"


@dataclass(frozen=True, slots=True)
class Resolve:
    """A Malus target's choices: hand cards to discard, score cards to remove (by position),
    and, for each card drawn into the score row, its visibility and side."""

    discard: tuple[Face, ...] = ()
    remove: tuple[int, ...] = ()
    place: tuple[tuple[bool, Side], ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "discard", tuple(sorted(self.discard)))
        object.__setattr__(self, "remove", tuple(sorted(self.remove)))

    def __str__(self) -> str:
        parts = ["resolve"]
        if self.discard:
            parts += ["discard", *(face.text for face in self.discard)]
        if self.remove:
            parts += ["remove", *(str(index) for index in self.remove)]
        if self.place:
            parts += ["place", *(f"{_up(up)}-{side.value}" for up, side in self.place)]
        return " ".join(parts)


@dataclass(frozen=True, slots=True)
class Placement:
    """One score card handed out by the trick winner."""

    face: Face
    seat: int
    face_up: bool
    side: Side

    def __str__(self) -> str:
        return f"{self.face}>{self.seat}:{_up(self.face_up)}:{self.side.value}"


@dataclass(frozen=True, slots=True)
class Distribute:
    """The trick winner's distribution, placed in the order given; the rest is discarded."""

    placements: tuple[Placement, ...]

    def __str__(self) -> str:
        return " ".join(("distribute", *(str(p) for p in self.placements)))


@dataclass(frozen=True, slots=True)
class Refill:
    """X-Game, between rounds: keep my hand and draw up to the mode's hand size."""

    def __str__(self) -> str:
        return "refill"


@dataclass(frozen=True, slots=True)
class Reset:
    """X-Game, between rounds: discard my whole hand and draw a new one."""

    def __str__(self) -> str:
        return "reset"


Action = (
    Deal
    | Shuffle
    | Pick
    | Play
    | Complete
    | Pass
    | Draw
    | TakeBack
    | Flip
    | Swipe
    | Block
    | Eclair
    | Quantum
    | Malus
    | Resolve
    | Distribute
    | Refill
    | Reset
)


def _up(face_up: bool) -> str:
    return "up" if face_up else "down"
