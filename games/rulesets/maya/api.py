"""Maya's part of the API schema: its configuration, a seat's view and its actions' JSON
forms, as DRF serializers. The generic API (``games.api``) composes them with the other
games' under a discriminator: ``rules`` for views and new games, ``type`` for actions.

Seats are 0-based. Cards are written as in the notation: ``+1``…``+5``, ``-1``…``-5``,
``0``, ``joker``, ``skip``, ``reverse``, ``temple``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext_lazy
from rest_framework import serializers

from games.api.base import (
    Facts,
    GameEndedRecord,
    SeatViewBase,
    StrictSerializer,
    cards,
    dealt_order,
    discriminated,
    per_seat,
    record,
)
from games.engine.maya import EDITION, MayaConfig

PHASES = ["deal", "start", "mix", "play", "reshuffle", "game-over"]
HOW = ["maya.revealed", "maya.guessed", "maya.defended"]
DIRECTIONS = [1, -1]


def _cards(**kwargs: object) -> serializers.ListField:
    return serializers.ListField(child=serializers.CharField(), **kwargs)


def _numbers(**kwargs: object) -> serializers.ListField:
    return serializers.ListField(child=serializers.IntegerField(), **kwargs)


# Configuration ----------------------------------------------------------------------------


class MayaConfigSerializer(StrictSerializer):
    """A Maya game's options."""

    players = serializers.IntegerField(min_value=2, max_value=4)
    expert = serializers.BooleanField(
        default=False, help_text="The expert variant: a turn may guess an opponent's number."
    )
    edition = serializers.SerializerMethodField(
        help_text="The rules edition the game is played under, set by the server: the latest "
        f"({EDITION}) for a game opened now; 1 for games recorded before editions existed."
    )

    def get_edition(self, config: Mapping[str, Any]) -> int:
        """The edition the engine reads the stored configuration under."""
        return MayaConfig.from_json(config).edition

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        """A game opened now is of the engine's default edition, the latest; clients do not
        choose it (older editions only replay games recorded before)."""
        return MayaConfig(attrs["players"], attrs["expert"]).to_json()


# A seat's view ----------------------------------------------------------------------------


class MayaPendingSerializer(serializers.Serializer):
    """Maya lists every move: it never has a pending choice."""


class MayaWonSerializer(serializers.Serializer):
    number = serializers.IntegerField(
        allow_null=True, help_text="null: a face-down token of the expert variant, not yours."
    )
    how = serializers.ChoiceField(choices=HOW)


class MayaOwedSerializer(serializers.Serializer):
    seat = serializers.IntegerField()
    cards = serializers.IntegerField(help_text="Cards still to draw once chance reshuffles.")


class MayaScoreLineSerializer(serializers.Serializer):
    rule = serializers.ChoiceField(choices=HOW)
    points = serializers.IntegerField()


class MayaOutcomeSerializer(serializers.Serializer):
    scores = _numbers(help_text="Tokens won by each seat.")
    winners = _numbers()
    breakdown = serializers.ListField(child=MayaScoreLineSerializer(many=True))


