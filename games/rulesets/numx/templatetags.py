"""Template helpers: cards and moves in words and in pictures."""

from __future__ import annotations

import functools
from collections.abc import Iterable, Mapping
from typing import Any

from django import template
from django.utils import translation
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString, mark_safe
from django.utils.text import capfirst

from games.descriptions import signed
from games.engine.numx import Face, Kind
from games.rulesets.numx.descriptions import JOKER, face_down_words, joker_words
from games.rulesets.numx.descriptions import card as card_words

register = template.Library()


@register.simple_tag
def card(name: str | None, face_up: bool = True) -> SafeString:
    """A card as a small picture with its name for screen readers; a back when hidden."""
    # A table page draws dozens of cards from a deck of a few dozen faces: each picture
    # is built once per face and language.
    return _card(name, bool(face_up), translation.get_language())


# The tags below draw what would otherwise be a template loop over a hand, a score row or
# a list of moves: a tag in a loop costs a template node per card, and a table shows dozens
# of cards and moves on every refresh.


@register.simple_tag
def cards(names: Iterable[str | None]) -> SafeString:
    """Cards side by side, each as ``card`` draws it face up."""
    language = translation.get_language()
    return mark_safe("".join(_card(name, True, language) for name in names))  # built escaped


@register.simple_tag
def pli_cards(pli: Mapping[str, Any]) -> SafeString:
    """A pli's cards (``{"cards", "value"}``), each as ``card`` draws it, a Joker with the
    value it was laid as: nothing else on the table says what it stood for."""
    language = translation.get_language()
    value = pli["value"]
    drawn = (_card(name, True, language, value if name == JOKER else None) for name in pli["cards"])
    return mark_safe("".join(drawn))  # built escaped


@register.simple_tag
def score_row(row: Iterable[Mapping[str, Any]]) -> SafeString:
    """A score row's cards from left to right (``{"card", "face_up"}`` each), face down
    ones turned over."""
    language = translation.get_language()
    drawn = (_card(entry["card"], bool(entry["face_up"]), language) for entry in row)
    return mark_safe("".join(drawn))  # built escaped


@register.simple_tag
def pick_boxes(form: Any) -> SafeString:
    """The hand in a pli form (``PliForm.card_boxes``): each card a legal pli may hold now
    as a check box labelled by the card, marked playable; the others shown, not selectable,
    an Action card with its name in words (its picture's letters are no word a player
    knows)."""
    language = translation.get_language()
    drawn = []
    for box, name in form.card_boxes():
        picture = _card(name, True, language)
        if box is None:
            caption = (
                format_html('<span class="card-caption">{}</span>', card_words(name))
                if Face.parse(name).is_action
                else ""
            )
            drawn.append(format_html('<span class="not-layable">{}{}</span>', picture, caption))
            continue
        # The box is written here, not by its widget's template: a hand is drawn box by
        # box on every look at the table, and the widget's templates cost more than the
        # rest of the page.
        drawn.append(
            format_html(
                '<label class="pick playable" for="{id}">'
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
    return mark_safe("\n".join(drawn))  # built escaped


@register.simple_tag
def move_buttons(form: Any) -> SafeString:
    """A choice form's common moves (``ChoiceForm.buttons``), a submit button each."""
    name = form["move"].html_name
    return format_html_join(
        "\n",
        '<button type="submit" name="{}" value="{}">{}</button>',
        ((name, notation, capfirst(description)) for notation, description in form.buttons),
    )


@functools.lru_cache(maxsize=1024)
def _card(
    name: str | None, face_up: bool, language: str | None, joker_as: int | None = None
) -> SafeString:
    if name is None:
        label = card_words(None)
        return format_html(
            '<span class="card card-back{}" role="img" aria-label="{}"></span>',
            "" if face_up else " face-down",
            label,
        )
    face = Face.parse(name)
    if face.kind is Kind.NUMBER:
        assert face.colour is not None
        css, mark = f"card-{face.colour.value}", str(face.value)
    elif face.kind is Kind.MALUS:
        css, mark = "card-action", f"M {signed(face.hand)}/{signed(face.score)}"
    else:
        css = "card-action" if face.is_action else "card-special"
        mark = {Kind.INFINITY: "∞", Kind.NUMX: "X", Kind.JOKER: "J"}.get(face.kind, face.text[:2])
    words = card_words(name)
    if joker_as is not None:
        css, mark, words = f"{css} joker-as", f"J={joker_as}", joker_words(joker_as)
    if not face_up:
        # The picture's frame says it; a screen reader needs the words.
        words = face_down_words(words)
    return format_html(
        '<span class="card {}{}" role="img" aria-label="{}" title="{}">{}</span>',
        css,
        "" if face_up else " face-down",
        words,
        words,
        mark,
    )


@register.filter
def card_name(name: str | None) -> str:
    return card_words(name)
