"""Seats handed to a bot before this release kept their player's user, who could still read
the bot's hand and move for it (a tournament withdrawal): from now on a bot's seat belongs
to nobody."""

from django.db import migrations


def release_bot_seats(apps, schema_editor):  # type: ignore[no-untyped-def]
    Seat = apps.get_model("games", "Seat")
    Seat.objects.filter(is_bot=True, user__isnull=False).update(user=None)


class Migration(migrations.Migration):
    dependencies = [("games", "0006_game_status_finished")]

    operations = [migrations.RunPython(release_bot_seats, migrations.RunPython.noop)]
