"""The replay's keyboard, in a browser: the arrows, Home and End step through the game, and
a key pressed with a modifier is left to the browser (Alt+Left goes back). And its controls
under a finger, on a phone."""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Browser, Page, expect

from tests.e2e.helpers import (
    PHONE,
    Site,
    manage,
    mark_page,
    page_was_not_reloaded,
    seed_demo,
    wait_for_htmx,
)

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def replay(site: Site) -> str:
    """The replay of the demo's finished X-Game, seeded into the served site."""
    return seed_demo(site)


@pytest.fixture(scope="module")
def visitor(browser: Browser, site: Site, replay: str) -> Iterator[Page]:
    """Somebody who is not signed in, on a site with the demo's games."""
    context = browser.new_context(base_url=site.url, locale="en-GB")
    context.set_default_timeout(10_000)
    page = context.new_page()
    yield page
    context.close()


def test_the_keys_step_and_alt_left_still_goes_back(visitor: Page, replay: str) -> None:
    visitor.goto(replay.split("?")[0] + "?step=5")
    step = visitor.locator("#replay-step")
    keys = visitor.locator(".replay-keys")
    expect(keys).to_be_visible()
    expect(keys).to_have_text(re.compile(r"^With a keyboard: ← and →"))
    visitor.keyboard.press("ArrowRight")
    expect(step).to_have_attribute("data-step", "6")
    wait_for_htmx(visitor)
    expect(visitor).to_have_url(re.compile(r"\?step=6$"))
    visitor.keyboard.press("ArrowLeft")
    expect(step).to_have_attribute("data-step", "5")
    wait_for_htmx(visitor)
    visitor.keyboard.press("End")
    last = step.get_attribute("data-last")
    expect(step).to_have_attribute("data-step", last or "")
    wait_for_htmx(visitor)
    visitor.keyboard.press("Home")
    expect(step).to_have_attribute("data-step", "1")
    wait_for_htmx(visitor)

    # Alt+Left is the browser's Back (which headless Chromium does not carry out):
    # the replay leaves it alone, as every key pressed with a modifier.
    visitor.goto(replay.split("?")[0] + "?step=5")
    for keys in ("Alt+ArrowLeft", "Shift+ArrowRight", "Control+End"):
        visitor.keyboard.press(keys)
        wait_for_htmx(visitor)
        expect(step).to_have_attribute("data-step", "5")
        expect(visitor).to_have_url(re.compile(r"\?step=5$"))


def test_back_after_the_keys_shows_the_step_the_address_names(visitor: Page, replay: str) -> None:
    """The browser's Back after stepping with the keys: the address and the step shown
    agree, so that a link copied from the address bar opens the step being looked at."""
    visitor.goto(replay.split("?")[0] + "?step=5")
    step = visitor.locator("#replay-step")
    for number in (6, 7):
        visitor.keyboard.press("ArrowRight")
        expect(step).to_have_attribute("data-step", str(number))
        wait_for_htmx(visitor)
    for number in (6, 5):
        visitor.go_back()
        expect(visitor).to_have_url(re.compile(rf"\?step={number}$"))
        expect(step).to_have_attribute("data-step", str(number))
        expect(visitor.locator("h1")).to_have_count(1)


