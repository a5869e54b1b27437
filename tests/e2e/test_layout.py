"""What Alice, a demo member, sees of the site's pages on a 1280 px screen and on a 360 px
phone: a finished game's whole score sheet, its totals in view on the phone; a tournament's
tables within the phone's width, a recorded table's places and points in view; every entry
of the site's menu on the phone, opened by keyboard; a standing order's check box beside its
words; Maya's count strip on one line, or in even rows where it cannot be; the new-game
form's choice of game, lists and fields a finger's target on the phone, its round buttons
round beside long words; the rules' tables with no word cut in two, their rules' ids a
finger's target on the phone; the webhooks' news each whole on a line on the phone; NUM-X's
other moves and a Shadow's bonus, and Objectifs' other moves, a long name whole in each, on
the phone; the site's
messages ("Successfully signed in") as a list that axe-core finds nothing wrong with; and
the site's pages around the games (tournaments, ratings, profile, webhooks, a game's history,
log-in and sign-up) at both widths in English and French, as test_every_game sees a game's.

The demo is seeded into the served site as `make run` seeds it; the tests share Alice's
browser and run in order.
"""

from __future__ import annotations

import re
import struct
import zlib
from collections.abc import Iterator
from pathlib import Path

import pytest
from django.template import Context, Template
from playwright.sync_api import Browser, Locator, Page, ViewportSize, expect

from games import demo
from tests.e2e.helpers import (
    PHONE,
    WORDS_CUT,
    Person,
    Site,
    axe_violations,
    focus_by_tabbing,
    lines_of,
    manage,
    person,
    scroll_to,
    scrolls_sideways,
    seed_demo,
    seen_everywhere,
    shaded_edges,
)

pytestmark = pytest.mark.browser

DESKTOP = {"width": 1280, "height": 1000}
#: The site's menu for a member, as it names its entries.
MENU = ("Tournaments", "Ratings", "Rules", "My games", "New game", "My page", "Profile", "Log out")


@pytest.fixture(scope="module")
def alice(browser: Browser, site: Site) -> Iterator[Page]:
    """Alice, logged in at her desktop's width."""
    seed_demo(site)
    page = signed_in(browser, site, demo.EMAILS[0], DESKTOP)
    expect(page.get_by_role("heading", name="My games")).to_be_visible()
    yield page
    page.context.close()


def signed_in(browser: Browser, site: Site, email: str, viewport: ViewportSize) -> Page:
    """A demo member's browser of their own, just signed in with their password: the page
    they land on."""
    context = browser.new_context(base_url=site.url, locale="en-GB", viewport=viewport)
    context.set_default_timeout(10_000)
    page = context.new_page()
    page.goto("/accounts/login/")
    page.get_by_label("Email").fill(email)
    page.get_by_label("Password:", exact=True).fill(demo.PASSWORD)
    page.get_by_role("button", name="Sign In").click()
    return page


def at_width(page: Page, width: int) -> None:
    page.set_viewport_size({"width": width, "height": PHONE["height"]})


def box(locator: Locator) -> dict[str, float]:
    found = locator.bounding_box()
    assert found is not None, f"{locator} is not shown"
    return dict(found)


def within(inner: Locator, outer: Locator) -> bool:
    """Whether ``inner`` lies wholly inside ``outer``'s box (a scrolled box: what shows)."""
    a, b = box(inner), box(outer)
    return b["x"] - 0.5 <= a["x"] and a["x"] + a["width"] <= b["x"] + b["width"] + 0.5


#: A script's function of a box that scrolls sideways: the texts of its column headings,
#: each with how it shows where the box is scrolled: "covered" where a part of it in view
#: lies under a column kept in view, else "whole" if it is all in view, else "beyond" (cut
#: or hidden by the box's edge).
_HEADINGS_SHOWN = """(box) => {
  const seen = box.getBoundingClientRect();
  return [...box.querySelectorAll('thead th')].map((heading) => {
    const at = heading.getBoundingClientRect();
    const from = Math.max(at.left, seen.left) + 1, to = Math.min(at.right, seen.right) - 1;
    let covered = false;
    for (let x = from; x <= to; x += 2) {
      const found = document.elementFromPoint(x, at.top + at.height / 2);
      covered ||= !heading.contains(found);
    }
    const inside = at.left >= seen.left - 0.5 && at.right <= seen.right + 0.5;
    return [heading.textContent.trim(), covered ? 'covered' : inside ? 'whole' : 'beyond'];
  });
}"""


