"""Forms every game's pages share: a new table's name and clock, invitations, the standing
orders, and what every move form carries. Each game's own forms are in its package."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import timedelta
from typing import Any

from django import forms
from django.utils.text import capfirst
from django.utils.translation import gettext_lazy as _

from games.models import BotLevels
from games.names import validate_one_line

DEADLINES = [
    ("", _("no deadline")),
    ("1", _("1 day")),
    ("2", _("2 days")),
    ("3", _("3 days")),
    ("7", _("a week")),
]


class NewGameForm(forms.Form):
    """What every game's new table asks: its name, who may join, the clock."""

    name = forms.CharField(
        label=_("Name of the game"), max_length=80, validators=[validate_one_line]
    )
    public = forms.BooleanField(
        label=_("List it in the lobby so that anyone may join"),
        help_text=_(
            "Anyone may watch a public game. A private one is seen only by its players "
            "and by whoever you give its invitation link."
        ),
        required=False,
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
        # Buttons whose long words wrap on a phone, where a list's would be cut.
        widget=forms.RadioSelect,
    )
    bot_level = forms.TypedChoiceField(
        label=_("Level of the bots"),
        help_text=_(
            "The bots you seat at this table, and the one that plays for an absent player."
        ),
        choices=BotLevels.choices,
        coerce=int,
        initial=BotLevels.HEURISTIC,
        # Buttons whose long words wrap on a phone, where a list's would be cut.
        widget=forms.RadioSelect,
        # Left out (a form posted by a script), the table's bots play their heuristic.
        required=False,
        empty_value=BotLevels.HEURISTIC,
    )

    def deadline(self) -> timedelta | None:
        days = self.cleaned_data.get("move_deadline")
        return timedelta(days=int(days)) if days else None


class InviteForm(forms.Form):
    email = forms.EmailField(label=_("Friend's email address"))


class MoveChoiceField(forms.ChoiceField):
    """One of some moves in words (a table's other moves, an Action card going with a pli),
    as radio buttons: their words (a target player's name) wrap on a phone, where a closed
    list's would be cut. Drawn in a ``move-choices`` box (``static/css/site.css``)."""

    widget = forms.RadioSelect


class MoveForm(forms.Form):
    """What every move form carries: the event the player saw, and a key that makes a
    double click or a resent form count once."""

    expected_sequence = forms.IntegerField(widget=forms.HiddenInput)
    idempotency_key = forms.CharField(max_length=64, widget=forms.HiddenInput)

    def offer(self, name: str, moves: Sequence[tuple[str, Any]]) -> None:
        """Offer ``moves`` (value, words) in the :class:`MoveChoiceField` ``name``, their
        words capitalised, the first chosen, as a list starts on its first entry: the
        form's button plays it."""
        field = self.fields[name]
        assert isinstance(field, MoveChoiceField), name
        field.choices = [(value, capfirst(words)) for value, words in moves]
        field.initial = moves[0][0] if moves else None


class OrdersForm(forms.Form):
    """The standing orders a game offers (kind → label), one box each, named after its kind."""

    def __init__(self, *args: Any, kinds: Mapping[str, str], given: set[str], **kwargs: Any):
        super().__init__(*args, **kwargs)
        self._kinds = list(kinds)
        for kind, label in kinds.items():
            self.fields[_field(kind)] = forms.BooleanField(
                label=label, required=False, initial=kind in given
            )

    def chosen(self) -> set[str]:
        """The kinds of order ticked in the valid form."""
        return {kind for kind in self._kinds if self.cleaned_data[_field(kind)]}


def _field(kind: str) -> str:
    return kind.replace("-", "_")
