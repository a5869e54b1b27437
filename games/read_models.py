"""Read models: the lists people browse (my games, whose turn it is, finished games and
their scores), rewritten in the same transaction as every append so they never disagree
with the events."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db import connection
from django.db.models import Model
from django.utils import timezone

from games.engine.ruleset import RuleSet
from games.events.batch import Statement, among, write_together
from games.models import Game, Seat, StandingOrder

_GAME = Game._meta.db_table
_SEAT = Seat._meta.db_table
_ORDER = StandingOrder._meta.db_table


@dataclass(frozen=True)
class MoveContext:
    """What a move needs of a game's read models, read in one statement: its rule set, its
    last event number, the seats it awaits, whether the actor holds the seat, and whether
    any standing order is set (if not, there is none to read)."""

    rules: str
    last_sequence: int
    awaiting: list[int]
    holds_seat: bool
    has_orders: bool


def move_context(game_id: int, seat: int, user_id: int | None) -> MoveContext:
    """The game's :class:`MoveContext` for ``seat`` played by ``user_id``; raises
    ``Game.DoesNotExist`` for no such game.

    One statement instead of three ORM queries: each query's construction cost more than its
    round trip.
    """
    sql = (
        f"SELECT g.rules, g.last_sequence, g.awaiting, {_holds('g.id')}, {_ordered('g.id')}"
        f" FROM {_GAME} g WHERE g.id = %s"
    )
    with connection.cursor() as cursor:
        cursor.execute(sql, [seat, user_id, game_id])
        row = cursor.fetchone()
    if row is None:
        raise Game.DoesNotExist(f"no game {game_id}")
    rules, last, awaiting, holds, orders = row
    awaiting = Game._meta.get_field("awaiting").from_db_value(awaiting, None, connection)
    return MoveContext(rules, last, awaiting, bool(holds), bool(orders))


def assumed_context(game_id: int, seat: int, user_id: int | None) -> Statement:
    """The SQL condition under which a move made without reading its :class:`MoveContext`
    may be recorded: ``user_id`` (if any) holds ``seat``, and no standing order is set.

    The move's append checks it as it writes (``store.append(provided=...)``), so the move
    can be made from a state the process remembers, with no query before the write.
    """
    sql = f"NOT {_ordered('%s')}"
    params: list[Any] = [game_id]
    if user_id is not None:
        sql += f" AND {_holds('%s')}"
        params += [game_id, seat, user_id]
    return Statement(sql, params)


def _holds(game: str) -> str:
    """SQL: a seat numbered ``%s`` of ``game`` is held by the user ``%s``."""
    return (
        f"EXISTS (SELECT 1 FROM {_SEAT} s WHERE s.game_id = {game} AND s.number = %s"
        " AND s.user_id = %s)"
    )


def _ordered(game: str) -> str:
    """SQL: a standing order is set at ``game``."""
    return (
        f"EXISTS (SELECT 1 FROM {_ORDER} o JOIN {_SEAT} s ON s.id = o.seat_id"
        f" WHERE s.game_id = {game})"
    )


def project(game_id: int, rules: RuleSet, state: Any, sequence: int) -> None:
    """Rewrite the read models of the game and its seats, in the caller's transaction (the
    one that appended the events up to ``sequence``)."""
    write_together(projection(game_id, rules, state, sequence))


def projection(
    game_id: int,
    rules: RuleSet,
    state: Any,
    sequence: int,
    awaiting_before: list[int] | None = None,
) -> list[Statement]:
    """The statements that rewrite the read models of the game and its seats to ``state``,
    the state after event ``sequence``: to be run with the append of the events.

    ``awaiting_before`` is the game's ``awaiting`` as the caller read it: if the same seats
    are still awaited, the seats' rows are already right.
    """
    progress = rules.progress(state)
    outcome = rules.outcome(state)
    now = timezone.now()
    finished = outcome is not None
    awaiting = sorted(progress.awaiting)
    # SQL rather than the ORM's update(): these run on every move, and building them as
    # querysets (the seats' CASE above all) cost several times the statements themselves.
    status = Game.Status.FINISHED if finished else Game.Status.RUNNING
    game_values = [
        sequence,
        progress.phase,
        progress.round,
        _prep(Game, "awaiting", awaiting),
        status.value,
        _prep(Game, "finished_at", now if finished else None),
        _prep(Game, "updated_at", now),
        game_id,
    ]
    statements = [
        Statement(
            f"UPDATE {_GAME} SET last_sequence = %s, phase = %s, round_no = %s, awaiting = %s,"
            " status = %s, finished_at = %s, updated_at = %s WHERE id = %s",
            game_values,
        )
    ]
    if awaiting == awaiting_before and not finished:
        # The same seats still awaited keep their clocks running: nothing to rewrite.
        return statements
    awaited = among("number", awaiting)
    # A seat's clock starts when the game starts waiting for it, and stops when it acts.
    # (The right-hand sides read the row as it was before this UPDATE.)
    columns = [
        f"awaited = CASE WHEN {awaited} THEN TRUE ELSE FALSE END",
        f"awaited_since = CASE WHEN {awaited} AND NOT awaited THEN %s"
        f" WHEN {awaited} THEN awaited_since ELSE NULL END",
    ]
    values = [*awaiting, *awaiting, _prep(Seat, "awaited_since", now), *awaiting]
    if outcome is not None:
        # The same statement: the writes of a move run as one on PostgreSQL (batch.py),
        # where two UPDATEs of the same rows would keep only one of them.
        scores, winners = outcome.scores, sorted(outcome.winners)
        columns += [
            f"score = CASE number {' '.join(['WHEN %s THEN %s'] * len(scores))} END",
            f"winner = CASE WHEN {among('number', winners)} THEN TRUE ELSE FALSE END",
        ]
        values += [*(value for pair in enumerate(scores) for value in pair), *winners]
    statements.append(
        Statement(f"UPDATE {_SEAT} SET {', '.join(columns)} WHERE game_id = %s", [*values, game_id])
    )
    return statements


def _prep(model: type[Model], name: str, value: Any) -> Any:
    """``value`` as the field stores it (JSON, dates with their time zone...)."""
    return model._meta.get_field(name).get_db_prep_save(value, connection)
