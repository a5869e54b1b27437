"""NUM-X's forms: its new-game options and the table's move forms. Move forms only offer
what the engine's legal set holds, and turn what was posted into an engine action; the
engine then judges it."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from django import forms
from django.utils.functional import lazy
from django.utils.translation import gettext_lazy as _

from games.descriptions import MINUS, refused_options_in_words
from games.engine.numx import (
    CHOOSABLE_SCORING,
    EDITION,
    CardAction,
    ConfigError,
    Distribute,
    Face,
    GameConfig,
    Kind,
    Mode,
    Placement,
    Play,
    Resolve,
    ScoreRule,
    Side,
    TripleRule,
    parse_action,
)
from games.forms import MoveChoiceField, MoveForm
from games.moves import LegalMoves, Move
from games.rulesets.numx.descriptions import action as action_words
from games.rulesets.numx.descriptions import card as card_words
from games.rulesets.numx.descriptions import score_rule

if TYPE_CHECKING:
    from games.presenters import Table


#: One Malus card in the new-game form: hand X, then score Y (``+2/-1``).
_MALUS_PAIR = re.compile(r"([+-]?\d+)/([+-]?\d+)")


class NumxOptions(forms.Form):
    """A new NUM-X game's options: mode, players, teams, and the table options."""

    mode = forms.ChoiceField(
        label=_("Mode"),
        choices=[
            (Mode.SPEED_RUN.value, _("Speed Run: 13 cards, one round")),
            (Mode.X_GAME.value, _("X-Game: 10 cards, two rounds")),
            (Mode.FAMILY.value, _("Family: 12 cards, no Action cards, simple scoring")),
        ],
        initial=Mode.SPEED_RUN.value,
        # Buttons whose long words wrap on a phone, where a list's would be cut.
        widget=forms.RadioSelect,
    )
    players = forms.TypedChoiceField(
        label=_("Players"), coerce=int, choices=[(n, n) for n in range(2, 7)], initial=4
    )
    teams = forms.BooleanField(label=_("Teams of two (4 or 6 players)"), required=False)
    # Left out, it is the rule book's reading (docs/rules.md, "Table options").
    triple_rule = forms.ChoiceField(
        label=_("Triples (three cards) need a Rainbow or a Shadow"),
        choices=[
            (TripleRule.OPENING.value, _("in the first pli of a trick only (the rule book)")),
            (TripleRule.EVERY.value, _("in every pli")),
        ],
        initial=TripleRule.OPENING.value,
        # Buttons whose long words wrap on a phone, where a list's would be cut.
        widget=forms.RadioSelect,
        required=False,
    )
    infinity_on_infinity = forms.BooleanField(
        label=_("An Infinity may cut an Infinity (the rule book: only Num-X goes on one)"),
        required=False,
    )
    family_scoring = forms.MultipleChoiceField(
        label=_("Family scoring: the rules that apply (the others count cards at face value)"),
        choices=[(rule.value, lazy(score_rule, str)(rule.value)) for rule in CHOOSABLE_SCORING],
        initial=[rule.value for rule in GameConfig(2, Mode.FAMILY).family_scoring],
        widget=forms.CheckboxSelectMultiple,
        required=False,
        help_text=_(
            "Family games only; none ticked keeps Family's own: X-Trem, combination, pair."
        ),
    )
    round_two_pick = forms.BooleanField(
        label=_("X-Game: every player picks a score card again at the start of round 2"),
        help_text=_("Not in the rule book, where round 2 has no opening pick."),
        required=False,
    )
    malus_values = forms.CharField(
        label=_("The five Malus cards, as hand/score"),
        required=False,
        help_text=_(
            "Speed Run and X-Game; blank keeps the house five: +2/-1 +1/-2 +3/0 -1/+1 -2/+2."
        ),
    )

    def clean_malus_values(self) -> tuple[tuple[int, int], ...] | None:
        """The table's own pairs, checked by the engine; None when left blank."""
        # A table's set-up writes its negative numbers with the minus sign: copied from
        # there, they read as the hyphens a keyboard types.
        words = self.cleaned_data.get("malus_values", "").replace(MINUS, "-").split()
        if not words:
            return None
        found = [match for match in map(_MALUS_PAIR.fullmatch, words) if match]
        if len(found) == len(words):
            values = tuple((int(match[1]), int(match[2])) for match in found)
            # The engine checks the pairs (their number and range); clean() checks the mode.
            try:
                return GameConfig(2, malus_values=values).malus_values
            except ConfigError:
                pass
        raise forms.ValidationError(
            _(
                "Write five Malus cards as hand/score, each number from -3 to +3 and not both "
                "0, for example: +2/-1 +1/-2 +3/0 -1/+1 -2/+2."
            )
        )

    def clean(self) -> dict[str, Any]:
        """The options together, as the engine allows them (the API's words when it does
        not: teams of 4 or 6 players, a round 2 pick in an X-Game only...)."""
        data = super().clean() or {}
        if not self.errors:
            try:
                self._game_config(data)
            except ConfigError as error:
                raise forms.ValidationError(refused_options_in_words(error)) from None
        return data

    def config(self) -> dict[str, Any]:
        """The new game's configuration, under the latest rules edition (a configuration
        without one is read as an edition-1 game, recorded before editions existed). A table
        option is written only when it differs from the rule book's reading, its default."""
        return self._game_config(self.cleaned_data).to_json()

    @staticmethod
    def _game_config(data: dict[str, Any]) -> GameConfig:
        mode = Mode(data["mode"])
        options: dict[str, Any] = {}
        # Ticked boxes of another mode are the form's initial ones, not a choice.
        if mode is Mode.FAMILY and data.get("family_scoring"):
            options["family_scoring"] = frozenset(map(ScoreRule, data["family_scoring"]))
        if data.get("malus_values"):
            options["malus_values"] = data["malus_values"]
        return GameConfig(
            data["players"],
            mode,
            data["teams"],
            EDITION,
            TripleRule(data.get("triple_rule") or TripleRule.OPENING.value),
            infinity_on_infinity=data.get("infinity_on_infinity", False),
            round_two_pick=data.get("round_two_pick", False),
            **options,
        )


