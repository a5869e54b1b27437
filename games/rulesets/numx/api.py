"""NUM-X's part of the API schema: its configuration, a seat's view and its actions' JSON
forms, as DRF serializers. The generic API (``games.api``) composes them with the other
games' under a discriminator: ``rules`` for views and new games, ``type`` for actions.

Positions in score rows and seats are 0-based (0 = the leftmost card, the first seat).
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
from games.engine.numx import (
    CHOOSABLE_SCORING,
    EDITION,
    FIRST_EDITION,
    ConfigError,
    GameConfig,
    TripleRule,
)

MODES = ["speed-run", "x-game", "family"]
PHASES = [
    "deal",
    "opening-pick",
    "play",
    "distribution",
    "reshuffle",
    "between-rounds",
    "game-over",
]
SIDES = ["left", "right"]
PENDING_KINDS = ["drawn-card", "malus", "distribution"]
TERMINATIONS = ["last-card", "stalemate"]
TRIPLE_RULES = [rule.value for rule in TripleRule]
FAMILY_SCORING = [rule.value for rule in CHOOSABLE_SCORING]


def _cards(**kwargs: Any) -> serializers.ListField:
    return serializers.ListField(child=serializers.CharField(), **kwargs)


def _seats(**kwargs: Any) -> serializers.ListField:
    return serializers.ListField(child=serializers.IntegerField(), **kwargs)


def _position(**kwargs: Any) -> serializers.IntegerField:
    return serializers.IntegerField(min_value=0, **kwargs)


# Configuration ----------------------------------------------------------------------------


class NumxConfigSerializer(StrictSerializer):
    """A NUM-X game's options. A stored configuration may leave out what the rules default:
    it is shown in full, but for the table options (``triple_rule``, ``infinity_on_infinity``,
    ``family_scoring``, ``round_two_pick``, ``malus_values``), shown only when the table
    chose one, as the game's own view shows them."""

    players = serializers.IntegerField(min_value=2, max_value=6)
    mode = serializers.ChoiceField(choices=MODES, default="speed-run")
    teams = serializers.BooleanField(default=False, help_text="4 or 6 players only.")
    triple_rule = serializers.ChoiceField(
        choices=TRIPLE_RULES,
        required=False,
        help_text="Which plis of three cards must hold a Rainbow or a Shadow: a trick's "
        "opening pli only (the rule book's reading, and what a configuration without it "
        "plays) or every pli.",
    )
    infinity_on_infinity = serializers.BooleanField(
        required=False,
        help_text="Whether an Infinity may cut an Infinity; left out, it may not (the rule "
        "book's reading): only Num-X goes on an Infinity.",
    )
    family_scoring = serializers.ListField(
        child=serializers.ChoiceField(choices=FAMILY_SCORING),
        required=False,
        help_text="Family games only: the scoring rules that apply, the other cards counting "
        "their face value; left out, Family's own (x-trem, combination, pair).",
    )
    round_two_pick = serializers.BooleanField(
        required=False,
        help_text="X-Game only: every player picks a score card again at round 2's start; "
        "left out, round 2 starts at once (the rule book's reading).",
    )
    malus_values = serializers.ListField(
        child=serializers.ListField(
            child=serializers.IntegerField(min_value=-3, max_value=3), min_length=2, max_length=2
        ),
        min_length=5,
        max_length=5,
        required=False,
        help_text="Speed Run and X-Game only: the five Malus cards as [hand X, score Y], each "
        "number from -3 to +3 and not both 0 (a card is then named `malus+X/+Y`); left out, "
        "the house five: [[2, -1], [1, -2], [3, 0], [-1, 1], [-2, 2]].",
    )
    edition = serializers.SerializerMethodField(
        help_text="The rules edition the game is played under, set by the server: the latest "
        f"({EDITION}) for a game opened now; 1 for games recorded before editions existed."
    )

    def get_edition(self, config: Mapping[str, Any]) -> int:
        """A stored configuration without an edition is a first-edition game."""
        edition = config.get("edition", FIRST_EDITION)
        assert isinstance(edition, int)
        return edition

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        """A game opened now is played under the latest rules edition; clients do not
        choose it (older editions only replay games recorded before). The engine checks the
        options together, and a table option is stored only when it is not the default."""
        try:
            return GameConfig.from_json({**attrs, "edition": EDITION}).to_json()
        except ConfigError as error:
            raise serializers.ValidationError(refused_options_in_words(error)) from None


