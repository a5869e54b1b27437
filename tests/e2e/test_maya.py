"""A Maya game in two browsers: Ana opens it with its options, Ben joins by the link, and
they play a few turns from the table's buttons, each button saying the count it makes.

The tests run in order and share the game, as in ``test_story.py``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass

import pytest
from playwright.sync_api import Browser, Dialog, Page, expect

from tests.e2e.helpers import (
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

GAME = "Chichen Itza"
#: A play button's words: "+4: 5 → 9" (the card, the count now, the count it makes).
BUTTON = re.compile(r"^(.+): (\S+) \u2192 (\S+)$")


@dataclass
class Duel:
    ana: Person
    ben: Person
    game_url: str = ""

    def at_the_table(self, someone: Person) -> Page:
        someone.page.goto(self.game_url)
        expect(table(someone.page)).to_be_visible()
        return someone.page

    def start_count_if_asked(self) -> None:
        """A deal that turns up a Joker (one in about seventeen) waits for the dealer, Ben
        (the last seat), to name the starting count: he takes the first button."""
        page = self.at_the_table(self.ben)
        buttons = page.locator("#table .start-form button")
        if buttons.count():
            before = sequence(page)
            buttons.first.click()
            wait_for_htmx(page)
            expect(table(page)).not_to_have_attribute("data-sequence", str(before))

    def whose_turn(self) -> Person:
        awaited = [p for p in (self.ana, self.ben) if my_turn(self.at_the_table(p))]
        assert len(awaited) == 1, [p.name for p in awaited]
        return awaited[0]


@pytest.fixture(scope="module")
def duel(browser: Browser, site: Site) -> Iterator[Duel]:
    cast = Duel(person(browser, site, "ana"), person(browser, site, "ben"))
    yield cast
    for someone in (cast.ana, cast.ben):
        someone.context.close()


def test_ana_opens_a_maya_game_and_ben_joins(duel: Duel, site: Site) -> None:
    for someone in (duel.ana, duel.ben):
        sign_up(someone, site)  # confirming the address signs in
    page = open_table(duel.ana, "maya", GAME)
    duel.game_url = page.url
    link = invitation_link(page)

    duel.ben.page.goto(link)
    duel.ben.page.get_by_role("button", name="Take a seat").click()
    page.goto(duel.game_url)
    page.get_by_role("button", name="Start the game").click()
    expect(table(page)).to_be_visible()
    duel.start_count_if_asked()
    page = duel.at_the_table(duel.ana)
    expect(page.locator(".maya-numeral")).to_be_visible()
    expect(page.locator(".ladder .rung")).to_have_count(21)


def test_each_player_sees_only_their_own_secret(duel: Duel) -> None:
    for someone in (duel.ana, duel.ben):
        page = duel.at_the_table(someone)
        expect(page.locator(".my-secret")).to_have_count(1)
        expect(page.locator("#table .player .secret")).to_have_count(0)


def accepting(questions: list[str]) -> Callable[[Dialog], None]:
    """A dialog handler that notes the question asked and accepts."""

    def accept(dialog: Dialog) -> None:
        questions.append(dialog.message)
        dialog.accept()

    return accept


def test_they_play_a_few_turns_from_the_buttons(duel: Duel) -> None:
    for _turn in range(4):
        player = duel.whose_turn()
        page = player.page
        before = sequence(page)
        buttons = page.locator("#table .play-form button")
        if buttons.count():
            button = buttons.first
            words = (button.text_content() or "").strip()
            match = BUTTON.match(words)
            assert match, words
            button.click()
        else:
            # A hand of Temples and Skips only: play the first follow-up of its list.
            form = page.locator("#table .then-form").first
            words = form.locator("option").first.text_content() or ""
            match = re.match(r"^(.+) \u2192 (\S+)$", words.strip())
            assert match, words
            # A move chosen from a list is confirmed first, naming the move.
            asked: list[str] = []
            page.once("dialog", accepting(asked))
            form.get_by_role("button").click()
            wait_for_htmx(page)
            assert asked and "Play this move?" in asked[0] and words.strip() in asked[0], asked
        wait_for_htmx(page)
        expect(table(page)).not_to_have_attribute("data-sequence", str(before))
        assert sequence(page) > before
        made = match.group(match.lastindex or 0)
        # The count the button promised is the count the history announces.
        expect(
            page.locator("#table .history li").filter(has_text="The count is").first
        ).to_contain_text(f"The count is {made}.")
