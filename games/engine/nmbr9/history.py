"""A game's history as records: what chance decided during each action (its *facts*), what a
placement did (its *effects*), and what each viewer may read of them.

Facts: the card turned up after the shuffle, and after the placement that completed a card
(``card``, public: cards are turned face up for all). Effects of a placement: the number of
the card it placed (``card``, 1 to 20) and the level the tile landed on (``level``).
:func:`redact` hides, the way :func:`~games.engine.nmbr9.view.view` does for states, the
order of the shuffle until the game is over, and where another seat placed the current card
until every seat has placed it.
"""

from __future__ import annotations

from typing import Any

from games.engine.nmbr9.actions import Action, Place
from games.engine.nmbr9.state import Nmbr9State, Phase


def facts(before: Nmbr9State, after: Nmbr9State) -> dict[str, Any]:
    """What chance decided between ``before`` and ``after``: the card that turned up, if one
    did (the shuffle fixed it; this records it beside the action that turned it)."""
    if after.turned > before.turned:
        return {"card": after.card}
    return {}


def effects(before: Nmbr9State, seat: int, action: Action, after: Nmbr9State) -> dict[str, Any]:
    """A placement's card number and the level its tile landed on (``{}`` for the shuffle).

    >>> from games.engine.nmbr9.positions import arrange
    >>> before = arrange([["place 0 at 0,0", "place 0 at 3,0"]], card=1)
    >>> from games.engine.nmbr9.rules import apply
    >>> action = Place(1, 2, 0, 0)
    >>> effects(before, 0, action, apply(before, 0, action))
    {'card': 3, 'level': 1}
    """
    if not isinstance(action, Place):
        return {}
    return {"card": before.turned, "level": after.stacks[seat].tiles[-1].level}


def redact(
    seat: int,
    action: dict[str, Any],
    recorded_facts: dict[str, Any],
    viewer: int | None,
    now: Nmbr9State,
) -> tuple[dict[str, Any], dict[str, Any]]:
    """The action JSON (with its ``effects``, if recorded) and facts of ``seat``'s recorded
    action as ``viewer`` may read them (``None``: a spectator), given the state ``now``.

    >>> from games.engine.nmbr9.positions import arrange
    >>> now = arrange([["place 0 at 0,0"], []], card=0, placed=[0])
    >>> record = {"type": "place", "digit": 0, "x": 0, "y": 0, "turn": 0,
    ...           "effects": {"card": 1, "level": 0}}
    >>> redact(0, record, {}, 1, now)
    ({'type': 'place', 'digit': 0, 'effects': {'card': 1}}, {})
    >>> redact(0, record, {}, 0, now)[0] == record
    True
    """
    if now.phase is Phase.GAME_OVER:
        return action, recorded_facts
    kind = action.get("type")
    if kind == "shuffle":
        return {"type": "shuffle", "cards": len(action.get("order", ()))}, recorded_facts
    if kind == "place" and viewer != seat:
        card = action.get("effects", {}).get("card")
        # A placement without its effects cannot say which card it was: hide it (the
        # engine always records them; this only guards against a record without).
        if card is None or card >= now.turned:
            hidden: dict[str, Any] = {"type": "place", "digit": action.get("digit")}
            if card is not None:
                hidden["effects"] = {"card": card}
            return hidden, recorded_facts
    return action, recorded_facts
