"""Resigning on a phone: Rui, at a Maya table against bots on a 360 px screen, reaches the
table's "Resign" with the keyboard, is asked first on a page of its own, confirms, and
reads on the table that a bot plays his seat to the end. Each page on the way has no
serious or critical axe-core violation, and the new controls are 44 px each way; a
screenshot of each (``resign-<page>.png``) is left in ``artefacts/``.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Locator, expect

from tests.e2e.helpers import (
    PHONE,
    Person,
    Site,
    accessibility_gaps,
    focus_by_tabbing,
    person,
    scrolls_sideways,
    sign_up,
    table,
)

pytestmark = pytest.mark.browser

#: WCAG 2.5.5: what a finger taps is at least this many CSS pixels each way.
TAP = 44


@pytest.fixture(scope="module")
def rui(browser: Browser, site: Site) -> Iterator[Person]:
    someone = person(browser, site, "rui")
    sign_up(someone, site)
    yield someone
    someone.context.close()


def too_small(control: Locator) -> str | None:
    """How ``control`` falls short of a tap target, or None if it does not."""
    box = control.bounding_box()
    assert box is not None, f"{control} is not shown"
    if box["width"] < TAP or box["height"] < TAP:
        return f"{control}: {round(box['width'])}x{round(box['height'])}"
    return None


def test_rui_resigns_from_his_phone_after_being_asked(rui: Person, artefacts: Path) -> None:
    page = rui.page
    page.set_viewport_size(PHONE)
    page.goto("/rules/maya/")
    page.locator(".try-bots button").click()
    expect(table(page)).to_be_visible()

    leave = page.locator("#table .leave")
    resign = leave.get_by_role("link", name="Resign", exact=True)
    call_off = leave.get_by_role("link", name="Call the game off")
    expect(resign).to_be_visible()
    expect(call_off).to_be_visible()  # nobody has moved yet: the bots do not count
    short = [gap for gap in (too_small(resign), too_small(call_off)) if gap]
    short += accessibility_gaps(page)
    page.screenshot(path=artefacts / "resign-table.png", full_page=True)

    focus_by_tabbing(page, resign)
    page.keyboard.press("Enter")
    expect(page.get_by_role("heading", name="Resign?")).to_be_visible()
    expect(page.get_by_text("A bot plays your seat to the end and you rank last.")).to_be_visible()
    confirm = page.get_by_role("button", name="Resign", exact=True)
    back = page.get_by_role("link", name="Back to the table")
    short += [gap for gap in (too_small(confirm), too_small(back)) if gap]
    short += accessibility_gaps(page)
    assert not scrolls_sideways(page)
    page.screenshot(path=artefacts / "resign-question.png", full_page=True)

    focus_by_tabbing(page, confirm)
    page.keyboard.press("Enter")

    # Against bots alone, they may finish the game before the table is drawn again.
    expect(table(page).locator(".status")).to_contain_text(
        re.compile(r"You resigned: a bot play(s|ed) your seat to the end\.")
    )
    expect(page.locator("#table .leave")).to_have_count(0)
    expect(table(page).locator(".player.me")).to_contain_text("resigned")
    short += accessibility_gaps(page)
    assert not scrolls_sideways(page)
    page.screenshot(path=artefacts / "resign-resigned.png", full_page=True)
    assert not short, "\n".join(short)
