"""What the end-to-end tests do as people: read their email, sign up, log in, play."""

from __future__ import annotations

import email
import email.policy
import os
import re
import subprocess
import sys
import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Browser, BrowserContext, Locator, Page, expect

from accounts.names import name_key
from games.demo import EMAILS
from games.engine.ruleset import BotLevel
from tournaments.demo import OTHERS

CHROMIUM = "/usr/bin/chromium"
#: The separator Django's file email backend writes after each message.
_MAIL_SEPARATOR = b"\n" + b"-" * 79 + b"\n"
#: Cards as the table names them (their accessible names): "blue 7", "Rainbow 3", "Joker".
_NUMBERED = re.compile(r"^(blue|red|yellow|green|Rainbow|Shadow) (\d+)$")


@dataclass(frozen=True)
class Mail:
    to: str
    subject: str
    body: str


class Mailbox:
    """The folder where the served site writes its emails (Django's file backend)."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder

    def messages(self) -> list[Mail]:
        """Every email sent so far, oldest first."""
        files = sorted(
            self.folder.glob("*.log"), key=lambda path: (path.stat().st_mtime_ns, path.name)
        )
        mails = []
        for path in files:
            for chunk in path.read_bytes().split(_MAIL_SEPARATOR):
                if chunk.strip():
                    message = email.message_from_bytes(chunk, policy=email.policy.default)
                    body = message.get_body(("plain",))
                    mails.append(
                        Mail(
                            to=str(message["To"]),
                            subject=str(message["Subject"]),
                            body=body.get_content() if body is not None else "",
                        )
                    )
        return mails

    def last(self, to: str, subject: str, timeout: float = 10.0) -> Mail:
        """The latest email to ``to`` whose subject holds ``subject``, waiting for it."""
        deadline = time.monotonic() + timeout
        while True:
            found = [m for m in self.messages() if to in m.to and subject in m.subject]
            if found:
                return found[-1]
            if time.monotonic() > deadline:
                raise AssertionError(f"no email to {to} about {subject!r} in {self.folder}")
            time.sleep(0.1)


@dataclass
class Site:
    """The app served for the tests: its address, its outgoing email, its server's output
    (requests and tracebacks: the place to look when a test fails)."""

    url: str
    mailbox: Mailbox
    log: Path
    #: The served site's database, for a test that seeds it as a command would.
    database_url: str
    #: Where the served site's email goes (``EMAIL_URL``), for a command run beside it.
    email_url: str = ""


@dataclass
class Person:
    """Somebody at their own browser: own cookies, own session, one tab."""

    name: str
    password: str
    context: BrowserContext
    page: Page

    @property
    def email(self) -> str:
        return f"{self.name}@example.com"


def demo_names() -> set[str]:
    """The display names' keys of the demo's members ("Alice", "Carla"…), whom
    :func:`seed_demo` makes in the same database as the people of every test."""
    return {name_key(email.split("@")[0]) for email in (*EMAILS, *OTHERS)}


def person(browser: Browser, site: Site, name: str, time_zone: str | None = None) -> Person:
    """Someone in a browser of their own (English; ``time_zone``: the browser's, if given).
    Never named as a demo member: the sign-up would refuse the name once a test has seeded
    the demo, and so pass or fail with the order the tests run in."""
    assert name_key(name) not in demo_names(), f"{name} is a demo member's name"
    context = browser.new_context(
        base_url=site.url,
        locale="en-GB",
        viewport={"width": 1280, "height": 1000},
        timezone_id=time_zone,
    )
    context.set_default_timeout(10_000)
    return Person(name, f"{name}-plays-num-x-42", context, context.new_page())


def link_in(mail: Mail, path: str) -> str:
    """The first link of ``mail`` whose path starts with ``path``."""
    match = re.search(rf"https?://[^\s/]+{re.escape(path)}\S*", mail.body)
    assert match, f"no {path} link in:\n{mail.body}"
    return match.group(0)


# --- Accounts -----------------------------------------------------------------------------


def sign_up(someone: Person, site: Site) -> None:
    """Sign up with an email address, then confirm it through the link emailed to it."""
    page = someone.page
    page.goto("/accounts/signup/")
    page.get_by_label("Email").fill(someone.email)
    page.get_by_label("Password:", exact=True).fill(someone.password)
    page.get_by_label("Password (again)").fill(someone.password)
    page.get_by_label("Name shown to other players").fill(someone.name)
    page.get_by_role("button", name="Sign Up").click()
    expect(page.get_by_role("heading", name="Verify Your Email Address")).to_be_visible()

    mail = site.mailbox.last(someone.email, "Please Confirm Your Email Address")
    page.goto(link_in(mail, "/accounts/confirm-email/"))
    page.get_by_role("button", name="Confirm").click()
    expect(page.get_by_text(f"You have confirmed {someone.email}.")).to_be_visible()
    # Confirming in the browser that signed up signs in.
    expect(page.get_by_role("heading", name="My games")).to_be_visible()


def log_in_with_password(someone: Person) -> None:
    page = someone.page
    page.goto("/accounts/login/")
    page.get_by_label("Email").fill(someone.email)
    page.get_by_label("Password:", exact=True).fill(someone.password)
    page.get_by_role("button", name="Sign In").click()
    expect(page.get_by_role("heading", name="My games")).to_be_visible()


def log_in_with_code(someone: Person, site: Site) -> None:
    page = someone.page
    page.goto("/accounts/login/")
    page.get_by_role("link", name="Send me a sign-in code").click()
    page.get_by_label("Email").fill(someone.email)
    page.get_by_role("button", name="Request Code").click()
    expect(page.get_by_role("heading", name="Enter Sign-In Code")).to_be_visible()
    mail = site.mailbox.last(someone.email, "Sign-In Code")
    code = re.search(r"^\s*([A-Z0-9]{4}-[A-Z0-9]{4})\s*$", mail.body, re.MULTILINE)
    assert code, f"no sign-in code in:\n{mail.body}"
    page.get_by_label("Code").fill(code.group(1))
    page.get_by_role("button", name="Confirm").click()
    expect(page.get_by_role("heading", name="My games")).to_be_visible()


# --- Opening a table ----------------------------------------------------------------------

#: A phone's screen, for the checks that nothing scrolls sideways.
PHONE = {"width": 360, "height": 780}


def open_table(host: Person, game: str, name: str, players: int = 2, days: str = "") -> Page:
    """``host`` opens a table of ``game`` named ``name`` from the new-game form (``days``
    per move, as the form offers them; none if empty): their page, the waiting room."""
    page = host.page
    page.goto(f"/games/new/?game={game}")
    page.get_by_label("Name of the game").fill(name)
    page.get_by_label("Players:", exact=True).select_option(str(players))
    if days:
        page.get_by_label("Time for each move").select_option(days)
    page.get_by_role("button", name="Open the table").click()
    expect(page.get_by_role("heading", name=name)).to_be_visible()
    return page


def invitation_link(room: Page) -> str:
    """The link the waiting room gives to send to friends."""
    return room.get_by_label("Send them this link:").input_value()


#: A script's function of an element: how many lines its text takes (its boxes' tops).
LINE_COUNT = """(element) => {
  const range = document.createRange();
  range.selectNodeContents(element);
  return new Set([...range.getClientRects()].map((box) => Math.round(box.top))).size;
}"""


def lines_of(locator: Locator) -> int:
    """How many lines the text of ``locator`` takes."""
    return int(locator.evaluate(LINE_COUNT))


#: A script's function of an element: the words of its text that run over two lines.
WORDS_CUT = r"""(element) => {
  const cut = [];
  const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    for (const word of node.textContent.matchAll(/[\p{L}\p{N}]+/gu)) {
      const range = document.createRange();
      range.setStart(node, word.index);
      range.setEnd(node, word.index + word[0].length);
      const tops = new Set([...range.getClientRects()].map((box) => Math.round(box.top)));
      if (tops.size > 1) cut.push(word[0]);
    }
  }
  return cut;
}"""


def scrolls_sideways(page: Page) -> bool:
    return bool(page.evaluate("document.documentElement.scrollWidth > window.innerWidth"))


#: A script's function of a box that scrolls sideways in a ``.scroll-hint``: the edges at which
#: a shadow shows (once its fading in or out is over).
_SHADED_EDGES = """async (box) => {
  const hint = box.closest('.scroll-hint');
  if (!hint) return [];
  // A scroll is told on the next frame, and its shadows fade in or out after it.
  await new Promise((next) => requestAnimationFrame(() => requestAnimationFrame(next)));
  await Promise.all(hint.getAnimations({ subtree: true }).map((shown) => shown.finished));
  return [['before', 'left'], ['after', 'right']].filter(([part]) => {
    const style = getComputedStyle(hint, '::' + part);
    return style.display !== 'none' && Number(style.opacity) > 0 && parseFloat(style.width) > 0;
  }).map(([, edge]) => edge);
}"""


def shaded_edges(box: Locator) -> set[str]:
    """The edges ("left", "right") of ``box``, which scrolls sideways, at which a shadow
    says more of it is hidden."""
    return set(box.evaluate(_SHADED_EDGES))


def scroll_to(box: Locator, where: str) -> None:
    """Scroll ``box`` sideways to its "start" or its "end", as a finger would."""
    box.evaluate(
        "(box, where) => { box.scrollLeft = where === 'end' ? box.scrollWidth : 0; }", where
    )


# --- The table ----------------------------------------------------------------------------


def is_numbered(words: str) -> bool:
    """Whether a card named ``words`` is a numbered card (each is one of a kind)."""
    return _NUMBERED.match(words) is not None


@dataclass(frozen=True)
class Card:
    """A card as the page names it, and the checkbox that selects it (in the pli form)."""

    words: str
    box: Locator

    @property
    def value(self) -> int | None:
        """The number of a numbered card (Rainbows and Shadows included); None otherwise."""
        match = _NUMBERED.match(self.words)
        return int(match.group(2)) if match else None

    @property
    def makes_eligible(self) -> bool:
        """A Rainbow or a Shadow makes its pli's cards score cards."""
        return self.words.startswith(("Rainbow ", "Shadow "))


