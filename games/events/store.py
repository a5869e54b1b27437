"""Appending events and rebuilding a game's state from them.

The store knows nothing of NUM-X: it asks the game's rule set (``games.engine.ruleset``) to
build a new game from the ``created`` event and to apply each recorded action in turn.
An append joins the caller's transaction (which also rewrites the read models), and the
(game, sequence) unique constraint decides which of two concurrent appends wins: the loser
learns it as :class:`SequenceTaken`, never silently. Each append also links its events into
the game's hash chain (:mod:`games.events.chain`), from the link of the event it follows.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.db import IntegrityError, connection
from django.db.models import OuterRef, QuerySet, Subquery
from django.utils import timezone

from games.engine.ruleset import MILESTONE_TYPES, RuleSet
from games.events import chain
from games.events.models import Chain, Event, Link, Snapshot
from games.events.upcasting import upcasters
from games.registry import rule_set

CREATED = "created"
#: The milestone that ends a game, with its scores and winners (``RuleSet.milestones``).
GAME_ENDED = "game-ended"
#: Events the game itself records (no seat acted): skipped when replaying actions. A rule
#: set's milestones are of these types only (the protocol says so; the conformance kit
#: checks it): any other type would be replayed as an action.
MILESTONES = MILESTONE_TYPES
#: Events of the platform's own, the same in every game (``games.endings``): a player
#: resigned (their seat is ``seat``), the game was called off before anybody moved. The
#: rules never see them: a game's state is what its actions made it, and what these change
#: (who ranks where, whether the game goes on) is the platform's.
RESIGNED = "resigned"
ABORTED = "aborted"
#: The one key a resignation's payload may hold, true when another's taking the player off
#: their seat recorded it (``games.endings.take_off``: a tournament's withdrawal, the
#: player's own included), not the player resigning; left out otherwise. Resignations
#: recorded before it existed never hold it (``games.results.resigned_first``).
WITHDRAWN = "withdrawn"
PLATFORM_EVENTS = frozenset({RESIGNED, ABORTED})
#: Every type that is not a seat's action of the game's rules: skipped when replaying.
NOT_ACTIONS = MILESTONES | PLATFORM_EVENTS
#: A snapshot is written every this many events (by the snapshot consumer).
SNAPSHOT_EVERY = 50


class AppendRefused(Exception):
    """The database refused an append: a row of the same game holds one of its sequence
    numbers or its idempotency key. Inside a transaction, which the refusal spoils, which
    one is asked once it has rolled back (:func:`reason`)."""

    def __init__(
        self, game_id: int, sequences: Sequence[int], keys: Sequence[str], message: str = ""
    ) -> None:
        self.game_id = game_id
        self.sequences = list(sequences)
        self.keys = list(keys)
        super().__init__(message or f"game {game_id} refused events {self.sequences}")


class SequenceTaken(AppendRefused):
    """Another append took the sequence number this one expected: a concurrent move won."""


class DuplicateKey(AppendRefused):
    """An event with this idempotency key is already recorded for the game."""


class Unreplayable(Exception):
    """A recorded event the rules cannot replay (an unknown type, a payload they cannot
    read, an action they refuse): the game cannot be rebuilt past it, and is damaged until
    an operator repairs it (docs/deploy.md). ``game_id`` (None until the store knows
    it), ``sequence`` and ``type`` name the event; the rules' error is the cause."""

    def __init__(self, game_id: int | None, sequence: int, kind: str, error: Exception) -> None:
        self.game_id = game_id
        self.sequence = sequence
        self.type = kind
        super().__init__(f"event {sequence} ({kind}) does not replay: {error!r}")


class ChainMissing(Exception):
    """The game has no link where the append would start: its chain was never opened (a
    game must be started through ``services.start_recording``)."""


@dataclass(frozen=True)
class NewEvent:
    """An event about to be appended."""

    type: str
    payload: dict[str, Any]
    seat: int | None = None
    actor_id: int | None = None
    idempotency_key: str | None = None


@dataclass(frozen=True)
class StateAt:
    """A game's state after its event number ``sequence``, under the rule set ``rules``."""

    state: Any
    sequence: int
    rules: str


