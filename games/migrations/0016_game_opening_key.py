"""A game remembers the key of the request that opened it (the API's Idempotency-Key),
unique per creator: a client that sends the same opening again (its first answer lost)
gets the game it opened, not a second one."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0015_idempotency_keys_per_seat"),
    ]

    operations = [
        migrations.AddField(
            model_name="game",
            name="idempotency_key",
            field=models.CharField(blank=True, max_length=64, null=True),
        ),
        migrations.AddConstraint(
            model_name="game",
            constraint=models.UniqueConstraint(
                condition=models.Q(("idempotency_key__isnull", False)),
                fields=("created_by", "idempotency_key"),
                name="game_idempotency_per_creator",
            ),
        ),
    ]
