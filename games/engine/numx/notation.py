"""Reading actions from text and converting them to and from JSON.

The text form is for people, tests and the command line; the JSON form is what the event
store records. Both round-trip: ``parse_action(str(a)) == a`` and
``action_from_json(action_to_json(a)) == a``.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from games.engine.climbing import ascii_int, check_arity, split_named_value
from games.engine.numx.actions import (
    ALL,
    BETWEEN,
    CARD_ACTIONS,
    Action,
    Block,
    BlockTarget,
    CardAction,
    Complete,
    Deal,
    Distribute,
    Draw,
    Eclair,
    Flip,
    Malus,
    Pass,
    Pick,
    Placement,
    Play,
    Quantum,
    Refill,
    Reset,
    Resolve,
    Shuffle,
    Side,
    Swipe,
    TakeBack,
    Target,
)
from games.engine.numx.cards import Face, Kind
from games.engine.numx.errors import NotationError
from games.engine.ruleset import gettext_noop

#: The actions that carry nothing: immutable values, so one of each serves every read (a
#: replay reads about a hundred passes and draws).
_PASS, _DRAW, _REFILL, _RESET = Pass(), Draw(), Refill(), Reset()
_TAKE = re.compile(r"^take\s+(\d+)\s*:\s*(.+)$", re.IGNORECASE)
_PLACEMENT = re.compile(r"^(.+)>(\d+):(up|down):(left|right)$")
_TAKE_BACK = gettext_noop("a taken-back card is played as a pli, an Action card or a completion")


def parse_action(text: str) -> Action:
    """Read one action written in the notation of :mod:`games.engine.numx.actions`.

    >>> parse_action("PLAY shadow-9 + block all")
    Play(faces=(Face('shadow-9'),), value=9, bonus=Block(target='all'))
    """
    text = text.strip()
    taken = _TAKE.match(text)
    if taken:
        inner = parse_action(taken.group(2))
        if not isinstance(inner, (Play, Complete, *CARD_ACTIONS)):
            raise NotationError(_TAKE_BACK)
        return TakeBack(int(taken.group(1)), inner)
    words = text.split()
    if not words:
        raise NotationError(gettext_noop("empty action"))
    verb, args = words[0].lower(), words[1:]
    if verb == "play":
        return _parse_play(args)
    if verb.startswith("malus"):
        return _parse_card_action(words)
    parser = _PARSERS.get(verb)
    if parser is None:
        raise NotationError(gettext_noop("unknown action “%(word)s”"), word=words[0])
    return parser(args)


def _parse_play(args: list[str]) -> Play:
    bonus: CardAction | None = None
    if "+" in args:
        at = args.index("+")
        bonus = _parse_card_action(args[at + 1 :])
        args = args[:at]
    args, named = split_named_value(args)
    value = None if named is None else _int(named, gettext_noop("“%(word)s” is not a pli value"))
    if not args:
        raise NotationError(gettext_noop("a pli needs at least one card"))
    return Play(tuple(Face.parse(word) for word in args), value, bonus)


def _parse_card_action(words: list[str]) -> CardAction:
    if not words:
        raise NotationError(gettext_noop("which Action card?"))
    verb, args = words[0].lower(), words[1:]
    if verb.startswith("malus"):
        face = Face.parse(verb)
        _arity(args, 1, verb)
        return Malus(face, _target(args[0]))
    if verb == "flip":
        _arity(args, 1, verb)
        return Flip(_target(args[0]))
    if verb == "swipe":
        _arity(args, 2, verb)
        return Swipe(_side(args[0]), _target(args[1]))
    if verb == "block":
        _arity(args, 1, verb)
        return Block(_block_target(args[0]))
    if verb == "eclair":
        _arity(args, 3, verb)
        seat_or_position = gettext_noop("“%(word)s” is not a seat or a position")
        return Eclair(*(_int(arg, seat_or_position) for arg in args))
    if verb == "quantum":
        _arity(args, 1, verb)
        return Quantum(_int(args[0], gettext_noop("“%(word)s” is not a seat")))
    raise NotationError(gettext_noop("“%(word)s” is not an Action card"), word=words[0])


def _parse_resolve(args: list[str]) -> Resolve:
    discard: list[Face] = []
    remove: list[int] = []
    place: list[tuple[bool, Side]] = []
    section = ""
    for word in args:
        lower = word.lower()
        if lower in ("discard", "remove", "place"):
            section = lower
        elif section == "discard":
            discard.append(Face.parse(word))
        elif section == "remove":
            remove.append(_int(word, gettext_noop("“%(word)s” is not a score position")))
        elif section == "place":
            up, _, side = lower.partition("-")
            if up not in ("up", "down"):
                raise NotationError(
                    gettext_noop("“%(word)s”: write up-left, up-right, down-left or down-right"),
                    word=word,
                )
            place.append((up == "up", _side(side)))
        else:
            raise NotationError(
                gettext_noop("resolve takes: discard CARDS, remove POSITIONS, place SLOTS")
            )
    return Resolve(tuple(discard), tuple(remove), tuple(place))


def _parse_placement(word: str) -> Placement:
    match = _PLACEMENT.match(word.lower())
    if not match:
        raise NotationError(
            gettext_noop("“%(word)s”: write card>seat:up|down:left|right, e.g. blue-7>2:up:left"),
            word=word,
        )
    face, seat, up, side = match.groups()
    return Placement(Face.parse(face), int(seat), up == "up", Side(side))


def _no_args(action: Action) -> Callable[[list[str]], Action]:
    def parse(args: list[str]) -> Action:
        if args:
            raise NotationError(gettext_noop("“%(action)s” takes nothing more"), action=action)
        return action

    return parse


def _one_face(verb: str, make: Callable[[Face], Action]) -> Callable[[list[str]], Action]:
    def parse(args: list[str]) -> Action:
        _arity(args, 1, verb)
        return make(Face.parse(args[0]))

    return parse


def _card_verb(verb: str) -> Callable[[list[str]], Action]:
    def parse(args: list[str]) -> Action:
        return _parse_card_action([verb, *args])

    return parse


_PARSERS: dict[str, Callable[[list[str]], Action]] = {
    "deal": lambda args: Deal(tuple(Face.parse(word) for word in args)),
    "shuffle": lambda args: Shuffle(tuple(Face.parse(word) for word in args)),
    "pick": _one_face("pick", Pick),
    "complete": _one_face("complete", Complete),
    "pass": _no_args(_PASS),
    "draw": _no_args(_DRAW),
    "refill": _no_args(_REFILL),
    "reset": _no_args(_RESET),
    "resolve": _parse_resolve,
    "distribute": lambda args: Distribute(tuple(_parse_placement(word) for word in args)),
    "flip": _card_verb("flip"),
    "swipe": _card_verb("swipe"),
    "block": _card_verb("block"),
    "eclair": _card_verb("eclair"),
    "quantum": _card_verb("quantum"),
}


def _arity(args: list[str], count: int, verb: str) -> None:
    check_arity(args, count, verb, NotationError)


def _int(word: str, error: str) -> int:
    """The number ``word`` writes, else the NotationError of template ``error``."""
    number = ascii_int(word)
    if number is None:
        raise NotationError(error, word=word)
    return number


def _target(word: str) -> Target:
    return (
        ALL
        if word.lower() == ALL
        else _int(word, gettext_noop("“%(word)s” is not a seat or “all”"))
    )


def _block_target(word: str) -> BlockTarget:
    lower = word.lower()
    if lower == ALL:
        return ALL
    if lower == BETWEEN:
        return BETWEEN
    return _int(word, gettext_noop("“%(word)s” is not a seat, “all” or “between”"))


def _side(word: str) -> Side:
    try:
        return Side(word.lower())
    except ValueError:
        raise NotationError(gettext_noop("“%(word)s” is not left or right"), word=word) from None


# JSON ------------------------------------------------------------------------------------


def action_to_json(action: Action) -> dict[str, Any]:
    """The JSON form the event store records; ``type`` names the action."""
    match action:
        case Deal(order) | Shuffle(order):
            return {"type": _TYPE[type(action)], "order": [face.text for face in order]}
        case Pick(face) | Complete(face):
            return {"type": _TYPE[type(action)], "card": face.text}
        case Play(faces, value, bonus):
            data: dict[str, Any] = {"type": "play", "cards": [face.text for face in faces]}
            if action.names_value:
                data["as"] = value
            if bonus is not None:
                data["bonus"] = action_to_json(bonus)
            return data
        case TakeBack(index, play):
            return {"type": "take", "index": index, "play": action_to_json(play)}
        case Flip(target) | Block(target) | Quantum(target):
            return {"type": _TYPE[type(action)], "target": target}
        case Swipe(direction, target):
            return {"type": "swipe", "direction": direction.value, "target": target}
        case Eclair(target, mine, theirs):
            return {"type": "eclair", "target": target, "mine": mine, "theirs": theirs}
        case Malus(face, target):
            return {"type": "malus", "card": face.text, "target": target}
        case Resolve(discard, remove, place):
            return {
                "type": "resolve",
                "discard": [face.text for face in discard],
                "remove": list(remove),
                "place": [{"face_up": up, "side": side.value} for up, side in place],
            }
        case Distribute(placements):
            return {
                "type": "distribute",
                "placements": [
                    {
                        "card": p.face.text,
                        "seat": p.seat,
                        "face_up": p.face_up,
                        "side": p.side.value,
                    }
                    for p in placements
                ],
            }
    return {"type": _TYPE[type(action)]}


def action_from_json(data: dict[str, Any]) -> Action:
    """Read the JSON form back; bad JSON raises :class:`NotationError`."""
    try:
        return _FROM_JSON[data["type"]](data)
    except NotationError:
        raise
    except (KeyError, TypeError, ValueError, AttributeError) as error:
        raise NotationError(
            gettext_noop("not a NUM-X action: %(data)s (%(error)s)"), data=repr(data), error=error
        ) from None


def _faces(names: list[str]) -> tuple[Face, ...]:
    return tuple(map(Face.parse, names))


def _json_play(data: dict[str, Any]) -> Play:
    bonus = data.get("bonus")
    card_action = None if bonus is None else action_from_json(bonus)
    if card_action is not None and not isinstance(card_action, CARD_ACTIONS):
        raise NotationError(gettext_noop("a Shadow's bonus is an Action card"))
    value = data.get("as")
    return Play(_faces(data["cards"]), None if value is None else _json_int(value), card_action)


def _json_take(data: dict[str, Any]) -> TakeBack:
    inner = action_from_json(data["play"])
    if not isinstance(inner, (Play, Complete, *CARD_ACTIONS)):
        raise NotationError(_TAKE_BACK)
    return TakeBack(_json_int(data["index"]), inner)


def _json_int(value: Any) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise NotationError(gettext_noop("%(value)s is not a number"), value=repr(value))
    return value


def _json_target(value: Any) -> Target:
    return ALL if value == ALL else _json_int(value)


def _json_block_target(value: Any) -> BlockTarget:
    if value in (ALL, BETWEEN):
        return ALL if value == ALL else BETWEEN
    return _json_int(value)


#: Sides by their JSON name: looking one up costs a twentieth of calling the enum, and
#: every placement of a replayed distribution names one.
_SIDES = {side.value: side for side in Side}


def _json_side(value: Any) -> Side:
    side = _SIDES.get(value) if isinstance(value, str) else None
    # Anything else goes through the enum, for its own error.
    return Side(value) if side is None else side


def _json_malus(data: dict[str, Any]) -> Malus:
    face = Face.parse(data["card"])
    if face.kind is not Kind.MALUS:
        raise NotationError(gettext_noop("“%(card)s” is not a Malus card"), card=face)
    return Malus(face, _json_target(data["target"]))


_FROM_JSON: dict[str, Callable[[dict[str, Any]], Action]] = {
    "deal": lambda d: Deal(_faces(d["order"])),
    "shuffle": lambda d: Shuffle(_faces(d["order"])),
    "pick": lambda d: Pick(Face.parse(d["card"])),
    "complete": lambda d: Complete(Face.parse(d["card"])),
    "play": _json_play,
    "take": _json_take,
    "pass": lambda d: _PASS,
    "draw": lambda d: _DRAW,
    "refill": lambda d: _REFILL,
    "reset": lambda d: _RESET,
    "flip": lambda d: Flip(_json_target(d["target"])),
    "swipe": lambda d: Swipe(_json_side(d["direction"]), _json_target(d["target"])),
    "block": lambda d: Block(_json_block_target(d["target"])),
    "eclair": lambda d: Eclair(
        _json_int(d["target"]), _json_int(d["mine"]), _json_int(d["theirs"])
    ),
    "quantum": lambda d: Quantum(_json_int(d["target"])),
    "malus": _json_malus,
    "resolve": lambda d: Resolve(
        _faces(d.get("discard", [])),
        tuple(_json_int(i) for i in d.get("remove", [])),
        tuple((bool(p["face_up"]), _json_side(p["side"])) for p in d.get("place", [])),
    ),
    "distribute": lambda d: Distribute(
        tuple(
            Placement(
                Face.parse(p["card"]),
                _json_int(p["seat"]),
                bool(p["face_up"]),
                _json_side(p["side"]),
            )
            for p in d["placements"]
        )
    ),
}

_TYPE: dict[type, str] = {
    Deal: "deal",
    Shuffle: "shuffle",
    Pick: "pick",
    Complete: "complete",
    Play: "play",
    TakeBack: "take",
    Pass: "pass",
    Draw: "draw",
    Refill: "refill",
    Reset: "reset",
    Flip: "flip",
    Swipe: "swipe",
    Block: "block",
    Eclair: "eclair",
    Quantum: "quantum",
    Malus: "malus",
    Resolve: "resolve",
    Distribute: "distribute",
}


def action_type(action: Action) -> str:
    """The action's type name, as in its JSON form (``play``, ``pass``, ``malus``...)."""
    return _TYPE[type(action)]
