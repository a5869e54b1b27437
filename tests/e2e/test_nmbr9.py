"""An NMBR 9 game in two browsers: Ana opens it, Ben joins by the link, and both place the
same cards at once from the table's form, Ben on a phone-wide screen. A placement stays
secret from the other until both have placed; a refused one names its rule. On the phone
Ben taps a square of his grid, turns and moves the tile with buttons, reads the preview
(legal or the rule, what it scores) and confirms. Screenshots of the table at phone and
desktop widths are left in ``artefacts/``.

The tests run in order and share the game, as in ``test_story.py``.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Locator, Page, expect

from games.engine.nmbr9 import IllegalAction, Place, Stack, footprint, placements, settle
from games.rulesets.nmbr9.descriptions import square
from tests.e2e.helpers import (
    PHONE,
    Person,
    Site,
    invitation_link,
    my_turn,
    open_table,
    person,
    sequence,
    sign_up,
    table,
    wait_for_htmx,
)

pytestmark = pytest.mark.browser

GAME = "Tower of Babel"


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
    page = open_table(duel.ana, "nmbr9", GAME)
    duel.game_url = page.url
    link = invitation_link(page)
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
        # Every square of the player's own stack shows its digit, its level in small (the
        # form opens on a placement on the table, over none of them).
        squares = page.locator("#table .n9-pick-grid .sq[title]")
        covered = {cell for _level, cell in _tops(duel.stacks[who])}
        expect(squares).to_have_count(len(covered))
        expect(page.locator("#table .n9-pick-grid .sq sub").first).to_be_visible()
    # On the phone nothing runs off the side of the page: a wide stack scrolls in its box.
    width = ben.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], width
    # Each coordinate's label sits on its field's line: failed before, when "Row (y)" ended
    # the first line and its field began the next, under "Column (x)"'s.
    for name in ("place-x", "place-y"):
        label = ben.locator(f"#table label[for={name}]").bounding_box()
        box = ben.locator(f"#table #{name}").bounding_box()
        assert label is not None and box is not None
        middle = label["y"] + label["height"] / 2
        assert box["y"] <= middle <= box["y"] + box["height"], (name, label, box)
    ben.screenshot(path=str(artefacts / "nmbr9-table-360.png"), full_page=True)
    ben.locator("#table .n9-pick-grid").screenshot(path=str(artefacts / "nmbr9-stack-360.png"))
    ben.locator("#table .place-form").screenshot(path=str(artefacts / "nmbr9-form-360.png"))
    ana.screenshot(path=str(artefacts / "nmbr9-table-desktop.png"), full_page=True)


def test_on_a_phone_ben_zooms_out_to_see_his_whole_stack_and_back_in(
    duel: Duel, artefacts: Path
) -> None:
    ben = duel.at_the_table(duel.ben)
    assert ben.viewport_size == PHONE
    pick = ben.locator("#table #n9-pick")
    box = pick.locator(".n9-scroll")
    grid = pick.locator(".n9-pick-grid")

    def square_width() -> float:
        found = grid.locator("button.sq").first.bounding_box()
        assert found is not None
        return float(found["width"])

    def fits() -> bool:
        return bool(box.evaluate("box => box.scrollWidth <= box.clientWidth"))

    # Squares a finger can hit: the stack and where the tile may go are wider than the
    # phone, so the grid scrolls in its box; the page itself never does.
    assert square_width() >= 44
    assert not fits()
    assert ben.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    ben.get_by_role("checkbox", name="Whole stack in view").check()
    expect(box).to_have_js_property("scrollLeft", 0)
    assert fits(), box.evaluate("box => [box.scrollWidth, box.clientWidth]")
    assert square_width() < 44
    ben.screenshot(path=str(artefacts / "nmbr9-zoomed-out-360.png"), full_page=True)
    # A tap on a small square previews there, and the grid stays zoomed out.
    legal = grid.locator("button.legal:not(.corner-here)").first
    name = legal.get_attribute("aria-label") or ""
    legal.click()
    expect(pick.get_by_role("button", name=name, exact=True)).to_have_class(
        re.compile(r"\bcorner-here\b")
    )
    assert fits()
    # The table's refresh (as when the other player moves) keeps the zoom as he left it.
    ben.evaluate(
        "htmx.ajax('GET', document.getElementById('table').getAttribute('hx-get')"
        ".replace(/seq=\\d+/, 'seq=0'), {target: '#table', swap: 'outerHTML'})"
    )
    wait_for_htmx(ben)
    expect(ben.get_by_role("checkbox", name="Whole stack in view")).to_be_checked()
    assert fits()
    ben.get_by_role("checkbox", name="Whole stack in view").uncheck()
    assert square_width() >= 44 and not fits()
    assert ben.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


def test_on_a_phone_ben_taps_turns_and_moves_the_tile_sees_the_preview_and_places_it(
    duel: Duel, artefacts: Path
) -> None:
    ben = duel.at_the_table(duel.ben)
    assert ben.viewport_size == PHONE
    digit = card(ben)
    stack = duel.stacks["ben"]
    pick = ben.locator("#table #n9-pick")
    shown = int(pick.locator("input[name='place-turn']:checked").get_attribute("value") or 0)
    # A square of his stack where the rules refuse the tile, at its right (off the phone's
    # screen until scrolled to), cannot be tapped; the squares he may tap are marked, and
    # one tapped shows its preview. Typed in, the refused square's preview says which rule.
    refused = next(
        cell for cell in sorted(stack.top, reverse=True) if _refused(stack, digit, *cell, shown)
    )
    expect(corner_button(ben, *refused)).to_be_disabled()
    # Another square than the one the form opened on: the tap's answer then shows on the
    # grid, and nothing is typed in before it has come (it redraws the form).
    legal = pick.locator(".n9-pick-grid button.legal:not(.corner-here)").first
    expect(legal).to_be_enabled()
    name = legal.get_attribute("aria-label") or ""
    legal.click()
    tapped = pick.get_by_role("button", name=name, exact=True)
    expect(tapped).to_have_class(re.compile(r"\bcorner-here\b"))
    expect(pick.locator(".n9-verdict")).to_contain_text("Legal: ")
    pick.get_by_label("Column (x)").fill(str(refused[0]))
    pick.get_by_label("Row (y)").fill(str(refused[1]))
    pick.get_by_role("button", name="Show on the grid").click()
    expect(pick.locator(".n9-verdict")).to_contain_text("Not allowed: ")
    expect(pick.locator(".sq.pv.refused").first).to_be_visible()
    # The square of a placement at the highest level in reach, typed in and shown on the
    # grid, then turned into place.
    target = next_placement(stack, digit)
    pick.get_by_label("Column (x)").fill(str(target.x))
    pick.get_by_label("Row (y)").fill(str(target.y))
    pick.get_by_role("button", name="Show on the grid").click()
    corner = f"Top-left corner at {square(target.x, target.y)}"
    expect(pick.locator(".corner-here")).to_have_attribute("aria-label", corner)
    turns = (target.turn - shown) // 90 % 4 or 4
    for turned in range(1, turns + 1):
        pick.get_by_role("button", name="Turn a quarter").click()
        expect(
            pick.locator(f"input[name='place-turn'][value='{(shown + 90 * turned) % 360}']")
        ).to_be_checked()
    # A nudge right and one back left.
    for arrow, x in (("Move right", target.x + 1), ("Move left", target.x)):
        pick.get_by_role("button", name=arrow).click()
        expect(pick.get_by_label("Column (x)")).to_have_value(str(x))
    level = settle(stack, digit, target.x, target.y, target.turn).level
    points = digit * level
    verdict = f"Legal: scores {points} point{'' if points == 1 else 's'} (level {level})."
    expect(pick.locator(".n9-verdict")).to_have_text(verdict)
    expect(pick.locator(".sq.pv:not(.refused)")).to_have_count(len(_cells(target)))
    # Every square is a target a finger can hit, and the page does not run off the side.
    box = pick.locator(".n9-pick-grid button.sq").first.bounding_box()
    assert box is not None and box["width"] >= 32 and box["height"] >= 32, box
    assert ben.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    pick.screenshot(path=str(artefacts / "nmbr9-preview-360.png"))
    ben.screenshot(path=str(artefacts / "nmbr9-preview-page-360.png"), full_page=True)
    before = sequence(ben)
    pick.get_by_role("button", name=f"Place the {digit}").click()
    expect(table(ben)).not_to_have_attribute("data-sequence", str(before))
    placed(duel, "ben", target)
    assert not my_turn(ben)
    # His stack shows the tile where the preview drew it, outlined as his latest.
    grid = ben.locator("#table .hand .n9-grid")
    for x, y in _cells(target):
        expect(grid.get_by_title(f"{digit} on level {level} at {square(x, y)}")).to_be_visible()


def corner_button(page: Page, x: int, y: int) -> Locator:
    """The square ``x, y`` of the placement grid, a button."""
    pick = page.locator("#table #n9-pick")
    return pick.get_by_role("button", name=f"Top-left corner at {square(x, y)}", exact=True)


def _refused(stack: Stack, digit: int, x: int, y: int, turn: int) -> bool:
    try:
        settle(stack, digit, x, y, turn)
    except IllegalAction:
        return True
    return False


def _cells(action: Place) -> set[tuple[int, int]]:
    return {(action.x + dx, action.y + dy) for dx, dy in footprint(action.digit, action.turn)}


def _tops(stack: Stack) -> list[tuple[int, tuple[int, int]]]:
    return [(level, cell) for cell, (level, _index) in stack.top.items()]
