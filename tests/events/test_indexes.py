"""The indexes every append and every move's clocks write: none that another index
already serves."""

from __future__ import annotations

import pytest
from django.db import connection

pytestmark = pytest.mark.django_db


def index_columns(table: str) -> list[list[str]]:
    with connection.cursor() as cursor:
        constraints = connection.introspection.get_constraints(cursor, table)
    return [c["columns"] for c in constraints.values() if c["index"] or c["unique"]]


@pytest.mark.parametrize("table", ["games_event", "games_link", "games_seat"])
def test_a_game_scoped_table_has_no_index_on_the_game_alone(table: str) -> None:
    indexes = index_columns(table)
    # Its unique key starts with the game: look-ups by game use it.
    assert any(columns[0] == "game_id" and len(columns) > 1 for columns in indexes)
    assert ["game_id"] not in indexes
