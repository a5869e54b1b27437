"""Toy's part of the API schema: its configuration, a seat's view and its one action."""

from __future__ import annotations

from rest_framework import serializers

from games.api.base import GameEndedRecord, SeatViewBase, StrictSerializer, record
from games.rulesets.site import ApiSchema


class ToyConfigSerializer(StrictSerializer):
    players = serializers.IntegerField(min_value=2, max_value=4)
    pile = serializers.IntegerField(min_value=1, max_value=30, default=10)
    bids = serializers.BooleanField(required=False)


class ToyViewSerializer(SeatViewBase):
    players = serializers.IntegerField()
    pile = serializers.IntegerField(help_text="Tokens left.")
    turn = serializers.IntegerField(help_text="The seat to take next.")
    turns = serializers.IntegerField()
    winner = serializers.IntegerField(allow_null=True)
    charms = serializers.ListField(
        child=serializers.CharField(allow_null=True),
        help_text="Each seat's lucky charm; null: not yours to see.",
    )
    bids = serializers.ListField(
        child=serializers.IntegerField(allow_null=True),
        help_text="Each seat's bid for the first turn; null: not made, or not yours to see yet.",
    )
    bids_made = serializers.ListField(child=serializers.BooleanField())


class ToyPendingSerializer(serializers.Serializer):
    """Toy lists every move: it never has a pending choice."""


class ToyTakeSerializer(StrictSerializer):
    type = serializers.ChoiceField(choices=["take"])
    count = serializers.IntegerField(min_value=1, max_value=3)


class ToyBidSerializer(StrictSerializer):
    type = serializers.ChoiceField(choices=["bid"])
    count = serializers.IntegerField(min_value=1, max_value=3)


#: Every event Toy records, as the event log serves its ``action``.
TOY_EVENTS = {
    "deal": record(
        "ToyDealRecord",
        "deal",
        "Chance hands out the charms.",
        charms=serializers.ListField(child=serializers.CharField(allow_null=True)),
    ),
    "take": record("ToyTakeRecord", "take", "Take tokens.", like=ToyTakeSerializer),
    "bid": record(
        "ToyBidRecord",
        "bid",
        "Bid for the first turn.",
        count=serializers.IntegerField(allow_null=True, help_text="null while others bid."),
    ),
    "game-ended": GameEndedRecord,
}


TOY_API = ApiSchema(
    config=ToyConfigSerializer,
    view=ToyViewSerializer,
    pending=ToyPendingSerializer,
    actions={"take": ToyTakeSerializer, "bid": ToyBidSerializer},
    events=TOY_EVENTS,
    # Toy's chance records nothing beside an action.
    facts={},
    chance_moves=frozenset({"deal"}),
    notation_help="A move is `take 1`, `take 2` or `take 3` (`bid 1`... while the table bids).",
)
