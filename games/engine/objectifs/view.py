"""What one seat (or a spectator) may know of a game: the only way hidden information leaves
the engine.

Everyone sees the malus cards in front of every player (*face visible*), the plis of the
trick and of the last one, the discard, the size of each hand and of the pile, who has laid
their malus cards at the set-up, who must still complete them, and every scored round:
its malus cards, the hands then left and the objectives, shown to all once the round is
scored. A seat also sees its own hand, its own objective and its own set-up choice. Nobody
sees another hand, another objective this round, the draw pile or the unused Objective
cards until the game is over (or ``reveal``: replays of finished games).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from games.engine.objectifs.cards import Card, value_text
from games.engine.objectifs.legal import awaiting
from games.engine.objectifs.outcome import outcome
from games.engine.objectifs.state import (
    ROUNDS,
    LastTrick,
    ObjectifsState,
    Phase,
    Pli,
    RoundResult,
)


def names(cards: Iterable[Card]) -> list[str]:
    """Cards as notation."""
    return [str(card) for card in cards]


def pli_json(pli: Pli) -> dict[str, Any]:
    """A pli as laid (public)."""
    return {
        "seat": pli.seat,
        "cards": names(pli.cards),
        "value": None if pli.value is None else value_text(pli.value),
        "fused": pli.fused,
        "out_of_turn": pli.out_of_turn,
    }


def result_json(result: RoundResult) -> dict[str, Any]:
    """A scored round, everything in it shown (*on procède au décompte des points*)."""
    return {
        "round": result.round_no,
        "end": result.end.value,
        "seat": result.seat,
        "first_out": result.first_out,
        "seats": [
            {
                "malus_cards": names(score.malus_cards),
                "hand": names(score.hand),
                "objective": None if score.objective is None else score.objective.value,
                "achieved": score.achieved,
                "malus": score.malus,
                "hand_points": score.hand_points,
                "bonus": score.bonus,
                "total": score.total,
            }
            for score in result.seats
        ],
    }


def totals(state: ObjectifsState) -> list[int]:
    """Each seat's score over the rounds scored so far."""
    return [
        sum(result.seats[seat].total for result in state.results) for seat in range(state.players)
    ]


def _last(last: LastTrick | None) -> dict[str, Any] | None:
    return (
        None if last is None else {"winner": last.winner, "plis": [pli_json(p) for p in last.plis]}
    )


def view(state: ObjectifsState, seat: int | None, reveal: bool = False) -> dict[str, Any]:
    """What ``seat`` may know of ``state`` (``None``: a spectator), JSON-ready; ``reveal``
    (replays of finished games) and the end of the game show everything.

    >>> from games.engine.objectifs.positions import arrange
    >>> state = arrange(["7 7 joker", "3"], ["1 2", "9 infinity"], objectives="pair under-5")
    >>> seen = view(state, 0)
    >>> seen["hands"], seen["rows"][1], seen["objectives"]
    ([['7', '7', 'joker'], None], ['9', 'infinity'], ['pair', None])
    """
    shown = reveal or state.phase is Phase.GAME_OVER
    trick = state.trick
    ending = state.ending
    result = outcome(state)

    def own(who: int) -> bool:
        return shown or who == seat

    return {
        "seat": seat,
        "config": state.config.to_json(),
        "phase": state.phase.value,
        "round": state.round_no,
        "rounds": ROUNDS,
        "tricks": state.tricks,
        "turn": state.turn,
        "awaiting": sorted(awaiting(state)),
        "hands": [names(sorted(hand)) if own(s) else None for s, hand in enumerate(state.hands)],
        "hand_sizes": [len(hand) for hand in state.hands],
        "rows": [names(row) for row in state.rows],
        "pile_size": len(state.pile),
        "pile": names(state.pile) if shown else None,
        "discard": names(state.discard),
        "plis": [pli_json(pli) for pli in trick.plis],
        "owner": trick.owner,
        "last_trick": _last(state.last_trick),
        "objectives": [
            None if objective is None or not own(s) else objective.value
            for s, objective in enumerate(state.objectives)
        ],
        "objective_pile": [o.value for o in state.objective_pile] if shown else None,
        "laid": [laid is not None for laid in state.laid],
        "lays": [
            None if laid is None or not own(s) else names(laid) for s, laid in enumerate(state.laid)
        ],
        "due": list(state.due),
        "first_out": state.first_out,
        "ending": None if ending is None else {"end": ending.kind.value, "seat": ending.seat},
        "results": [result_json(result) for result in state.results],
        "totals": totals(state),
        "outcome": None if result is None else result.to_json(),
    }