# A seat's view ----------------------------------------------------------------------------


class NumxRowCardSerializer(serializers.Serializer):
    card = serializers.CharField(
        allow_null=True, help_text="null: a face-down card this seat does not know."
    )
    face_up = serializers.BooleanField()


class NumxPliSerializer(serializers.Serializer):
    seat = serializers.IntegerField()
    cards = _cards()
    value = serializers.IntegerField(allow_null=True)
    completed_by = serializers.IntegerField(help_text="-1: not completed.")
    eligible = serializers.BooleanField(
        help_text="It holds a Rainbow or a Shadow: its numbered cards are the trick's score cards."
    )


class NumxHandedSerializer(serializers.Serializer):
    seat = serializers.IntegerField(help_text="Who received it.")
    card = serializers.CharField(
        allow_null=True, help_text="null: handed out face down, and this seat does not know it."
    )
    face_up = serializers.BooleanField()


class NumxLastTrickSerializer(serializers.Serializer):
    """The trick finished last, as it ended: kept until the next one ends."""

    round = serializers.IntegerField(
        help_text="The round it was played in: at the start of an X-Game's round 2, round 1's "
        "last trick is still the last one."
    )
    number = serializers.IntegerField(help_text="Its number within its round, from 1.")
    winner = serializers.IntegerField(help_text="Who won it.")
    plis = NumxPliSerializer(many=True)
    handed = NumxHandedSerializer(
        many=True, help_text="The score cards its winner handed out, in the order given."
    )


class NumxPendingSerializer(serializers.Serializer):
    """What the game waits for beyond a plain turn: a drawn card to play or keep, a Malus
    to answer (with `resolve`), cards to hand out (with `distribute`). The detail fields
    depend on `kind`."""

    kind = serializers.ChoiceField(choices=PENDING_KINDS)
    seats = _seats(help_text="The seats that must decide.")
    cards = _cards(
        allow_null=True,
        help_text="The drawn card (to the drawer), the cards a Malus drew into your score row "
        "(to its target: one `place` slot each), the cards to hand out (public); null for "
        "others.",
    )
    actor = serializers.IntegerField(required=False, help_text="malus: who played it.")
    discard = serializers.IntegerField(
        required=False, help_text="malus (your task): how many hand cards to discard."
    )
    remove = serializers.IntegerField(
        required=False,
        help_text="malus (your task): how many score cards to remove (by 0-based position).",
    )
    blank = serializers.BooleanField(
        required=False, help_text="distribution: a blank trick, exactly one card is handed out."
    )
    minimum = serializers.IntegerField(
        required=False, help_text="distribution: the fewest cards to hand out."
    )
    cap = serializers.IntegerField(
        required=False, help_text="distribution: the most cards one seat may receive."
    )
    round_over = serializers.BooleanField(required=False)


class NumxRoundEndSerializer(serializers.Serializer):
    round = serializers.IntegerField()
    termination = serializers.ChoiceField(choices=TERMINATIONS)
    seat = serializers.IntegerField(help_text="Who laid their last card; -1 on a stalemate.")


class NumxScoreLineSerializer(serializers.Serializer):
    rule = serializers.CharField()
    cards = _cards()
    points = serializers.IntegerField()


class NumxScoreSheetSerializer(serializers.Serializer):
    total = serializers.IntegerField()
    xtrems = serializers.IntegerField()
    lines = NumxScoreLineSerializer(many=True)


