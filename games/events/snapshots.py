"""The snapshot consumer: every :data:`~games.events.store.SNAPSHOT_EVERY` events, store the
game's state so that loading it replays a short tail instead of the whole game."""

from __future__ import annotations

from collections.abc import Sequence

from games.events.consumers import consumer
from games.events.store import SNAPSHOT_EVERY, Recorded, load, write_snapshot
from games.models import Game
from games.registry import rule_set


@consumer("snapshots")
def take_snapshot(game_id: int, events: Sequence[Recorded]) -> None:
    """Snapshot the state after the last of ``events`` if they cross a multiple of
    SNAPSHOT_EVERY (one snapshot per stretch, however many events arrived at once)."""
    first, last = events[0].sequence, events[-1].sequence
    if (first - 1) // SNAPSHOT_EVERY == last // SNAPSHOT_EVERY:
        return
    rules_name = Game.objects.values_list("rules", flat=True).get(pk=game_id)
    write_snapshot(game_id, rule_set(rules_name), load(game_id, rules_name, upto=last))
