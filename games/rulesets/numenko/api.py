"""Numenko's part of the API schema: its configuration, a seat's view, the pending move and
the move's JSON form, as DRF serializers. The generic API (``games.api``) composes them with
the other games' under a discriminator: ``rules`` for views and new games, ``type`` for
actions (Numenko's ``play`` beside NUM-X's and Maya's, told apart by its fields).

Seats are 0-based. Tiles are written one character each: ``0`` to ``9``, ``M`` (a
Multichoice), ``F`` (a Freechoice). A grid is a list of rows of text, top row first: in a
row each character is a square (``.`` empty, a digit, a sign ``+ - x : =``, ``[x+]`` a
sign read × across and + down, ``F`` before a Freechoice's digit or sign).
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from games.api.base import (
    Facts,
    Fixed,
    GameEndedRecord,
    SeatViewBase,
    StrictSerializer,
    discriminated,
    record,
)
from games.engine.numenko.history import HIDDEN
from games.engine.numenko.rulebook import RULES as RULEBOOK
from games.engine.numenko.state import MAX_PLAYERS, MIN_PLAYERS, Ending, Mode, Phase
from games.engine.numenko.tiles import ORDER

MODES = [mode.value for mode in Mode]
PHASES = [phase.value for phase in Phase]
REQUESTS = ["exchange", "fini"]
ENDINGS = [ending.value for ending in Ending]
TILES = [kind.value for kind in ORDER]
SCORE_LINES = [
    "numenko.numbers",
    "numenko.multichoices",
    "numenko.freechoices",
    "numenko.game-over",
]


def _numbers(**kwargs: object) -> serializers.ListField:
    return serializers.ListField(child=serializers.IntegerField(), **kwargs)


def _flags(**kwargs: object) -> serializers.ListField:
    return serializers.ListField(child=serializers.BooleanField(), **kwargs)


def _rows(**kwargs: object) -> serializers.ListField:
    return serializers.ListField(
        child=serializers.CharField(allow_blank=True, trim_whitespace=False), **kwargs
    )


# Configuration ----------------------------------------------------------------------------


class NumenkoConfigSerializer(StrictSerializer):
    """A Numenko game's options: 2 to 6 players, in rounds (by mail, the default) or live."""

    players = serializers.IntegerField(min_value=MIN_PLAYERS, max_value=MAX_PLAYERS)
    mode = serializers.ChoiceField(
        choices=MODES,
        default=Mode.ROUNDS.value,
        help_text="`rounds`: every seat moves once a round, in secret, and the requests are "
        "then served in an order drawn by chance. `live`: each move counts when it arrives.",
    )


# A seat's view ----------------------------------------------------------------------------


class NumenkoServesSerializer(serializers.Serializer):
    exchange = serializers.BooleanField(help_text="The pot holds the 2 tiles an exchange draws.")
    fini = serializers.BooleanField(help_text="The pot holds the 4 tiles a fini draws.")


class NumenkoPendingSerializer(serializers.Serializer):
    """The move to make: too many grids to list, so the choice is given as what the move
    must keep: the seat's tiles and grid, what the pot can serve, and the rules a grid is
    judged by."""

    notation = serializers.CharField(help_text="How a move is written.")
    grid = _rows(help_text="Your grid as it stands.")
    hand = serializers.CharField(allow_blank=True, help_text="Your tiles not in your grid.")
    tiles = serializers.CharField(
        allow_blank=True, help_text="Every tile you own: your grid's and your hand's."
    )
    serves = NumenkoServesSerializer()
    rules = serializers.ListField(
        child=serializers.ChoiceField(choices=sorted(RULEBOOK)),
        help_text="The rules a move is judged by (the ids a refusal names).",
    )


class NumenkoSquareSerializer(serializers.Serializer):
    row = serializers.IntegerField(help_text="From 0, the top row.")
    col = serializers.IntegerField(help_text="From 0, the left column.")
    tile = serializers.ChoiceField(choices=TILES)
    face = serializers.CharField(help_text="The digit or sign it shows (read across).")
    down = serializers.CharField(
        allow_null=True, help_text="The sign it reads down, where it differs from `face`."
    )


class NumenkoGridSerializer(serializers.Serializer):
    rows = _rows(help_text="The grid in notation, a row of text per grid row.")
    squares = NumenkoSquareSerializer(many=True)


class NumenkoPlaySerializer(serializers.Serializer):
    """A move as recorded (a seat's own, or everyone's once the game is over)."""

    type = Fixed("play")
    grid = _rows(allow_null=True, help_text="The grid laid out; null: kept as it was.")
    exchange = serializers.ChoiceField(choices=TILES, allow_null=True)
    fini = serializers.BooleanField()


