"""Objectifs' part of the API schema: its configuration, a seat's view and its actions' JSON
forms, as DRF serializers. The generic API (``games.api``) composes them with the other
games' under a discriminator: ``rules`` for views and new games, ``type`` for actions.

Seats are 0-based. Cards are written as in the notation: ``-2`` … ``13``, ``infinity``,
``joker``, ``num-x``, ``echange``, ``malus+1/+1``, ``malus+2/+1``, ``malus+1/+2``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from django.utils.translation import gettext_lazy
from drf_spectacular.utils import PolymorphicProxySerializer, extend_schema_field
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
    refuse,
)
from games.descriptions import refused_options_in_words
from games.engine.objectifs import ConfigError, ObjectifsConfig, Objective

PHASES = ["deal", "setup", "play", "replace", "game-over"]
ENDS = ["out", "shed", "stalemate"]
OBJECTIVES = [objective.value for objective in Objective]
DIRECTIONS = ["right", "left"]


def _cards(**kwargs: Any) -> serializers.ListField:
    return serializers.ListField(child=serializers.CharField(), **kwargs)


def _numbers(**kwargs: Any) -> serializers.ListField:
    return serializers.ListField(child=serializers.IntegerField(), **kwargs)


# Configuration ----------------------------------------------------------------------------


class ObjectifsConfigSerializer(StrictSerializer):
    """An Objectifs game's options."""

    players = serializers.IntegerField(min_value=2, max_value=6)
    objectives = serializers.BooleanField(
        default=True,
        help_text="The Objective cards (the rule book's strategic option): each player draws "
        "a secret objective every round.",
    )
    infinity_four = serializers.BooleanField(
        default=False, help_text="Infini 4: four Infinities laid end the trick at once."
    )

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        try:
            return ObjectifsConfig.from_json(attrs).to_json()
        except ConfigError as error:
            raise serializers.ValidationError(refused_options_in_words(error)) from None


# A seat's view ----------------------------------------------------------------------------


class ObjectifsPendingSerializer(serializers.Serializer):
    """Objectifs lists every move: it never has a pending choice."""


class ObjectifsPliSerializer(serializers.Serializer):
    seat = serializers.IntegerField(help_text="Who laid it.")
    cards = _cards()
    value = serializers.CharField(
        allow_null=True, help_text="Its value (`-2` … `13`, `infinity`); null for Num-X."
    )
    fused = serializers.BooleanField(help_text="Cards of its own value joined it (Fusion X).")
    out_of_turn = serializers.BooleanField(help_text="Laid out of turn: a Facteur X.")


class ObjectifsLastTrickSerializer(serializers.Serializer):
    winner = serializers.IntegerField(help_text="Who laid its last pli, and started the next.")
    plis = ObjectifsPliSerializer(many=True)


class ObjectifsEndingSerializer(serializers.Serializer):
    end = serializers.ChoiceField(choices=ENDS)
    seat = serializers.IntegerField(help_text="Who ended the round; -1: nobody (a stalemate).")


class ObjectifsSeatScoreSerializer(serializers.Serializer):
    malus_cards = _cards(help_text="The malus cards in front of the seat as the round ended.")
    hand = _cards(help_text="The cards left in its hand.")
    objective = serializers.ChoiceField(choices=OBJECTIVES, allow_null=True)
    achieved = serializers.BooleanField()
    malus = serializers.IntegerField(help_text="Minus the malus cards' points.")
    hand_points = serializers.IntegerField(help_text="-2 per classic card left in hand.")
    bonus = serializers.IntegerField(help_text="The objective's bonus, if achieved.")
    total = serializers.IntegerField()


class ObjectifsResultSerializer(serializers.Serializer):
    """A scored round, shown whole: hands left and objectives included."""

    round = serializers.IntegerField()
    end = serializers.ChoiceField(choices=ENDS)
    seat = serializers.IntegerField(help_text="Who ended it; -1: nobody.")
    first_out = serializers.IntegerField(help_text="The first seat whose hand ran out; -1.")
    seats = ObjectifsSeatScoreSerializer(many=True)


class ObjectifsScoreLineSerializer(serializers.Serializer):
    rule = serializers.CharField(help_text="`round-N.malus`, `round-N.hand`, `round-N.objective`.")
    points = serializers.IntegerField()


