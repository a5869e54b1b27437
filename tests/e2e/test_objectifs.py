"""A whole game of NUM-X Objectifs in Chromium: Oda opens a table, seats a level-0 bot and
plays the five rounds from the table's forms (the set-up's card boxes, plis from her hand
and the malus cards of the table, the completions at the end of a trick, a pass or a draw,
a Facteur X out of turn when she holds one), each round at another width and language: 1280
px and a 360 px phone, English and French. No page scrolls sideways; screenshots are left in
``artefacts/`` (``objectifs-*.png``).

The table's forms are the way moves are made; which move to make, Oda asks the API her
browser is signed in to (its legal moves, in notation), shedding as many cards of her hand
as she can, as a player chasing the fewest malus points would.
"""

from __future__ import annotations

import re
import time
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from games.engine.objectifs import Lay, Pass, Play, Replace, parse_action
from games.engine.objectifs.actions import Draw
from games.engine.objectifs.cards import value_text
from tests.e2e.helpers import (
    PHONE,
    Person,
    Site,
    in_language,
    open_table,
    person,
    scrolls_sideways,
    seen_everywhere,
    sequence,
    sign_up,
    table,
    wait_for_htmx,
)
from tests.games.objectifs.places import places

pytestmark = pytest.mark.browser

GAME = "Cinq manches"
#: The width and language of each round: every combination, the fifth round as the first.
PHONE_WIDTH = PHONE["width"]
ROUNDS = {
    1: ("en", 1280),
    2: ("en", PHONE_WIDTH),
    3: ("fr", 1280),
    4: ("fr", PHONE_WIDTH),
    5: ("en", 1280),
}
#: A move is one form posted and answered; a whole game takes Oda about 60 to 100.
MOST_MOVES = 400


@pytest.fixture(scope="module")
def oda(browser: Browser, site: Site) -> Iterator[Person]:
    someone = person(browser, site, "oda")
    yield someone
    someone.context.close()


def api(page: Page, path: str) -> Any:
    answer = page.request.get(path)
    assert answer.ok, (path, answer.status)
    return answer.json()


def likeliest(listed: list[dict[str, Any]]) -> str:
    """The move Oda makes: her set-up's first pair; the completion laying most cards of her
    hand; the pli shedding most cards of her hand; else a pass, else anything but a draw."""
    moves = [parse_action(move["notation"]) for move in listed]
    plis = [m for m in moves if isinstance(m, Play) and m.action is None]
    completions = [m for m in moves if isinstance(m, Replace)]
    if completions:
        return str(max(completions, key=lambda m: len(m.cards)))
    if plis:
        return str(max(plis, key=lambda m: (len(m.hand), -len(m.rows))))
    if Pass() in moves:
        return "pass"
    return str(next((m for m in moves if not isinstance(m, Draw)), moves[0]))


def tick(form: Any, name: str, values: Sequence[str]) -> None:
    """Tick exactly the boxes ``values`` of the field ``name``: a refused move's form comes
    back with the boxes it had ticked, which the next try must not keep."""
    for box in form.locator(f'input[name="{name}"]:checked').all():
        if box.get_attribute("value") not in values:
            box.uncheck()
    for value in values:
        form.locator(f'input[name="{name}"][value="{value}"]').check()


def play(page: Page, notation: str, view: dict[str, Any], at: int) -> int | None:
    """Make the move ``notation`` from the table's forms, as Oda would, and wait for the
    answer: its status; None, sending nothing, if the table drawn is no longer the one of
    event ``at`` (``view``) once the move is chosen in its forms (the page's live refresh
    swapped another in): the move would not be the one meant."""
    seat = view["seat"]
    hand = view["hands"][seat]
    action = parse_action(notation)
    # A seat's only legal move is a button, whatever its kind (a lone Facteur X too).
    button = page.locator(f'#table .choice-form button[name="choice-move"][value="{notation}"]')
    if button.count():
        return send(page, button)
    if isinstance(action, (Lay, Replace)):
        kind = "lay" if isinstance(action, Lay) else "replace"
        form = page.locator(f"#table .{kind}-form")
        tick(form, f"{kind}-cards", places(hand, [str(card) for card in action.cards]))
    elif isinstance(action, Play):
        form = page.locator("#table .pli-form")
        tick(form, "pli-cards", places(hand, [str(card) for card in action.hand]))
        rows: list[str] = []
        for owner in sorted({taken.seat for taken in action.rows}):
            wanted = [str(taken.card) for taken in action.rows if taken.seat == owner]
            rows += [f"{owner}.{place}" for place in places(view["rows"][owner], wanted)]
        tick(form, "pli-rows", rows)
        value = form.locator('select[name="pli-value"]')
        if action.value is not None or value.count():
            value.select_option("" if action.value is None else value_text(action.value))
        chosen = "" if action.action is None else str(action.action)
        carried = form.locator(f'input[name="pli-carried"][value="{chosen}"]')
        if action.action is not None or carried.count():
            carried.check()
    else:
        form = page.locator("#table .choice-form")
        form.locator(f'input[name="choice-other"][value="{notation}"]').check()
    if sequence(page) != at:
        return None  # the table changed under Oda's hand: she looks again
    return send(page, form.locator("button[type=submit]").last)