def test_the_tabs_title_names_the_step_and_back_names_the_one_before(
    visitor: Page, replay: str
) -> None:
    """The tab said "Replay: NAME" whatever the step, and so did each entry of the history
    the steps push: its title names the step swapped in, and Back and Forward bring each
    entry's own."""
    visitor.goto(replay.split("?")[0] + "?step=5")
    step = visitor.locator("#replay-step")
    last = step.get_attribute("data-last")
    expect(visitor).to_have_title(re.compile(rf"^Replay: .* · Step 5 of {last} · NUM-X by mail$"))
    visitor.keyboard.press("ArrowRight")
    expect(step).to_have_attribute("data-step", "6")
    wait_for_htmx(visitor)
    expect(visitor).to_have_title(re.compile(rf" · Step 6 of {last} · "))
    visitor.get_by_label("Go to step").fill("40")
    visitor.get_by_label("Go to step").press("Enter")
    expect(step).to_have_attribute("data-step", "40")
    wait_for_htmx(visitor)
    expect(visitor).to_have_title(re.compile(rf" · Step 40 of {last} · "))
    visitor.go_back()
    expect(step).to_have_attribute("data-step", "6")
    expect(visitor).to_have_title(re.compile(rf" · Step 6 of {last} · "))
    visitor.go_back()
    expect(step).to_have_attribute("data-step", "5")
    expect(visitor).to_have_title(re.compile(rf" · Step 5 of {last} · "))
    visitor.go_forward()
    expect(step).to_have_attribute("data-step", "6")
    expect(visitor).to_have_title(re.compile(rf" · Step 6 of {last} · "))


def test_enter_on_a_control_keeps_the_focus_there(visitor: Page, replay: str) -> None:
    """Someone stepping with Tab and Enter: after a step is swapped in, the focus is still on
    the control they pressed, so that Enter again goes on; at the last step it rests on the
    greyed-out control, and Tab goes on from the controls, not from the top of the page."""
    step = visitor.locator("#replay-step")
    visitor.goto(replay.split("?")[0] + "?step=5")
    visitor.locator("#replay-step a[rel=next]").focus()
    for number in (6, 7):
        visitor.keyboard.press("Enter")
        expect(step).to_have_attribute("data-step", str(number))
        wait_for_htmx(visitor)
        expect(visitor.locator("#replay-step a[rel=next]")).to_be_focused()
    visitor.locator("#replay-step a[rel=prev]").focus()
    visitor.keyboard.press("Enter")
    expect(step).to_have_attribute("data-step", "6")
    wait_for_htmx(visitor)
    expect(visitor.locator("#replay-step a[rel=prev]")).to_be_focused()
    visitor.locator("#replay-step a[rel=last]").focus()
    visitor.keyboard.press("Enter")
    expect(step).to_have_attribute("data-step", step.get_attribute("data-last") or "")
    wait_for_htmx(visitor)
    expect(visitor.locator("#replay-last")).to_be_focused()
    visitor.keyboard.press("Shift+Tab")
    expect(visitor.locator("#replay-step a[rel=prev]")).to_be_focused()


def test_each_step_is_said_from_a_region_that_stays(visitor: Page, replay: str) -> None:
    """A screen reader hears the step swapped in: its words are put in a polite region
    outside the swapped part (a region swapped in with them is new, and is not read)."""
    step = visitor.locator("#replay-step")
    visitor.goto(replay.split("?")[0] + "?step=5")
    news = visitor.locator("#replay-news[role=status]")
    expect(news).to_have_count(1)
    expect(step.locator("[role=status]")).to_have_count(0)  # (the chat has its own)
    for key, number in (("ArrowRight", 6), ("ArrowLeft", 5)):
        visitor.keyboard.press(key)
        expect(step).to_have_attribute("data-step", str(number))
        wait_for_htmx(visitor)
        expect(news).to_have_text(step.locator(".event").inner_text())


def test_the_replay_has_no_axe_violation_of_any_impact(visitor: Page, replay: str) -> None:
    """axe-core finds nothing on a replayed step, minor and moderate findings included (its
    headings, for one, go down one level at a time: the players' names under a heading)."""
    visitor.goto(replay.split("?")[0] + "?step=5")
    wait_for_htmx(visitor)
    found = Axe().run(visitor).response["violations"]
    assert [(v["id"], [n["target"] for n in v["nodes"]]) for v in found] == []


