"""Snapshot + tail == full replay == the state built while playing, in every configuration.

Snapshots are a cache of the events (docs/architecture.md, "How a state is rebuilt"): a
load starts from the latest snapshot at or before the wanted event and replays the tail.
A snapshot that disagreed with its events would not fail loudly: every later load would
build on it, and the engine's checks on the tail only notice if a recorded move became
illegal. So this module proves, for random bot games played through the real commands
(``game_create``/``game_submit``) with the real snapshot consumer writing the snapshots:

- each snapshot is the state the test itself built, move by move, with the engine alone;
- ``store.load(upto=N, cache=False)`` (snapshot + tail) equals the replay of events 1..N
  and the state the test recorded after event N, at moments just before, at, just after
  and between snapshots, before the first one and at the end;
- every submit, which itself rebuilds the game from a snapshot and a tail (the test's
  transaction never commits, so the in-process cache stays empty), returns that same state;
- the consumer wrote its snapshots exactly where the events it handled crossed a multiple
  of ``SNAPSHOT_EVERY``, and nowhere else;

in every mode, every player count from 2 to 6, with and without the Teams option wherever
the rules allow it, two seeds each (each with its own snapshot interval). ``SNAPSHOT_EVERY``
is made small so that every game has several snapshots, and the consumer's wake-ups are
randomly late so that it also handles several moves at once, as a lagging worker does.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

import pytest

from games.bots import bot_seats
from games.engine.numx.actions import Action
from games.engine.numx.errors import ConfigError
from games.engine.numx.legal import legal_actions, to_act
from games.engine.numx.modes import MAX_PLAYERS, MIN_PLAYERS, GameConfig, Mode
from games.engine.numx.rules import apply
from games.engine.numx.state import CHANCE, GameState
from games.events import consumers, snapshots, store
from games.events.models import Event, Snapshot
from games.registry import rule_set
from games.services import game_create, game_submit

pytestmark = pytest.mark.django_db

NUMX = rule_set("numx")


def legal_configs() -> list[dict[str, Any]]:
    """Every configuration the rules accept, as the site records it (GameConfig's JSON).

    Asking ``GameConfig`` rather than listing the teams cases here keeps the test in step
    with the rules if they ever allow another table."""
    configs = []
    for mode in Mode:
        for players in range(MIN_PLAYERS, MAX_PLAYERS + 1):
            for teams in (False, True):
                try:
                    configs.append(GameConfig(players, mode, teams).to_json())
                except ConfigError:
                    continue  # refused by the rules: teams need 4 or 6 players
    return configs


CONFIGS = legal_configs()
#: (seed, SNAPSHOT_EVERY): two intervals, so that snapshots fall at different moments of
#: the game (mid-trick, on a distribution, between rounds...) from one seed to another.
#: Two seeds, not more, because of time: the 42 games take 50-60 s on SQLite and a further
#: seed would add about 25 s (nearly all of it in the submits, about 8 ms each).
CASES = [(1, 4), (2, 9)]
#: How many random legal moves a bot draws before playing the one that sheds most cards.
HURRY = 4
#: Chance that the consumer is woken after a given move; the others are "lost" wake-ups,
#: caught up at the next one, so that one dispatch sometimes crosses a snapshot boundary
#: with a batch of several moves.
WAKE_UP_RATE = 0.2


def config_id(config: dict[str, Any]) -> str:
    return f"{config['mode']}-{config['players']}p{'-teams' if config['teams'] else ''}"


# --- Comparing states --------------------------------------------------------------------


def difference(a: object, b: object, path: str = "state") -> str | None:
    """Where ``a`` and ``b`` first differ, or None if they are the same state.

    Stricter than ``==``: states are named tuples, and tuple equality ignores the class
    (a ``Lock`` equals a one-field tuple holding the same set), so a snapshot read back
    with a class lost would still compare equal. Cards and faces are interned and compare
    by identity, so a card read back that is not the interned object is caught too.
    """
    if a is b:
        return None
    if type(a) is not type(b):
        return f"{path}: {type(a).__name__} != {type(b).__name__}"
    if isinstance(a, tuple):
        assert isinstance(b, tuple)
        if len(a) != len(b):
            return f"{path}: {len(a)} items != {len(b)}"
        names: Sequence[object] = getattr(a, "_fields", None) or range(len(a))
        for name, x, y in zip(names, a, b, strict=True):
            found = difference(
                x, y, f"{path}.{name}" if isinstance(name, str) else f"{path}[{name}]"
            )
            if found is not None:
                return found
        return None
    return None if a == b else f"{path}: {a!r} != {b!r}"


def assert_same(actual: object, expected: object, what: str) -> None:
    found = difference(actual, expected)
    assert found is None and actual == expected, f"{what}: {found}"


# --- Playing -----------------------------------------------------------------------------


@dataclass
class Played:
    """A finished game and what the test saw while playing it."""

    game_id: int
    #: The state after each event number, built by the test with the engine alone.
    states: dict[int, GameState] = field(default_factory=dict)
    #: Where the snapshot consumer should have written a snapshot, from the batches of
    #: events the test let it handle.
    snapshot_at: list[int] = field(default_factory=list)
    #: The last event number so far.
    last: int = 0

    @property
    def state(self) -> GameState:
        return self.states[self.last]


def follow(
    played: Played,
    config: dict[str, Any],
    events: Iterable[Event],
    move: tuple[int, Action] | None = None,
) -> None:
    """Record the state after each of ``events``, computed by the test: the seat's own
    ``move`` as chosen (not read back from the log), chance's draws from their payloads
    (the test cannot know a shuffle otherwise), milestones as no change."""
    state = played.states.get(played.last)
    for index, event in enumerate(events):
        if event.type == store.CREATED:
            assert state is None and event.payload["config"] == config
            state = NUMX.new_game(config)
        elif event.type in store.MILESTONES:
            pass  # the game records them; they change nothing
        elif state is None:
            raise AssertionError(f"event {event.sequence} {event.type} before the creation")
        elif index == 0 and move is not None:
            # Decoded, not compared as JSON: the payload may carry annotations beside the
            # action (facts, effects, reason) that are no part of the move.
            seat, action = move
            assert event.seat == seat and event.type == NUMX.action_type(action)
            assert NUMX.action_from_json(event.payload) == action
            state = apply(state, seat, action)
        else:
            assert event.seat == CHANCE, f"unexpected event {event.sequence} {event.type}"
            state = apply(state, CHANCE, NUMX.action_from_json(event.payload))
        assert state is not None and event.sequence == played.last + 1
        played.states[event.sequence] = state
        played.last = event.sequence


def wake_up(played: Played, every: int, handled: int) -> int:
    """What the worker does once a move has committed (on_commit never fires inside a test's
    transaction): let the snapshot consumer handle the new events. Returns the last event
    handled, having noted where a snapshot is due: after the batch, if it holds a multiple
    of ``every``."""
    consumers.dispatch(played.game_id, only=["snapshots"])
    if any(n % every == 0 for n in range(handled + 1, played.last + 1)):
        played.snapshot_at.append(played.last)
    return played.last


def hurried_step(state: GameState, rng: random.Random) -> tuple[int, Action]:
    """A random seat that may act and a random legal move of it, but the move of a bot in
    a hurry: of a few random legal moves, the one that leaves it the fewest cards.

    Uniform random bots pass and draw so much that a game takes 2-3 times as many moves,
    and moves are this file's cost (each submit is about ten queries). Every kind of action
    still occurs: picks, plays, completions, take-backs, draws, every Action card, Malus
    resolutions, distributions, X-Game's refills, resets and round-2 shuffle."""
    seat = rng.choice(sorted(to_act(state)))
    assert seat != CHANCE  # the store plays chance's moves itself, within each submit
    space = legal_actions(state, seat)
    candidates = [space.sample(rng) for _ in range(HURRY)]
    return seat, min(candidates, key=lambda action: len(apply(state, seat, action).hands[seat]))


def play(config: dict[str, Any], seed: int, every: int) -> Played:
    """A random bot game, played to its end through ``game_create`` and ``game_submit``."""
    rng = random.Random(seed)
    wake_ups = random.Random(f"wake-ups {seed}")
    game = game_create(
        name=f"{config_id(config)} seed {seed}",
        config=config,
        seats=bot_seats(config["players"], automatic=False),
        rng=rng,
    )
    played = Played(game.pk)
    follow(played, config, store.read(game.pk, NUMX))
    handled = wake_up(played, every, 0) if wake_ups.random() < WAKE_UP_RATE else 0
    while not NUMX.is_terminal(played.state):
        # The move is chosen from the test's own state: if the store's state had drifted,
        # the submit would refuse it or return another state.
        seat, action = hurried_step(played.state, rng)
        submitted = game_submit(
            game_id=game.pk, seat=seat, action=action, expected_sequence=played.last, rng=rng
        )
        follow(played, config, submitted.events, (seat, action))
        assert submitted.sequence == played.last
        assert_same(submitted.state, played.state, f"submit ending at event {played.last}")
        if wake_ups.random() < WAKE_UP_RATE:
            handled = wake_up(played, every, handled)
    if handled < played.last:
        wake_up(played, every, handled)  # the catch-up that delivers any lost wake-up
    # Nothing committed, so nothing filled the in-process cache: every submit above
    # started from a snapshot and a tail, never from a state kept in memory.
    assert store.CACHE.get(game.pk) is None
    return played


def moments(snapshot_at: Sequence[int], last: int) -> list[int]:
    """Event numbers to load: before the first snapshot, just before, at and just after
    each snapshot, halfway between two, and the end."""
    wanted = {1, 2, last}
    for before, after in zip([0, *snapshot_at], [*snapshot_at, last], strict=True):
        wanted |= {after - 1, after, after + 1, (before + after) // 2}
    return sorted(n for n in wanted if 1 <= n <= last)


# --- The property ------------------------------------------------------------------------


def test_every_configuration_the_rules_allow_is_covered() -> None:
    """Guards the parametrization below: an empty or partial list would pass silently."""
    tables = {(c["mode"], c["players"], c["teams"]) for c in CONFIGS}
    players = range(MIN_PLAYERS, MAX_PLAYERS + 1)
    assert {(mode.value, n, False) for mode in Mode for n in players} <= tables
    assert {mode for mode, _, teams in tables if teams} == {mode.value for mode in Mode}
    assert len(tables) == len(CONFIGS)


@pytest.mark.parametrize(("seed", "every"), CASES, ids=[f"seed{s}-every{e}" for s, e in CASES])
@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
def test_snapshot_plus_tail_equals_full_replay_equals_the_state_played(
    config: dict[str, Any], seed: int, every: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The consumer reads the interval from its own module's global at call time (it
    # imported the name from the store), so that is the one to patch; the store's is
    # patched too so the two never disagree during the test.
    monkeypatch.setattr(snapshots, "SNAPSHOT_EVERY", every)
    monkeypatch.setattr(store, "SNAPSHOT_EVERY", every)
    played = play(config, seed, every)
    last = played.last
    where = f"{config_id(config)} seed {seed} every {every}"

    # The consumer snapshotted exactly where its batches crossed a multiple of the interval
    # (this also proves the patch took: with 50, short games would have none).
    written = dict(
        Snapshot.objects.filter(game_id=played.game_id, engine=NUMX.state_format)
        .order_by("sequence")
        .values_list("sequence", "state")
    )
    assert list(written) == played.snapshot_at, f"{where}: snapshots where expected"
    assert len(written) >= 3, f"{where}: {len(written)} snapshots"
    for sequence, data in written.items():
        assert_same(
            NUMX.state_from_json(data), played.states[sequence], f"{where}: snapshot {sequence}"
        )

    # The full replay from event 1, one event at a time, is the state played at every
    # event number: its prefixes are the replays of events 1..N compared below.
    events = list(store.read(played.game_id, NUMX))
    assert [event.sequence for event in events] == list(range(1, last + 1)), where
    replayed: dict[int, GameState] = {}
    state: GameState | None = None
    for event in events:
        state = store.replay(NUMX, state, [event])
        replayed[event.sequence] = state
        assert_same(state, played.states[event.sequence], f"{where}: replay to {event.sequence}")
    assert_same(store.replay(NUMX, None, events), played.states[last], f"{where}: full replay")

    # Snapshot + tail, with the in-process cache bypassed, at moments around the snapshots.
    for upto in moments(played.snapshot_at, last):
        loaded = store.load(played.game_id, NUMX.name, upto=upto, cache=False)
        assert loaded.sequence == upto, f"{where}: load upto {upto} is at {loaded.sequence}"
        assert_same(loaded.state, replayed[upto], f"{where}: load upto {upto} vs replay")
        assert_same(loaded.state, played.states[upto], f"{where}: load upto {upto} vs played")
    latest = store.load(played.game_id, NUMX.name, cache=False)
    assert latest.sequence == last, f"{where}: load of the whole game is at {latest.sequence}"
    assert_same(latest.state, played.states[last], f"{where}: load of the whole game")
    assert NUMX.is_terminal(latest.state), where
