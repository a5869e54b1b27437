"""A Numenko grid built and not sent is kept in the browser. Ana, against a bot, builds part
of her grid and reloads the page (as she would coming back from her mail): the same grid is
drawn again, in the field too, and she finishes it and sends it; nothing of it is left
after. A draft of an earlier round is never laid onto a new one; and a browser that refuses
storage (a private window throws on access) builds grids all the same.

The tests run in order and share the game, as in ``test_numenko.py``.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

import pytest
from playwright.sync_api import Browser, Dialog, Page, expect

from tests.e2e.helpers import (
    Person,
    Site,
    calculation,
    game_number,
    lay,
    log_in_with_password,
    open_table,
    person,
    play_as,
    sequence,
    sign_up,
    square,
    table,
    tiles_in_hand,
    wait_for_htmx,
)

pytestmark = pytest.mark.browser

EMPTY = "Your grid is empty: every tile is in your hand."
#: The tools' names of the signs a calculation of ``calculation`` may hold.
SIGN_NAMES = {"+": "plus", "-": "minus", "x": "times"}
#: What the page's script finds of the browser's storage: its own drafts only.
DRAFTS_KEPT = "Object.keys(localStorage).filter((key) => key.startsWith('draft:numenko:'))"
#: A private window's storage: any use of it throws.
NO_STORAGE = """Object.defineProperty(window, "localStorage", {
  get() { throw new DOMException("The operation is insecure.", "SecurityError"); },
});"""


@dataclass
class Game:
    ana: Person
    url: str = ""

    def at_the_table(self) -> Page:
        page = self.ana.page
        page.goto(self.url)
        expect(table(page)).to_be_visible()
        wait_for_htmx(page)
        return page


@pytest.fixture(scope="module")
def game(browser: Browser, site: Site) -> Iterator[Game]:
    ana = person(browser, site, "nkdraft")
    ana.page.on("dialog", accept)
    yield Game(ana)
    ana.context.close()


def a_tab_with_a_draft(game: Game) -> Page:
    """A fresh tab at Ana's table (the first refuses storage), her grid emptied: a draft."""
    page = game.ana.context.new_page()
    page.goto(game.url)
    expect(table(page)).to_be_visible()
    wait_for_htmx(page)
    page.get_by_role("button", name="Take every tile back").click()
    expect(page.locator("#table .nk-verdict")).to_have_text(EMPTY)
    assert page.evaluate(DRAFTS_KEPT)
    return page


def accept(dialog: Dialog) -> None:
    dialog.accept()


def test_ana_opens_a_table_against_a_bot(game: Game, site: Site) -> None:
    sign_up(game.ana, site)
    page = open_table(game.ana, "numenko", "Drafts kept", players=2)
    game.url = page.url
    page.get_by_label("Level of the bot").select_option("0")
    page.get_by_role("button", name="Give a free seat to a bot").click()
    page.get_by_role("button", name="Start the game").click()
    expect(page.locator("#table .nk-build")).to_be_visible()


def test_a_grid_built_and_not_sent_is_drawn_again_after_a_reload(game: Game) -> None:
    page = game.at_the_table()
    field = page.locator("#table textarea")
    verdict = page.locator("#table .nk-verdict")
    expect(verdict).to_have_text(EMPTY)
    # Nothing built yet: the buttons that take changes back have none to take, and say so
    # (a phone player tapped "Undo" on an empty grid and saw nothing happen).
    undo, back, clear = (
        page.get_by_role("button", name=name)
        for name in ("Undo", "Back to my grid on the table", "Take every tile back")
    )
    for button in (undo, back, clear):
        expect(button).to_be_disabled()
        assert float(button.evaluate("b => getComputedStyle(b).opacity")) < 1
    sum_ = calculation(tiles_in_hand(page))
    assert sum_ is not None, tiles_in_hand(page)
    first, sign, second, _equals, result = sum_
    lay(page, first, 0, 0)
    lay(page, "M", 0, 1)
    expect(field).to_have_value(f"{first}+")
    for button in (undo, back, clear):
        expect(button).to_be_enabled()
        assert button.evaluate("b => getComputedStyle(b).opacity") == "1"
    held = tiles_in_hand(page)

    page.reload()
    expect(field).to_have_value(f"{first}+")
    expect(page.locator(square(page, 0, 0))).to_have_attribute("data-token", first)
    expect(page.locator(square(page, 0, 1))).to_have_attribute("data-token", "+")
    expect(verdict).not_to_have_text(EMPTY)
    assert tiles_in_hand(page) == held
    # Undo has nothing of this page to take back; "Back to my grid on the table" brings back
    # the grid as it stands in the game (empty, in the first round), and Undo the grid built
    # before the reload. (It was "Start again", which a newcomer read as starting the game
    # again.)
    expect(page.get_by_role("button", name="Undo")).to_be_disabled()
    page.get_by_role("button", name="Back to my grid on the table").click()
    expect(field).to_have_value("")
    expect(verdict).to_have_text(EMPTY)
    page.get_by_role("button", name="Undo").click()
    expect(field).to_have_value(f"{first}+")
    expect(page.locator(square(page, 0, 1))).to_have_attribute("data-token", "+")

    # The grid drawn again is built on: the sign chosen, the rest laid, then sent.
    if sign != "+":
        page.locator(square(page, 0, 1)).click()
        tools = page.locator("#table .nk-tools")
        tools.get_by_role("button", name=SIGN_NAMES[sign], exact=True).click()
        expect(page.locator(square(page, 0, 1))).to_have_attribute("data-token", sign)
    lay(page, second, 0, 2)
    lay(page, "M", 0, 3)
    page.locator("#table .nk-tools").get_by_role("button", name="equals", exact=True).click()
    expect(page.locator(square(page, 0, 3))).to_have_attribute("data-token", "=")
    lay(page, result, 0, 4)
    expect(verdict).to_contain_text("Every calculation holds: 5 tiles laid")
    before = sequence(page)
    page.locator("#table .nk-send").get_by_role("button", name="Send my grid and exchange").click()
    expect(table(page)).not_to_have_attribute("data-sequence", str(before))
    # Recorded (the bot may have moved since, and the next round opened): the browser keeps
    # nothing of the grid sent.
    expect(page.locator("#table .history")).to_contain_text(f"You: lay out the grid “{sum_}”")
    assert page.evaluate(DRAFTS_KEPT) == []

    # The bot has moved: the next round opens on the grid sent.
    page = game.at_the_table()
    expect(page.locator("#table .centre h2")).to_have_text("Round 2")
    expect(field).to_have_value(sum_)
    expect(verdict).to_contain_text("Every calculation holds")
    expect(page.get_by_role("button", name="Undo")).to_be_disabled()


