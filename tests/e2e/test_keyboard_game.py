"""A whole game with the keyboard alone: Kim, signed in, goes from her games to a new solo
NMBR 9 table and places its twenty tiles, then reads the final score, pressing only Tab,
Shift+Tab, Enter, Space and the arrow keys, and typing into the field that has the focus.
No click, no field filled by its selector: whatever the keyboard cannot reach fails here.
Each control she reaches shows where the focus is (a visible outline). At a NUM-X table
against a bot, each move she makes leaves the focus among her moves, the next one a Tab
away (not back at the top of the page).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Dialog, Locator, Page, expect

from tests.e2e.helpers import (
    Person,
    Site,
    my_turn,
    open_table,
    person,
    sequence,
    sign_up,
    table,
    wait_for_htmx,
)

pytestmark = pytest.mark.browser

#: Tab presses enough to cross any page of the site once (header, forms, a grid's squares).
TABS = 200
#: A solo NMBR 9 game turns up this many cards, a tile placed for each.
CARDS = 20


@pytest.fixture(scope="module")
def kim(browser: Browser, site: Site) -> Iterator[Person]:
    someone = person(browser, site, "kim")
    sign_up(someone, site)
    yield someone
    someone.context.close()


def focused(target: Locator) -> bool:
    return bool(target.evaluate("element => element === document.activeElement"))


def focus_shows(target: Locator) -> bool:
    """Whether ``target`` is drawn with the focus's outline (or a shadow of its own)."""
    return bool(
        target.evaluate(
            "e => { const s = getComputedStyle(e); return s.outlineStyle !== 'none'"
            " && parseFloat(s.outlineWidth) > 0 || s.boxShadow !== 'none'; }"
        )
    )


#: Whether an element's focus ring is drawn (solid, not the preview's dashed outline of a
#: tile's squares), and within the element's own box.
RING_INSIDE = """e => { const s = getComputedStyle(e);
  return s.outlineStyle === 'solid'
    && parseFloat(s.outlineOffset) + parseFloat(s.outlineWidth) <= 0; }"""


def tab_to(page: Page, target: Locator, key: str = "Tab") -> None:
    """Press ``key`` (Tab, or Shift+Tab) until ``target`` has the focus, and check that the
    focus shows on it."""
    for _ in range(TABS):
        page.keyboard.press(key)
        if focused(target):
            assert focus_shows(target), f"the focus does not show on {target}"
            return
    raise AssertionError(f"{key} never reached {target}")


def test_kim_plays_a_whole_solo_nmbr9_game_with_the_keyboard_alone(kim: Person) -> None:
    page = kim.page
    page.goto("/games/")
    tab_to(page, page.get_by_role("navigation", name="Main").get_by_role("link", name="New game"))
    page.keyboard.press("Enter")
    tab_to(page, page.get_by_role("link", name="NMBR 9", exact=True))
    page.keyboard.press("Enter")
    expect(page.get_by_role("heading", name="New game: NMBR 9")).to_be_visible()
    tab_to(page, page.get_by_label("Name of the game"))
    page.keyboard.type("Solo by keys")
    players = page.get_by_label("Players:", exact=True)
    tab_to(page, players)
    page.keyboard.press("Home")  # the first choice: 1, solo
    expect(players).to_have_value("1")
    tab_to(page, page.get_by_role("button", name="Open the table"))
    page.keyboard.press("Enter")
    expect(page.get_by_role("heading", name="Solo by keys")).to_be_visible()
    start = page.get_by_role("button", name="Start the game")
    tab_to(page, start)
    page.keyboard.press("Enter")
    expect(table(page)).to_be_visible()

    for number in range(1, CARDS + 1):
        expect(page.locator("#table .status")).to_contain_text(f"Card {number} of {CARDS} ")
        wait_for_htmx(page)
        place = page.locator("#table .place-form button[type=submit]")
        if not focused(place):
            # Back from the bottom of the page, over the table's other controls.
            tab_to(page, place, "Shift+Tab")
        # Space on the first card (a button takes either), Enter on the others.
        page.keyboard.press("Space" if number == 1 else "Enter")
    outcome = page.locator(".outcome")
    expect(outcome).to_be_visible()
    expect(outcome).to_contain_text("kim")
    # The game over's own control is in reach too.
    tab_to(page, outcome.get_by_role("button", name="Play again"))


#: Kim's moves at the NUM-X table: the opening pick and the turns after it.
MOVES = 4


