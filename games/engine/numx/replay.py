"""Replaying a recorded game: the history *is* the game.

A record is the configuration plus every action in order, chance's deal and shuffles
included, so replaying it rebuilds every state exactly, with no randomness involved.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from games.engine.numx.actions import Action
from games.engine.numx.errors import IllegalAction, NotationError
from games.engine.numx.modes import GameConfig
from games.engine.numx.notation import action_from_json, action_to_json
from games.engine.numx.rounds import new_game
from games.engine.numx.rules import apply
from games.engine.numx.state import GameState

#: Version of the JSON record format written by :func:`record_to_json`.
RECORD_FORMAT = 1


class ReplayError(ValueError):
    """An action of a record is illegal or unreadable; ``index`` is its 0-based position."""

    def __init__(self, index: int, error: IllegalAction | NotationError) -> None:
        self.index = index
        self.error = error
        self.rule = error.rule if isinstance(error, IllegalAction) else "notation"
        super().__init__(f"action {index}: {error}")


def replay(config: GameConfig, history: Iterable[tuple[int, Action]]) -> GameState:
    """The state after playing ``history`` from a new game of ``config``."""
    state = new_game(config)
    for index, (seat, action) in enumerate(history):
        try:
            state = apply(state, seat, action)
        except IllegalAction as error:
            raise ReplayError(index, error) from error
    return state


def record_to_json(config: GameConfig, history: Iterable[tuple[int, Action]]) -> dict[str, Any]:
    """A JSON-ready record of a game."""
    return {
        "format": RECORD_FORMAT,
        "rules": "numx",
        "config": config.to_json(),
        "actions": [{"seat": seat, "action": action_to_json(action)} for seat, action in history],
    }


def history_from_json(actions: Iterable[Mapping[str, Any]]) -> list[tuple[int, Action]]:
    """Read recorded actions back; an unreadable one raises :class:`ReplayError`."""
    history = []
    for index, entry in enumerate(actions):
        try:
            history.append((int(entry["seat"]), action_from_json(dict(entry["action"]))))
        except (KeyError, TypeError, ValueError) as error:
            raise ReplayError(index, NotationError(str(error))) from error
    return history


def replay_json(record: Mapping[str, Any]) -> GameState:
    """Replay a record written by :func:`record_to_json`."""
    config = GameConfig.from_json(record["config"])
    return replay(config, history_from_json(record["actions"]))
