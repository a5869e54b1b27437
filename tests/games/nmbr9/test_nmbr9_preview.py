"""NMBR 9's placement preview: a tap on a square of the seat's own grid asks the server where
the tile would land, whether that is legal and what it would score; it never writes, never
shows another seat's secret tile, refuses junk with a 400; the placement form around it (the
plain form without JavaScript) sends the placement."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client

from games.engine.nmbr9 import Place, footprint, placements
from games.events.models import Event
from games.models import Game
from games.registry import rule_set
from tests.games.nmbr9.test_nmbr9_table import (
    greedy,
    last,
    nmbr9_game,
    page_of,
    place,
    play_cards,
    state,
)

pytestmark = pytest.mark.django_db

Login = Callable[[User], Client]
NMBR9 = rule_set("nmbr9")


@pytest.fixture
def duel(alice: User, bob: User) -> Game:
    """Alice (seat 0) and Bob (seat 1) at NMBR 9, the first card turned up."""
    return nmbr9_game(alice, bob)


def preview(client: Client, game: Game, **query: Any) -> Any:
    """The preview htmx asks for, with the placement form's field names."""
    return client.get(
        f"/games/{game.pk}/preview/",
        {f"place-{name}": value for name, value in query.items()},
        HTTP_HX_REQUEST="true",
    )


def previewed(client: Client, game: Game, **query: Any) -> str:
    response = preview(client, game, **query)
    assert response.status_code == 200, response.content
    return str(response.content.decode())


def drawn_tile(html: str) -> int:
    """How many squares of the grid show the tile being placed."""
    return len(re.findall(r'<button class="sq pv[ "]', html))


def test_a_legal_square_says_legal_what_it_scores_and_draws_the_tile_at_its_level(
    alice: User, bob: User, duel: Game, as_user: Login
) -> None:
    client = as_user(alice)
    first = state(duel).card
    assert first is not None
    html = previewed(client, duel, x=0, y=0, turn=90)
    assert "Legal: scores 0 points (level 0)." in html
    assert drawn_tile(html) == len(footprint(first, 90))
    play_cards(duel, {0: client, 1: as_user(bob)}, 5)
    now = state(duel)
    assert now.card is not None
    high = max(placements(now.stacks[0], now.card), key=lambda tile: tile.level)
    assert high.level >= 1, "the greedy stacks of this seed reach level 1"
    html = previewed(client, duel, x=high.x, y=high.y, turn=high.turn)
    points = now.card * high.level
    assert f"Legal: scores {points} point{'' if points == 1 else 's'} (level {high.level})." in html
    # The tile shows on the grid at the level it would reach: its digit, its level small.
    assert html.count(f"{now.card}<sub>{high.level}</sub></button>") >= len(
        footprint(now.card, high.turn)
    )
    # The fields and the turn of the plain form follow the preview.
    assert f'name="place-x" id="place-x" value="{high.x}"' in html
    assert f'name="place-turn" value="{high.turn}" checked' in html


def test_an_illegal_square_names_the_rule_it_breaks(
    alice: User, bob: User, duel: Game, as_user: Login
) -> None:
    client = as_user(alice)
    html = previewed(client, duel, x=2, y=0, turn=0)
    assert "Your first tile lies with the top-left corner of its box at 0,0" in html
    assert 'class="n9-verdict refused"' in html and "pv refused" in html
    play_cards(duel, {0: client, 1: as_user(bob)}, 1)
    html = previewed(client, duel, x=20, y=20, turn=0)
    assert "A tile shares an edge with a tile of its own level" in html
    html = previewed(client, duel, x=1, y=2, turn=0)
    assert "A tile lies flat" in html


def test_a_french_preview_speaks_french(alice: User, duel: Game, as_user: Login) -> None:
    client = as_user(alice)
    response = client.get(
        f"/games/{duel.pk}/preview/",
        {"place-x": "0", "place-y": "0", "place-turn": "0"},
        HTTP_HX_REQUEST="true",
        HTTP_ACCEPT_LANGUAGE="fr",
    )
    assert "Permis\u00a0: rapporte 0\u00a0point (niveau 0)." in response.content.decode()


