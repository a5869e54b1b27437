"""Idempotency keys are unique per seat, not per game: each client chooses its keys without
knowing the other players', so a key one seat used must not refuse another seat's move.

Both databases make the constraint a partial unique index (no table is rebuilt, so the
events' immutability triggers stay); the new one is made before the old one goes.
"""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0014_snapshot_state_json"),
    ]

    operations = [
        migrations.AddConstraint(
            model_name="event",
            constraint=models.UniqueConstraint(
                condition=models.Q(("idempotency_key__isnull", False)),
                fields=("game", "seat", "idempotency_key"),
                name="event_idempotency_per_seat",
            ),
        ),
        migrations.RemoveConstraint(
            model_name="event",
            name="event_idempotency_unique",
        ),
    ]
