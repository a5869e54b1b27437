"""Commands: the only way a game changes.

Each command follows one shape (check, write, then notify): the rules engine checks the
move against the state rebuilt from the events; the new events are appended and the read
models rewritten in one transaction; once it has committed, the consumers are asked to
react. An illegal move raises the engine's ``IllegalAction`` and writes nothing.

Chance's moves are drawn from the game's committed seed (:class:`Chance`), whatever
randomness a caller passes for its own choices.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from django.conf import settings
from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.utils.translation import gettext as _

from games import tasks
from games.engine.ruleset import IllegalAction, RuleSet
from games.events import chain, store
from games.events.models import Event
from games.events.store import CREATED, NewEvent, StateAt
from games.models import Game, Seat, StandingOrder
from games.read_models import MoveContext, move_context, project
from games.registry import rule_set

_SYSTEM_RANDOM = secrets.SystemRandom()


class Conflict(Exception):
    """Another move was recorded first. ``sequence`` and ``state`` are the game as it now
    stands, so the player can look again and decide."""

    def __init__(self, game_id: int, current: StateAt, message: str) -> None:
        self.game_id = game_id
        self.sequence = current.sequence
        self.state = current.state
        super().__init__(message)


class NotSeated(PermissionError):
    """The user does not hold that seat in that game."""


class NotStarted(ValueError):
    """The game has no events yet: its table is still being set."""


class Aborted(NotStarted):
    """The game was called off before anybody moved (``games.endings.abort``): like a
    table still being set, it takes no move. Its words are the refusal's, wherever said."""

    def __init__(self, *args: object) -> None:
        super().__init__(*args or (_("This game was called off before anybody moved."),))


