"""NMBR 9's part of the API schema: its configuration, a seat's view and its action's JSON
form, as DRF serializers. The generic API (``games.api``) composes them with the other
games' under a discriminator: ``rules`` for views and new games, ``type`` for actions.

Seats are 0-based. Each stack has its own grid: ``x`` grows to the right, ``y`` downwards;
a tile is placed by the top-left corner of its turned box and a clockwise turn.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy
from rest_framework import serializers

from games.api.base import (
    Facts,
    GameEndedRecord,
    SeatViewBase,
    StrictSerializer,
    dealt_order,
    discriminated,
    record,
)
from games.engine.nmbr9 import TURNS
from games.engine.nmbr9.state import MAX_PLAYERS, MIN_PLAYERS

PHASES = ["shuffle", "place", "game-over"]


def _numbers(**kwargs: object) -> serializers.ListField:
    return serializers.ListField(child=serializers.IntegerField(), **kwargs)


def _rows(**kwargs: object) -> serializers.ListField:
    return serializers.ListField(
        child=serializers.ListField(child=serializers.CharField()), **kwargs
    )


# Configuration ----------------------------------------------------------------------------


class Nmbr9ConfigSerializer(StrictSerializer):
    """An NMBR 9 game's options: its players (1, the solo game, to 4)."""

    players = serializers.IntegerField(min_value=MIN_PLAYERS, max_value=MAX_PLAYERS)


# A seat's view ----------------------------------------------------------------------------


class Nmbr9PendingSerializer(serializers.Serializer):
    """The card to place: too many placements to list (every square, four turns), so the
    choice is given as the card and the notation to write it in."""

    card = serializers.IntegerField(help_text="The digit of the card turned up: the tile.")
    notation = serializers.CharField(help_text="How to write the placement.")
    first = serializers.BooleanField(help_text="Your first tile: it goes at 0,0.")
    footprints = serializers.DictField(
        child=serializers.ListField(
            child=serializers.ListField(
                child=serializers.IntegerField(min_value=0), min_length=2, max_length=2
            )
        ),
        help_text="The tile's squares at each turn (keys `0`, `90`, `180`, `270`), as `[x, y]` "
        "offsets from the top-left corner of its turned box, which the placement's X,Y names.",
    )


class Nmbr9TileSerializer(serializers.Serializer):
    digit = serializers.IntegerField()
    x = serializers.IntegerField(help_text="The column of its turned box's top-left corner.")
    y = serializers.IntegerField(help_text="The row of its turned box's top-left corner.")
    turn = serializers.ChoiceField(choices=list(TURNS), help_text="Clockwise, in degrees.")
    level = serializers.IntegerField(help_text="0: on the table.")
    points = serializers.IntegerField(help_text="Its digit times its level.")


class Nmbr9ScoreLineSerializer(serializers.Serializer):
    rule = serializers.CharField(help_text="`nmbr9.level-N`: the tiles of level N.")
    points = serializers.IntegerField()


class Nmbr9OutcomeSerializer(serializers.Serializer):
    scores = _numbers()
    winners = _numbers()
    breakdown = serializers.ListField(child=Nmbr9ScoreLineSerializer(many=True))


class Nmbr9ViewSerializer(SeatViewBase):
    """An NMBR 9 game as one seat (or a spectator) may know it: every stack as revealed,
    the seat's own tile of the card being placed, never another seat's before every seat
    has placed it, never the order of the cards face down until the game is over."""

    config = Nmbr9ConfigSerializer()
    phase = serializers.ChoiceField(choices=PHASES)
    card = serializers.IntegerField(
        allow_null=True, help_text="The digit of the card being placed (null before the shuffle)."
    )
    turned = _numbers(help_text="The cards turned up so far, in order; the last is being placed.")
    cards_left = serializers.IntegerField(help_text="Cards still face down.")
    deck = _numbers(allow_null=True, help_text="Every card in order: null until the game is over.")
    awaiting = _numbers(help_text="The seats the game waits for (-1: chance).")
    placed = serializers.ListField(
        child=serializers.BooleanField(), help_text="Whether each seat has placed this card."
    )
    stacks = serializers.ListField(
        child=Nmbr9TileSerializer(many=True),
        help_text="Each seat's tiles, in the order placed; another seat's tile of the current "
        "card only once every seat has placed it.",
    )
    drawings = _rows(help_text="Each stack from above, a row of text per grid row: digits.")
    heights = _rows(help_text="Each stack from above, a row per grid row: levels.")
    scores = _numbers(help_text="Each stack's points so far, as shown.")
    supply = serializers.DictField(
        child=serializers.IntegerField(), help_text="Tiles of each digit left in the box."
    )
    pending = Nmbr9PendingSerializer(required=False)
    outcome = Nmbr9OutcomeSerializer(allow_null=True)


