"""The six Action cards: Flip, Swipe, Block, Eclair, Quantum and Malus.

Each card is checked (:func:`check`) against the state before it leaves its player's hand,
then carried out (:func:`carry_out`). A Quantum lock shields a row from the Action cards of
players outside the locked team; a card that would change nothing is refused, so that the
list of legal actions only offers moves that do something.
"""

from __future__ import annotations

from collections.abc import Iterator

from games.engine.numx.actions import (
    ALL,
    BETWEEN,
    Block,
    CardAction,
    Eclair,
    Flip,
    Malus,
    Quantum,
    Resolve,
    Side,
    Swipe,
    Target,
)
from games.engine.numx.cards import Card, Face, Kind
from games.engine.numx.errors import IllegalAction
from games.engine.numx.plis import take
from games.engine.numx.state import (
    GameState,
    Lock,
    MalusResolution,
    MalusTask,
    ScoreCard,
    replace_at,
)
from games.engine.ruleset import gettext_noop

Rows = tuple[tuple[ScoreCard, ...], ...]


def check(state: GameState, seat: int, action: CardAction) -> None:
    """Raise :class:`IllegalAction` unless ``seat`` may play ``action`` now (targets, locks,
    effect). Whether they hold the card is the caller's business."""
    if not state.config.rules.action_cards:
        raise IllegalAction("action.none", "this mode is played without Action cards")
    match action:
        case Flip(target):
            _check_target(state, target)
            if not _flipped_seats(state, seat, target):
                raise _no_effect_or_locked(
                    state, seat, target, gettext_noop("no score card to flip")
                )
        case Swipe(direction, target):
            _check_target(state, target)
            if not _swipe_moves(state, seat, direction, target):
                raise _no_effect_or_locked(
                    state, seat, target, gettext_noop("no score card can slide")
                )
        case Block(target):
            _check_block(state, seat, target)
        case Eclair(target, mine, theirs):
            _check_eclair(state, seat, target, mine, theirs)
        case Quantum(target):
            _check_target(state, target)
            if Lock(state.config.team_of(target)) in state.trick.locks:
                raise IllegalAction("action.effect", "that score row is already locked")
        case Malus(face, target):
            if face.kind is not Kind.MALUS:
                raise IllegalAction("action.target", "%(card)s is not a Malus card", card=face)
            _check_target(state, target)
            if (
                state.config.malus_on_opponents_only
                and target != ALL
                and target in state.config.team_of(seat)
            ):
                raise IllegalAction("malus.opponent", "a Malus is aimed at opponents")


def carry_out(state: GameState, seat: int, action: CardAction) -> GameState:
    """The effect of a checked Action card (already out of its player's hand)."""
    match action:
        case Flip(target):
            flipped = _flipped_seats(state, seat, target)
            everyone = frozenset(range(state.players))
            rows = tuple(
                tuple(
                    ScoreCard(sc.card, not sc.face_up, everyone if sc.face_up else sc.known_to)
                    for sc in row
                )
                if s in flipped
                else row
                for s, row in enumerate(state.rows)
            )
            return state._replace(rows=rows)
        case Swipe(direction, target):
            moves = _swipe_moves(state, seat, direction, target)
            return state._replace(rows=_slide(state.rows, moves, direction))
        case Block(target):
            blocked = block_targets(state, seat, target)
            return state._replace(trick=state.trick._replace(blocked=state.trick.blocked | blocked))
        case Eclair(target, mine, theirs):
            mine_card, theirs_card = state.rows[seat][mine], state.rows[target][theirs]
            swapped = replace_at(state.rows, seat, _put(state.rows[seat], mine, theirs_card))
            swapped = replace_at(swapped, target, _put(swapped[target], theirs, mine_card))
            return state._replace(rows=swapped)
        case Quantum(target):
            lock = Lock(state.config.team_of(target))
            return state._replace(trick=state.trick._replace(locks=(*state.trick.locks, lock)))
        case Malus(face, target):
            return _start_malus(state, seat, face, target)


def options(state: GameState, seat: int, face: Face) -> Iterator[CardAction]:
    """Every legal way for ``seat`` to play an Action card of ``face``."""
    seats = range(state.players)
    targets: list[Target] = [*seats, ALL]
    candidates: list[CardAction]
    match face.kind:
        case Kind.FLIP:
            candidates = [Flip(t) for t in targets]
        case Kind.SWIPE:
            candidates = [Swipe(d, t) for d in Side for t in targets]
        case Kind.BLOCK:
            candidates = [Block(t) for t in (*seats, ALL, BETWEEN)]
        case Kind.ECLAIR:
            yield from _eclairs(state, seat)
            return
        case Kind.QUANTUM:
            candidates = [Quantum(t) for t in seats]
        case Kind.MALUS:
            candidates = [Malus(face, t) for t in targets]
        case _:
            candidates = []
    for action in candidates:
        try:
            check(state, seat, action)
        except IllegalAction:
            continue
        yield action