def table(page: Page) -> Locator:
    return page.locator("#table")


def sequence(page: Page) -> int:
    """The number of the last event the page shows."""
    return int(table(page).get_attribute("data-sequence") or "0")


def my_turn(page: Page) -> bool:
    return page.locator("#table .status").get_by_text("Your turn.").count() > 0


def selectable_cards(page: Page) -> list[Card]:
    """The cards of the pli form, in the hand's order."""
    labels = page.locator(".pli-form label.pick")
    return [
        Card(
            labels.nth(i).locator(".card").get_attribute("aria-label") or "",
            labels.nth(i).get_by_role("checkbox"),
        )
        for i in range(labels.count())
    ]


def pass_button(page: Page) -> Locator:
    return page.locator(".choice-form").get_by_role("button", name="Pass", exact=True)


def mark_page(page: Page) -> None:
    """Leave a mark in the page's JavaScript world: a reload would wipe it."""
    page.evaluate("window.__e2eMark = 'still the same page'")


def page_was_not_reloaded(page: Page) -> bool:
    return page.evaluate("window.__e2eMark === 'still the same page'") is True


def focus_by_tabbing(page: Page, target: Locator, limit: int = 300) -> None:
    """Press Tab (and only Tab) until ``target`` has the keyboard focus."""
    for _ in range(limit):
        page.keyboard.press("Tab")
        if target.evaluate("element => element === document.activeElement"):
            return
    raise AssertionError(f"Tab never reached {target}")


