"""A seat's legal moves, as the web table and the API offer them, and reading a move sent
back. The game's engine decides what is legal; this only lists and names it."""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import gettext_noop

from games.engine.ruleset import NotationError, RuleSet
from games.events import store
from games.models import Game
from games.registry import game_type


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
    """What a seat may do now: every move, when they are few enough to list; otherwise
    the choice the seat faces, as its view describes it (``pending``: a distribution of
    cards, say, whose constraints the game's form presents)."""

    sequence: int
    listed: list[Move] = field(default_factory=list)
    pending: dict[str, Any] | None = None
    #: One move of a ``pending`` choice, drawn at random, when the caller asked for one.
    sample: Move | None = None

    def __bool__(self) -> bool:
        return bool(self.listed or self.pending)

    def of_kind(self, *kinds: str) -> list[Move]:
        return [move for move in self.listed if move.kind in kinds]


def seat_names(game: Game) -> list[str]:
    return list(game.seats.order_by("number").values_list("name", flat=True))


def legal_moves(
    game: Game,
    seat: int,
    loaded: store.StateAt | None = None,
    names: list[str] | None = None,
    view: Mapping[str, Any] | None = None,
    sample: random.Random | None = None,
) -> LegalMoves:
    """Everything ``seat`` may do in ``game`` now (``loaded``: its state, ``names``: the
    seats' names, and ``view``: the seat's view of that state, if the caller has them).
    With ``sample``, a choice too large to list comes with one of its moves drawn by that
    randomness (the random bot's move), for a client that cannot build one itself."""
    loaded = loaded or store.load(game.pk, game.rules)
    kind = game_type(game.rules)
    rules = kind.rules
    names = names if names is not None else seat_names(game)
    space = rules.legal_actions(loaded.state, seat)

    def move(action: Any) -> Move:
        data = rules.action_to_json(action)
        return Move(str(action), data, kind.site.describe_action(data, names, game.config, seat))

    if space.listable:
        return LegalMoves(loaded.sequence, [move(action) for action in space])
    if not space:
        return LegalMoves(loaded.sequence)
    if view is None:
        view = rules.view(loaded.state, seat)
    drawn = None if sample is None else move(space.sample(sample))
    return LegalMoves(loaded.sequence, pending=view.get("pending"), sample=drawn)


def read_move(rules: RuleSet[Any], data: object) -> Any:
    """A move sent by a player: notation text, or the JSON form. Raises NotationError."""
    if isinstance(data, str):
        return rules.parse_action(data)
    if isinstance(data, Mapping):
        return rules.action_from_json(data)
    raise NotationError(gettext_noop("send a move as notation text or as its JSON form"))