class MayaViewSerializer(SeatViewBase):
    """A Maya game as one seat (or a spectator) may know it: the count, its own hand and
    secret number. Never another hand, another secret, the pile or the supply until the
    game is over."""

    config = MayaConfigSerializer()
    phase = serializers.ChoiceField(choices=PHASES)
    count = serializers.IntegerField(help_text="The count the cards add up to.")
    turn = serializers.IntegerField(help_text="The seat to play.")
    direction = serializers.ChoiceField(
        choices=DIRECTIONS, help_text="1: up the seats; -1: after a Reverse, down."
    )
    turns = serializers.IntegerField(help_text="Turns played so far.")
    awaiting = _numbers(help_text="The seats the game waits for (-1: chance).")
    hands = serializers.ListField(
        child=_cards(allow_null=True),
        help_text="Each seat's hand: only yours (all of them once the game is over).",
    )
    hand_sizes = _numbers()
    pile_size = serializers.IntegerField()
    pile = _cards(allow_null=True, help_text="The draw pile: null until the game is over.")
    discard = _cards(help_text="The discard pile, bottom first: its last card is on top.")
    secrets = serializers.ListField(
        child=serializers.IntegerField(allow_null=True),
        help_text="Each seat's secret number: only yours (all once the game is over).",
    )
    supply_size = serializers.IntegerField()
    supply = _numbers(allow_null=True, help_text="The token supply: null until the game is over.")
    won = serializers.ListField(
        child=MayaWonSerializer(many=True), help_text="Each seat's tokens, in the order won."
    )
    guessed = serializers.ListField(
        child=serializers.BooleanField(),
        help_text="Expert variant: whether each seat's current token was guessed at.",
    )
    left = serializers.ListField(
        child=serializers.IntegerField(allow_null=True),
        help_text="The count each seat announced at its last turn of cards.",
    )
    owed = MayaOwedSerializer(allow_null=True)
    winner = serializers.IntegerField(allow_null=True)
    outcome = MayaOutcomeSerializer(allow_null=True)


# Actions ------------------------------------------------------------------------------------


class _Action(StrictSerializer):
    """An action's JSON form; ``type`` is set by :func:`_action`."""


#: One card of a play; built with ``type`` because its key ``as`` is a Python keyword.
MayaPlayedSerializer = type(
    "MayaPlayedSerializer",
    (StrictSerializer,),
    {
        "__module__": __name__,
        "__doc__": "One card of a play, in the order played.",
        "card": serializers.CharField(
            help_text="`+4`, `-3`, `0`, `joker`, `skip`, `reverse`, `temple`."
        ),
        "as": serializers.IntegerField(
            required=False, help_text="A Joker only: what it counts as (-5…-1, 1…5)."
        ),
    },
)


def _action(type_name: str, doc: str, **fields: serializers.Field) -> type[serializers.Serializer]:
    name = "Maya" + type_name.title() + "Action"
    return discriminated(_Action, name, "type", type_name, doc, **fields)


#: Every action a player may send, by its ``type`` (chance's are the server's own).
ACTION_SERIALIZERS: dict[str, type[serializers.Serializer]] = {
    "play": _action(
        "play",
        "Play a card; a Temple of Zero may be followed in the same move by the next card "
        "(and, in a two-player game of the first rules edition, a Skip must be): `cards` in "
        "order, a Joker with `as`.",
        cards=MayaPlayedSerializer(many=True, allow_empty=False),
    ),
    "start": _action(
        "start",
        "The dealer, when the deal turned up a Joker: the count the game starts at.",
        count=serializers.IntegerField(min_value=-5, max_value=5),
    ),
    "guess": _action(
        "guess",
        "Expert variant: say that seat `target`'s secret number is `number`.",
        target=serializers.IntegerField(min_value=0),
        number=serializers.IntegerField(min_value=1, max_value=10),
    ),
}

# The event log ----------------------------------------------------------------------------


class MayaPlayedEffectsSerializer(StrictSerializer):
    """What a play did."""

    count = serializers.IntegerField(help_text="The count it announced.")
    skipped = serializers.IntegerField(required=False, help_text="The seat that lost its turn.")
    reversed = serializers.BooleanField(required=False, help_text="The direction turned.")
    revealed = serializers.IntegerField(
        required=False, help_text="The token the player matched and won."
    )


class MayaGuessedEffectsSerializer(StrictSerializer):
    """What a guess did."""

    right = serializers.BooleanField()
    token = serializers.IntegerField(
        required=False,
        allow_null=True,
        help_text="A wrong guess: the guesser's token its opponent won; null unless it is "
        "yours or you were guessed at.",
    )


