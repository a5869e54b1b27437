"""A finished NMBR 9 game's replay: its stacks' grids, whose row numbers read whole (a stack
that grows far up has rows from minus 10 on, wider than one square of the grid), and whose
squares shrink to show each player's whole stack in the player's box on a desktop."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.e2e.helpers import (
    LINE_COUNT,
    PHONE,
    Site,
    axe_violations,
    finished_bot_game,
    scroll_to,
    scrolls_sideways,
    shaded_edges,
)

pytestmark = pytest.mark.browser

#: Random bots lay their tiles far apart: with this seed, their stacks reach row minus 10,
#: and one is 36 squares wide.
SEED = 3
MINUS = "\N{MINUS SIGN}"
#: The squares of a grid that shrank to fit its box, the smallest that still read (px).
SMALLEST_SQUARE = 12


@pytest.fixture(scope="module")
def replay(browser: Browser, site: Site) -> Iterator[Page]:
    game = finished_bot_game(site, "nmbr9", SEED, "NMBR 9 to replay")
    context = browser.new_context(base_url=site.url, locale="en-GB")
    page = context.new_page()
    page.goto(f"/games/{game}/replay/")
    yield page
    context.close()


def test_the_grids_numbers_read_on_one_line(replay: Page) -> None:
    labels = replay.locator(".player .n9-grid .axis:not(.corner)")
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


#: Each player's grid: its box's width, the grid's, and its squares' size (px).
_GRIDS = """() => [...document.querySelectorAll('.player .n9-scroll')].map((box) => [
    box.clientWidth, box.scrollWidth, box.querySelector('.sq').getBoundingClientRect().width
])"""


@pytest.mark.parametrize("width", [1280, 1920])
def test_each_players_whole_stack_shows_in_their_box(replay: Page, width: int) -> None:
    """On a desktop nobody scrolls a player's box sideways to see their stack: its squares
    shrink to the box's width, and stay large enough to read."""
    replay.set_viewport_size({"width": width, "height": 900})
    grids = replay.evaluate(_GRIDS)
    assert len(grids) == 2
    assert [(box, grid) for box, grid, _square in grids if grid > box] == []
    assert min(square for _box, _grid, square in grids) >= SMALLEST_SQUARE


def test_on_a_phone_the_stacks_stay_readable_within_the_screen(replay: Page) -> None:
    """On a phone a wide stack keeps squares large enough to read, and its box scrolls
    rather than the page."""
    replay.set_viewport_size(PHONE)
    assert not scrolls_sideways(replay)
    grids = replay.evaluate(_GRIDS)
    assert min(square for _box, _grid, square in grids) >= SMALLEST_SQUARE
    replay.set_viewport_size({"width": 1280, "height": 900})


def test_on_a_phone_a_stack_wider_than_its_box_shows_it_goes_on(replay: Page) -> None:
    """On a phone the widest stack (36 squares) scrolls in its box, whose scroll bar a phone
    hides: a shadow at the right edge says more of the stack is there, and once scrolled
    to its end, the shadow is at the left edge."""
    replay.set_viewport_size(PHONE)
    boxes = replay.locator(".player .n9-scroll")
    expect(boxes.first).to_be_visible()
    widths = boxes.evaluate_all("boxes => boxes.map((box) => box.scrollWidth - box.clientWidth)")
    widest = boxes.nth(widths.index(max(widths)))
    assert max(widths) > 0
    widest.scroll_into_view_if_needed()
    assert shaded_edges(widest) == {"right"}
    assert axe_violations(replay) == []
    scroll_to(widest, "end")
    assert shaded_edges(widest) == {"left"}
    scroll_to(widest, "start")
    replay.set_viewport_size({"width": 1280, "height": 900})
