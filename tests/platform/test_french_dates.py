"""French writes the first of a month "1er" ("le 1er décembre 2026"), every other day as a
number: the site's dates say so wherever they name a day of the month, in pages (the
``date`` filter) as in mails; English dates are as Django writes them."""

from datetime import UTC, datetime

import pytest
from django.template import Context, Template
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
