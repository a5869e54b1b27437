"""French writes the first of a month "1er" ("le 1er décembre 2026"), every other day as a
number: the site's dates say so wherever they name a day of the month, in pages (the
``date`` filter) as in mails; English dates are as Django writes them."""

from datetime import UTC, datetime

import pytest
from django.template import Context, Engine, Template
from django.utils import translation

from games.dates import date_format

FIRST = datetime(2026, 12, 1, 9, 30, tzinfo=UTC)
SECOND = datetime(2026, 12, 2, 9, 30, tzinfo=UTC)


def shown(when: datetime, format_name: str, language: str) -> str:
    with translation.override(language):
        return Template("{{ when|date:format_name }}").render(
            Context({"when": when, "format_name": format_name})
        )


@pytest.mark.parametrize("format_name", ["DATE_FORMAT", "DATETIME_FORMAT"])
def test_a_page_in_french_writes_the_first_of_a_month_1er(format_name: str) -> None:
    assert shown(FIRST, format_name, "fr").startswith("1er décembre 2026")
    assert shown(SECOND, format_name, "fr").startswith("2 décembre 2026")


def test_a_mail_in_french_writes_the_first_of_a_month_1er() -> None:
    with translation.override("fr"):
        assert date_format(FIRST, "DATETIME_FORMAT") == "1er décembre 2026 09:30"


def test_english_dates_are_unchanged() -> None:
    assert shown(FIRST, "DATE_FORMAT", "en") == "Dec. 1, 2026"
    with translation.override("en"):
        assert date_format(FIRST, "DATE_FORMAT") == "Dec. 1, 2026"


def test_a_short_french_date_keeps_its_digits() -> None:
    assert shown(FIRST, "SHORT_DATETIME_FORMAT", "fr") == "01/12/2026 09:30"


@pytest.mark.parametrize("language", ["fr", "en"])
@pytest.mark.parametrize(
    "value",
    [FIRST, SECOND, FIRST.date(), FIRST.time(), "", None, "not a date"],
    ids=["first", "second", "date", "time", "empty", "none", "text"],
)
@pytest.mark.parametrize("format_name", ["H:i", "c", "DATE_FORMAT", "SHORT_DATE_FORMAT"])
def test_the_site_filter_writes_what_djangos_does_but_for_french_1er(
    value: object, format_name: str, language: str
) -> None:
    """Admin's and allauth's templates use the same filter: a time of day too ("10:30"; it
    was written "" before)."""
    # An engine of Django's own builtins alone: its ``date`` filter, not the site's.
    theirs = Engine().from_string("{{ value|date:format_name }}")
    with translation.override(language):
        try:
            expected = theirs.render(Context({"value": value, "format_name": format_name}))
        except TypeError:  # a time's format asked of a date: Django's filter refuses it
            with pytest.raises(TypeError):
                shown(value, format_name, language)  # type: ignore[arg-type]
            return
    ours = shown(value, format_name, language)  # type: ignore[arg-type]
    if expected.startswith("1 "):
        expected = "1er" + expected[1:]
    assert ours == expected


def test_1er_is_the_day_before_a_month_name_only() -> None:
    """A day written with digits around it ("1/12/2026") stays a number."""
    assert shown(FIRST, "j/n/Y", "fr") == "1/12/2026"
    assert shown(FIRST, "j F Y", "fr") == "1er décembre 2026"