def in_her_moves(page: Page) -> bool:
    """Whether the focus is on Kim's moves (their section, or a control in it)."""
    return bool(
        page.evaluate("document.querySelector('#table .actions')?.contains(document.activeElement)")
    )


#: A card laid alone in any pli it may start: a plain colour's number (a Rainbow or a
#: Shadow changes the count of cards a pli needs, a Joker asks for the value it stands for).
ALONE = re.compile(r"^(blue|red|yellow|green) (\d+)$")


def next_move(page: Page) -> tuple[list[Locator], Locator]:
    """How Kim makes her next move at a NUM-X table: the boxes to tick (with Space), then
    the button that sends the move. Whatever a deal asks of her: a distribution to send,
    a Malus to answer (the first cards and score cards it asks for), a plain card that
    makes a pli alone, a pass or a pick, the first of the other moves' list, or else
    another button's move (a draw among them)."""
    distribution = page.locator("#table .distribution-form button[type=submit]")
    if distribution.count():
        return [], distribution.first
    malus = page.locator("#table .malus-form")
    if malus.count():
        return malus_answer(malus), malus.get_by_role("button", name="Answer")
    # One card is a pli unless the pli on top asks for more ("with 2 cards"), and it must
    # beat the pli on top ("higher than 12").
    asks = re.search(
        r"Next pli: higher than (\d+), with (\d+) cards?", page.locator("#table").inner_text()
    )
    if asks is None or asks.group(2) == "1":
        above = int(asks.group(1)) if asks else 0
        labels = page.locator("#table .pli-form label.pick.playable")
        for i in range(labels.count()):
            face = ALONE.match(labels.nth(i).locator(".card").get_attribute("aria-label") or "")
            if face and int(face.group(2)) > above:
                lay = page.locator("#table .pli-form").get_by_role("button", name="Lay these cards")
                return [labels.nth(i).locator("input")], lay
    choice = page.locator("#table .choice-form")
    buttons = choice.locator(".buttons")
    for name in ("Pass", re.compile(r"^Pick ")):
        if buttons.get_by_role("button", name=name).count():
            return [], buttons.get_by_role("button", name=name).first
    # The list's first move (chosen already; its button asks to confirm, accepted) before
    # a draw: a card drawn must be played at once, maybe in a pli of several cards.
    listed = choice.get_by_role("button", name="Play this move")
    return [], listed if listed.count() else buttons.get_by_role("button").first


def malus_answer(form: Locator) -> list[Locator]:
    """The boxes a Malus answer ticks: the first cards of the hand and score cards of the
    row, as many as it asks to discard and to remove."""
    text = form.inner_text()
    ticks: list[Locator] = []
    for field, words in (("discard", r"Discard (\d+) cards?"), ("remove", r"Remove (\d+) score")):
        asked = re.search(words, text)
        if asked:
            boxes = form.locator(f"input[name$='{field}']")
            ticks.extend(boxes.nth(i) for i in range(int(asked.group(1))))
    return ticks


def test_after_each_move_at_a_numx_table_the_focus_stays_among_her_moves(
    kim: Person,
) -> None:
    page = kim.page
    # A move from the other moves' list asks to confirm it: Kim says yes.
    page.on("dialog", accept)
    open_table(kim, "numx", "Cards by keys")
    page.get_by_role("button", name="Give a free seat to a bot").click()
    page.get_by_role("button", name="Start the game").click()
    expect(table(page)).to_be_visible()
    for _ in range(MOVES):
        expect(page.locator("#table .status")).to_contain_text("Your turn.", timeout=20_000)
        wait_for_htmx(page)
        assert my_turn(page)
        before = sequence(page)
        ticks, send = next_move(page)
        for box in ticks:
            tab_to(page, box)
            page.keyboard.press("Space")
        tab_to(page, send)
        page.keyboard.press("Enter")
        expect(table(page)).not_to_have_attribute("data-sequence", str(before))
        wait_for_htmx(page)
        assert in_her_moves(page), page.evaluate("document.activeElement.tagName")
    page.remove_listener("dialog", accept)


def accept(dialog: Dialog) -> None:
    dialog.accept()


