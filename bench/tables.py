"""(helper) A mid-game table of each game for the benches that draw or play one
(``table_pages.py``, ``move.py``): three human seats, played on in-process by random bots
until the game has moved on a while and seat 0 must act.

Run inside a set-up Django (``bench.postgres.prepare_database``).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from django.contrib.auth.base_user import AbstractBaseUser

from games.bots import play_bot_move
from games.events import store
from games.lobby import new_config
from games.models import Game
from games.registry import GAMES, rule_set
from games.services import SeatSpec, game_create

#: Every registered game, NUM-X first (the others are read against it).
ALL = tuple(GAMES)
#: Each game's options for three players (``lobby.new_config`` completes them).
OPTIONS: dict[str, dict[str, Any]] = {
    "numx": {"players": 3, "mode": "speed-run"},
    "objectifs": {"players": 3},
    "nmbr9": {"players": 3},
    "numenko": {"players": 3},
    "maya": {"players": 3},
}
#: The table must have moved on at least this far (events) to be a mid-game one.
MIN_EVENTS = 30


def new_table(rules: str, users: Sequence[AbstractBaseUser], rng: random.Random) -> Game:
    """A new game of ``rules`` with ``users`` in its seats, as dealt."""
    seats = [SeatSpec(user.get_username(), user=user) for user in users]
    config = new_config(rules, OPTIONS[rules])
    return game_create(name=f"bench {rules}", config=config, seats=seats, rules=rules, rng=rng)


def mid_game(
    rules: str, users: Sequence[AbstractBaseUser], rng: random.Random, min_events: int = MIN_EVENTS
) -> Game:
    """A game of ``rules`` for ``users`` played on by random moves until it has at least
    ``min_events`` events and awaits seat 0."""
    engine = rule_set(rules)
    for _attempt in range(20):
        game = new_table(rules, users, rng)
        for _ in range(2000):
            game.refresh_from_db()
            state = store.load(game.pk, rules).state
            if game.last_sequence >= min_events and 0 in engine.awaiting(state):
                return game
            if not play_bot_move(game, rng):
                break  # over before it was a mid-game table: deal another
    raise SystemExit(f"bench/tables.py: no mid-game {rules} table awaiting seat 0")
