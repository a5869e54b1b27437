"""A table waiting for players plays no round yet: its ``round_no`` is 0 (it was 1, which
a live Numenko table, without rounds, turned to 0 once started). The tables open now say
so too."""

from django.db import migrations, models


def open_tables_play_no_round(apps, schema_editor):  # type: ignore[no-untyped-def]
    Game = apps.get_model("games", "Game")
    Game.objects.filter(status="open").update(round_no=0)


class Migration(migrations.Migration):
    dependencies = [("games", "0018_seat_resigned")]

    operations = [
        migrations.AlterField(
            model_name="game",
            name="round_no",
            field=models.PositiveSmallIntegerField(default=0),
        ),
        migrations.RunPython(open_tables_play_no_round, migrations.RunPython.noop),
    ]