@dataclass(frozen=True)
class CardBox:
    """A card's checkbox in a pli form: its id, the field's name, the card's place in the
    hand (the posted value), whether it is ticked, and the card in words."""

    id: str
    name: str
    value: str
    checked: bool
    label: str


class PliForm(MoveForm):
    """Select cards of the hand; say a value for Jokers alone; add a Shadow's bonus."""

    cards = forms.MultipleChoiceField(label=_("Cards to lay"), widget=forms.CheckboxSelectMultiple)
    value = forms.TypedChoiceField(
        label=_("Value of the Jokers (only when they are laid alone)"),
        coerce=int,
        empty_value=None,
        required=False,
        choices=[("", "—"), *[(v, v) for v in range(17)]],
    )
    bonus = MoveChoiceField(label=_("Shadow's bonus Action card"), required=False)

    def __init__(
        self,
        *args: Any,
        hand: list[str],
        moves: LegalMoves,
        names: list[str],
        config: GameConfig,
        **kwargs: Any,
    ) -> None:
        super().__init__(*args, **kwargs)
        self.hand = hand
        # Only a card some legal pli holds is offered (Action cards never are: they are
        # played from the other moves); the rest of the hand is shown, not selectable.
        faces = [Face.parse(name) for name in hand]
        laid = {name for move in moves.of_kind("play") for name in move.action["cards"]}
        self.layable = [i for i, name in enumerate(hand) if name in laid]
        # Only Jokers laid alone need a value said: without one in hand, no question.
        self.has_joker = any(face.kind is Kind.JOKER for face in faces)
        self.fields["cards"].choices = [(str(i), card_words(hand[i])) for i in self.layable]
        bonuses: dict[str, str] = {}
        for move in moves.of_kind("play"):
            bonus = move.action.get("bonus")
            if bonus:
                bonuses[move.notation.split(" + ", 1)[1]] = action_words(bonus, names, config)
        self.offer("bonus", [("", _("no bonus")), *bonuses.items()])
        self.has_bonus = bool(bonuses)

    def card_boxes(self) -> list[tuple[CardBox | None, str]]:
        """Every card of the hand, in order, with its checkbox (None for a card no legal
        pli holds now, an Action card among them: it is played from the other moves)."""
        # The boxes are named as the field's widget would name them: a hand is drawn on
        # every look at the table, and the widget's machinery (an option dict, attributes
        # and a template context per box) cost more than the rest of the form.
        field = self["cards"]
        ticked = {str(value) for value in field.value() or ()}
        boxes = {
            index: CardBox(
                f"{field.auto_id}_{number}",
                field.html_name,
                str(index),
                str(index) in ticked,
                card_words(self.hand[index]),
            )
            for number, index in enumerate(self.layable)
        }
        return [(boxes.get(index), name) for index, name in enumerate(self.hand)]

    def action(self) -> Play:
        faces = tuple(Face.parse(self.hand[int(index)]) for index in self.cleaned_data["cards"])
        chosen = self.cleaned_data.get("bonus")
        bonus = parse_action(chosen) if chosen else None
        assert bonus is None or isinstance(bonus, CardAction), "the form offers Action cards"
        return Play(faces, self.cleaned_data.get("value"), bonus)


