"""Tournament games were made private, like a game opened without ticking "public"; since
private games are watched only by whoever was given them, a tournament's tables (linked
from its public pages) are public games."""

from django.db import migrations


def publish_tournament_games(apps, schema_editor):  # type: ignore[no-untyped-def]
    Game = apps.get_model("games", "Game")
    Table = apps.get_model("tournaments", "Table")
    Game.objects.filter(pk__in=Table.objects.values("game_id")).update(is_public=True)


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0004_entry_invited_by_goes_with_invitations"),
        ("games", "0007_bot_seats_belong_to_nobody"),
    ]

    operations = [migrations.RunPython(publish_tournament_games, migrations.RunPython.noop)]