def test_a_preview_writes_nothing(alice: User, duel: Game, as_user: Login) -> None:
    client = as_user(alice)
    events, sequence = Event.objects.count(), last(duel)
    for query in ({"x": 0, "y": 0, "turn": 0}, {"x": 5, "y": 5, "turn": 180}, {"x": "junk"}):
        preview(client, duel, **query)
    assert (Event.objects.count(), last(duel)) == (events, sequence)
    assert state(duel).stacks[0].tiles == ()
    assert "Your turn." in page_of(client, duel)


def test_nobody_learns_a_secret_placement_from_a_preview(
    alice: User, bob: User, mallory: User, duel: Game, as_user: Login
) -> None:
    watching = as_user(mallory)
    clients = {0: as_user(alice), 1: as_user(bob)}
    play_cards(duel, clients, 2)
    secret = greedy(duel, 0)
    query = {"x": secret.x, "y": secret.y, "turn": secret.turn}
    before = previewed(clients[1], duel, **query)
    assert place(clients[0], duel, secret).status_code == 200
    # Bob's preview at the very square of Alice's secret tile draws his own stack only: it
    # is what it was before she placed, to the byte.
    assert previewed(clients[1], duel, **query) == before
    # A spectator has no seat to preview for; Alice has placed: nothing to preview.
    spectator = preview(watching, duel, **query)
    assert spectator.status_code == 403 and b"n9-pick" not in spectator.content
    done = preview(clients[0], duel, **query)
    assert done.status_code == 409 and done.headers["HX-Refresh"] == "true"
    assert preview(Client(), duel, **query).status_code == 302  # to the login page


@pytest.mark.parametrize(
    "query",
    [
        {},
        {"x": "a", "y": "0", "turn": "0"},
        {"x": "999", "y": "0", "turn": "0"},
        {"x": "0", "y": "0", "turn": "45"},
        {"x": "²", "y": "0", "turn": "0"},
        {"x": "1e3", "y": "0", "turn": "0"},
        {"x": "0\x00", "y": "0", "turn": "0"},
        {"x": "0", "y": "-99999999999999999999999", "turn": "0"},
        {"x": "0", "y": "0"},
    ],
)
def test_junk_is_a_400_and_changes_nothing(
    alice: User, duel: Game, as_user: Login, query: dict[str, str]
) -> None:
    events = Event.objects.count()
    response = preview(as_user(alice), duel, **query)
    assert response.status_code == 400
    # htmx leaves the form as it is rather than swap the message in.
    assert response.headers["HX-Reswap"] == "none"
    assert Event.objects.count() == events


def test_a_game_without_a_preview_answers_404(
    alice: User, against_bots: Game, as_user: Login
) -> None:
    """The preview is the platform's, for any game whose adapter offers one: NUM-X does not."""
    response = as_user(alice).get(f"/games/{against_bots.pk}/preview/", {"place-x": "0"})
    assert response.status_code == 404


def form_keys(page: str) -> dict[str, str]:
    """The hidden fields the table's placement form carries (the event seen, its key)."""
    return dict(re.findall(r'<input type="hidden" name="(place-[a-z_]+)" value="([^"]*)"', page))


def test_the_table_opens_on_a_legal_placement_and_confirm_records_the_one_previewed(
    alice: User, bob: User, duel: Game, as_user: Login
) -> None:
    client = as_user(alice)
    play_cards(duel, {0: client, 1: as_user(bob)}, 1)
    page = page_of(client, duel)
    # The form starts on a legal placement, drawn on the grid; every square asks a preview.
    assert 'id="n9-pick"' in page and "Legal: scores 0 points (level 0)." in page
    assert f'hx-get="/games/{duel.pk}/preview/?place-x=' in page
    keys = form_keys(page)
    assert set(keys) == {"place-expected_sequence", "place-idempotency_key"}
    now = state(duel)
    assert now.card is not None
    chosen = next(t for t in placements(now.stacks[0], now.card) if t.turn == 270)
    shown = previewed(client, duel, x=chosen.x, y=chosen.y, turn=chosen.turn)
    assert "Legal" in shown and "form" not in re.findall(r"<(\w+)", shown)
    # Confirm sends the same form, its key unchanged, with the fields the preview filled.
    fields = dict(re.findall(r'name="(place-[xy])" id="place-[xy]" value="(-?\d+)"', shown))
    turn = re.search(r'name="place-turn" value="(\d+)" checked', shown)
    assert turn is not None
    data = {"form": "place", **keys, **fields, "place-turn": turn.group(1)}
    url = f"/games/{duel.pk}/move/"
    assert client.post(url, data, HTTP_HX_REQUEST="true").status_code == 200
    assert client.post(url, data, HTTP_HX_REQUEST="true").status_code == 200  # a double tap
    recorded = Event.objects.filter(game=duel, type="place", seat=0).order_by("sequence")
    assert recorded.count() == 2  # the first card, and this one once
    payload = recorded.last().payload  # type: ignore[union-attr]
    assert Place(payload["digit"], payload["x"], payload["y"], payload["turn"]) == Place(
        now.card, chosen.x, chosen.y, chosen.turn
    )


