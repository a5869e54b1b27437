"""NUM-X behind the game-agnostic :class:`games.engine.ruleset.RuleSet` surface."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from games.engine import ruleset
from games.engine.numx import history
from games.engine.numx.actions import Action
from games.engine.numx.determinize import determinize
from games.engine.numx.heuristic import heuristic_action
from games.engine.numx.legal import ActionSpace, awaiting, legal_actions, to_act
from games.engine.numx.modes import EDITION, MAX_PLAYERS, MIN_PLAYERS, GameConfig
from games.engine.numx.notation import action_from_json, action_to_json, action_type, parse_action
from games.engine.numx.outcome import is_terminal, outcome, score_sheets
from games.engine.numx.payload_versions import UPCASTERS
from games.engine.numx.rounds import new_game
from games.engine.numx.rules import apply
from games.engine.numx.state import CHANCE, STATE_FORMAT, GameState, Phase
from games.engine.numx.view import view


class NumxRules(ruleset.RuleSet[GameState]):
    """The NUM-X rule set (rule book 000)."""

    name = "numx"
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS
    state_format = STATE_FORMAT
    state_type = GameState
    payload_upcasters = UPCASTERS
    pass_notation: str | None = "pass"
    #: Who has made their secret opening pick shows while the others still choose.
    marks_of_others = frozenset({"awaiting", "secret_done"})

    def new_game(self, config: Mapping[str, Any]) -> GameState:
        return new_game(GameConfig.from_json(dict(config)))

    def apply(self, state: GameState, seat: int, action: Action) -> GameState:
        return apply(state, seat, action)

    def legal_actions(self, state: GameState, seat: int) -> ActionSpace:
        return legal_actions(state, seat)

    def to_act(self, state: GameState) -> frozenset[int]:
        return to_act(state)

    def awaiting(self, state: GameState) -> frozenset[int]:
        return awaiting(state)

    def view(self, state: GameState, seat: int | None, reveal: bool = False) -> dict[str, Any]:
        return view(state, seat, reveal).to_json()

    def is_terminal(self, state: GameState) -> bool:
        return is_terminal(state)

    def outcome(self, state: GameState) -> ruleset.Outcome | None:
        result = outcome(state)
        if result is None:
            return None
        return ruleset.Outcome(result.scores, result.winners, self.standing_scores(state))

    def standing_scores(self, state: GameState) -> tuple[tuple[ruleset.ScoreLine, ...], ...]:
        """Every seat's score lines as its row stands (X-Game counts the rows once, at
        the end of round 2: at the end of round 1 they give what round 1 scored), a line of
        the colour rule named with its colour (``colour.blue``)."""
        return tuple(
            tuple(ruleset.ScoreLine(line.name, line.points) for line in sheet.lines)
            for sheet in score_sheets(state)
        )

    def progress(self, state: GameState) -> ruleset.Progress:
        """The phase, the round and the trick being played (counted from 1 in each round).

        >>> NUMX_RULES.progress(NUMX_RULES.new_game({"players": 3})).round
        1
        """
        return ruleset.Progress(
            phase=state.phase.value,
            round=state.round_no,
            step=state.round_tricks + 1,
            awaiting=awaiting(state) - {CHANCE},
        )

    def action_to_json(self, action: Action) -> dict[str, Any]:
        return action_to_json(action)

    def action_from_json(self, data: Mapping[str, Any]) -> Action:
        return action_from_json(dict(data))

    def parse_action(self, text: str) -> Action:
        return parse_action(text)

    def action_type(self, action: Action) -> str:
        return action_type(action)

    def chance_action(self, state: GameState, rng: random.Random) -> Action | None:
        if CHANCE not in to_act(state):
            return None
        return legal_actions(state, CHANCE).sample(rng)

    def bot_action(self, state: GameState, seat: int, rng: random.Random) -> Action:
        """The rules of thumb of :mod:`games.engine.numx.heuristic`."""
        return heuristic_action(state, seat, rng)

    def determinize(self, state: GameState, seat: int, rng: random.Random) -> GameState:
        """Hidden cards dealt again (:mod:`games.engine.numx.determinize`)."""
        return determinize(state, seat, rng)

    def example_configs(self) -> list[dict[str, Any]]:
        """Today's edition in every mode, player count and team set-up, then each table
        option's non-default choice once per mode it belongs to, at four players without
        teams (a table's own Malus values in Speed Run).

        >>> configs = NUMX_RULES.example_configs()
        >>> configs[0], len(configs)
        ({'players': 2, 'mode': 'speed-run', 'teams': False, 'edition': 4}, 30)
        """
        options: dict[str, list[dict[str, Any]]] = {
            "speed-run": [{"malus_values": [[3, 3], [-3, -3], [-3, -3], [0, -3], [3, -3]]}],
            "x-game": [{"round_two_pick": True}],
            "family": [{"family_scoring": ["colour", "rainbow-pair"]}],
        }
        configs: list[dict[str, Any]] = []
        for mode, own in options.items():
            for players in range(MIN_PLAYERS, MAX_PLAYERS + 1):
                for teams in (False, True) if players in (4, 6) else (False,):
                    configs.append(
                        {"players": players, "mode": mode, "teams": teams, "edition": EDITION}
                    )
            table: dict[str, Any] = {"players": 4, "mode": mode, "teams": False, "edition": EDITION}
            extra: list[dict[str, Any]] = [{"triple_rule": "every"}, {"infinity_on_infinity": True}]
            configs += [{**table, **option} for option in [*extra, *own]]
        return configs

    def facts(self, before: GameState, after: GameState) -> dict[str, Any]:
        return history.facts(before, after)

    def effects(
        self, before: GameState, seat: int, action: Action, after: GameState
    ) -> dict[str, Any]:
        return history.effects(before, seat, action, after)

    def milestones(self, before: GameState, after: GameState) -> list[tuple[str, dict[str, Any]]]:
        found: list[tuple[str, dict[str, Any]]] = [
            (
                "round-ended",
                {"round": r.round_no, "termination": r.termination.value, "seat": r.seat},
            )
            for r in after.rounds[len(before.rounds) :]
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
        now: GameState,
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        return history.redact(seat, action, facts, viewer, history.revealed(now), now.config)


#: Typed as the protocol, so that mypy checks NUM-X offers everything the platform uses.
NUMX_RULES: ruleset.RuleSet[GameState] = NumxRules()
