"""Numbers as the games write them, for every template: a score below zero with the minus
sign (U+2212), as the table, the replay and the mails write it, not a hyphen."""

from __future__ import annotations

from django import template

from games.descriptions import number as written

register = template.Library()


@register.filter("number", is_safe=True)
def number(value: int | None) -> str:
    """``value`` as :func:`games.descriptions.number` writes it: below zero with the minus
    sign, not a hyphen; "" for none."""
    return "" if value is None else written(value)
