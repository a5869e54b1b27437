"""Commands: the only way a game changes.

Each command follows one shape (check, write, then notify): the rules engine checks the
move against the state rebuilt from the events; the new events are appended and the read
models rewritten in one transaction; once it has committed, the consumers are asked to
react. An illegal move raises the engine's ``IllegalAction`` and writes nothing.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction

from games import tasks
from games.engine.ruleset import RuleSet
from games.events import store
from games.events.batch import Statement, among, write_together
from games.events.models import Event
from games.events.store import CREATED, Loaded, NewEvent
from games.models import Game, Seat, StandingOrder
from games.read_models import MoveContext, assumed_context, move_context, projection
from games.registry import rule_set

_SYSTEM_RANDOM = secrets.SystemRandom()


class Conflict(Exception):
    """Another move was recorded first. ``sequence`` and ``state`` are the game as it now
    stands, so the player can look again and decide."""

    def __init__(self, game_id: int, loaded: Loaded, message: str) -> None:
        self.game_id = game_id
        self.sequence = loaded.sequence
        self.state = loaded.state
        super().__init__(message)


class NotSeated(PermissionError):
    """The user does not hold that seat in that game."""


class NotStarted(ValueError):
    """The game has no events yet: its table is still being set."""


class KeyReused(ValueError):
    """An idempotency key already recorded a different move."""


@dataclass(frozen=True)
class SeatSpec:
    """Who sits at a new game's seat: a user, or a named bot."""

    name: str
    user: AbstractBaseUser | None = None
    is_bot: bool = False


@dataclass(frozen=True)
class Submitted:
    """A recorded move: the events it produced and the game's state after them.

    ``duplicate`` is true when the same submission (same idempotency key) had already been
    recorded: nothing new was written.
    """

    game_id: int
    sequence: int
    events: tuple[Event, ...]
    state: Any
    duplicate: bool = False


def game_create(
    *,
    name: str,
    config: dict[str, Any],
    seats: Sequence[SeatSpec],
    created_by: AbstractBaseUser | None = None,
    rules: str = "numx",
    rng: random.Random | None = None,
) -> Game:
    """Create a game with its seats filled, record its creation and deal it."""
    rule_set(rules).new_game(config)  # refuses configurations the rules do not allow
    if len(seats) != config.get("players"):
        raise ValueError(f"{config.get('players')} players need as many seats, not {len(seats)}")
    with transaction.atomic():
        game = Game.objects.create(name=name, rules=rules, config=config, created_by=created_by)
        Seat.objects.bulk_create(
            Seat(game=game, number=number, user=spec.user, name=spec.name, is_bot=spec.is_bot)
            for number, spec in enumerate(seats)
        )
        start_recording(game, created_by, rng)
    game.refresh_from_db()
    return game


def start_recording(
    game: Game, actor: AbstractBaseUser | None, rng: random.Random | None = None
) -> None:
    """Record a seated game's creation and its deal: from now on the events are the game.

    Runs in the caller's transaction; a game that already has events cannot start again
    (its first event number is taken).
    """
    rules = rule_set(game.rules)
    seats = list(game.seats.order_by("number").values("name", "is_bot"))
    created = NewEvent(
        CREATED,
        {
            "rules": game.rules,
            "config": game.config,
            "seats": [{"name": seat["name"], "bot": seat["is_bot"]} for seat in seats],
        },
        actor_id=actor.pk if actor is not None else None,
    )
    state, follow = _follow(rules, rules.new_game(game.config), rng)
    sequence = 1 + len(follow)
    store.append(
        game.pk, rules, 0, [created, *follow], also=projection(game.pk, rules, state, sequence)
    )
    _after_commit(game.pk, Loaded(state, sequence, game.rules))


