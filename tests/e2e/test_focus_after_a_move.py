"""Where the focus goes once a move is in, on a phone: Fay, at an Objectifs table against a
bot, taps her two malus cards and the button that lays them. The form goes with the move
it made; the focus lands on her moves if she has more, else on what the table now says
(whose turn it is, what to do), not on the top of the page, where a screen reader would
start the page again from its header."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, expect

from tests.e2e.helpers import (
    PHONE,
    Person,
    Site,
    open_table,
    sign_up,
    table,
    wait_for_htmx,
)

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def fay(browser: Browser, site: Site) -> Iterator[Person]:
    """Fay on a phone's touch screen, signed up."""
    context = browser.new_context(
        base_url=site.url, locale="en-GB", viewport=PHONE, has_touch=True, is_mobile=True
    )
    context.set_default_timeout(10_000)
    someone = Person("fay", "fay-plays-num-x-42", context, context.new_page())
    sign_up(someone, site)
    yield someone
    context.close()


def test_after_her_move_the_focus_is_on_what_the_table_says(fay: Person) -> None:
    page = open_table(fay, "objectifs", "Focus follows", players=2)
    page.get_by_label("Level of the bot").select_option("0")
    page.get_by_role("button", name="Give a free seat to a bot").tap()
    page.get_by_role("button", name="Start the game").tap()
    expect(table(page)).to_be_visible()
    wait_for_htmx(page)
    form = page.locator("#table .lay-form")
    cards = form.locator("label.pick")
    cards.nth(0).tap()
    cards.nth(1).tap()
    lay = form.get_by_role("button", name="Lay these two as malus cards")
    lay.tap()
    expect(lay).to_have_count(0)
    wait_for_htmx(page)
    status = page.locator("#table .status")
    # Her moves, when the table has more for her (the next a Tab away), else what the table
    # says; never the top of the page.
    moves = page.locator("#table #table-moves")
    expect(moves if moves.count() else status).to_be_focused()
    # Laid, the cards are no longer hers to choose: what the status says is her next step.
    expect(status).not_to_contain_text("Choose two cards")