class NumxOutcomeSerializer(serializers.Serializer):
    scores = _seats(help_text="Final score of each seat.")
    winners = _seats()
    sheets = NumxScoreSheetSerializer(many=True)
    rounds = NumxRoundEndSerializer(many=True)


class NumxViewSerializer(SeatViewBase):
    """A NUM-X game as one seat (or a spectator) may know it: its own hand, public cards,
    the face-down cards it knows. Never another hand or the draw pile, until the game is
    over."""

    config = NumxConfigSerializer()
    phase = serializers.ChoiceField(choices=PHASES)
    round = serializers.IntegerField()
    tricks = serializers.IntegerField(
        help_text="Tricks finished so far in the game, both rounds of an X-Game (players "
        "number tricks within their round: see `last_trick`'s `number`)."
    )
    turn = serializers.IntegerField(help_text="The seat whose turn it is; -1: nobody's.")
    awaiting = _seats(help_text="The seats the game waits for.")
    hands = serializers.ListField(
        child=_cards(allow_null=True),
        help_text="Each seat's hand: only yours (all of them once the game is over).",
    )
    hand_sizes = _seats()
    rows = serializers.ListField(
        child=NumxRowCardSerializer(many=True),
        help_text="Each seat's score row, left to right (position 0 is the leftmost).",
    )
    pile_size = serializers.IntegerField()
    pile = _cards(allow_null=True, help_text="The draw pile: null until the game is over.")
    discard = _cards()
    out_of_play = _cards()
    plis = NumxPliSerializer(many=True, help_text="The plis of the trick being played.")
    last_trick = NumxLastTrickSerializer(
        allow_null=True, help_text="The last finished trick; null before the first ends."
    )
    owner = serializers.IntegerField(help_text="Who laid the top pli; -1: nobody.")
    blocked = _seats()
    locked = _seats()
    secret_done = serializers.ListField(child=serializers.BooleanField())
    my_secret = serializers.CharField(allow_null=True)
    pending = NumxPendingSerializer(allow_null=True)
    rounds = NumxRoundEndSerializer(many=True)
    outcome = NumxOutcomeSerializer(allow_null=True)


# Actions ------------------------------------------------------------------------------------


class _SeatOr(serializers.Field):
    """A seat (0-based) or one of a few words (`all`, `between`)."""

    words: ClassVar[tuple[str, ...]] = ("all",)
    default_error_messages: ClassVar[dict[str, Any]] = {
        "invalid": gettext_lazy("A seat number or one of: {words}.")
    }

    def to_internal_value(self, data: Any) -> int | str:
        if data in self.words or (type(data) is int and data >= 0):
            return data
        refuse(self, "invalid", words=", ".join(self.words))

    def to_representation(self, value: Any) -> Any:
        return value


@extend_schema_field(
    {"oneOf": [{"type": "integer", "minimum": 0}, {"type": "string", "enum": ["all"]}]}
)
class TargetField(_SeatOr):
    pass


@extend_schema_field(
    {
        "oneOf": [
            {"type": "integer", "minimum": 0},
            {"type": "string", "enum": ["all", "between"]},
        ]
    }
)
class BlockTargetField(_SeatOr):
    words = ("all", "between")


class NumxSlotSerializer(StrictSerializer):
    face_up = serializers.BooleanField()
    side = serializers.ChoiceField(choices=SIDES, help_text="Which end of the score row.")


class NumxPlacementSerializer(NumxSlotSerializer):
    card = serializers.CharField()
    seat = _position(help_text="Whose score row receives the card.")


class _Action(StrictSerializer):
    """An action's JSON form; ``type`` is set by :func:`_action`."""


def _action(type_name: str, doc: str, **fields: serializers.Field) -> type[serializers.Serializer]:
    name = "Numx" + "".join(part.title() for part in type_name.split("-")) + "Action"
    return discriminated(_Action, name, "type", type_name, doc, **fields)


