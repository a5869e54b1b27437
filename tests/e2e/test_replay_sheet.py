"""A finished game's replay on a 360 px phone, in French: its score sheet's column headings
read whole (a long heading wraps), and a sheet of one scoring column fits without scrolling."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect

from games.engine.ruleset import BotLevel
from tests.e2e.helpers import PHONE, Site, finished_bot_game, lines_of

pytestmark = pytest.mark.browser


def test_the_score_sheets_headings_read_whole_on_a_phone(browser: Browser, site: Site) -> None:
    game = finished_bot_game(site, "maya", 3, "Maya to replay", BotLevel.HEURISTIC)
    context = browser.new_context(base_url=site.url, locale="fr-FR", viewport=PHONE)
    try:
        page = context.new_page()
        page.goto(f"/games/{game}/replay/")
        expect(page.locator("html")).to_have_attribute("lang", "fr")
        sheet = page.locator(".score-sheet")
        expect(sheet.get_by_role("columnheader", name="nombres secrets atteints")).to_be_visible()
        # The heading is not hidden under the Total column that stays in view.
        scrolled = sheet.evaluate("element => element.scrollWidth - element.clientWidth")
        assert scrolled <= 0, f"the sheet scrolls {scrolled} px"
    finally:
        context.close()


def test_objectifs_rounds_sheet_keeps_each_heading_on_one_line_on_a_phone(
    browser: Browser, site: Site
) -> None:
    game = finished_bot_game(site, "objectifs", 5, "Objectifs to replay", BotLevel.HEURISTIC)
    context = browser.new_context(base_url=site.url, locale="fr-FR", viewport=PHONE)
    try:
        page = context.new_page()
        page.goto(f"/games/{game}/replay/")
        heading = page.locator(".objectifs-sheet").get_by_role("columnheader", name="Manche")
        expect(heading).to_be_visible()
        # One box a line: "Manche" broken as "Man" over "che" would give two.
        assert lines_of(heading) == 1
    finally:
        context.close()