#: How many games' states a process remembers: enough for the games its players are at,
#: few enough that the memory stays small (a state is a few kilobytes).
STATE_CACHE_SIZE = 512


class StateCache:
    """The latest states of recently used games, in this process, the least recently used
    dropped beyond ``size``; shared by the process's threads.

    Only states built from committed events are put here (after a commit, or by a load
    outside any transaction, which reads only committed events), and a cached state is used
    only as a starting point: the tail after it is always read, unless the caller has just
    read the game's last event number and the state is at it.
    """

    def __init__(self, size: int) -> None:
        self.size = size
        self._states: OrderedDict[int, StateAt] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, game_id: int) -> StateAt | None:
        with self._lock:
            found = self._states.get(game_id)
            if found is not None:
                self._states.move_to_end(game_id)
            return found

    def put(self, game_id: int, loaded: StateAt) -> None:
        """Remember ``loaded`` unless a later state of the game is already remembered."""
        with self._lock:
            kept = self._states.get(game_id)
            if kept is None or kept.sequence < loaded.sequence:
                self._states[game_id] = loaded
            self._states.move_to_end(game_id)
            while len(self._states) > self.size:
                self._states.popitem(last=False)

    def clear(self) -> None:
        with self._lock:
            self._states.clear()


CACHE = StateCache(STATE_CACHE_SIZE)


def action_payload(
    rules: RuleSet, before: Any, seat: int, action: Any, after: Any
) -> dict[str, Any]:
    """The recorded payload of ``seat``'s ``action``, which took the game from ``before`` to
    ``after``: the action's JSON, then what chance decided (``facts``) and what an Action
    card did to the table (``effects``), each only when not empty."""
    facts = rules.facts(before, after)
    effects = rules.effects(before, seat, action, after)
    return {
        **rules.action_to_json(action),
        **({"facts": facts} if facts else {}),
        **({"effects": effects} if effects else {}),
    }


#: What the store records beside an action's own JSON in its payload.
RECORDED_BESIDE = ("facts", "effects", "reason")


def action_json(payload: dict[str, Any]) -> dict[str, Any]:
    """The action's own JSON form in a recorded payload, without what was recorded beside
    it (``RECORDED_BESIDE``): what ``RuleSet.action_from_json`` reads.

    >>> action_json({"type": "take", "count": 2, "reason": "bot", "facts": {}})
    {'type': 'take', 'count': 2}
    """
    return {key: value for key, value in payload.items() if key not in RECORDED_BESIDE}


def append(
    game_id: int,
    rules: RuleSet,
    *,
    expected_last: int,
    events: Sequence[NewEvent],
    chain_end: tuple[str, str] | None = None,
) -> list[Event]:
    """Record ``events`` as numbers ``expected_last + 1``, ``expected_last + 2``... of the
    game (played under ``rules``, whose payload versions they are written at), each linked
    into the game's chain after the link of event ``expected_last``; the rows recorded.
    ``chain_end``: that link and the chain's salt, if the caller has read them (else they
    are read here). An event with an idempotency key records where the append ends
    (``appended_through``), so that the submission sent again finds what it recorded.

    Raises :class:`SequenceTaken` if a concurrent append took those numbers, or
    :class:`DuplicateKey` if the idempotency key is already recorded; inside a transaction,
    which the refusal spoils, :class:`AppendRefused`, whose :func:`reason` the caller asks
    once the transaction has rolled back. Nothing is written.
    """
    now = timezone.now()
    last = expected_last + len(events)
    versions = upcasters(rules)
    previous, salt = chain_end or _chain_end(game_id, expected_last)
    rows = [
        Event(
            game_id=game_id,
            sequence=expected_last + number,
            type=event.type,
            payload=event.payload,
            seat=event.seat,
            actor_id=event.actor_id,
            recorded_at=now,
            version=versions.current(event.type),
            idempotency_key=event.idempotency_key,
            appended_through=None if event.idempotency_key is None else last,
        )
        for number, event in enumerate(events, start=1)
    ]
    links = []
    for row in rows:
        linked = chain.event_json(row.sequence, row.type, row.seat, row.payload, row.version, now)
        previous = chain.link_hash(previous, salt, linked)
        links.append(Link(game_id=game_id, sequence=row.sequence, hash=previous))
    try:
        recorded = Event.objects.bulk_create(rows)
        Link.objects.bulk_create(links)
    except IntegrityError as error:
        keys = [row.idempotency_key for row in rows if row.idempotency_key is not None]
        refused = AppendRefused(game_id, [row.sequence for row in rows], keys)
        if connection.in_atomic_block:
            raise refused from error
        raise reason(refused) from error
    return recorded


