"""Logs changed by someone who knows the salt, as anybody does once a game is over."""

from __future__ import annotations

from typing import Any

from games.events import chain
from games.events.log import link_log
from games.events.models import Chain, Event, Link
from games.models import Game


def forged(log: dict[str, Any]) -> dict[str, Any]:
    """``log`` (changed) with its chain computed again from its salt and seed: a forgery
    whose links all follow, which only the replay or a printed head can catch."""
    keys = log["chain"]
    return link_log(
        log,
        Chain(
            salt=keys["salt"],
            seed=keys["seed"] or "",
            commitment=keys["commitment"] or "",
            linked_late_by=keys["linked_late_by"] or "",
            linked_late_through=keys["linked_late_through"],
        ),
    )


def unlinked(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """A log's events without their links: as a log of format 1 holds them."""
    return [{key: value for key, value in event.items() if key != "hash"} for event in events]


def assert_chained(game_id: int) -> None:
    """The game's links are those its header and events give, one per event and link 0."""
    keys = Chain.objects.get(game_id=game_id)
    game = Game.objects.get(pk=game_id)
    links = dict(Link.objects.filter(game_id=game_id).values_list("sequence", "hash"))
    previous = chain.header_hash(keys.salt, chain.header(game.rules, game.config, keys.commitment))
    expected = {0: previous}
    for row in Event.objects.filter(game_id=game_id).order_by("sequence"):
        event = chain.event_json(
            row.sequence, row.type, row.seat, row.payload, row.version, row.recorded_at
        )
        previous = expected[row.sequence] = chain.link_hash(previous, keys.salt, event)
    assert links == expected
