"""Conditional requests for the table (games/views/conditional.py): a browser holding the
page as it would be drawn now gets 304; whatever it would see change gets it a fresh page."""

import random
import re
from collections.abc import Callable
from datetime import timedelta
from unittest import mock

import pytest
from django.contrib.auth.models import User
from django.http import HttpResponse
from django.test import Client
from django.utils import timezone

from accounts.models import profile_of
from games.bots import play_bot_move
from games.models import Game, Seat, StandingOrder
from games.rulesets.numx.descriptions import card as card_words
from tests.games.conftest import finish
from tests.games.test_table_views import hand, leaked, pick_both, secret_cards

pytestmark = pytest.mark.django_db

Login = Callable[[User], Client]

TOKEN = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')


def look(client: Client, game: Game, etag: str | None = None, **headers: str) -> HttpResponse:
    """The table page, as a browser holding the page labelled ``etag`` asks for it."""
    if etag is not None:
        headers["HTTP_IF_NONE_MATCH"] = etag
    return client.get(f"/games/{game.pk}/", **headers)  # type: ignore[return-value]


def drawn(response: HttpResponse) -> str:
    """The page of a 200 answer, which carries an ETag."""
    assert response.status_code == 200
    assert response.headers["ETag"]
    return response.content.decode()


def test_a_reload_of_an_unchanged_table_is_not_modified_and_its_forms_still_work(
    alice: User, bob: User, duel: Game
) -> None:
    """The browser keeps its page, and that page's CSRF token stays valid for its cookie
    (the check enforced, as in a browser)."""
    pick_both(duel)
    (awaited,) = Game.objects.get(pk=duel.pk).awaiting
    client = Client(enforce_csrf_checks=True)
    client.force_login([alice, bob][awaited])
    first = look(client, duel)
    token = TOKEN.findall(drawn(first))[0]
    again = look(client, duel, first.headers["ETag"])
    assert again.status_code == 304 and again.content == b""
    assert again.headers["ETag"] == first.headers["ETag"]
    assert "no-cache" in first.headers["Cache-Control"]
    assert "private" in first.headers["Cache-Control"]
    response = client.post(
        f"/games/{duel.pk}/orders/", {"csrfmiddlewaretoken": token, "pass": "on"}
    )
    assert response.status_code == 302
    assert StandingOrder.objects.filter(seat__game=duel, seat__number=awaited).exists()


def test_after_a_move_by_anyone_the_same_etag_gets_the_fresh_table(
    alice: User, duel: Game, as_user: Login
) -> None:
    client = as_user(alice)
    before = look(client, duel)
    pick_both(duel)  # recorded through the store, as another process would
    after = look(client, duel, before.headers["ETag"])
    last = Game.objects.get(pk=duel.pk).last_sequence
    assert f'data-sequence="{last}"' in drawn(after)
    assert after.headers["ETag"] != before.headers["ETag"]
    assert look(client, duel, after.headers["ETag"]).status_code == 304


def test_each_change_a_player_would_see_gets_a_fresh_page(
    alice: User, bob: User, duel: Game, as_user: Login
) -> None:
    """Standing orders, a vacation, a move made for a player whose time was up, a mute: none
    is a move, each changes the page."""
    pick_both(duel)
    client = as_user(alice)
    changes = [
        (
            lambda: client.post(f"/games/{duel.pk}/orders/", {"pass": "on"}),
            'name="pass" id="id_pass" checked>',
        ),
        (
            lambda: as_user(bob).post(f"/notifications/games/{duel.pk}/vacation/", {"days": "2"}),
            "on vacation until",
        ),
        (
            lambda: Seat.objects.filter(game=duel, number=1).update(timeouts=2),
            "2 moves made for them",
        ),
        (
            lambda: client.post(f"/notifications/games/{duel.pk}/mute/"),
            "Email me about this game again",
        ),
    ]
    etag = look(client, duel).headers["ETag"]
    for change, shown in changes:
        change()
        look(client, duel)  # the flash message the change left, shown once
        response = look(client, duel, etag)
        assert shown in drawn(response)
        etag = response.headers["ETag"]


def test_players_and_spectators_get_their_own_pages(
    alice: User, bob: User, mallory: User, duel: Game, as_user: Login
) -> None:
    """Another viewer's ETag never gets anyone a 304, and nobody gets another's hand: a
    spectator sees none."""
    pick_both(duel)
    viewers = {0: as_user(alice), 1: as_user(bob), None: as_user(mallory)}
    answers = {seat: look(client, duel) for seat, client in viewers.items()}
    etags = {seat: response.headers["ETag"] for seat, response in answers.items()}
    assert len(set(etags.values())) == 3
    for seat, client in viewers.items():
        for other, etag in etags.items():
            if other != seat:
                assert look(client, duel, etag).status_code == 200
        hidden = secret_cards(duel, seat)
        assert hidden and leaked(drawn(answers[seat]), hidden) == []
    for seat in (0, 1):
        for name in hand(duel, seat):
            assert f'aria-label="{card_words(name)}"' in drawn(answers[seat])
    assert "You are watching" in drawn(answers[None])