def test_a_draft_of_an_earlier_round_is_never_laid_onto_a_new_one(game: Game, site: Site) -> None:
    """Ana empties her grid and moves by another way (she exchanges a tile by replying to
    her mail, keeping her grid): back at the table, the next round shows her grid as it
    stands. An exchange, so that the game goes on: a round in which nobody asks the pot for
    anything is the last."""
    page = game.at_the_table()
    field = page.locator("#table textarea")
    tile = tiles_in_hand(page)[0]
    page.get_by_role("button", name="Take every tile back").click()
    expect(page.locator("#table .nk-verdict")).to_have_text(EMPTY)
    assert page.evaluate(DRAFTS_KEPT)
    play_as(site, game_number(game.url), f"exchange {tile}")
    page = game.at_the_table()
    expect(page.locator("#table .centre h2")).to_have_text("Round 3")
    expect(page.locator("#table .nk-verdict")).not_to_have_text(EMPTY)
    expect(field).not_to_have_value("")
    assert page.evaluate(DRAFTS_KEPT) == []


def test_a_browser_that_refuses_storage_builds_grids_all_the_same(game: Game) -> None:
    page = game.ana.page
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.add_init_script(NO_STORAGE)
    page = game.at_the_table()
    field = page.locator("#table textarea")
    kept = field.input_value()
    assert kept
    page.get_by_role("button", name="Take every tile back").click()
    expect(page.locator("#table .nk-verdict")).to_have_text(EMPTY)
    expect(field).to_have_value("")
    page.get_by_role("button", name="Undo").click()
    expect(field).to_have_value(kept)
    page.reload()
    expect(field).to_have_value(kept)
    assert errors == []


def test_logging_out_forgets_the_drafts_kept_in_this_browser(game: Game) -> None:
    """On a shared computer the next person finds none of Ana's grids; what else the site
    keeps in the browser stays."""
    page = a_tab_with_a_draft(game)
    page.evaluate("localStorage.setItem('not-a-draft', 'kept')")

    page.get_by_role("button", name="Log out").click()
    expect(
        page.get_by_role("navigation", name="Main").get_by_role("link", name="Log in")
    ).to_be_visible()
    assert page.evaluate(DRAFTS_KEPT) == []
    assert page.evaluate("localStorage.getItem('not-a-draft')") == "kept"


def test_a_session_that_ends_without_the_menu_forgets_the_drafts_too(game: Game) -> None:
    """Ana's session expires (or she logs out on allauth's own page): the next page she loads,
    signed out, forgets her drafts, those kept under the name the site used before too
    (``numenko-draft-<game>``); what else the site keeps in the browser stays."""
    log_in_with_password(game.ana)
    page = a_tab_with_a_draft(game)
    older = f"numenko-draft-{game_number(game.url)}"
    page.evaluate(f"localStorage.setItem('{older}', 'an older draft')")
    page.evaluate("localStorage.setItem('not-a-draft', 'kept')")

    game.ana.context.clear_cookies(name="sessionid")
    page.goto("/")
    expect(
        page.get_by_role("navigation", name="Main").get_by_role("link", name="Log in")
    ).to_be_visible()
    assert page.evaluate(DRAFTS_KEPT) == []
    assert page.evaluate(f"localStorage.getItem('{older}')") is None
    assert page.evaluate("localStorage.getItem('not-a-draft')") == "kept"
