"""The end of a game: final score sheets (team rows merged) and the winners."""

from __future__ import annotations

from dataclasses import dataclass

from games.engine.numx.cards import Face
from games.engine.numx.scoring import ScoreSheet, score_faces
from games.engine.numx.state import GameState, Phase, RoundEnd


@dataclass(frozen=True, slots=True)
class Outcome:
    """Final scores per seat (with teams, each seat carries its team's score)."""

    sheets: tuple[ScoreSheet, ...]
    winners: frozenset[int]
    rounds: tuple[RoundEnd, ...]

    @property
    def scores(self) -> tuple[int, ...]:
        return tuple(sheet.total for sheet in self.sheets)

    def to_json(self) -> dict[str, object]:
        return {
            "scores": list(self.scores),
            "winners": sorted(self.winners),
            "sheets": [sheet.to_json() for sheet in self.sheets],
            "rounds": [
                {"round": r.round_no, "termination": r.termination.value, "seat": r.seat}
                for r in self.rounds
            ],
        }


def is_terminal(state: GameState) -> bool:
    """Whether the game is over."""
    return state.phase is Phase.GAME_OVER


def row_faces(state: GameState, seat: int) -> tuple[Face, ...]:
    """The faces that count for ``seat``: its row, merged with its partner's in Teams."""
    return tuple(
        score.card.face
        for member in sorted(state.config.team_of(seat))
        for score in state.rows[member]
    )


def score_sheets(state: GameState) -> tuple[ScoreSheet, ...]:
    """Every seat's score as the rows stand now (all cards, face-down ones included)."""
    rules = state.config.scoring
    return tuple(score_faces(row_faces(state, seat), rules) for seat in range(state.players))


def outcome(state: GameState) -> Outcome | None:
    """Final scores and winners once the game is over, else ``None``."""
    if not is_terminal(state):
        return None
    sheets = score_sheets(state)
    best = max(sheet.total for sheet in sheets)
    winners = frozenset(seat for seat, sheet in enumerate(sheets) if sheet.total == best)
    return Outcome(sheets, winners, state.rounds)
