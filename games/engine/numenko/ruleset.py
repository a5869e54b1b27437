"""Numenko behind the game-agnostic :class:`games.engine.ruleset.RuleSet`."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from games.engine import ruleset
from games.engine.numenko import history
from games.engine.numenko.actions import Action
from games.engine.numenko.bots import candidate_actions, random_action, solver_action
from games.engine.numenko.determinize import determinize
from games.engine.numenko.legal import ActionSpace, awaiting, legal_actions, to_act
from games.engine.numenko.notation import (
    action_from_json,
    action_to_json,
    action_type,
    parse_action,
)
from games.engine.numenko.rules import apply
from games.engine.numenko.scoring import is_terminal, outcome
from games.engine.numenko.state import (
    CHANCE,
    MAX_PLAYERS,
    MIN_PLAYERS,
    STATE_FORMAT,
    Mode,
    NumenkoConfig,
    NumenkoState,
    new_game,
)
from games.engine.numenko.view import decision_basis, view


class NumenkoRules(ruleset.RuleSet[NumenkoState]):
    """The Numenko rule set (rule book 003, ``docs/rules-numenko.md``)."""

    name = "numenko"
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS
    state_format = STATE_FORMAT
    state_type = NumenkoState
    #: Keeping the grid and asking for nothing: always legal for a seat to move.
    pass_notation = "pass"
    #: In rounds mode, who has moved shows while the others still move (their moves do not).
    marks_of_others = frozenset({"awaiting", "submitted"})

    def new_game(self, config: Mapping[str, Any]) -> NumenkoState:
        return new_game(NumenkoConfig.from_json(config))

    def apply(self, state: NumenkoState, seat: int, action: Action) -> NumenkoState:
        return apply(state, seat, action)

    def legal_actions(self, state: NumenkoState, seat: int) -> ActionSpace:
        return legal_actions(state, seat)

    def to_act(self, state: NumenkoState) -> frozenset[int]:
        return to_act(state)

    def awaiting(self, state: NumenkoState) -> frozenset[int]:
        return awaiting(state)

    def view(self, state: NumenkoState, seat: int | None, reveal: bool = False) -> dict[str, Any]:
        return view(state, seat, reveal)

    def decision_basis(self, state: NumenkoState, seat: int) -> dict[str, Any]:
        """Rounds mode: the view without who has moved. Live mode: the seat's own grid and
        hand, and whether the pot serves each request (another's move makes a pending move
        stale only when it empties the pot below what the move asks, or ends the game)."""
        if state.rounds:
            return super().decision_basis(state, seat)
        return decision_basis(state, seat)

    def is_terminal(self, state: NumenkoState) -> bool:
        return is_terminal(state)

    def outcome(self, state: NumenkoState) -> ruleset.Outcome | None:
        return outcome(state)

    def progress(self, state: NumenkoState) -> ruleset.Progress:
        """The phase; in rounds mode the round (0 in live mode); no steps within it; the
        seats awaited (those yet to move this round, or in live mode those not content).

        >>> state = RULES.new_game({"players": 3})
        >>> RULES.progress(state)
        Progress(phase='deal', round=0, step=0, awaiting=frozenset())
        """
        return ruleset.Progress(
            phase=state.phase.value,
            round=state.round,
            step=0,
            awaiting=awaiting(state) - {CHANCE},
        )

    def action_to_json(self, action: Action) -> dict[str, Any]:
        return action_to_json(action)

    def action_from_json(self, data: Mapping[str, Any]) -> Action:
        return action_from_json(data)

    def parse_action(self, text: str) -> Action:
        return parse_action(text)

    def action_type(self, action: Action) -> str:
        return action_type(action)

    def chance_action(self, state: NumenkoState, rng: random.Random) -> Action | None:
        if CHANCE not in to_act(state):
            return None
        return random_action(state, CHANCE, rng)

    def bot_action(self, state: NumenkoState, seat: int, rng: random.Random) -> Action:
        """Level 1: the solver's grid, and its rule of thumb for the pot
        (:mod:`games.engine.numenko.bots`)."""
        return solver_action(state, seat, rng)

    def candidate_actions(self, state: NumenkoState, seat: int, rng: random.Random) -> list[Action]:
        """Level 1's move, then its grid with the other requests
        (:func:`games.engine.numenko.bots.candidate_actions`)."""
        return candidate_actions(state, seat, rng)

    def determinize(self, state: NumenkoState, seat: int, rng: random.Random) -> NumenkoState:
        """The others' hands, the pot and the others' secrets drawn again
        (:mod:`games.engine.numenko.determinize`)."""
        return determinize(state, seat, rng)

    def facts(self, before: NumenkoState, after: NumenkoState) -> dict[str, Any]:
        return history.facts(before, after)

    def effects(
        self, before: NumenkoState, seat: int, action: Action, after: NumenkoState
    ) -> dict[str, Any]:
        return history.effects(before, seat, action, after)

    def milestones(
        self, before: NumenkoState, after: NumenkoState
    ) -> list[tuple[str, dict[str, Any]]]:
        return history.milestones(before, after)

    def redact(
        self,
        seat: int,
        action: dict[str, Any],
        facts: dict[str, Any],
        viewer: int | None,
        now: NumenkoState,
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        return history.redact(seat, action, facts, viewer, now)

    def example_configs(self) -> list[dict[str, Any]]:
        """Every player count, 2 to 6, in each mode.

        >>> len(RULES.example_configs())
        10
        """
        return [
            {"players": players, "mode": mode.value}
            for mode in Mode
            for players in range(MIN_PLAYERS, MAX_PLAYERS + 1)
        ]


#: Typed as the protocol, so that mypy checks Numenko offers everything the platform uses.
RULES: ruleset.RuleSet[NumenkoState] = NumenkoRules()
