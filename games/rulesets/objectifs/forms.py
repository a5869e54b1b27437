"""Objectifs' forms: its new-game options and the table's move forms.

Move forms offer what the seat's legal moves call for, and turn what was posted into an
engine action; the engine then judges it, so a forged post is refused with the rule it
breaks. A pli is chosen as NUM-X's is, card by card: here from the hand and from every
player's malus cards on the table (*n'importe quelles cartes malus posées sur le plateau*).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from django import forms
from django.utils.translation import gettext_lazy as _

from games.engine.objectifs import (
    Card,
    Lay,
    ObjectifsConfig,
    Play,
    Replace,
    RowCard,
    parse_action,
)
from games.engine.objectifs.actions import CARD_ACTIONS, CardAction
from games.engine.objectifs.cards import VALUES, parse_value, value_text
from games.forms import MoveChoiceField, MoveForm
from games.moves import Move
from games.rulesets.objectifs import descriptions
from games.rulesets.objectifs.descriptions import card as card_words
from games.rulesets.objectifs.descriptions import value as value_words

if TYPE_CHECKING:
    from games.presenters import Table

#: The Objective cards' option: on unless the table says off, so that a configuration
#: sent without it (a script, the bench) plays the rule book's default.
WITH, WITHOUT = "on", "off"


class ObjectifsOptions(forms.Form):
    """A new Objectifs game's options: players and the two table options."""

    players = forms.TypedChoiceField(
        label=_("Players"), coerce=int, choices=[(n, n) for n in range(2, 7)], initial=4
    )
    objectives = forms.ChoiceField(
        label=_("Objective cards"),
        choices=[
            (WITH, _("with: each player draws a secret objective every round (the rule book)")),
            (WITHOUT, _("without: no objective, no bonus")),
        ],
        initial=WITH,
        # Buttons whose long words wrap on a phone, where a list's would be cut.
        widget=forms.RadioSelect,
        required=False,
    )
    infinity_four = forms.BooleanField(
        label=_("Infini 4: four Infinities laid end the trick at once"),
        help_text=_("An optional rule of the rule book."),
        required=False,
    )

    def config(self) -> dict[str, Any]:
        data = self.cleaned_data
        return ObjectifsConfig(
            data["players"],
            objectives=data.get("objectives") != WITHOUT,
            infinity_four=bool(data.get("infinity_four")),
        ).to_json()


@dataclass(frozen=True)
class CardBox:
    """A card's checkbox: its id, the field's name, the posted value, whether it is ticked,
    the card (notation) and the card in words."""

    id: str
    name: str
    value: str
    checked: bool
    card: str
    label: str


def card_boxes(
    field: forms.BoundField, cards: Sequence[tuple[str, str]], layable: bool = True
) -> list[tuple[CardBox | None, str]]:
    """Each of ``cards`` (posted value, card notation) with its checkbox in ``field``, or
    None for a card that cannot be chosen (an Echange or a Malus + in a pli).

    The boxes are named as the field's widget would name them: a hand is drawn on every look
    at the table, and the widget's machinery costs more than the rest of the form."""
    ticked = {str(chosen) for chosen in field.value() or ()}
    found: list[tuple[CardBox | None, str]] = []
    for posted, name in cards:
        if layable and Card.parse(name).is_action:
            found.append((None, name))
            continue
        box = CardBox(
            # Named by the value posted, unique in the field: the malus cards of several
            # players are drawn seat by seat, and a label ticks the box its id names.
            f"{field.auto_id}_{posted.replace('.', '_')}",
            field.html_name,
            posted,
            posted in ticked,
            name,
            card_words(name),
        )
        found.append((box, name))
    return found


