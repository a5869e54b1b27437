"""A player page and the leaderboards on a 360 px phone, in French: Ivy has played Maya
against Joe (whose name is 40 letters without a space) and NMBR 9 alone, so her ratings
table has all its columns. No word of a table is cut in two ("Clas / sem / ent"), a rating
keeps its provisional mark beside it, the page does not scroll sideways, and a table wider
than the phone scrolls in a box the keyboard reaches (axe-core's serious
"scrollable-region-focusable"), a shadow at its edge saying it goes on.

Ivy, Joe and their games are made in the served site's Django.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.e2e.helpers import (
    PHONE,
    WORDS_CUT,
    Site,
    axe_violations,
    in_language,
    lines_of,
    log_in_with_password,
    manage,
    members_made,
    person,
    scroll_to,
    scrolls_sideways,
    shaded_edges,
    unhinted_scrolls,
)

pytestmark = pytest.mark.browser

#: Ivy's Maya game against Joe and her NMBR 9 game alone, played to their ends by the
#: heuristic bots' moves and rated; prints Ivy's id. (Random moves rarely make a Maya
#: target: that game took 569 moves and a minute, where the heuristic ends it in some 45.)
#: Joe's name: as long as a display name may be, one word that cannot wrap.
JOE = "joe" + "l" * 37
_GAMES = """
from games.bots import play_bot_move
from games.engine.ruleset import BotLevel
from ratings.services import rebuild

ivy, joe = members["ivy"], members[{joe!r}]
for rules, players in (("maya", [ivy, joe]), ("nmbr9", [ivy])):
    game = started(rules, players)
    rng = random.Random(2)
    levels = dict.fromkeys(range(len(players)), BotLevel.HEURISTIC)
    while play_bot_move(game, rng, levels=levels):
        pass
rebuild()
print(ivy.pk)
"""


@pytest.fixture(scope="module")
def ivy(browser: Browser, site: Site) -> Iterator[tuple[Page, int]]:
    ivy_id = int(
        manage(site, "shell", "-c", members_made("ivy", JOE) + _GAMES.format(joe=JOE)).split()[-1]
    )
    someone = person(browser, site, "ivy")
    log_in_with_password(someone)
    in_language(someone, site, "fr")
    someone.page.set_viewport_size(PHONE)
    yield someone.page, ivy_id
    someone.context.close()


def test_the_ratings_table_reads_whole_on_a_phone_in_french(ivy: tuple[Page, int]) -> None:
    page, ivy_id = ivy
    page.goto(f"/players/{ivy_id}/")
    table = page.locator("main table").first
    expect(table).to_contain_text("Classement")
    expect(table).to_contain_text("Maya")

    assert table.evaluate(WORDS_CUT) == []
    assert lines_of(page.locator("main td.num abbr").first.locator("..")) == 1
    assert not scrolls_sideways(page)
    assert unhinted_scrolls(page) == []
    assert axe_violations(page) == []


def test_the_leaderboard_wider_than_the_phone_shows_where_it_goes_on(
    ivy: tuple[Page, int],
) -> None:
    """Joe's long name makes Maya's leaderboard wider than the phone: it scrolls in its box,
    a shadow at the right edge, at the left once scrolled to its end, the page still."""
    page = ivy[0]
    page.goto("/ratings/")
    board = page.get_by_role("region").filter(has_text=JOE)
    expect(board).to_be_visible()
    assert board.evaluate("box => box.scrollWidth > box.clientWidth")
    assert shaded_edges(board) == {"right"}
    assert unhinted_scrolls(page) == []
    scroll_to(board, "end")
    assert shaded_edges(board) == {"left"}
    assert not scrolls_sideways(page)
    assert axe_violations(page) == []
