"""Private games are now seen only by their players, creator and invitees. Imported games
(``manage.py numx import``, the demo's finished game) have none of them: they were private
in name only, replayed by anybody, and become public so that they stay so."""

from django.db import migrations


def publish_games_without_members(apps, schema_editor):  # type: ignore[no-untyped-def]
    Game = apps.get_model("games", "Game")
    Seat = apps.get_model("games", "Seat")
    played_here = Seat.objects.filter(user__isnull=False).values("game_id")
    Game.objects.filter(is_public=False, created_by__isnull=True).exclude(
        pk__in=played_here
    ).update(is_public=True)


class Migration(migrations.Migration):
    dependencies = [("games", "0007_bot_seats_belong_to_nobody")]

    operations = [migrations.RunPython(publish_games_without_members, migrations.RunPython.noop)]
