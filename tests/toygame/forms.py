"""Toy's forms: a new game's options, and the one move form of its table."""

from __future__ import annotations

from typing import Any

from django import forms

from games.forms import MoveForm
from tests.toygame.rules import MOST_TAKEN, RULES, Bid, Take


class ToyOptions(forms.Form):
    """A new Toy game's options: how many players, how many tokens in the pile."""

    players = forms.TypedChoiceField(
        label="Players", coerce=int, choices=[(n, n) for n in range(2, 5)], initial=2
    )
    pile = forms.IntegerField(label="Tokens in the pile", min_value=1, max_value=30, initial=10)
    bids = forms.BooleanField(label="Bid for the first turn", required=False)

    def config(self) -> dict[str, Any]:
        chosen = {"players": self.cleaned_data["players"], "pile": self.cleaned_data["pile"]}
        return {**chosen, "bids": True} if self.cleaned_data["bids"] else chosen


class TakeForm(MoveForm):
    """How many tokens to take. The form asks for a count the rules could allow; the engine
    judges it against the pile (and refuses, naming its rule, what the pile cannot give)."""

    count = forms.IntegerField(label="Tokens to take", min_value=1, max_value=MOST_TAKEN)

    def action(self) -> Take:
        return RULES.parse_action(f"take {self.cleaned_data['count']}")


class BidForm(MoveForm):
    """A secret bid for the first turn."""

    count = forms.IntegerField(label="Your bid", min_value=1, max_value=MOST_TAKEN)

    def action(self) -> Bid:
        return Bid(self.cleaned_data["count"])
