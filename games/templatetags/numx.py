"""Template helpers: cards and moves in words and in pictures."""

from __future__ import annotations

import functools

from django import template
from django.utils import translation
from django.utils.html import format_html
from django.utils.safestring import SafeString

from games.engine.numx import Face, Kind
from games.words import card as card_words

register = template.Library()


@register.simple_tag
def card(name: str | None, face_up: bool = True) -> SafeString:
    """A card as a small picture with its name for screen readers; a back when hidden."""
    # A table page draws dozens of cards from a deck of a few dozen faces: each picture
    # is built once per face and language.
    return _card(name, bool(face_up), translation.get_language())


@functools.lru_cache(maxsize=1024)
def _card(name: str | None, face_up: bool, language: str | None) -> SafeString:
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
        css, mark = "card-action", f"M {face.hand:+d}/{face.score:+d}"
    else:
        css = "card-action" if face.is_action else "card-special"
        mark = {Kind.INFINITY: "∞", Kind.NUMX: "X", Kind.JOKER: "J"}.get(face.kind, face.text[:2])
    return format_html(
        '<span class="card {}{}" role="img" aria-label="{}" title="{}">{}</span>',
        css,
        "" if face_up else " face-down",
        words := card_words(name),
        words,
        mark,
    )


@register.filter
def card_name(name: str | None) -> str:
    return card_words(name)
