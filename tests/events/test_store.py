"""The event store: numbered events, rebuilt states, snapshots."""

import json
import random
from collections.abc import Callable

import pytest
from django.db import connection, transaction

from games.bots import bot_seats
from games.engine.numx import apply, random_step
from games.events import consumers, store
from games.events.models import Event, Snapshot
from games.models import Game
from games.registry import rule_set
from games.services import game_create, game_submit

NUMX = rule_set("numx")

pytestmark = pytest.mark.django_db


def test_a_new_game_records_its_creation_then_its_deal(new_game: Callable[..., Game]) -> None:
    game = new_game(players=3)
    events = list(Event.objects.filter(game=game).order_by("sequence"))
    assert [(e.sequence, e.type, e.seat) for e in events] == [(1, "created", None), (2, "deal", -1)]
    assert events[0].payload["config"] == {"players": 3, "mode": "speed-run"}
    assert len(events[1].payload["order"]) == 125
    assert game.last_sequence == 2 and game.phase == "opening-pick"
    assert game.awaiting == [0, 1, 2]


def test_events_are_numbered_one_by_one_without_gaps(
    new_game: Callable[..., Game], advance: Callable[..., Game]
) -> None:
    game = advance(new_game(), 60)
    numbers = list(Event.objects.filter(game=game).values_list("sequence", flat=True))
    assert numbers == list(range(1, game.last_sequence + 1))


def test_the_state_is_the_replay_of_the_events(
    new_game: Callable[..., Game], advance: Callable[..., Game]
) -> None:
    game = advance(new_game(), 40)
    loaded = store.load(game.pk, game.rules, cache=False)
    rebuilt = replayed(store.read(game.pk, NUMX))
    assert loaded.sequence == game.last_sequence and loaded.state == rebuilt


def test_events_read_back_hold_what_the_model_holds(
    new_game: Callable[..., Game], advance: Callable[..., Game]
) -> None:
    """Each value read must be what the model's field gives (JSON decoded, the time aware
    of its zone, on SQLite as on PostgreSQL)."""
    game = advance(new_game(), 12)
    read = list(store.read(game.pk, NUMX, after=2, upto=game.last_sequence - 1))
    rows = Event.objects.filter(game=game, sequence__gt=2, sequence__lt=game.last_sequence)
    expected = [
        (e.sequence, e.type, e.seat, e.payload, e.recorded_at) for e in rows.order_by("sequence")
    ]
    assert len(expected) == game.last_sequence - 3
    assert [(r.sequence, r.type, r.seat, r.payload, r.recorded_at) for r in read] == expected
    assert all(r.recorded_at.utcoffset() is not None for r in read)


def test_appending_a_number_already_taken_is_a_conflict_not_an_overwrite(
    new_game: Callable[..., Game],
) -> None:
    game = new_game()
    with pytest.raises(store.AppendRefused) as lost, transaction.atomic():
        store.append(
            game.pk,
            NUMX,
            expected_last=1,
            events=[store.NewEvent("pass", {"type": "pass"}, seat=0)],
        )
    assert isinstance(store.reason(lost.value), store.SequenceTaken)
    assert Event.objects.get(game=game, sequence=2).type == "deal"


def replayed(events: object) -> object:
    return store.replay(NUMX, None, events)  # type: ignore[arg-type]


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_snapshot_plus_tail_equals_full_replay_equals_the_state_played(seed: int) -> None:
    """Property, over random X-Game bot games: the state built move by move while playing,
    the full replay of the events, and a snapshot plus the tail are the same state."""
    rng = random.Random(seed)
    config = {"players": 4, "mode": "x-game"}
    game = game_create(name="p", config=config, seats=bot_seats(4, automatic=False), rng=rng)
    incremental = replayed(store.read(game.pk, NUMX))
    while not NUMX.is_terminal(incremental):
        loaded = store.load(game.pk, game.rules)
        seat, action = random_step(loaded.state, rng)
        submitted = game_submit(
            game_id=game.pk, seat=seat, action=action, expected_sequence=loaded.sequence, rng=rng
        )
        consumers.dispatch(game.pk)  # what the worker does once the move has committed
        incremental = apply(incremental, seat, action)
        for event in submitted.events[1:]:
            if event.seat is not None:  # chance moved after the player: the round-2 shuffle
                incremental = apply(incremental, event.seat, NUMX.action_from_json(event.payload))
        assert incremental == submitted.state
    game.refresh_from_db()
    assert Snapshot.objects.filter(game=game).count() == game.last_sequence // store.SNAPSHOT_EVERY
    from_snapshot = store.load(game.pk, game.rules, cache=False)
    assert replayed(store.read(game.pk, NUMX)) == from_snapshot.state == incremental
    for upto in (store.SNAPSHOT_EVERY - 1, store.SNAPSHOT_EVERY, store.SNAPSHOT_EVERY + 7):
        partial = store.load(game.pk, game.rules, upto=upto, cache=False)
        assert partial.sequence == upto
        assert partial.state == replayed(store.read(game.pk, NUMX, upto=upto))


def test_a_snapshot_of_another_engine_format_is_ignored(
    finished_game: Callable[..., Game],
) -> None:
    game = finished_game()
    truth = store.load(game.pk, game.rules, cache=False).state
    # Unreadable as a state: loading would fail if the store used it.
    Snapshot.objects.create(
        game=game, sequence=game.last_sequence, engine="numx-state-0", state={"junk": True}
    )
    assert store.load(game.pk, game.rules, cache=False).state == truth


def test_a_snapshot_is_stored_as_the_engines_json_of_the_state_not_a_pickle(
    new_game: Callable[..., Game], advance: Callable[..., Game]
) -> None:
    """The row itself, read without the model: JSON text naming no class, which the rule
    set reads back as the state the events give at that moment."""
    game = advance(new_game(), 60)
    consumers.dispatch(game.pk)  # what the worker does once the moves have committed
    with connection.cursor() as cursor:
        cursor.execute("SELECT sequence, state FROM games_snapshot WHERE game_id = %s", [game.pk])
        ((sequence, stored),) = cursor.fetchall()
    assert sequence >= store.SNAPSHOT_EVERY
    assert isinstance(stored, str), type(stored)  # text on SQLite, jsonb on PostgreSQL
    state = replayed(store.read(game.pk, NUMX, upto=sequence))
    assert json.loads(stored) == NUMX.state_to_json(state)
    assert NUMX.state_from_json(json.loads(stored)) == state
