"""A finished NMBR 9 game's replay: its stacks' grids, whose row numbers read whole (a stack
that grows far up has rows from minus 10 on, wider than one square of the grid)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect

from tests.e2e.helpers import LINE_COUNT, Site, finished_bot_game

pytestmark = pytest.mark.browser

#: Random bots lay their tiles far apart: with this seed, their stacks reach row minus 10.
SEED = 3
MINUS = "\N{MINUS SIGN}"


def test_the_grids_numbers_read_on_one_line(browser: Browser, site: Site) -> None:
    game = finished_bot_game(site, "nmbr9", SEED, "NMBR 9 to replay")
    context = browser.new_context(base_url=site.url, locale="en-GB")
    try:
        page = context.new_page()
        page.goto(f"/games/{game}/replay/")
        labels = page.locator(".player .n9-grid .axis:not(.corner)")
        expect(labels.first).to_be_visible()
        texts = labels.all_inner_texts()
        assert any(text.startswith(MINUS) and len(text) == 3 for text in texts), texts
        folded = labels.evaluate_all(
            f"""labels => labels
                .filter((label) => label.textContent.length > 2)
                .filter((label) => ({LINE_COUNT})(label) > 1)
                .map((label) => label.textContent)"""
        )
        assert folded == []
    finally:
        context.close()
