"""A whole Numenko game in two browsers and against a bot: Ana opens a table for three, Ben
joins by the link, a bot takes the third seat. Ana, in English on a desktop, builds her
first grid by taps (a tile of her hand, then a square; a Multichoice's sign changed; an
undo), each line marked right as she builds, and exchanges a tile. Ben, in French on a
360 px phone, writes a grid in the notation field: a wrong one is refused with its first
wrong line and the rule it breaks, then he keeps his grid. They play on, round after round,
until nobody asks the pot for tiles; the final scores and every hand show, and the replay
draws every grid. No page scrolls sideways; screenshots are left in ``artefacts/``.

The tests run in order and share the game, as in ``test_story.py``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Dialog, Page, expect

from tests.e2e.helpers import (
    PHONE,
    Person,
    Site,
    calculation,
    in_language,
    invitation_link,
    lay,
    my_turn,
    open_table,
    person,
    scrolls_sideways,
    sequence,
    sign_up,
    square,
    table,
    tiles_in_hand,
    wait_for_htmx,
)

pytestmark = pytest.mark.browser

GAME = "Sums for three"
#: Rounds played at most before the game must be over (the bot, at random, asks for nothing
#: one round in four or so: the game ends the first round nobody asks).
ROUNDS = 40
#: The smallest tap target allowed, in CSS pixels.
TAP = 40


@dataclass
class Table:
    ana: Person
    ben: Person
    game_url: str = ""

    def at_the_table(self, someone: Person) -> Page:
        someone.page.goto(self.game_url)
        expect(table(someone.page)).to_be_visible()
        return someone.page


@pytest.fixture(scope="module")
def trio(browser: Browser, site: Site) -> Iterator[Table]:
    cast = Table(person(browser, site, "nkana"), person(browser, site, "nkben"))
    for someone in (cast.ana, cast.ben):
        someone.page.on("dialog", lambda dialog: accept(dialog))
    yield cast
    for someone in (cast.ana, cast.ben):
        someone.context.close()


def accept(dialog: Dialog) -> None:
    dialog.accept()


def test_ana_opens_a_table_for_three_ben_joins_and_a_bot_sits(trio: Table, site: Site) -> None:
    for someone in (trio.ana, trio.ben):
        sign_up(someone, site)
    page = open_table(trio.ana, "numenko", GAME, players=3)
    trio.game_url = page.url
    link = invitation_link(page)
    trio.ben.page.goto(link)
    trio.ben.page.get_by_role("button", name="Take a seat").click()
    page.goto(trio.game_url)
    page.get_by_label("Level of the bot").select_option("0")
    page.get_by_role("button", name="Give a free seat to a bot").click()
    page.get_by_role("button", name="Start the game").click()
    expect(table(page)).to_be_visible()
    expect(page.locator("#table .nk-build")).to_be_visible()


def test_ana_builds_her_first_grid_by_taps_and_exchanges(trio: Table, artefacts: Path) -> None:
    page = trio.at_the_table(trio.ana)
    assert my_turn(page)
    tiles = tiles_in_hand(page)
    sum_ = calculation(tiles)
    assert sum_ is not None, tiles
    first, sign, second, _equals, result = sum_
    lay(page, first, 0, 0)
    # A tile laid by mistake, taken back by Undo.
    lay(page, second, 1, 0)
    page.get_by_role("button", name="Undo").click()
    expect(page.locator(square(page, 1, 0))).to_have_attribute("data-token", "")
    expect(page.locator("#table textarea")).to_have_value(first)
    lay(page, "M", 0, 1)
    expect(page.locator(square(page, 0, 1))).to_have_attribute("data-token", "+")
    if sign != "+":
        # The Multichoice just laid is chosen: tapping it again turns its sign.
        while page.locator(square(page, 0, 1)).get_attribute("data-token") != sign:
            before = page.locator(square(page, 0, 1)).get_attribute("data-token")
            page.locator(square(page, 0, 1)).click()
            expect(page.locator(square(page, 0, 1))).not_to_have_attribute(
                "data-token", before or ""
            )
    lay(page, second, 0, 2)
    lay(page, "M", 0, 3)
    # The sign chosen from the tools: equals.
    page.locator("#table .nk-tools").get_by_role("button", name="equals", exact=True).click()
    expect(page.locator(square(page, 0, 3))).to_have_attribute("data-token", "=")
    lay(page, result, 0, 4)
    verdict = page.locator("#table .nk-verdict")
    expect(verdict).to_contain_text("Every calculation holds: 5 tiles laid")
    expect(page.locator("#table .nk-runs .right")).to_have_count(1)
    expect(page.locator("#table textarea")).to_have_value(sum_)
    page.screenshot(path=str(artefacts / "numenko-build-desktop.png"), full_page=True)
    assert not scrolls_sideways(page)
    before = sequence(page)
    page.locator("#table .nk-send").get_by_role("button", name="Send my grid and exchange").click()
    expect(table(page)).not_to_have_attribute("data-sequence", str(before))
    expect(page.locator("#table .nk-submission")).to_contain_text(f"lay out the grid “{sum_}”")
    assert not my_turn(page)


def wrong(right: str, tiles: str) -> str:
    """``right`` (``a o b = c``) with another result the tiles hold: a false calculation."""
    first, sign, second, _equals, result = right
    spare = Counter(tiles) - Counter(right.replace(sign, "M").replace("=", "M"))
    other = next(digit for digit in "0123456789" if spare[digit] and digit != result)
    return f"{first}{sign}{second}={other}"


def test_ben_on_a_phone_in_french_writes_a_wrong_grid_and_is_told_which_line(
    trio: Table, site: Site, artefacts: Path
) -> None:
    in_language(trio.ben, site, "fr")
    trio.ben.page.set_viewport_size(PHONE)
    page = trio.at_the_table(trio.ben)
    expect(page.locator("html")).to_have_attribute("lang", "fr")
    assert page.locator("#table .status").get_by_text("À vous de jouer.").count()
    tiles = tiles_in_hand(page)
    right = calculation(tiles)
    assert right is not None, tiles
    false = wrong(right, tiles)
    field = page.locator("#table textarea")
    field.fill(false)
    verdict = page.locator("#table .nk-verdict")
    # Marked wrong as it is written, before anything is sent: the line, where, the rule.
    expect(verdict).to_contain_text("(en travers, ligne 1, colonnes 1 à 5)")
    expect(verdict).to_contain_text("Les deux côtés du signe égal sont égaux")
    expect(page.locator("#table .nk-build .wrong")).to_have_count(5)
    before = sequence(page)
    page.get_by_role("button", name="Envoyer ma grille, ne rien demander").click()
    refused = page.locator("#move-refused")
    expect(refused).to_contain_text("Les deux côtés du signe égal sont égaux")
    expect(refused.get_by_role("link", name="Lire la règle")).to_be_visible()
    expect(verdict).to_contain_text("(en travers, ligne 1, colonnes 1 à 5)")
    assert sequence(page) == before
    page.screenshot(path=str(artefacts / "numenko-refused-360-fr.png"), full_page=True)
    page.locator("#table .nk-play").screenshot(path=str(artefacts / "numenko-form-360-fr.png"))
    # Every square and tile is a target a finger can hit, and nothing runs off the side.
    for target in (".nk-build button.nk-sq", ".nk-hand button.nk-tile"):
        box = page.locator(f"#table {target}").first.bounding_box()
        assert box is not None and box["width"] >= TAP and box["height"] >= TAP, (target, box)
    assert not scrolls_sideways(page), page.evaluate("document.documentElement.scrollWidth")
    field.fill(right)
    expect(verdict).to_contain_text("Tous les calculs sont justes\u00a0: 5 tuiles posées")
    page.get_by_role("button", name="Envoyer ma grille, ne rien demander").click()
    expect(table(page)).not_to_have_attribute("data-sequence", str(before))
    wait_for_htmx(page)
    expect(page.locator("#table .centre h2")).to_have_text("Tour 2")
    page.screenshot(path=str(artefacts / "numenko-round-2-360-fr.png"), full_page=True)


def test_a_draft_survives_the_table_refreshing_itself(trio: Table) -> None:
    """Ana empties her grid (a draft), Ben moves meanwhile: her table refreshes itself with
    his move, and her draft is still there; Undo brings her grid back, and she keeps it."""
    ana = trio.at_the_table(trio.ana)
    expect(ana.locator("#table .centre h2")).to_have_text("Round 2")
    field = ana.locator("#table textarea")
    kept = field.input_value()
    assert kept
    ana.get_by_role("button", name="Take every tile back").click()
    expect(ana.locator("#table .nk-verdict")).to_have_text(
        "Your grid is empty: every tile is in your hand."
    )
    seen = sequence(ana)
    ben = trio.at_the_table(trio.ben)
    assert keep_and_ask_nothing(ben)
    # The table polls every 4 s: Ben's move comes in, the draft stays.
    expect(table(ana)).not_to_have_attribute("data-sequence", str(seen), timeout=15_000)
    expect(ana.locator("#table .players")).to_contain_text("has moved this round")
    expect(field).to_have_value("")
    ana.get_by_role("button", name="Undo").click()
    expect(field).to_have_value(kept)
    expect(ana.locator("#table .nk-verdict")).to_contain_text("Every calculation holds")
    assert keep_and_ask_nothing(ana)


def keep_and_ask_nothing(page: Page) -> bool:
    """Send the grid as it stands, asking the pot for nothing, if the seat may move; whether
    it did."""
    button = page.locator('#table .nk-send button[name="play-ask"][value="nothing"]')
    if not button.count():
        return False
    before = sequence(page)
    button.click()
    expect(table(page)).not_to_have_attribute("data-sequence", str(before))
    wait_for_htmx(page)
    return True


def test_they_play_on_until_a_round_in_which_nobody_asks(trio: Table, artefacts: Path) -> None:
    """From now on Ana and Ben ask for nothing: the game stops the first round in which the
    bot asks for nothing too."""
    over = False
    for _round in range(ROUNDS):
        for someone in (trio.ana, trio.ben):
            page = trio.at_the_table(someone)
            over = page.locator("#table .outcome").count() > 0
            if over:
                break
            keep_and_ask_nothing(page)
        if over:
            break
    assert over, f"still playing after {ROUNDS} rounds"
    ana = trio.at_the_table(trio.ana)
    expect(ana.locator("#table .outcome h2")).to_have_text("Final scores")
    expect(ana.locator("#table .outcome .winners")).to_contain_text("Won by")
    expect(ana.locator("#table .all-hands li")).to_have_count(3)
    expect(ana.locator("#table .history")).to_contain_text(
        "Nobody asked for tiles: the game stops."
    )
    ben = trio.at_the_table(trio.ben)
    expect(ben.locator("#table .outcome h2")).to_have_text("Scores finaux")
    expect(ben.locator("#table .history")).to_contain_text("Personne n’a demandé de tuiles")
    for page, name in ((ana, "numenko-over-desktop-en.png"), (ben, "numenko-over-360-fr.png")):
        assert not scrolls_sideways(page)
        page.screenshot(path=str(artefacts / name), full_page=True)


def test_the_replay_draws_every_grid_at_every_step(trio: Table, artefacts: Path) -> None:
    page = trio.ana.page
    page.set_viewport_size(PHONE)
    page.goto(trio.game_url + "replay/?step=4")
    grids = page.locator(".replay .player .nk-grid, .replay .player .nk-empty")
    expect(grids).to_have_count(3)
    last = int(page.locator("#replay-step").get_attribute("data-last") or "0")
    page.goto(f"{trio.game_url}replay/?step={last}")
    expect(page.locator(".replay .player .nk-grid")).not_to_have_count(0)
    expect(page.locator(".replay .all-hands li")).to_have_count(3)
    assert not scrolls_sideways(page)
    page.screenshot(path=str(artefacts / "numenko-replay-360-en.png"), full_page=True)
