"""Numenko's forms: its new-game options and the table's move form.

The move form is the game's notation, as the API and email replies read it: the grid as
rows of text (the tap-to-build grid of the table fills the same field), and what the move
asks of the pot, chosen by the button that sends it. The engine then judges the move, so a
refusal names the rule it breaks and the first wrong run.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from django import forms
from django.utils.translation import gettext_lazy as _

from games.descriptions import unreadable_in_words
from games.engine.numenko import Mode, NotationError, NumenkoConfig, Play, parse_grid
from games.engine.numenko.state import MAX_PLAYERS, MIN_PLAYERS
from games.engine.numenko.tiles import ORDER, tile_of
from games.forms import MoveForm

if TYPE_CHECKING:
    from games.engine.numenko import Grid
    from games.presenters import Table
    from games.rulesets.numenko.preview import Build

#: The move form's prefix: the preview's query names its fields (``play-grid``).
PREFIX = "play"
#: A grid of every tile of a hand laid in one line, with room for rows, spaces and signs
#: written twice: a bound that keeps absurd posts out.
MAX_GRID = 2000
NOTHING, EXCHANGE, FINI = "nothing", "exchange", "fini"


class NumenkoOptions(forms.Form):
    """A new Numenko game's options: 2 to 6 players, in rounds (by mail) or live."""

    players = forms.TypedChoiceField(
        label=_("Players"),
        coerce=int,
        choices=[(n, n) for n in range(MIN_PLAYERS, MAX_PLAYERS + 1)],
        initial=2,
    )
    mode = forms.ChoiceField(
        label=_("How the race is played"),
        choices=[
            (
                Mode.ROUNDS.value,
                _(
                    "By mail, in rounds: everyone moves once a round, in secret; the requests "
                    "are then served in an order drawn by chance"
                ),
            ),
            (
                Mode.LIVE.value,
                _("Live: each move counts when it arrives, for friends online together"),
            ),
        ],
        widget=forms.RadioSelect,
        help_text=_(
            "The rule book plays it live; by mail, where each player looks once a day, the "
            "race would go to whoever looks most often."
        ),
        initial=Mode.ROUNDS.value,
        # Left out (a form posted by a script), the table is played in rounds.
        required=False,
    )

    def config(self) -> dict[str, Any]:
        chosen = self.cleaned_data["mode"] or Mode.ROUNDS.value
        return NumenkoConfig(self.cleaned_data["players"], Mode(chosen)).to_json()


class GridForm(forms.Form):
    """The grid, as rows of notation: alone, it reads a preview's query; :class:`PlayForm`
    adds what a move carries."""

    grid = forms.CharField(
        label=_("Your grid, written out"),
        help_text=_(
            "Rows from the top, separated by / or new lines: a digit, + - x : = for a "
            "Multichoice, [x+] for a sign read differently down, F before a Freechoice's "
            "digit or sign, . for an empty square."
        ),
        max_length=MAX_GRID,
        required=False,
        strip=True,
        widget=forms.Textarea(attrs={"rows": 3, "spellcheck": "false", "autocapitalize": "off"}),
    )

    def clean_grid(self) -> Grid:
        try:
            return parse_grid(self.cleaned_data["grid"])
        except NotationError as error:
            raise forms.ValidationError(unreadable_in_words(error)) from None


class PlayForm(MoveForm, GridForm):
    """A move: the grid, and the request chosen by the button pressed (nothing, an exchange
    of the tile chosen, or fini). A grid as it stands already is kept (``pass`` when
    nothing is asked), so that the history says so."""

    ask = forms.ChoiceField(
        label=_("Ask the pot for"),
        choices=[(NOTHING, _("nothing")), (EXCHANGE, _("an exchange")), (FINI, _("fini"))],
        required=False,
    )
    tile = forms.ChoiceField(
        label=_("Tile to exchange"),
        choices=[(kind.value, kind.value) for kind in ORDER],
        required=False,
    )

    def __init__(self, *args: Any, current: tuple[str, ...], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        #: The seat's grid as it stands (its rows of notation).
        self.current = current
        #: The grid the form shows, judged (set by the site adapter from the seat's view).
        self.build: Build | None = None

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if data.get("ask") == EXCHANGE and not data.get("tile"):
            self.add_error("tile", _("Choose the tile of your hand to give back."))
        return data

    def action(self) -> Play:
        data = self.cleaned_data
        laid: Grid = data["grid"]
        kept = None if laid.rows() == self.current else laid
        if data["ask"] == EXCHANGE:
            return Play(kept, exchange=tile_of(data["tile"]))
        return Play(kept, fini=data["ask"] == FINI)


def move_forms(
    current: Table, form_key: str, data: Mapping[str, Any] | None = None
) -> dict[str, forms.Form]:
    """``play``, while the seat may move, carrying the page's ``form_key`` and its grid as
    it stands; ``data`` binds it when it was the form posted."""
    pending = current.moves.pending if current.moves else None
    if not pending:
        return {}
    bound = data if data is not None and data.get("form") == PREFIX else None
    rows = tuple(pending["grid"])
    initial = {
        "expected_sequence": current.sequence,
        "idempotency_key": form_key,
        "grid": " / ".join(rows),
        "ask": NOTHING,
    }
    return {PREFIX: PlayForm(bound, prefix=PREFIX, initial=initial, current=rows)}
