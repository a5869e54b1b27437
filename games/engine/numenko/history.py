"""A game's history as records: what chance decided (its *facts*), what a move did (its
*effects*), the milestones, and what each viewer may read of them.

Facts of chance's deal and draws: the size of the pot after (``pot``, public). Effects of a
move in rounds mode: the round it belongs to (``round``), so that :func:`redact` knows when
it shows. :func:`redact` hides, the way :func:`~games.engine.numenko.view.view` does for
states, until the game is over: the tiles dealt and drawn to another seat (their number
shows), another seat's move of the round still being played (only that it moved shows),
and the tile another seat gives back in an exchange (written ``?``).
"""

from __future__ import annotations

from typing import Any

from games.engine.numenko.actions import Action, Play
from games.engine.numenko.scoring import outcome
from games.engine.numenko.state import NumenkoState, Phase
from games.engine.numenko.view import resolution_json

#: How a hidden tile is written in a redacted record.
HIDDEN = "?"


def facts(before: NumenkoState, after: NumenkoState) -> dict[str, Any]:
    """What chance decided between ``before`` and ``after``, as far as all may know: the
    pot's size once it dealt or drew (the tiles are in the action, redacted)."""
    if before.phase in (Phase.DEAL, Phase.DRAW) and after.phase is not before.phase:
        return {"pot": len(after.pot)}
    return {}


def effects(before: NumenkoState, seat: int, action: Action, after: NumenkoState) -> dict[str, Any]:
    """A move's round in rounds mode (``{}`` otherwise).

    >>> from games.engine.numenko.positions import arrange
    >>> from games.engine.numenko.rules import apply
    >>> before = arrange(["2x4=8", "1+1=2"], ["7", "7"])
    >>> move = Play(exchange=before.hands[0][0])
    >>> effects(before, 0, move, apply(before, 0, move))
    {'round': 1}
    """
    if isinstance(action, Play) and before.rounds:
        return {"round": before.round}
    return {}


def milestones(before: NumenkoState, after: NumenkoState) -> list[tuple[str, dict[str, Any]]]:
    """``round-ended`` (rounds mode: the round's requests served, or none made) with how
    they were served and every grid as the round left it (``grids``, rows of notation:
    public, and what a player who looks once a day wants told), and ``game-ended`` with the
    scores and winners."""
    found: list[tuple[str, dict[str, Any]]] = []
    if after.rounds and after.last is not None and after.last != before.last:
        payload = resolution_json(after.last)
        assert payload is not None
        payload["grids"] = [list(grid.rows()) for grid in after.grids]
        found.append(("round-ended", payload))
    result = outcome(after)
    if result is not None and before.phase is not Phase.GAME_OVER:
        found.append(
            ("game-ended", {"scores": list(result.scores), "winners": sorted(result.winners)})
        )
    return found


def redact(
    seat: int,
    action: dict[str, Any],
    recorded_facts: dict[str, Any],
    viewer: int | None,
    now: NumenkoState,
) -> tuple[dict[str, Any], dict[str, Any]]:
    """The action JSON (with its ``effects``, if recorded) and facts of ``seat``'s recorded
    action as ``viewer`` may read them (``None``: a spectator), given the state ``now``.

    >>> from games.engine.numenko.positions import arrange
    >>> now = arrange(["2x4=8", "1+1=2"], ["7", "7"])
    >>> record = {"type": "play", "grid": None, "exchange": "7", "fini": False,
    ...           "effects": {"round": 1}}
    >>> redact(0, record, {}, 1, now)
    ({'type': 'play', 'effects': {'round': 1}}, {})
    >>> redact(0, record, {}, 0, now)[0] == record
    True
    """
    if now.phase is Phase.GAME_OVER:
        return action, recorded_facts
    kind = action.get("type")
    if kind == "deal":
        hands = action.get("hands", [])
        return {
            "type": "deal",
            "hands": [hand if owner == viewer else None for owner, hand in enumerate(hands)],
            "sizes": [len(hand) for hand in hands],
        }, recorded_facts
    if kind == "draw":
        order, tiles = action.get("order", []), action.get("tiles", [])
        return {
            "type": "draw",
            "order": order,
            "tiles": [
                drawn if owner == viewer else None
                for owner, drawn in zip(order, tiles, strict=False)
            ],
            "sizes": [len(drawn) for drawn in tiles],
        }, recorded_facts
    if viewer == seat:
        return action, recorded_facts
    played = action.get("effects", {}).get("round")
    if now.rounds and (played is None or (played == now.round and now.phase is Phase.PLAY)):
        # Still secret: the round is being played (a record without its round is hidden too).
        hidden: dict[str, Any] = {"type": kind}
        if played is not None:
            hidden["effects"] = {"round": played}
        return hidden, recorded_facts
    if action.get("exchange") is not None:
        return {**action, "exchange": HIDDEN}, recorded_facts
    return action, recorded_facts