class ObjectifsOutcomeSerializer(serializers.Serializer):
    scores = _numbers(help_text="Each seat's total over the five rounds.")
    winners = _numbers()
    breakdown = serializers.ListField(child=ObjectifsScoreLineSerializer(many=True))


class ObjectifsViewSerializer(SeatViewBase):
    """An Objectifs game as one seat (or a spectator) may know it: every malus card (face
    up), its own hand, objective and set-up choice. Never another hand or objective before
    the round is scored, nor the draw pile, until the game is over."""

    config = ObjectifsConfigSerializer()
    phase = serializers.ChoiceField(choices=PHASES)
    round = serializers.IntegerField(help_text="The round being played, 1 to 5.")
    rounds = serializers.IntegerField(help_text="Rounds in a game: 5.")
    tricks = serializers.IntegerField(help_text="Tricks finished in this round.")
    turn = serializers.IntegerField(help_text="The seat whose turn it is; -1: nobody's.")
    awaiting = _numbers(help_text="The seats the game waits for (-1: chance).")
    hands = serializers.ListField(
        child=_cards(allow_null=True),
        help_text="Each seat's hand: only yours (all of them once the game is over).",
    )
    hand_sizes = _numbers()
    rows = serializers.ListField(
        child=_cards(), help_text="Each seat's malus cards, face up: anyone may use them."
    )
    pile_size = serializers.IntegerField()
    pile = _cards(allow_null=True, help_text="The draw pile: null until the game is over.")
    discard = _cards()
    plis = ObjectifsPliSerializer(many=True, help_text="The trick's plis, the top one last.")
    owner = serializers.IntegerField(help_text="Who laid the pli on top; -1: nobody.")
    last_trick = ObjectifsLastTrickSerializer(allow_null=True)
    objectives = serializers.ListField(
        child=serializers.ChoiceField(choices=OBJECTIVES, allow_null=True),
        help_text="Each seat's objective this round: only yours until the round is scored.",
    )
    objective_pile = serializers.ListField(
        child=serializers.ChoiceField(choices=OBJECTIVES),
        allow_null=True,
        help_text="The Objective cards nobody drew: null until the game is over.",
    )
    laid = serializers.ListField(
        child=serializers.BooleanField(),
        help_text="At the set-up, whether each seat has chosen its two malus cards.",
    )
    lays = serializers.ListField(
        child=_cards(allow_null=True),
        help_text="At the set-up, your own choice (the others' are null until all are in).",
    )
    due = _numbers(help_text="After a trick, the malus cards each seat must still put down.")
    first_out = serializers.IntegerField(help_text="The first seat whose hand ran out; -1.")
    ending = ObjectifsEndingSerializer(
        allow_null=True, help_text="The round is over, waiting for the last completions."
    )
    results = ObjectifsResultSerializer(many=True, help_text="Every round scored so far.")
    totals = _numbers(help_text="Each seat's score over the rounds scored so far.")
    outcome = ObjectifsOutcomeSerializer(allow_null=True)


# Actions ------------------------------------------------------------------------------------


@extend_schema_field(
    {"oneOf": [{"type": "integer", "minimum": 0}, {"type": "string", "enum": ["all"]}]}
)
class TargetField(serializers.Field):
    """A seat (0-based) or ``all``."""

    default_error_messages: ClassVar[dict[str, Any]] = {
        "invalid": gettext_lazy("A seat number or all.")
    }

    def to_internal_value(self, data: Any) -> int | str:
        if data == "all" or (type(data) is int and data >= 0):
            return data
        refuse(self, "invalid")

    def to_representation(self, value: Any) -> Any:
        return value


class _Action(StrictSerializer):
    """An action's JSON form; ``type`` is set by :func:`_action`."""


def _action(type_name: str, doc: str, **fields: serializers.Field) -> type[serializers.Serializer]:
    name = "Objectifs" + type_name.title() + "Action"
    return discriminated(_Action, name, "type", type_name, doc, **fields)


def _from(help_text: str) -> dict[str, serializers.Field]:
    """The ``from`` key (a Python keyword): the seat whose malus card is played."""
    return {"from": serializers.IntegerField(min_value=0, required=False, help_text=help_text)}


