"""Chain every game recorded before chains existed, once: a new salt, a new seed committed
to for the chance moves still to come, link 0 from the game's header, then a link per event
in order, computed from the events as stored (never changing one). Each chain is marked as
linked by this migration up to the game's last event (``linked_late_by``): those links
witness the log from today on, not from the day each event was recorded."""

from django.db import migrations
from django.db.backends.base.schema import BaseDatabaseSchemaEditor
from django.db.migrations.state import StateApps

from games.events import chain

#: Links written per INSERT.
BATCH = 1000


def chain_existing_games(apps: StateApps, schema_editor: BaseDatabaseSchemaEditor) -> None:
    Game = apps.get_model("games", "Game")
    Event = apps.get_model("games", "Event")
    Chain = apps.get_model("games", "Chain")
    Link = apps.get_model("games", "Link")
    started = Game.objects.filter(events__isnull=False, chain__isnull=True).distinct()
    for game in started.order_by("pk").iterator():
        events = Event.objects.filter(game_id=game.pk).order_by("sequence")
        rows = events.values_list("sequence", "type", "seat", "payload", "version", "recorded_at")
        salt, seed = chain.new_secret(), chain.new_secret()
        committed = chain.commitment(salt, seed)
        previous = chain.header_hash(salt, chain.header(game.rules, game.config, committed))
        links = [Link(game_id=game.pk, sequence=0, hash=previous)]
        for sequence, kind, seat, payload, version, moment in rows.iterator():
            event = chain.event_json(sequence, kind, seat, payload, version, moment)
            previous = chain.link_hash(previous, salt, event)
            links.append(Link(game_id=game.pk, sequence=sequence, hash=previous))
        Chain.objects.create(
            game_id=game.pk,
            salt=salt,
            seed=seed,
            commitment=committed,
            linked_late_by="migration",
            linked_late_through=links[-1].sequence,
        )
        Link.objects.bulk_create(links, batch_size=BATCH)


class Migration(migrations.Migration):
    dependencies = [("games", "0011_chains")]

    # Chains are never removed (their tables refuse it): undoing this leaves them for 0011's
    # undoing, which drops the tables.
    operations = [migrations.RunPython(chain_existing_games, migrations.RunPython.noop)]
