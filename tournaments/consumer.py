"""The ``tournaments`` consumer: when a table's game ends, its results are recorded (and
the stage, or the tournament, finishes with its last table)."""

from __future__ import annotations

from collections.abc import Sequence

from games.events.consumers import consumer
from games.events.store import Recorded
from tournaments.models import Table
from tournaments.results import table_record_result


@consumer("tournaments")
def record_finished_tables(game_id: int, events: Sequence[Recorded]) -> None:
    if not any(event.type == "game-ended" for event in events):
        return
    table = Table.objects.filter(game_id=game_id).first()
    if table is not None:
        table_record_result(table=table)