def unnamed_controls(page: Page) -> list[str]:
    """Every form control shown on the page (input but hidden ones, select, textarea,
    button) without an accessible name (from a label, aria-label or its text), as HTML. The
    names are computed by Playwright, after the accessible-name algorithm browsers follow.
    A control not shown (the site menu's copy for the other width) is in nobody's way."""
    controls = page.locator("input:not([type=hidden]), select, textarea, button").filter(
        visible=True
    )
    missing = []
    for i in range(controls.count()):
        control = controls.nth(i)
        try:
            expect(control).to_have_accessible_name(re.compile(r"\S"), timeout=500)
        except AssertionError:
            missing.append(control.evaluate("element => element.outerHTML"))
    return missing


def wait_for_htmx(page: Page) -> None:
    """Wait until htmx has finished a swap, settle included: only then are the new
    content's hx- attributes live (before, a click follows the plain link)."""
    page.wait_for_function(
        "!document.querySelector('.htmx-request, .htmx-swapping, .htmx-settling, .htmx-added')"
    )


def hand_of(page: Page) -> list[str]:
    """The cards a seated player sees in their hand (in the hand, or in the pli form)."""
    cards = page.locator("#table .hand .card, #table .pli-form .card")
    return [cards.nth(i).get_attribute("aria-label") or "" for i in range(cards.count())]


