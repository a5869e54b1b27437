"""The surface every rule set offers, so the event store and the site stay game-agnostic.

The event store records ``(seat, action JSON)`` pairs and rebuilds states through
:meth:`RuleSet.apply`; the site shows :meth:`RuleSet.view` and offers
:meth:`RuleSet.legal_actions`. A new game (NUM-X "Objectifs", NMBR 9...) plugs in by
implementing this protocol and adding itself to :data:`RULE_SETS`.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Mapping
from typing import Any, Protocol


class Actions(Protocol):
    """Legal actions of a seat: a collection supporting ``in``, iteration and sampling."""

    def __contains__(self, action: object) -> bool: ...

    def __iter__(self) -> Iterator[Any]: ...

    def __bool__(self) -> bool: ...

    def sample(self, rng: random.Random) -> Any: ...


class RuleSet(Protocol):
    """A game's rules, as plain functions of immutable states.

    Seats are ``0..players-1``; chance (shuffles, draws) acts as seat :attr:`chance` with
    actions that carry their outcome, so that replaying a history needs no randomness.
    """

    name: str
    chance: int
    #: Names the shape of this rule set's states; snapshots of another shape are not used.
    state_format: str
    #: How its older recorded payloads read in the next shape: (event type, version read)
    #: → step. A type's current version is one past its last step (1 with none).
    payload_upcasters: Mapping[tuple[str, int], Callable[[dict[str, Any]], dict[str, Any]]]

    def new_game(self, config: Mapping[str, Any]) -> Any:
        """A fresh state for a JSON configuration (raises ValueError if not allowed)."""
        ...

    def apply(self, state: Any, seat: int, action: Any) -> Any:
        """The next state, or a ValueError subclass naming the broken rule."""
        ...

    def legal_actions(self, state: Any, seat: int) -> Actions: ...

    def to_act(self, state: Any) -> frozenset[int]:
        """Every seat that may act now (server-side knowledge)."""
        ...

    def awaiting(self, state: Any) -> frozenset[int]:
        """The seats the game publicly waits for."""
        ...

    def view(self, state: Any, seat: int | None, reveal: bool = False) -> dict[str, Any]:
        """What ``seat`` (``None``: a spectator) may know, JSON-ready; ``reveal`` shows
        everything (replays of finished games)."""
        ...

    def is_terminal(self, state: Any) -> bool: ...

    def scores(self, state: Any) -> tuple[int, ...] | None:
        """Final scores per seat once the game is over."""
        ...

    def summary(self, state: Any) -> dict[str, Any]:
        """Public facts for lists of games: ``phase``, ``round``, ``awaiting`` (seats, chance
        excluded), and once over ``scores`` and ``winners`` (else None)."""
        ...

    def action_to_json(self, action: Any) -> dict[str, Any]: ...

    def action_from_json(self, data: Mapping[str, Any]) -> Any: ...

    def parse_action(self, text: str) -> Any: ...

    def action_type(self, action: Any) -> str:
        """The action's type name, as recorded in the event store."""
        ...

    def chance_action(self, state: Any, rng: random.Random) -> Any | None:
        """Chance's move (a shuffle) drawn with ``rng`` when chance is to act, else None."""
        ...

    def facts(self, before: Any, after: Any) -> dict[str, Any]:
        """What chance decided during one action (recorded beside it, checked on replay)."""
        ...

    def effects(self, before: Any, seat: int, action: Any, after: Any) -> dict[str, Any]:
        """What ``seat``'s ``action`` visibly did to the table, if it is one whose effects are
        worth recording (an Action card's), JSON-ready; ``{}`` otherwise. Recorded beside
        the action when not empty, checked on replay, and redacted by :meth:`redact` like
        the action itself."""
        ...

    def milestones(self, before: Any, after: Any) -> list[tuple[str, dict[str, Any]]]:
        """Milestone events (type, payload) an action led to: a round or the game ending."""
        ...

    def redact(
        self,
        seat: int,
        action: dict[str, Any],
        facts: dict[str, Any],
        viewer: int | None,
        now: Any,
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        """A recorded action (with its ``effects``, if any) and its facts as ``viewer`` may
        read them, given the current state ``now`` (secrets revealed since are shown)."""
        ...


def _numx() -> RuleSet:
    from games.engine.numx.ruleset import NUMX_RULES

    return NUMX_RULES


def rule_set(name: str) -> RuleSet:
    """The rule set registered under ``name``."""
    try:
        return RULE_SETS[name]()
    except KeyError:
        raise ValueError(f"unknown rule set {name!r}") from None


RULE_SETS = {"numx": _numx}
