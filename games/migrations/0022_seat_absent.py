"""A finished game's seats record whether their player made no move of their own (every
move made for them: by the clock, or a standing order), and such a seat is no winner
(``games.results``). The games already over are marked from their events, as the ratings
told them apart, and a seat so marked loses the win its read model gave it: the best of the
players who moved, neither resigned nor absent, wins in its place (none if nobody is left),
as ``games.results.ranked`` decides from the same scores."""

from collections import defaultdict

from django.db import migrations, models
from django.db.models import Count, Q

#: The ``reason`` of a move made for a player, not by them (``games.results.MADE_FOR_THEM``).
MADE_FOR_THEM = ("deadline", "bot", "standing-order")


def mark_absent_seats(apps, schema_editor):  # type: ignore[no-untyped-def]
    Seat = apps.get_model("games", "Seat")
    Event = apps.get_model("games", "Event")
    people = Seat.objects.filter(game__status="finished").filter(
        Q(user__isnull=False) | Q(former_user__isnull=False)
    )
    held = set(people.values_list("game_id", "number"))
    tally = (
        Event.objects.filter(game__status="finished", seat__gte=0)
        .values("game_id", "seat")
        .annotate(
            own=Count("pk", filter=Q(actor__isnull=False)),
            made_for=Count("pk", filter=Q(payload__reason__in=MADE_FOR_THEM)),
        )
        .filter(made_for__gt=0, own=0)
    )
    absent = defaultdict(set)
    for row in tally:
        if (row["game_id"], row["seat"]) in held:
            absent[row["game_id"]].add(row["seat"])
    for game_id, numbers in absent.items():
        seats = list(Seat.objects.filter(game_id=game_id))
        for seat in seats:
            seat.absent = seat.number in numbers
        named = {seat.number for seat in seats if seat.winner}
        winners = named - numbers
        if named and not winners:
            # The best placed of the rest, as Outcome.ranking places them (the higher score).
            rest = [s for s in seats if not s.absent and not s.resigned and s.score is not None]
            best = max((s.score for s in rest), default=None)
            winners = {s.number for s in rest if s.score == best}
        for seat in seats:
            seat.winner = seat.number in winners
        Seat.objects.bulk_update(seats, ["absent", "winner"])


class Migration(migrations.Migration):
    dependencies = [("games", "0021_event_appended_through")]

    operations = [
        migrations.AddField(
            model_name="seat",
            name="absent",
            field=models.BooleanField(default=False),
        ),
        migrations.RunPython(mark_absent_seats, migrations.RunPython.noop),
    ]