def pick_buttons(page: Page) -> Locator:
    """The opening pick's buttons, one per distinct card of the hand ("Pick blue 7")."""
    return page.locator(".choice-form").get_by_role("button", name=re.compile(r"^Pick "))


def pick_a_score_card(page: Page) -> None:
    """Pick the first card offered as a first score card, and wait for the pick to be in."""
    picks = pick_buttons(page)
    picks.first.click()
    expect(picks).to_have_count(0)


def card_to_open_with(page: Page) -> Card:
    """A numbered card of the pli form to lay alone: a Rainbow or a Shadow if there is one
    (it makes the trick's cards score cards), else the first (the trick is then blank)."""
    numbered = [card for card in selectable_cards(page) if card.value is not None]
    return next((card for card in numbered if card.makes_eligible), numbered[0])


def lay_one_card(page: Page) -> Card:
    """Lay a pli of one card (:func:`card_to_open_with`) and wait for it on the table."""
    card = card_to_open_with(page)
    card.box.check()
    page.get_by_role("button", name="Lay these cards").click()
    # The trick's plis (the last trick's, in the centre too, are in a section of their own).
    laid = page.locator(".centre > .plis .card").last
    expect(laid).to_have_attribute("aria-label", card.words)
    return card


def hand_out(page: Page, receivers: list[str]) -> list[str]:
    """Fill the distribution form: half the cards (rounded up), each face up at the right
    end of the next of ``receivers`` in turn; return the cards of the form, in its order.
    The form is left to be sent."""
    rows = page.locator(".distribution-form tbody tr")
    cards = [
        rows.nth(i).locator(".card").get_attribute("aria-label") or "" for i in range(rows.count())
    ]
    for i in range((len(cards) + 1) // 2):
        row = rows.nth(i)
        receiver = receivers[i % len(receivers)]
        row.get_by_role("combobox", name=cards[i]).select_option(label=receiver)
        row.get_by_role("combobox", name="visibility").select_option(label="face up")
        row.get_by_role("combobox", name="position").select_option(label="right end")
    return cards


def hand_size(page: Page, name: str) -> int:
    """How many cards the table says ``name`` holds."""
    player = page.locator(".players .player", has=page.get_by_role("heading", name=name))
    match = re.match(r"(\d+) cards? in hand", player.locator(".hand-size").inner_text())
    assert match, f"no hand size for {name}"
    return int(match.group(1))


# --- Numenko's grid builder ---------------------------------------------------------------


def tiles_in_hand(page: Page) -> str:
    """The tiles of the seat's Numenko hand, as the move form shows them (one character
    each)."""
    tiles = page.locator("#table .nk-hand [data-tile]")
    return "".join(tiles.nth(i).get_attribute("data-tile") or "" for i in range(tiles.count()))


def calculation(tiles: str) -> str | None:
    """A calculation of one line the tiles can lay: ``a o b = c`` of single digits and two
    Multichoices (None if there is none)."""
    digits = Counter(char for char in tiles if char.isdigit())
    if tiles.count("M") < 2:
        return None
    for a in range(1, 10):
        for b in range(1, 10):
            for sign, value in (("+", a + b), ("-", a - b), ("x", a * b)):
                if 0 <= value <= 9 and not Counter(f"{a}{b}{value}") - digits:
                    return f"{a}{sign}{b}={value}"
    return None


def square(page: Page, row: int, col: int) -> str:
    """The square of the grid being built at ``row``, ``col`` (as the grid is drawn)."""
    return f'#table .nk-build [data-r="{row}"][data-c="{col}"]'


def lay(page: Page, char: str, row: int, col: int) -> None:
    """Tap the tile ``char`` of the hand (a Multichoice for a sign), then the square, and
    wait for the grid drawn again with the tile there."""
    page.locator(
        f'#table .nk-hand [data-tile="{"M" if not char.isdigit() else char}"]'
    ).first.click()
    page.locator(square(page, row, col)).click()
    expect(page.locator(square(page, row, col))).not_to_have_attribute("data-token", "")


# --- Every size and language --------------------------------------------------------------

#: The widths every page of a game's life is seen at: a desktop's and the narrowest phone's.
WIDTHS = (1280, PHONE["width"])
#: The site's languages, each page is seen in both.
LANGUAGES = ("en", "fr")


def in_language(someone: Person, site: Site, language: str) -> None:
    """Show ``someone`` the site in ``language``: Django's language cookie, which a profile
    without a language of its own (the sign-up's default) follows."""
    someone.context.add_cookies([{"name": "django_language", "value": language, "url": site.url}])


#: What a finger taps on a table and around it: each must be at least 44 px each way
#: (WCAG 2.5.5) on a phone. Links inside sentences are exempt, as the rule has it.
TAP_TARGETS = (
    ".selectable .pick",
    "input[type=checkbox]:not(.selectable input)",
    "input[type=radio]",
    ".chat-form input[type=text]",
    ".n9-pick-grid button.sq",
    # Every game's own controls: the table's buttons, lists and fields (a card's check box,
    # invisible over the card, is the card: ``.selectable .pick`` above).
    "#table button",
    "#table select",
    "#table input:not([type=hidden]):not(.selectable input)",
    ".site-header .brand",
    ".site-header nav a",
    ".site-header nav button",
    # A page's own menu (a tournament's pages), and a fold's heading ("Round 2: how it ended").
    "main nav a",
    "main summary",
)

_SMALL_TARGETS = """(selectors) => {
  const small = [];
  for (const selector of selectors) {
    for (const element of document.querySelectorAll(selector)) {
      // A check box counts with its labels, which toggle it too.
      const parts = [element, ...(element.labels || [])].map((e) => e.getBoundingClientRect());
      const left = Math.min(...parts.map((b) => b.left));
      const right = Math.max(...parts.map((b) => b.right));
      const top = Math.min(...parts.map((b) => b.top));
      const bottom = Math.max(...parts.map((b) => b.bottom));
      const [width, height] = [right - left, bottom - top];
      if (parts[0].width > 0 && (width < 44 || height < 44)) {
        small.push(`${selector} ${Math.round(width)}x${Math.round(height)}`);
      }
    }
  }
  return [...new Set(small)];
}"""


#: A script's function of the page: the boxes that scroll sideways but show no shadow at an
#: edge where more of them is hidden (no ``.scroll-hint`` around them, or none shown).
_UNHINTED_SCROLLS = """async () => {
  const scrolls = [...document.querySelectorAll('body *')].filter((box) => {
    const sideways = ['auto', 'scroll'].includes(getComputedStyle(box).overflowX);
    return sideways && box.clientWidth > 0 && box.scrollWidth > box.clientWidth + 1;
  });
  // A box's shadows fade in after the page has drawn it.
  await new Promise((next) => requestAnimationFrame(() => requestAnimationFrame(next)));
  await Promise.all(document.getAnimations().map((shown) => shown.finished));
  const shaded = (hint) => ['before', 'after'].some((part) => {
    const style = getComputedStyle(hint, '::' + part);
    return style.display !== 'none' && Number(style.opacity) > 0 && parseFloat(style.width) > 0;
  });
  const hinted = (box) => box.parentElement.classList.contains('scroll-hint');
  return scrolls
    .filter((box) => !hinted(box) || !shaded(box.parentElement))
    .map((box) => `${box.tagName.toLowerCase()}.${[...box.classList].join('.')}`);
}"""


def unhinted_scrolls(page: Page) -> list[str]:
    """The boxes of ``page`` that scroll sideways with no shadow at the edge where more of
    them is hidden (a phone shows no scroll bar: nothing says a table goes on)."""
    return list(page.evaluate(_UNHINTED_SCROLLS))


def phone_comfort(page: Page) -> list[str]:
    """What falls short on a phone: tap targets under 44 px (:data:`TAP_TARGETS`), a header
    taller than one line, boxes scrolling sideways unseen (:func:`unhinted_scrolls`), and
    the words of a table's column headings cut in two (a table squeezed into the phone's
    width rather than scrolling in its box: "Na / m / e")."""
    found = [f"small: {target}" for target in page.evaluate(_SMALL_TARGETS, list(TAP_TARGETS))]
    found += [f"scrolls with no shadow: {box}" for box in unhinted_scrolls(page)]
    headings = f"() => [...document.querySelectorAll('thead th')].flatMap({WORDS_CUT})"
    found += [f"heading cut: {word}" for word in page.evaluate(headings)]
    header = page.locator(".site-header").bounding_box()
    if header is not None and header["height"] > 64:
        found.append(f"header {round(header['height'])} px tall")
    return found


_ACCESSIBILITY_GAPS = """() => {
  const gaps = [];
  const name = (el) =>
    (el.getAttribute("aria-label") || el.getAttribute("title") || el.textContent || "").trim();
  const shown = (el) => el.getClientRects().length > 0;
  // Every card and tile says what it is (its own name, or the named picture it is part of).
  for (const el of document.querySelectorAll(".card, .maya-card, .n9-grid .sq")) {
    // (A legend's sample card, hidden from screen readers beside its words, is exempt.)
    const named = el.closest("[role=img][aria-label]") || el.closest("[aria-hidden=true]");
    if (shown(el) && !name(el) && !named) {
      gaps.push(`unnamed ${el.className}`);
    }
  }
  // The live table is announced from a polite region that the refresh leaves in place.
  const table = document.getElementById("table");
  if (table && table.hasAttribute("hx-get")) {
    const live = [...document.querySelectorAll("[aria-live=polite], [role=status]")];
    if (!live.some((el) => !table.contains(el))) gaps.push("no live region outside the table");
  }
  return [...new Set(gaps)];
}"""

#: axe-core, as axe-playwright-python bundles it.
_AXE = Axe()
#: The impacts axe-core gives that fail a page: what blocks or badly hinders someone.
AXE_FAILING_IMPACTS = ("serious", "critical")


def axe_violations(page: Page) -> list[str]:
    """axe-core's serious and critical violations on the page as it stands, each as its rule
    id, its impact, what it asks and the CSS selectors of the offending elements."""
    found = []
    for violation in _AXE.run(page).response["violations"]:
        if violation["impact"] in AXE_FAILING_IMPACTS:
            targets = "; ".join(" ".join(map(str, node["target"])) for node in violation["nodes"])
            found.append(
                f"axe {violation['id']} ({violation['impact']}, {violation['help']}): {targets}"
            )
    return found


def accessibility_gaps(page: Page) -> list[str]:
    """What a screen reader would miss on the page: axe-core's serious and critical
    violations (:func:`axe_violations`), and what it does not look for
    (:func:`axe_misses`)."""
    return axe_violations(page) + axe_misses(page)


def axe_misses(page: Page) -> list[str]:
    """Two things a table needs that axe-core does not look for: a name on every card and
    tile (to axe-core one drawn without a role is plain text), and a polite region outside
    a live table, that its refresh leaves in place."""
    return list(page.evaluate(_ACCESSIBILITY_GAPS))


#: Where :func:`seen_everywhere` runs axe-core: each language once and each width once
#: (English on the desktop, French on the phone), for a second of the browser's each time.
#: Its rules look at structure, names, roles and colours: the width changes what is shown
#: and how, the language only the words, which the translations' checks keep from going
#: empty and :func:`axe_misses`, run at every combination, checks on every card.
AXE_SEEN = frozenset(zip(LANGUAGES, WIDTHS, strict=True))


def seen_everywhere(
    someone: Person, site: Site, artefacts: Path, name: str, shows: str
) -> list[str]:
    """Reload ``someone``'s page at each of :data:`WIDTHS` in each of :data:`LANGUAGES`,
    checking that it is in that language and still shows ``shows`` (a CSS selector), and
    leave a screenshot ``matrix-<name>-<language>-<width>.png`` of each in ``artefacts``.
    Returns what falls short: the combinations that scroll sideways ("<name> fr 360: 412
    px"), :func:`accessibility_gaps` (axe-core's at :data:`AXE_SEEN` only) and, on the
    phone, :func:`phone_comfort`'s findings.
    The person is left in English at 1280 px."""
    page = someone.page
    wide = []
    try:
        for language in LANGUAGES:
            in_language(someone, site, language)
            for width in WIDTHS:
                page.set_viewport_size({"width": width, "height": PHONE["height"]})
                page.reload()
                expect(page.locator("html")).to_have_attribute("lang", language)
                expect(page.locator(shows).first).to_be_visible()
                if scrolls_sideways(page):
                    scrolled = page.evaluate("document.documentElement.scrollWidth")
                    wide.append(f"{name} {language} {width}: {scrolled} px")
                if width == PHONE["width"]:
                    wide += [f"{name} {language} {width}: {it}" for it in phone_comfort(page)]
                seen = (language, width) in AXE_SEEN
                gaps = accessibility_gaps(page) if seen else axe_misses(page)
                wide += [f"{name} {language} {width}: {gap}" for gap in gaps]
                page.screenshot(
                    path=artefacts / f"matrix-{name}-{language}-{width}.png", full_page=True
                )
    finally:
        in_language(someone, site, "en")
        page.set_viewport_size({"width": 1280, "height": 1000})
        page.reload()
    return wide


def members_made(*names: str) -> str:
    """The start of a ``manage.py shell`` script (:func:`manage`) that makes a member of
    each of ``names``, their address confirmed, who logs in with their password as
    :func:`person` has it, named as they are called: the script finds them in ``members``,
    by name, and ``started(rules, players)`` starts a public table of ``rules`` where they
    sit, opened by the first."""
    return f"""
import random
from allauth.account.models import EmailAddress
from django.contrib.auth.models import User
from games.lobby import game_join, game_open, game_start
from tests.members import named, real_password


def started(rules, players):
    config = {{"players": len(players)}}
    game = game_open(creator=players[0], name=rules, rules=rules, config=config, public=True)
    for user in players[1:]:
        game_join(game=game, user=user, token=game.invite_token)
    return game_start(game=game, by=players[0], rng=random.Random(1))


members = {{}}
for name in {names!r}:
    user = named(User.objects.create_user(name, f"{{name}}@example.com"))
    real_password(user, f"{{name}}-plays-num-x-42")
    EmailAddress.objects.create(user=user, email=user.email, verified=True, primary=True)
    members[name] = user
"""


def seed_demo(site: Site) -> str:
    """Seed the served site with ``numx demo``, as `make run` does (it may run again): its
    members, a game being played, a finished X-Game and a tournament. The address of that
    finished game's replay: the site's lists of games finished lately show its newest five,
    and other tests finish public games on the same site."""
    manage(site, "numx", "demo", mail="dummymail://")
    found = manage(
        site,
        "shell",
        "-c",
        "from games.demo import FINISHED; from games.models import Game; "
        "print(Game.objects.filter(name=FINISHED).latest('pk').pk)",
    )
    # The shell says first how many objects it imported: the number is its last line.
    return f"/games/{int(found.split()[-1])}/replay/"


def game_number(url: str) -> int:
    """The id of the game whose page is at ``url`` (``…/games/<id>/…``)."""
    match = re.search(r"/games/(\d+)/", url)
    assert match, f"no game in {url}"
    return int(match.group(1))


#: What :func:`play_on` runs in the served site's Django: bots' moves for every seat, through
#: the services (each recorded as a player's would be), then the consumers' catch-up (the
#: mails, the ratings), as the game clock's tick would run it. The bots play by each game's
#: rules of thumb: a random player makes an Objectifs game of four last 700 moves, not 250.
_PLAY_ON = """
import random
from django.core.management import call_command
from games.bots import play_bot_move
from games.engine.ruleset import BotLevel
from games.models import Game
from games.registry import rule_set
from games.events import store

game = Game.objects.get(pk={game_id})
rules = rule_set(game.rules)
people = game.seats.filter(is_bot=False, user__isnull=False)
humans = set(people.values_list("number", flat=True))
rng = random.Random({game_id})
levels = dict.fromkeys(range(game.seats.count()), BotLevel.HEURISTIC)
made = 0


def awaited():
    return rules.awaiting(store.load(game.pk, game.rules).state) & humans


while {moves} is None or made < {moves} or not awaited():
    if not play_bot_move(game, rng, levels=levels):
        break
    made += 1
call_command("numx", "catch-up")
print("awaited" if awaited() else "not awaited")
"""


def play_on(site: Site, game_id: int, moves: int | None = None) -> bool:
    """Play game ``game_id`` on the served site with bots' moves for every seat,
    through the services: ``moves`` of them and on until a player (not a bot) is awaited,
    or, without ``moves``, to the end. Quick, where clicking each move is not what a test
    looks at. Whether a player is awaited now (not if the game ended first)."""
    played = manage(site, "shell", "-c", _PLAY_ON.format(game_id=game_id, moves=moves))
    return played.splitlines()[-1:] == ["awaited"]


def manage(site: Site, *command: str, mail: str | None = None) -> str:
    """Run a ``manage.py`` command against the served site's database, its mail going where
    the site's goes (or to ``mail``); what it printed."""
    ran = subprocess.run(
        [sys.executable, "manage.py", *command],
        cwd=Path(__file__).resolve().parents[2],
        env={
            **os.environ,
            "DATABASE_URL": site.database_url,
            "EMAIL_URL": mail or site.email_url,
            "SITE_URL": site.url,
        },
        capture_output=True,
        text=True,
    )
    assert ran.returncode == 0, ran.stderr
    return ran.stdout


#: What :func:`play_as` runs in the served site's Django.
_PLAY_AS = """
from django.core.management import call_command
from games.events import store
from games.models import Game
from games.registry import rule_set
from games.services import game_submit

game = Game.objects.get(pk={game_id})
rules = rule_set(game.rules)
seat = game.seats.get(is_bot=False, user__isnull=False)
game_submit(
    game_id=game.pk,
    seat=seat.number,
    action=rules.parse_action({move!r}),
    expected_sequence=store.load(game.pk, game.rules).sequence,
    actor=seat.user,
)
call_command("numx", "catch-up")
"""


def play_as(site: Site, game_id: int, move: str) -> None:
    """Record ``move`` (in the game's notation) for the one person seated at game
    ``game_id`` of the served site, through the services, as a reply to a mail would: a
    move made elsewhere than at the table, whose outcome a test chooses."""
    manage(site, "shell", "-c", _PLAY_AS.format(game_id=game_id, move=move))


#: What :func:`finished_bot_game` runs in the served site's Django.
_FINISHED_BOT_GAME = """
import random
from games.bots import bot_seats, play_bot_move
from games.engine.ruleset import BotLevel
from games.lobby import default_config
from games.services import game_create

config = default_config({rules!r})
config["players"] = 2
rng = random.Random({seed})
game = game_create(
    name={name!r}, config=config, seats=bot_seats(2, automatic=False),
    rules={rules!r}, rng=rng, public=True,
)
levels = dict.fromkeys(range(2), BotLevel({level}))
while play_bot_move(game, rng, levels=levels):
    pass
print(game.pk)
"""


def finished_bot_game(
    site: Site, rules: str, seed: int, name: str, level: BotLevel = BotLevel.RANDOM
) -> int:
    """The id of a new public game of ``rules`` named ``name``, between two bots of
    ``level`` whose moves (drawn from ``seed``) play it to its end on the served site: a
    finished game that anybody may replay. Random bots play the oddest games, and the
    longest: where any finished game does, the heuristic's ends sooner."""
    made = manage(
        site,
        "shell",
        "-c",
        _FINISHED_BOT_GAME.format(rules=rules, seed=seed, name=name, level=int(level)),
        mail="dummymail://",
    )
    return int(made.split()[-1])
