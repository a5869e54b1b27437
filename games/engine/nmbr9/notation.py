"""Reading actions from text and converting them to and from JSON.

Both forms round-trip: ``parse_action(str(a)) == a`` and
``action_from_json(action_to_json(a)) == a``. The grammar (case-insensitive, spaces free
around the comma)::

    place DIGIT at X,Y [turn 0|90|180|270]
    shuffle DIGIT × 20
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from games.engine.nmbr9.actions import Action, Place, Shuffle
from games.engine.nmbr9.errors import NotationError
from games.engine.nmbr9.tiles import TURNS
from games.engine.ruleset import gettext_noop

_PLACE = re.compile(
    r"place\s+(?P<digit>\d)\s+at\s+(?P<x>[+-]?\d+)\s*,\s*(?P<y>[+-]?\d+)"
    r"(?:\s+turn\s+(?P<turn>\d+))?",
    re.IGNORECASE | re.ASCII,
)
_TURNS = gettext_noop("a tile turns by 0, 90, 180 or 270 degrees, not %(turn)s")


def parse_action(text: str) -> Action:
    """Read one action written in NMBR 9 notation.

    >>> parse_action("PLACE 7 at 3, -2 turn 90")
    Place(digit=7, x=3, y=-2, turn=90)
    >>> parse_action("place 0 at 0,0")
    Place(digit=0, x=0, y=0, turn=0)
    """
    words = text.split()
    if not words:
        raise NotationError(gettext_noop("empty action: write `place 7 at 3,-2 turn 90`"))
    verb = words[0].lower()
    if verb == "shuffle":
        return Shuffle(tuple(_digit(word) for word in words[1:]))
    if verb != "place":
        raise NotationError(
            gettext_noop("unknown action “%(word)s”: write `place 7 at 3,-2 turn 90`"),
            word=words[0],
        )
    found = _PLACE.fullmatch(text.strip())
    if found is None:
        raise NotationError(
            gettext_noop("“%(text)s” is not a placement: write `place 7 at 3,-2 turn 90`"),
            text=text.strip(),
        )
    turn = int(found["turn"]) if found["turn"] is not None else 0
    if turn not in TURNS:
        raise NotationError(_TURNS, turn=turn)
    return Place(int(found["digit"]), int(found["x"]), int(found["y"]), turn)


def _digit(word: str) -> int:
    if len(word) != 1 or not word.isascii() or not word.isdigit():
        raise NotationError(gettext_noop("“%(word)s” is not a digit 0-9"), word=word)
    return int(word)


# JSON ------------------------------------------------------------------------------------


def action_to_json(action: Action) -> dict[str, Any]:
    """The JSON form the event store records; ``type`` names the action.

    >>> action_to_json(parse_action("place 7 at 3,-2 turn 90"))
    {'type': 'place', 'digit': 7, 'x': 3, 'y': -2, 'turn': 90}
    """
    match action:
        case Place(digit, x, y, turn):
            return {"type": "place", "digit": digit, "x": x, "y": y, "turn": turn}
        case Shuffle(order):
            return {"type": "shuffle", "order": list(order)}
    raise TypeError(f"not an NMBR 9 action: {action!r}")


def _json_int(value: Any, low: int | None = None, high: int | None = None) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise NotationError(gettext_noop("%(value)s is not a number"), value=repr(value))
    if (low is not None and value < low) or (high is not None and value > high):
        raise NotationError(gettext_noop("%(value)s is out of range"), value=value)
    return value


def action_from_json(data: Mapping[str, Any]) -> Action:
    """Read the JSON form back; bad JSON (unknown keys too) raises :class:`NotationError`.

    >>> action_from_json({"type": "place", "digit": 8, "x": 0, "y": 4, "turn": 180})
    Place(digit=8, x=0, y=4, turn=180)
    """
    kind = data.get("type")
    if kind == "place" and set(data) == {"type", "digit", "x", "y", "turn"}:
        turn = _json_int(data["turn"])
        if turn not in TURNS:
            raise NotationError(_TURNS, turn=turn)
        return Place(
            _json_int(data["digit"], 0, 9), _json_int(data["x"]), _json_int(data["y"]), turn
        )
    if kind == "shuffle" and set(data) == {"type", "order"} and isinstance(data["order"], list):
        return Shuffle(tuple(_json_int(card, 0, 9) for card in data["order"]))
    raise NotationError(gettext_noop("not an NMBR 9 action: %(data)s"), data=repr(dict(data)))


def action_type(action: Action) -> str:
    """The action's type name, as in its JSON form (``place``, ``shuffle``)."""
    return "place" if isinstance(action, Place) else "shuffle"