_CARD_ACTIONS = {
    "echange": _action(
        "echange",
        "Echange: swap malus cards with seat `target`, or turn every player's (`target` "
        "`all`) to the `direction` side.",
        target=TargetField(),
        direction=serializers.ChoiceField(choices=DIRECTIONS, required=False),
        **_from("The Echange lying among that seat's malus cards; left out: from your hand."),
    ),
    "malus": _action(
        "malus",
        "Malus +: seat `target`, or `all` (you too), draws the card's numbers of cards into "
        "the hand and onto the malus cards.",
        card=serializers.CharField(help_text="`malus+1/+1`, `malus+2/+1` or `malus+1/+2`."),
        target=TargetField(),
        **_from("The Malus + lying among that seat's malus cards; left out: from your hand."),
    ),
}


@extend_schema_field(
    PolymorphicProxySerializer(
        component_name="ObjectifsCardAction",
        serializers=_CARD_ACTIONS,
        resource_type_field_name="type",
    )
)
class CardActionField(serializers.Field):
    """The Echange or Malus + played with a pli, checked against its own serializer."""

    default_error_messages: ClassVar[dict[str, Any]] = {
        "invalid": gettext_lazy("An Echange's or a Malus +'s JSON form.")
    }

    def to_internal_value(self, data: Any) -> Any:
        kind = data.get("type") if isinstance(data, dict) else None
        if not isinstance(kind, str) or kind not in _CARD_ACTIONS:
            refuse(self, "invalid")
        _CARD_ACTIONS[kind](data=data).is_valid(raise_exception=True)
        return data

    def to_representation(self, value: Any) -> Any:
        return value


class ObjectifsRowCardSerializer(StrictSerializer):
    seat = serializers.IntegerField(min_value=0, help_text="Whose malus card.")
    card = serializers.CharField()


#: Every action a player may send, by its ``type`` (chance's ``deal`` is the server's own).
ACTION_SERIALIZERS: Mapping[str, type[serializers.Serializer]] = {
    "lay": _action(
        "lay",
        "The set-up: the two cards of your hand you lay face up as malus cards.",
        cards=_cards(),
    ),
    "play": _action(
        "play",
        "Lay a pli: `cards` from your hand, `rows` malus cards from the table, `as` the value "
        "X-Jokers laid without a classic card name, `action` an Echange or a Malus + played "
        "with it (on your turn only).",
        cards=_cards(),
        rows=ObjectifsRowCardSerializer(many=True, required=False),
        **{"as": serializers.CharField(required=False, help_text="`-2` … `13` or `infinity`.")},
        action=CardActionField(required=False, allow_null=True),
    ),
    **_CARD_ACTIONS,
    "draw": _action(
        "draw",
        "Draw the pile's top card; or, with `card` and `from`, that malus card of that seat "
        "(never one of yours).",
        card=serializers.CharField(required=False),
        **_from("The seat whose malus card you draw."),
    ),
    "pass": _action("pass", "Pass."),
    "replace": _action(
        "replace",
        "At the end of a trick, complete your malus cards: `cards` from your hand, `draws` "
        "from the pile, face up.",
        cards=_cards(),
        draws=serializers.IntegerField(min_value=0, required=False),
    ),
}

# The event log ----------------------------------------------------------------------------


@extend_schema_field(
    {
        "oneOf": [
            {"type": "array", "items": {"type": "string"}},
            {"type": "integer", "minimum": 0},
        ]
    }
)
class DealtObjectivesField(serializers.JSONField):
    """The objective cards dealt, in order, or how many while the game runs."""


class ObjectifsEffectsSerializer(StrictSerializer):
    """What a move visibly did, each only when it did."""

    round = serializers.IntegerField(
        required=False, help_text="A set-up choice: its round (its cards stay secret)."
    )
    fused = serializers.BooleanField(required=False, help_text="It joined the pli below.")
    facteur_x = serializers.BooleanField(required=False, help_text="Laid out of turn.")
    trick_won_by = serializers.IntegerField(required=False, help_text="It ended the trick.")
    round_end = serializers.ChoiceField(
        choices=ENDS, required=False, help_text="It ended the round."
    )


def _played(type_name: str, **kwargs: object) -> type[serializers.Serializer]:
    """A player's action as recorded, with what it visibly did."""
    return record(
        f"Objectifs{type_name.title()}Record",
        type_name,
        str(ACTION_SERIALIZERS[type_name].__doc__),
        like=ACTION_SERIALIZERS[type_name],
        effects=ObjectifsEffectsSerializer(required=False),
        **kwargs,  # type: ignore[arg-type]
    )


