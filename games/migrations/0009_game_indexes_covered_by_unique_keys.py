"""The events' and seats' own index on their game goes: the unique (game, sequence) and
(game, number) keys start with the game and serve every look-up by game, and each append
or clock written paid for one more index.

Only the index is dropped. Django's AlterField would rebuild both tables on SQLite (losing
the events' immutability triggers with the old table) and drop and re-check the foreign
key on PostgreSQL (a scan of every event): the models' state changes, the database only
loses the index, under the name Django gave it on both databases.
"""

from django.db import migrations, models

INDEXES = {
    "games_event": ("games_event_game_id_afa0391c", "game_id"),
    "games_seat": ("games_seat_game_id_ad720f5b", "game_id"),
}


def drop(table: str) -> migrations.RunSQL:
    name, column = INDEXES[table]
    return migrations.RunSQL(
        f'DROP INDEX IF EXISTS "{name}"',
        reverse_sql=f'CREATE INDEX "{name}" ON "{table}" ("{column}")',
    )


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0008_games_nobody_played_here_are_public"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.AlterField(
                    model_name="event",
                    name="game",
                    field=models.ForeignKey(
                        db_index=False,
                        on_delete=models.deletion.PROTECT,
                        related_name="events",
                        to="games.game",
                    ),
                ),
                migrations.AlterField(
                    model_name="seat",
                    name="game",
                    field=models.ForeignKey(
                        db_index=False,
                        on_delete=models.deletion.CASCADE,
                        related_name="seats",
                        to="games.game",
                    ),
                ),
            ],
            database_operations=[drop("games_event"), drop("games_seat")],
        ),
    ]
