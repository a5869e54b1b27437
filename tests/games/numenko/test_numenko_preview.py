"""Numenko's grid preview: the grid being built (the table's script sends it after each tap)
drawn again with every line marked right or wrong by the rule it breaks, and the hand it
would leave; from the seat's own tiles only, never writing; refused to whoever may not move,
and a 400 for a query without a grid."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client

from games.events.models import Event
from games.models import Game

from .tables import calculation, hand, numenko_game, post, wrong_calculation

pytestmark = pytest.mark.django_db

Login = Callable[[User], Client]


@pytest.fixture
def duel(alice: User, bob: User) -> Game:
    return numenko_game(alice, bob)


def preview(client: Client, game: Game, grid: str, **headers: Any) -> Any:
    """The preview htmx asks for, with the move form's field name."""
    return client.get(
        f"/games/{game.pk}/preview/", {"play-grid": grid}, HTTP_HX_REQUEST="true", **headers
    )


def previewed(client: Client, game: Game, grid: str, **headers: Any) -> str:
    response = preview(client, game, grid, **headers)
    assert response.status_code == 200, response.content
    return str(response.content.decode())


def verdict(html: str) -> str:
    return html.split('class="nk-verdict', 1)[1].split("</p>", 1)[0]


def test_a_right_grid_is_marked_right_with_the_hand_it_leaves(
    alice: User, duel: Game, as_user: Login
) -> None:
    grid = calculation(duel, 0)
    events = Event.objects.count()
    html = previewed(as_user(alice), duel, grid)
    assert "Every calculation holds: 5 tiles laid" in verdict(html)
    assert html.count(' right"') == 5 and ' wrong"' not in html
    assert re.search(r'<li class="right"><span aria-hidden="true">✓</span> [^<]+ <span', html)
    # The hand left: the seat's tiles less the grid's, a button each.
    left = list(hand(duel, 0))
    for char in grid.replace("+", "M").replace("-", "M").replace("x", "M").replace("=", "M"):
        left.remove(char)
    assert re.findall(r'data-tile="(\w)"', html) == left
    # The grid is drawn with a free square all round, to lay a tile next to it.
    assert html.count('data-token=""') == 7 * 3 - 5
    assert Event.objects.count() == events


def test_each_wrong_line_is_marked_with_the_rule_it_breaks(
    alice: User, duel: Game, as_user: Login
) -> None:
    false, _right = wrong_calculation(duel, 0)
    html = previewed(as_user(alice), duel, false)
    assert "(across in row 1, columns 1-5): the left side makes" in verdict(html)
    assert html.count(' wrong"') == 5
    assert '<li class="wrong">' in html and "Both sides of the equals sign are equal" in html
    french = previewed(as_user(alice), duel, false, HTTP_ACCEPT_LANGUAGE="fr")
    said = "(en travers, ligne 1, colonnes 1 à 5)\u00a0: le côté gauche fait "
    assert said in verdict(french) and "(Les deux côtés du signe égal" in verdict(french)


def test_a_sign_read_differently_down_is_drawn_with_both_signs(
    alice: User, duel: Game, as_user: Login
) -> None:
    html = previewed(as_user(alice), duel, "1[x+]")
    assert 'data-token="[x+]"' in html and "×<sub>+</sub>" in html
    assert "a Multichoice showing ×, + down" in html


def test_tiles_the_seat_does_not_hold_and_unreadable_text_are_said(
    alice: User, duel: Game, as_user: Login
) -> None:
    client = as_user(alice)
    html = previewed(client, duel, "1+1+1+1+1+1+1+1+1+1+1=11")
    assert "Your grid uses tiles you do not have" in verdict(html)
    html = previewed(client, duel, "2 y 4")
    assert "This grid cannot be read: row 1: “y” is no square" in verdict(html)
    # The hand is the whole of the seat's tiles: nothing was laid.
    assert len(re.findall(r'data-tile="', html)) == len(hand(duel, 0))


def test_only_the_seat_that_may_move_is_answered(
    alice: User, bob: User, mallory: User, duel: Game, as_user: Login
) -> None:
    assert preview(as_user(mallory), duel, "1+1=2").status_code == 403
    assert as_user(alice).get(f"/games/{duel.pk}/preview/").status_code == 400
    too_long = "1" * 3000
    assert preview(as_user(alice), duel, too_long).status_code == 400
    assert post(as_user(alice), duel, "").status_code == 200
    # Moved this round: nothing to build now, and the page is to be loaded again.
    done = preview(as_user(alice), duel, "1+1=2")
    assert done.status_code == 409 and done.headers["HX-Refresh"] == "true"
    assert preview(as_user(bob), duel, "1+1=2").status_code == 200


def test_the_tools_for_a_chosen_square_come_right_under_the_grid(
    alice: User, duel: Game, as_user: Login
) -> None:
    """On a phone the hand fills the screen below the grid: the buttons that change the
    chosen square's sign, drawn after the hand, were out of sight when a sign was tapped.
    They come between the grid and the lines it checks, in the table and in each preview."""
    client = as_user(alice)
    for html in (
        str(client.get(f"/games/{duel.pk}/").content.decode()),
        previewed(client, duel, calculation(duel, 0)),
    ):
        grid, tools = html.index('class="nk-build"'), html.index('class="nk-tools"')
        assert grid < tools < html.index('class="nk-hand"')
        assert html.count('class="nk-tools"') == 1
