"""A game's history as records: what chance decided during each action (its *facts*), what
a move visibly did (its *effects*), and what each viewer may read of them.

Facts: a deal's hands and objectives (``round``, ``dealt``, ``objectives``), and the cards a
move took from the pile, into a hand (``from_pile``: a draw, a Malus +) or face up onto the
malus cards (``to_rows``: a Malus +, a completion). Effects: a set-up choice's round (its
cards stay secret until every seat has laid its own), a pli that fused or was laid out of
turn, the trick a move ended and who won it, the round it ended and how.
:func:`redact` hides what a viewer may not see, the way
:func:`~games.engine.objectifs.view.view` does for states: another seat's hand and objective,
another seat's set-up choice before all are in, the cards another seat drew into its hand.
Once a round is scored its objectives show; once the game is over, everything does.
"""

from __future__ import annotations

from typing import Any

from games.engine.climbing import own_only
from games.engine.objectifs.actions import Action, Lay, Play
from games.engine.objectifs.state import ObjectifsState, Phase


def facts(before: ObjectifsState, after: ObjectifsState) -> dict[str, Any]:
    """What chance decided between ``before`` and ``after`` (one action apart). Seats are
    JSON object keys, so strings.

    >>> from games.engine.objectifs.positions import arrange
    >>> from games.engine.objectifs.notation import parse_action
    >>> from games.engine.objectifs.rules import apply
    >>> before = arrange(["7 7", "3 5"], ["1 2", "9 9"], pile="4")
    >>> facts(before, apply(before, 0, parse_action("draw")))
    {'from_pile': {'0': ['4']}}
    """
    if before.phase is Phase.DEAL:
        found: dict[str, Any] = {
            "round": after.round_no,
            "dealt": {str(s): [str(card) for card in hand] for s, hand in enumerate(after.hands)},
        }
        if after.config.objectives:
            found["objectives"] = {
                str(s): objective.value
                for s, objective in enumerate(after.objectives)
                if objective is not None
            }
        return found
    hands: dict[str, list[str]] = {}
    rows: dict[str, list[str]] = {}
    for drawn in after.drawn:
        (rows if drawn.to_row else hands).setdefault(str(drawn.seat), []).append(str(drawn.card))
    found = {}
    if hands:
        found["from_pile"] = hands
    if rows:
        found["to_rows"] = rows
    return found


def effects(
    before: ObjectifsState, seat: int, action: Action, after: ObjectifsState
) -> dict[str, Any]:
    """What ``seat``'s ``action`` visibly did, JSON-ready (``{}`` when nothing worth saying):

    - a set-up choice: ``round`` (its cards stay secret until all are in);
    - a pli: ``fused`` (it joined the pli below: Fusion X), ``facteur_x`` (laid out of turn);
    - any move that ended a trick: ``trick_won_by``; that ended the round: ``round_end``
      (``out``, ``shed``, ``stalemate``).
    """
    found: dict[str, Any] = {}
    if isinstance(action, Lay):
        found["round"] = before.round_no
    if isinstance(action, Play):
        laid = after.trick.plis[-1] if after.trick.plis else None
        if laid is not None and laid.seat == seat and laid.fused:
            found["fused"] = True
        if seat != before.turn:
            found["facteur_x"] = True
    if after.tricks > before.tricks and after.last_trick is not None:
        found["trick_won_by"] = after.last_trick.winner
    if len(after.results) > len(before.results):
        found["round_end"] = after.results[-1].end.value
    return found


def redact(
    seat: int,
    action: dict[str, Any],
    recorded_facts: dict[str, Any],
    viewer: int | None,
    now: ObjectifsState,
) -> tuple[dict[str, Any], dict[str, Any]]:
    """The action JSON (with its ``effects``, if recorded) and facts of ``seat``'s recorded
    action as ``viewer`` may read them (``None``: a spectator), the game standing at ``now``.

    >>> from games.engine.objectifs.positions import arrange
    >>> now = arrange(["7", "3"], ["1 2", "9 9"])
    >>> redact(0, {"type": "draw"}, {"from_pile": {"0": ["4"]}}, 1, now)
    ({'type': 'draw'}, {'from_pile': {'0': [None]}})
    """
    if now.phase is Phase.GAME_OVER:
        return action, recorded_facts
    kind = action.get("type")
    if kind == "deal":
        action = {
            "type": "deal",
            "cards": len(action.get("order", ())),
            "objectives": len(action.get("objectives", ())),
        }
    elif kind == "lay" and viewer != seat and _setting_up(action, now):
        action = {key: value for key, value in action.items() if key != "cards"}
    shown: dict[str, Any] = {}
    for key, value in recorded_facts.items():
        if key in ("dealt", "from_pile") or (
            key == "objectives" and len(now.results) < recorded_facts.get("round", 0)
        ):
            shown[key] = own_only(value, viewer)
        else:
            shown[key] = value
    return action, shown


def _setting_up(action: dict[str, Any], now: ObjectifsState) -> bool:
    """Whether the set-up this choice belongs to is still waiting for other choices."""
    effects = action.get("effects") or {}
    return now.phase is Phase.SETUP and effects.get("round") == now.round_no