#: Moves offered as buttons; every other listed move is an entry of a list.
BUTTON_KINDS = frozenset({"pass", "draw", "complete", "pick", "refill", "reset"})


class ChoiceForm(MoveForm):
    """One of the listed legal moves other than plis, by its notation: common ones as
    buttons, the rest (Action cards and their targets, take-backs) in a list."""

    # Two fields, so that a browser without JavaScript, which posts the list's selection
    # along with any clicked button, still plays the button's move.
    move = forms.ChoiceField(label=_("Move"), required=False)
    other = MoveChoiceField(label=_("Other moves"), required=False)

    def __init__(self, *args: Any, moves: list[Move], only: bool = False, **kwargs: Any) -> None:
        """``only``: ``moves`` is the seat's one legal move, a button whatever its kind."""
        super().__init__(*args, **kwargs)
        lone = only and len(moves) == 1
        self.buttons = [
            (m.notation, m.description) for m in moves if lone or m.kind in BUTTON_KINDS
        ]
        self.others = [
            (m.notation, m.description) for m in moves if not (lone or m.kind in BUTTON_KINDS)
        ]
        self.fields["move"].choices = self.buttons
        self.offer("other", self.others)

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        if not (cleaned.get("move") or cleaned.get("other")):
            raise forms.ValidationError(_("Choose a move."))
        return cleaned

    def action(self) -> Any:
        return parse_action(self.cleaned_data["move"] or self.cleaned_data["other"])


_UP = [("up", _("face up")), ("down", _("face down"))]
_SIDE = [(Side.LEFT.value, _("left end")), (Side.RIGHT.value, _("right end"))]


def starting_receivers(
    count: int, minimum: int, receivers: Sequence[int], winner: int, players: int
) -> list[int | None]:
    """Who receives each of ``count`` cards in the distribution a form starts from, a legal
    one (None: the discard): the first ``minimum`` cards dealt one by one to the receivers,
    the player after the winner first, so that nobody gets more than half.

    >>> starting_receivers(3, 2, [0, 1], 0, 2), starting_receivers(4, 2, [0, 1, 3], 1, 4)
    ([1, 0, None], [3, 0, None, None])
    """
    seats = sorted(receivers, key=lambda seat: (seat - winner - 1) % players)
    return [seats[i % len(seats)] if i < minimum and seats else None for i in range(count)]


def distribution_start(
    view: Mapping[str, Any], pending: Mapping[str, Any], players: int
) -> tuple[list[int], list[int | None]]:
    """For the distribution ``pending`` in a seat's ``view``: the seats that may receive a
    card (those not locked out), and who receives each card in the legal distribution the
    table's form and the mail's example start from (:func:`starting_receivers`)."""
    receivers = [seat for seat in range(players) if seat not in view["locked"]]
    starting = starting_receivers(
        len(pending["cards"]),
        pending["minimum"],
        receivers,
        winner=pending["seats"][0],
        players=players,
    )
    return receivers, starting


class DistributionForm(MoveForm):
    """For each eligible card: who receives it (or the discard), face up or down, which end;
    it starts from a legal distribution (:func:`starting_receivers`) the player changes."""

    def __init__(
        self,
        *args: Any,
        cards: list[str],
        receivers: list[tuple[int, str]],
        starting: list[int | None],
        **kwargs: Any,
    ) -> None:
        super().__init__(*args, **kwargs)
        self.cards = cards
        for index, name in enumerate(cards):
            self.fields[f"to_{index}"] = forms.ChoiceField(
                label=card_words(name),
                choices=[("", _("discard")), *[(str(n), who) for n, who in receivers]],
                required=False,
                initial="" if starting[index] is None else str(starting[index]),
            )
            self.fields[f"up_{index}"] = forms.ChoiceField(label=_("visibility"), choices=_UP)
            self.fields[f"side_{index}"] = forms.ChoiceField(label=_("position"), choices=_SIDE)

    def rows(self) -> list[tuple[str, Any, Any, Any]]:
        return [
            (name, self[f"to_{i}"], self[f"up_{i}"], self[f"side_{i}"])
            for i, name in enumerate(self.cards)
        ]

    def action(self) -> Distribute:
        data = self.cleaned_data
        return Distribute(
            tuple(
                Placement(
                    Face.parse(name),
                    int(data[f"to_{i}"]),
                    data[f"up_{i}"] == "up",
                    Side(data[f"side_{i}"]),
                )
                for i, name in enumerate(self.cards)
                if data.get(f"to_{i}")
            )
        )


