"""Forms of the lobby and the table. Move forms only offer what the engine's legal set
holds, and turn what was posted into an engine action; the engine then judges it."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from datetime import timedelta
from typing import Any

from django import forms
from django.forms.renderers import DjangoTemplates
from django.http import HttpRequest
from django.utils import formats
from django.utils.html import conditional_escape, format_html, format_html_join
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext_lazy as _

from games.engine.numx import (
    Distribute,
    Face,
    Mode,
    Placement,
    Play,
    Resolve,
    Side,
    parse_action,
)
from games.moves import LegalMoves, Move
from games.words import action as action_words
from games.words import card as card_words

DEADLINES = [
    ("", _("no deadline")),
    ("1", _("1 day")),
    ("2", _("2 days")),
    ("3", _("3 days")),
    ("7", _("a week")),
]


class NewGameForm(forms.Form):
    name = forms.CharField(label=_("Name of the game"), max_length=80)
    mode = forms.ChoiceField(
        label=_("Mode"),
        choices=[
            (Mode.SPEED_RUN.value, _("Speed Run: 13 cards, one round")),
            (Mode.X_GAME.value, _("X-Game: 10 cards, two rounds")),
            (Mode.FAMILY.value, _("Family: 12 cards, no Action cards, simple scoring")),
        ],
    )
    players = forms.TypedChoiceField(
        label=_("Players"), coerce=int, choices=[(n, n) for n in range(2, 7)], initial=4
    )
    teams = forms.BooleanField(label=_("Teams of two (4 or 6 players)"), required=False)
    public = forms.BooleanField(
        label=_("List it in the lobby so that anyone may join"), required=False
    )
    move_deadline = forms.ChoiceField(
        label=_("Time for each move"), choices=DEADLINES, required=False
    )
    deadline_policy = forms.ChoiceField(
        label=_("When a player's time and time bank run out"),
        choices=[
            ("pass", _("an automatic pass (a bot's move where passing is not possible)")),
            ("bot", _("a bot plays the move")),
        ],
        initial="pass",
    )

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        if data.get("teams") and data.get("players") not in (4, 6):
            raise forms.ValidationError(_("Teams are 2 or 3 teams of two: choose 4 or 6 players."))
        return data

    def config(self) -> dict[str, Any]:
        data = self.cleaned_data
        return {"players": data["players"], "mode": data["mode"], "teams": data["teams"]}

    def deadline(self) -> timedelta | None:
        days = self.cleaned_data.get("move_deadline")
        return timedelta(days=int(days)) if days else None


class InviteForm(forms.Form):
    email = forms.EmailField(label=_("Friend's email address"))


# Django's widget templates, written in Python. Each function returns what its template
# (named in its docstring) renders, with the file's final line break: an included
# template's output keeps it, and only the outermost one is stripped.


def _text(value: Any) -> SafeString:
    """``{{ value }}``."""
    return conditional_escape(formats.localize(value))


def _attrs(widget: Mapping[str, Any]) -> SafeString:
    """attrs.html."""
    return format_html_join(
        "",
        " {}{}",
        (
            (name, "" if value is True else format_html('="{}"', str(value)))
            for name, value in widget["attrs"].items()
            if value is not False
        ),
    )


def _input(widget: Mapping[str, Any]) -> SafeString:
    """input.html."""
    value = "" if widget["value"] is None else format_html(' value="{}"', str(widget["value"]))
    return format_html(
        '<input type="{}" name="{}"{}{}>\n', widget["type"], widget["name"], value, _attrs(widget)
    )


def _input_only(widget: Mapping[str, Any]) -> SafeString:
    """hidden.html, checkbox.html: input.html alone."""
    return format_html("{}\n", _input(widget))


def _input_option(widget: Mapping[str, Any]) -> SafeString:
    """checkbox_option.html: input_option.html, an input and its label."""
    drawn = _input(widget)
    if widget.get("wrap_label"):
        target = widget["attrs"].get("id")
        label_for = format_html(' for="{}"', target) if target else ""
        drawn = format_html("<label{}>{} {}</label>", label_for, drawn, _text(widget["label"]))
    return format_html("{}\n\n", drawn)


def _select_option(widget: Mapping[str, Any]) -> SafeString:
    """select_option.html."""
    return format_html(
        '<option value="{}"{}>{}</option>\n',
        str(widget["value"]),
        _attrs(widget),
        _text(widget["label"]),
    )


def _select(widget: Mapping[str, Any]) -> SafeString:
    """select.html."""
    parts = [format_html('<select name="{}"{}>', widget["name"], _attrs(widget))]
    for group, options, _index in widget["optgroups"]:
        if group:
            parts.append(format_html('\n  <optgroup label="{}">', _text(group)))
        parts.extend(format_html("\n  {}", _option(option)) for option in options)
        if group:
            parts.append("\n  </optgroup>")
    parts.append("\n</select>\n")
    return mark_safe("".join(parts))  # values escaped above, the rest is fixed markup


def _checkbox_select(widget: Mapping[str, Any]) -> SafeString:
    """checkbox_select.html: multiple_input.html, a list of check boxes."""
    attrs = widget["attrs"]
    parts = [
        format_html(
            "<div{}{}>",
            format_html(' id="{}"', attrs["id"]) if attrs.get("id") else "",
            format_html(' class="{}"', attrs["class"]) if attrs.get("class") else "",
        )
    ]
    for group, options, _index in widget["optgroups"]:
        if group:
            parts.append(format_html("\n  <div><label>{}</label>", _text(group)))
        parts.extend(format_html("<div>\n    {}</div>", _option(option)) for option in options)
        if group:
            parts.append("\n  </div>")
    parts.append("\n</div>\n\n")
    return mark_safe("".join(parts))  # values escaped above, the rest is fixed markup


def _option(widget: Mapping[str, Any]) -> SafeString:
    return _DRAWN[widget["template_name"]](widget)


_DRAWN: dict[str, Callable[[Mapping[str, Any]], SafeString]] = {
    f"django/forms/widgets/{name}.html": draw
    for name, draw in (
        ("hidden", _input_only),
        ("checkbox", _input_only),
        ("checkbox_option", _input_option),
        ("select", _select),
        ("select_option", _select_option),
        ("checkbox_select", _checkbox_select),
    )
}


class TableWidgets(DjangoTemplates):
    """Django's form renderer, with the widgets of the move forms drawn in Python.

    The table draws a box per card of the hand, a list of seventeen Joker values, selects
    per card to hand out, hidden fields in every form: through the template engine (a
    template and two includes per widget, one more per option) they cost more than all
    the rest of the page. The functions above write the HTML of Django's templates
    (tests/games/test_table_widgets.py compares them); other templates still go to them.
    """

    def render(
        self, template_name: str, context: dict[str, Any], request: HttpRequest | None = None
    ) -> str:
        """``template_name`` rendered with ``context``, as Django's renderer would."""
        draw = _DRAWN.get(template_name)
        if draw is None:
            return super().render(template_name, context, request)
        return draw(context["widget"]).strip()