def game_submit(
    *,
    game_id: int,
    seat: int,
    action: Any,
    expected_sequence: int,
    actor: AbstractBaseUser | None = None,
    idempotency_key: str | None = None,
    rng: random.Random | None = None,
    reason: str | None = None,
) -> Submitted:
    """Record ``seat``'s ``action`` (a rule-set action) if it is legal now.

    ``expected_sequence`` is the number of the last event the player saw: if the game has
    moved on, :class:`Conflict`. ``actor`` (None for the system: bots, deadlines) must hold
    the seat. The same ``idempotency_key`` sent twice records the move once. ``reason``
    records why the system made a move for a player (``deadline``...).
    """
    actor_id = actor.pk if actor is not None else None
    move = _Move(game_id, seat, action, actor_id, idempotency_key, rng, reason)
    # No transaction around the reads: the append is the one decision, and the (game,
    # sequence) constraint makes it against any move recorded since. The writes are one
    # transaction of their own, sent at once (store.append).
    try:
        known = store.CACHE.get(game_id)
        if known is not None and known.sequence == expected_sequence:
            # The state the player saw is the one this process remembers: the move is made
            # from it with no query before the write, which checks what it assumes.
            try:
                checked = assumed_context(game_id, seat, actor_id)
                return _record(move, known, _assumed(known), provided=checked)
            except (store.Unmet, ValueError):
                # A standing order is set, or the actor does not hold the seat; or the rules
                # refused the move (a ValueError naming the rule), which is answered only
                # once the seat is known to be the actor's, so that nobody learns about a
                # hand by moving for a seat not theirs. Either way: the long way, below.
                pass
        context = move_context(game_id, seat, actor_id)
        if actor_id is not None and not context.holds_seat:
            raise NotSeated(f"you do not hold seat {seat} of this game")
        if idempotency_key is not None:
            rules = rule_set(context.rules)
            recorded = _recorded(game_id, idempotency_key, seat, rules.action_to_json(action))
            if recorded is not None:
                return recorded
        loaded = store.load(game_id, context.rules, last=context.last_sequence)
        if loaded.state is None:
            raise NotStarted("this game has not started yet")
        if loaded.sequence != expected_sequence:
            raise Conflict(
                game_id, loaded, f"the game moved on to {loaded.sequence} since you looked"
            )
        return _record(move, loaded, context)
    except (store.SequenceTaken, store.DuplicateKey) as lost:
        rules = rule_set(Game.objects.values_list("rules", flat=True).get(pk=game_id))
        if idempotency_key is not None:
            # The move that won the race may be this very submission, sent twice at once
            # (PostgreSQL checks the sequence before the idempotency key).
            recorded = _recorded(game_id, idempotency_key, seat, rules.action_to_json(action))
            if recorded is not None:
                return recorded
        current = store.load(game_id, rules.name)
        raise Conflict(game_id, current, "another move was recorded first") from lost


@dataclass(frozen=True)
class _Move:
    """A submission, as ``game_submit`` received it."""

    game_id: int
    seat: int
    action: Any
    actor_id: int | None
    idempotency_key: str | None = None
    rng: random.Random | None = None
    reason: str | None = None


def _assumed(known: Loaded) -> MoveContext:
    """A move's context taken as the usual one, from the state ``known`` (the game's latest,
    unless another process recorded a move since): the actor holds the seat and no standing
    order is set. The move's append checks these (``read_models.assumed_context``), and the
    (game, sequence) constraint the rest."""
    awaiting = sorted(rule_set(known.rules).progress(known.state).awaiting)
    return MoveContext(known.rules, known.sequence, awaiting, holds_seat=True, has_orders=False)


def _record(
    move: _Move, loaded: Loaded, context: MoveContext, provided: Statement | None = None
) -> Submitted:
    """Check ``move`` against ``loaded`` (the state it was made from) and record it with
    what follows it: milestones, chance's moves, standing orders' passes. The append is
    made on the condition ``provided``, if any (:class:`store.Unmet` if it does not hold)."""
    rules = rule_set(context.rules)
    after = rules.apply(loaded.state, move.seat, move.action)
    payload = store.action_payload(rules, loaded.state, move.seat, move.action, after)
    played = NewEvent(
        rules.action_type(move.action),
        {**payload, "reason": move.reason} if move.reason else payload,
        seat=move.seat,
        actor_id=move.actor_id,
        idempotency_key=move.idempotency_key,
    )
    milestones = [NewEvent(t, p) for t, p in rules.milestones(loaded.state, after)]
    state, follow = _follow(rules, after, move.rng)
    ordered = (
        _standing_orders(move.game_id, rules, state, move.rng)
        if context.has_orders
        else Ordered(state)
    )
    new = [played, *milestones, *follow, *ordered.events]
    sequence = loaded.sequence + len(new)
    events = store.append(
        move.game_id,
        rules,
        loaded.sequence,
        new,
        also=[
            *ordered.lapse(),
            *projection(
                move.game_id, rules, ordered.state, sequence, awaiting_before=context.awaiting
            ),
        ],
        provided=provided,
    )
    _after_commit(move.game_id, Loaded(ordered.state, sequence, rules.name))
    return Submitted(move.game_id, sequence, tuple(events), ordered.state)


def _recorded(game_id: int, key: str, seat: int, action_json: dict[str, Any]) -> Submitted | None:
    """The earlier recording of the same submission, if any."""
    event = Event.objects.filter(game_id=game_id, idempotency_key=key).first()
    if event is None:
        return None
    payload = {k: v for k, v in event.payload.items() if k not in ("facts", "effects", "reason")}
    if event.seat != seat or payload != action_json:
        raise KeyReused("this idempotency key was used for another move")
    current = store.load(game_id, Game.objects.values_list("rules", flat=True).get(pk=game_id))
    return Submitted(game_id, current.sequence, (event,), current.state, duplicate=True)


