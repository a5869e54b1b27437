"""NUM-X "Objectifs" behind the game-agnostic :class:`games.engine.ruleset.RuleSet`."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from games.engine import ruleset
from games.engine.objectifs import history
from games.engine.objectifs.actions import Action
from games.engine.objectifs.determinize import determinize
from games.engine.objectifs.heuristic import heuristic_action
from games.engine.objectifs.legal import ActionSpace, awaiting, legal_actions, to_act
from games.engine.objectifs.notation import (
    action_from_json,
    action_to_json,
    action_type,
    parse_action,
)
from games.engine.objectifs.outcome import is_terminal, outcome
from games.engine.objectifs.rounds import required
from games.engine.objectifs.rules import apply
from games.engine.objectifs.state import (
    CHANCE,
    MAX_PLAYERS,
    MIN_PLAYERS,
    STATE_FORMAT,
    ObjectifsConfig,
    ObjectifsState,
    Phase,
    new_game,
)
from games.engine.objectifs.view import view


class ObjectifsRules(ruleset.RuleSet[ObjectifsState]):
    """The NUM-X "Objectifs" rule set (rule book 001, ``docs/rules-objectifs.md``)."""

    name = "objectifs"
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS
    state_format = STATE_FORMAT
    state_type = ObjectifsState
    pass_notation: str | None = "pass"
    #: Who has laid their malus cards shows while the others still choose theirs.
    marks_of_others = frozenset({"awaiting", "laid"})

    def new_game(self, config: Mapping[str, Any]) -> ObjectifsState:
        return new_game(ObjectifsConfig.from_json(config))

    def apply(self, state: ObjectifsState, seat: int, action: Action) -> ObjectifsState:
        return apply(state, seat, action)

    def legal_actions(self, state: ObjectifsState, seat: int) -> ActionSpace:
        return legal_actions(state, seat)

    def to_act(self, state: ObjectifsState) -> frozenset[int]:
        return to_act(state)

    def awaiting(self, state: ObjectifsState) -> frozenset[int]:
        return awaiting(state)

    def view(self, state: ObjectifsState, seat: int | None, reveal: bool = False) -> dict[str, Any]:
        return view(state, seat, reveal)

    def is_terminal(self, state: ObjectifsState) -> bool:
        return is_terminal(state)

    def outcome(self, state: ObjectifsState) -> ruleset.Outcome | None:
        return outcome(state)

    def progress(self, state: ObjectifsState) -> ruleset.Progress:
        """The phase, the round (1 to 5) and the trick being played in it (from 1).

        >>> RULES.progress(RULES.new_game({"players": 3}))
        Progress(phase='deal', round=1, step=1, awaiting=frozenset())
        """
        return ruleset.Progress(
            phase=state.phase.value,
            round=state.round_no,
            step=state.tricks + 1,
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

    def chance_action(self, state: ObjectifsState, rng: random.Random) -> Action | None:
        if CHANCE not in to_act(state):
            return None
        return legal_actions(state, CHANCE).sample(rng)

    def bot_action(self, state: ObjectifsState, seat: int, rng: random.Random) -> Action:
        """The rules of thumb of :mod:`games.engine.objectifs.heuristic`: low malus cards,
        cards shed, the objective aimed at."""
        return heuristic_action(state, seat, rng)

    def determinize(self, state: ObjectifsState, seat: int, rng: random.Random) -> ObjectifsState:
        """Hidden cards and objectives dealt again (:mod:`games.engine.objectifs.determinize`)."""
        return determinize(state, seat, rng)

    def facts(self, before: ObjectifsState, after: ObjectifsState) -> dict[str, Any]:
        return history.facts(before, after)

    def effects(
        self, before: ObjectifsState, seat: int, action: Action, after: ObjectifsState
    ) -> dict[str, Any]:
        return history.effects(before, seat, action, after)

    def milestones(
        self, before: ObjectifsState, after: ObjectifsState
    ) -> list[tuple[str, dict[str, Any]]]:
        """``round-ended`` for each round scored (how it ended, who ended it, each seat's
        objective, whether achieved, and its score for the round), then ``game-ended``."""
        found: list[tuple[str, dict[str, Any]]] = [
            (
                "round-ended",
                {
                    "round": result.round_no,
                    "end": result.end.value,
                    "seat": result.seat,
                    "first_out": result.first_out,
                    "objectives": [
                        None if score.objective is None else score.objective.value
                        for score in result.seats
                    ],
                    "achieved": [score.achieved for score in result.seats],
                    "scores": [score.total for score in result.seats],
                },
            )
            for result in after.results[len(before.results) :]
        ]
        result = outcome(after)
        if result is not None and before.phase is not Phase.GAME_OVER:
            found.append(
                ("game-ended", {"scores": list(result.scores), "winners": sorted(result.winners)})
            )
        return found

    def redact(
        self,
        seat: int,
        action: dict[str, Any],
        facts: dict[str, Any],
        viewer: int | None,
        now: ObjectifsState,
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        return history.redact(seat, action, facts, viewer, now)

    def decision_basis(self, state: ObjectifsState, seat: int) -> dict[str, Any]:
        """What ``seat``'s choice rests on. While players complete their malus cards, all
        at once, another's completion leaves this seat's choice whole unless the pile runs
        short of what it may draw: the basis is then its hand, its malus cards, what it must
        put down and what the pile can give it."""
        if state.phase is not Phase.REPLACE or not state.due[seat]:
            return super().decision_basis(state, seat)
        wanted = required(state, seat)
        return {
            "phase": state.phase.value,
            "round": state.round_no,
            "tricks": state.tricks,
            "hand": sorted(str(card) for card in state.hands[seat]),
            "row": [str(card) for card in state.rows[seat]],
            "due": wanted,
            "draws": min(wanted, len(state.pile)),
        }

    def example_configs(self) -> list[dict[str, Any]]:
        """Each player count with the default options, and the table options each way."""
        return [
            *({"players": players} for players in range(MIN_PLAYERS, MAX_PLAYERS + 1)),
            {"players": 3, "objectives": False},
            {"players": 4, "infinity_four": True},
            {"players": 5, "objectives": False, "infinity_four": True},
        ]


#: Typed as the protocol, so that mypy checks Objectifs offers everything the platform uses.
RULES: ruleset.RuleSet[ObjectifsState] = ObjectifsRules()