class HandedOver(NotSeated):
    """The site plays the seat to the end (``games.endings``): its player resigned, or
    every other player did. Its words are the refusal's, wherever said."""

    def __init__(self, *args: object) -> None:
        said = _("A bot plays this seat to the end of the game: it takes no more moves from you.")
        super().__init__(*args or (said,))


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
    name: str = "",
    config: dict[str, Any],
    seats: Sequence[SeatSpec],
    created_by: AbstractBaseUser | None = None,
    rules: str = "numx",
    rng: random.Random | None = None,
    public: bool = False,
    name_msgid: str = "",
    name_args: Mapping[str, Any] | None = None,
) -> Game:
    """Create a game with its seats filled, record its creation and deal it. A
    ``public`` game is watched by anyone; a private one only by whoever was given it
    (``games.access``). ``rng``: chance is drawn with it instead of a committed seed
    (tests, simulations and benchmarks that want the same deals each run).

    The game is called ``name``, as a player typed it; or, for a name the site gives,
    ``name_msgid`` (a message marked with ``gettext_noop``) filled with ``name_args``,
    which each reader reads in their language (``Game.display_name``) and whose text in
    the active language is kept as ``name``."""
    rule_set(rules).new_game(config)  # refuses configurations the rules do not allow
    if len(seats) != config.get("players"):
        raise ValueError(f"{config.get('players')} players need as many seats, not {len(seats)}")
    game = Game(
        name=name,
        name_msgid=name_msgid,
        name_args=dict(name_args or {}),
        rules=rules,
        config=config,
        created_by=created_by,
        is_public=public,
    )
    game.name = game.display_name[: Game._meta.get_field("name").max_length]
    with transaction.atomic():
        game.save()
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
    Its hash chain is opened first, with the seed its chance is drawn from (without one if
    the caller draws chance with ``rng``). The creation records who plays (the seats) and
    which game this is (the site, its number, its name): chained, what its log says of
    them is vouched for (``games.events.log``).

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
            "game": {"site": settings.SITE_URL, "id": game.pk, "name": game.name},
        },
        actor_id=actor.pk if actor is not None else None,
    )
    with transaction.atomic():
        opened = store.open_chain(game.pk, game.rules, game.config, committed=rng is None)
        draw = Chance(game.pk, rng, opened.seed)
        state, chance = _chance_moves(rules, rules.new_game(game.config), draw, 2)
        sequence = 1 + len(chance)
        store.append(game.pk, rules, expected_last=0, events=[created, *chance])
        project(game.pk, rules, state, sequence)
        react_after_commit(game.pk, StateAt(state, sequence, game.rules))


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
    moved on, :class:`Conflict`; a finished game refuses the move for its rule that the
    game is over (``IllegalAction``), whatever the number. ``actor`` (None for the system:
    bots, deadlines) must hold the seat. The same ``idempotency_key`` sent twice records
    the move once. ``reason`` records why the system made a move for a player
    (``deadline``...). ``rng`` draws the chance moves that follow only in a game without a
    committed seed.
    """
    actor_id = actor.pk if actor is not None else None
    move = _Move(game_id, seat, action, actor_id, idempotency_key, rng, reason)
    attempt = 0
    while True:
        attempt += 1
        # No lock and no transaction around the reads: the append is the one decision, and
        # the (game, sequence) constraint makes it against any move recorded since.
        context, rules, current = _as_it_stands(game_id, seat, actor_id)
        try:
            # A finished game refuses every move for its own rule (the game is over),
            # whatever state the move was chosen at: a conflict would send the player back
            # to look for a move where none is left.
            over = rules.is_terminal(current.state)
            if not over and not still_valid(rules, game_id, seat, expected_sequence, current):
                raise Conflict(game_id, current, _stale(expected_sequence, current.sequence))
            return _record(move, rules, current, context)
        except (Conflict, IllegalAction, store.AppendRefused) as lost:
            if idempotency_key is not None:
                # The key is looked up only for a move that cannot be recorded as it stands.
                # The move that moved the game on may be this very submission, sent again or
                # twice at once: it answers as the one recorded (a submission recorded
                # earlier always lands here, its recording moved the game past its expected
                # sequence). A key that recorded another move is said to be so, before what
                # the move breaks.
                recorded = _recorded(game_id, idempotency_key, seat, rules.action_to_json(action))
                if recorded is not None:
                    return recorded
            if isinstance(lost, Conflict | IllegalAction):
                raise
            refused = store.reason(lost)
            if not isinstance(refused, store.SequenceTaken) or attempt == _ATTEMPTS:
                now = store.load(game_id, rules.name)
                raise Conflict(game_id, now, _("another move was recorded first")) from refused
            # Another seat's move took the number this one expected, an instant earlier: the
            # move is judged again against the game as it now stands.


@dataclass(frozen=True)
class Checked:
    """A dry run's verdict on a move: the state it was judged against, and the engine's
    refusal if it refused it."""

    current: StateAt
    refused: IllegalAction | None


def game_check(
    *, game_id: int, seat: int, action: Any, actor: AbstractBaseUser | None = None
) -> Checked:
    """Judge ``seat``'s ``action`` as :func:`game_submit` would against the game as it
    stands, and write nothing: a dry run (send the ``sequence`` judged against as the
    move's ``expected_sequence`` to play it). Raises :class:`NotSeated`,
    :class:`NotStarted`."""
    _, rules, current = _as_it_stands(game_id, seat, None if actor is None else actor.pk)
    try:
        rules.apply(current.state, seat, action)
    except IllegalAction as refused:
        return Checked(current, refused)
    return Checked(current, None)


def _as_it_stands(
    game_id: int, seat: int, actor_id: int | None
) -> tuple[MoveContext, RuleSet, StateAt]:
    """What a move of ``seat`` by ``actor_id`` (None: the system) is judged against: the
    game's row, its rules and its state now."""
    context = move_context(game_id, seat, actor_id)
    if context.status == Game.Status.ABORTED:
        raise Aborted
    if actor_id is not None and not context.holds_seat:
        raise NotSeated(f"you do not hold seat {seat} of this game")
    if actor_id is not None and context.handed_over:
        raise HandedOver
    rules = rule_set(context.rules)
    current = store.load(game_id, context.rules, last=context.last_sequence)
    if current.state is None:
        raise NotStarted("this game has not started yet")
    return context, rules, current


#: How many times a move is judged again when other seats' moves, recorded an instant
#: earlier, took its event number while leaving its choice whole (a simultaneous step):
#: each retry follows somebody else's recorded move, so more than the seats of the largest
#: table racing at once is a bound, not a limit players meet.
_ATTEMPTS = 20


def _stale(expected: int, current: int) -> str:
    """Why a move sent as chosen at event ``expected`` is not judged at ``current``: the
    game moved on since, or it never stood there (a bot's off-by-one, another game's
    number), which no waiting mends."""
    if expected > current:
        return _(
            "expected_sequence %(expected)d is ahead of the game, which stands at %(current)d"
        ) % {
            "expected": expected,
            "current": current,
        }
    return _("the game moved on to %(current)d since you looked") % {"current": current}


def still_valid(
    rules: RuleSet, game_id: int, seat: int, expected_sequence: int, current: StateAt
) -> bool:
    """Whether ``seat``'s move, chosen when the game stood at ``expected_sequence``, may be
    recorded now that it stands at ``current``: it is the same moment, or the seat could
    act then and its choice rests on the same things now (``RuleSet.decision_basis``: only
    moves hidden from it, such as another seat's secret placement in a simultaneous step,
    or moves that change nothing it may do, came in between). Otherwise the move is stale.
    """
    if current.sequence == expected_sequence:
        return True
    if not 0 < expected_sequence < current.sequence:
        return False
    then = store.load(game_id, rules.name, upto=expected_sequence).state
    return (
        then is not None
        and seat in rules.to_act(then)
        and rules.decision_basis(then, seat) == rules.decision_basis(current.state, seat)
    )


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


def _record(move: _Move, rules: RuleSet, current: StateAt, context: MoveContext) -> Submitted:
    """Check ``move`` against ``current`` (the state it was made from) and record it with
    what follows it: milestones, chance's moves, standing orders' passes; the read models
    rewritten in the same transaction. ``context``: the game's row as the move read it."""
    after = rules.apply(current.state, move.seat, move.action)
    payload = store.action_payload(rules, current.state, move.seat, move.action, after)
    played = NewEvent(
        rules.action_type(move.action),
        {**payload, "reason": move.reason} if move.reason else payload,
        seat=move.seat,
        actor_id=move.actor_id,
        idempotency_key=move.idempotency_key,
    )
    milestones = [NewEvent(t, p) for t, p in rules.milestones(current.state, after)]
    draw = Chance(move.game_id, move.rng)
    at = current.sequence + 2 + len(milestones)
    state, chance = _chance_moves(rules, after, draw, at)
    obeyed = (
        _standing_orders(move.game_id, rules, state, draw, at + len(chance))
        if context.has_orders
        else OrdersObeyed(state)
    )
    new = [played, *milestones, *chance, *obeyed.events]
    sequence = current.sequence + len(new)
    with transaction.atomic():
        # Lapsed orders first, as set_standing_orders changes orders before it appends: two
        # transactions taking their locks in the same order cannot deadlock.
        obeyed.delete_lapsed()
        # The link read with the game's row is the one to follow if the move starts there.
        chain_end = context.chain_end if context.last_sequence == current.sequence else None
        events = store.append(
            move.game_id, rules, expected_last=current.sequence, events=new, chain_end=chain_end
        )
        project(
            move.game_id,
            rules,
            obeyed.state,
            sequence,
            awaiting_before=context.awaiting,
            moved=move.seat,
        )
        react_after_commit(move.game_id, StateAt(obeyed.state, sequence, rules.name))
    return Submitted(move.game_id, sequence, tuple(events), obeyed.state)


def _recorded(game_id: int, key: str, seat: int, action_json: dict[str, Any]) -> Submitted | None:
    """The earlier recording of the same submission, if any."""
    event = Event.objects.filter(game_id=game_id, seat=seat, idempotency_key=key).first()
    if event is None:
        return None
    payload = store.action_json(event.payload)
    if payload != action_json:
        raise KeyReused("this idempotency key was used for another move")
    current = store.load(game_id, Game.objects.values_list("rules", flat=True).get(pk=game_id))
    # What the move set off (milestones, chance, standing orders) was appended with it, up
    # to the number the keyed event keeps: the answer lists it as the first answer did.
    recording = Event.objects.filter(game_id=game_id, sequence__gte=event.sequence)
    if event.appended_through is not None:
        recording = recording.filter(sequence__lte=event.appended_through)
    else:
        # Recorded before the end of its append was kept: the append's one timestamp.
        recording = recording.filter(recorded_at=event.recorded_at)
    return Submitted(
        game_id,
        current.sequence,
        tuple(recording.order_by("sequence")),
        current.state,
        duplicate=True,
    )


class Chance:
    """Where a game's chance moves come from: its committed seed, one generator per event
    number (``games.events.chain.chance_rng``), which ``verify`` draws again; in a game
    without a seed, ``rng`` or the system's randomness. The seed is read once, and only if
    chance has a move to make."""

    def __init__(self, game_id: int, rng: random.Random | None, seed: str | None = None) -> None:
        self.game_id = game_id
        self.rng = rng
        self._seed = seed

    def at(self, sequence: int) -> random.Random:
        """The generator of chance's move recorded as event ``sequence``."""
        if self._seed is None:
            self._seed = store.chance_seed(self.game_id)
        if self._seed:
            return chain.chance_rng(self._seed, sequence)
        return self.rng or _SYSTEM_RANDOM


def _chance_moves(rules: RuleSet, state: Any, draw: Chance, at: int) -> tuple[Any, list[NewEvent]]:
    """Chance's moves (deals, shuffles), drawn now and recorded as events ``at``, ``at +
    1``... until a player must act. Each is recorded like a player's action, with its facts
    (the hands a deal gave, the cards a reshuffle let a seat draw), which replays and
    ``verify`` check."""
    events: list[NewEvent] = []
    # Chance is asked for a move only when it is to act: its generator costs a read.
    while (
        rules.chance in rules.to_act(state)
        and (chance := rules.chance_action(state, draw.at(at + len(events)))) is not None
    ):
        after = rules.apply(state, rules.chance, chance)
        payload = store.action_payload(rules, state, rules.chance, chance, after)
        events.append(NewEvent(rules.action_type(chance), payload, rules.chance))
        events += [NewEvent(t, p) for t, p in rules.milestones(state, after)]
        state = after
    return state, events


@dataclass(frozen=True)
class OrdersObeyed:
    """What the standing orders did: the state after their passes, the passes, and the ids
    of the orders that lapsed (their trick is over), to be deleted with the append."""

    state: Any
    events: list[NewEvent] = field(default_factory=list)
    lapsed: tuple[int, ...] = ()

    def delete_lapsed(self) -> None:
        """Delete the lapsed orders, in the caller's transaction."""
        if self.lapsed:
            StandingOrder.objects.filter(pk__in=self.lapsed).delete()


def _standing_orders(
    game_id: int, rules: RuleSet, state: Any, draw: Chance, at: int
) -> OrdersObeyed:
    """Passes that players ordered in advance for the rest of the trick, made as soon as it
    is their turn and passing is legal, recorded from event ``at`` on; an order lapses when
    its trick is over."""
    events: list[NewEvent] = []
    lapsed: list[int] = []
    orders = list(
        StandingOrder.objects.filter(seat__game_id=game_id).values_list(
            "pk", "kind", "trick", "round_no", "seat__number"
        )
    )
    if rules.pass_notation is None:
        return OrdersObeyed(state)
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
            NewEvent(
                rules.action_type(pass_move),
                {**rules.action_to_json(pass_move), "reason": "standing-order"},
                seat,
            )
        )
        events += [NewEvent(t, p) for t, p in rules.milestones(state, after)]
        state, chance = _chance_moves(rules, after, draw, at + len(events))
        events += chance
    return OrdersObeyed(state, events, tuple(lapsed))