# Targets ----------------------------------------------------------------------------------


def _check_target(state: GameState, target: object) -> None:
    if target != ALL and not (isinstance(target, int) and 0 <= target < state.players):
        raise IllegalAction("action.target", "there is no seat %(seat)s", seat=target)


def _targets(state: GameState, target: Target) -> range | tuple[int]:
    return range(state.players) if target == ALL else (int(target),)


def _no_effect_or_locked(
    state: GameState, seat: int, target: Target, message: str
) -> IllegalAction:
    if target != ALL and state.trick.protected(int(target), seat):
        return IllegalAction(
            "action.locked", "seat %(seat)s's score row is under Quantum", seat=target
        )
    return IllegalAction("action.effect", message)


def _flipped_seats(state: GameState, seat: int, target: Target) -> frozenset[int]:
    return frozenset(
        s for s in _targets(state, target) if state.rows[s] and not state.trick.protected(s, seat)
    )


# Swipe ------------------------------------------------------------------------------------


def _swipe_moves(state: GameState, seat: int, direction: Side, target: Target) -> dict[int, int]:
    """Which rows give their end card to which neighbour (source -> destination)."""
    step = 1 if direction is Side.RIGHT else -1
    moves = {}
    for source in _targets(state, target):
        destination = (source + step) % state.players
        if (
            state.rows[source]
            and not state.trick.protected(source, seat)
            and not state.trick.protected(destination, seat)
        ):
            moves[source] = destination
    return moves


def _slide(rows: Rows, moves: dict[int, int], direction: Side) -> Rows:
    """Right: each giver's rightmost card enters the next row at its left end; left: each
    giver's leftmost card enters the previous row at its right end. All at once."""
    sliding = {source: rows[source][-1 if direction is Side.RIGHT else 0] for source in moves}
    new_rows = [
        (row[:-1] if direction is Side.RIGHT else row[1:]) if s in moves else row
        for s, row in enumerate(rows)
    ]
    for source, destination in moves.items():
        card = sliding[source]
        row = new_rows[destination]
        new_rows[destination] = (card, *row) if direction is Side.RIGHT else (*row, card)
    return tuple(new_rows)


# Block ------------------------------------------------------------------------------------


def block_targets(state: GameState, seat: int, target: Target | str) -> frozenset[int]:
    """The seats a Block of ``seat``'s on ``target`` blocks (never its player)."""
    if target == ALL:
        return frozenset(s for s in range(state.players) if s != seat)
    if target == BETWEEN:
        return state.config.between_partners(seat)
    return frozenset((int(target),))


def _check_block(state: GameState, seat: int, target: Target | str) -> None:
    if target == BETWEEN:
        if not state.config.teams:
            raise IllegalAction("block.between", "'between' needs the Teams option")
        return
    _check_target(state, target)
    if target == seat:
        raise IllegalAction("action.target", "you do not block yourself")


# Eclair -----------------------------------------------------------------------------------


def _check_eclair(state: GameState, seat: int, target: int, mine: int, theirs: int) -> None:
    _check_target(state, target)
    if target in state.config.team_of(seat):
        raise IllegalAction("eclair.opponent", "Eclair swaps with an opponent")
    if state.trick.protected(target, seat):
        raise IllegalAction(
            "action.locked", "seat %(seat)s's score row is under Quantum", seat=target
        )
    if not 0 <= mine < len(state.rows[seat]):
        raise IllegalAction(
            "eclair.opponent", "you have no score card at position %(position)s", position=mine
        )
    if not 0 <= theirs < len(state.rows[target]):
        raise IllegalAction(
            "eclair.opponent",
            "seat %(seat)s has no score card at position %(position)s",
            seat=target,
            position=theirs,
        )


def _eclairs(state: GameState, seat: int) -> Iterator[Eclair]:
    """Every legal Eclair of ``seat``: each opponent whose row :func:`check` lets it swap
    with, and every pair of positions in the two rows.

    The swaps with one seat differ only by their positions, all in range here, so the seat
    is checked once: a long row offers hundreds of swaps, and checking each one took most
    of a level-1 bot's slowest moves (``bench/README.md``). Not with a team-mate
    (``eclair.opponent``): one's own long row would offer its length squared swaps.

    >>> from games.engine.numx.modes import GameConfig
    >>> from games.engine.numx.positions import arrange
    >>> state = arrange(GameConfig(3), ["eclair", "", ""], ["red-1 red-2", "blue-3", ""])
    >>> [str(action) for action in _eclairs(state, 0)]
    ['eclair 1 0 0', 'eclair 1 1 0']
    """
    team = state.config.team_of(seat)
    mine = range(len(state.rows[seat]))
    for target in range(state.players):
        if target in team or not mine or not state.rows[target]:
            continue
        try:
            check(state, seat, Eclair(target, 0, 0))
        except IllegalAction:
            continue
        for index in mine:
            for theirs in range(len(state.rows[target])):
                yield Eclair(target, index, theirs)