class _NestedAction(serializers.Field):
    """An action inside another (a Shadow's bonus, a card taken back), checked against its
    own serializer: ``kinds`` are the actions allowed there, by type."""

    default_error_messages: ClassVar[dict[str, Any]] = {
        "invalid": gettext_lazy("An action's JSON form, of type: {kinds}.")
    }

    def __init__(self, kinds: dict[str, type[serializers.Serializer]], **kwargs: Any) -> None:
        self.kinds = kinds
        super().__init__(**kwargs)

    def to_internal_value(self, data: Any) -> Any:
        kind = data.get("type") if isinstance(data, dict) else None
        if not isinstance(kind, str) or kind not in self.kinds:
            refuse(self, "invalid", kinds=", ".join(self.kinds))
        self.kinds[kind](data=data).is_valid(raise_exception=True)
        return data

    def to_representation(self, value: Any) -> Any:
        return value


_CARD_ACTIONS = {
    "flip": _action("flip", "Flip: the target's score cards turn over.", target=TargetField()),
    "swipe": _action(
        "swipe",
        "Swipe: score rows shift one card towards `direction`.",
        direction=serializers.ChoiceField(choices=SIDES),
        target=TargetField(),
    ),
    "block": _action(
        "block", "Block: the target may not play this trick.", target=BlockTargetField()
    ),
    "eclair": _action(
        "eclair",
        "Eclair: swap your score card at 0-based position `mine` with the `target` seat's "
        "at `theirs` (`eclair 2 0 1` in notation). The move's words count the cards from 1, "
        'as the table and its emails do: `mine` 0 is "own score card 1".',
        target=_position(),
        mine=_position(),
        theirs=_position(),
    ),
    "quantum": _action("quantum", "Quantum: with the target seat.", target=_position()),
    "malus": _action(
        "malus",
        "Play a Malus card (`card`, e.g. `malus-2/+2`) at a seat or `all`.",
        card=serializers.CharField(),
        target=TargetField(),
    ),
}


@extend_schema_field(
    PolymorphicProxySerializer(
        component_name="NumxCardAction",
        serializers=_CARD_ACTIONS,
        resource_type_field_name="type",
    )
)
class CardActionField(_NestedAction):
    """An Action card's JSON form (a Shadow's bonus)."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(_CARD_ACTIONS, **kwargs)


_PLAY = _action(
    "play",
    "Lay a pli: `cards` (e.g. `blue-7`), `as` its value when it must be named, `bonus` the "
    "Action card a Shadow brings.",
    cards=_cards(min_length=1),
    **{"as": serializers.IntegerField(required=False, allow_null=True)},
    bonus=CardActionField(required=False, allow_null=True),
)

_COMPLETE = _action(
    "complete",
    "Complete the top pli with its Rainbow, on your turn or out of turn.",
    card=serializers.CharField(),
)
#: What a card taken back may be played as: a pli, a Rainbow completing the top pli, or an
#: Action card.
_TAKEN_ACTIONS = {"play": _PLAY, "complete": _COMPLETE, **_CARD_ACTIONS}


@extend_schema_field(
    PolymorphicProxySerializer(
        component_name="NumxTakenAction",
        serializers=_TAKEN_ACTIONS,
        resource_type_field_name="type",
    )
)
class TakenActionField(_NestedAction):
    """What a card taken back is played as: a pli, a completion or an Action card."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(_TAKEN_ACTIONS, **kwargs)


