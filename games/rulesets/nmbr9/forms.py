"""NMBR 9's forms: its new-game options and the table's placement form.

The placement form asks only what the player chooses: the square of the tile's top-left
corner and its turn. The tile is the card's digit (the form takes it from the seat's
``pending`` choice), and the level is where the tile lands; the engine then judges the
placement, so a refusal names the rule it breaks.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from django import forms
from django.utils.translation import gettext_lazy as _

from games.engine.nmbr9 import TURNS, Nmbr9Config, Place
from games.engine.nmbr9.state import MAX_PLAYERS, MIN_PLAYERS
from games.forms import MoveForm

if TYPE_CHECKING:
    from games.presenters import Table
    from games.rulesets.nmbr9.preview import Preview

#: How far from the first tile a coordinate may go: a stack of 20 tiles, each at most 4
#: squares long, reaches 80 squares at most (a bound that keeps absurd numbers out).
REACH = 80


class Nmbr9Options(forms.Form):
    """A new NMBR 9 game's options: 1 (solo) to 4 players."""

    players = forms.TypedChoiceField(
        label=_("Players"),
        coerce=int,
        choices=[(n, n) for n in range(MIN_PLAYERS, MAX_PLAYERS + 1)],
        initial=2,
    )

    def config(self) -> dict[str, Any]:
        return Nmbr9Config(self.cleaned_data["players"]).to_json()


class SquareForm(forms.Form):
    """Where to put the tile of the card turned up: ``x``, ``y`` (the top-left corner of
    the turned tile's box; ``x`` to the right, ``y`` downwards) and the clockwise turn.
    Alone, it reads a preview's query; :class:`PlaceForm` adds what a move carries."""

    x = forms.IntegerField(label=_("Column (x)"), min_value=-REACH, max_value=REACH)
    y = forms.IntegerField(label=_("Row (y)"), min_value=-REACH, max_value=REACH)
    turn = forms.TypedChoiceField(
        label=_("Turn"),
        coerce=int,
        choices=[(turn, f"{turn}°") for turn in TURNS],
        widget=forms.RadioSelect,
        initial=0,
    )


class PlaceForm(MoveForm, SquareForm):
    """The placement a seat sends: the square and turn of :class:`SquareForm`, with the
    event the player saw and the form's idempotency key."""

    def __init__(self, *args: Any, card: int, first: bool, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        #: The digit of the card turned up: the tile to place.
        self.card = card
        #: Whether it is the seat's first tile (it goes at 0,0).
        self.first = first
        #: What the grid shows of the placement (set by the site adapter, which reads the
        #: seat's stack).
        self.preview: Preview | None = None

    def action(self) -> Place:
        data = self.cleaned_data
        return Place(self.card, data["x"], data["y"], data["turn"])


def move_forms(
    current: Table, form_key: str, data: Mapping[str, Any] | None = None
) -> dict[str, forms.Form]:
    """``place``, while the seat must place the card turned up, carrying the page's
    ``form_key``; ``data`` binds it when it was the form posted."""
    pending = current.moves.pending if current.moves else None
    if not pending:
        return {}
    bound = data if data is not None and data.get("form") == "place" else None
    initial = {"expected_sequence": current.sequence, "idempotency_key": form_key}
    form = PlaceForm(
        bound, prefix="place", initial=initial, card=pending["card"], first=pending["first"]
    )
    return {"place": form}
