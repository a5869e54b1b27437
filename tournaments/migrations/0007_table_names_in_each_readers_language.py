"""The games of the tables opened before were named once, in the language of the organiser
who started their stage: each gets the message and arguments a table opened now gets
(``tournaments.services.TABLE_NAME`` and ``FINAL_NAME``), so that every reader reads its
name in their own language. Their stored name stays as it was."""

from django.db import migrations

# As in tournaments.services when this migration was written: the catalogue translates
# these messages.
TABLE_NAME = "%(tournament)s: stage %(stage)d, table %(table)d"
FINAL_NAME = "%(tournament)s: final"


def name_tables_by_message(apps, schema_editor):  # type: ignore[no-untyped-def]
    Game = apps.get_model("games", "Game")
    Table = apps.get_model("tournaments", "Table")
    tables = Table.objects.filter(game__name_msgid="").select_related("stage__tournament")
    games = []
    for table in tables.iterator():
        stage = table.stage
        words = {"tournament": stage.tournament.name}
        if not stage.is_final:
            words |= {"stage": stage.number, "table": table.number}
        games.append(
            Game(
                pk=table.game_id,
                name_msgid=FINAL_NAME if stage.is_final else TABLE_NAME,
                name_args=words,
            )
        )
    Game.objects.bulk_update(games, ["name_msgid", "name_args"], batch_size=500)


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0006_tournament_seat_by_rating"),
        ("games", "0013_game_name_message"),
    ]

    operations = [migrations.RunPython(name_tables_by_message, migrations.RunPython.noop)]
