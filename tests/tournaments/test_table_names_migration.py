"""Migration 0007 of tournaments names the tables opened before it by their message, so
that they too read in each reader's language; it leaves the games players named, and every
stored name, as they were (PostgreSQL: its schema changes run inside the test's
transaction, which SQLite's schema editor refuses)."""

from __future__ import annotations

import importlib

import pytest
from django.contrib.auth.models import User
from django.db import connection
from django.utils import translation

from games.lobby import game_open
from games.models import Game
from tests.migrations import migrate
from tournaments import services

from .conftest import Players, cup_to_the_final

BEFORE = [("tournaments", "0006_tournament_seat_by_rating"), ("games", "0012_chain_existing_games")]
AFTER = [("tournaments", "0007_table_names_in_each_readers_language")]


def test_the_migration_uses_the_messages_tables_are_named_with_today() -> None:
    migration = importlib.import_module(f"tournaments.migrations.{AFTER[0][1]}")
    assert (migration.TABLE_NAME, migration.FINAL_NAME) == (
        services.TABLE_NAME,
        services.FINAL_NAME,
    )


@pytest.mark.postgres
@pytest.mark.django_db
def test_tables_opened_before_read_in_each_readers_language_after_it(
    alice: User, bob: User, make_players: Players
) -> None:
    with translation.override("fr"):  # a French organiser starts both stages
        first, final = cup_to_the_final(alice, make_players(4))
    typed = game_open(creator=bob, name="Infinity", config={"players": 3, "mode": "speed-run"})
    stored = dict(Game.objects.values_list("pk", "name"))
    assert stored[first.game_id] == "Cup\u00a0: ronde 1, table 1"

    with connection.cursor() as cursor:
        # The foreign keys' checks are deferred to the commit: done now, so that the
        # columns the migrations drop can be dropped in this transaction.
        cursor.execute("SET CONSTRAINTS ALL IMMEDIATE")
    migrate(BEFORE)  # the games' names are plain text again, as before
    migrate(AFTER)
    migrate()  # the later migrations, whose columns the game's model reads

    games = Game.objects.in_bulk([first.game_id, final.game_id, typed.pk])
    assert dict(Game.objects.values_list("pk", "name")) == stored
    with translation.override("en"):
        assert games[first.game_id].display_name == "Cup: stage 1, table 1"
        assert games[final.game_id].display_name == "Cup: final"
    with translation.override("fr"):
        assert games[first.game_id].display_name == "Cup\u00a0: ronde 1, table 1"
        assert games[final.game_id].display_name == "Cup\u00a0: finale"
        assert games[typed.pk].display_name == "Infinity"
    assert games[typed.pk].name_msgid == "" and games[typed.pk].name_args == {}