def test_a_finished_games_score_sheet_hides_no_heading(alice: Page) -> None:
    """On a desktop every column of the score sheet shows. On phones (360 and 375 px), where
    the sheet scrolls, the players' names stay in view; no column's heading lies under another
    column kept in view (the totals, kept at the right edge, hid "combination"), a shadow
    at the right edge says more columns are there, and the totals come last."""
    alice.goto("/")
    alice.get_by_role("link", name=demo.FINISHED).click()
    alice.goto(alice.url.split("/replay/")[0] + "/")
    sheet = alice.get_by_role("region", name="Score sheet")
    headers = sheet.get_by_role("columnheader")
    totals = sheet.locator(".total")
    names = sheet.get_by_role("rowheader")
    at_width(alice, DESKTOP["width"])
    cut = [headers.nth(i).inner_text() for i in range(headers.count())]
    assert [name for i, name in enumerate(cut) if not within(headers.nth(i), sheet)] == []
    assert shaded_edges(sheet) == set()

    for width in (PHONE["width"], 375):
        at_width(alice, width)
        sheet.scroll_into_view_if_needed()
        assert not scrolls_sideways(alice)
        first = sheet.evaluate(_HEADINGS_SHOWN)
        # The sheet as it first shows hides no heading under another: each reads whole, or
        # lies beyond the edge, where the shadow says more is.
        assert [name for name, shown in first if shown == "covered"] == []
        assert shaded_edges(sheet) == {"right"}
        assert all(within(names.nth(i), sheet) for i in range(names.count()))
        # Scrolled along, each heading reads whole somewhere.
        read = {name for name, shown in first if shown == "whole"}
        for left in range(0, sheet.evaluate("s => s.scrollWidth - s.clientWidth") + 16, 16):
            sheet.evaluate("(sheet, left) => { sheet.scrollLeft = left; }", left)
            read |= {name for name, shown in sheet.evaluate(_HEADINGS_SHOWN) if shown == "whole"}
        assert read == {name for name, _ in first}
        scroll_to(sheet, "end")
        assert shaded_edges(sheet) == set()
        assert totals.count() == 5  # the header and the four players
        assert all(within(totals.nth(i), sheet) for i in range(totals.count()))
        assert all(within(names.nth(i), sheet) for i in range(names.count()))
        scroll_to(sheet, "start")
    assert axe_violations(alice) == []


