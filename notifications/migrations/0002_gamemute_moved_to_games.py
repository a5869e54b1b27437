"""GameMute now belongs to games (games/migrations/0005_gamemute): the state forgets it
here, the table stays where games took it."""

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [
        ("notifications", "0001_initial"),
        ("games", "0005_gamemute"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[migrations.DeleteModel(name="GameMute")],
            database_operations=[],
        ),
    ]
