"""What one seat (or a spectator) may know of a game: the only way hidden information leaves
the engine.

A seat sees its own hand, every public card (plis, face-up score cards, the discard), the
face-down score cards it knows (it placed them, or saw them before a Flip hid them), its own
secret pick or choice, and its own drawn cards. It never sees another hand, the draw pile,
or another seat's secret. Once the game is over, everything is shown to everyone.
"""

from __future__ import annotations

from dataclasses import dataclass

from games.engine.numx.cards import Card, Face
from games.engine.numx.legal import awaiting
from games.engine.numx.modes import GameConfig
from games.engine.numx.outcome import Outcome, outcome
from games.engine.numx.state import (
    Distributing,
    DrawnCard,
    GameState,
    MalusResolution,
    Phase,
    RoundEnd,
)


@dataclass(frozen=True, slots=True)
class RowCardView:
    """A score card as the viewer sees it: ``face`` is ``None`` for an unknown face-down card."""

    face: Face | None
    face_up: bool


@dataclass(frozen=True, slots=True)
class PliView:
    seat: int
    faces: tuple[Face, ...]
    value: int | None
    completed_by: int


@dataclass(frozen=True, slots=True)
class PendingView:
    """What the game waits for, beyond a plain turn. ``cards`` are shown only to whom may
    see them (the drawer, a Malus target; a distribution's cards are public)."""

    kind: str
    seats: tuple[int, ...]
    cards: tuple[Face, ...] | None
    details: dict[str, int | bool]


@dataclass(frozen=True, slots=True)
class SeatView:
    """One seat's (or a spectator's, ``seat=None``) view of a game."""

    seat: int | None
    config: GameConfig
    phase: Phase
    round_no: int
    tricks: int
    turn: int
    awaiting: frozenset[int]
    hands: tuple[tuple[Face, ...] | None, ...]
    hand_sizes: tuple[int, ...]
    rows: tuple[tuple[RowCardView, ...], ...]
    pile_size: int
    pile: tuple[Face, ...] | None
    discard: tuple[Face, ...]
    out_of_play: tuple[Face, ...]
    plis: tuple[PliView, ...]
    owner: int
    blocked: frozenset[int]
    locked: frozenset[int]
    secret_done: tuple[bool, ...]
    my_secret: Face | str | None
    pending: PendingView | None
    rounds: tuple[RoundEnd, ...]
    outcome: Outcome | None

    @property
    def hand(self) -> tuple[Face, ...] | None:
        """The viewer's own hand (``None`` for a spectator)."""
        return None if self.seat is None else self.hands[self.seat]

    def to_json(self) -> dict[str, object]:
        """A JSON-ready form, for the web pages and the API."""

        def faces(items: tuple[Face, ...] | None) -> list[str] | None:
            return None if items is None else [face.text for face in items]

        pending = self.pending
        return {
            "seat": self.seat,
            "config": self.config.to_json(),
            "phase": self.phase.value,
            "round": self.round_no,
            "tricks": self.tricks,
            "turn": self.turn,
            "awaiting": sorted(self.awaiting),
            "hands": [faces(hand) for hand in self.hands],
            "hand_sizes": list(self.hand_sizes),
            "rows": [
                [
                    {"card": None if c.face is None else c.face.text, "face_up": c.face_up}
                    for c in row
                ]
                for row in self.rows
            ],
            "pile_size": self.pile_size,
            "pile": faces(self.pile),
            "discard": faces(self.discard),
            "out_of_play": faces(self.out_of_play),
            "plis": [
                {
                    "seat": p.seat,
                    "cards": faces(p.faces),
                    "value": p.value,
                    "completed_by": p.completed_by,
                }
                for p in self.plis
            ],
            "owner": self.owner,
            "blocked": sorted(self.blocked),
            "locked": sorted(self.locked),
            "secret_done": list(self.secret_done),
            "my_secret": None if self.my_secret is None else str(self.my_secret),
            "pending": None
            if pending is None
            else {
                "kind": pending.kind,
                "seats": list(pending.seats),
                "cards": faces(pending.cards),
                **pending.details,
            },
            "rounds": [
                {"round": r.round_no, "termination": r.termination.value, "seat": r.seat}
                for r in self.rounds
            ],
            "outcome": None if self.outcome is None else self.outcome.to_json(),
        }


def _faces(cards: tuple[Card, ...]) -> tuple[Face, ...]:
    return tuple(card.face for card in cards)


def view(state: GameState, seat: int | None, reveal: bool = False) -> SeatView:
    """What ``seat`` may know of ``state``; ``None`` for a spectator (public facts only).

    ``reveal`` shows everything, as at the end of a game: for replays of finished games,
    where every earlier moment may be shown with all hands.
    """
    over = reveal or state.phase is Phase.GAME_OVER
    players = range(state.players)
    return SeatView(
        seat=seat,
        config=state.config,
        phase=state.phase,
        round_no=state.round_no,
        tricks=state.tricks,
        turn=state.turn,
        awaiting=awaiting(state),
        hands=tuple(
            _faces(tuple(sorted(hand))) if over or s == seat else None
            for s, hand in enumerate(state.hands)
        ),
        hand_sizes=tuple(len(hand) for hand in state.hands),
        rows=tuple(
            tuple(
                RowCardView(sc.card.face if over or sc.visible_to(seat) else None, sc.face_up)
                for sc in row
            )
            for row in state.rows
        ),
        pile_size=len(state.pile),
        pile=_faces(state.pile) if over else None,
        discard=_faces(state.discard),
        out_of_play=_faces(state.out_of_play),
        plis=tuple(
            PliView(p.seat, _faces(p.cards), p.value, p.completed_by) for p in state.trick.plis
        ),
        owner=state.trick.owner,
        blocked=state.trick.blocked,
        locked=frozenset(s for s in players if state.trick.locked(s)),
        secret_done=tuple(secret is not None for secret in state.secret),
        my_secret=None if seat is None else state.secret[seat],
        pending=_pending_view(state, seat),
        rounds=state.rounds,
        outcome=outcome(state),
    )


def _pending_view(state: GameState, seat: int | None) -> PendingView | None:
    pending = state.pending
    if isinstance(pending, DrawnCard):
        mine = pending.seat == seat
        return PendingView(
            "drawn-card", (pending.seat,), (pending.card.face,) if mine else None, {}
        )
    if isinstance(pending, MalusResolution):
        task = next((t for t in pending.tasks if t.seat == seat), None)
        return PendingView(
            "malus",
            tuple(t.seat for t in pending.tasks),
            None if task is None else _faces(task.drawn),
            {"actor": pending.actor}
            if task is None
            else {"actor": pending.actor, "discard": task.discard, "remove": task.remove},
        )
    if isinstance(pending, Distributing):
        return PendingView(
            "distribution",
            (pending.winner,),
            _faces(pending.cards),
            {
                "blank": pending.blank,
                "minimum": pending.minimum,
                "cap": pending.cap,
                "round_over": pending.round_over,
            },
        )
    return None
