"""What one seat (or a spectator) may know of a game: the only way hidden information leaves
the engine.

A seat sees its own hand, every public card (plis, the last trick's plis, face-up score
cards, the discard), the
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
    Pli,
    RoundEnd,
)


@dataclass(frozen=True, slots=True)
class RowCardView:
    """A score card as the viewer sees it: ``face`` is ``None`` for an unknown face-down card."""

    face: Face | None
    face_up: bool


@dataclass(frozen=True, slots=True)
class PliView:
    """A pli as laid (public). ``eligible``: it holds a Rainbow or a Shadow, so its
    numbered cards will be the trick's score cards."""

    seat: int
    faces: tuple[Face, ...]
    value: int | None
    completed_by: int
    eligible: bool


@dataclass(frozen=True, slots=True)
class HandedView:
    """A score card the last trick's winner handed out: ``face`` is ``None`` when it went
    face down and the viewer does not know it."""

    seat: int
    face: Face | None
    face_up: bool


@dataclass(frozen=True, slots=True)
class LastTrickView:
    """The trick finished last: its plis, who won it, who got which score cards, and its
    round and number within that round."""

    plis: tuple[PliView, ...]
    winner: int
    handed: tuple[HandedView, ...]
    round_no: int
    number: int


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
    last_trick: LastTrickView | None
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

        def plis(items: tuple[PliView, ...]) -> list[dict[str, object]]:
            return [
                {
                    "seat": p.seat,
                    "cards": faces(p.faces),
                    "value": p.value,
                    "completed_by": p.completed_by,
                    "eligible": p.eligible,
                }
                for p in items
            ]

        pending, last = self.pending, self.last_trick
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
            "plis": plis(self.plis),
            "last_trick": None
            if last is None
            else {
                "round": last.round_no,
                "number": last.number,
                "winner": last.winner,
                "plis": plis(last.plis),
                "handed": [
                    {
                        "seat": h.seat,
                        "card": None if h.face is None else h.face.text,
                        "face_up": h.face_up,
                    }
                    for h in last.handed
                ],
            },
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


def _plis(plis: tuple[Pli, ...]) -> tuple[PliView, ...]:
    return tuple(
        PliView(p.seat, _faces(p.cards), p.value, p.completed_by, p.eligible) for p in plis
    )


def _last_trick(state: GameState, seat: int | None, over: bool) -> LastTrickView | None:
    """The last trick: its plis were laid for all to see; a card handed out face down is
    shown as its winner placed it, to the winner alone (the seats that know it now, after a
    Flip say, see it in its row)."""
    last = state.last_trick
    if last is None:
        return None
    handed = tuple(
        HandedView(to, score.card.face if over or score.visible_to(seat) else None, score.face_up)
        for to, score in last.handed
    )
    return LastTrickView(_plis(last.plis), last.winner, handed, *state.last_trick_number)


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
        plis=_plis(state.trick.plis),
        last_trick=_last_trick(state, seat, over),
        owner=state.trick.owner,
        blocked=state.trick.blocked,
        locked=frozenset(s for s in players if state.trick.locked(s)),
        secret_done=tuple(secret is not None for secret in state.secret),
        my_secret=None if seat is None else state.secret[seat],
        pending=_pending_view(state, seat, over),
        rounds=state.rounds,
        outcome=outcome(state),
    )


def _pending_view(state: GameState, seat: int | None, over: bool) -> PendingView | None:
    pending = state.pending
    if isinstance(pending, DrawnCard):
        # A revealed moment (a finished game's replay) shows the card drawn, as every hand.
        mine = over or pending.seat == seat
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