#: Every action a player may send, by its ``type`` (chance's `deal` and `shuffle` are the
#: server's own).
ACTION_SERIALIZERS: dict[str, type[serializers.Serializer]] = {
    "pick": _action("pick", "The opening secret pick.", card=serializers.CharField()),
    "play": _PLAY,
    "take": _action(
        "take",
        "Take back the score card at 0-based position `index` and play it (`play`: a pli's, "
        "a completion's or an Action card's JSON form); `take 0: …` in notation, the leftmost "
        "card. The move's words count the cards from 1, as the table and its emails do: "
        '`take 0` is "take back score card 1".',
        index=_position(),
        play=TakenActionField(),
    ),
    "complete": _COMPLETE,
    "pass": _action("pass", "Pass."),
    "draw": _action("draw", "Draw a card."),
    "refill": _action("refill", "Refill the hand."),
    "reset": _action("reset", "Reset the trick."),
    **_CARD_ACTIONS,
    "resolve": _action(
        "resolve",
        "Answer a Malus: `discard` hand cards, `remove` score cards by 0-based position, and "
        "`place` each card it drew (one slot per card of `pending.cards`).",
        discard=_cards(required=False),
        remove=serializers.ListField(child=_position(), required=False),
        place=NumxSlotSerializer(many=True, required=False),
    ),
    "distribute": _action(
        "distribute",
        "Hand out the trick's cards (`pending.cards`): each to a seat's score row, face up or "
        "down, at an end.",
        placements=NumxPlacementSerializer(many=True),
    ),
}

# The event log ----------------------------------------------------------------------------

_HIDDEN_CARD = "null: face down, and you may not know it."


def _card_effect(name: str, doc: str, **fields: serializers.Field) -> type[serializers.Serializer]:
    """One score card an Action card turned, moved, removed or placed."""
    attributes = {
        **fields,
        "at": _position(help_text="Its position in the row (0: leftmost)."),
        "card": serializers.CharField(allow_null=True, help_text=_HIDDEN_CARD),
        "face_up": serializers.BooleanField(),
        "known_to": _seats(required=False, help_text="Face down: the seats that know it."),
        "__module__": __name__,
        "__doc__": doc,
    }
    return type(name, (StrictSerializer,), attributes)


NumxTurnedSerializer = _card_effect(
    "NumxTurnedSerializer", "A score card turned over where it lies.", seat=_position()
)
NumxPlacedSerializer = _card_effect(
    "NumxPlacedSerializer", "A card from the pile placed into a row.", seat=_position()
)
NumxMovedSerializer = _card_effect(
    "NumxMovedSerializer",
    "A score card that went from one seat's row to another's.",
    **{"from": _position(help_text="The row it left."), "from_at": _position()},
    to=_position(help_text="The row it went to."),
)


class NumxRemovedSerializer(StrictSerializer):
    """A score card taken out of a row to the discard (everyone sees it)."""

    seat = _position()
    at = _position(help_text="Its position before it left (0: leftmost).")
    card = serializers.CharField()
    face_up = serializers.BooleanField()


class NumxEffectsSerializer(StrictSerializer):
    """What an Action card (or a Malus answer) did to the table, each list only when not
    empty."""

    turned = NumxTurnedSerializer(many=True, required=False)
    moved = NumxMovedSerializer(many=True, required=False)
    removed = NumxRemovedSerializer(many=True, required=False)
    placed = NumxPlacedSerializer(many=True, required=False)
    blocked = _seats(required=False, help_text="The seats a Block blocks.")
    locked = _seats(required=False, help_text="The seats a Quantum locks.")


def _effects() -> NumxEffectsSerializer:
    return NumxEffectsSerializer(
        required=False,
        allow_null=True,
        help_text="What the Action card did to the table (left out: nothing); null in events "
        "recorded before effects were.",
    )


def _played(type_name: str, doc: str, **fields: serializers.Field) -> type[serializers.Serializer]:
    """A player's action as recorded, with the effects of an Action card it plays."""
    name = "Numx" + "".join(part.title() for part in type_name.split("-")) + "Record"
    return record(
        name, type_name, doc, like=ACTION_SERIALIZERS[type_name], effects=_effects(), **fields
    )


def _choice(type_name: str, doc: str) -> type[serializers.Serializer]:
    """A refill or a reset, which other seats read as `choice` until the round ends."""
    return record(
        f"Numx{type_name.title()}Record",
        None,
        doc,
        type=serializers.ChoiceField(
            choices=[type_name, "choice"],
            help_text=f"`{type_name}`, or `choice` while which choice was made is hidden from you.",
        ),
    )