def set_standing_orders(*, game: Game, seat: int, kinds: set[str]) -> None:
    """Replace ``seat``'s standing orders by ``kinds``, for the trick now being played; a
    pass already due (it is the player's turn) is made at once."""
    rules = rule_set(game.rules)
    try:
        with transaction.atomic():
            current = store.load(game.pk, game.rules)
            progress = rules.progress(current.state)
            holder = Seat.objects.get(game=game, number=seat)
            holder.standing_orders.all().delete()
            StandingOrder.objects.bulk_create(
                StandingOrder(seat=holder, kind=kind, trick=progress.step, round_no=progress.round)
                for kind in kinds
            )
            draw = Chance(game.pk, None)
            obeyed = _standing_orders(game.pk, rules, current.state, draw, current.sequence + 1)
            obeyed.delete_lapsed()
            if not obeyed.events:
                return
            sequence = current.sequence + len(obeyed.events)
            store.append(game.pk, rules, expected_last=current.sequence, events=obeyed.events)
            project(game.pk, rules, obeyed.state, sequence)
            react_after_commit(game.pk, StateAt(obeyed.state, sequence, game.rules))
    except store.AppendRefused as refused:
        now = store.load(game.pk, game.rules)
        raise Conflict(game.pk, now, _("another move was recorded first")) from store.reason(
            refused
        )


def react_after_commit(game_id: int, recorded: StateAt) -> None:
    """Once committed: remember the state in this process, and wake the consumers."""

    def react() -> None:
        store.CACHE.put(game_id, recorded)
        tasks.react(game_id)

    transaction.on_commit(react, robust=True)
