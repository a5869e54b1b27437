"""Each seat carries its game's finished_at and updated_at, indexed with its player, so
that a player's list of games is read in order from their seats' index: a veteran's first
page no longer joins and sorts every game they played. Existing seats are filled from
their games."""

import django.utils.timezone
from django.conf import settings
from django.db import migrations, models
from django.db.models import Case, F, OuterRef, Subquery, When
from django.db.models.functions import Coalesce


def copy_game_times(apps, schema_editor):
    """Give every seat its game's times; a finished game without finished_at (none should
    have one) counts as finished when it last moved, so that it is still listed as
    finished."""
    Game = apps.get_model("games", "Game")
    Seat = apps.get_model("games", "Seat")
    finished_at = Game.objects.annotate(
        ended=Case(
            When(status="finished", then=Coalesce(F("finished_at"), F("updated_at"))),
            default=F("finished_at"),
        )
    )
    Seat.objects.update(
        game_finished_at=Subquery(finished_at.filter(pk=OuterRef("game_id")).values("ended")),
        game_updated_at=Subquery(Game.objects.filter(pk=OuterRef("game_id")).values("updated_at")),
    )


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0016_game_opening_key"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.AddField(
            model_name="seat",
            name="game_finished_at",
            field=models.DateTimeField(blank=True, editable=False, null=True),
        ),
        migrations.AddField(
            model_name="seat",
            name="game_updated_at",
            field=models.DateTimeField(default=django.utils.timezone.now, editable=False),
        ),
        migrations.RunPython(copy_game_times, migrations.RunPython.noop),
        # The new index starts with (user, awaited), and serves what the old one did.
        migrations.RemoveIndex(model_name="seat", name="seat_user_awaited"),
        migrations.AddIndex(
            model_name="seat",
            index=models.Index(
                fields=["user", "-awaited", "-game_finished_at", "-game_updated_at", "-game"],
                name="seat_user_listed",
            ),
        ),
    ]