def test_every_replay_control_is_a_fingers_target_on_a_phone(visitor: Page, replay: str) -> None:
    """On a 360 px phone, stepping through a game is done with a finger: First, Previous,
    Next and Last, the slider, the box a step is typed in, Go and the step's link are each
    at least 44 px each way
    (WCAG 2.5.5), none of them running off the side."""
    visitor.set_viewport_size(PHONE)
    visitor.goto(replay.split("?")[0] + "?step=5")
    nav = visitor.get_by_role("navigation", name="Replay controls")
    controls = nav.locator("a, input:not([type=hidden]), button")
    expect(controls).to_have_count(8)
    small = []
    for i in range(controls.count()):
        box = controls.nth(i).bounding_box()
        assert box is not None
        if box["width"] < 44 or box["height"] < 44 or box["x"] + box["width"] > PHONE["width"]:
            small.append((controls.nth(i).get_attribute("id"), box["width"], box["height"]))
    assert small == []


def test_on_a_wide_screen_the_slider_its_words_and_go_stand_in_one_line(
    visitor: Page, replay: str
) -> None:
    """At 1280 px the slider's words ("Step 5 of 460"), the slider and Go stood one under
    the other beside the links, Go left hanging below the slider; now they read in one
    line, the box a step is typed in with them, and on a phone they still wrap within its
    width."""
    parts = (
        "label[for=replay-slider]",
        "#replay-slider",
        "label[for=replay-number]",
        "#replay-number",
        "#replay-step nav button",
    )
    for size, one_line in (({"width": 1280, "height": 900}, True), (PHONE, False)):
        visitor.set_viewport_size(size)
        visitor.goto(replay.split("?")[0] + "?step=5")
        boxes = [visitor.locator(part).bounding_box() for part in parts]
        assert all(boxes)
        middles = [box["y"] + box["height"] / 2 for box in boxes if box]
        assert (max(middles) - min(middles) < 8) == one_line, (size, middles)
        assert all(box["x"] + box["width"] <= size["width"] for box in boxes if box)


def test_a_step_typed_in_the_box_is_shown_and_named_by_the_address(
    visitor: Page, replay: str
) -> None:
    """On a phone the slider is too coarse to reach one step of hundreds: the reader types
    its number and presses Enter, and that step comes (alone, the page staying), named
    once by the address. The box and the slider say the same step whichever was moved,
    by keys, by the slider, or by typing."""
    visitor.set_viewport_size(PHONE)
    visitor.goto(replay.split("?")[0] + "?step=5")
    wait_for_htmx(visitor)
    mark_page(visitor)
    step = visitor.locator("#replay-step")
    box = visitor.get_by_label("Go to step")
    slider = visitor.locator("#replay-slider")
    box.fill("57")
    expect(slider).to_have_value("57")
    box.press("Enter")
    expect(step).to_have_attribute("data-step", "57")
    wait_for_htmx(visitor)
    expect(visitor).to_have_url(re.compile(r"/replay/\?step=57$"))
    expect(box).to_have_value("57")
    visitor.locator("#replay-next").click()
    expect(box).to_have_value("58")
    wait_for_htmx(visitor)
    expect(visitor).to_have_url(re.compile(r"/replay/\?step=58$"))
    slider.fill("12")
    expect(box).to_have_value("12")
    expect(step).to_have_attribute("data-step", "12")
    wait_for_htmx(visitor)
    expect(visitor).to_have_url(re.compile(r"/replay/\?step=12$"))
    assert page_was_not_reloaded(visitor)


def test_without_a_script_the_box_and_the_slider_go_to_the_step_chosen(
    browser: Browser, site: Site, replay: str
) -> None:
    """Without JavaScript the form still goes where the reader asked: the number typed in
    the box, or the slider's step, whichever they chose, with Go. The keys do nothing
    then: the line that says them is not shown (it is, with a script)."""
    context = browser.new_context(base_url=site.url, locale="en-GB", java_script_enabled=False)
    context.set_default_timeout(10_000)
    page = context.new_page()
    try:
        page.goto(replay.split("?")[0] + "?step=5")
        step = page.locator("#replay-step")
        expect(page.locator(".replay-keys")).to_be_hidden()
        page.get_by_label("Go to step").fill("57")
        page.get_by_role("button", name="Go", exact=True).click()
        expect(step).to_have_attribute("data-step", "57")
        page.locator("#replay-slider").fill("12")
        page.get_by_role("button", name="Go", exact=True).click()
        expect(step).to_have_attribute("data-step", "12")
    finally:
        context.close()


