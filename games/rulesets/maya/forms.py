"""Maya's forms: its new-game options and the table's move forms.

Move forms offer what the engine's legal set holds, each play with the count it would
make ("+4: 5 → 9"), and turn what was posted into an engine action; the engine then judges
it, so a forged post is refused with the rule it breaks.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from django import forms
from django.utils.translation import gettext_lazy as _

from games.descriptions import unreadable_in_words
from games.engine.maya import Guess, MayaConfig, NotationError, Play, Start, parse_action
from games.engine.maya.turns import resolve
from games.forms import MoveForm
from games.moves import Move
from games.rulesets.maya.descriptions import played, plays

if TYPE_CHECKING:
    from games.presenters import Table


class MayaOptions(forms.Form):
    """A new Maya game's options: players and the expert variant."""

    players = forms.TypedChoiceField(
        label=_("Players"), coerce=int, choices=[(n, n) for n in range(2, 5)], initial=2
    )
    expert = forms.BooleanField(
        label=_("Expert variant: instead of playing, guess an opponent's secret number"),
        help_text=_("The rule book’s variant for experts."),
        required=False,
    )

    def config(self) -> dict[str, Any]:
        data = self.cleaned_data
        return MayaConfig(data["players"], data["expert"]).to_json()


@dataclass(frozen=True)
class Option:
    """One legal play offered: its notation, its cards in words, the count it makes."""

    notation: str
    label: str
    count: int


class PlayForm(MoveForm):
    """A play by its notation (a button's or a list's value); any other action is refused."""

    move = forms.CharField(label=_("Play"), max_length=200)

    def __init__(self, *args: Any, options: list[Option], first: str = "", **kwargs: Any):
        super().__init__(*args, **kwargs)
        #: The plays offered, and (for a Temple's or a Skip's form) the card that opens them.
        self.options = options
        self.first = first

    def clean_move(self) -> Play:
        try:
            action = parse_action(self.cleaned_data["move"])
        except NotationError as error:
            raise forms.ValidationError(unreadable_in_words(error)) from None
        if not isinstance(action, Play):
            raise forms.ValidationError(_("This form plays cards."))
        return action

    def action(self) -> Play:
        play: Play = self.cleaned_data["move"]
        return play


class GuessForm(MoveForm):
    """The expert variant's guess: an opponent and a number. The engine judges both (an
    opponent's token already guessed at, a number out of 1-10)."""

    target = forms.IntegerField(label=_("Opponent"), min_value=0)
    number = forms.IntegerField(label=_("Their secret number"))

    def __init__(self, *args: Any, targets: list[tuple[int, str]], **kwargs: Any):
        super().__init__(*args, **kwargs)
        #: The opponents whose token may still be guessed at, by seat.
        self.targets = targets

    def action(self) -> Guess:
        return Guess(self.cleaned_data["target"], self.cleaned_data["number"])


class StartForm(MoveForm):
    """The dealer's choice of the count a Joker turned up starts at: a button per count the
    engine allows. The engine judges the count (a forged 0 is refused with its rule)."""

    count = forms.IntegerField(label=_("Starting count"))

    def __init__(self, *args: Any, counts: list[int], **kwargs: Any):
        super().__init__(*args, **kwargs)
        #: The counts offered, from the lowest.
        self.counts = counts

    def action(self) -> Start:
        return Start(self.cleaned_data["count"])


def options(current: Table, moves: list[Move]) -> list[Option]:
    """Each play of ``moves`` with its cards in words and the count it would make."""
    view = current.view
    config = MayaConfig.from_json(view["config"])
    found = []
    for move in moves:
        play = parse_action(move.notation)
        assert isinstance(play, Play)
        made = resolve(view["count"], view["direction"], play, config).total
        found.append(Option(move.notation, plays(move.action["cards"]), made))
    return found


def move_forms(
    current: Table, form_key: str, data: Mapping[str, Any] | None = None
) -> dict[str, forms.Form]:
    """The move forms the seat's legal set calls for, each carrying the page's ``form_key``:
    ``start`` (the dealer of a Joker turned up: a button per starting count), ``play`` (a
    button per one-card play, a Joker's per value), one ``then-<card>`` form per card that
    lets its player go on (a Temple of Zero, a first-edition two-player Skip: its follow-ups
    in a list) and, in the expert variant, ``guess``. ``data`` binds the form it names."""
    moves = current.moves
    if not moves:
        return {}
    posted = data.get("form", "") if data is not None else ""
    initial = {"expected_sequence": current.sequence, "idempotency_key": form_key}
    starts = moves.of_kind("start")
    if starts:
        counts = sorted(int(move.action["count"]) for move in starts)
        bound = data if posted == "start" else None
        return {"start": StartForm(bound, prefix="start", initial=initial, counts=counts)}

    def make(name: str, offered: list[Option], first: str = "") -> PlayForm:
        bound = data if name == posted else None
        return PlayForm(bound, prefix=name, initial=initial, options=offered, first=first)

    found: dict[str, forms.Form] = {}
    singles = [m for m in moves.of_kind("play") if len(m.action["cards"]) == 1]
    if singles:
        found["play"] = make("play", options(current, singles))
    chains: dict[str, list[Move]] = {}
    for move in moves.of_kind("play"):
        if len(move.action["cards"]) > 1:
            chains.setdefault(move.action["cards"][0]["card"], []).append(move)
    for first, chain in chains.items():
        offered = [
            Option(o.notation, plays(m.action["cards"][1:]), o.count)
            for m, o in zip(chain, options(current, chain), strict=True)
        ]
        found[f"then-{first}"] = make(f"then-{first}", offered, played({"card": first}))
    guesses = moves.of_kind("guess")
    if guesses:
        names = [p.name for p in current.players]
        seats = sorted({int(m.action["target"]) for m in guesses})
        bound = data if posted == "guess" else None
        found["guess"] = GuessForm(
            bound, prefix="guess", initial=initial, targets=[(s, names[s]) for s in seats]
        )
    return found