def _put(row: tuple[ScoreCard, ...], index: int, card: ScoreCard) -> tuple[ScoreCard, ...]:
    return (*row[:index], card, *row[index + 1 :])


# Malus ------------------------------------------------------------------------------------


def _start_malus(state: GameState, seat: int, face: Face, target: Target) -> GameState:
    """Carry out what needs no choice (draws into hands, removing a whole short row) and
    leave the rest to each target, in play order from the Malus player."""
    order = [(seat + step) % state.players for step in range(state.players)]
    targets = [s for s in order if s in malus_targets(state, seat, target)]
    hands = list(state.hands)
    rows = list(state.rows)
    pile = state.pile
    discard = state.discard
    tasks: list[MalusTask] = []
    for s in targets:
        if face.hand > 0:
            hands[s] += pile[: face.hand]
            pile = pile[face.hand :]
        # Never the last card (and nothing from a hand emptied by this very Malus).
        to_discard = max(0, min(-face.hand, len(hands[s]) - 1)) if face.hand < 0 else 0
        to_remove = 0
        drawn: tuple[Card, ...] = ()
        if not state.trick.protected(s, seat):
            if face.score < 0:
                to_remove = min(-face.score, len(rows[s]))
                if to_remove == len(rows[s]):
                    discard += tuple(sc.card for sc in rows[s])
                    rows[s] = ()
                    to_remove = 0
            elif face.score > 0:
                drawn = pile[: face.score]
                pile = pile[face.score :]
        if to_discard or to_remove or drawn:
            tasks.append(MalusTask(s, to_discard, to_remove, drawn))
    return state._replace(
        hands=tuple(hands),
        rows=tuple(rows),
        pile=pile,
        discard=discard,
        pending=MalusResolution(seat, tuple(tasks)) if tasks else None,
    )


def malus_targets(state: GameState, seat: int, target: Target) -> frozenset[int]:
    """The seats a Malus of ``seat``'s on ``target`` hits: from edition 3, opponents only
    (*Sabotez les adversaires … surchargez leur main*), so ``all`` spares its player and,
    with teams, their partner; before, ``all`` hit everyone.

    >>> from games.engine.numx import SECOND_EDITION, GameConfig, new_game
    >>> sorted(malus_targets(new_game(GameConfig(4, teams=True)), 1, ALL))
    [0, 2]
    >>> sorted(malus_targets(new_game(GameConfig(3, edition=SECOND_EDITION)), 1, ALL))
    [0, 1, 2]
    """
    targets = frozenset(_targets(state, target))
    if state.config.malus_on_opponents_only:
        return targets - state.config.team_of(seat)
    return targets


def malus_task(state: GameState, seat: int) -> MalusTask | None:
    """What a pending Malus still asks of ``seat``, if anything."""
    pending = state.pending
    if isinstance(pending, MalusResolution):
        for task in pending.tasks:
            if task.seat == seat:
                return task
    return None


def resolve(state: GameState, task: MalusTask, choice: Resolve) -> GameState:
    """Carry out one target's Malus choices; with the last task done, ``pending`` clears and
    the caller moves play on."""
    seat = task.seat
    if len(choice.discard) != task.discard:
        raise IllegalAction(
            "malus.resolve", "the number of cards to discard is %(n)s", n=task.discard
        )
    if len(set(choice.remove)) != task.remove or len(choice.remove) != task.remove:
        raise IllegalAction(
            "malus.resolve", "the number of score cards to remove is %(n)s", n=task.remove
        )
    if any(not 0 <= index < len(state.rows[seat]) for index in choice.remove):
        raise IllegalAction("malus.resolve", "no score card at that position")
    if len(choice.place) != len(task.drawn):
        raise IllegalAction(
            "malus.resolve", "the number of drawn cards to place is %(n)s", n=len(task.drawn)
        )
    try:
        thrown, hand = take(state.hands[seat], choice.discard)
    except IllegalAction as error:
        raise IllegalAction("malus.resolve", error.template, **error.values) from None
    removed = tuple(state.rows[seat][i].card for i in choice.remove)
    row = tuple(sc for i, sc in enumerate(state.rows[seat]) if i not in choice.remove)
    for card, (face_up, side) in zip(task.drawn, choice.place, strict=True):
        placed = ScoreCard(card, face_up, frozenset() if face_up else frozenset((seat,)))
        row = (placed, *row) if side is Side.LEFT else (*row, placed)
    pending = state.pending
    assert isinstance(pending, MalusResolution)
    tasks = tuple(t for t in pending.tasks if t.seat != seat)
    return state._replace(
        hands=replace_at(state.hands, seat, hand),
        rows=replace_at(state.rows, seat, row),
        discard=state.discard + thrown + removed,
        pending=pending._replace(tasks=tasks) if tasks else None,
    )