#: Every event an Objectifs game records, as the event log serves its ``action``: chance's
#: order and another seat's set-up choice stay hidden.
EVENTS: dict[str, type[serializers.Serializer]] = {
    "deal": record(
        "ObjectifsDealRecord",
        "deal",
        "Chance deals the round's hands (and objectives).",
        **dealt_order("deal"),
        objectives=DealtObjectivesField(
            required=False,
            help_text="The objective cards dealt, in order; while the game runs, how many.",
        ),
    ),
    "lay": _played("lay", hidden=("cards",)),
    **{kind: _played(kind) for kind in ("play", "echange", "malus", "draw", "pass", "replace")},
    "round-ended": record(
        "ObjectifsRoundEndedRecord",
        None,
        "A round was scored.",
        round=serializers.IntegerField(),
        end=serializers.ChoiceField(choices=ENDS),
        seat=serializers.IntegerField(help_text="Who ended it; -1: nobody."),
        first_out=serializers.IntegerField(help_text="The first seat whose hand ran out; -1."),
        objectives=serializers.ListField(
            child=serializers.ChoiceField(choices=OBJECTIVES, allow_null=True),
            help_text="Each seat's objective; null: none.",
        ),
        achieved=serializers.ListField(child=serializers.BooleanField()),
        scores=serializers.ListField(
            child=serializers.IntegerField(), help_text="Each seat's score for the round."
        ),
    ),
    "game-ended": GameEndedRecord,
}


def _from_pile(**kwargs: Any) -> serializers.DictField:
    return per_seat(cards(nullable=True), help_text="Cards drawn to hands.", **kwargs)


def _to_rows(**kwargs: Any) -> serializers.DictField:
    return per_seat(cards(), help_text="Cards drawn onto malus cards.", **kwargs)


class ObjectifsDealFactsSerializer(StrictSerializer):
    """What chance dealt: the round, each seat's hand and, in a game played with them,
    objective; by seat, what another seat was dealt is null."""

    round = serializers.IntegerField(help_text="The round dealt.")
    dealt = per_seat(cards(nullable=True), help_text="Each seat's hand.")
    objectives = per_seat(
        serializers.CharField(allow_null=True),
        required=False,
        help_text="Each seat's objective; another's null while the round is played. Left "
        "out in a game played without objectives.",
    )


class ObjectifsDrawFactsSerializer(StrictSerializer):
    """The card a draw took from the pile (another seat's null)."""

    from_pile = _from_pile()


class ObjectifsReplaceFactsSerializer(StrictSerializer):
    """The cards drawn from the pile to complete the malus cards."""

    to_rows = _to_rows()


class ObjectifsFactsSerializer(StrictSerializer):
    """What a Malus + drew from the pile, into hands (another seat's null) or onto malus
    cards, each left out when it drew none there."""

    from_pile = _from_pile(required=False)
    to_rows = _to_rows(required=False)


#: What chance decides, by event type: every deal; a draw from the pile (not from a malus
#: card), a completion of malus cards that draws, and a Malus + (played alone or in a pli)
#: that draws while the pile lasts. A lay, a pass and an Echange draw nothing.
FACTS = {
    "deal": Facts(ObjectifsDealFactsSerializer),
    "draw": Facts(ObjectifsDrawFactsSerializer, optional=True),
    "replace": Facts(ObjectifsReplaceFactsSerializer, optional=True),
    "play": Facts(ObjectifsFactsSerializer, optional=True),
    "malus": Facts(ObjectifsFactsSerializer, optional=True),
}
#: Chance's moves.
CHANCE_MOVES = frozenset({"deal"})

NOTATION_HELP = gettext_lazy(
    "A move is written in Objectifs notation (`lay 3 12`, `play 7 7@2`, `play joker as 9 + "
    "echange all right`, `malus+2/+1 1`, `draw`, `draw 7@1`, `pass`, `replace 3 draw`)."
)

#: The names of its enums in the schema.
ENUMS = {
    "ObjectifsPhaseEnum": PHASES,
    "ObjectifsEndEnum": ENDS,
    "ObjectifsObjectiveEnum": OBJECTIVES,
}
