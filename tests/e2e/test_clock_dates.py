"""The deadline a countdown shows on hover, in the browser's zone, is written in the
page's language as the page's own dates are: French writes the first of a month "1er"."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect

CLOCKS = Path(__file__).resolve().parents[2] / "static" / "js" / "clocks.js"

pytestmark = pytest.mark.browser


def hover_text(browser: Browser, lang: str, due: str) -> str | None:
    """The title clocks.js gives a countdown due at ``due``, on a page in ``lang`` whose
    zone (Paris) is not the browser's (New York)."""
    context = browser.new_context(locale=lang, timezone_id="America/New_York")
    try:
        page = context.new_page()
        page.set_content(
            f'<html lang="{lang}"><body data-time-zone="Europe/Paris">'
            f'<time class="countdown" datetime="{due}"></time>'
            f"<script>{CLOCKS.read_text()}</script></body></html>"
        )
        countdown = page.locator("time.countdown")
        expect(countdown).to_have_attribute("title", re.compile(r"\S"))  # drawn
        return countdown.get_attribute("title")
    finally:
        context.close()


def test_a_french_deadline_on_the_first_of_a_month_says_1er(browser: Browser) -> None:
    title = hover_text(browser, "fr", "2026-12-01T15:00:00Z")
    assert title is not None and "1er décembre 2026" in title, title
    title = hover_text(browser, "fr", "2026-12-02T15:00:00Z")
    assert title is not None and "2 décembre 2026" in title, title


def test_an_english_deadline_is_written_as_the_browser_writes_it(browser: Browser) -> None:
    title = hover_text(browser, "en", "2026-12-01T15:00:00Z")
    assert title is not None and "December 1, 2026" in title, title