class MalusForm(MoveForm):
    """A Malus target's answer: cards to discard, score cards to remove, drawn cards to place."""

    discard = forms.MultipleChoiceField(
        label=_("Cards to discard"), widget=forms.CheckboxSelectMultiple, required=False
    )
    remove = forms.MultipleChoiceField(
        label=_("Score cards to remove"), widget=forms.CheckboxSelectMultiple, required=False
    )

    def __init__(
        self, *args: Any, hand: list[str], row: list[str | None], drawn: list[str], **kwargs: Any
    ) -> None:
        super().__init__(*args, **kwargs)
        self.hand = hand
        self.drawn = drawn
        self.fields["discard"].choices = [(str(i), card_words(n)) for i, n in enumerate(hand)]
        self.fields["remove"].choices = [
            (str(i), f"{i + 1}. {card_words(n)}") for i, n in enumerate(row)
        ]
        for index, name in enumerate(drawn):
            self.fields[f"up_{index}"] = forms.ChoiceField(label=card_words(name), choices=_UP)
            self.fields[f"side_{index}"] = forms.ChoiceField(label=_("position"), choices=_SIDE)

    def placements(self) -> list[tuple[str, Any, Any]]:
        return [(name, self[f"up_{i}"], self[f"side_{i}"]) for i, name in enumerate(self.drawn)]

    def action(self) -> Resolve:
        data = self.cleaned_data
        return Resolve(
            tuple(Face.parse(self.hand[int(i)]) for i in data["discard"]),
            tuple(int(i) for i in data["remove"]),
            tuple(
                (data[f"up_{i}"] == "up", Side(data[f"side_{i}"])) for i in range(len(self.drawn))
            ),
        )


def move_forms(
    current: Table, form_key: str, data: Mapping[str, Any] | None = None
) -> dict[str, forms.Form]:
    """The move forms the seat's legal set calls for, each carrying the page's
    ``form_key`` as its idempotency key.

    ``data``, a posted form, fills only the form it came from (its ``form`` field): the
    page sent back after a refusal shows that form as it was sent, and every other form
    fresh, ready to be used.
    """
    moves = current.moves
    if not moves:
        return {}
    posted = data.get("form", "") if data is not None else ""

    def bind(kind: str) -> Any:
        return data if kind == posted else None

    initial = {"expected_sequence": current.sequence, "idempotency_key": form_key}
    if len(moves.listed) == 1:
        # The only legal move is a button: nothing to choose, nothing to confirm.
        only = list(moves.listed)
        return {
            "choice": ChoiceForm(
                bind("choice"), prefix="choice", initial=initial, moves=only, only=True
            )
        }
    names = [p.name for p in current.players]
    hand = list(current.view["hands"][current.seat] or []) if current.seat is not None else []
    found: dict[str, forms.Form] = {}
    if moves.of_kind("play"):
        found["pli"] = PliForm(
            bind("pli"),
            prefix="pli",
            initial=initial,
            hand=hand,
            moves=moves,
            names=names,
            config=GameConfig.from_json(current.game.config),
        )
    others = [m for m in moves.listed if m.kind != "play"]
    if others:
        found["choice"] = ChoiceForm(bind("choice"), prefix="choice", initial=initial, moves=others)
    pending = moves.pending or {}
    if pending.get("kind") == "distribution":
        seats, starting = distribution_start(current.view, pending, len(names))
        found["distribution"] = DistributionForm(
            bind("distribution"),
            prefix="distribution",
            initial=initial,
            cards=pending["cards"],
            receivers=[(seat, names[seat]) for seat in seats],
            starting=starting,
        )
    elif pending and current.seat is not None:
        row = [card["card"] for card in current.view["rows"][current.seat]]
        found["malus"] = MalusForm(
            bind("malus"),
            prefix="malus",
            initial=initial,
            hand=hand,
            row=row,
            drawn=pending["cards"] or [],
        )
    return found
