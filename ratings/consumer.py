"""The ``ratings`` consumer: when a game ends, it is rated (after the commit of its last
move, in the worker, never in the player's request)."""

from __future__ import annotations

from collections.abc import Sequence

from games.events.consumers import consumer
from games.events.store import Recorded
from ratings.services import rate_game


@consumer("ratings")
def rate_finished_games(game_id: int, events: Sequence[Recorded]) -> None:
    if any(event.type == "game-ended" for event in events):
        rate_game(game_id=game_id)
