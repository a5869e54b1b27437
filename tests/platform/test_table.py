"""Toy's table: each player sees their own secret and nobody else's, moves go in through
the page's form and through the service, and a refused move says which rule it broke."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client

from games.engine.ruleset import IllegalAction
from games.events.models import Event
from games.models import Game
from games.services import game_submit
from tests.platform.conftest import state_of, take
from tests.toygame.rules import STATEMENTS, Take

pytestmark = pytest.mark.django_db

Login = Callable[[User], Client]


def post_take(client: Client, game: Game, count: int, htmx: bool = True) -> Any:
    """``count`` posted from the table's take form, against the game as it now stands."""
    game.refresh_from_db()
    data = {
        "form": "take",
        "take-expected_sequence": str(game.last_sequence),
        "take-idempotency_key": f"key-{game.last_sequence}",
        "take-count": str(count),
    }
    headers = {"HTTP_HX_REQUEST": "true"} if htmx else {}
    return client.post(f"/games/{game.pk}/move/", data, **headers)


def test_alice_sees_her_lucky_charm_and_not_bobs(as_user: Login, alice: User, duel: Game) -> None:
    hers, his = state_of(duel).charms
    page = as_user(alice).get(f"/games/{duel.pk}/").content.decode()
    assert f'Your lucky charm: <span class="lucky">{hers}</span>' in page
    assert his not in page


def test_bob_sees_his_lucky_charm_and_not_alices(as_user: Login, bob: User, duel: Game) -> None:
    hers, his = state_of(duel).charms
    page = as_user(bob).get(f"/games/{duel.pk}/").content.decode()
    assert his in page
    assert hers not in page


def test_a_spectator_sees_no_lucky_charm(as_user: Login, mallory: User, duel: Game) -> None:
    page = as_user(mallory).get(f"/games/{duel.pk}/").content.decode()
    assert "You are watching" in page
    assert not any(charm in page for charm in state_of(duel).charms)
    assert 'class="lucky"' not in page


def test_the_player_to_move_is_offered_the_take_form_and_the_other_is_not(
    as_user: Login, alice: User, bob: User, duel: Game
) -> None:
    assert 'class="take-form"' in as_user(alice).get(f"/games/{duel.pk}/").content.decode()
    assert 'class="take-form"' not in as_user(bob).get(f"/games/{duel.pk}/").content.decode()


def test_alice_takes_two_tokens_through_the_tables_form(
    as_user: Login, alice: User, duel: Game
) -> None:
    answer = post_take(as_user(alice), duel, 2)
    assert answer.status_code == 200
    assert "Tokens left: 5" in answer.content.decode()
    assert state_of(duel).pile == 5
    assert Event.objects.filter(game=duel).last().payload == {"type": "take", "count": 2}


def test_without_htmx_a_move_redirects_to_the_table(
    as_user: Login, alice: User, duel: Game
) -> None:
    answer = post_take(as_user(alice), duel, 1, htmx=False)
    assert answer.status_code == 302
    assert state_of(duel).pile == 6


def test_moves_made_through_the_service_show_on_both_tables(
    as_user: Login, alice: User, bob: User, duel: Game
) -> None:
    take(duel, 0, 3)
    take(duel, 1, 1)
    for player in (alice, bob):
        page = as_user(player).get(f"/games/{duel.pk}/").content.decode()
        assert "Tokens left: 3" in page
        assert "bob takes 1." in page


def test_taking_more_than_the_pile_holds_is_refused_with_the_rules_statement(
    as_user: Login, alice: User, bob: User, duel: Game
) -> None:
    take(duel, 0, 3)
    take(duel, 1, 2)  # two tokens left
    recorded = Event.objects.filter(game=duel).count()

    answer = post_take(as_user(alice), duel, 3)

    assert answer.status_code == 400
    assert STATEMENTS["take.count"] in answer.content.decode()
    assert Event.objects.filter(game=duel).count() == recorded


def test_a_refused_move_links_to_its_rule_on_the_games_rules_page(
    as_user: Login, alice: User, bob: User, duel: Game
) -> None:
    take(duel, 0, 3)
    take(duel, 1, 2)
    alices = as_user(alice)

    refusal = post_take(alices, duel, 3).content.decode()

    assert 'href="/rules/toy/#rule-take.count"' in refusal
    rules = alices.get("/rules/toy/").content.decode()
    assert 'id="rule-take.count"' in rules
    assert STATEMENTS["take.count"] in rules


def test_a_count_no_rule_could_allow_is_refused_by_the_form(
    as_user: Login, alice: User, duel: Game
) -> None:
    answer = post_take(as_user(alice), duel, 4)
    assert answer.status_code == 400
    assert "Tokens to take" in answer.content.decode()
    assert state_of(duel).pile == 7


def test_a_move_out_of_turn_is_refused_by_the_service_naming_its_rule(duel: Game) -> None:
    duel.refresh_from_db()
    recorded = duel.last_sequence
    with pytest.raises(IllegalAction) as refused:
        game_submit(game_id=duel.pk, seat=1, action=Take(1), expected_sequence=recorded)
    assert refused.value.rule == "turn.order"
    assert Event.objects.filter(game=duel).count() == recorded


def test_once_over_every_charm_and_the_final_score_are_shown(
    as_user: Login, mallory: User, finished_duel: Game
) -> None:
    page = as_user(mallory).get(f"/games/{finished_duel.pk}/").content.decode()
    assert all(charm in page for charm in state_of(finished_duel).charms)
    assert "Final scores" in page and "took the last token" in page
    assert finished_duel.status == Game.Status.FINISHED


def test_a_game_without_standing_orders_offers_no_orders_form(
    as_user: Login, alice: User, duel: Game
) -> None:
    page = as_user(alice).get(f"/games/{duel.pk}/").content.decode()
    assert "Standing orders" not in page


def test_the_move_that_ends_the_game_answers_with_the_game_over_and_play_again(
    as_user: Login, alice: User, bob: User, duel: Game
) -> None:
    """Failed before: the table htmx swapped in after the last move was drawn from the game
    as it was before the move (still running), so it had no "Play again" until a reload."""
    clients = {0: as_user(alice), 1: as_user(bob)}
    while (state := state_of(duel)).pile > 3:
        take(duel, state.turn, 3)
    answer = post_take(clients[state.turn], duel, state.pile)
    assert answer.status_code == 200
    page = answer.content.decode()
    assert "Final scores" in page and "Play again" in page