def test_a_pending_flash_message_is_shown_never_304(
    alice: User, duel: Game, as_user: Login
) -> None:
    pick_both(duel)
    client = as_user(alice)
    etag = look(client, duel).headers["ETag"]
    # "Next game" with no other game waiting: a message for the next page, the table.
    client.get(f"/games/next/?after={duel.pk}")
    response = look(client, duel, etag)
    assert response.status_code == 200
    assert "No other game is waiting for you." in response.content.decode()
    assert "ETag" not in response.headers
    assert look(client, duel, etag).status_code == 304  # shown once, the table unchanged


def test_language_and_time_zone_change_the_page(alice: User, duel: Game, as_user: Login) -> None:
    pick_both(duel)
    client = as_user(alice)
    english = look(client, duel)
    assert 'lang="en"' in drawn(english)
    profile = profile_of(alice)
    profile.language = "fr"
    profile.save()
    french = look(client, duel, english.headers["ETag"])
    assert 'lang="fr"' in drawn(french)
    profile.time_zone = "Pacific/Auckland"
    profile.save()
    elsewhere = look(client, duel, french.headers["ETag"])
    assert drawn(elsewhere) and elsewhere.headers["ETag"] != french.headers["ETag"]


def test_the_table_alone_for_htmx_is_not_the_whole_page(
    alice: User, duel: Game, as_user: Login
) -> None:
    client = as_user(alice)
    page = look(client, duel)
    table = look(client, duel, page.headers["ETag"], HTTP_HX_REQUEST="true")
    assert drawn(table).lstrip().startswith('<section id="table"')
    assert "HX-Request" in page.headers["Vary"]


def test_a_new_csrf_cookie_gets_a_page_with_a_token_for_it(
    alice: User, duel: Game, as_user: Login
) -> None:
    """A new login rotates the CSRF cookie: the page held with the old one would carry a
    token that the new cookie refuses."""
    client = as_user(alice)
    page = look(client, duel)
    client.cookies["csrftoken"] = "a" * 32
    assert look(client, duel, page.headers["ETag"]).status_code == 200


def test_a_vacation_badge_goes_when_the_vacation_is_over(
    alice: User, duel: Game, as_user: Login
) -> None:
    """Nothing is recorded when a vacation ends: the page still changes with the time."""
    pick_both(duel)
    Seat.objects.filter(game=duel, number=1).update(
        paused_until=timezone.now() + timedelta(hours=1)
    )
    client = as_user(alice)
    away = look(client, duel)
    assert "on vacation until" in drawn(away)
    later = timezone.now() + timedelta(hours=2)
    with mock.patch("django.utils.timezone.now", return_value=later):
        back = look(client, duel, away.headers["ETag"])
    assert "on vacation until" not in drawn(back)


def test_a_finished_game_shows_no_clock(alice: User, duel: Game, as_user: Login) -> None:
    """Failed before: the game over, Bob's box still said "on vacation until" the vacation
    he took while it was played, and each box its time bank: the clock no longer runs, and a
    player reading their finished game took the vacation for still pending."""
    Game.objects.filter(pk=duel.pk).update(move_deadline=timedelta(days=1))
    Seat.objects.filter(game=duel, number=1).update(paused_until=timezone.now() + timedelta(days=2))
    client = as_user(alice)
    playing = drawn(look(client, duel))
    assert "on vacation until" in playing and "time bank: 7 days" in playing
    page = drawn(look(client, finish(duel)))
    assert "on vacation until" not in page and "time bank:" not in page


def poll(client: Client, game: Game, seen: int) -> HttpResponse:
    return client.get(  # type: ignore[return-value]
        f"/games/{game.pk}/poll/?seq={seen}", HTTP_HX_REQUEST="true"
    )


def test_a_poll_answers_nothing_until_the_table_moves_and_stops_at_game_over(
    alice: User, duel: Game, as_user: Login
) -> None:
    client = as_user(alice)
    seen = Game.objects.get(pk=duel.pk).last_sequence
    assert poll(client, duel, seen).status_code == 204
    pick_both(duel)
    moved = poll(client, duel, seen)
    last = Game.objects.get(pk=duel.pk).last_sequence
    assert moved.status_code == 200
    assert f'data-sequence="{last}"' in moved.content.decode()
    assert poll(client, duel, last).status_code == 204
    rng = random.Random(2)
    while Game.objects.get(pk=duel.pk).status != Game.Status.FINISHED:
        assert play_bot_move(duel, rng)
    for _ in range(2):
        over = poll(client, duel, last)
        assert over.status_code == 286 and b"The game is over." in over.content


@pytest.mark.parametrize("seen", ["²", "x", "-1", ""])
def test_a_poll_with_no_whole_number_gets_the_table(
    alice: User, duel: Game, as_user: Login, seen: str
) -> None:
    answer = as_user(alice).get(f"/games/{duel.pk}/poll/?seq={seen}", HTTP_HX_REQUEST="true")
    assert answer.status_code == 200 and b'id="table"' in answer.content