def pixels(png: bytes) -> list[list[tuple[int, ...]]]:
    """The rows of pixels of a screenshot (an 8-bit RGB or RGBA PNG, as Chromium takes them),
    each pixel its colour's channels."""
    width, height, _depth, colour = struct.unpack(">IIBB", png[16:26])
    channels = 4 if colour == 6 else 3
    data, at = b"", 8
    while at < len(png):
        (length,) = struct.unpack(">I", png[at : at + 4])
        if png[at + 4 : at + 8] == b"IDAT":
            data += png[at + 8 : at + 8 + length]
        at += 12 + length
    raw, stride = zlib.decompress(data), width * channels
    rows: list[bytearray] = []
    for y in range(height):
        kind, line = (
            raw[y * (stride + 1)],
            bytearray(raw[y * (stride + 1) + 1 : (y + 1) * (stride + 1)]),
        )
        above = rows[-1] if rows else bytearray(stride)
        for i in range(stride):
            left = line[i - channels] if i >= channels else 0
            corner = above[i - channels] if i >= channels else 0
            guess = left + above[i] - corner
            nearest = min(
                (abs(guess - left), 0, left),
                (abs(guess - above[i]), 1, above[i]),
                (abs(guess - corner), 2, corner),
            )[2]
            line[i] = (line[i] + (0, left, above[i], (left + above[i]) // 2, nearest)[kind]) % 256
        rows.append(line)
    return [[tuple(row[x : x + channels][:3]) for x in range(0, stride, channels)] for row in rows]


def test_the_totals_column_is_set_apart(alice: Page) -> None:
    """On the phone, the sheet scrolled to its totals: a line at the totals' left edge sets
    them apart from the scoring rules' columns."""
    alice.goto("/")
    alice.get_by_role("link", name=demo.FINISHED).click()
    alice.goto(alice.url.split("/replay/")[0] + "/")
    at_width(alice, PHONE["width"])
    total = alice.get_by_role("region", name="Score sheet").locator("thead .total")
    total.scroll_into_view_if_needed()
    edge = box(total)
    paper = total.evaluate("cell => getComputedStyle(cell).backgroundColor")
    background = tuple(int(n) for n in re.findall(r"\d+", paper)[:3])
    strip = alice.screenshot(
        clip={"x": edge["x"] + 1, "y": edge["y"], "width": 1, "height": edge["height"]}
    )
    drawn = {pixel for row in pixels(strip) for pixel in row}
    assert drawn - {background}, f"only the paper's {background} at the totals' edge"


def test_a_tournaments_tables_fit_the_phone(alice: Page) -> None:
    at_width(alice, PHONE["width"])
    alice.goto("/tournaments/")
    alice.get_by_role("link", name="Demo cup").click()
    alice.get_by_role("navigation", name="Tournament").get_by_role("link", name="Tables").click()
    seats = alice.get_by_role("columnheader", name="Seat")
    expect(seats.first).to_be_visible()
    assert not scrolls_sideways(alice), alice.evaluate("document.documentElement.scrollWidth")
    assert [lines_of(seats.nth(i)) for i in range(seats.count())] == [1] * seats.count()


#: What the served site's Django runs for :func:`a_table_done`: a tournament of Alice's
#: with the demo's others, its one table of four recorded, one player timed out. Its game is
#: left as dealt, not marked finished: a game finished without its rules' outcome would
#: break what reads every finished game (the ratings' rebuild a later test runs).
_TABLE_DONE = """
import random
from datetime import timedelta
from django.utils import timezone
from games import demo
from tournaments.demo import OTHERS
from tournaments.services import stage_start, tournament_create, tournament_register
alice = demo.player(demo.EMAILS[0])
cup = tournament_create(organiser=alice, name="Phone cup", table_size=4,
    registration_closes=timezone.now() + timedelta(days=1))
for email in (demo.EMAILS[0], *OTHERS[:3]):
    tournament_register(tournament=cup, user=demo.player(email))
table = stage_start(tournament=cup, by=alice, rng=random.Random(1)).tables.get()
for score, place in zip((31, 24, 18, 40), table.players.order_by("seat")):
    place.score, place.xtrems, place.timed_out = score, 0, score == 40
    place.save()
table.recorded_at = timezone.now()
table.save()
print(cup.pk)
"""


def test_a_done_tables_places_and_points_are_in_view_on_the_phone(alice: Page, site: Site) -> None:
    """Failed before: the place and the points came last, after the seat, the name (its
    forfeit's mark) and the score, scrolled out of a 360 px phone's view ("Poi…")."""
    cup = manage(site, "shell", "--no-imports", "-c", _TABLE_DONE).strip()
    at_width(alice, PHONE["width"])
    alice.goto(f"/tournaments/{cup}/tables/")
    shown = box(alice.locator(".scroll-box").first)
    for name in ("Place", "Points"):
        header = alice.get_by_role("columnheader", name=name)
        expect(header).to_be_visible()
        edge = box(header)
        # Within the table's box as it stands, not scrolled into it.
        assert shown["x"] <= edge["x"], name
        assert edge["x"] + edge["width"] <= shown["x"] + shown["width"], name
    cells = alice.get_by_role("row").filter(has_text="(timed out)").get_by_role("cell")
    assert not scrolls_sideways(alice)
    at_width(alice, DESKTOP["width"])
    assert lines_of(cells.nth(1)) == 1, "the desktop gives each player one line"


def test_every_menu_entry_opens_by_keyboard_on_the_phone(alice: Page) -> None:
    at_width(alice, PHONE["width"])
    alice.goto("/")
    header = alice.locator(".site-header")
    assert box(header)["height"] <= 64  # one line, the page below it
    menu = header.get_by_text("Menu", exact=True)
    assert box(menu)["height"] >= 44 and box(menu)["width"] >= 44  # a finger's target
    focus_by_tabbing(alice, menu)
    alice.keyboard.press("Enter")
    nav = alice.get_by_role("navigation", name="Main")
    for name in MENU:
        entry = nav.get_by_role("button" if name == "Log out" else "link", name=name)
        expect(entry).to_be_visible()
        left, width = box(entry)["x"], box(entry)["width"]
        assert left >= 0 and left + width <= PHONE["width"], name
    assert not scrolls_sideways(alice)
    # The entries are the Tab key's next stops.
    focus_by_tabbing(alice, nav.get_by_role("link", name="Profile"), limit=len(MENU))


def test_a_standing_orders_box_sits_beside_its_words_on_the_phone(alice: Page) -> None:
    at_width(alice, PHONE["width"])
    alice.goto("/")
    alice.get_by_role("link", name=demo.PLAYING).first.click()
    order = alice.get_by_role("checkbox", name="Never complete out of turn in this trick")
    words = alice.locator("label", has_text="Never complete out of turn in this trick")
    a, b = box(order), box(words)
    assert a["x"] + a["width"] <= b["x"]  # before the words…
    assert b["y"] <= a["y"] + a["height"] / 2 <= b["y"] + b["height"]  # …on their line
    assert not scrolls_sideways(alice)


@pytest.mark.parametrize("width", [PHONE["width"], 768, 820, 1000, DESKTOP["width"]])
def test_mayas_count_strip_is_one_line_or_even_rows(alice: Page, width: int) -> None:
    """The 21 numbers of the count strip on one line where they fit, else in even rows
    (never a few alone on a last line), none of them cut."""
    at_width(alice, width)
    alice.goto("/rules/maya/")
    alice.get_by_role("button", name="Try Maya against bots").click()
    rungs = alice.locator(".maya .ladder").get_by_role("listitem")
    expect(rungs).to_have_count(21)
    tops = [round(box(rungs.nth(i))["y"]) for i in range(21)]
    rows = [tops.count(top) for top in sorted(set(tops))]
    assert rows in ([21], [11, 10], [7, 7, 7]), rows
    if width >= DESKTOP["width"]:
        assert rows == [21]
    cut = rungs.evaluate_all("rungs => rungs.filter((r) => r.scrollWidth > r.clientWidth).length")
    assert cut == 0


def test_a_joker_laid_as_12_reads_on_one_line_beside_its_pli(alice: Page) -> None:
    """A pli holding a Joker laid as 12, as NUM-X's table draws it, put into the demo's table
    (no short game reaches one): the Joker reads "J=12" on one line, level with the card
    beside it, on a desktop and on a phone."""
    pli = Template('{% load numx %}<li><span class="who">Bob</span> {% pli_cards pli %}</li>')
    html = pli.render(Context({"pli": {"cards": ["joker", "blue-12"], "value": 12}}))
    at_width(alice, DESKTOP["width"])
    alice.goto("/")
    alice.get_by_role("link", name=demo.PLAYING).first.click()
    for width in (DESKTOP["width"], PHONE["width"]):
        at_width(alice, width)
        alice.locator("#table").evaluate(
            "(table, html) => { table.insertAdjacentHTML('afterbegin', "
            "`<ol class='plis' id='joker-pli'>${html}</ol>`); }",
            html,
        )
        joker = alice.get_by_role("img", name="Joker as 12")
        expect(joker).to_have_text("J=12")
        assert lines_of(joker) == 1
        twelve = alice.locator("#joker-pli .card").nth(1)
        assert abs(box(joker)["y"] - box(twelve)["y"]) <= 1
        alice.locator("#joker-pli").evaluate("pli => pli.remove()")


def test_a_wide_numenko_grid_shows_it_goes_on_past_the_phones_edge(alice: Page) -> None:
    """A Numenko grid 16 squares wide, as the table draws a player's, put into a player's box
    of the demo's Numenko table (no short game lays one): on the phone it scrolls in its box,
    whose scroll bar a phone hides, and a shadow at the right edge says more of it is there;
    scrolled to its end, the shadow is at the left edge. Where it fits, no shadow."""
    grid = Template('{% load numenko %}{% example_grid "1+2+3+4+5+6+7=28" %}')
    html = grid.render(Context({}))
    alice.goto("/")
    alice.get_by_role("link", name=demo.NUMENKO).first.click()
    box = alice.locator("#wide-grid .nk-scroll")
    for width in (DESKTOP["width"], PHONE["width"]):
        at_width(alice, width)
        alice.locator(".player .numenko").first.evaluate(
            "(player, html) => player.insertAdjacentHTML('beforeend', "
            "`<div id='wide-grid'>${html}</div>`)",
            html,
        )
        expect(box.get_by_role("img")).to_have_attribute("aria-label", re.compile("16 tiles"))
        scrolls = box.evaluate("box => box.scrollWidth > box.clientWidth")
        assert scrolls or width != PHONE["width"]
        assert shaded_edges(box) == ({"right"} if scrolls else set())
        if scrolls:
            assert axe_violations(alice) == []
            scroll_to(box, "end")
            assert shaded_edges(box) == {"left"}
            assert not scrolls_sideways(alice)
        alice.locator("#wide-grid").evaluate("grid => grid.remove()")


def test_the_messages_after_signing_in_are_a_list_axe_accepts(browser: Browser, site: Site) -> None:
    """The page after signing in says so in a message: the messages are a list inside a
    polite region (a list given the role of a region is no list any more to a screen reader,
    its items orphans: axe-core's serious "listitem")."""
    seed_demo(site)
    page = signed_in(browser, site, demo.EMAILS[1], PHONE)
    status = page.get_by_role("status").filter(has_text="Successfully signed in")
    expect(status.get_by_role("listitem")).to_have_count(1)
    assert axe_violations(page) == []
    page.context.close()


@pytest.mark.parametrize("game", ["objectifs", "numenko"])
def test_the_new_game_forms_lists_and_fields_are_a_fingers_target(alice: Page, game: str) -> None:
    """A newcomer opens a table on a phone: the game's name, the time for each move, the
    bots' level, the number of players, each list and field is 44 px tall at least, as the
    buttons are (WCAG 2.5.5)."""
    at_width(alice, PHONE["width"])
    alice.goto(f"/games/new/?game={game}")
    fields = alice.locator("main").locator("select, input[type=text]")
    expect(fields.first).to_be_visible()
    heights = fields.evaluate_all(
        "fields => fields.map((f) => [f.name, Math.round(f.getBoundingClientRect().height)])"
    )
    assert [(name, height) for name, height in heights if height < 44] == []


def test_the_new_game_forms_choice_of_game_is_a_fingers_target(alice: Page) -> None:
    """The games one may open a table of, at the top of the form, are links a finger picks
    on a phone: 44 px each way at least."""
    at_width(alice, PHONE["width"])
    alice.goto("/games/new/?game=numenko")
    games = alice.get_by_role("navigation", name="Games").get_by_role("link")
    expect(games).to_have_count(4)  # the five games but the one chosen
    small = [
        (games.nth(i).inner_text(), box(games.nth(i))["height"])
        for i in range(games.count())
        if box(games.nth(i))["height"] < 44 or box(games.nth(i))["width"] < 44
    ]
    assert small == []


def test_a_round_button_beside_long_words_stays_round(alice: Page) -> None:
    """On a phone a choice's words wrap over several lines beside its round button (how
    Numenko's race is played, what a late player's clock does): the button keeps its size,
    not squeezed into an oval by the words."""
    at_width(alice, PHONE["width"])
    alice.goto("/games/new/?game=numenko")
    radios = alice.locator("main input[type=radio]")
    expect(radios.first).to_be_visible()
    sizes = [
        (box(radios.nth(i))["width"], box(radios.nth(i))["height"]) for i in range(radios.count())
    ]
    assert [size for size in sizes if size[0] != size[1]] == []


@pytest.mark.parametrize("game", ["objectifs", "numenko"])
def test_the_rules_tables_cut_no_word_in_two_on_the_phone(alice: Page, game: str) -> None:
    """The reference's tables (Objectifs' cards, Numenko's tiles) on a 360 px phone: a
    narrow column wraps its words whole, never "Infini / ty" or "Echa / nge"; and each table
    still fits the phone's width: neither the page nor the table scrolls sideways (a table
    scrolling in its box would be a region the keyboard cannot reach: axe-core's serious
    "scrollable-region-focusable")."""
    at_width(alice, PHONE["width"])
    alice.goto(f"/rules/{game}/")
    tables = alice.locator(".rules-reference table")
    expect(tables.first).to_be_attached()
    cut = [word for i in range(tables.count()) for word in tables.nth(i).evaluate(WORDS_CUT)]
    assert cut == []
    assert not scrolls_sideways(alice)
    widths = tables.evaluate_all("tables => tables.map((t) => [t.scrollWidth, t.clientWidth])")
    assert [(inner, shown) for inner, shown in widths if inner > shown] == []


#: What gives Alice an API token and a bot's webhook, so that her profile and her webhooks'
#: page show their tables (a token's six columns, a long address: wider than a phone).
_TOKEN_AND_WEBHOOK = """
from django.contrib.auth.models import User
from accounts.tokens import issue
from webhooks.services import endpoints_of, register

alice = User.objects.get(email={email!r})
if not endpoints_of(alice).exists():  # the demo may be seeded again, Alice kept
    issue(alice, "my bot")
    register(alice, "https://example.com/num-x/webhooks/alice-s-bot", [])
"""

#: The site's pages around the games that a member sees (its games' own pages, the lobby and
#: the new-game form are test_every_game's), each as a name, its address (with the numbers of
#: :func:`places`) and what it shows.
MEMBERS_PAGES = [
    ("my-games", "/", "main h1"),
    ("my-finished-games", "/games/finished/", "main form"),
    ("tournaments", "/tournaments/", "main h1"),
    ("tournament-new", "/tournaments/new/", "main form"),
    ("tournament", "/tournaments/{cup}/", ".tournament-nav"),
    ("tournament-tables", "/tournaments/{cup}/tables/", ".tables"),
    ("tournament-standings", "/tournaments/{cup}/standings/", "main table"),
    ("tournament-dashboard", "/tournaments/{cup}/organise/", "main h2"),
    ("history", "/games/{game}/history/", ".history"),
    ("ratings", "/ratings/", "main h1"),
    ("rules", "/rules/", "main h1"),
    ("bots-guide", "/api/guide/", "main h1"),
    ("profile", "/accounts/profile/", "main table"),
    ("webhooks", "/webhooks/", "main table"),
    ("email-addresses", "/accounts/email/", "main form"),
    ("password", "/accounts/password/change/", "main form"),
]
#: The pages somebody signed out sees before joining.
VISITORS_PAGES = [
    ("log-in", "/accounts/login/", "main form"),
    ("sign-up", "/accounts/signup/", "main form"),
    ("log-in-by-code", "/accounts/login/code/", "main form"),
    ("password-reset", "/accounts/password/reset/", "main form"),
]


@pytest.fixture(scope="module")
def places(alice: Page) -> dict[str, int]:
    """The numbers in the addresses of :data:`MEMBERS_PAGES`: the demo's tournament, which
    Alice organises ("cup"), and the demo's game she is playing ("game")."""
    alice.goto("/")
    alice.get_by_role("link", name=demo.PLAYING).first.click()
    game = re.search(r"/games/(\d+)/", alice.url)
    alice.goto("/tournaments/")
    alice.get_by_role("link", name="Demo cup").click()
    cup = re.search(r"/tournaments/(\d+)/", alice.url)
    assert game and cup, alice.url
    return {"cup": int(cup.group(1)), "game": int(game.group(1))}


@pytest.fixture(scope="module")
def alice_with_a_bot(alice: Page, site: Site) -> Person:
    """Alice, an API token and a bot's webhook hers."""
    manage(site, "shell", "-c", _TOKEN_AND_WEBHOOK.format(email=demo.EMAILS[0]))
    return Person("alice", demo.PASSWORD, alice.context, alice)


@pytest.fixture(scope="module")
def visitor(browser: Browser, site: Site) -> Iterator[Person]:
    somebody = person(browser, site, "wanda")
    yield somebody
    somebody.context.close()


@pytest.mark.parametrize(("name", "path", "shows"), MEMBERS_PAGES + VISITORS_PAGES)
def test_a_page_reads_at_every_width_and_language(
    alice_with_a_bot: Person,
    places: dict[str, int],
    visitor: Person,
    site: Site,
    artefacts: Path,
    name: str,
    path: str,
    shows: str,
) -> None:
    """Each page, signed in as Alice or signed out, at 1280 px and on a 360 px phone, in
    English and in French: no page scrolls sideways; a table wider than the phone scrolls in
    its box with a shadow at the edge where it goes on; the menu's entries are a finger's
    target; axe-core finds nothing serious, in English on the desktop and in French on the
    phone (screenshots ``matrix-site-*.png``)."""
    someone = visitor if (name, path, shows) in VISITORS_PAGES else alice_with_a_bot
    someone.page.goto(path.format(**places))
    assert seen_everywhere(someone, site, artefacts, f"site-{name}", shows) == []


@pytest.mark.parametrize("game", ["numx", "nmbr9"])
def test_the_rules_ids_are_a_fingers_target_on_the_phone(alice: Page, game: str) -> None:
    """A bot's author reads a refusal's rule id, then taps it in the rules page's list on a
    360 px phone: each id's link is 44 px each way at least (WCAG 2.5.5), and its one
    sentence still follows right under it."""
    at_width(alice, PHONE["width"])
    alice.goto(f"/rules/{game}/")
    links = alice.locator(".rules dt a")
    expect(links.first).to_be_visible()
    sizes = links.evaluate_all(
        "links => links.map((l) => [l.textContent, l.getBoundingClientRect().width,"
        " l.getBoundingClientRect().height])"
    )
    assert [(rule, w, h) for rule, w, h in sizes if w < 44 or h < 44] == []
    first_rule, its_sentence = box(links.first), box(alice.locator(".rules dd").first)
    assert its_sentence["y"] - (first_rule["y"] + first_rule["height"]) < 8


#: A script's function of a table's cell and words it holds: how many lines those words take.
_LINES_OF_WORDS = """(cell, words) => {
  const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
  const nodes = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) nodes.push(node);
  // The text node and offset of the character at ``offset`` of the cell's text.
  const at = (offset) => {
    for (const node of nodes) {
      if (offset < node.length) return [node, offset];
      offset -= node.length;
    }
    return [nodes[nodes.length - 1], nodes[nodes.length - 1].length];
  };
  const start = cell.textContent.indexOf(words);
  if (start < 0) return 0;
  const range = document.createRange();
  range.setStart(...at(start));
  const [last, offset] = at(start + words.length - 1);
  range.setEnd(last, offset + 1);
  return new Set([...range.getClientRects()].map((b) => Math.round(b.top))).size;
}"""


def test_the_webhooks_news_read_whole_on_the_phone(alice_with_a_bot: Person) -> None:
    """On a 360 px phone, the webhooks' table says what each address is told of: each piece
    of news ("It is my turn") reads whole on a line, not a word a line down the column."""
    page = alice_with_a_bot.page
    at_width(page, PHONE["width"])
    page.goto("/webhooks/")
    told = page.locator("main table tbody tr").first.locator("td").nth(1)
    kinds = ["It is my turn", "I may play out of turn", "A game of mine started"]
    assert {kind: told.evaluate(_LINES_OF_WORDS, kind) for kind in kinds} == dict.fromkeys(kinds, 1)
    assert not scrolls_sideways(page)


#: What :func:`shadow_and_action_cards` runs in the served site's Django: the first short
#: two-player game that reaches a trick Alice opens holding a Block and a Shadow
#: (tests/games/test_table_form_errors.py finds it), against a player with a long name.
_ACTION_TABLE = """
import random
from django.contrib.auth.models import User
from accounts.models import profile_of
from games import demo
from games.events import store
from games.services import SeatSpec, game_create, game_submit
from tests.games.test_table_form_errors import (
    TWO_SPEED_RUN, an_action_card_to_play, find, no_preference,
)

scenario = find(TWO_SPEED_RUN, an_action_card_to_play, no_preference, limit=20)
alice = User.objects.get(email=demo.EMAILS[0])
other, _ = User.objects.get_or_create(username="long-named")
profile = profile_of(other)
profile.display_name = {name!r}
profile.save()
seats = [SeatSpec({name!r}, user=other), SeatSpec("Alice", user=alice)]
if scenario.end.turn == 0:
    seats.reverse()
game = game_create(
    name="Action cards on a phone",
    config=scenario.config,
    seats=seats,
    created_by=alice,
    rng=random.Random(scenario.seed),
)
for seat, action in scenario.moves:
    game_submit(
        game_id=game.pk,
        seat=seat,
        action=action,
        expected_sequence=store.load(game.pk, game.rules).sequence,
        rng=random.Random(scenario.seed),
    )
print(game.pk)
"""

#: A name as long as some players'.
LONG_NAME = "Bartholomew Featherstonehaugh"


def moves_read_whole(page: Page, group: str) -> None:
    """Each move of the box ``group`` naming :data:`LONG_NAME` reads whole on the phone: its
    button in view, its words within the screen, none cut."""
    aimed = page.get_by_role("group", name=group).locator("label").filter(has_text=LONG_NAME)
    expect(aimed.first).to_be_visible()
    for i in range(aimed.count()):
        words = aimed.nth(i)
        assert words.get_by_role("radio").is_visible(), group
        assert box(words)["x"] + box(words)["width"] <= PHONE["width"], group
        assert words.evaluate(WORDS_CUT) == [], group


def confirmation_names_the_move(page: Page) -> None:
    """The other move chosen (the last naming :data:`LONG_NAME`: not the one chosen from
    the start) is the one the confirmation names; the player says no: nothing is played,
    and the page does not scroll sideways."""
    other_moves = page.get_by_role("group", name="Other moves")
    chosen = other_moves.locator("label").filter(has_text=LONG_NAME).last
    chosen.click()
    asked: list[str] = []
    before = page.locator("#table").get_attribute("data-sequence")
    page.once("dialog", lambda dialog: (asked.append(dialog.message), dialog.dismiss()))
    other_moves.get_by_role("button", name="Play this move").click()
    assert asked == [f"Play this move?\n{chosen.inner_text().strip()}"]
    assert page.locator("#table").get_attribute("data-sequence") == before
    assert not scrolls_sideways(page)


def test_action_cards_and_a_shadows_bonus_name_their_target_whole_on_the_phone(
    alice: Page, site: Site, artefacts: Path
) -> None:
    """Failed before: on a 360 px phone the lists of other moves and of a Shadow's bonus
    Action cards showed "Play Block on Bartholomew Feathe", the target's name cut by the
    closed list (its opened list showed it whole). Each move reads whole, its words
    wrapping, and the page does not scroll sideways."""
    game = int(manage(site, "shell", "-c", _ACTION_TABLE.format(name=LONG_NAME)).split()[-1])
    at_width(alice, PHONE["width"])
    alice.goto(f"/games/{game}/")
    alice.screenshot(path=artefacts / "numx-other-moves-phone.png", full_page=True)
    for group in ("Other moves", "Shadow's bonus Action card"):
        moves_read_whole(alice, group)
    confirmation_names_the_move(alice)


#: What :func:`test_objectifs_other_moves_name_their_player_whole_on_the_phone` runs in the
#: served site's Django: a two-player Objectifs game against a player with a long name,
#: played by the engine's bot until Alice's turn offers a listed move naming that player (a
#: malus card of theirs to draw, an Echange or a Malus + at them).
_OBJECTIFS_TABLE = """
import random
from django.contrib.auth.models import User
from accounts.models import profile_of
from games import demo
from games.engine.objectifs import RULES, Draw, Echange, MalusPlus
from games.services import SeatSpec, game_create
from tests.games.objectifs.conftest import advance

alice = User.objects.get(email=demo.EMAILS[0])
other, _ = User.objects.get_or_create(username="long-named")
profile = profile_of(other)
profile.display_name = {name!r}
profile.save()
game = game_create(
    name="Other moves on a phone",
    rules="objectifs",
    config={{"players": 2}},
    seats=[SeatSpec({name!r}, user=other), SeatSpec("Alice", user=alice)],
    created_by=alice,
    rng=random.Random(3),
)


def aimed_at_the_other(now):
    return 1 in RULES.awaiting(now) and any(
        (isinstance(move, Draw) and move.row == 0)
        or (isinstance(move, (Echange, MalusPlus)) and move.target == 0)
        for move in RULES.legal_actions(now, 1)
    )


advance(game, aimed_at_the_other)
print(game.pk)
"""


def test_objectifs_other_moves_name_their_player_whole_on_the_phone(
    alice: Page, site: Site, artefacts: Path
) -> None:
    """Failed before: Objectifs' other moves were a closed list, whose words cannot wrap,
    too narrow on a 360 px phone for "Draw 0 from the malus cards of Bartholomew
    Featherstonehaugh". Each move reads whole, its words wrapping, the confirmation names
    the one chosen, and the page does not scroll sideways."""
    script = _OBJECTIFS_TABLE.format(name=LONG_NAME)
    game = int(manage(site, "shell", "-c", script).split()[-1])
    at_width(alice, PHONE["width"])
    alice.goto(f"/games/{game}/")
    alice.screenshot(path=artefacts / "objectifs-other-moves-phone.png", full_page=True)
    moves_read_whole(alice, "Other moves")
    confirmation_names_the_move(alice)
