"""What turn-based players expect around the table, in two browsers: Cleo (desktop, English)
and Dora (a 360 px phone, French) chat at their NUM-X table, each line reaching the other
by itself; deadlines count down in the reader's language; the rules page, the waiting
room, the table and the chat never scroll sideways on the phone. Screenshots of Dora's
table and rules page are left in ``artefacts/``.

The tests run in order and share the game, as in ``test_story.py``.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.e2e.helpers import (
    PHONE,
    Person,
    Site,
    axe_violations,
    invitation_link,
    open_table,
    person,
    scrolls_sideways,
    seed_demo,
    sign_up,
    table,
    wait_for_htmx,
)

pytestmark = pytest.mark.browser

GAME = "Rendez-vous"


@dataclass
class Pair:
    cleo: Person
    dora: Person
    game_url: str = ""


@pytest.fixture(scope="module")
def pair(browser: Browser, site: Site) -> Iterator[Pair]:
    cast = Pair(person(browser, site, "cleo"), person(browser, site, "dora"))
    yield cast
    for someone in (cast.cleo, cast.dora):
        someone.context.close()


def fits_the_phone(page: Page) -> None:
    assert not scrolls_sideways(page), page.url


def test_cleo_opens_a_clocked_table_and_dora_joins_it_on_her_phone_in_french(
    pair: Pair, site: Site
) -> None:
    for someone in (pair.cleo, pair.dora):
        sign_up(someone, site)
    dora = pair.dora.page
    dora.set_viewport_size(PHONE)
    dora.goto("/accounts/profile/")
    dora.get_by_label("Language").select_option("fr")
    dora.get_by_role("button", name="Save", exact=True).click()
    expect(dora.locator("html")).to_have_attribute("lang", "fr")
    page = open_table(pair.cleo, "numx", GAME, days="2")
    pair.game_url = page.url
    link = invitation_link(page)

    dora.goto(link)
    fits_the_phone(dora)
    # Measured during the navigation, the page would have no document: wait for it.
    with dora.expect_navigation():
        dora.get_by_role("button", name="Prendre place").click()
    fits_the_phone(dora)  # the waiting room
    page.goto(pair.game_url)
    page.get_by_role("button", name="Start the game").click()
    expect(table(page)).to_be_visible()


def test_deadlines_count_down_in_the_readers_language(pair: Pair) -> None:
    cleo, dora = pair.cleo.page, pair.dora.page
    dora.goto(pair.game_url)
    # Both pick at once: each sees both clocks, counted down by the browser.
    expect(cleo.locator("time.countdown").first).to_have_text("(in 2 days)")
    expect(dora.locator("time.countdown").first).to_have_text("(dans 2 jours)")
    expect(dora.locator(".bank").first).to_contain_text("réserve de temps")


def test_the_vacation_days_field_is_a_fingers_target_on_the_phone(pair: Pair) -> None:
    """Dora pauses her clock from her phone: the field for the days, three digits wide, is
    44 px each way at least, as the site's other fields and buttons are (WCAG 2.5.5)."""
    dora = pair.dora.page
    dora.goto(pair.game_url)
    days = dora.get_by_role("spinbutton", name=re.compile("Mettre mon chrono en pause"))
    expect(days).to_be_visible()
    found = days.bounding_box()
    assert found is not None
    assert found["width"] >= 44 and found["height"] >= 44, found
    assert axe_violations(dora) == []


def test_a_line_said_by_one_reaches_the_other_by_itself(pair: Pair) -> None:
    cleo, dora = pair.cleo.page, pair.dora.page
    dora.goto(pair.game_url)
    cleo.goto(pair.game_url)

    cleo.get_by_label("Say to the table").fill("Good luck, Dora <3")
    cleo.get_by_role("button", name="Send").click()
    wait_for_htmx(cleo)
    expect(cleo.locator("#chat-lines")).to_contain_text("Good luck, Dora <3")
    # Dora's panel refreshes its lines every 10 s.
    expect(dora.locator("#chat-lines")).to_contain_text("Good luck, Dora <3", timeout=15_000)

    dora.get_by_label("Dire à la table").fill("Merci, bonne chance aussi !")
    dora.get_by_role("button", name="Envoyer").click()
    expect(cleo.locator("#chat-lines")).to_contain_text("bonne chance aussi", timeout=15_000)
    fits_the_phone(dora)


def test_the_rules_page_reads_in_french_on_the_phone(pair: Pair, artefacts: Path) -> None:
    dora = pair.dora.page
    dora.goto(pair.game_url)
    dora.screenshot(path=artefacts / "extras-dora-table-360-fr.png", full_page=True)
    dora.get_by_role("link", name="Règles de NUM-X").click()
    # Waits for the rules page: measured during the navigation, the page has no document.
    expect(dora.get_by_role("heading", name="Comment jouer à NUM-X")).to_be_visible()
    fits_the_phone(dora)
    expect(dora.locator('[id="rule-pli.higher"]')).to_be_visible()
    dora.screenshot(path=artefacts / "extras-dora-rules-360-fr.png", full_page=True)


def test_the_profile_follows_the_browsers_time_zone_and_proposes_it(
    browser: Browser, site: Site
) -> None:
    """Emi's browser is in Tokyo: the site learns it (a cookie) and her pages follow it
    until she chooses a zone, among zones grouped by region; with another chosen, her
    profile offers the browser's back in one click."""
    emi = person(browser, site, "emi", time_zone="Asia/Tokyo")
    try:
        sign_up(emi, site)
        told = {c["name"]: c["value"] for c in emi.context.cookies()}
        assert told.get("browser_time_zone") == "Asia/Tokyo"
        page = emi.page
        page.goto("/accounts/profile/")
        zones = page.get_by_label("Time zone")
        expect(zones).to_have_value("")
        expect(
            zones.locator('optgroup[label="Europe"] option[value="Europe/Paris"]')
        ).to_have_count(1)
        propose = page.get_by_role("button", name=re.compile("Use this browser's time zone"))
        expect(propose).to_have_count(0)
        zones.select_option("Europe/Paris")
        page.get_by_role("button", name="Save", exact=True).click()
        expect(page.get_by_label("Time zone")).to_have_value("Europe/Paris")
        expect(propose).to_have_text("Use this browser's time zone: Asia/Tokyo")
        propose.click()
        expect(zones).to_have_value("Asia/Tokyo")
        page.get_by_role("button", name="Save", exact=True).click()
        expect(page.get_by_label("Time zone")).to_have_value("Asia/Tokyo")
        expect(propose).to_have_count(0)
    finally:
        emi.context.close()


def test_a_finished_game_reads_in_french_on_the_phone(
    pair: Pair, site: Site, artefacts: Path
) -> None:
    """The demo's finished X-Game, seeded into the served site as `make run` seeds it: its
    game-over table and its replay's last step fit Dora's phone, in French, with the winners
    and the final scores by name."""
    replay = seed_demo(site)
    dora = pair.dora.page
    dora.goto(replay)
    expect(dora.get_by_role("heading", name="Scores finaux")).to_be_visible()
    expect(dora.get_by_text("Gagnée par")).to_be_visible()
    fits_the_phone(dora)
    dora.screenshot(path=artefacts / "extras-dora-replay-game-over-360-fr.png", full_page=True)

    dora.goto(dora.url.split("/replay/")[0] + "/")
    expect(dora.get_by_role("heading", name="Scores finaux")).to_be_visible()
    fits_the_phone(dora)
    dora.screenshot(path=artefacts / "extras-dora-game-over-360-fr.png", full_page=True)