class NumxDistributedSerializer(StrictSerializer):
    card = serializers.CharField(allow_null=True, help_text=_HIDDEN_CARD)
    seat = _position(help_text="Whose score row received the card.")
    face_up = serializers.BooleanField()
    side = serializers.ChoiceField(choices=SIDES)


#: Every event a NUM-X game records, as the event log serves its ``action``: chance's
#: orders, another seat's hand dealt, pick and choice, a card face down stay hidden while
#: the game runs.
EVENTS: dict[str, type[serializers.Serializer]] = {
    "deal": record(
        "NumxDealRecord",
        "deal",
        "Chance deals the deck.",
        **dealt_order("deal"),
        hands=per_seat(
            cards(nullable=True),
            required=False,
            help_text="Each seat's hand as dealt, by seat: yours, every other one's cards null "
            "(a spectator's all null) while the game runs; every hand once it is over. Left "
            "out of the exported log, whose `order` deals them: in blocks from the top, seat "
            "0's first.",
        ),
    ),
    "shuffle": record(
        "NumxShuffleRecord",
        "shuffle",
        "Chance shuffles the discard into a new pile.",
        **dealt_order("shuffle"),
    ),
    "pick": record(
        "NumxPickRecord",
        "pick",
        "The opening secret pick.",
        like=ACTION_SERIALIZERS["pick"],
        hidden=("card",),
    ),
    **{
        kind: _played(kind, str(ACTION_SERIALIZERS[kind].__doc__))
        for kind in ("play", "take", "flip", "swipe", "block", "eclair", "quantum", "malus")
    },
    "resolve": _played("resolve", "Answer a Malus."),
    **{
        kind: record(
            "Numx" + kind.title() + "Record",
            kind,
            str(ACTION_SERIALIZERS[kind].__doc__),
            like=ACTION_SERIALIZERS[kind],
        )
        for kind in ("complete", "pass", "draw")
    },
    "refill": _choice("refill", "Refill the hand."),
    "reset": _choice("reset", "Reset the trick."),
    "distribute": record(
        "NumxDistributeRecord",
        "distribute",
        "Hand out the trick's cards.",
        placements=NumxDistributedSerializer(many=True),
    ),
    "round-ended": record(
        "NumxRoundEndedRecord",
        None,
        "A round ended.",
        round=serializers.IntegerField(),
        termination=serializers.ChoiceField(choices=TERMINATIONS),
        seat=serializers.IntegerField(help_text="Who laid their last card; -1 on a stalemate."),
    ),
    "game-ended": GameEndedRecord,
}


class NumxFactsSerializer(StrictSerializer):
    """What chance decided during an action: the cards it gave from the pile."""

    from_pile = per_seat(
        cards(nullable=True),
        help_text="The cards each seat took from the pile (another seat's null).",
    )


#: What chance decides, by event type: a draw always takes a card; a Malus (played, as a
#: Shadow's bonus or taken back) may deal some, and the last choice of refill or reset
#: fills the hands, both unless the pile is out; nothing else takes from the pile (a
#: deal and a shuffle lay out a new one).
FACTS = {
    "draw": Facts(NumxFactsSerializer),
    **{
        kind: Facts(NumxFactsSerializer, optional=True)
        for kind in ("play", "take", "malus", "refill", "reset")
    },
}
#: Chance's moves.
CHANCE_MOVES = frozenset({"deal", "shuffle"})

NOTATION_HELP = gettext_lazy(
    "A move is written in NUM-X notation (`play blue-7 rainbow-7`, `pass`...)."
)

#: The names of its enums in the schema.
ENUMS = {
    "NumxPhaseEnum": PHASES,
    "NumxModeEnum": MODES,
    "NumxSideEnum": SIDES,
    "NumxPendingKindEnum": PENDING_KINDS,
    "NumxTerminationEnum": TERMINATIONS,
    "NumxTripleRuleEnum": TRIPLE_RULES,
    "NumxFamilyScoringEnum": FAMILY_SCORING,
    "NumxRefillTypeEnum": ["refill", "choice"],
    "NumxResetTypeEnum": ["reset", "choice"],
}
