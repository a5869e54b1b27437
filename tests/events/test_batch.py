"""A move's writes sent together: all of them or none, on each path.

On PostgreSQL they are one statement (the others as WITH clauses of the first), inside a
savepoint within a caller's transaction (every non-transactional test), their own
transaction outside any; on SQLite they run one by one in an atomic block.
"""

from __future__ import annotations

import random

import pytest
from django.db import IntegrityError, connection

from games.bots import bot_seats
from games.events import store
from games.events.batch import Statement, write_together
from games.events.models import Event
from games.models import Game
from games.read_models import projection
from games.registry import rule_set
from games.services import game_create

NUMX = rule_set("numx")


def a_game() -> Game:
    return game_create(
        name="Batch",
        config={"players": 3, "mode": "speed-run"},
        seats=bot_seats(3, automatic=False),
        rng=random.Random(4),
    )


def rename(game: Game, name: str) -> Statement:
    return Statement("UPDATE games_game SET name = %s WHERE id = %s", [name, game.pk])


def taken_event(game: Game) -> Statement:
    """An event insert refused by the (game, sequence) constraint: number 1 is taken."""
    return Statement(
        "INSERT INTO games_event (game_id, sequence, type, payload, seat, recorded_at, version)"
        " VALUES (%s, 1, 'pass', '{}', 0, CURRENT_TIMESTAMP, 1)",
        [game.pk],
    )


def assert_all_or_nothing(game: Game) -> None:
    """A refused statement beside a successful one: neither is kept; when all succeed,
    the rows the first returns come back."""
    with pytest.raises(IntegrityError):
        write_together([rename(game, "changed"), taken_event(game)])
    game.refresh_from_db()
    assert game.name == "Batch"
    assert Event.objects.filter(game=game).count() == 2

    returned = write_together(
        [
            Statement(
                "UPDATE games_game SET name = %s WHERE id = %s RETURNING name", ["renamed", game.pk]
            ),
            Statement("UPDATE games_seat SET timeouts = 1 WHERE game_id = %s", [game.pk]),
        ]
    )
    assert returned == [("renamed",)]
    assert set(game.seats.values_list("timeouts", flat=True)) == {1}


@pytest.mark.django_db
def test_inside_a_transaction_a_refusal_undoes_the_batch_and_the_transaction_goes_on() -> None:
    game = a_game()
    assert connection.in_atomic_block
    assert_all_or_nothing(game)
    assert Game.objects.get(pk=game.pk).name == "renamed"


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("flush_past_the_trigger")
def test_outside_a_transaction_the_writes_are_one_statement_all_or_nothing() -> None:
    game = a_game()
    assert not connection.in_atomic_block
    assert_all_or_nothing(game)
    seats = Statement("UPDATE games_seat SET timeouts = 2 WHERE game_id = %s", [game.pk])
    sent: list[tuple[str, bool]] = []

    def record(execute, sql, params, many, context):  # type: ignore[no-untyped-def]
        sent.append((sql, connection.get_autocommit()))
        return execute(sql, params, many, context)

    with connection.execute_wrapper(record):
        write_together([rename(game, "once"), seats])
    # One statement, sent in autocommit: its own transaction, no BEGIN or COMMIT around it.
    assert len(sent) == 1 and sent[0][1] is True
    game.refresh_from_db()
    assert game.name == "once" and set(game.seats.values_list("timeouts", flat=True)) == {2}


@pytest.mark.django_db
def test_two_statements_writing_one_table_are_refused_on_every_database() -> None:
    """On PostgreSQL they would be one statement, keeping only one write of a row written
    twice; SQLite, running them in turn, would not show it, so both refuse them."""
    game = a_game()
    with pytest.raises(ValueError, match="games_game"):
        write_together([rename(game, "first"), rename(game, "second")])
    game.refresh_from_db()
    assert game.name == "Batch"


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("flush_past_the_trigger")
def test_a_refused_append_outside_a_transaction_leaves_the_read_models_as_they_were() -> None:
    """The events' insert is refused: the read models' rewrite sent with it must not be
    kept, or the lists would describe a move that was never recorded."""
    game = a_game()
    loaded = store.load(game.pk, game.rules, cache=False)
    seat = sorted(NUMX.to_act(loaded.state))[0]
    pick = next(iter(NUMX.legal_actions(loaded.state, seat)))
    after = NUMX.apply(loaded.state, seat, pick)
    with pytest.raises(store.SequenceTaken):
        store.append(
            game.pk,
            NUMX,
            loaded.sequence - 1,  # a number already taken
            [store.NewEvent("pick", NUMX.action_to_json(pick), seat=seat)],
            also=projection(game.pk, NUMX, after, loaded.sequence),
        )
    game.refresh_from_db()
    assert game.awaiting == [0, 1, 2] and game.phase == "opening-pick"
    assert list(game.seats.values_list("awaited", flat=True)) == [True, True, True]
    # The connection is usable at once: the next move goes through.
    events = store.append(
        game.pk,
        NUMX,
        loaded.sequence,
        [store.NewEvent("pick", NUMX.action_to_json(pick), seat=seat)],
        also=projection(game.pk, NUMX, after, loaded.sequence + 1),
    )
    game.refresh_from_db()
    assert [event.sequence for event in events] == [loaded.sequence + 1]
    assert game.last_sequence == loaded.sequence + 1 and seat not in game.awaiting
