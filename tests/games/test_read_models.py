"""The read models a move rewrites, and the one read it starts from (written as SQL)."""

import random
from datetime import timedelta

import pytest
from django.contrib.auth.models import User
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from games.bots import play_bot_game
from games.engine.numx import legal_actions
from games.events import store
from games.events.models import Event
from games.models import Game, Seat, StandingOrder
from games.read_models import move_context
from games.registry import rule_set
from games.services import game_submit

pytestmark = pytest.mark.django_db

NUMX = rule_set("numx")


def clocks(game: Game) -> dict[int, object]:
    return dict(Seat.objects.filter(game=game).values_list("number", "awaited_since"))


def move(game: Game, seat: int, actor: User) -> None:
    loaded = store.load(game.pk, game.rules)
    action = next(iter(legal_actions(loaded.state, seat)))
    game_submit(
        game_id=game.pk, seat=seat, action=action, expected_sequence=loaded.sequence, actor=actor
    )


def test_a_seat_still_awaited_keeps_its_clock_and_one_that_acted_stops(
    duel: Game, alice: User, bob: User
) -> None:
    """Both seats owe their opening pick; Alice's pick stops her clock and leaves Bob's
    running from when the game started waiting for him."""
    long_ago = timezone.now() - timedelta(days=2)
    Seat.objects.filter(game=duel).update(awaited_since=long_ago)
    move(duel, 0, alice)
    assert clocks(duel) == {0: None, 1: long_ago}
    assert dict(Seat.objects.filter(game=duel).values_list("number", "awaited")) == {
        0: False,
        1: True,
    }


def test_a_seat_newly_awaited_starts_its_clock_now(duel: Game, alice: User, bob: User) -> None:
    move(duel, 0, alice)
    move(duel, 1, bob)  # both picked: the play begins, awaiting one seat
    duel.refresh_from_db()
    (turn,) = duel.awaiting
    before = timezone.now()
    move(duel, turn, alice if turn == 0 else bob)
    duel.refresh_from_db()
    (next_turn,) = duel.awaiting
    assert next_turn != turn
    started = clocks(duel)
    assert started[turn] is None
    assert started[next_turn] is not None and started[next_turn] >= before


def test_the_events_a_move_returns_are_the_rows_it_recorded(duel: Game, alice: User) -> None:
    loaded = store.load(duel.pk, duel.rules)
    action = next(iter(legal_actions(loaded.state, 0)))
    submitted = game_submit(
        game_id=duel.pk,
        seat=0,
        action=action,
        expected_sequence=2,
        actor=alice,
        idempotency_key="k1",
    )
    stored = list(Event.objects.filter(game=duel, sequence__gt=2))
    returned = [(e.pk, e.sequence, e.type, e.payload, e.seat, e.actor_id) for e in submitted.events]
    assert returned == [(e.pk, e.sequence, e.type, e.payload, e.seat, e.actor_id) for e in stored]
    assert stored[0].idempotency_key == "k1" and stored[0].recorded_at <= timezone.now()


def submit_capturing(game: Game, seat: int, actor: User) -> list[str]:
    """The statements of ``seat``'s move, the process's cache holding the current state."""
    loaded = store.load(game.pk, game.rules, cache=False)
    store.CACHE.put(game.pk, loaded)
    action = next(iter(legal_actions(loaded.state, seat)))
    with CaptureQueriesContext(connection) as queries:
        game_submit(
            game_id=game.pk,
            seat=seat,
            action=action,
            expected_sequence=loaded.sequence,
            actor=actor,
        )
    return [q["sql"] for q in queries.captured_queries]


def test_a_move_from_a_remembered_state_is_one_statement_and_orders_are_read_when_set(
    duel: Game, alice: User, bob: User
) -> None:
    """With the state the player saw in this process's cache, a move is its one write, which
    checks that the actor holds the seat and that no standing order is set. Once an order
    is set, that check fails; the move then reads its game in one SELECT, the orders in
    another, and is written again."""
    statements = submit_capturing(duel, 0, alice)
    assert [sql for sql in statements if sql.startswith("SELECT")] == []
    # On PostgreSQL the insert is the main statement of the move's one write (batch.py).
    assert len([sql for sql in statements if "INSERT INTO games_event" in sql]) == 1

    StandingOrder.objects.create(
        seat=Seat.objects.get(game=duel, number=1), kind="pass", trick=99, round_no=1
    )
    statements = submit_capturing(duel, 1, bob)
    reads = [sql for sql in statements if sql.startswith("SELECT")]
    assert len(reads) == 2 and "games_game" in reads[0] and "games_standingorder" in reads[1]
    assert len([sql for sql in statements if "INSERT INTO games_event" in sql]) == 2
    assert not StandingOrder.objects.exists()  # the order, for another trick, lapsed


def test_a_finished_game_records_each_seat_s_score_and_the_winners() -> None:
    """The lists of finished games show scores and winners from the seats' rows, written
    with the move that ended the game."""
    game = play_bot_game({"players": 3, "mode": "speed-run"}, random.Random(8))
    outcome = NUMX.outcome(store.load(game.pk, game.rules, cache=False).state)
    assert outcome is not None
    seats = list(Seat.objects.filter(game=game).order_by("number"))
    assert game.status == Game.Status.FINISHED and game.finished_at is not None
    assert [seat.score for seat in seats] == list(outcome.scores)
    assert [seat.number for seat in seats if seat.winner] == sorted(outcome.winners)
    assert not any(seat.awaited for seat in seats)


def test_the_move_context_says_who_holds_the_seat(duel: Game, alice: User, bob: User) -> None:
    assert move_context(duel.pk, 0, alice.pk).holds_seat
    assert not move_context(duel.pk, 0, bob.pk).holds_seat
    context = move_context(duel.pk, 1, None)
    assert (context.rules, context.last_sequence, context.awaiting) == ("numx", 2, [0, 1])
    assert not context.holds_seat and not context.has_orders
    with pytest.raises(Game.DoesNotExist):
        move_context(duel.pk + 1000, 0, alice.pk)