@extend_schema_field(NumenkoPlaySerializer)
class _SeatsPlayField(serializers.Field):
    """A seat's move in a list of every seat's, null for a seat without one. A serializer
    as a list's child loses its null in the schema (drf-spectacular writes the bare
    reference): a client generated from it then takes the nulls for moves."""

    def to_representation(self, value: Any) -> Any:
        return NumenkoPlaySerializer(value).data


class NumenkoResolutionSerializer(serializers.Serializer):
    round = serializers.IntegerField(help_text="The round served (0 in live mode).")
    order = _numbers(help_text="The seats served, in the order chance drew.")
    asked = serializers.ListField(
        child=serializers.ChoiceField(choices=REQUESTS, allow_null=True),
        help_text="What each seat asked for.",
    )
    served = _flags(help_text="Whether each seat's request was served.")


class NumenkoScoreLineSerializer(serializers.Serializer):
    rule = serializers.ChoiceField(choices=SCORE_LINES)
    points = serializers.IntegerField()


class NumenkoOutcomeSerializer(serializers.Serializer):
    scores = _numbers(help_text="Minus the points left in hand; 1 for a seat out of tiles.")
    winners = _numbers()
    breakdown = serializers.ListField(child=NumenkoScoreLineSerializer(many=True))


class NumenkoViewSerializer(SeatViewBase):
    """A Numenko game as one seat (or a spectator) may know it: every grid (in rounds mode,
    as the last round left it), every hand's size, the pot's size, who has moved; the seat's
    own hand and move of the round. Never another hand, the tiles of the pot, another's move
    of the round being played or the tile another gives back, until the game is over."""

    config = NumenkoConfigSerializer()
    mode = serializers.ChoiceField(choices=MODES)
    phase = serializers.ChoiceField(choices=PHASES)
    round = serializers.IntegerField(help_text="The round being played (0 in live mode).")
    pot = serializers.IntegerField(help_text="Tiles in the pot.")
    serves = NumenkoServesSerializer()
    grids = NumenkoGridSerializer(many=True, help_text="Each seat's grid.")
    hand_sizes = _numbers(help_text="Tiles in each seat's hand.")
    hand = serializers.CharField(
        allow_null=True, allow_blank=True, help_text="Your hand; null for a spectator."
    )
    hand_points = serializers.IntegerField(
        allow_null=True, help_text="What your hand would count at the end."
    )
    hands = serializers.ListField(
        child=serializers.CharField(allow_blank=True),
        allow_null=True,
        help_text="Every hand: null until the game is over.",
    )
    pot_tiles = serializers.CharField(
        allow_null=True, allow_blank=True, help_text="The pot's tiles: null until the game is over."
    )
    submitted = _flags(help_text="Rounds mode: whether each seat has moved this round.")
    submission = NumenkoPlaySerializer(allow_null=True, help_text="Your move of this round.")
    submissions = serializers.ListField(
        child=_SeatsPlayField(allow_null=True),
        allow_null=True,
        help_text="Every seat's move of the round: null until the game is over, then null "
        "for a seat that has not moved in it.",
    )
    content = _flags(help_text="Live mode: whether each seat's last move asked for nothing.")
    asked = serializers.ListField(
        child=serializers.ChoiceField(choices=REQUESTS, allow_null=True),
        help_text="The requests waiting for chance's draw.",
    )
    awaiting = _numbers(help_text="The seats the game waits for (-1: chance).")
    last = NumenkoResolutionSerializer(allow_null=True, help_text="How the last requests went.")
    ending = serializers.ChoiceField(
        choices=ENDINGS,
        allow_null=True,
        help_text="Why the game stopped: the pot could not serve a request, or nobody asked.",
    )
    short = serializers.IntegerField(
        allow_null=True, help_text="The seat whose request the pot could not serve."
    )
    pending = NumenkoPendingSerializer(required=False)
    outcome = NumenkoOutcomeSerializer(allow_null=True)


# Actions ------------------------------------------------------------------------------------


class _Action(StrictSerializer):
    """An action's JSON form; ``type`` is set by :func:`discriminated`."""


