"""A game from sign-up to replay, played by three people in their own browsers.

Ada, Boris and Carol sign up and confirm their email; Ada opens a three-player Speed Run
and invites Boris by the link of the waiting room and Carol by email; they join, Ada
starts; they pick, lay plis and pass through the table's forms until the trick's winner
has handed out its score cards; then the replay viewer steps through the game, and a
spectator given the private game's invitation link watches without seeing any hand.

The tests run in order and share the game: each one is a chapter of the story.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.e2e.helpers import (
    Person,
    Site,
    card_to_open_with,
    focus_by_tabbing,
    hand_of,
    hand_out,
    hand_size,
    is_numbered,
    lay_one_card,
    link_in,
    log_in_with_code,
    log_in_with_password,
    mark_page,
    my_turn,
    page_was_not_reloaded,
    pass_button,
    person,
    pick_buttons,
    selectable_cards,
    sequence,
    sign_up,
    table,
    unnamed_controls,
    wait_for_htmx,
)

pytestmark = pytest.mark.browser

GAME = "Three for tea"
#: The rule a pli of two values breaks, as the rule book states it (pli.same-value).
SAME_VALUE = "A pli is made of cards of the same value."
#: The table polls every 4 seconds; give a change two polls and some slack to show up.
LIVE_UPDATE_TIMEOUT = 12_000


@dataclass
class Story:
    ada: Person
    boris: Person
    carol: Person
    game_url: str = ""
    #: The private game's invitation link: its address for whoever is not seated.
    invitation: str = ""
    #: Who laid the trick's first pli, and so wins it when the others pass.
    starter: Person | None = None
    #: The number of the last event once every pick is in.
    after_picks: int = 0
    #: What the replay and spectator chapters compare with.
    distributed: list[str] = field(default_factory=list)
    #: Each player's hand, as they see it.
    hands: dict[str, list[str]] = field(default_factory=dict)

    @property
    def people(self) -> list[Person]:
        return [self.ada, self.boris, self.carol]

    def at_the_table(self, someone: Person) -> Page:
        someone.page.goto(self.game_url)
        expect(table(someone.page)).to_be_visible()
        return someone.page

    def whose_turn(self) -> Person:
        awaited = [p for p in self.people if my_turn(self.at_the_table(p))]
        assert len(awaited) == 1, f"one player should be awaited, not {[p.name for p in awaited]}"
        return awaited[0]


@pytest.fixture(scope="module")
def story(browser: Browser, site: Site) -> Iterator[Story]:
    cast = Story(
        person(browser, site, "ada"), person(browser, site, "boris"), person(browser, site, "carol")
    )
    yield cast
    for someone in cast.people:
        someone.context.close()


def test_people_sign_up_confirm_their_email_and_log_in(story: Story, site: Site) -> None:
    for someone in story.people:
        sign_up(someone, site)
        someone.page.get_by_role("button", name="Log out").click()
    # Back later, they sign in: Ada and Carol with their password, Boris with a code.
    log_in_with_password(story.ada)
    log_in_with_code(story.boris, site)
    log_in_with_password(story.carol)
    for someone in story.people:
        someone.page.goto("/games/")
        expect(someone.page.get_by_role("button", name="Log out")).to_be_visible()


@pytest.mark.parametrize("path", ["/accounts/signup/", "/accounts/login/", "/accounts/login/code/"])
def test_the_sign_up_and_log_in_controls_have_names(
    path: str, browser: Browser, site: Site
) -> None:
    newcomer = person(browser, site, "newcomer")
    try:
        newcomer.page.goto(path)
        expect(newcomer.page.locator("main form").first).to_be_visible()
        assert unnamed_controls(newcomer.page) == []
    finally:
        newcomer.context.close()


def test_ada_opens_a_game_and_invites_by_link_and_by_email(story: Story, site: Site) -> None:
    page = story.ada.page
    page.goto("/games/")
    page.get_by_role("link", name="New game").first.click()
    page.get_by_label("Name of the game").fill(GAME)
    page.get_by_label("Speed Run: 13 cards, one round").check()
    page.get_by_label("Players:", exact=True).select_option("3")
    page.get_by_role("button", name="Open the table").click()

    expect(page.get_by_role("heading", name=GAME)).to_be_visible()
    expect(page.get_by_text("The table waits for 2 more players.")).to_be_visible()
    story.game_url = page.url
    link = page.get_by_label("Send them this link:").input_value()
    assert re.fullmatch(rf"{re.escape(story.game_url)}join/[\w-]+/", link), link
    story.invitation = link

    page.get_by_label("Friend's email address").fill(story.carol.email)
    page.get_by_role("button", name="Send the invitation").click()
    expect(page.get_by_text("Invitation recorded: the email is on its way.")).to_be_visible()
    mail = site.mailbox.last(story.carol.email, f"ada invites you to a game of NUM-X: {GAME}")
    assert link_in(mail, "/games/") == link

    # Boris gets the link by other means (a chat, say) and takes a seat.
    story.boris.page.goto(link)
    expect(story.boris.page.get_by_role("heading", name=f"Join “{GAME}”")).to_be_visible()
    story.boris.page.get_by_role("button", name="Take a seat").click()
    expect(story.boris.page.get_by_text("The table waits for 1 more player.")).to_be_visible()


def test_carol_joins_from_her_email_and_ada_starts(story: Story, site: Site) -> None:
    mail = site.mailbox.last(story.carol.email, "invites you to a game of NUM-X")
    page = story.carol.page
    page.goto(link_in(mail, "/games/"))
    page.get_by_role("button", name="Take a seat").click()
    expect(page.get_by_text("Every seat is taken: ada starts the game.")).to_be_visible()
    seats = page.locator("ol.seats li")
    expect(seats).to_have_text(["ada", "boris", "carol"])

    page = story.ada.page
    page.goto(story.game_url)
    page.get_by_role("button", name="Start the game").click()
    expect(table(page)).to_be_visible()
    expect(page.locator("#table .status")).to_contain_text("Your turn.")


def test_everyone_picks_a_first_score_card_in_secret(story: Story, artefacts: Path) -> None:
    for someone in story.people:
        page = story.at_the_table(someone)
        picks = pick_buttons(page)
        expect(picks.first).to_be_visible()
        if someone is story.people[0]:
            page.screenshot(path=artefacts / "phase-1-pick.png", full_page=True)
        assert picks.count() <= 13, "one button per distinct card of the hand"
        picks.first.click()
        expect(picks).to_have_count(0)
    # All picks are in: they are face up in the score rows, and the starter is to open.
    story.starter = story.whose_turn()
    page = story.starter.page
    story.after_picks = sequence(page)
    expect(page.locator(".pli-form")).to_be_visible()
    expect(page.locator(".players .row .card")).to_have_count(3)


def test_an_illegal_pli_is_refused_with_the_rule_it_breaks(story: Story, artefacts: Path) -> None:
    assert story.starter, "the opening picks came first"
    page = story.at_the_table(story.starter)
    numbered = [card for card in selectable_cards(page) if card.value is not None]
    first = numbered[0]
    second = next(card for card in numbered if card.value != first.value)
    first.box.check()
    second.box.check()
    with page.expect_response(re.compile(r"/move/$")) as answer:
        page.get_by_role("button", name="Lay these cards").click()

    assert answer.value.status == 400
    assert SAME_VALUE in answer.value.text(), "the server names the rule"
    # ... and the player must see it, on the table they are looking at.
    expect(page.get_by_role("alert")).to_contain_text(SAME_VALUE)
    # Said where they are looking, and read first by a screen reader.
    expect(page.get_by_role("alert")).to_be_focused()
    assert page.get_by_role("alert").is_visible() and first.box.bounding_box()
    expect(first.box).to_be_checked()
    page.screenshot(path=artefacts / "phase-2-play-refused.png", full_page=True)


def test_a_refused_pli_writes_nothing(story: Story) -> None:
    assert story.starter, "the opening picks came first"
    for someone in story.people:
        page = story.at_the_table(someone)
        assert sequence(page) == story.after_picks
        expect(page.locator(".centre .plis")).to_have_count(0)


def test_a_pli_laid_with_the_keyboard_shows_up_at_the_next_players_table(story: Story) -> None:
    assert story.starter, "the opening picks came first"
    others = [p for p in story.people if p is not story.starter]
    watcher = others[0].page
    for someone in others:
        story.at_the_table(someone)
    mark_page(watcher)

    page = story.at_the_table(story.starter)
    before = sequence(page)
    card = card_to_open_with(page)
    focus_by_tabbing(page, card.box)
    page.keyboard.press("Space")
    expect(card.box).to_be_checked()
    focus_by_tabbing(page, page.get_by_role("button", name="Lay these cards"))
    page.keyboard.press("Enter")

    expect(page.locator(".centre .plis li")).to_have_count(1)
    expect(page.locator(".centre .plis .card")).to_have_attribute("aria-label", card.words)
    assert sequence(page) == before + 1
    # The other players' open tables refresh by themselves, without a reload.
    expect(table(watcher)).to_have_attribute(
        "data-sequence", str(before + 1), timeout=LIVE_UPDATE_TIMEOUT
    )
    expect(watcher.locator(".centre .plis .card")).to_have_attribute("aria-label", card.words)
    assert page_was_not_reloaded(watcher)
    story.distributed = [card.words]


def test_the_others_pass_and_the_winner_hands_out_the_score_cards(
    story: Story, artefacts: Path
) -> None:
    assert story.starter, "the opening picks came first"
    for _ in range(2):
        passer = story.whose_turn()
        assert passer is not story.starter
        pass_button(passer.page).click()
        expect(pass_button(passer.page)).to_have_count(0)

    page = story.at_the_table(story.starter)
    form = page.locator(".distribution-form")
    expect(form).to_be_visible()
    expect(form.locator(".rule")).to_be_visible()
    assert unnamed_controls(page) == []
    receivers = [p for p in story.people if p is not story.starter]
    cards = hand_out(page, [receiver.name for receiver in receivers])
    assert cards == story.distributed
    page.screenshot(path=artefacts / "phase-3-distribution.png", full_page=True)
    form.get_by_role("button", name="Hand out").click()

    expect(form).to_have_count(0)
    expect(page.locator(".history li").first).to_contain_text("hand out")
    receiver_row = page.locator(".player", has_text=receivers[0].name).locator(".row")
    expect(receiver_row.locator(f'.card[aria-label="{cards[0]}"]')).to_have_count(1)
    # The winner opens the next trick.
    expect(page.locator("#table .status")).to_contain_text("Your turn.")
    page.screenshot(path=artefacts / "table.png", full_page=True)


def test_the_table_controls_have_names(story: Story) -> None:
    assert story.starter, "the opening picks came first"
    page = story.at_the_table(story.starter)
    expect(page.locator(".pli-form")).to_be_visible()
    assert unnamed_controls(page) == []


@pytest.mark.parametrize("path", ["/games/", "/games/new/", "/accounts/profile/"])
def test_the_lobby_new_game_and_profile_controls_have_names(story: Story, path: str) -> None:
    # A chapter after the start: the lobby then lists a running game, not an empty page.
    page = story.ada.page
    page.goto(path)
    expect(page.locator("main form").first).to_be_visible()
    assert unnamed_controls(page) == []


def test_the_replay_viewer_steps_back_and_forth(story: Story, artefacts: Path) -> None:
    page = story.ada.page
    page.goto(story.game_url + "replay/")
    step = page.locator("#replay-step")
    last = int(step.get_attribute("data-last") or "0")
    assert last > 5
    expect(step).to_have_attribute("data-step", str(last))
    mark_page(page)

    def shows(number: int) -> None:
        expect(step).to_have_attribute("data-step", str(number))
        expect(page.get_by_text(f"Step {number} of {last}")).to_be_visible()
        wait_for_htmx(page)

    page.get_by_role("link", name="Previous").click()
    shows(last - 1)
    page.keyboard.press("ArrowLeft")
    shows(last - 2)
    page.keyboard.press("ArrowRight")
    shows(last - 1)
    page.get_by_role("link", name="First").click()
    shows(1)
    page.get_by_role("link", name="Next").click()
    shows(2)
    page.keyboard.press("End")
    shows(last)
    page.get_by_label(f"Step {last} of {last}").fill("3")
    shows(3)
    assert page_was_not_reloaded(page), "the viewer steps without reloading the page"
    expect(page).to_have_url(re.compile(r"/replay/\?step=3$"))
    event = page.locator("#replay-step .event").inner_text()

    # The permalink of a step opens the same step.
    permalink = page.get_by_role("link", name="Link to this step").get_attribute("href")
    assert permalink and permalink.endswith("?step=3")
    page.goto(permalink)
    expect(step).to_have_attribute("data-step", "3")
    expect(page.locator("#replay-step .event")).to_have_text(event)

    page.goto(story.game_url + f"replay/?step={last}")
    expect(page.locator("#replay-step .event")).to_contain_text("hand out")
    page.screenshot(path=artefacts / "replay.png", full_page=True)
    assert unnamed_controls(page) == []


def test_each_player_sees_their_whole_hand(story: Story) -> None:
    held: dict[str, int] = {}
    for someone in story.people:
        page = story.at_the_table(someone)
        story.hands[someone.name] = hand_of(page)
        held[someone.name] = hand_size(page, f"{someone.name} (you)")
    missing = {
        name: f"holds {held[name]} cards, sees {hand}"
        for name, hand in story.hands.items()
        if len(hand) != held[name]
    }
    assert not missing, missing


#: The narrowest phone screen a page must fit, in CSS pixels.
PHONE_WIDTH = 360


def test_on_a_phone_no_page_of_the_game_scrolls_sideways(story: Story, artefacts: Path) -> None:
    wide: dict[str, int] = {}
    for someone in story.people:
        page = someone.page
        page.set_viewport_size({"width": PHONE_WIDTH, "height": 740})
        try:
            for path in ("", "history/", "replay/", "replay/?step=3"):
                page.goto(story.game_url + path)
                width = page.evaluate("document.documentElement.scrollWidth")
                if width > PHONE_WIDTH:
                    wide[f"{someone.name} {path or 'table'}"] = width
            page.goto("/games/")
            if (width := page.evaluate("document.documentElement.scrollWidth")) > PHONE_WIDTH:
                wide[f"{someone.name} lobby"] = width
            page.goto(story.game_url)
            page.screenshot(path=artefacts / f"phone-table-{someone.name}.png", full_page=True)
        finally:
            page.set_viewport_size({"width": 1280, "height": 1000})
    assert not wide, f"pages wider than {PHONE_WIDTH} px: {wide}"


def test_a_spectator_sees_the_table_but_no_hand(story: Story, browser: Browser, site: Site) -> None:
    spectator = person(browser, site, "spectator")
    try:
        page = spectator.page
        # The game is private: its id is no way in, its invitation link is (for a member).
        assert page.goto(story.game_url).status == 404
        sign_up(spectator, site)
        page.goto(story.invitation)
        page.goto(story.game_url)
        expect(table(page)).to_be_visible()
        expect(page.get_by_text("You are watching")).to_be_visible()
        expect(page.locator(".players .player")).to_have_count(3)
        expect(page.locator(".players .hand-size")).to_have_count(3)
        expect(page.locator(".centre")).to_be_visible()
        for hidden in (".hand", ".all-hands", ".actions", "form"):
            expect(page.locator(f"#table {hidden}")).to_have_count(0)
        # The score card handed out face up is public; no card of any hand is on the page
        # (numbered cards are one of a kind: one in a hand is nowhere else).
        public = page.locator(f'.players .row .card[aria-label="{story.distributed[0]}"]')
        expect(public).to_have_count(1)
        html = page.content()
        for name, hand in story.hands.items():
            assert hand, f"the hand chapter read {name}'s hand"
            leaked = [c for c in hand if is_numbered(c) and f'aria-label="{c}"' in html]
            assert not leaked, f"a spectator sees {name}'s {leaked}"
    finally:
        spectator.context.close()


def test_the_last_trick_opened_mid_trick_stays_open_across_the_live_refresh(
    story: Story,
) -> None:
    """The winner opens the next trick and then the last trick's section, to look back;
    the next player passes, and the winner's table refreshes by itself: the section stays
    open. (The last chapter: it lays a card the chapters above know in a hand.)"""
    assert story.starter, "the opening picks came first"
    page = story.at_the_table(story.starter)
    lay_one_card(page)
    last_trick = page.locator("details.numx-last-trick")
    expect(last_trick).to_have_js_property("open", False)  # the centre holds a pli again
    last_trick.locator("summary").click()
    expect(last_trick).to_have_js_property("open", True)
    before = sequence(page)
    mark_page(page)

    others = [p for p in story.people if p is not story.starter]
    passer = next(p for p in others if my_turn(story.at_the_table(p)))
    pass_button(passer.page).click()
    expect(pass_button(passer.page)).to_have_count(0)

    expect(table(page)).to_have_attribute(
        "data-sequence", str(before + 1), timeout=LIVE_UPDATE_TIMEOUT
    )
    assert page_was_not_reloaded(page)
    expect(last_trick).to_have_js_property("open", True)
