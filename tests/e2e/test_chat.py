"""The chat as a player reads it on a 360 px phone, after a long conversation: the newest
line is in view, a line said meanwhile comes in by itself and is said to a screen reader,
a player who scrolled back to read older lines is left where they were, and the lines'
box is a region the keyboard can reach (axe-core).

Ulla and Otto are made, with their table and forty lines of Otto's, in the served site's
Django; Ulla reads in the browser.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, expect

from tests.e2e.helpers import (
    PHONE,
    Person,
    Site,
    axe_violations,
    log_in_with_password,
    manage,
    members_made,
    person,
)

pytestmark = pytest.mark.browser

#: Ulla's and Otto's Maya table, and what Otto had said at it (forty lines); prints its id.
_TABLE = """
from chat.services import say

otto = members["otto"]
game = started("maya", [members["ulla"], otto])
for number in range(1, 41):
    say(game, otto, f"Line {number}: " + "on and on " * 8)
print(game.pk)
"""

#: Otto says one more line (the game's id and the words are formatted in).
_BEN_SAYS = """
from django.contrib.auth.models import User
from chat.services import say
from games.models import Game

say(Game.objects.get(pk={game_id}), User.objects.get(username="otto"), {text!r})
"""

#: How far the lines' box is from its end, in pixels.
_FROM_THE_END = "(list) => list.scrollHeight - list.scrollTop - list.clientHeight"


@pytest.fixture(scope="module")
def ulla(browser: Browser, site: Site) -> Iterator[tuple[Person, int]]:
    game_id = int(manage(site, "shell", "-c", members_made("ulla", "otto") + _TABLE).split()[-1])
    someone = person(browser, site, "ulla")
    someone.page.set_viewport_size(PHONE)
    log_in_with_password(someone)
    yield someone, game_id
    someone.context.close()


def test_the_newest_line_is_in_view_and_the_box_is_reachable(ulla: tuple[Person, int]) -> None:
    someone, game_id = ulla
    page = someone.page
    page.goto(f"/games/{game_id}/")
    box = page.locator("#chat-lines")
    expect(box).to_contain_text("Line 40")

    page.wait_for_function(f"({_FROM_THE_END})(document.getElementById('chat-lines')) < 2")
    assert not [v for v in axe_violations(page) if "chat" in v]


def test_a_new_line_comes_in_view_and_is_said(ulla: tuple[Person, int], site: Site) -> None:
    someone, game_id = ulla
    page = someone.page
    box = page.locator("#chat-lines")

    manage(site, "shell", "-c", _BEN_SAYS.format(game_id=game_id, text="Your turn, Ulla!"))

    expect(box).to_contain_text("Your turn, Ulla!", timeout=15_000)
    expect(page.locator("#chat-news")).to_have_text("otto: Your turn, Ulla!")
    assert box.evaluate(_FROM_THE_END) < 2


def test_a_reader_scrolled_back_stays_where_they_were(ulla: tuple[Person, int], site: Site) -> None:
    someone, game_id = ulla
    page = someone.page
    box = page.locator("#chat-lines")
    box.evaluate("(list) => { list.scrollTop = 0; }")

    manage(site, "shell", "-c", _BEN_SAYS.format(game_id=game_id, text="Still there?"))

    expect(box).to_contain_text("Still there?", timeout=15_000)
    assert box.evaluate("(list) => list.scrollTop") == 0


def test_a_line_is_reported_from_its_fold_which_the_refresh_leaves_as_filled(
    ulla: tuple[Person, int], site: Site
) -> None:
    """The report's form, half filled, outlives the lines' refresh (a line said meanwhile);
    sent, the panel thanks Ulla and the line says it is reported. Its "Report" is a
    finger's target on the phone."""
    someone, game_id = ulla
    page = someone.page
    page.goto(f"/games/{game_id}/")
    box = page.locator("#chat-lines")
    line = box.locator("li", has_text="Line 39:")
    fold = line.locator("details.chat-report")
    summary = fold.locator("summary")
    summary.scroll_into_view_if_needed()
    size = summary.bounding_box()
    assert size is not None and size["height"] >= 44 and size["width"] >= 44
    summary.click()
    fold.locator("select").select_option("insult")
    fold.locator("input[name=note]").fill("Forty lines of this")

    manage(site, "shell", "-c", _BEN_SAYS.format(game_id=game_id, text="Anyone?"))
    expect(box).to_contain_text("Anyone?", timeout=15_000)

    expect(fold.locator("input[name=note]")).to_have_value("Forty lines of this")
    fold.get_by_role("button", name="Send the report").click()
    expect(page.locator("#chat .notice")).to_have_text(
        "Thank you: the moderators will read your report."
    )
    expect(line.locator(".reported")).to_have_text("Reported")
    assert not [v for v in axe_violations(page) if "chat" in v]