#: Every action a player may send, by its ``type`` (chance's deal and draws are the
#: server's own).
ACTION_SERIALIZERS: dict[str, type[serializers.Serializer]] = {
    "play": discriminated(
        _Action,
        "NumenkoPlayAction",
        "type",
        "play",
        "Lay out your whole grid anew (`grid`, rows of text from the top; left out or null: "
        "keep it as it is), then ask the pot for at most one thing: `exchange` a tile of the "
        "hand your grid leaves (it goes back, you draw two) or `fini` (every tile in your "
        "grid: draw four).",
        grid=_rows(required=False, allow_null=True),
        exchange=serializers.ChoiceField(choices=TILES, required=False, allow_null=True),
        fini=serializers.BooleanField(required=False, default=False),
    ),
}

# The event log ----------------------------------------------------------------------------


class NumenkoRoundSerializer(StrictSerializer):
    round = serializers.IntegerField(help_text="Rounds mode: the round the move was made in.")


def _hands(help_text: str) -> serializers.ListField:
    return serializers.ListField(
        child=serializers.CharField(allow_null=True, allow_blank=True),
        help_text=f"{help_text} Each seat's tiles as one text (`7M`...); null: not yours to see.",
    )


def _sizes() -> serializers.ListField:
    return serializers.ListField(
        child=serializers.IntegerField(),
        required=False,
        help_text="How many tiles each seat received; given while the tiles are hidden.",
    )


#: Every event a Numenko game records, as the event log serves its ``action``: another
#: seat's tiles, and its move while the round is played, stay hidden.
EVENTS: dict[str, type[serializers.Serializer]] = {
    "deal": record(
        "NumenkoDealRecord",
        "deal",
        "Chance deals each seat its tiles.",
        hands=_hands("The tiles dealt."),
        sizes=_sizes(),
    ),
    "draw": record(
        "NumenkoDrawRecord",
        "draw",
        "Chance serves the requests: the tiles each seat draws.",
        order=serializers.ListField(
            child=serializers.IntegerField(), help_text="The seats served, in order."
        ),
        tiles=_hands("The tiles drawn, in that order."),
        sizes=_sizes(),
    ),
    "play": record(
        "NumenkoPlayRecord",
        "play",
        "A player's move; another's is hidden while its round is played.",
        like=ACTION_SERIALIZERS["play"],
        hidden=("grid", "fini"),
        exchange=serializers.ChoiceField(
            choices=[*TILES, HIDDEN],
            required=False,
            allow_null=True,
            help_text=f"The tile exchanged; `{HIDDEN}`: another seat's, once its round is over.",
        ),
        effects=NumenkoRoundSerializer(required=False),
    ),
    "round-ended": record(
        "NumenkoRoundEndedRecord",
        None,
        "A round's requests were served.",
        round=serializers.IntegerField(),
        order=serializers.ListField(child=serializers.IntegerField()),
        asked=serializers.ListField(
            child=serializers.ChoiceField(choices=REQUESTS, allow_null=True),
            help_text="What each seat asked for; null: nothing.",
        ),
        served=serializers.ListField(child=serializers.BooleanField()),
        grids=serializers.ListField(
            child=serializers.ListField(child=serializers.CharField()),
            help_text="Every grid as the round left it, rows of notation.",
        ),
    ),
    "game-ended": GameEndedRecord,
}


class NumenkoFactsSerializer(StrictSerializer):
    """What chance's deal or draw left (the tiles are in its action, redacted)."""

    pot = serializers.IntegerField(help_text="The tiles left in the pot.")


#: What chance decides, by event type: its deal and its draws, never a player's move.
FACTS = {kind: Facts(NumenkoFactsSerializer) for kind in ("deal", "draw")}
#: Chance's moves.
CHANCE_MOVES = frozenset({"deal", "draw"})

NOTATION_HELP = gettext_lazy(
    "A move is written in Numenko notation: `pass` (keep your grid, ask for nothing), "
    "`grid ROWS` (lay out your grid anew), `exchange TILE [grid ROWS]` or `fini [grid ROWS]`, "
    "the rows of the grid separated by / (e.g. `exchange 7 grid 2x4=8 / ..x / ..2 / ..= / "
    "..8`): a digit, + - x : = for a Multichoice, [x+] for a sign read differently down, F "
    "before a Freechoice's digit or sign, . for an empty square."
)

#: The names of its enums in the schema.
ENUMS = {
    "NumenkoPhaseEnum": PHASES,
    "NumenkoModeEnum": MODES,
    "NumenkoTileEnum": TILES,
    "NumenkoExchangedEnum": [*TILES, HIDDEN],
    "NumenkoRequestEnum": REQUESTS,
    "NumenkoEndingEnum": ENDINGS,
    "NumenkoRuleEnum": sorted(RULEBOOK),
    "NumenkoScoreLineEnum": SCORE_LINES,
}