def test_what_the_chain_head_is_stays_open_from_step_to_step(visitor: Page, replay: str) -> None:
    """Someone who opened "What is this?" under the chain head, to compare the heads of
    their emails step after step, keeps it open as the steps go by (it closed at each)."""
    visitor.set_viewport_size({"width": 1280, "height": 900})
    visitor.goto(replay.split("?")[0] + "?step=5")
    fold = visitor.locator("#replay-step details.chain-help")
    fold.get_by_text("What is this?").click()
    expect(fold).to_have_js_property("open", True)
    visitor.keyboard.press("ArrowRight")
    expect(visitor.locator("#replay-step")).to_have_attribute("data-step", "6")
    wait_for_htmx(visitor)
    expect(fold).to_have_js_property("open", True)


def test_the_arrows_in_a_box_that_scrolls_sideways_scroll_it(visitor: Page, replay: str) -> None:
    """On a phone the final scores scroll sideways in their box, which the keyboard reaches:
    there the arrows scroll the box, as in any page, and step the game nowhere (Left went
    back a step, taking the scores away from under the reader)."""
    visitor.set_viewport_size(PHONE)
    visitor.goto(replay.split("?")[0])
    step = visitor.locator("#replay-step")
    last = step.get_attribute("data-last") or ""
    sheet = visitor.get_by_role("region", name="Score sheet")
    assert sheet.evaluate("box => box.scrollWidth > box.clientWidth")
    sheet.focus()
    visitor.keyboard.press("ArrowRight")
    expect(sheet).not_to_have_js_property("scrollLeft", 0)
    visitor.keyboard.press("ArrowLeft")
    wait_for_htmx(visitor)
    expect(step).to_have_attribute("data-step", last)
    expect(sheet).to_have_js_property("scrollLeft", 0)
    expect(sheet).to_be_focused()


#: Lines said at the demo's finished game, at steps 10 and 20 (in its first seat's name:
#: its seats are bots', and a line has a member for its author).
_SAID = """
from django.contrib.auth.models import User
from chat.models import ChatLine
from games.models import Game
game = Game.objects.get(pk={game_id})
name = game.seats.order_by("number").first().name
author = User.objects.order_by("pk").first()
for step, text in ((10, "Nice deal"), (20, "Well played")):
    ChatLine.objects.create(game=game, author=author, name=name, text=text, after_sequence=step)
"""


def test_the_chat_is_asked_for_again_only_where_a_line_was_said(
    visitor: Page, site: Site, replay: str
) -> None:
    """Each step asked for the chat panel again, which blinked out until it came (on a
    400 ms line, half a second without it, the page a panel shorter), though it reads the
    same from one line said to the next. Now a step where nothing new was said leaves the
    panel as it is, without a request; a step past a line said brings the lines said by
    then, forwards and back."""
    game = replay.split("/")[2]
    manage(site, "shell", "-c", _SAID.format(game_id=game))
    asked: list[str] = []
    visitor.on("request", lambda request: asked.append(request.url))
    visitor.goto(replay.split("?")[0] + "?step=5")
    lines = visitor.locator("#chat-lines")
    expect(lines).to_have_text("Nothing said yet.")
    wait_for_htmx(visitor)
    step = visitor.locator("#replay-step")
    visitor.locator("#chat").evaluate("panel => { panel.dataset.mark = 'the same panel'; }")
    asked.clear()
    for number in (6, 7, 8, 9):
        visitor.keyboard.press("ArrowRight")
        expect(step).to_have_attribute("data-step", str(number))
        wait_for_htmx(visitor)
    expect(visitor.locator("#chat")).to_have_attribute("data-mark", "the same panel")
    assert [url for url in asked if "/chat/" in url] == []
    visitor.keyboard.press("ArrowRight")
    expect(step).to_have_attribute("data-step", "10")
    expect(lines).to_contain_text("Nice deal")
    wait_for_htmx(visitor)
    visitor.get_by_label("Go to step").fill("25")
    visitor.get_by_label("Go to step").press("Enter")
    expect(lines).to_contain_text("Well played")
    wait_for_htmx(visitor)
    visitor.locator("#replay-first").click()
    expect(step).to_have_attribute("data-step", "1")
    expect(lines).to_have_text("Nothing said yet.")
    wait_for_htmx(visitor)
    assert len([url for url in asked if "/chat/" in url]) == 3


