"""A name the site gives a game (a tournament's table) is kept as its message and the
message's arguments, so that each reader reads it in their own language."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0012_chain_existing_games"),
    ]

    operations = [
        migrations.AddField(
            model_name="game",
            name="name_args",
            field=models.JSONField(blank=True, default=dict),
        ),
        migrations.AddField(
            model_name="game",
            name="name_msgid",
            field=models.CharField(blank=True, default="", max_length=200),
        ),
    ]
