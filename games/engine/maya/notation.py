"""Reading actions from text and converting them to and from JSON.

Both forms round-trip: ``parse_action(str(a)) == a`` and
``action_from_json(action_to_json(a)) == a``. The grammar is in
:mod:`games.engine.maya.actions`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from games.engine.maya.actions import Action, Deal, Guess, Mix, Play, Played, Shuffle, Start
from games.engine.maya.cards import Card, Kind, parse_signed
from games.engine.maya.errors import NotationError
from games.engine.maya.tokens import parse_token
from games.engine.ruleset import gettext_noop

_STARTING_COUNT = gettext_noop("“%(word)s” is not a starting count")


def parse_action(text: str) -> Action:
    """Read one action written in Maya notation (case-insensitive).

    >>> parse_action("play temple then JOKER -2")
    Play(cards=(Played(card=Card(kind=<Kind.TEMPLE: 'temple'>, value=0), value=None), \
Played(card=Card(kind=<Kind.JOKER: 'joker'>, value=0), value=-2)))
    >>> str(parse_action("guess 2 7")), str(parse_action("start 3"))
    ('guess 2 7', 'start +3')
    """
    words = text.split()
    if not words:
        raise NotationError(gettext_noop("empty action: write `play +4` or `guess 2 7`"))
    verb, args = words[0].lower(), words[1:]
    parser = _PARSERS.get(verb)
    if parser is None:
        raise NotationError(
            gettext_noop("unknown action “%(word)s”: write `play +4` or `guess 2 7`"),
            word=words[0],
        )
    return parser(args)


def _parse_play(args: list[str]) -> Play:
    cards: list[Played] = []
    group: list[str] = []
    for word in [*args, "then"]:
        if word.lower() != "then":
            group.append(word)
            continue
        cards.append(_parse_played(group))
        group = []
    return Play(tuple(cards))


def _parse_played(words: list[str]) -> Played:
    if not words:
        raise NotationError(gettext_noop("name a card to play: `play +4`, `play joker -3`"))
    card = Card.parse(words[0])
    if card.kind is Kind.JOKER:
        if len(words) != 2:
            raise NotationError(gettext_noop("say what the Joker counts as: `play joker -3`"))
        joker = gettext_noop("“%(word)s” is not a Joker's value")
        return Played(card, parse_signed(words[1], joker))
    if len(words) != 1:
        raise NotationError(
            gettext_noop("“%(words)s”: one card at a time, joined by `then`"),
            words=" ".join(words),
        )
    return Played(card)


def _parse_guess(args: list[str]) -> Guess:
    if len(args) != 2:
        raise NotationError(gettext_noop("write `guess SEAT NUMBER`, e.g. `guess 2 7`"))
    if not (args[0].isascii() and args[0].isdigit()):
        raise NotationError(gettext_noop("“%(word)s” is not a seat"), word=args[0])
    return Guess(int(args[0]), parse_token(args[1]))


def _parse_start(args: list[str]) -> Start:
    if len(args) != 1:
        raise NotationError(gettext_noop("write `start COUNT`, e.g. `start -3`"))
    return Start(parse_signed(args[0], _STARTING_COUNT))


def _parse_deal(args: list[str]) -> Deal:
    start: int | None = None
    if len(args) >= 2 and args[-2].lower() == "start":
        start = parse_signed(args[-1], _STARTING_COUNT)
        args = args[:-2]
    return Deal(tuple(Card.parse(word) for word in args), start)


_PARSERS: dict[str, Callable[[list[str]], Action]] = {
    "play": _parse_play,
    "guess": _parse_guess,
    "start": _parse_start,
    "deal": _parse_deal,
    "mix": lambda args: Mix(tuple(parse_token(word) for word in args)),
    "shuffle": lambda args: Shuffle(tuple(Card.parse(word) for word in args)),
}


# JSON ------------------------------------------------------------------------------------


def action_to_json(action: Action) -> dict[str, Any]:
    """The JSON form the event store records; ``type`` names the action.

    >>> action_to_json(parse_action("play temple then joker -2"))
    {'type': 'play', 'cards': [{'card': 'temple'}, {'card': 'joker', 'as': -2}]}
    """
    match action:
        case Deal(order, start):
            data: dict[str, Any] = {"type": "deal", "order": [str(card) for card in order]}
            if start is not None:
                data["start"] = start
            return data
        case Start(count):
            return {"type": "start", "count": count}
        case Mix(order):
            return {"type": "mix", "order": list(order)}
        case Shuffle(order):
            return {"type": "shuffle", "order": [str(card) for card in order]}
        case Play(cards):
            return {"type": "play", "cards": [_played_to_json(played) for played in cards]}
        case Guess(target, number):
            return {"type": "guess", "target": target, "number": number}
    raise TypeError(f"not a Maya action: {action!r}")


def _played_to_json(played: Played) -> dict[str, Any]:
    if played.value is None:
        return {"card": str(played.card)}
    return {"card": str(played.card), "as": played.value}


def action_from_json(data: Mapping[str, Any]) -> Action:
    """Read the JSON form back; bad JSON (unknown keys too) raises :class:`NotationError`.

    >>> action_from_json({"type": "guess", "target": 2, "number": 7})
    Guess(target=2, number=7)
    """
    kind = data.get("type")
    required, optional = _FIELDS.get(str(kind), (set(), set()))
    if not required or not required <= set(data) <= required | optional:
        raise NotationError(gettext_noop("not a Maya action: %(data)s"), data=repr(dict(data)))
    try:
        return _FROM_JSON[str(kind)](data)
    except NotationError:
        raise
    except (KeyError, TypeError, ValueError, AttributeError) as error:
        raise NotationError(
            gettext_noop("not a Maya action: %(data)s (%(error)s)"),
            data=repr(dict(data)),
            error=error,
        ) from None


def _json_int(value: Any) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise NotationError(gettext_noop("%(value)s is not a number"), value=repr(value))
    return value


def _json_cards(names: Any) -> tuple[Card, ...]:
    if not isinstance(names, list):
        raise NotationError(gettext_noop("cards are a list of card names"))
    return tuple(Card.parse(str(name)) for name in names)


def _json_played(data: Any) -> Played:
    if not isinstance(data, dict) or not {"card"} <= set(data) <= {"card", "as"}:
        raise NotationError(
            gettext_noop("a played card is {'card': …, 'as'?: …}, not %(data)s"), data=repr(data)
        )
    card = Card.parse(str(data["card"]))
    value = data.get("as")
    if (card.kind is Kind.JOKER) != (value is not None):
        raise NotationError(
            gettext_noop("a Joker, and only a Joker, says what it counts as ('as')")
        )
    return Played(card, None if value is None else _json_int(value))


def _json_play(data: Mapping[str, Any]) -> Play:
    cards = data["cards"]
    if not isinstance(cards, list) or not cards:
        raise NotationError(gettext_noop("a play lays at least one card"))
    return Play(tuple(_json_played(played) for played in cards))


def _json_deal(data: Mapping[str, Any]) -> Deal:
    start = data.get("start")
    return Deal(_json_cards(data["order"]), None if start is None else _json_int(start))


#: Each type's required and optional keys.
_FIELDS: dict[str, tuple[set[str], set[str]]] = {
    "deal": ({"type", "order"}, {"start"}),
    "start": ({"type", "count"}, set()),
    "mix": ({"type", "order"}, set()),
    "shuffle": ({"type", "order"}, set()),
    "play": ({"type", "cards"}, set()),
    "guess": ({"type", "target", "number"}, set()),
}

_FROM_JSON: dict[str, Callable[[Mapping[str, Any]], Action]] = {
    "deal": _json_deal,
    "start": lambda d: Start(_json_int(d["count"])),
    "mix": lambda d: Mix(tuple(_json_int(token) for token in d["order"])),
    "shuffle": lambda d: Shuffle(_json_cards(d["order"])),
    "play": _json_play,
    "guess": lambda d: Guess(_json_int(d["target"]), _json_int(d["number"])),
}

_TYPE: dict[type, str] = {
    Deal: "deal",
    Start: "start",
    Mix: "mix",
    Shuffle: "shuffle",
    Play: "play",
    Guess: "guess",
}


def action_type(action: Action) -> str:
    """The action's type name, as in its JSON form (``play``, ``guess``, ``deal``…)."""
    return _TYPE[type(action)]
