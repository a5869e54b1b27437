"""Dates as the site writes them: Django's formats of the reader's language, but French
writes the first of a month "1er" ("le 1er décembre 2026"), which no format string can say
(Django's ``S`` suffix is English's). Pages get it from the ``date`` filter, which this
module replaces for every template (``builtins`` in the settings), and mails and messages
written in Python from :func:`date_format`. Only what Django writes without the filter
keeps its "1": the admin's own lists, for the site's staff."""

from __future__ import annotations

import re
from datetime import date

from django import template
from django.template import defaultfilters
from django.utils import dateformat, formats
from django.utils.translation import get_language

register = template.Library()

# A format's day of the month without leading zero, not escaped, before a month's name
# ("j F", "j M"): "1/12" stays digits, as French writes it.
_DAY = re.compile(r"(?<!\\)j(?=\s+[FMEN])")


def date_format(value: date, format_name: str | None = None) -> str:
    """``value`` in the format ``format_name`` (a setting's name such as
    "DATETIME_FORMAT", or a format string; the language's DATE_FORMAT by default) of the
    active language, the first of a month written "1er" in French."""
    pattern = str(formats.get_format(format_name or "DATE_FORMAT"))
    # A time of day has no day: written as Django writes it.
    if getattr(value, "day", None) == 1 and (get_language() or "").split("-")[0] == "fr":
        pattern = _DAY.sub(r"j\\e\\r", pattern)
    return dateformat.format(value, pattern)


@register.filter("date", expects_localtime=True, is_safe=False)
def date_filter(value: date | str | None, arg: str | None = None) -> str:
    """Django's ``date`` filter, written by :func:`date_format`."""
    if value in (None, ""):
        return ""
    # Django's filter, but for French's "1er": what it writes of any other value (a time of
    # day, text) and what it refuses, this does too (admin's and allauth's templates use it).
    try:
        return date_format(value, arg)  # type: ignore[arg-type]
    except AttributeError:
        return defaultfilters.date(value, arg)
