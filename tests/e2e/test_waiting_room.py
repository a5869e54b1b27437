"""The waiting room and the invitation's page in Chromium, on a 360 px phone: what the table
is, who is seated, who starts it, and "Invite friends" gone once the last seat is taken,
without a reload (the waiting room's poll)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.e2e.helpers import Person, Site, person, sign_up

pytestmark = pytest.mark.browser

GAME = "Phone table"
PHONE = {"width": 360, "height": 780}


def scrolls_sideways(page: Page) -> bool:
    return bool(page.evaluate("document.documentElement.scrollWidth > window.innerWidth"))


def test_a_table_fills_up_on_phones(browser: Browser, site: Site) -> None:
    host, guest = person(browser, site, "hana"), person(browser, site, "ilya")
    try:
        for someone in (host, guest):
            someone.page.set_viewport_size(PHONE)
            sign_up(someone, site)
        room = open_table(host)
        expect(room.get_by_text("Once every seat is taken, you start the game.")).to_be_visible()
        assert not scrolls_sideways(room)
        link = room.get_by_label("Send them this link:").input_value()

        join = guest.page
        join.goto(link)
        expect(join.get_by_text("At the table: hana.")).to_be_visible()
        expect(join.get_by_text("NUM-X · Speed Run, 2 players · 2 days per move")).to_be_visible()
        assert not scrolls_sideways(join)
        join.get_by_role("button", name="Take a seat").click()
        expect(join.get_by_text("Every seat is taken: hana starts the game.")).to_be_visible()
        expect(join.get_by_role("heading", name="Invite friends")).to_have_count(0)
        assert not scrolls_sideways(join)

        # The host's page, left open, learns of it from its poll (every 5 s).
        expect(room.get_by_role("heading", name="Invite friends")).to_have_count(0, timeout=15_000)
        expect(room.get_by_role("button", name="Start the game")).to_be_visible()
        assert not scrolls_sideways(room)
    finally:
        for someone in (host, guest):
            someone.context.close()


def open_table(host: Person) -> Page:
    """The host opens a two-player NUM-X table with two days per move; their waiting room."""
    page = host.page
    page.goto("/games/new/?game=numx")
    page.get_by_label("Name of the game").fill(GAME)
    page.get_by_label("Players:", exact=True).select_option("2")
    page.get_by_label("Time for each move").select_option("2")
    page.get_by_role("button", name="Open the table").click()
    expect(page.get_by_role("heading", name=GAME)).to_be_visible()
    return page
