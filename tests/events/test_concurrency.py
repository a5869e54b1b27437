"""Concurrent moves on one game, over real PostgreSQL connections: one wins, the rest learn it.

Every racer runs in its own thread, hence its own Django connection and transaction (closed
at the end of the thread), and all of them submit against the same ``expected_sequence``.
A ``threading.Barrier`` releases them together. Left alone, a racer may still arrive after
the winner has committed and be refused by the ``expected_sequence`` check; so the decisive
tests also hold every racer at a second barrier just before ``store.append``, once each has
read the game and passed every check: then only the (game, sequence) unique constraint can
choose the winner, which is the case the store must get right.

These tests are transactional (the racers must see each other's commits), and pytest-django
ends a transactional test by flushing the database with one ``TRUNCATE`` of every table,
which the events table's trigger refuses, as it must: see tests/trigger.py.
"""

from __future__ import annotations

import random
import threading
import time
from collections.abc import Callable, Sequence
from typing import Any

import pytest
from django.db import DatabaseError, connection, connections, transaction

from games import read_models, services
from games.bots import bot_seats
from games.engine.numx import IllegalAction, legal_actions, parse_action
from games.events import consumers, store
from games.events.models import ConsumerPosition, Event
from games.models import Game, Seat
from games.registry import rule_set
from games.services import Conflict, Submitted, game_create, game_submit
from tests.chains import assert_chained
from tests.trigger import truncate_as_replica

pytestmark = [
    pytest.mark.postgres,
    pytest.mark.django_db(transaction=True),
    pytest.mark.usefixtures("flush_past_the_trigger"),
]

NUMX = rule_set("numx")
#: Seconds a racer waits at a barrier before the race is declared broken (a hang, not a loss).
BARRIER_TIMEOUT = 30.0

Outcome = Submitted | BaseException


# --- Racing ----------------------------------------------------------------------------------