class MoveForm(forms.Form):
    """What every move form carries: the event the player saw, and a key that makes a
    double click or a resent form count once."""

    default_renderer = TableWidgets()

    expected_sequence = forms.IntegerField(widget=forms.HiddenInput)
    idempotency_key = forms.CharField(max_length=64, widget=forms.HiddenInput)


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
    bonus = forms.ChoiceField(label=_("Shadow's bonus Action card"), required=False)

    def __init__(
        self, *args: Any, hand: list[str], moves: LegalMoves, names: list[str], **kwargs: Any
    ) -> None:
        super().__init__(*args, **kwargs)
        self.hand = hand
        # Action cards never go into a pli: they are played from the other moves.
        self.layable = [i for i, name in enumerate(hand) if not Face.parse(name).is_action]
        self.fields["cards"].choices = [(str(i), card_words(hand[i])) for i in self.layable]
        bonuses: dict[str, str] = {}
        for move in moves.of_kind("play"):
            bonus = move.action.get("bonus")
            if bonus:
                bonuses[move.notation.split(" + ", 1)[1]] = action_words(bonus, names)
        self.fields["bonus"].choices = [("", _("no bonus")), *bonuses.items()]
        self.has_bonus = bool(bonuses)

    def card_boxes(self) -> list[tuple[Any, str]]:
        """Every card of the hand, in order, with its checkbox (None for an Action card,
        which is played from the other moves, never in a pli)."""
        boxes = dict(zip(self.layable, self["cards"], strict=True))
        return [(boxes.get(index), name) for index, name in enumerate(self.hand)]

    def action(self) -> Play:
        faces = tuple(Face.parse(self.hand[int(index)]) for index in self.cleaned_data["cards"])
        bonus = self.cleaned_data.get("bonus")
        return Play(faces, self.cleaned_data.get("value"), parse_action(bonus) if bonus else None)


#: Moves offered as buttons; every other listed move is an entry of a list.
BUTTON_KINDS = frozenset({"pass", "draw", "complete", "pick", "refill", "reset"})


class ChoiceForm(MoveForm):
    """One of the listed legal moves other than plis, by its notation: common ones as
    buttons, the rest (Action cards and their targets, take-backs) in a list."""

    # Two fields, so that a browser without JavaScript, which posts the list's selection
    # along with any clicked button, still plays the button's move.
    move = forms.ChoiceField(label=_("Move"), required=False)
    other = forms.ChoiceField(label=_("Other moves"), required=False)

    def __init__(self, *args: Any, moves: list[Move], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.buttons = [(m.notation, m.description) for m in moves if m.kind in BUTTON_KINDS]
        self.others = [(m.notation, m.description) for m in moves if m.kind not in BUTTON_KINDS]
        self.fields["move"].choices = self.buttons
        self.fields["other"].choices = self.others

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        if not (cleaned.get("move") or cleaned.get("other")):
            raise forms.ValidationError(_("Choose a move."))
        return cleaned

    def action(self) -> Any:
        return parse_action(self.cleaned_data["move"] or self.cleaned_data["other"])


_UP = [("up", _("face up")), ("down", _("face down"))]
_SIDE = [(Side.LEFT.value, _("left end")), (Side.RIGHT.value, _("right end"))]


class DistributionForm(MoveForm):
    """For each eligible card: who receives it (or the discard), face up or down, which end."""

    def __init__(
        self, *args: Any, cards: list[str], receivers: list[tuple[int, str]], **kwargs: Any
    ) -> None:
        super().__init__(*args, **kwargs)
        self.cards = cards
        for index, name in enumerate(cards):
            self.fields[f"to_{index}"] = forms.ChoiceField(
                label=card_words(name),
                choices=[("", _("discard")), *[(str(n), who) for n, who in receivers]],
                required=False,
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


class OrdersForm(forms.Form):
    pass_rest = forms.BooleanField(label=_("Pass for the rest of this trick"), required=False)
    no_completion = forms.BooleanField(
        label=_("Never complete out of turn in this trick"), required=False
    )