# Actions ------------------------------------------------------------------------------------


class _Action(StrictSerializer):
    """An action's JSON form; ``type`` is set by :func:`discriminated`."""


#: Every action a player may send, by its ``type`` (chance's shuffle is the server's own).
ACTION_SERIALIZERS: dict[str, type[serializers.Serializer]] = {
    "place": discriminated(
        _Action,
        "Nmbr9PlaceAction",
        "type",
        "place",
        "Place the tile of the card turned up: the top-left corner of its turned box at "
        "`x`, `y` (`x` to the right, `y` downwards), turned clockwise by `turn`; the level "
        "is where it lands.",
        digit=serializers.IntegerField(min_value=0, max_value=9),
        x=serializers.IntegerField(),
        y=serializers.IntegerField(),
        turn=serializers.ChoiceField(choices=list(TURNS)),
    ),
}


class Nmbr9OutlookSerializer(serializers.Serializer):
    """What a legal placement would do: where its tile would lie, as the table's preview
    shows it before it is placed."""

    level = serializers.IntegerField(help_text="The level it would lie at; 0: on the table.")
    points = serializers.IntegerField(help_text="What it would score: its digit times its level.")
    verdict = serializers.CharField(help_text="The same, in words.")


# The event log ----------------------------------------------------------------------------


class Nmbr9PlacedSerializer(StrictSerializer):
    """What a placement did: the card it placed, and the level its tile landed on."""

    card = serializers.IntegerField(
        help_text="The number of the card turned up (0 the first), whose tile this is."
    )
    level = serializers.IntegerField(
        required=False,
        help_text="0: on the table. Left out while another player's placement is hidden "
        "from you (until the next card turns up).",
    )


#: Every event an NMBR 9 game records, as the event log serves its ``action``: another
#: player's placement shows only its tile until the next card turns up.
EVENTS: dict[str, type[serializers.Serializer]] = {
    "shuffle": record(
        "Nmbr9ShuffleRecord",
        "shuffle",
        "Chance shuffles the twenty cards (each a digit).",
        **dealt_order("shuffle", child=serializers.IntegerField(min_value=0, max_value=9)),
    ),
    "place": record(
        "Nmbr9PlaceRecord",
        "place",
        "A player places the tile of the card turned up.",
        like=ACTION_SERIALIZERS["place"],
        hidden=("x", "y", "turn"),
        effects=Nmbr9PlacedSerializer(),
    ),
    "game-ended": GameEndedRecord,
}


class Nmbr9FactsSerializer(StrictSerializer):
    """What chance decided during an action: the card that turned up after it."""

    card = serializers.IntegerField(help_text="The digit of the card that turned up after it.")


#: What chance decides, by event type: the shuffle turns up the first card, and the
#: placement that completes a card the next (not the game's last).
FACTS = {
    "shuffle": Facts(Nmbr9FactsSerializer),
    "place": Facts(Nmbr9FactsSerializer, optional=True),
}
#: Chance's moves.
CHANCE_MOVES = frozenset({"shuffle"})

NOTATION_HELP = gettext_lazy(
    "A move is written in NMBR 9 notation (`place 7 at 3,-2 turn 90`: the tile, the "
    "top-left corner of its turned box, the clockwise turn)."
)

#: The names of its enums in the schema.
ENUMS: dict[str, list[Any]] = {
    "Nmbr9PhaseEnum": PHASES,
    "Nmbr9TurnEnum": [(turn, turn) for turn in TURNS],
}
