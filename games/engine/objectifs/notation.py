"""Reading actions from text and converting them to and from JSON.

The text form is for people, tests, email replies and the command line; the JSON form is
what the event store records. Keywords are case-insensitive, and the French mail's words
are read too (``poser``, ``jouer``, ``piocher``, ``passer``, the card ``Infini``). Both round-trip:
``parse_action(str(a)) == a`` and ``action_from_json(action_to_json(a)) == a``; JSON with a
key its type does not know is refused.

Text::

    deal CARDS… [objectives NAMES…]        chance: a round's shuffled cards (and objectives)
    lay CARD CARD                          the set-up: two malus cards from the hand
    play CARDS… [as VALUE] [+ ACTION]      a pli; CARD@SEAT is a malus card of SEAT
    echange SEAT | echange all right|left  Echange (echange@SEAT …: the malus card of SEAT)
    malus+1/+2 SEAT|all                    Malus + (malus+1/+2@SEAT …: the malus card of SEAT)
    draw | draw CARD@SEAT                  the pile's top card, or a malus card of SEAT
    pass
    replace CARDS… [draw…]                 complete one's malus cards at the end of a trick
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from games.engine.climbing import ascii_int, check_arity, split_named_value
from games.engine.objectifs.actions import (
    ALL,
    HAND,
    Action,
    CardAction,
    Deal,
    Direction,
    Draw,
    Echange,
    Lay,
    MalusPlus,
    Pass,
    Play,
    Replace,
    RowCard,
    Target,
)
from games.engine.objectifs.cards import Card, Kind, parse_value, value_text
from games.engine.objectifs.errors import NotationError
from games.engine.objectifs.objectives import Objective
from games.engine.ruleset import gettext_noop

_PASS = Pass()
_DRAW = Draw()


def parse_action(text: str) -> Action:
    """Read one action written in the notation above.

    >>> parse_action("PLAY 7 7@2 + malus+1/+2 all")
    Play(hand=(Card(kind=<Kind.CLASSIC: 'classic'>, value=7, hand=0, row=0),), \
rows=(RowCard(seat=2, card=Card(kind=<Kind.CLASSIC: 'classic'>, value=7, hand=0, row=0)),), \
value=None, action=MalusPlus(card=Card(kind=<Kind.MALUS: 'malus'>, value=None, hand=1, row=2), \
target='all', row=-1))
    """
    words = text.split()
    if not words:
        raise NotationError(gettext_noop("empty action"))
    verb, args = words[0].lower(), words[1:]
    verb = FRENCH_VERBS.get(verb, verb)
    if verb == "play":
        return _parse_play(args)
    if verb.startswith(("echange", "swipe", "malus")):
        return _parse_card_action(words)
    parser = _PARSERS.get(verb)
    if parser is None:
        raise NotationError(gettext_noop("unknown action “%(word)s”"), word=words[0])
    return parser(args)


def _located(word: str) -> tuple[Card, int]:
    """A card and where it comes from: ``7`` (the hand) or ``7@2`` (seat 2's malus cards)."""
    name, at, seat = word.partition("@")
    if not at:
        return Card.parse(name), HAND
    return Card.parse(name), _seat(seat)


def _parse_play(args: list[str]) -> Play:
    action: CardAction | None = None
    if "+" in args:
        at = args.index("+")
        action = _parse_card_action(args[at + 1 :])
        args = args[:at]
    args, named = split_named_value(args)
    if not args:
        raise NotationError(gettext_noop("a pli needs at least one card"))
    hand: list[Card] = []
    rows: list[RowCard] = []
    for word in args:
        card, row = _located(word)
        if row == HAND:
            hand.append(card)
        else:
            rows.append(RowCard(row, card))
    value = None if named is None else parse_value(named)
    return Play(tuple(hand), tuple(rows), value, action)


def _parse_card_action(words: list[str]) -> CardAction:
    if not words:
        raise NotationError(gettext_noop("which Echange or Malus + card?"))
    card, row = _located(words[0])
    args = words[1:]
    if card.kind is Kind.ECHANGE:
        if len(args) == 1:
            return Echange(_target(args[0]), None, row)
        _arity(args, 2, "echange all")
        return Echange(_target(args[0]), _direction(args[1]), row)
    if card.kind is Kind.MALUS:
        _arity(args, 1, str(card))
        return MalusPlus(card, _target(args[0]), row)
    raise NotationError(
        gettext_noop("“%(word)s” is not an Echange or a Malus + card"), word=words[0]
    )


def _parse_draw(args: list[str]) -> Draw:
    if not args:
        return _DRAW
    _arity(args, 1, "draw")
    card, row = _located(args[0])
    if row == HAND:
        raise NotationError(
            gettext_noop("draw the pile's top card, or CARD@SEAT: a malus card of SEAT")
        )
    return Draw(row, card)


def _parse_replace(args: list[str]) -> Replace:
    draws = sum(word.lower() == "draw" for word in args)
    cards = tuple(Card.parse(word) for word in args if word.lower() != "draw")
    return Replace(cards, draws)


def _parse_deal(args: list[str]) -> Deal:
    lowered = [word.lower() for word in args]
    if "objectives" not in lowered:
        return Deal(tuple(Card.parse(word) for word in args))
    at = lowered.index("objectives")
    return Deal(
        tuple(Card.parse(word) for word in args[:at]),
        tuple(_objective(word) for word in args[at + 1 :]),
    )


def _no_args(action: Action) -> Callable[[list[str]], Action]:
    def parse(args: list[str]) -> Action:
        if args:
            raise NotationError(gettext_noop("“%(action)s” takes nothing more"), action=action)
        return action

    return parse


#: The verbs of the French mail's moves, read as the notation's. ``poser`` is the
#: set-up's ``lay``: the French mail lays a pli too, and a pli written so is answered with
#: how a pli is written (:func:`games.engine.objectifs.turns.act`).
FRENCH_VERBS = {
    "poser": "lay",
    "pose": "lay",
    "jouer": "play",
    "joue": "play",
    "piocher": "draw",
    "pioche": "draw",
    "passer": "pass",
    "passe": "pass",
}

_PARSERS: dict[str, Callable[[list[str]], Action]] = {
    "deal": _parse_deal,
    "lay": lambda args: Lay(tuple(Card.parse(word) for word in args)),
    "draw": _parse_draw,
    "pass": _no_args(_PASS),
    "replace": _parse_replace,
}


def _arity(args: list[str], count: int, verb: str) -> None:
    check_arity(args, count, verb, NotationError)


def _seat(word: str) -> int:
    seat = ascii_int(word)
    if seat is None:
        raise NotationError(gettext_noop("“%(word)s” is not a seat"), word=word)
    return seat


def _target(word: str) -> Target:
    return ALL if word.lower() == ALL else _seat(word)


def _direction(word: str) -> Direction:
    try:
        return Direction(word.lower())
    except ValueError:
        raise NotationError(gettext_noop("“%(word)s” is not right or left"), word=word) from None


def _objective(word: str) -> Objective:
    try:
        return Objective.parse(word)
    except ValueError:
        raise NotationError(
            gettext_noop("“%(word)s” is not an objective: %(names)s"),
            word=word,
            names=", ".join(objective.value for objective in Objective),
        ) from None


# JSON ------------------------------------------------------------------------------------


def action_to_json(action: Action) -> dict[str, Any]:
    """The JSON form the event store records; ``type`` names the action.

    >>> action_to_json(parse_action("play joker as infinity"))
    {'type': 'play', 'cards': ['joker'], 'as': 'infinity'}
    """
    match action:
        case Deal(order, objectives):
            data: dict[str, Any] = {"type": "deal", "order": [str(card) for card in order]}
            if objectives:
                data["objectives"] = [objective.value for objective in objectives]
            return data
        case Lay(cards):
            return {"type": "lay", "cards": [str(card) for card in cards]}
        case Play(hand, rows, value, card_action):
            data = {"type": "play", "cards": [str(card) for card in hand]}
            if rows:
                data["rows"] = [{"seat": taken.seat, "card": str(taken.card)} for taken in rows]
            if value is not None:
                data["as"] = value_text(value)
            if card_action is not None:
                data["action"] = action_to_json(card_action)
            return data
        case Echange(target, direction, row):
            data = {"type": "echange", "target": target}
            if direction is not None:
                data["direction"] = direction.value
            return _from_row(data, row)
        case MalusPlus(card, target, row):
            return _from_row({"type": "malus", "card": str(card), "target": target}, row)
        case Draw(row, card):
            if card is None:
                return {"type": "draw"}
            return {"type": "draw", "card": str(card), "from": row}
        case Replace(cards, draws):
            return {"type": "replace", "cards": [str(card) for card in cards], "draws": draws}
    return {"type": "pass"}


def _from_row(data: dict[str, Any], row: int) -> dict[str, Any]:
    return data if row == HAND else {**data, "from": row}


def action_from_json(data: Mapping[str, Any]) -> Action:
    """Read the JSON form back; bad JSON, or a key the action does not know, raises
    :class:`NotationError`.

    >>> action_from_json({"type": "pass", "card": "7"})
    Traceback (most recent call last):
    ...
    games.engine.objectifs.errors.NotationError: a pass knows no 'card'
    """
    try:
        kind = data["type"]
        reader, keys = _FROM_JSON[kind]
        unknown = set(data) - keys - {"type"}
        if unknown:
            raise NotationError(
                gettext_noop("a %(type)s knows no %(keys)s"),
                type=kind,
                keys=", ".join(map(repr, sorted(unknown))),
            )
        return reader(data)
    except NotationError:
        raise
    except (KeyError, TypeError, ValueError, AttributeError) as error:
        raise NotationError(
            gettext_noop("not an Objectifs action: %(data)s (%(error)s)"),
            data=repr(data),
            error=error,
        ) from None


def _json_int(value: Any) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise NotationError(gettext_noop("%(value)s is not a number"), value=repr(value))
    return value


def _json_target(value: Any) -> Target:
    return ALL if value == ALL else _json_int(value)


def _json_cards(names: Any) -> tuple[Card, ...]:
    if not isinstance(names, list):
        raise NotationError(gettext_noop("%(value)s is not a list of cards"), value=repr(names))
    return tuple(Card.parse(name) for name in names)


def _json_row(data: Mapping[str, Any]) -> int:
    return _json_int(data["from"]) if "from" in data else HAND


def _json_card_action(data: Any) -> CardAction:
    action = action_from_json(data)
    if not isinstance(action, (Echange, MalusPlus)):
        raise NotationError(gettext_noop("the action played with a pli is an Echange or a Malus +"))
    return action


def _json_play(data: Mapping[str, Any]) -> Play:
    rows = tuple(
        RowCard(_json_int(taken["seat"]), Card.parse(taken["card"]))
        for taken in data.get("rows", [])
    )
    named = data.get("as")
    return Play(
        _json_cards(data["cards"]),
        rows,
        None if named is None else parse_value(str(named)),
        None if data.get("action") is None else _json_card_action(data["action"]),
    )


def _json_echange(data: Mapping[str, Any]) -> Echange:
    direction = data.get("direction")
    return Echange(
        _json_target(data["target"]),
        None if direction is None else _direction(direction),
        _json_row(data),
    )


def _json_malus(data: Mapping[str, Any]) -> MalusPlus:
    card = Card.parse(data["card"])
    if card.kind is not Kind.MALUS:
        raise NotationError(gettext_noop("“%(card)s” is not a Malus + card"), card=card)
    return MalusPlus(card, _json_target(data["target"]), _json_row(data))


def _json_draw(data: Mapping[str, Any]) -> Draw:
    if "card" not in data and "from" not in data:
        return _DRAW
    return Draw(_json_int(data["from"]), Card.parse(data["card"]))


def _json_replace(data: Mapping[str, Any]) -> Replace:
    return Replace(_json_cards(data.get("cards", [])), _json_int(data.get("draws", 0)))


def _json_deal(data: Mapping[str, Any]) -> Deal:
    return Deal(
        _json_cards(data["order"]),
        tuple(_objective(name) for name in data.get("objectives", [])),
    )


_FROM_JSON: dict[str, tuple[Callable[[Mapping[str, Any]], Action], frozenset[str]]] = {
    "deal": (_json_deal, frozenset({"order", "objectives"})),
    "lay": (lambda d: Lay(_json_cards(d["cards"])), frozenset({"cards"})),
    "play": (_json_play, frozenset({"cards", "rows", "as", "action"})),
    "echange": (_json_echange, frozenset({"target", "direction", "from"})),
    "malus": (_json_malus, frozenset({"card", "target", "from"})),
    "draw": (_json_draw, frozenset({"card", "from"})),
    "pass": (lambda d: _PASS, frozenset()),
    "replace": (_json_replace, frozenset({"cards", "draws"})),
}

_TYPE: dict[type, str] = {
    Deal: "deal",
    Lay: "lay",
    Play: "play",
    Echange: "echange",
    MalusPlus: "malus",
    Draw: "draw",
    Pass: "pass",
    Replace: "replace",
}


def action_type(action: Action) -> str:
    """The action's type name, as in its JSON form (``play``, ``pass``, ``replace``...)."""
    return _TYPE[type(action)]