class HandForm(MoveForm):
    """A move made of cards of the hand, ticked one by one."""

    cards = forms.MultipleChoiceField(
        label=_("Cards"), widget=forms.CheckboxSelectMultiple, required=False
    )

    def __init__(self, *args: Any, hand: list[str], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.hand = hand
        self.fields["cards"].choices = [(str(i), card_words(n)) for i, n in enumerate(hand)]

    def hand_boxes(self) -> list[tuple[CardBox | None, str]]:
        return card_boxes(self["cards"], [(str(i), n) for i, n in enumerate(self.hand)], False)

    def chosen(self) -> tuple[Card, ...]:
        return tuple(Card.parse(self.hand[int(i)]) for i in self.cleaned_data["cards"])


class LayForm(HandForm):
    """The set-up: the two cards of the hand laid face up as malus cards."""

    def action(self) -> Lay:
        return Lay(self.chosen())


class ReplaceForm(HandForm):
    """At the end of a trick, complete one's malus cards: the cards ticked, the rest drawn
    from the pile face up."""

    def __init__(self, *args: Any, wanted: int, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.wanted = wanted

    def action(self) -> Replace:
        chosen = self.chosen()
        # Too many ticked: no draw, and the engine refuses the count with its rule.
        return Replace(chosen, max(0, self.wanted - len(chosen)))


def _value_choices() -> list[tuple[str, str]]:
    return [("", "—"), *((value_text(v), value_words(v)) for v in VALUES)]


class PliForm(MoveForm):
    """A pli: cards of the hand and malus cards of any player, ticked; a value for X-Jokers
    laid without a classic card; on one's turn, an Echange or a Malus + to play with it."""

    cards = forms.MultipleChoiceField(
        label=_("Cards of your hand"), widget=forms.CheckboxSelectMultiple, required=False
    )
    rows = forms.MultipleChoiceField(
        label=_("Malus cards on the table"), widget=forms.CheckboxSelectMultiple, required=False
    )
    value = forms.ChoiceField(
        label=_("Value of the X-Jokers (only when no classic card is laid with them)"),
        required=False,
    )
    carried = MoveChoiceField(label=_("With this pli"), required=False)

    def __init__(
        self,
        *args: Any,
        hand: list[str],
        rows: list[tuple[int, str, list[str]]],
        actions: list[tuple[str, str]],
        out_of_turn: bool,
        **kwargs: Any,
    ) -> None:
        super().__init__(*args, **kwargs)
        self.hand = hand
        #: Every player's malus cards: (seat, whose in words, the cards).
        self.rows = rows
        self.out_of_turn = out_of_turn
        self.fields["cards"].choices = [(str(i), card_words(n)) for i, n in enumerate(hand)]
        self.fields["rows"].choices = [
            (f"{seat}.{i}", card_words(name))
            for seat, _whose, row in rows
            for i, name in enumerate(row)
        ]
        every = [*hand, *(name for _seat, _whose, row in rows for name in row)]
        self.has_joker = "joker" in every
        self.fields["value"].choices = _value_choices()
        self.has_action = bool(actions)
        self.offer("carried", [("", _("nothing more")), *actions])

    def hand_boxes(self) -> list[tuple[CardBox | None, str]]:
        return card_boxes(self["cards"], [(str(i), n) for i, n in enumerate(self.hand)])

    def row_boxes(self) -> list[tuple[str, list[tuple[CardBox | None, str]]]]:
        """Each player's malus cards (whose in words) with their checkboxes."""
        field = self["rows"]
        return [
            (whose, card_boxes(field, [(f"{seat}.{i}", n) for i, n in enumerate(row)]))
            for seat, whose, row in self.rows
            if row
        ]

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        if not (cleaned.get("cards") or cleaned.get("rows")):
            raise forms.ValidationError(_("Choose the cards of your pli."))
        return cleaned

    def action_chosen(self) -> CardAction | None:
        """The Echange or Malus + chosen to go with the pli, if any."""
        chosen = self.cleaned_data.get("carried")
        if not chosen:
            return None
        found = parse_action(chosen)
        assert isinstance(found, CARD_ACTIONS), "the form offers Echanges and Malus + only"
        return found

    def action(self) -> Play:
        data = self.cleaned_data
        hand = tuple(Card.parse(self.hand[int(i)]) for i in data["cards"])
        taken = []
        for chosen in data["rows"]:
            seat, _dot, index = chosen.partition(".")
            row = next(row for s, _whose, row in self.rows if s == int(seat))
            taken.append(RowCard(int(seat), Card.parse(row[int(index)])))
        named = data.get("value")
        value = parse_value(named) if named else None
        return Play(hand, tuple(taken), value, self.action_chosen())


def _is_button(move: Move) -> bool:
    """Moves offered as buttons: a pass and a draw from the pile; every other listed move
    (a malus card drawn, an Echange or a Malus + alone) is an entry of a list."""
    return move.kind == "pass" or (move.kind == "draw" and "card" not in move.action)


class ChoiceForm(MoveForm):
    """One of the listed moves other than plis, by its notation: a pass and a draw from the
    pile as buttons, the rest in a list."""

    # Two fields, so that a browser without JavaScript, which posts the list's selection
    # along with any clicked button, still plays the button's move.
    move = forms.ChoiceField(label=_("Move"), required=False)
    other = MoveChoiceField(label=_("Other moves"), required=False)

    def __init__(self, *args: Any, moves: list[Move], only: bool = False, **kwargs: Any) -> None:
        """``only``: ``moves`` is the seat's one legal move, a button whatever its kind."""
        super().__init__(*args, **kwargs)
        lone = only and len(moves) == 1
        self.buttons = [(m.notation, m.description) for m in moves if lone or _is_button(m)]
        self.others = [(m.notation, m.description) for m in moves if not (lone or _is_button(m))]
        self.fields["move"].choices = self.buttons
        self.offer("other", self.others)

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        if not (cleaned.get("move") or cleaned.get("other")):
            raise forms.ValidationError(_("Choose a move."))
        return cleaned

    def action(self) -> Any:
        return parse_action(self.cleaned_data["move"] or self.cleaned_data["other"])


def move_forms(
    current: Table, form_key: str, data: Mapping[str, Any] | None = None
) -> dict[str, forms.Form]:
    """The move forms the seat's legal moves call for, each carrying the page's
    ``form_key``: ``lay`` (the set-up), ``replace`` (completing the malus cards), ``pli``
    (on one's turn, or a Facteur X out of turn) and ``choice`` (pass, draw, an Echange or a
    Malus + alone). ``data``, a posted form, binds the form it names."""
    moves = current.moves
    if not moves or current.seat is None:
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
    view = current.view
    hand = list(view["hands"][current.seat] or [])
    found: dict[str, forms.Form] = {}
    if moves.of_kind("lay"):
        found["lay"] = LayForm(bind("lay"), prefix="lay", initial=initial, hand=hand)
    replacing = moves.of_kind("replace")
    if replacing:
        first = replacing[0].action
        wanted = len(first["cards"]) + int(first["draws"])
        found["replace"] = ReplaceForm(
            bind("replace"), prefix="replace", initial=initial, hand=hand, wanted=wanted
        )
    plays = moves.of_kind("play")
    if plays:
        names = [p.name for p in current.players]
        rows = [
            (seat, descriptions.whose_malus_cards(seat, current.seat, names), list(row))
            for seat, row in enumerate(view["rows"])
        ]
        # The Echanges and Malus + a pli may carry: the same ones go with every pli.
        actions: dict[str, str] = {}
        for move in plays:
            carried = move.action.get("action")
            if carried:
                notation = move.notation.split(" + ", 1)[1]
                if notation not in actions:
                    actions[notation] = descriptions.action(carried, names, current.game.config)
        found["pli"] = PliForm(
            bind("pli"),
            prefix="pli",
            initial=initial,
            hand=hand,
            rows=rows,
            actions=list(actions.items()),
            out_of_turn=current.seat not in current.progress.awaiting,
        )
    others = [m for m in moves.listed if m.kind not in ("play", "lay", "replace")]
    if others:
        found["choice"] = ChoiceForm(bind("choice"), prefix="choice", initial=initial, moves=others)
    return found