#: Every event a Maya game records, as the event log serves its ``action``: chance's
#: orders stay hidden until the game is over.
EVENTS: dict[str, type[serializers.Serializer]] = {
    "deal": record(
        "MayaDealRecord",
        "deal",
        "Chance deals: five cards to each seat, the next turned up, the rest the pile.",
        **dealt_order("deal"),
        start=serializers.IntegerField(
            required=False,
            help_text="First edition: the count a Joker turned up names (chance chose it).",
        ),
    ),
    "mix": record(
        "MayaMixRecord",
        "mix",
        "Chance mixes the tokens: each seat draws its secret number.",
        **dealt_order("mix", "tokens", serializers.IntegerField()),
    ),
    "shuffle": record(
        "MayaShuffleRecord",
        "shuffle",
        "Chance shuffles the discard into a new pile.",
        **dealt_order("shuffle"),
    ),
    "start": record(
        "MayaStartRecord", "start", "The dealer names the count.", like=ACTION_SERIALIZERS["start"]
    ),
    "play": record(
        "MayaPlayRecord",
        "play",
        "A player plays.",
        like=ACTION_SERIALIZERS["play"],
        effects=MayaPlayedEffectsSerializer(),
    ),
    "guess": record(
        "MayaGuessRecord",
        "guess",
        "A player guesses an opponent's number.",
        like=ACTION_SERIALIZERS["guess"],
        effects=MayaGuessedEffectsSerializer(),
    ),
    "game-ended": GameEndedRecord,
}


class MayaStartFactsSerializer(StrictSerializer):
    card = serializers.CharField(help_text="The card turned up.")
    count = serializers.IntegerField(
        allow_null=True, help_text="The count it starts; null: a Joker the dealer names."
    )


def _tokens(**kwargs: Any) -> serializers.DictField:
    return per_seat(
        serializers.IntegerField(allow_null=True), help_text="The secret numbers drawn.", **kwargs
    )


def _from_pile(**kwargs: Any) -> serializers.DictField:
    return per_seat(cards(nullable=True), help_text="The cards drawn from the pile.", **kwargs)


class MayaDealFactsSerializer(StrictSerializer):
    """What chance dealt: each seat's hand (another seat's cards null) and the card turned
    up."""

    dealt = per_seat(cards(nullable=True), help_text="Each seat's hand dealt.")
    start = MayaStartFactsSerializer()


class MayaTokensFactsSerializer(StrictSerializer):
    """The secret numbers drawn (another seat's null)."""

    tokens = _tokens()


class MayaShuffleFactsSerializer(StrictSerializer):
    """The cards the seat that found the pile empty drew from the new one (null to
    others)."""

    from_pile = _from_pile()


class MayaFactsSerializer(StrictSerializer):
    """What a play drew: cards from the pile and, for a token revealed, a new secret number
    (another seat's null), each left out when it drew none."""

    from_pile = _from_pile(required=False)
    tokens = _tokens(required=False)


#: What chance decides, by event type: the deal, the mix of tokens and the reshuffle
#: always; a play the cards and the token it draws, if any (the pile may be out, and a
#: token is drawn only for one revealed); a guess the new number of whoever lost a token,
#: while the supply lasts. The dealer's start draws nothing.
FACTS = {
    "deal": Facts(MayaDealFactsSerializer),
    "mix": Facts(MayaTokensFactsSerializer),
    "shuffle": Facts(MayaShuffleFactsSerializer),
    "play": Facts(MayaFactsSerializer, optional=True),
    "guess": Facts(MayaTokensFactsSerializer, optional=True),
}
#: Chance's moves.
CHANCE_MOVES = frozenset({"deal", "mix", "shuffle"})

NOTATION_HELP = gettext_lazy(
    "A move is written in Maya notation (`play +4`, `play joker -3`, `play temple then -2`, "
    "`guess 2 7`, `start -3`)."
)

#: The names of its enums in the schema.
ENUMS: dict[str, list[Any]] = {
    "MayaPhaseEnum": PHASES,
    "MayaHowEnum": HOW,
    "MayaDirectionEnum": [(direction, direction) for direction in DIRECTIONS],
}
