"""Who may act, and with what: the legal actions of a seat, as collections supporting ``in``.

Most moments offer a short list (:class:`ListedActions`). A distribution, a Malus choice and
the chance shuffles offer combinatorially many; their spaces check membership with the same
code :func:`~games.engine.numx.rules.apply` uses, enumerate lazily, and sample uniformly
enough for bots.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Iterator, Sequence
from itertools import combinations, permutations, product
from typing import Protocol

from games.engine.climbing import ListedActions
from games.engine.numx import action_cards, distribution
from games.engine.numx.actions import (
    Action,
    CardAction,
    Complete,
    Deal,
    Distribute,
    Draw,
    Pass,
    Pick,
    Placement,
    Play,
    Refill,
    Reset,
    Resolve,
    Shuffle,
    Side,
    TakeBack,
)
from games.engine.numx.cards import NUMX, Card, Face, rainbow
from games.engine.numx.errors import IllegalAction
from games.engine.numx.plis import can_open, possible_plays
from games.engine.numx.rounds import cards_in_order
from games.engine.numx.rules import opens_alone
from games.engine.numx.state import (
    CHANCE,
    Distributing,
    DrawnCard,
    GameState,
    MalusResolution,
    MalusTask,
    Phase,
)


class ActionSpace(Protocol):
    """The legal actions of one seat at one moment."""

    #: Few enough to offer one by one (see :class:`games.engine.ruleset.Actions`).
    listable: bool

    def __contains__(self, action: object) -> bool: ...

    def __iter__(self) -> Iterator[Action]: ...

    def __bool__(self) -> bool: ...

    def sample(self, rng: random.Random) -> Action:
        """One legal action, at random."""
        ...


NO_ACTIONS: ListedActions[Action] = ListedActions(())

#: Which of a pool's Action-card options to offer (see :func:`play_moves`).
Narrowing = Callable[[list[CardAction]], list[CardAction]]


def to_act(state: GameState) -> frozenset[int]:
    """Every seat that may act now, :data:`CHANCE` included, out-of-turn completers too.

    This knows who holds which Rainbow: it is for the server (whom to ask), never for
    players. Players see :func:`awaiting`.
    """
    seats = awaiting(state)
    if state.phase is Phase.PLAY and state.pending is None:
        completer = _completer(state)
        if completer is not None:
            seats |= {completer}
    return seats


def awaiting(state: GameState) -> frozenset[int]:
    """The seats whose decision the game is waiting for (public knowledge)."""
    phase = state.phase
    if phase in (Phase.DEAL, Phase.RESHUFFLE):
        return frozenset((CHANCE,))
    if phase in (Phase.OPENING_PICK, Phase.BETWEEN_ROUNDS):
        return frozenset(seat for seat, secret in enumerate(state.secret) if secret is None)
    pending = state.pending
    if isinstance(pending, (DrawnCard, Distributing)):
        return frozenset((pending.seat if isinstance(pending, DrawnCard) else pending.winner,))
    if isinstance(pending, MalusResolution):
        return frozenset(task.seat for task in pending.tasks)
    if phase is Phase.PLAY:
        return frozenset((state.turn,))
    return frozenset()


def _completer(state: GameState) -> int | None:
    """The seat that could complete the top pli with its Rainbow right now, if any."""
    trick = state.trick
    top = trick.top
    if top is None or top.value is None:
        return None
    face = rainbow(top.value)
    for seat, hand in enumerate(state.hands):
        if trick.completable_by(seat, face) and any(card.face is face for card in hand):
            return seat
    return None


def legal_actions(state: GameState, seat: int) -> ActionSpace:
    """Everything ``seat`` (or :data:`CHANCE`) may do now; empty when nothing."""
    phase = state.phase
    if seat == CHANCE:
        return ChanceSpace(state) if phase in (Phase.DEAL, Phase.RESHUFFLE) else NO_ACTIONS
    if not 0 <= seat < state.players or phase in (Phase.DEAL, Phase.RESHUFFLE, Phase.GAME_OVER):
        return NO_ACTIONS
    if phase is Phase.OPENING_PICK:
        if state.secret[seat] is not None:
            return NO_ACTIONS
        return ListedActions(Pick(card.face) for card in sorted(state.hands[seat]))
    if phase is Phase.BETWEEN_ROUNDS:
        return ListedActions(() if state.secret[seat] is not None else (Refill(), Reset()))
    pending = state.pending
    if isinstance(pending, Distributing):
        return DistributionSpace(state) if seat == pending.winner else NO_ACTIONS
    if isinstance(pending, MalusResolution):
        task = action_cards.malus_task(state, seat)
        return ResolveSpace(state, task) if task else NO_ACTIONS
    return ListedActions(play_moves(state, seat))


def play_moves(state: GameState, seat: int, narrow: Narrowing | None = None) -> list[Action]:
    """``seat``'s moves in play, outside a distribution or a Malus: a drawn card's uses,
    its turn's moves, a completion out of turn. With ``narrow``, each hand's (or hand and
    taken-back card's) Action-card options are cut down to those it keeps: a bot's way to
    weigh a few of hundreds of Eclairs without listing every pli with each of them.

    >>> from games.engine.numx.modes import GameConfig
    >>> from games.engine.numx.positions import arrange
    >>> state = arrange(GameConfig(2), ["blue-2 eclair", ""], ["green-3", "red-1 red-2"])
    >>> [str(move) for move in play_moves(state, 0)]
    ['play blue-2', 'eclair 1 0 0', 'eclair 1 0 1', 'draw']
    >>> [str(move) for move in play_moves(state, 0, lambda options: options[:1])]
    ['play blue-2', 'eclair 1 0 0', 'draw']
    """
    keep = narrow or _every
    pending = state.pending
    if isinstance(pending, DrawnCard):
        if seat != pending.seat:
            return []
        face = pending.card.face
        return [*_uses(state, seat, state.hands[seat], face, keep), *_completion(state, seat, face)]
    actions: list[Action] = []
    if seat == state.turn:
        actions.extend(_turn_actions(state, seat, keep))
    if _completer(state) == seat:
        top = state.trick.top
        assert top is not None and top.value is not None
        actions.append(Complete(rainbow(top.value)))
    return actions


def _every(options: list[CardAction]) -> list[CardAction]:
    return options


def _turn_actions(state: GameState, seat: int, keep: Narrowing) -> Iterator[Action]:
    trick = state.trick
    top = trick.top
    hand = state.hands[seat]
    if seat in trick.blocked:
        yield Pass()
        if top is not None and any(card.face is NUMX for card in hand):
            yield Play((NUMX,))
        return
    yield from _uses(state, seat, hand, None, keep)
    for index, score in enumerate(state.rows[seat]):
        if score.face_up:
            row = state.rows[seat]
            taken = state._replace(
                rows=(
                    *state.rows[:seat],
                    (*row[:index], *row[index + 1 :]),
                    *state.rows[seat + 1 :],
                )
            )
            for use in _uses(taken, seat, (score.card, *hand), score.card.face, keep):
                if not (isinstance(use, Play) and opens_alone(state, use)):
                    yield TakeBack(index, use)
            for completion in _completion(state, seat, score.card.face):
                yield TakeBack(index, completion)
    if state.pile:
        yield Draw()
    if top is not None or not can_open(hand):
        yield Pass()


def _completion(state: GameState, seat: int, face: Face) -> tuple[Complete, ...]:
    """Completing the top pli with a drawn or taken-back ``face``, if this game's edition
    allows it and the card fits."""
    if state.config.completes_when_drawn and state.trick.completable_by(seat, face):
        return (Complete(face),)
    return ()


def _uses(
    state: GameState, seat: int, pool: Sequence[Card], required: Face | None, keep: Narrowing
) -> Iterator[Play | CardAction]:
    """Plis from ``pool`` (with their Shadow bonus options) and Action cards to play;
    with ``required``, only those that play that face. Of the pool's Action-card options,
    only those ``keep`` keeps are offered, as bonuses and alone alike."""
    bonuses: list[CardAction] | None = None
    for play in possible_plays(pool, state.trick.top, required, state.config.pli_rules):
        yield play
        if any(face.is_shadow for face in play.faces):
            if bonuses is None:
                bonuses = keep(list(_card_actions(state, seat, pool, None)))
            for bonus in bonuses:
                yield Play(play.faces, play.value, bonus)
    if required is None and bonuses is not None:
        yield from bonuses  # the same options, played alone
    else:
        yield from keep(list(_card_actions(state, seat, pool, required)))


def _card_actions(
    state: GameState, seat: int, pool: Sequence[Card], required: Face | None
) -> Iterator[CardAction]:
    if not state.config.rules.action_cards:
        return
    faces = dict.fromkeys(card.face for card in pool if card.face.is_action)
    for face in faces:
        if required is None or face is required:
            yield from action_cards.options(state, seat, face)


class ChanceSpace:
    """Chance's choices: every order of the cards to deal (or to shuffle before round 2)."""

    listable = False

    def __init__(self, state: GameState) -> None:
        self._state = state
        self._deal = state.phase is Phase.DEAL
        self._cards = state.config.deck if self._deal else state.pile

    def _make(self, order: Iterable[Face]) -> Action:
        return Deal(tuple(order)) if self._deal else Shuffle(tuple(order))

    def __contains__(self, action: object) -> bool:
        if not isinstance(action, Deal if self._deal else Shuffle):
            return False
        try:
            cards_in_order(action.order, self._cards, "chance.deck")
        except IllegalAction:
            return False
        return True

    def __iter__(self) -> Iterator[Action]:
        faces = [card.face for card in self._cards]
        seen: set[tuple[Face, ...]] = set()
        for order in permutations(faces):
            if order not in seen:
                seen.add(order)
                yield self._make(order)

    def __bool__(self) -> bool:
        return True

    def sample(self, rng: random.Random) -> Action:
        order = [card.face for card in self._cards]
        rng.shuffle(order)
        return self._make(order)


class DistributionSpace:
    """The winner's possible distributions.

    Membership accepts any legal distribution, in any placement order. Iteration gives one
    distribution per assignment of cards (to a seat, face up or down, left or right, or to
    the discard), placing cards in trick order.
    """

    listable = False

    def __init__(self, state: GameState) -> None:
        pending = state.pending
        assert isinstance(pending, Distributing)
        self._pending = pending
        self._players = state.players

    def __contains__(self, action: object) -> bool:
        if not isinstance(action, Distribute):
            return False
        try:
            distribution.check(self._pending, action, self._players)
        except IllegalAction:
            return False
        return True

    def _slots(self) -> list[tuple[int, bool, Side] | None]:
        receivers = sorted(self._pending.receivers)
        return [None, *product(receivers, (True, False), Side)]

    def __iter__(self) -> Iterator[Action]:
        faces = [card.face for card in self._pending.cards]
        for choice in product(self._slots(), repeat=len(faces)):
            action = Distribute(
                tuple(
                    Placement(face, *slot) for face, slot in zip(faces, choice, strict=True) if slot
                )
            )
            if action in self:
                yield action

    def __bool__(self) -> bool:
        return True

    def sample(self, rng: random.Random) -> Action:
        pending = self._pending
        cards = list(pending.cards)
        rng.shuffle(cards)
        limit = 1 if pending.blank else min(len(cards), pending.cap * len(pending.receivers))
        count = rng.randint(pending.minimum, max(pending.minimum, limit))
        seats = [seat for seat in sorted(pending.receivers) for _ in range(pending.cap)]
        rng.shuffle(seats)
        return Distribute(
            tuple(
                Placement(card.face, seat, rng.random() < 0.5, rng.choice((Side.LEFT, Side.RIGHT)))
                for card, seat in zip(cards[:count], seats, strict=False)
            )
        )


class ResolveSpace:
    """A Malus target's possible choices."""

    listable = False

    def __init__(self, state: GameState, task: MalusTask) -> None:
        self._state = state
        self._task = task

    def __contains__(self, action: object) -> bool:
        if not isinstance(action, Resolve):
            return False
        try:
            action_cards.resolve(self._state, self._task, action)
        except IllegalAction:
            return False
        return True

    def __iter__(self) -> Iterator[Action]:
        task = self._task
        hand = sorted(card.face for card in self._state.hands[task.seat])
        discards = dict.fromkeys(combinations(hand, task.discard))
        removals = combinations(range(len(self._state.rows[task.seat])), task.remove)
        slots = list(product((True, False), Side))
        for discard, remove, place in product(
            discards, list(removals), product(slots, repeat=len(task.drawn))
        ):
            yield Resolve(discard, remove, place)

    def __bool__(self) -> bool:
        return next(iter(self), None) is not None

    def sample(self, rng: random.Random) -> Action:
        task = self._task
        hand = [card.face for card in self._state.hands[task.seat]]
        row = range(len(self._state.rows[task.seat]))
        return Resolve(
            tuple(rng.sample(hand, task.discard)),
            tuple(rng.sample(row, task.remove)),
            tuple((rng.random() < 0.5, rng.choice((Side.LEFT, Side.RIGHT))) for _ in task.drawn),
        )