def race(
    submissions: Sequence[Callable[[], Submitted]],
    monkeypatch: pytest.MonkeyPatch,
    hold_before_append: bool = False,
) -> list[Outcome]:
    """Run each submission in its own thread, all released at once; their outcomes, in order.

    ``hold_before_append``: every racer also waits, just before ``store.append``, until all
    of them have got there (every one has read the game and passed its checks).
    """
    start = threading.Barrier(len(submissions))
    if hold_before_append:
        at_append = threading.Barrier(len(submissions))
        append = store.append
        held = threading.local()

        def held_append(*args: Any, **kwargs: Any) -> Any:
            # Only a racer's first append is held: one whose move is judged again, after
            # another seat's took its number, appends again on its own.
            if not getattr(held, "done", False):
                held.done = True
                at_append.wait(BARRIER_TIMEOUT)
            return append(*args, **kwargs)

        monkeypatch.setattr(store, "append", held_append)

    outcomes: list[Outcome | None] = [None] * len(submissions)

    def run(index: int, submit: Callable[[], Submitted]) -> None:
        try:
            start.wait(BARRIER_TIMEOUT)
            outcomes[index] = submit()
        except BaseException as error:  # recorded, then judged by the test
            outcomes[index] = error
        finally:
            connections.close_all()  # this thread's own connections

    threads = [
        threading.Thread(target=run, args=(index, submit), name=f"racer-{index}")
        for index, submit in enumerate(submissions)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(2 * BARRIER_TIMEOUT)
    assert not any(thread.is_alive() for thread in threads), "a racer hangs"
    assert all(outcome is not None for outcome in outcomes)
    return [outcome for outcome in outcomes if outcome is not None]


def submission(game: Game, seat: int, action: Any, **extra: Any) -> Callable[[], Submitted]:
    """A submission made on the game as it stands now (its current last sequence)."""
    expected = game.last_sequence
    return lambda: game_submit(
        game_id=game.pk, seat=seat, action=action, expected_sequence=expected, **extra
    )


def opening_game(players: int, seed: int = 3) -> Game:
    """A dealt game in its opening pick: every seat may pick a card, all at once.

    Its bots are driven by the test (not automatic: those would play at once, inside the
    creating call, through the ``bots`` consumer).
    """
    game = game_create(
        name="Race",
        config={"players": players, "mode": "speed-run"},
        seats=bot_seats(players, automatic=False),
        rng=random.Random(seed),
    )
    assert game.phase == "opening-pick" and game.awaiting == list(range(players))
    return game


def playing_game(players: int, seed: int = 3) -> tuple[Game, int]:
    """A dealt game past its opening pick, and the seat whose turn it is: from here on one
    seat acts at a time."""
    game = opening_game(players, seed)
    for seat in range(players):
        game.refresh_from_db()
        game_submit(
            game_id=game.pk,
            seat=seat,
            action=picks(game, seat)[0],
            expected_sequence=game.last_sequence,
        )
    game.refresh_from_db()
    (turn,) = game.awaiting
    return game, turn


def picks(game: Game, seat: int) -> list[Any]:
    """The seat's legal picks now."""
    return list(legal_actions(store.load(game.pk, game.rules, cache=False).state, seat))


def the_winner(outcomes: Sequence[Outcome]) -> Submitted:
    """The one successful outcome; fails unless there is exactly one."""
    won = [outcome for outcome in outcomes if isinstance(outcome, Submitted)]
    assert len(won) == 1, f"exactly one submission must win, not {len(won)}: {outcomes}"
    return won[0]


def assert_recorded_once(game: Game, before: int, winner: Submitted) -> None:
    """The events after ``before`` are the winner's, numbered without a gap, the game's
    hash chain links exactly them, and the read models describe the winner's state."""
    numbers = list(Event.objects.filter(game=game).values_list("sequence", flat=True))
    assert numbers == list(range(1, winner.sequence + 1)), "no gap, nothing beyond the winner"
    new = list(Event.objects.filter(game=game, sequence__gt=before).order_by("sequence"))
    assert [e.pk for e in new] == [e.pk for e in winner.events]
    assert_chained(game.pk)
    moves = [e for e in new if e.seat is not None and e.seat != NUMX.chance]
    assert len(moves) == 1, "exactly one new move event"
    game.refresh_from_db()
    awaiting = sorted(NUMX.progress(winner.state).awaiting)
    assert game.last_sequence == winner.sequence
    assert game.awaiting == awaiting
    awaited = dict(Seat.objects.filter(game=game).values_list("number", "awaited"))
    assert awaited == {number: number in awaiting for number in awaited}


def assert_told_who_won(outcomes: Sequence[Outcome], winner: Submitted) -> list[Conflict]:
    """Every other submission got a Conflict carrying the game as the winner left it."""
    lost = [outcome for outcome in outcomes if outcome is not winner]
    assert all(isinstance(outcome, Conflict) for outcome in lost), lost
    conflicts = [outcome for outcome in lost if isinstance(outcome, Conflict)]
    for conflict in conflicts:
        assert conflict.sequence == winner.sequence
        assert conflict.state == winner.state
    return conflicts


def remembering(game: Game, remembered: bool) -> None:
    """Whether the racers' process remembers the game's state (as it does after the commit
    that made it): having read the game's row, they then make their moves from it; or it
    does not, and they rebuild the state from the events first (services.game_submit)."""
    if remembered:
        known = store.CACHE.get(game.pk)
        assert known is not None and known.sequence == game.last_sequence
    else:
        store.CACHE.clear()


REMEMBERED = pytest.mark.parametrize(
    "remembered", [pytest.param(True, id="remembered"), pytest.param(False, id="read")]
)


# --- Tests -----------------------------------------------------------------------------------


def assert_each_seat_moved_once(game: Game, before: int, outcomes: Sequence[Outcome]) -> None:
    """Every submission that succeeded is recorded, one move per seat, numbered without a
    gap after ``before``; the chain links them all, and the read models describe the game
    after the last of them."""
    won = [outcome for outcome in outcomes if isinstance(outcome, Submitted)]
    numbers = list(Event.objects.filter(game=game).values_list("sequence", flat=True))
    last = max(result.sequence for result in won)
    assert numbers == list(range(1, last + 1)), "no gap, nothing beyond the last move"
    moved = [
        seat
        for seat in Event.objects.filter(game=game, sequence__gt=before).values_list(
            "seat", flat=True
        )
        if seat is not None and seat != NUMX.chance
    ]
    assert sorted(moved) == sorted(set(moved)) and len(moved) == len(won)
    assert_chained(game.pk)
    final = store.load(game.pk, game.rules, cache=False)
    game.refresh_from_db()
    assert game.last_sequence == final.sequence == last
    assert game.awaiting == sorted(NUMX.progress(final.state).awaiting)


@pytest.mark.parametrize("players", [2, 6])
def test_seats_picking_at_once_are_all_recorded(
    players: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every seat makes its secret opening pick at the same time, from the same state: a
    pick hidden from the others changes nothing they may choose, so every pick is recorded,
    one after the other, and the game moves on to its first trick."""
    game = opening_game(players)
    before = game.last_sequence
    outcomes = race(
        [submission(game, seat, picks(game, seat)[0]) for seat in range(players)], monkeypatch
    )
    assert all(isinstance(outcome, Submitted) for outcome in outcomes), outcomes
    assert_each_seat_moved_once(game, before, outcomes)
    assert game.phase != "opening-pick"


@REMEMBERED
def test_simultaneous_picks_held_at_the_append_are_recorded_one_per_seat(
    remembered: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Eight picks (six seats, two of them with a second card), held until all eight have
    read the game and passed every check: each then inserts event ``before + 1``. The
    (game, sequence) constraint lets one insert win; each other pick is judged again
    against the game as it now stands: a seat whose own pick was recorded in between
    learns it as a Conflict, every other seat's pick is recorded after."""
    game = opening_game(6)
    before = game.last_sequence
    racers = [(seat, picks(game, seat)[0]) for seat in range(6)]
    racers += [(seat, picks(game, seat)[1]) for seat in (0, 1)]
    remembering(game, remembered)
    outcomes = race(
        [submission(game, seat, action) for seat, action in racers],
        monkeypatch,
        hold_before_append=True,
    )
    won = [outcome for outcome in outcomes if isinstance(outcome, Submitted)]
    lost = [(racers[i][0], o) for i, o in enumerate(outcomes) if not isinstance(o, Submitted)]
    assert len(won) == 6 and len(lost) == 2, outcomes
    assert sorted(seat for seat, _ in lost) == [0, 1]
    assert all(isinstance(outcome, Conflict) for _, outcome in lost)
    assert_each_seat_moved_once(game, before, outcomes)


@REMEMBERED
def test_moves_racing_in_turn_only_the_unique_constraint_decides(
    remembered: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Eight different moves of the seat whose turn it is, held until all eight have read
    the game and passed every check: one insert wins; the seven others hit the (game,
    sequence) constraint and, the seat's own move having changed its table, each learns it
    as a Conflict carrying the game as the winner left it."""
    game, turn = playing_game(6)
    before = game.last_sequence
    moves = picks(game, turn)
    assert len(moves) >= 8
    remembering(game, remembered)
    refused: list[BaseException] = []
    append = store.append

    def counting(*args: Any, **kwargs: Any) -> Any:
        try:
            return append(*args, **kwargs)
        except store.AppendRefused as error:
            refused.append(error)
            raise

    monkeypatch.setattr(store, "append", counting)
    outcomes = race(
        [submission(game, turn, action) for action in moves[:8]],
        monkeypatch,
        hold_before_append=True,
    )
    winner = the_winner(outcomes)
    assert len(assert_told_who_won(outcomes, winner)) == 7
    assert len(refused) == 7
    assert_recorded_once(game, before, winner)


def test_racers_linking_from_the_same_predecessor_leave_a_whole_chain(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Four picks, held before their append once each has read the game (and with its row
    the link their events will follow, the same one for all): each computes its links
    from it, one insert wins, and the others, judged again, follow the links recorded
    since: the chain links every recorded event."""
    game = opening_game(4)
    before = game.last_sequence
    read_context = read_models.move_context
    links_read: list[tuple[str, str] | None] = []

    def reading(*args: Any) -> read_models.MoveContext:
        context = read_context(*args)
        links_read.append(context.chain_end)
        return context

    monkeypatch.setattr(services, "move_context", reading)
    outcomes = race(
        [submission(game, seat, picks(game, seat)[0]) for seat in range(4)],
        monkeypatch,
        hold_before_append=True,
    )
    first_reads = links_read[:4]
    assert len(set(first_reads)) == 1 and first_reads[0] is not None
    assert all(isinstance(outcome, Submitted) for outcome in outcomes), outcomes
    assert_each_seat_moved_once(game, before, outcomes)


def test_the_same_move_sent_by_eight_at_once_is_recorded_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Eight identical submissions without an idempotency key: they are eight attempts at
    the same move, so one is recorded and seven are conflicts (not eight copies)."""
    game = opening_game(3)
    before = game.last_sequence
    pick = picks(game, 1)[0]
    outcomes = race([submission(game, 1, pick) for _ in range(8)], monkeypatch, True)
    winner = the_winner(outcomes)
    assert len(assert_told_who_won(outcomes, winner)) == 7
    assert_recorded_once(game, before, winner)


@REMEMBERED
@pytest.mark.parametrize(
    "hold_before_append",
    [pytest.param(False, id="released"), pytest.param(True, id="held")],
)
def test_the_same_submission_sent_twice_at_once_is_recorded_once_and_both_succeed(
    hold_before_append: bool, remembered: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A double click: the same move with the same idempotency key, twice at once. It is
    recorded once; both callers get a success, the second one marked ``duplicate``."""
    game = opening_game(3)
    before = game.last_sequence
    pick = picks(game, 0)[0]
    send = submission(game, 0, pick, idempotency_key="double-click")
    remembering(game, remembered)
    outcomes = race([send, send], monkeypatch, hold_before_append)
    assert all(isinstance(outcome, Submitted) for outcome in outcomes), outcomes
    results = [outcome for outcome in outcomes if isinstance(outcome, Submitted)]
    assert sorted(result.duplicate for result in results) == [False, True]
    first = next(result for result in results if not result.duplicate)
    again = next(result for result in results if result.duplicate)
    assert again.sequence == first.sequence and again.state == first.state
    assert Event.objects.filter(game=game, idempotency_key="double-click").count() == 1
    assert_recorded_once(game, before, first)


def test_illegal_moves_sent_at_once_write_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    """Illegal moves racing each other: every one is refused, nothing is written."""
    game = opening_game(4)
    count = Event.objects.filter(game=game).count()
    stolen = picks(game, 1)[0]  # seat 1's card: not seat 0's to pick
    illegal = [submission(game, seat, parse_action("pass")) for seat in range(4)]
    illegal += [submission(game, 0, stolen) for _ in range(4)]
    outcomes = race(illegal, monkeypatch)
    assert all(isinstance(outcome, IllegalAction) for outcome in outcomes), outcomes
    assert Event.objects.filter(game=game).count() == count
    game.refresh_from_db()
    assert game.last_sequence == count and game.awaiting == [0, 1, 2, 3]


def test_illegal_moves_racing_a_legal_one_write_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    """One legal pick among seven illegal moves: only the pick is recorded. An illegal move
    is refused by the rules, or, if it read the game after the pick, as a conflict."""
    game = opening_game(4)
    before = game.last_sequence
    legal = submission(game, 2, picks(game, 2)[0])
    stolen = picks(game, 1)[0]
    illegal = [submission(game, seat, parse_action("pass")) for seat in range(4)]
    illegal += [submission(game, 0, stolen) for _ in range(3)]
    outcomes = race([*illegal[:4], legal, *illegal[4:]], monkeypatch)
    winner = outcomes[4]
    assert isinstance(winner, Submitted), outcomes
    refused = [outcome for index, outcome in enumerate(outcomes) if index != 4]
    assert all(isinstance(outcome, IllegalAction | Conflict) for outcome in refused), refused
    assert_recorded_once(game, before, winner)


def test_after_a_flush_the_trigger_still_refuses_everything() -> None:
    """Runs after the tests above (file order), so after at least one flush: the flush did
    empty the tables, no replication role leaked into this connection, the one-shot wrapper
    is gone, and the trigger refuses UPDATE, DELETE and TRUNCATE again."""
    assert not Event.objects.exists() and not Game.objects.exists()
    assert truncate_as_replica not in connection.execute_wrappers
    with connection.cursor() as cursor:
        cursor.execute("SHOW session_replication_role")
        assert cursor.fetchone() == ("origin",)
    opening_game(2)
    for statement in (
        "UPDATE games_event SET type = 'forged'",
        "DELETE FROM games_event",
        "TRUNCATE games_event",
    ):
        with (
            pytest.raises(DatabaseError, match="events are immutable"),
            transaction.atomic(),
            connection.cursor() as cursor,
        ):
            cursor.execute(statement)
    assert Event.objects.count() == 2


def test_a_load_outside_a_transaction_is_shared_one_inside_is_not() -> None:
    """Pages read games in autocommit: what they load is built from committed events and
    is kept for the next reader. A load inside a transaction may include that transaction's
    own rows, which may yet roll back: it is never kept."""
    game = game_create(
        name="Cached",
        config={"players": 2, "mode": "speed-run"},
        seats=bot_seats(2, automatic=False),
        rng=random.Random(3),
    )
    store.CACHE.clear()
    loaded = store.load(game.pk, game.rules)
    assert store.CACHE.get(game.pk) == loaded

    store.CACHE.clear()
    with pytest.raises(RuntimeError), transaction.atomic():
        seat = sorted(NUMX.to_act(loaded.state))[0]
        move = next(iter(legal_actions(loaded.state, seat)))
        game_submit(game_id=game.pk, seat=seat, action=move, expected_sequence=loaded.sequence)
        assert store.load(game.pk, game.rules).sequence > loaded.sequence
        raise RuntimeError("roll the move back")
    assert store.CACHE.get(game.pk) is None
    assert store.load(game.pk, game.rules) == loaded


def test_two_dispatches_at_once_hand_each_event_to_a_consumer_once() -> None:
    """Two workers dispatch the same game at the same moment (a retried task, a catch-up
    beside a wake-up): each event reaches the consumer once, and its position ends at the
    last event. The consumer is slow, so the second dispatch arrives while the first holds
    the position."""
    game = opening_game(3)
    handled: list[int] = []
    inside = threading.Event()

    def slow(game_id: int, events: Sequence[Event]) -> None:
        inside.set()
        time.sleep(0.3)
        handled.extend(event.sequence for event in events)

    consumers.consumer("test-slow")(slow)
    try:
        start = threading.Barrier(2)
        errors: list[BaseException] = []

        def run() -> None:
            try:
                start.wait(BARRIER_TIMEOUT)
                consumers.dispatch(game.pk, only=["test-slow"])
            except BaseException as error:  # judged below
                errors.append(error)
            finally:
                connections.close_all()

        threads = [threading.Thread(target=run) for _ in range(2)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(2 * BARRIER_TIMEOUT)
    finally:
        consumers._CONSUMERS.pop("test-slow")
    assert inside.is_set() and not errors
    assert handled == list(range(1, game.last_sequence + 1))
    position = ConsumerPosition.objects.get(consumer="test-slow", game=game)
    assert position.sequence == game.last_sequence


def test_nmbr9_placements_made_at_once_are_all_recorded(monkeypatch: pytest.MonkeyPatch) -> None:
    """In NMBR 9 every seat places the same card at once, in secret: four placements sent
    together from the same state are all recorded, and the next card is turned up."""
    nmbr9 = rule_set("nmbr9")
    game = game_create(
        name="Race", config={"players": 4}, seats=bot_seats(4, automatic=False), rules="nmbr9"
    )
    before = game.last_sequence
    state = store.load(game.pk, game.rules, cache=False).state
    rng = random.Random(9)
    placements = [nmbr9.legal_actions(state, seat).sample(rng) for seat in range(4)]
    outcomes = race(
        [submission(game, seat, placement) for seat, placement in enumerate(placements)],
        monkeypatch,
        hold_before_append=True,
    )
    assert all(isinstance(outcome, Submitted) for outcome in outcomes), outcomes
    numbers = list(Event.objects.filter(game=game).values_list("sequence", flat=True))
    assert numbers == list(range(1, len(numbers) + 1))
    placed = Event.objects.filter(game=game, sequence__gt=before, type="place")
    assert sorted(placed.values_list("seat", flat=True)) == [0, 1, 2, 3]
    assert_chained(game.pk)
    after = store.load(game.pk, game.rules, cache=False).state
    assert nmbr9.progress(after).step == nmbr9.progress(state).step + 1
