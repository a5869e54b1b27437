"""Snapshots hold a game's state as JSON (the form its rule set defines) instead of a pickle.

The pickled snapshots are deleted, not converted: a snapshot is only a cache of the game's
events, which stay whole (their immutability triggers guard ``games_event``, not this
table). Until a game's next snapshot falls due (every 50 events), loading it replays its
events from the start, as for a game that never had one; a finished game is replayed from
its events from now on. Converting instead would mean unpickling what the table holds,
which is what this change stops doing.

The column is dropped and added again rather than altered: PostgreSQL has no cast from
``bytea`` to ``jsonb``, even for an empty table. The site role's rights on the table are
granted per table (``grant_app_role``), which the new column inherits. Going back deletes
the JSON snapshots the same way.
"""

from django.db import migrations, models


def delete_snapshots(apps, schema_editor):
    apps.get_model("games", "Snapshot").objects.all().delete()


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0013_game_name_message"),
    ]

    operations = [
        migrations.RunPython(delete_snapshots, migrations.RunPython.noop),
        migrations.RemoveField(model_name="snapshot", name="state"),
        migrations.AddField(
            model_name="snapshot",
            name="state",
            field=models.JSONField(default=dict),
            preserve_default=False,
        ),
        # Runs first when the migration is reversed: the JSON snapshots go before the column
        # turns back into bytes.
        migrations.RunPython(migrations.RunPython.noop, delete_snapshots),
    ]
