"""Every registered game, each page of its life, at 1280 px and on a 360 px phone, in English
and in French: the lobby (once for all), the new-game form, the waiting room, the table
being played (a first game against bots, a few moves in), the game over, its replay, and
the how-to page. No page scrolls sideways though the player's name is 40 letters without a
space; on the phone every tap target of the table is 44 px each way, and a box scrolling
sideways (Objectifs' round sheet, that long name at the head of a column) shows a shadow
where it goes on; axe-core finds no serious or critical violation (in English on the
desktop, in French on the phone); a screenshot of each
(``matrix-<game>-<page>-<language>-<width>.png``) is left in ``artefacts/``.

One player, one server for every game. What is not being looked at is played quickly: the
moves between the looks are the bots', made through the site's services
(:func:`~tests.e2e.helpers.play_on`), not clicked.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect

from games.registry import game_ids
from tests.e2e.helpers import (
    Person,
    Site,
    game_number,
    open_table,
    person,
    play_on,
    seen_everywhere,
    sign_up,
    table,
)

pytestmark = pytest.mark.browser

#: The games whose waiting room, table and game over another test sees at every width and
#: in both languages already (test_sizes_and_languages.py, NUM-X's): here only their
#: new-game form and how-to page are, so that the matrix costs each page once.
SEEN_ELSEWHERE = ("numx",)
#: Moves the bots make for everyone before the table is looked at "mid-game" (a Numenko
#: game of two may end in six).
MID_GAME = 2


@pytest.fixture(scope="module")
def player(browser: Browser, site: Site) -> Iterator[Person]:
    # A display name of the longest kind, one word: it must wrap, never widen the page.
    someone = person(browser, site, "vera" + "y" * 36)
    someone.password = "quartz-lantern-5517"  # one unlike the long name, as sign-up wants
    sign_up(someone, site)
    yield someone
    someone.context.close()


@pytest.mark.parametrize("game", game_ids())
def test_every_page_of_a_game(game: str, player: Person, site: Site, artefacts: Path) -> None:
    page = player.page
    short = []

    def look(name: str, shows: str) -> None:
        short.extend(seen_everywhere(player, site, artefacts, f"{game}-{name}", shows))

    if game == game_ids()[0]:
        # The lobby, once: every game's "Try it against bots" is there.
        page.goto("/games/")
        look("lobby", ".try-bots")
    page.goto(f"/games/new/?game={game}")
    look("new", "main form")
    page.goto(f"/rules/{game}/")
    look("howto", ".try-bots")
    if game in SEEN_ELSEWHERE:
        assert not short, "\n".join(short)
        return

    open_table(player, game, f"Waiting for {game}")
    look("waiting-room", ".seats")

    for _table in range(3):  # a game may end in its first moves (Numenko: nobody asks)
        page.goto(f"/rules/{game}/")
        page.locator(".try-bots button").click()
        expect(table(page)).to_be_visible()
        game_id = game_number(page.url)
        if play_on(site, game_id, moves=MID_GAME):
            break
    else:
        pytest.fail(f"three {game} games against bots ended within {MID_GAME} moves")
    page.reload()
    look("table", "#table .actions")

    play_on(site, game_id)
    page.reload()
    expect(page.locator(".outcome")).to_be_visible()
    look("game-over", ".outcome")
    page.goto(f"/games/{game_id}/replay/")
    look("replay", "#replay-step")
    assert not short, "\n".join(short)