def _chain_end(game_id: int, sequence: int) -> tuple[str, str]:
    """The link of the game's event ``sequence`` (0: its header), and the chain's salt, in
    one query; :class:`ChainMissing` if there is no such link."""
    found = _chain_at(game_id, sequence).values_list("link", "salt").first()
    if found is None or found[0] is None:
        raise ChainMissing(f"game {game_id} has no chain link {sequence} to append after")
    return found


def _chain_at(game_id: int, sequence: int) -> QuerySet[Chain]:
    """The game's chain with, as ``link``, the link of its event ``sequence`` (None: no
    such link), read from the chain's and the links' tables alone."""
    link = Link.objects.filter(game_id=OuterRef("game_id"), sequence=sequence).values("hash")
    return Chain.objects.filter(game_id=game_id).annotate(link=Subquery(link[:1]))


def open_chain(game_id: int, rules: str, config: dict[str, Any], committed: bool) -> Chain:
    """The game's chain, opened now if it has none: a new salt, and, if ``committed``, a
    new seed for its chance moves and the commitment to it, in its header (link 0). In the
    caller's transaction, before the game's first append."""
    found = Chain.objects.filter(game_id=game_id).first()
    if found is not None:
        return found
    salt = chain.new_secret()
    seed = chain.new_secret() if committed else ""
    opened = Chain.objects.create(
        game_id=game_id,
        salt=salt,
        seed=seed,
        commitment=chain.commitment(salt, seed) if seed else "",
    )
    start = chain.header_hash(salt, chain.header(rules, config, opened.commitment))
    Link.objects.create(game_id=game_id, sequence=0, hash=start)
    return opened


def chance_seed(game_id: int) -> str:
    """The seed the game's chance moves are drawn from (``""``: none, its caller draws)."""
    return Chain.objects.filter(game_id=game_id).values_list("seed", flat=True).first() or ""


@dataclass(frozen=True)
class Head:
    """A game's chain at event ``sequence``: that event's link (``hash``, and ``short`` as
    printed), the chance commitment, and, once the game is over, salt and seed revealed."""

    sequence: int
    hash: str
    commitment: str
    salt: str | None = None
    seed: str | None = None

    @property
    def short(self) -> str:
        return chain.short(self.hash)


def head(game_id: int, sequence: int, reveal: bool = False) -> Head | None:
    """The game's chain at its event ``sequence`` (None: no such link), its secrets shown
    if ``reveal`` (the game is over)."""
    found = _chain_at(game_id, sequence).values_list("link", "commitment", "salt", "seed").first()
    if found is None or found[0] is None:
        return None
    link, committed, salt, seed = found
    if not reveal:
        return Head(sequence, link, committed)
    return Head(sequence, link, committed, salt, seed or None)


def reason(refused: AppendRefused) -> AppendRefused:
    """Which row was in the way of a refused append, asked of the database (outside the
    refused transaction) rather than read from the driver's message, which each database
    words its own way: :class:`SequenceTaken` or :class:`DuplicateKey`. On PostgreSQL the
    refused insert waited for the winner to commit, so the winner's row is seen."""
    if isinstance(refused, SequenceTaken | DuplicateKey):
        return refused
    mine = Event.objects.filter(game_id=refused.game_id)
    if mine.filter(sequence__in=refused.sequences).exists():
        first = refused.sequences[0]
        return SequenceTaken(
            refused.game_id,
            refused.sequences,
            refused.keys,
            f"game {refused.game_id} already has event {first}",
        )
    if refused.keys and mine.filter(idempotency_key__in=refused.keys).exists():
        message = f"game {refused.game_id} already recorded this submission"
        return DuplicateKey(refused.game_id, refused.sequences, refused.keys, message)
    return refused


