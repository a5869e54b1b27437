"""Maya mystery numbers behind the game-agnostic :class:`games.engine.ruleset.RuleSet`."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from games.engine import ruleset
from games.engine.maya import history
from games.engine.maya.actions import Action
from games.engine.maya.bots import candidate_actions, heuristic_action, random_action
from games.engine.maya.determinize import determinize
from games.engine.maya.legal import ActionSpace, awaiting, legal_actions, to_act
from games.engine.maya.notation import action_from_json, action_to_json, action_type, parse_action
from games.engine.maya.outcome import is_terminal, outcome
from games.engine.maya.rules import apply
from games.engine.maya.state import (
    CHANCE,
    EDITION,
    FIRST_EDITION,
    MAX_PLAYERS,
    MIN_PLAYERS,
    STATE_FORMAT,
    MayaConfig,
    MayaState,
    new_game,
)
from games.engine.maya.view import view


class MayaRules(ruleset.RuleSet[MayaState]):
    """The Maya mystery numbers rule set (rule book 004, ``docs/rules-maya.md``)."""

    name = "maya"
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS
    state_format = STATE_FORMAT
    state_type = MayaState

    def new_game(self, config: Mapping[str, Any]) -> MayaState:
        return new_game(MayaConfig.from_json(config))

    def apply(self, state: MayaState, seat: int, action: Action) -> MayaState:
        return apply(state, seat, action)

    def legal_actions(self, state: MayaState, seat: int) -> ActionSpace:
        return legal_actions(state, seat)

    def to_act(self, state: MayaState) -> frozenset[int]:
        return to_act(state)

    def view(self, state: MayaState, seat: int | None, reveal: bool = False) -> dict[str, Any]:
        return view(state, seat, reveal)

    def is_terminal(self, state: MayaState) -> bool:
        return is_terminal(state)

    def outcome(self, state: MayaState) -> ruleset.Outcome | None:
        return outcome(state)

    def progress(self, state: MayaState) -> ruleset.Progress:
        """The phase; as ``round``, the token the table is racing for (1 + tokens won so
        far); as ``step``, the turn being played (counted from 1).

        >>> RULES.progress(RULES.new_game({"players": 3}))
        Progress(phase='deal', round=1, step=1, awaiting=frozenset())
        """
        return ruleset.Progress(
            phase=state.phase.value,
            round=1 + sum(len(won) for won in state.won),
            step=state.turns + 1,
            awaiting=awaiting(state) - {CHANCE},
        )

    def example_configs(self) -> list[dict[str, Any]]:
        """Each player count, with and without the expert variant, under the latest rules
        edition; and two players under the first edition, still replayed for the games
        recorded under it (it differs where two players meet a Skip, and for a Joker
        turned up at the deal).

        >>> len(RULES.example_configs()), RULES.example_configs()[-1]
        (8, {'players': 2, 'expert': True, 'edition': 1})
        """
        return [
            MayaConfig(players, expert, edition).to_json()
            for edition, counts in (
                (EDITION, range(MIN_PLAYERS, MAX_PLAYERS + 1)),
                (FIRST_EDITION, range(MIN_PLAYERS, MIN_PLAYERS + 1)),
            )
            for players in counts
            for expert in (False, True)
        ]

    def action_to_json(self, action: Action) -> dict[str, Any]:
        return action_to_json(action)

    def action_from_json(self, data: Mapping[str, Any]) -> Action:
        return action_from_json(data)

    def parse_action(self, text: str) -> Action:
        return parse_action(text)

    def action_type(self, action: Action) -> str:
        return action_type(action)

    def chance_action(self, state: MayaState, rng: random.Random) -> Action | None:
        if CHANCE not in to_act(state):
            return None
        return random_action(state, CHANCE, rng)

    def bot_action(self, state: MayaState, seat: int, rng: random.Random) -> Action:
        """A seat's bot, or the move made for a player whose time ran out, plays toward
        its secret number (``bots.heuristic_action``); it guesses only when it cannot
        play a card."""
        return heuristic_action(state, seat, rng)

    def candidate_actions(self, state: MayaState, seat: int, rng: random.Random) -> list[Action]:
        """The search bot weighs the plays and the likely guesses
        (``bots.candidate_actions``)."""
        return candidate_actions(state, seat, rng)

    def determinize(self, state: MayaState, seat: int, rng: random.Random) -> MayaState:
        """Hidden cards and tokens dealt again (:mod:`games.engine.maya.determinize`)."""
        return determinize(state, seat, rng)

    def facts(self, before: MayaState, after: MayaState) -> dict[str, Any]:
        return history.facts(before, after)

    def effects(
        self, before: MayaState, seat: int, action: Action, after: MayaState
    ) -> dict[str, Any]:
        return history.effects(before, seat, action, after)

    def redact(
        self,
        seat: int,
        action: dict[str, Any],
        facts: dict[str, Any],
        viewer: int | None,
        now: MayaState,
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        return history.redact(seat, action, facts, viewer, now)


#: Typed as the protocol, so that mypy checks Maya offers everything the platform uses.
RULES: ruleset.RuleSet[MayaState] = MayaRules()