def test_a_refused_placement_is_shown_again_on_the_grid_with_its_rule(
    alice: User, bob: User, duel: Game, as_user: Login
) -> None:
    client = as_user(alice)
    play_cards(duel, {0: client, 1: as_user(bob)}, 1)
    keys = form_keys(page_of(client, duel))
    data = {"form": "place", **keys, "place-x": "20", "place-y": "20", "place-turn": "90"}
    page = client.post(f"/games/{duel.pk}/move/", data, HTTP_HX_REQUEST="true").content.decode()
    assert 'role="alert"' in page and 'class="n9-verdict refused"' in page
    assert 'name="place-x" id="place-x" value="20"' in page and "pv refused" in page


def test_the_squares_the_tile_may_go_on_are_marked_and_the_others_cannot_be_chosen(
    alice: User, bob: User, duel: Game, as_user: Login
) -> None:
    """Turned as it is, the tile may have its corner on some squares only: those are marked
    legal buttons, and each is a placement the engine takes; the rest are disabled."""
    client = as_user(alice)
    play_cards(duel, {0: client, 1: as_user(bob)}, 2)
    html = previewed(client, duel, x=0, y=0, turn=0)
    squares = re.findall(r'<button class="sq[^"]*"[^>]*>', html)
    legal = [s for s in squares if " legal" in s.split('"')[1]]
    assert legal and all("disabled" not in s for s in legal)
    assert all(" disabled" in s for s in squares if s not in legal)
    now = state(duel)
    assert now.card is not None
    space = NMBR9.legal_actions(now, 0)
    for button in legal:
        x, y = (int(n) for n in re.findall(r"place-[xy]=(-?\d+)", button))
        assert Place(now.card, x, y, 0) in space


def test_the_grid_reaches_no_further_than_the_stack_and_where_the_tile_may_go(
    alice: User, bob: User, duel: Game, as_user: Login
) -> None:
    """Failed before: the grid reached four squares up and left of the stack whatever the
    tile (a 302 px box over 740 px of squares on a phone). Its columns and rows now span
    the stack, the squares the tile (turned as it is) may have its corner on, and the tile
    shown, and nothing more."""
    client = as_user(alice)
    play_cards(duel, {0: client, 1: as_user(bob)}, 3)
    now = state(duel)
    assert now.card is not None
    stack = now.stacks[0]
    corners = {(tile.x, tile.y) for tile in placements(stack, now.card, (0,))}
    x, y = min(corners)
    shown = {(x + dx, y + dy) for dx, dy in footprint(now.card, 0)}
    seen = set(stack.top) | corners | shown
    html = previewed(client, duel, x=x, y=y, turn=0)
    columns = [
        int(n.replace("\u2212", "-"))
        for n in re.findall(r'<span class="axis">([^<]+)</span>', html)
    ]
    rows = [
        int(n.replace("\u2212", "-"))
        for n in re.findall(r'<span class="axis y-axis">([^<]+)</span>', html)
    ]
    assert columns == list(range(min(c[0] for c in seen), max(c[0] for c in seen) + 1))
    assert rows == list(range(min(c[1] for c in seen), max(c[1] for c in seen) + 1))
