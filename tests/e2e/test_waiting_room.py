"""The waiting room and the invitation's page in Chromium, on a 360 px phone: what the table
is, who is seated, who starts it, and "Invite friends" gone once the last seat is taken,
without a reload (the waiting room's poll)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect

from tests.e2e.helpers import (
    PHONE,
    Site,
    invitation_link,
    open_table,
    person,
    scrolls_sideways,
    sign_up,
)

pytestmark = pytest.mark.browser

GAME = "Phone table"


def test_a_table_fills_up_on_phones(browser: Browser, site: Site) -> None:
    host, guest = person(browser, site, "hana"), person(browser, site, "ilya")
    try:
        for someone in (host, guest):
            someone.page.set_viewport_size(PHONE)
            sign_up(someone, site)
        room = open_table(host, "numx", GAME, days="2")
        expect(room.get_by_text("Once every seat is taken, you start the game.")).to_be_visible()
        assert not scrolls_sideways(room)
        link = invitation_link(room)

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


def test_a_guest_waiting_at_a_table_its_host_cancels_sees_it_gone(
    browser: Browser, site: Site
) -> None:
    host, guest = person(browser, site, "jana"), person(browser, site, "kofi")
    try:
        for someone in (host, guest):
            sign_up(someone, site)
        room = open_table(host, "numx", GAME, days="2")
        join = guest.page
        join.goto(invitation_link(room))
        join.get_by_role("button", name="Take a seat").click()
        expect(join.get_by_text("Every seat is taken: jana starts the game.")).to_be_visible()

        room.reload()
        room.get_by_role("link", name="Cancel the table").click()
        room.get_by_role("button", name="Cancel the table").click()
        expect(room.get_by_text(f"You cancelled the table {GAME}.")).to_be_visible()

        # The guest's page, left open, finds the table gone at its next poll (every 5 s).
        expect(join.get_by_role("heading", name="Not found")).to_be_visible(timeout=15_000)
    finally:
        for someone in (host, guest):
            someone.context.close()
