"""A seat's legal moves, as the web table and the API offer them, and reading a move sent
back. The engine decides what is legal; this only lists and names it."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from games.engine.numx import NotationError, action_from_json, action_to_json, parse_action
from games.engine.numx.legal import ListedActions
from games.engine.ruleset import rule_set
from games.events import store
from games.models import Game
from games.words import action as action_words


@dataclass(frozen=True)
class Move:
    """One legal move: its notation, its JSON form and what it does in words."""

    notation: str
    action: dict[str, Any]
    description: str

    @property
    def kind(self) -> str:
        return str(self.action["type"])


@dataclass(frozen=True)
class LegalMoves:
    """What a seat may do now. Listed moves are all of them, except for the two choices
    too many to list: a distribution and a Malus answer, given as their constraints."""

    sequence: int
    listed: list[Move] = field(default_factory=list)
    distribution: dict[str, Any] | None = None
    malus: dict[str, Any] | None = None

    def __bool__(self) -> bool:
        return bool(self.listed or self.distribution or self.malus)

    def of_kind(self, *kinds: str) -> list[Move]:
        return [move for move in self.listed if move.kind in kinds]


def seat_names(game: Game) -> list[str]:
    return list(game.seats.order_by("number").values_list("name", flat=True))


def legal_moves(
    game: Game,
    seat: int,
    loaded: store.StateAt | None = None,
    names: list[str] | None = None,
) -> LegalMoves:
    """Everything ``seat`` may do in ``game`` now (``loaded``: its state, and ``names``: the
    seats' names, if the caller has already read them)."""
    loaded = loaded or store.load(game.pk, game.rules)
    rules = rule_set(game.rules)
    names = names if names is not None else seat_names(game)
    space = rules.legal_actions(loaded.state, seat)
    if isinstance(space, ListedActions):
        listed = [
            Move(str(a), action_to_json(a), action_words(action_to_json(a), names)) for a in space
        ]
        return LegalMoves(loaded.sequence, listed)
    if not space:
        return LegalMoves(loaded.sequence)
    pending = rules.view(loaded.state, seat)["pending"]
    if pending["kind"] == "distribution":
        return LegalMoves(loaded.sequence, distribution=pending)
    return LegalMoves(loaded.sequence, malus=pending)


def read_move(data: str | dict[str, Any]) -> Any:
    """A move sent by a player: notation text, or the JSON form. Raises NotationError."""
    if isinstance(data, str):
        return parse_action(data)
    if isinstance(data, dict):
        return action_from_json(data)
    raise NotationError("send a move as notation text or as its JSON form")
