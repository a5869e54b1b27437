"""A game's rows carry its id, and their unique keys include it: what splitting the events
(and the rest) by game needs, hash partitions of PostgreSQL or shards of Citus alike. A
unique key without the game could only be checked across every partition or shard, which
neither does (docs/deploy.md, "Partitioning by game")."""

from __future__ import annotations

from django.apps import apps
from django.db import models

from games.models import Game

#: The apps whose tables hold a game's rows (tournaments are split by tournament, accounts
#: by user).
GAME_APPS = {"games", "notifications"}
#: Tables of those apps that name a game without being its rows: a mail arrives before
#: anybody knows which game it answers (if any), so the inbound mailbox is keyed by its
#: Message-ID and split by nothing; the game is noted once the mail is judged.
NOT_A_GAMES_ROWS = {"notifications.InboundMail"}


def game_field(model: type[models.Model]) -> str | None:
    """The name of ``model``'s foreign key to the game, if it has one."""
    for field in model._meta.fields:
        if field.is_relation and field.related_model is Game:
            return field.name
    return None


def game_tables() -> list[type[models.Model]]:
    return [
        model
        for model in apps.get_models()
        if model._meta.app_label in GAME_APPS
        and game_field(model) is not None
        and model._meta.label not in NOT_A_GAMES_ROWS
    ]


def test_every_unique_key_of_a_games_rows_includes_the_game() -> None:
    names = {model._meta.label for model in game_tables()}
    assert {"games.Event", "games.Seat", "games.Snapshot"} <= names
    for model in game_tables():
        game = game_field(model)
        for constraint in model._meta.constraints:
            if not isinstance(constraint, models.UniqueConstraint):
                continue
            # Rows with no game (a daily digest's mail) are no game's: no partition's key.
            without_game = constraint.condition == models.Q(**{f"{game}__isnull": True})
            assert game in constraint.fields or without_game, (model, constraint.name)
        single = [f.name for f in model._meta.fields if f.unique and not f.primary_key]
        assert single == [], (model, single)
        assert not model._meta.unique_together, model


def test_the_tables_that_reach_their_game_through_another_one() -> None:
    """These carry no game id of their own: on Citus they would need one (and their unique
    keys with it); partitioning the events alone does not. Adding one fails here."""
    scoped = set(game_tables())
    indirect = {
        model._meta.label
        for model in apps.get_models()
        if model._meta.app_label in GAME_APPS
        and model not in scoped
        and model is not Game
        and any(f.is_relation and f.related_model in scoped for f in model._meta.fields)
    }
    assert indirect == {"games.StandingOrder"}
