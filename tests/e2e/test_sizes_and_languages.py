"""Every page of a NUM-X game's life, at 1280 px and on a 360 px phone, in English and in
French: the join page, the waiting room, the opening pick, a trick being played, the
winner's distribution, the history, the replay, and a finished game's table and replay.
No page scrolls sideways, though Nils's name is 40 letters without a space; on the phone
every tap target is 44 px each way and the header one line; axe-core finds no serious or
critical violation on any (in English on the desktop, in French on the phone); a screenshot
of each (``matrix-<page>-<language>-<width>.png``)
is left in ``artefacts/``.

Mara and Nils play a two-player game with a deadline (so that the pages say when moves are
due); the tests run in order and share it, as in ``test_story.py``.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.e2e.helpers import (
    Person,
    Site,
    hand_out,
    invitation_link,
    lay_one_card,
    my_turn,
    open_table,
    pass_button,
    person,
    pick_a_score_card,
    seed_demo,
    seen_everywhere,
    sign_up,
    table,
)

pytestmark = pytest.mark.browser

GAME = "Partout"


@dataclass
class Duo:
    mara: Person
    nils: Person
    game_url: str = ""
    #: Who laid the first pli, and so wins the trick when the other passes.
    starter: Person | None = None

    @property
    def people(self) -> list[Person]:
        return [self.mara, self.nils]

    def at_the_table(self, someone: Person) -> Page:
        someone.page.goto(self.game_url)
        expect(table(someone.page)).to_be_visible()
        return someone.page


@pytest.fixture(scope="module")
def duo(browser: Browser, site: Site) -> Iterator[Duo]:
    # A display name of the longest kind, one word: it must wrap, never widen the page.
    cast = Duo(person(browser, site, "mara"), person(browser, site, "nils" + "x" * 36))
    cast.nils.password = "tangerine-kettle-9081"  # one unlike the long name, as sign-up wants
    yield cast
    for someone in cast.people:
        someone.context.close()


def test_the_waiting_room_and_the_join_page(duo: Duo, site: Site, artefacts: Path) -> None:
    for someone in duo.people:
        sign_up(someone, site)
    room = open_table(duo.mara, "numx", GAME, days="2")
    duo.game_url = room.url
    link = invitation_link(room)
    wide = seen_everywhere(duo.mara, site, artefacts, "waiting-room", "#invite-friends")

    duo.nils.page.goto(link)
    wide += seen_everywhere(duo.nils, site, artefacts, "join", "main form")
    duo.nils.page.get_by_role("button", name="Take a seat").click()
    expect(duo.nils.page.get_by_text("Every seat is taken: mara starts the game.")).to_be_visible()
    wide += seen_everywhere(duo.nils, site, artefacts, "waiting-room-full", ".seats")
    assert not wide, "\n".join(wide)

    room.goto(duo.game_url)
    room.get_by_role("button", name="Start the game").click()
    expect(table(room)).to_be_visible()


def test_the_opening_pick(duo: Duo, site: Site, artefacts: Path) -> None:
    duo.at_the_table(duo.mara)
    wide = seen_everywhere(duo.mara, site, artefacts, "pick", ".choice-form")
    assert not wide, "\n".join(wide)
    for someone in duo.people:
        pick_a_score_card(duo.at_the_table(someone))


def test_a_trick_being_played(duo: Duo, site: Site, artefacts: Path) -> None:
    starter = next(p for p in duo.people if my_turn(duo.at_the_table(p)))
    duo.starter = starter
    wide = seen_everywhere(starter, site, artefacts, "play", ".pli-form")
    answerer = next(p for p in duo.people if p is not starter)
    # The answerer waits at the table, on a control of it, with the keyboard.
    watching = duo.at_the_table(answerer)
    watching.locator("#table a[href$='/history/']").focus()
    lay_one_card(starter.page)
    # The table refreshes itself: a screen reader hears the move, the focus stays put.
    expect(watching.locator("#table-news")).to_contain_text(starter.name, timeout=15_000)
    focused = watching.evaluate("document.activeElement.getAttribute('href') || ''")
    assert focused.endswith("/history/"), focused
    duo.at_the_table(answerer)
    wide += seen_everywhere(answerer, site, artefacts, "play-answer", ".centre .plis")
    assert not wide, "\n".join(wide)


def test_the_winners_distribution(duo: Duo, site: Site, artefacts: Path) -> None:
    assert duo.starter, "the trick came first"
    answerer = next(p for p in duo.people if p is not duo.starter)
    pass_button(duo.at_the_table(answerer)).click()
    expect(pass_button(answerer.page)).to_have_count(0)

    page = duo.at_the_table(duo.starter)
    wide = seen_everywhere(duo.starter, site, artefacts, "distribution", ".distribution-form")
    hand_out(page, [answerer.name])
    page.get_by_role("button", name="Hand out").click()
    expect(page.locator(".distribution-form")).to_have_count(0)
    assert not wide, "\n".join(wide)


def test_the_history_and_the_replay(duo: Duo, site: Site, artefacts: Path) -> None:
    page = duo.mara.page
    page.goto(duo.game_url + "history/")
    wide = seen_everywhere(duo.mara, site, artefacts, "history", ".history")
    page.goto(duo.game_url + "replay/?step=3")
    wide += seen_everywhere(duo.mara, site, artefacts, "replay", "#replay-step")
    assert not wide, "\n".join(wide)


def test_a_finished_game(duo: Duo, site: Site, artefacts: Path) -> None:
    """The demo's finished X-Game, seeded as `make run` seeds it: its table and its
    replay's last step, with the final scores."""
    replay = seed_demo(site)
    page = duo.mara.page
    page.goto(replay)
    wide = seen_everywhere(duo.mara, site, artefacts, "replay-game-over", ".outcome")
    page.goto(page.url.split("/replay/")[0] + "/")
    wide += seen_everywhere(duo.mara, site, artefacts, "game-over", ".outcome")
    assert not wide, "\n".join(wide)