@contextmanager
def slow_line(page: Page, latency_ms: int) -> Iterator[None]:
    """``page``'s answers each come ``latency_ms`` late (Chromium's network emulation)."""
    cdp = page.context.new_cdp_session(page)
    cdp.send("Network.enable")
    line = {"offline": False, "downloadThroughput": -1, "uploadThroughput": -1}
    cdp.send("Network.emulateNetworkConditions", {**line, "latency": latency_ms})
    try:
        yield
    finally:
        cdp.send("Network.emulateNetworkConditions", {**line, "latency": 0})
        cdp.detach()


def test_on_a_slow_line_every_press_counts_and_the_step_shows_it_is_coming(
    visitor: Page, replay: str
) -> None:
    """On a slow line a step takes a while to come. The reader pressing Next three times
    meanwhile, by key or by finger, goes three steps on (the presses after the first were
    lost: one step on), and sees at once that the step is on its way: the slider moves to
    it and the step shown is marked busy until it comes (and only until then: Back found
    it still busy)."""
    visitor.set_viewport_size({"width": 1280, "height": 900})
    visitor.goto(replay.split("?")[0] + "?step=5")
    wait_for_htmx(visitor)
    step = visitor.locator("#replay-step")
    with slow_line(visitor, 800):
        for _ in range(3):
            visitor.keyboard.press("ArrowRight")
        expect(step).to_have_attribute("aria-busy", "true")
        expect(visitor.locator("#replay-slider")).to_have_value("8")
        expect(step).to_have_attribute("data-step", "8")
        wait_for_htmx(visitor)
        expect(visitor).to_have_url(re.compile(r"\?step=8$"))
        expect(step).not_to_have_attribute("aria-busy", "true")
        for _ in range(2):
            visitor.locator("#replay-prev").click()
        expect(step).to_have_attribute("data-step", "6")
        wait_for_htmx(visitor)
        expect(visitor).to_have_url(re.compile(r"\?step=6$"))
        expect(visitor.locator("#replay-prev")).to_be_focused()
    # Back shows the step left as it was once it had come: not marked busy, nor faded.
    visitor.go_back()
    expect(visitor).to_have_url(re.compile(r"\?step=8$"))
    expect(step).to_have_attribute("data-step", "8")
    expect(step).not_to_have_attribute("aria-busy", "true")


def test_back_to_a_step_from_another_page_shows_the_whole_replay(
    visitor: Page, replay: str
) -> None:
    """A reader steps on, leaves for the table, and comes back with the browser's Back: the
    replay comes back whole, with its heading and its style (the browser's cache gave the
    step alone that htmx had asked for at that address, bare)."""
    visitor.goto(replay.split("?")[0] + "?step=5")
    step = visitor.locator("#replay-step")
    visitor.keyboard.press("ArrowRight")
    expect(step).to_have_attribute("data-step", "6")
    wait_for_htmx(visitor)
    visitor.get_by_role("link", name="Back to the table").click()
    expect(visitor).not_to_have_url(re.compile(r"/replay/"))
    visitor.go_back()
    expect(visitor).to_have_url(re.compile(r"/replay/\?step=6$"))
    expect(visitor.get_by_role("heading", level=1)).to_have_text(re.compile(r"^Replay: "))
    expect(step).to_have_attribute("data-step", "6")