def test_the_nmbr9_placement_keeps_the_focus_on_the_control_pressed(kim: Person) -> None:
    """Each square, arrow and turn of the NMBR 9 placement asks for a new preview, which
    redraws them: the focus stays on the control Kim pressed, to press it again, and the
    verdict, what the tile would score there, is said (in the table's news, a live region
    the preview does not replace). The grid's squares are one stop of the Tab key, the
    arrows moving among those the tile may go on: the buttons under the grid are a Tab
    away, not a Tab per square."""
    page = kim.page
    open_table(kim, "nmbr9", "Nudged by keys", players=1)
    page.get_by_role("button", name="Start the game").click()
    tab_to(page, page.locator("#n9-place"))
    page.keyboard.press("Enter")
    expect(page.locator("#table .status")).to_contain_text("Card 2 of 20 ")
    wait_for_htmx(page)
    verdict = page.locator(".n9-verdict")
    # The grid is one stop of the Tab key: the arrows move among its squares.
    stop = page.locator(".n9-pick-grid button[tabindex='0']")
    first = stop.get_attribute("aria-label")
    tab_to(page, stop, "Shift+Tab")
    page.keyboard.press("ArrowDown")
    moved = page.locator(".n9-pick-grid button.legal:focus")
    expect(moved).to_have_count(1)
    name = moved.get_attribute("aria-label")
    assert name != first
    page.keyboard.press("Enter")
    corner = page.locator(".n9-pick-grid .corner-here")
    expect(corner).to_have_attribute("aria-label", str(name))
    wait_for_htmx(page)
    assert focused(corner)
    # Its ring shows, inside the square: one drawn around it, the next squares covered.
    assert corner.evaluate(RING_INSIDE), "the focus does not show on the square"
    page.keyboard.press("Tab")
    assert focused(page.get_by_role("button", name="Turn a quarter"))
    for control in (
        page.get_by_role("button", name="Move right"),
        page.get_by_role("button", name="Move down"),
        page.get_by_role("button", name="Turn a quarter"),
    ):
        query = control.get_attribute("hx-get")
        tab_to(page, control)
        page.keyboard.press("Enter")
        expect(control).not_to_have_attribute("hx-get", str(query))
        wait_for_htmx(page)
        assert focused(control), page.evaluate("document.activeElement.tagName")
        expect(page.locator("#table-news")).to_have_text(verdict.inner_text())


def test_a_numenko_tile_laid_with_the_keyboard_keeps_the_focus_on_its_square(
    kim: Person,
) -> None:
    """Each tile laid redraws the grid (its lines checked anew): the focus stays on the
    square the tile went to, the next tile a few Tabs away, not back at the top of her
    moves with the whole grid to cross again."""
    page = open_table(kim, "numenko", "Sums by keys")
    page.get_by_role("button", name="Give a free seat to a bot").click()
    page.get_by_role("button", name="Start the game").click()
    expect(table(page)).to_be_visible()
    wait_for_htmx(page)
    digit = page.locator("#table .nk-hand [data-tile]:not([data-tile='M']):not([data-tile='F'])")
    tab_to(page, digit.first)
    laid = str(digit.first.get_attribute("data-tile"))
    page.keyboard.press("Enter")
    empty = page.locator("#table .nk-build [data-r]").first
    tab_to(page, empty, "Shift+Tab")
    page.keyboard.press("Enter")
    there = page.locator(f'#table .nk-build [data-token="{laid}"]')
    expect(there).to_have_count(1)
    wait_for_htmx(page)
    assert focused(there), page.evaluate("document.activeElement.outerHTML.slice(0, 120)")
    # A second tile, laid left of the first: the grid is drawn again from its new first
    # column, and the focus follows the tile to its square there.
    tab_to(page, digit.first)
    second = str(digit.first.get_attribute("data-tile"))
    page.keyboard.press("Enter")
    row, col = there.get_attribute("data-r"), int(str(there.get_attribute("data-c")))
    left = page.locator(f'#table .nk-build [data-r="{row}"][data-c="{col - 1}"]')
    tab_to(page, left, "Shift+Tab")
    page.keyboard.press("Enter")
    expect(page.locator("#table .nk-build [data-token]:not([data-token=''])")).to_have_count(2)
    wait_for_htmx(page)
    assert page.evaluate("document.activeElement.dataset.token") == second
    assert page.evaluate("document.activeElement.dataset.c") == str(col)
    # Every tile taken back: the button has nothing more to do and is disabled, and the
    # focus stays among the grid's controls rather than falling to the top of the page.
    clear = page.get_by_role("button", name="Take every tile back")
    tab_to(page, clear)
    page.keyboard.press("Enter")
    expect(clear).to_be_disabled()
    wait_for_htmx(page)
    assert page.evaluate("Boolean(document.activeElement.closest('.nk-draft'))"), page.evaluate(
        "document.activeElement.outerHTML.slice(0, 120)"
    )