def _follow(rules: RuleSet, state: Any, rng: random.Random | None) -> tuple[Any, list[NewEvent]]:
    """Chance's moves (deals, shuffles), drawn now and recorded, until a player must act."""
    events: list[NewEvent] = []
    while (chance := rules.chance_action(state, rng or _SYSTEM_RANDOM)) is not None:
        after = rules.apply(state, rules.chance, chance)
        events.append(
            NewEvent(rules.action_type(chance), rules.action_to_json(chance), rules.chance)
        )
        events += [NewEvent(t, p) for t, p in rules.milestones(state, after)]
        state = after
    return state, events


@dataclass(frozen=True)
class Ordered:
    """What the standing orders did: the state after their passes, the passes, and the
    orders that lapsed (their trick is over), to be deleted with the append."""

    state: Any
    events: list[NewEvent] = field(default_factory=list)
    lapsed: tuple[int, ...] = ()

    def lapse(self) -> list[Statement]:
        """The statement deleting the lapsed orders, if any lapsed."""
        if not self.lapsed:
            return []
        return [Statement(f"DELETE FROM {_ORDERS} WHERE {among('id', self.lapsed)}", self.lapsed)]


_ORDERS = StandingOrder._meta.db_table


def _standing_orders(
    game_id: int, rules: RuleSet, state: Any, rng: random.Random | None
) -> Ordered:
    """Passes that players ordered in advance for the rest of the trick, made as soon as it
    is their turn and passing is legal; an order lapses when its trick is over."""
    events: list[NewEvent] = []
    lapsed: list[int] = []
    orders = list(
        StandingOrder.objects.filter(seat__game_id=game_id).values_list(
            "pk", "kind", "trick", "round_no", "seat__number"
        )
    )
    if rules.pass_notation is None:
        return Ordered(state)
    pass_move = rules.parse_action(rules.pass_notation)
    while orders and not rules.is_terminal(state):
        progress = rules.progress(state)
        now = (progress.step, progress.round)
        lapsed += [order[0] for order in orders if (order[2], order[3]) != now]
        orders = [order for order in orders if order[0] not in lapsed]
        passing = [
            order[4]
            for order in orders
            if order[1] == StandingOrder.Kind.PASS and order[4] in progress.awaiting
        ]
        seat = next((s for s in passing if pass_move in rules.legal_actions(state, s)), None)
        if seat is None:
            break
        after = rules.apply(state, seat, pass_move)
        events.append(
            NewEvent("pass", {**rules.action_to_json(pass_move), "reason": "standing-order"}, seat)
        )
        events += [NewEvent(t, p) for t, p in rules.milestones(state, after)]
        state, follow = _follow(rules, after, rng)
        events += follow
    return Ordered(state, events, tuple(lapsed))


def set_standing_orders(*, game: Game, seat: int, kinds: set[str]) -> None:
    """Replace ``seat``'s standing orders by ``kinds``, for the trick now being played; a
    pass already due (it is the player's turn) is made at once."""
    rules = rule_set(game.rules)
    try:
        with transaction.atomic():
            loaded = store.load(game.pk, game.rules)
            progress = rules.progress(loaded.state)
            holder = Seat.objects.get(game=game, number=seat)
            holder.standing_orders.all().delete()
            StandingOrder.objects.bulk_create(
                StandingOrder(seat=holder, kind=kind, trick=progress.step, round_no=progress.round)
                for kind in kinds
            )
            ordered = _standing_orders(game.pk, rules, loaded.state, None)
            if not ordered.events:
                write_together(ordered.lapse())
                return
            sequence = loaded.sequence + len(ordered.events)
            store.append(
                game.pk,
                rules,
                loaded.sequence,
                ordered.events,
                also=[*ordered.lapse(), *projection(game.pk, rules, ordered.state, sequence)],
            )
            _after_commit(game.pk, Loaded(ordered.state, sequence, game.rules))
    except store.SequenceTaken as taken:
        current = store.load(game.pk, game.rules)
        raise Conflict(game.pk, current, "another move was recorded first") from taken


def _after_commit(game_id: int, loaded: Loaded) -> None:
    """Once committed: remember the state in this process, and wake the consumers."""

    def react() -> None:
        store.CACHE.put(game_id, loaded)
        tasks.dispatch_events.delay(game_id)

    transaction.on_commit(react, robust=True)
