"""An NMBR 9 game in two browsers: Ana opens it, Ben joins by the link, and both place the
same cards at once from the table's form, Ben on a phone-wide screen. A placement stays
secret from the other until both have placed; a refused one names its rule. Screenshots of
the table at phone and desktop widths are left in ``artefacts/``.

The tests run in order and share the game, as in ``test_story.py``.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from games.engine.nmbr9 import Place, Stack, placements, settle
from tests.e2e.helpers import Person, Site, my_turn, person, sequence, sign_up, table, wait_for_htmx

pytestmark = pytest.mark.browser

GAME = "Tower of Babel"
PHONE = {"width": 360, "height": 780}


@dataclass
class Duel:
    ana: Person
    ben: Person
    game_url: str = ""
    #: Each player's stack, as they placed it (to choose the next legal square).
    stacks: dict[str, Stack] = field(default_factory=dict)

    def at_the_table(self, someone: Person) -> Page:
        someone.page.goto(self.game_url)
        expect(table(someone.page)).to_be_visible()
        return someone.page


def card(page: Page) -> int:
    """The digit of the card turned up, as the table shows it."""
    return int(page.locator("#table .n9-card").inner_text())


def place(page: Page, action: Place) -> None:
    """Fill the placement form and send it, as a person does."""
    form = page.locator("#table .place-form")
    form.get_by_label("Column (x)").fill(str(action.x))
    form.get_by_label("Row (y)").fill(str(action.y))
    form.locator(f"input[name='place-turn'][value='{action.turn}']").check()
    form.get_by_role("button", name=f"Place the {action.digit}").click()
    wait_for_htmx(page)


def next_placement(stack: Stack, digit: int) -> Place:
    """The first legal placement the engine lists at the highest level in reach (so the
    stacks grow levels, as players make them)."""
    tile = max(placements(stack, digit), key=lambda tile: tile.level)
    return Place(digit, tile.x, tile.y, tile.turn)


def placed(duel: Duel, who: str, action: Place) -> None:
    stack = duel.stacks.get(who, Stack())
    duel.stacks[who] = stack.add(settle(stack, action.digit, action.x, action.y, action.turn))


@pytest.fixture(scope="module")
def duel(browser: Browser, site: Site) -> Iterator[Duel]:
    cast = Duel(person(browser, site, "nia"), person(browser, site, "odo"))
    yield cast
    for someone in (cast.ana, cast.ben):
        someone.context.close()


def test_ana_opens_an_nmbr9_game_and_ben_joins(duel: Duel, site: Site) -> None:
    for someone in (duel.ana, duel.ben):
        sign_up(someone, site)
    page = duel.ana.page
    page.goto("/games/new/?game=nmbr9")
    page.get_by_label("Name of the game").fill(GAME)
    page.get_by_label("Players:", exact=True).select_option("2")
    page.get_by_role("button", name="Open the table").click()
    expect(page.get_by_role("heading", name=GAME)).to_be_visible()
    duel.game_url = page.url
    link = page.get_by_label("Send them this link:").input_value()
    duel.ben.page.goto(link)
    duel.ben.page.get_by_role("button", name="Take a seat").click()
    page.goto(duel.game_url)
    page.get_by_role("button", name="Start the game").click()
    expect(table(page)).to_be_visible()
    expect(page.locator("#table .n9-card")).to_be_visible()


def test_both_place_the_first_card_at_once_and_it_stays_secret(duel: Duel) -> None:
    ana = duel.at_the_table(duel.ana)
    duel.ben.page.set_viewport_size(PHONE)
    ben = duel.at_the_table(duel.ben)
    assert my_turn(ana) and my_turn(ben)
    digit = card(ana)
    first = Place(digit, 0, 0, 90)
    place(ana, first)
    expect(table(ana)).not_to_have_attribute("data-sequence", str(sequence(ben)))
    placed(duel, "ana", first)
    expect(ana.locator("#table .hand .n9-grid")).to_be_visible()
    assert not my_turn(ana)
    # Ben sees that Ana has placed, not where: her stack is still empty for him.
    ben = duel.at_the_table(duel.ben)
    anas = ben.locator(".players .player", has=ben.get_by_role("heading", name="nia"))
    expect(anas.locator(".n9-placed")).to_contain_text("has placed this card")
    expect(anas.locator(".empty-stack")).to_be_visible()
    expect(anas.locator(".n9-grid")).to_have_count(0)
    mine = Place(digit, 0, 0, 0)
    place(ben, mine)
    placed(duel, "ben", mine)
    # Both placed: the second card is up, and Ana's tile shows on Ben's table.
    expect(ben.locator("#table .status")).to_contain_text("Card 2 of 20")
    expect(anas.locator(".n9-grid")).to_be_visible()


def test_a_refused_placement_names_its_rule_and_then_a_legal_one_is_recorded(
    duel: Duel,
) -> None:
    ana = duel.at_the_table(duel.ana)
    digit = card(ana)
    before = sequence(ana)
    place(ana, Place(digit, 30, 30, 0))
    expect(ana.locator("#move-refused")).to_contain_text(
        "A tile shares an edge with a tile of its own level"
    )
    assert sequence(ana) == before
    action = next_placement(duel.stacks["ana"], digit)
    place(ana, action)
    placed(duel, "ana", action)
    ben = duel.at_the_table(duel.ben)
    action = next_placement(duel.stacks["ben"], card(ben))
    place(ben, action)
    placed(duel, "ben", action)
    expect(ben.locator("#table .status")).to_contain_text("Card 3 of 20")


def test_a_few_more_cards_and_the_tables_are_legible(duel: Duel, artefacts: Path) -> None:
    for _card in range(5):
        for who, someone in (("ana", duel.ana), ("ben", duel.ben)):
            page = duel.at_the_table(someone)
            action = next_placement(duel.stacks[who], card(page))
            place(page, action)
            placed(duel, who, action)
    ben = duel.at_the_table(duel.ben)
    ana = duel.at_the_table(duel.ana)
    for page, who in ((ben, "ben"), (ana, "ana")):
        # Every square of the player's own stack shows its digit, its level in small.
        squares = page.locator("#table .hand .n9-grid .sq[title]")
        covered = {cell for _level, cell in _tops(duel.stacks[who])}
        expect(squares).to_have_count(len(covered))
        expect(page.locator("#table .hand .n9-grid .sq sub").first).to_be_visible()
    # On the phone nothing runs off the side of the page: a wide stack scrolls in its box.
    width = ben.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], width
    ben.screenshot(path=str(artefacts / "nmbr9-table-360.png"), full_page=True)
    ben.locator("#table .hand").screenshot(path=str(artefacts / "nmbr9-stack-360.png"))
    ben.locator("#table .place-form").screenshot(path=str(artefacts / "nmbr9-form-360.png"))
    ana.screenshot(path=str(artefacts / "nmbr9-table-desktop.png"), full_page=True)


def _tops(stack: Stack) -> list[tuple[int, tuple[int, int]]]:
    return [(level, cell) for cell, (level, _index) in stack.top.items()]
