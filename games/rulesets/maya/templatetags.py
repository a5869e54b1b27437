"""Template helpers (``{% load maya %}``): the count in Maya numerals, the number ladder,
cards, and the play buttons and lists of the move forms.

Like NUM-X's tags, these write in one go what a template loop would draw node by node: a
table is drawn on every look, with a dozen cards and up to a few hundred plays on offer.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django import template
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _

from games.descriptions import MINUS, number, signed
from games.rulesets.maya.descriptions import card as card_words

register = template.Library()

#: The ladder the table draws around the count, as the rule book's number scales run.
LADDER = range(-10, 11)
#: The Maya count in twenties.
BASE = 20


def vigesimal(value: int) -> list[int]:
    """The Maya digits (0-19) of ``value``'s magnitude, the highest place first.

    >>> vigesimal(0), vigesimal(7), vigesimal(38), vigesimal(403)
    ([0], [7], [1, 18], [1, 0, 3])
    """
    value = abs(value)
    digits = [value % BASE]
    while value >= BASE:
        value //= BASE
        digits.insert(0, value % BASE)
    return digits


def _level(digit: int) -> SafeString:
    """One place of a Maya numeral: the shell for zero, else dots (ones) over bars (fives)."""
    if digit == 0:
        return mark_safe('<span class="level"><span class="shell"></span></span>')
    dots = '<span class="dot"></span>' * (digit % 5)
    bars = '<span class="bar"></span>' * (digit // 5)
    row = f'<span class="dots">{dots}</span>' if dots else ""
    return mark_safe(f'<span class="level">{row}{bars}</span>')  # no outside text


@register.simple_tag
def maya_numeral(value: int) -> SafeString:
    """``value`` in Maya numerals (places of twenty stacked, the highest on top). A negative
    count — the Maya wrote none — is its magnitude's numeral after a minus sign, in the
    negative colour, as the cards print a minus value over its Maya symbol."""
    levels = "".join(_level(digit) for digit in vigesimal(value))
    sign = format_html('<span class="sign">{}</span>', MINUS) if value < 0 else ""
    return format_html(
        '<span class="maya-numeral{}" role="img" aria-label="{}">{}<span class="levels">{}'
        "</span></span>",
        " negative" if value < 0 else "",
        _("%(number)s in Maya numerals") % {"number": number(value)},
        sign,
        mark_safe(levels),  # built from constants
    )


@register.simple_tag
def ladder(count: int) -> SafeString:
    """The numbers -10…+10 in a row, the count marked; a count beyond them marks none."""
    return format_html_join(
        "",
        '<li class="{}"{}>{}</li>',
        (
            (
                "rung" + (" here" if value == count else ""),
                mark_safe(' aria-current="true"') if value == count else "",
                number(value),
            )
            for value in LADDER
        ),
    )


@register.simple_tag
def card(name: str | None) -> SafeString:
    """A card as a small tile: its value (or its name) in words and for screen readers."""
    if name is None:
        return format_html(
            '<span class="maya-card back" role="img" aria-label="{}"></span>', card_words(None)
        )
    words = card_words(name)
    kind = "special" if name in ("joker", "skip", "reverse", "temple") else "number"
    negative = " negative" if name.startswith("-") else ""
    return format_html('<span class="maya-card {}{}">{}</span>', kind, negative, words)


@register.simple_tag
def cards(names: Iterable[str | None]) -> SafeString:
    """Cards side by side."""
    return mark_safe("".join(card(name) for name in names))  # each built escaped


@register.simple_tag
def play_buttons(form: Any, count: int) -> SafeString:
    """A ``play`` form's plays, a submit button each: "+4: 5 → 9"."""
    name = form["move"].html_name
    # Translated once for all the plays: French puts a no-break space before the colon.
    words = _("%(play)s: %(count)s → %(then)s")
    return format_html_join(
        "\n",
        '<button type="submit" name="{}" value="{}">{}</button>',
        (
            (
                name,
                option.notation,
                words
                % {"play": option.label, "count": number(count), "then": number(option.count)},
            )
            for option in form.options
        ),
    )


@register.simple_tag
def play_options(form: Any) -> SafeString:
    """A Temple's or a Skip's follow-ups, an option each: "-2 → -2"."""
    return format_html_join(
        "",
        '<option value="{}">{} \u2192 {}</option>',
        ((option.notation, option.label, number(option.count)) for option in form.options),
    )


@register.filter
def signed_number(value: int) -> str:
    """``4`` → "+4", ``-3`` → "-3" (with a minus sign, U+2212)."""
    return signed(value)


@register.filter
def count_number(value: int) -> str:
    """A count as announced: ``-3`` → "-3" (with a minus sign, U+2212), ``4`` → "4"."""
    return number(value)
