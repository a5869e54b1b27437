"""The move forms' widgets, drawn in Python for speed, are the HTML Django's own widget
templates draw: for every widget the table uses, fresh, filled in and refused."""

from typing import Any

import pytest
from django import forms
from django.forms.renderers import DjangoTemplates
from django.utils import translation

from games.forms import ChoiceForm, DistributionForm, MalusForm, PliForm, TableWidgets
from games.moves import LegalMoves, Move

HAND = ["blue-7", "flip", "joker", "shadow-4", "malus-2/+2"]
NAMES = ['Alice & "Bo"', "<b>Carol</b>"]
INITIAL = {"expected_sequence": 4, "idempotency_key": "k4"}


def plays() -> LegalMoves:
    return LegalMoves(
        4,
        [
            Move("play blue-7", {"type": "play", "cards": ["blue-7"]}, "lay blue 7"),
            Move(
                "play shadow-4 + flip 1",
                {
                    "type": "play",
                    "cards": ["shadow-4"],
                    "bonus": {"type": "flip", "target": 1},
                },
                "lay Shadow 4, then play Flip",
            ),
        ],
    )


def build(kind: str, data: dict[str, Any] | None, **kwargs: Any) -> forms.Form:
    """One of the table's move forms, as the page builds it."""
    common = {"prefix": kind, "initial": INITIAL, **kwargs}
    if kind == "pli":
        return PliForm(data, hand=HAND, moves=plays(), names=NAMES, **common)
    if kind == "choice":
        moves = [
            Move("pass", {"type": "pass"}, "pass"),
            Move("flip 1", {"type": "flip", "target": 1}, 'play Flip on <b>"Carol"</b>'),
        ]
        return ChoiceForm(data, moves=moves, **common)
    if kind == "distribution":
        receivers = list(enumerate(NAMES))
        return DistributionForm(data, cards=["blue-7", "shadow-4"], receivers=receivers, **common)
    return MalusForm(data, hand=HAND, row=["blue-7", None], drawn=["red-2"], **common)


POSTED = {
    "pli": {"pli-cards": ["0", "3"], "pli-value": "12", "pli-bonus": "flip 1"},
    "choice": {"choice-other": "flip 1"},
    "distribution": {"distribution-to_0": "1", "distribution-up_0": "down"},
    "malus": {"malus-discard": ["1"], "malus-remove": ["0"], "malus-side_0": "left"},
}


def drawn(form: forms.Form) -> list[str]:
    """Every widget of ``form`` as the page may print it, box by box for the check boxes."""
    html = []
    for field in form:
        html.append(str(field))
        if isinstance(field.field.widget, forms.CheckboxSelectMultiple):
            html.extend(str(box.tag()) for box in field)
            html.extend(str(box) for box in field)
    return html


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("kind", ["pli", "choice", "distribution", "malus"])
@pytest.mark.parametrize("state", ["fresh", "posted", "refused"])
def test_the_table_widgets_draw_what_django_draws(kind: str, state: str, language: str) -> None:
    data = None
    if state != "fresh":
        # "refused": the hidden fields are missing, so they are drawn with their errors.
        hidden = {f"{kind}-expected_sequence": "4", f"{kind}-idempotency_key": "k4"}
        data = {**POSTED[kind], **(hidden if state == "posted" else {})}
    with translation.override(language):
        ours, django = build(kind, data), build(kind, data, renderer=DjangoTemplates())
        if data is not None:
            ours.is_valid()
            django.is_valid()
        assert isinstance(ours.renderer, TableWidgets)
        assert drawn(ours) == drawn(django)