@dataclass(frozen=True)
class Recorded:
    """An event as the store reads it back, its payload upcast to the current version."""

    sequence: int
    type: str
    seat: int | None
    payload: dict[str, Any]
    recorded_at: datetime


def read(
    game_id: int, rules: RuleSet, after: int = 0, upto: int | None = None
) -> Iterator[Recorded]:
    """The game's events after number ``after`` (up to ``upto``), payloads upcast to the
    current versions of ``rules``, the game's rule set."""
    versions = upcasters(rules)
    events = Event.objects.filter(game_id=game_id, sequence__gt=after)
    if upto is not None:
        events = events.filter(sequence__lte=upto)
    rows = events.order_by("sequence").values_list(
        "sequence", "type", "seat", "payload", "version", "recorded_at"
    )
    for sequence, kind, seat, payload, version, recorded_at in rows:
        try:
            upcast = versions.upcast(kind, version, payload)
        except Exception as error:  # a step of the rules' own, meeting a payload it cannot read
            raise Unreplayable(game_id, sequence, kind, error) from error
        yield Recorded(sequence, kind, seat, upcast, recorded_at)


def replay(rules: RuleSet, state: Any, events: Iterable[Recorded]) -> Any:
    """``state`` moved on by ``events`` (the first may be ``created``, from no state);
    :class:`Unreplayable` at the first event the rules cannot replay, whatever their
    error (a recorded event is a fact: failing to replay it is the game's damage)."""
    for event in events:
        try:
            if event.type == CREATED:
                state = rules.new_game(event.payload["config"])
            elif event.type not in NOT_ACTIONS:
                if event.seat is None:
                    raise ValueError("an action recorded without its seat")
                action = rules.action_from_json(action_json(event.payload))
                state = rules.apply(state, event.seat, action)
        except Exception as error:
            raise Unreplayable(None, event.sequence, event.type, error) from error
    return state


def load(
    game_id: int,
    rules_name: str,
    upto: int | None = None,
    cache: bool = True,
    last: int | None = None,
) -> StateAt:
    """A game's state after event ``upto`` (default: the latest).

    Starts from the in-process cache or the latest usable snapshot, then replays the tail.
    ``last`` is the game's last event number if the caller has just read it (the game's
    ``last_sequence``, written with every append): a cached state at that number needs no
    look at the tail.
    """
    rules = rule_set(rules_name)
    start = CACHE.get(game_id) if cache and upto is None else None
    if start is not None and last is not None and start.sequence == last:
        return start
    if start is None:
        start = _snapshot(game_id, rules, upto) or StateAt(None, 0, rules_name)
    tail = list(read(game_id, rules, after=start.sequence, upto=upto))
    try:
        state = replay(rules, start.state, tail) if tail else start.state
    except Unreplayable as damage:
        damage.game_id = game_id
        raise
    loaded = StateAt(state, tail[-1].sequence, rules_name) if tail else start
    if cache and upto is None and loaded.state is not None and not connection.in_atomic_block:
        # Read in autocommit, so built from committed events only: safe to share. (Inside
        # a transaction the tail may hold this transaction's own, not yet committed, rows.)
        CACHE.put(game_id, loaded)
    return loaded


def _snapshot(game_id: int, rules: RuleSet, upto: int | None) -> StateAt | None:
    """The game's latest snapshot (up to event ``upto``) in the rule set's state format,
    read back by the rule set (``RuleSet.state_from_json``)."""
    snapshots = Snapshot.objects.filter(game_id=game_id, engine=rules.state_format)
    if upto is not None:
        snapshots = snapshots.filter(sequence__lte=upto)
    found = snapshots.order_by("-sequence").values_list("sequence", "state").first()
    if found is None:
        return None
    sequence, data = found
    return StateAt(rules.state_from_json(data), sequence, rules.name)


def write_snapshot(game_id: int, rules: RuleSet, loaded: StateAt) -> None:
    """Store ``loaded`` as the game's snapshot at its sequence (a cache of the events), in
    the JSON form its rule set defines (``RuleSet.state_to_json``)."""
    Snapshot.objects.get_or_create(
        game_id=game_id,
        engine=rules.state_format,
        sequence=loaded.sequence,
        defaults={"state": rules.state_to_json(loaded.state)},
    )
