"""The read models a move rewrites, and the one read it starts from."""

import random
from datetime import timedelta

import pytest
from django.contrib.auth.models import User
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from games.bots import bot_seats, play_bot_game, play_bot_move
from games.engine.numx import legal_actions
from games.events import store
from games.events.models import Event
from games.models import Game, Seat, StandingOrder
from games.read_models import move_context
from games.registry import rule_set
from games.services import game_create, game_submit

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


def submit_capturing(game: Game, seat: int, actor: User | None, remembered: bool) -> list[str]:
    """The statements of ``seat``'s move, with the current state in this process's cache
    (``remembered``) or not."""
    loaded = store.load(game.pk, game.rules, cache=False)
    store.CACHE.clear()
    if remembered:
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


def a_game_played(players: int, moves: int) -> Game:
    """A game of bots (moved by the test) after ``moves`` random moves."""
    game = game_create(
        name="Counted",
        config={"players": players, "mode": "speed-run"},
        seats=bot_seats(players, automatic=False),
        rng=random.Random(2),
    )
    rng = random.Random(2)
    for _ in range(moves):
        assert play_bot_move(game, rng), "the game ended first"
    return game


def reads_orders(sql: str) -> bool:
    """Whether ``sql`` reads the standing orders themselves (not whether any exists)."""
    return sql.startswith('SELECT "games_standingorder".')


@pytest.mark.parametrize("remembered", [True, False], ids=["remembered", "read"])
def test_a_move_s_queries_do_not_grow_with_the_game_s_length_or_its_seats(
    remembered: bool,
) -> None:
    """A move reads its game's row, the events after the state it starts from (none when
    this process remembers the latest) and writes in one transaction: as many statements in
    a short game of two as in a long game of six (each in play, the move handing the turn
    on: one seat's wait stops, another's starts)."""
    counts = []
    for players, moves in ((2, 20), (6, 40)):
        game = a_game_played(players, moves)
        seat = min(NUMX.progress(store.load(game.pk, game.rules).state).awaiting)
        counts.append(len(submit_capturing(game, seat, None, remembered)))
    assert counts[0] == counts[1]


def test_standing_orders_are_read_only_when_one_is_set(duel: Game, alice: User, bob: User) -> None:
    """The game's row says whether any standing order is set: the orders are read then
    only, and an order given for another trick lapses with the move."""
    statements = submit_capturing(duel, 0, alice, remembered=True)
    assert not [sql for sql in statements if reads_orders(sql)]

    StandingOrder.objects.create(
        seat=Seat.objects.get(game=duel, number=1), kind="pass", trick=99, round_no=1
    )
    statements = submit_capturing(duel, 1, bob, remembered=True)
    assert len([sql for sql in statements if reads_orders(sql)]) == 1
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
    assert (context.rules, context.last_sequence) == ("numx", 2)
    assert not context.holds_seat and not context.has_orders
    with pytest.raises(Game.DoesNotExist):
        move_context(duel.pk + 1000, 0, alice.pk)