def send(page: Page, button: Any) -> int:
    """Click a move form's ``button`` and wait for the table it answers with; its status."""
    with page.expect_response(lambda answer: answer.url.endswith("/move/")) as answered:
        button.click()
    wait_for_htmx(page)
    return answered.value.status


def refresh(page: Page) -> None:
    """Draw the table again as it stands now, as its live refresh does (without waiting
    for the next one)."""
    page.evaluate("htmx.ajax('GET', location.pathname, {target: '#table', swap: 'outerHTML'})")
    wait_for_htmx(page)


def at_round(oda: Person, site: Site, url: str, round_no: int, artefacts: Path) -> None:
    """Oda sees this round at its width and in its language: the page is in that language,
    does not scroll sideways, and is kept as a screenshot."""
    language, width = ROUNDS[round_no]
    page = oda.page
    in_language(oda, site, language)
    page.set_viewport_size({"width": width, "height": PHONE["height"]})
    page.goto(url)
    expect(page.locator("html")).to_have_attribute("lang", language)
    expect(table(page)).to_be_visible()
    assert not scrolls_sideways(page), (round_no, language, width)
    page.screenshot(
        path=artefacts / f"objectifs-round{round_no}-{language}-{width}.png", full_page=True
    )


def test_oda_plays_a_whole_game_against_a_bot_at_every_width_and_language(
    oda: Person, site: Site, artefacts: Path
) -> None:
    started = time.monotonic()
    sign_up(oda, site)
    page = open_table(oda, "objectifs", GAME, players=2)
    page.get_by_label("Level of the bot").select_option("0")
    page.get_by_role("button", name="Give a free seat to a bot").click()
    page.get_by_role("button", name="Start the game").click()
    expect(table(page)).to_be_visible()
    url = page.url
    game = int(re.search(r"/games/(\d+)/", url).group(1))  # type: ignore[union-attr]
    page.on("dialog", lambda dialog: dialog.accept())
    made: dict[str, int] = {}
    last_attempt: tuple[int, str] | None = None
    shown_round = 0
    tricks_shown: set[int] = set()
    for _move in range(MOST_MOVES):
        seen = api(page, f"/api/games/{game}/")
        if seen["status"] == "finished":
            break
        view = seen["state"]
        offered = api(page, f"/api/games/{game}/legal-actions/")
        if not offered["listed"]:
            time.sleep(0.1)  # the bot is moving
            continue
        if view["round"] != shown_round:
            shown_round = view["round"]
            at_round(oda, site, url, shown_round, artefacts)
        if view["sequence"] != offered["sequence"]:
            continue  # the bot moved in between: look again
        if sequence(page) != offered["sequence"]:
            refresh(page)
        if view["plis"] and shown_round not in tricks_shown:
            # A trick under way, with its plis and the pli form: seen at the round's width.
            tricks_shown.add(shown_round)
            language, width = ROUNDS[shown_round]
            assert not scrolls_sideways(page), (shown_round, language, width)
            page.screenshot(
                path=artefacts / f"objectifs-round{shown_round}-trick-{language}-{width}.png",
                full_page=True,
            )
        notation = likeliest(offered["listed"])
        kind = parse_action(notation).__class__.__name__
        # The same move at the same moment again: the table refused it (a move the engine
        # lists that its forms cannot make), said at once rather than 400 moves later.
        attempt = (offered["sequence"], notation)
        refused = page.locator("#table .error")
        assert attempt != last_attempt, (notation, refused.all_inner_texts())
        status = play(page, notation, view, offered["sequence"])
        if status in (None, 409):
            continue  # the table or the game moved on while she chose: she looks again
        last_attempt = attempt
        made[kind] = made.get(kind, 0) + 1
        if kind == "Play" and view["turn"] != view["seat"]:
            made["Facteur X"] = made.get("Facteur X", 0) + 1
    else:
        pytest.fail(f"the game was not over after {MOST_MOVES} moves: {made}")
    assert {"Lay", "Play", "Replace"} <= made.keys(), made
    assert made["Lay"] == 5
    # The end: the final scores line by line, the score sheet of the five rounds, every
    # hand shown; at every width and in both languages, nothing scrolls sideways.
    page.goto(url)
    expect(page.locator(".outcome")).to_be_visible()
    expect(page.locator(".objectifs-sheet tbody tr")).to_have_count(5)
    expect(page.locator(".all-hands")).to_be_visible()
    assert seen_everywhere(oda, site, artefacts, "objectifs-final", ".objectifs-sheet") == []
    page.goto(url.rstrip("/") + "/replay/?step=20")
    expect(page.locator(".all-hands")).to_be_visible()
    page.screenshot(path=artefacts / "objectifs-replay-en-1280.png", full_page=True)
    print(f"Objectifs in Chromium: {made}, {time.monotonic() - started:.0f} s")
