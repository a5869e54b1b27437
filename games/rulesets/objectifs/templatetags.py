"""Template helpers (``{% load objectifs %}``): cards as the site's card faces (NUM-X's,
``.card`` in ``static/css/site.css``), the checkboxes of the move forms, the moves offered.

Like NUM-X's tags, these write in one go what a template loop would draw node by node: a
table shows dozens of cards and up to hundreds of moves on every look.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from django import template
from django.utils import translation
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString, mark_safe
from django.utils.text import capfirst

from games.descriptions import signed
from games.engine.objectifs import Card, Kind
from games.engine.objectifs.cards import INFINITY
from games.rulesets.objectifs.descriptions import (
    JOKER,
    joker_words,
    objective_text,
    value,
)
from games.rulesets.objectifs.descriptions import card as card_words
from games.rulesets.objectifs.descriptions import objective as objective_words
from games.rulesets.objectifs.forms import CardBox

register = template.Library()

_SPECIAL_MARKS = {Kind.JOKER: "J", Kind.NUMX: "X", Kind.ECHANGE: "\u21c4"}


@register.simple_tag
def card(name: str | None) -> SafeString:
    """A card as a small picture with its name for screen readers; a back when hidden."""
    return _card(name, translation.get_language())


@register.simple_tag
def cards(names: Iterable[str | None]) -> SafeString:
    """Cards side by side."""
    language = translation.get_language()
    return mark_safe("".join(_card(name, language) for name in names))  # each built escaped


@register.simple_tag
def pli_cards(pli: Mapping[str, Any]) -> SafeString:
    """A pli's cards (``{"cards", "value"}``), an X-Joker with the value it stands for there:
    nothing else on the table says it."""
    language = translation.get_language()
    joker_as = pli["value"]
    drawn = (_card(name, language, joker_as if name == JOKER else None) for name in pli["cards"])
    return mark_safe("".join(drawn))  # each built escaped


@register.simple_tag
def pick_boxes(boxes: Sequence[tuple[CardBox | None, str]]) -> SafeString:
    """Cards with their checkboxes (a form's ``hand_boxes``, one seat's ``row_boxes``): each
    card that may be chosen as a checkbox labelled by the card; the others shown only."""
    language = translation.get_language()
    drawn = []
    for box, name in boxes:
        picture = _card(name, language)
        if box is None:
            drawn.append(format_html('<span class="not-layable">{}</span>', picture))
            continue
        drawn.append(
            format_html(
                '<label class="pick" for="{id}">'
                '<input type="checkbox" name="{name}" value="{value}" id="{id}"{checked}>'
                '{picture}<span class="visually-hidden">{label}</span></label>',
                id=box.id,
                name=box.name,
                value=box.value,
                checked=" checked" if box.checked else "",
                picture=picture,
                label=box.label,
            )
        )
    return mark_safe("\n".join(drawn))  # each built escaped


@register.simple_tag
def move_buttons(form: Any) -> SafeString:
    """A choice form's common moves (``ChoiceForm.buttons``), a submit button each."""
    name = form["move"].html_name
    return format_html_join(
        "\n",
        '<button type="submit" name="{}" value="{}">{}</button>',
        ((name, notation, capfirst(words)) for notation, words in form.buttons),
    )


@register.filter
def objective_name(name: str | None) -> str:
    """An objective's name ("Fewer than 5")."""
    return objective_words(name)


@register.filter
def objective_rule(name: str) -> str:
    """An objective with what it asks and its bonus."""
    return objective_text(name)


@register.filter
def points(number: int) -> str:
    """Points with their sign: "+10", "-12" (a minus sign, U+2212)."""
    return signed(number)


@functools.lru_cache(maxsize=512)
def _card(name: str | None, language: str | None, joker_as: str | None = None) -> SafeString:
    if name is None:
        return format_html(
            '<span class="card card-back" role="img" aria-label="{}"></span>', card_words(None)
        )
    face = Card.parse(name)
    words = card_words(name)
    if face.kind is Kind.CLASSIC:
        assert face.value is not None
        if face.value == INFINITY:
            css, mark = "card-special", "\u221e"
        else:
            css = "objectifs-negative" if face.value < 0 else "objectifs-classic"
            mark = value(face.value)
    elif face.kind is Kind.MALUS:
        css, mark = "card-action", f"M+{face.hand}/+{face.row}"
    else:
        css = "card-action" if face.is_action else "card-special"
        mark = _SPECIAL_MARKS[face.kind]
    if joker_as is not None:
        shown = "\u221e" if joker_as == "infinity" else value(joker_as)
        css, mark = f"{css} joker-as", f"J={shown}"
        words = joker_words(joker_as)
    return format_html(
        '<span class="card {}" role="img" aria-label="{}" title="{}">{}</span>',
        css,
        words,
        words,
        mark,
    )
