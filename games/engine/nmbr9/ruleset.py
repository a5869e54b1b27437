"""NMBR 9 behind the game-agnostic :class:`games.engine.ruleset.RuleSet`."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from games.engine import ruleset
from games.engine.nmbr9 import history
from games.engine.nmbr9.actions import Action
from games.engine.nmbr9.bots import candidate_actions, greedy_action, random_action
from games.engine.nmbr9.determinize import determinize
from games.engine.nmbr9.legal import ActionSpace, awaiting, legal_actions, to_act
from games.engine.nmbr9.notation import action_from_json, action_to_json, action_type, parse_action
from games.engine.nmbr9.payload_versions import UPCASTERS
from games.engine.nmbr9.rules import apply
from games.engine.nmbr9.scoring import is_terminal, outcome
from games.engine.nmbr9.state import (
    CHANCE,
    MAX_PLAYERS,
    MIN_PLAYERS,
    STATE_FORMAT,
    Nmbr9Config,
    Nmbr9State,
    new_game,
)
from games.engine.nmbr9.view import view


class Nmbr9Rules(ruleset.RuleSet[Nmbr9State]):
    """The NMBR 9 rule set (rule book 002, ``docs/rules-nmbr9.md``)."""

    name = "nmbr9"
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS
    state_format = STATE_FORMAT
    payload_upcasters = UPCASTERS
    state_type = Nmbr9State
    #: Who has placed the current card shows while the others still place it (and the
    #: box's count of that digit with it), never where.
    marks_of_others = frozenset({"awaiting", "placed", "supply"})

    def new_game(self, config: Mapping[str, Any]) -> Nmbr9State:
        return new_game(Nmbr9Config.from_json(config))

    def apply(self, state: Nmbr9State, seat: int, action: Action) -> Nmbr9State:
        return apply(state, seat, action)

    def legal_actions(self, state: Nmbr9State, seat: int) -> ActionSpace:
        return legal_actions(state, seat)

    def to_act(self, state: Nmbr9State) -> frozenset[int]:
        return to_act(state)

    def view(self, state: Nmbr9State, seat: int | None, reveal: bool = False) -> dict[str, Any]:
        return view(state, seat, reveal)

    def is_terminal(self, state: Nmbr9State) -> bool:
        return is_terminal(state)

    def outcome(self, state: Nmbr9State) -> ruleset.Outcome | None:
        return outcome(state)

    def progress(self, state: Nmbr9State) -> ruleset.Progress:
        """The phase; no rounds (0); as ``step``, the card being placed, 1 to 20 (0 before
        the shuffle).

        >>> RULES.progress(RULES.new_game({"players": 3}))
        Progress(phase='shuffle', round=0, step=0, awaiting=frozenset())
        """
        return ruleset.Progress(
            phase=state.phase.value,
            round=0,
            step=state.turned,
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

    def chance_action(self, state: Nmbr9State, rng: random.Random) -> Action | None:
        if CHANCE not in to_act(state):
            return None
        return random_action(state, CHANCE, rng)

    def bot_action(self, state: Nmbr9State, seat: int, rng: random.Random) -> Action:
        """The greedy bot: an absent player's tile is placed as well as cheaply possible."""
        return greedy_action(state, seat, rng)

    def candidate_actions(self, state: Nmbr9State, seat: int, rng: random.Random) -> list[Action]:
        """The greedy bot's choice and the next best placements by its value, for the search
        bot (:func:`games.engine.nmbr9.bots.candidate_actions`)."""
        return candidate_actions(state, seat, rng)

    def determinize(self, state: Nmbr9State, seat: int, rng: random.Random) -> Nmbr9State:
        """The cards left and the others' secret tiles drawn again
        (:mod:`games.engine.nmbr9.determinize`)."""
        return determinize(state, seat, rng)

    def facts(self, before: Nmbr9State, after: Nmbr9State) -> dict[str, Any]:
        return history.facts(before, after)

    def effects(
        self, before: Nmbr9State, seat: int, action: Action, after: Nmbr9State
    ) -> dict[str, Any]:
        return history.effects(before, seat, action, after)

    def redact(
        self,
        seat: int,
        action: dict[str, Any],
        facts: dict[str, Any],
        viewer: int | None,
        now: Nmbr9State,
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        return history.redact(seat, action, facts, viewer, now)


#: Typed as the protocol, so that mypy checks NMBR 9 offers everything the platform uses.
RULES: ruleset.RuleSet[Nmbr9State] = Nmbr9Rules()
