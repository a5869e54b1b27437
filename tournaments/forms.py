"""Forms of the tournament pages: creating a tournament, inviting, emailing players."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django import forms
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from games.forms import DEADLINES
from games.models import Game
from games.names import validate_one_line
from tournaments.models import Tournament, forfeit_fault
from tournaments.standings import (
    DEFAULT_POINTS,
    PointsRowError,
    format_points_table,
    parse_points,
)

#: What is wrong with a points row, by ``PointsRowError.fault``: said beside the field,
#: naming the row, so that the organiser knows which row to mend and how.
POINTS_ROW_FAULTS = {
    "form": _(
        "“%(row)s” is not written as “4: 8/4/2/1”: a table's size, a colon, then its points."
    ),
    "size": _("“%(row)s”: a table has 2 to 6 players, not %(size)d."),
    "count": _(
        "“%(row)s”: a table of %(size)d needs %(size)d numbers, one per place, not %(count)d."
    ),
    "increasing": _("“%(row)s”: the points must never increase from one place to the next."),
}


class TournamentForm(forms.Form):
    name = forms.CharField(
        label=_("Name of the tournament"), max_length=80, validators=[validate_one_line]
    )
    description = forms.CharField(
        label=_("Description"), widget=forms.Textarea(attrs={"rows": 4}), required=False
    )
    format = forms.ChoiceField(label=_("Format"), choices=Tournament.Format.choices)
    table_size = forms.TypedChoiceField(
        label=_("Players per table"), coerce=int, choices=[(n, n) for n in range(3, 7)], initial=4
    )
    small_tables = forms.BooleanField(
        label=_("Allow tables of two, rather than a table one player larger than chosen"),
        required=False,
    )
    seat_by_rating = forms.BooleanField(
        label=_("Seat the first stage by rating"),
        required=False,
        help_text=_(
            "Players of similar X-Game ratings at the same tables, those not rated yet last;"
            " otherwise a random draw."
        ),
    )
    stage_count = forms.IntegerField(
        label=_("Number of stages (before the final, if any)"), min_value=1, max_value=20, initial=3
    )
    final_size = forms.TypedChoiceField(
        label=_("Players at the final"),
        coerce=int,
        choices=[(n, n) for n in range(3, 7)],
        initial=4,
        help_text=_("Only for the format with a final."),
    )
    move_deadline = forms.ChoiceField(
        label=_("Time for each move"), choices=[d for d in DEADLINES if d[0]], initial="3"
    )
    deadline_policy = forms.ChoiceField(
        label=_("When a player's time and time bank run out"),
        choices=Game.DeadlinePolicy.choices,
        initial=Game.DeadlinePolicy.PASS,
    )
    registration_opens = forms.DateTimeField(
        label=_("Registration opens"),
        widget=forms.DateTimeInput(attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M"),
        required=False,
        help_text=_("Empty: now."),
    )
    registration_closes = forms.DateTimeField(
        label=_("Registration closes"),
        widget=forms.DateTimeInput(attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M"),
        help_text=_(
            "Required. Players register until then; starting the first stage closes "
            "registration sooner."
        ),
    )
    points = forms.CharField(
        label=_("Tournament points per place, for each table size"),
        initial=format_points_table(DEFAULT_POINTS),
        required=False,
        widget=forms.TextInput(attrs={"size": 60}),
        help_text=_("For example “4: 8/4/2/1; 3: 4/2/1”: first place first, never increasing."),
    )
    forfeit_points = forms.IntegerField(
        label=_("Points of a withdrawn, resigned or timed-out player at a table"),
        min_value=0,
        max_value=1000,
        initial=0,
        help_text=_("At most the points of a table's last place (1 with the default points)."),
    )

    def clean_points(self) -> dict[int, tuple[int, ...]]:
        try:
            return parse_points(self.cleaned_data.get("points") or "")
        except PointsRowError as error:
            raise forms.ValidationError(
                POINTS_ROW_FAULTS[error.fault]
                % {"row": error.row, "size": error.size, "count": error.count}
            ) from None

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        self._check_forfeit(data)
        opens, closes = data.get("registration_opens"), data.get("registration_closes")
        if opens and closes and closes <= opens:
            self.add_error("registration_closes", _("Registration must close after it opens."))
        elif not opens and closes and closes <= timezone.now():
            # Left empty, it opens now (``tournament_create``): a closing date already past
            # would break the tournament's dates.
            self.add_error("registration_closes", _("Registration opens now: it must close later."))
        return data

    def _check_forfeit(self, data: dict[str, Any]) -> None:
        """A forfeit worth more than a last place, refused beside its field
        (:func:`tournaments.models.forfeit_fault`)."""
        rows, forfeit = data.get("points"), data.get("forfeit_points")
        size, fmt = data.get("table_size"), data.get("format")
        if rows is None or forfeit is None or size is None or fmt is None:
            return  # refused already, beside the field at fault
        final = data.get("final_size") if fmt == Tournament.Format.FINAL else None
        fault = forfeit_fault(rows, forfeit, size, bool(data.get("small_tables")), final)
        if fault:
            self.add_error("forfeit_points", fault)

    def values(self) -> dict[str, Any]:
        """Keyword arguments for ``tournament_create``."""
        data = dict(self.cleaned_data)
        data["move_deadline"] = timedelta(days=int(data["move_deadline"]))
        if not data["registration_opens"]:
            del data["registration_opens"]
        return data


class InviteForm(forms.Form):
    email = forms.EmailField(label=_("Email address of the player to invite"))


class EmailForm(forms.Form):
    subject = forms.CharField(label=_("Subject"), max_length=120)
    message = forms.CharField(label=_("Message"), widget=forms.Textarea(attrs={"rows": 6}))
    reply_to_me = forms.BooleanField(
        label=_("Players may reply to my address (they will see it)"),
        required=False,
        help_text=_(
            "The site shows nobody's address: without this, replies do not reach you, and "
            "the email says so."
        ),
    )
