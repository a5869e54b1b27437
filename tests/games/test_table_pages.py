"""Table pages served again while the table has not moved (games/views/pages.py): a player
or spectator must never tell them from a page drawn for them, except that it is faster."""

import random
import re
from collections.abc import Callable
from datetime import timedelta
from unittest import mock

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.utils import timezone, translation

from accounts.models import profile_of
from games.bots import play_bot_move
from games.models import Game, Seat, StandingOrder
from games.rulesets.numx.words import card as card_words
from games.selectors import game_and_seats
from games.views import table as table_views
from games.views.pages import PAGES, page_key
from tests.conftest import person
from tests.games.test_table_views import hand, leaked, pick_both, secret_cards

pytestmark = pytest.mark.django_db

Login = Callable[[User], Client]

TOKEN = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')
KEY = re.compile(r'name="(?:\w+)-idempotency_key" value="([^"]+)"')


def table_page(client: Client, game: Game) -> str:
    response = client.get(f"/games/{game.pk}/")
    assert response.status_code == 200
    return response.content.decode()


def without_tokens(page: str) -> str:
    return KEY.sub("KEY", TOKEN.sub("TOKEN", re.sub(r'"X-CSRFToken": "[^"]+"', "HX", page)))


def test_a_table_looked_at_again_is_the_same_page_with_its_own_token_and_key(
    alice: User, bob: User, duel: Game
) -> None:
    """A reload shows the same table, with a CSRF token and a form key of its own, and its
    forms work (the CSRF check enforced, as in a browser)."""
    pick_both(duel)
    (awaited,) = Game.objects.get(pk=duel.pk).awaiting
    client = Client(enforce_csrf_checks=True)
    client.force_login([alice, bob][awaited])
    first, again = table_page(client, duel), table_page(client, duel)
    assert without_tokens(first) == without_tokens(again)
    assert KEY.findall(again), "the player to move has move forms"
    # Every form of a page carries the same token and key: those of its own response.
    for page in (first, again):
        assert len(set(TOKEN.findall(page))) == 1 and len(set(KEY.findall(page))) == 1
    assert TOKEN.findall(first)[0] != TOKEN.findall(again)[0]
    assert KEY.findall(first)[0] != KEY.findall(again)[0]
    token = TOKEN.findall(again)[0]
    response = client.post(
        f"/games/{duel.pk}/orders/", {"csrfmiddlewaretoken": token, "pass": "on"}
    )
    assert response.status_code == 302
    assert StandingOrder.objects.filter(seat__game=duel, seat__number=awaited).exists()


def test_the_table_shows_a_move_as_soon_as_it_is_recorded(
    alice: User, duel: Game, as_user: Login
) -> None:
    client = as_user(alice)
    before = table_page(client, duel)
    pick_both(duel)  # recorded through the store, as another process would
    after = table_page(client, duel)
    last = Game.objects.get(pk=duel.pk).last_sequence
    assert f'data-sequence="{last}"' in after and f'data-sequence="{last}"' not in before
    assert table_page(client, duel).count("<li value=") == after.count("<li value=")


def test_each_seat_and_each_spectator_gets_their_own_page(
    alice: User, bob: User, mallory: User, duel: Game, as_user: Login
) -> None:
    """Pages are kept per seat: Bob, looking after Alice, never gets her page (her hand),
    nor does a spectator; each sees their own hand."""
    pick_both(duel)
    pages = {}
    for _round in range(2):  # the second time, every page is one that was kept
        for seat, viewer in ((0, alice), (1, bob), (None, mallory)):
            pages[seat] = table_page(as_user(viewer), duel)
        assert len(PAGES) == 3  # one per seat and one for spectators, kept the first time
    for seat in (0, 1, None):
        hidden = secret_cards(duel, seat)
        assert hidden and leaked(pages[seat], hidden) == []
    for seat in (0, 1):
        for name in hand(duel, seat):
            assert f'aria-label="{card_words(name)}"' in pages[seat]


def test_spectators_share_a_page_that_names_none_of_them(
    mallory: User, duel: Game, as_user: Login
) -> None:
    """Every spectator of a game gets the same page: it may show nothing of the one it was
    first drawn for (a spectator's key does not say which spectator)."""
    pick_both(duel)
    profile = profile_of(mallory)
    profile.display_name = "Mallory Watcher"
    profile.save()
    table_page(as_user(mallory), duel)
    page = table_page(as_user(person("trudy")), duel)
    assert len(PAGES) == 1  # Trudy got the page drawn for Mallory
    assert "You are watching" in page
    for said in ("mallory", "Mallory Watcher", "mallory@example.com"):
        assert said not in page


def test_orders_mutes_and_language_show_at_once_on_a_table_that_has_not_moved(
    alice: User, duel: Game, as_user: Login
) -> None:
    """Each change is looked at twice: the first look after it may be drawn anyway (it
    shows the change's flash message), the second is a page kept since the change."""
    pick_both(duel)
    client = as_user(alice)

    def twice() -> str:
        table_page(client, duel)
        return table_page(client, duel)

    page = twice()
    assert 'name="pass" id="id_pass">' in page
    assert "No emails about this game" in page and 'lang="en"' in page
    client.post(f"/games/{duel.pk}/orders/", {"pass": "on"})
    assert 'name="pass" id="id_pass" checked>' in twice()
    client.post(f"/notifications/games/{duel.pk}/mute/")
    assert "Email me about this game again" in twice()
    profile = profile_of(alice)
    profile.language = "fr"
    profile.save()
    assert 'lang="fr"' in twice()


def test_what_a_page_shows_is_all_in_its_key(alice: User, duel: Game) -> None:
    """Any one of the things a page is drawn from, changed alone, gives another key."""
    pick_both(duel)
    read = game_and_seats(duel.pk)
    assert read is not None
    game, seats = read

    language, zone = "en", "UTC"

    def key(
        seat: int | None = 0, signed_in: bool = True, template: str = "games/table.html"
    ) -> str:
        with translation.override(language), timezone.override(zone):
            return page_key(template, game, seats, seat, signed_in)

    seen = {key()}

    def changed(thing: str) -> None:
        now = key()
        assert now not in seen, f"{thing} is not in the key"
        seen.add(now)

    game.last_sequence += 1
    changed("the game's last event")
    game.name += "!"
    changed("a column of the game's row")
    seats[1].timeouts += 1
    changed("a column of a seat's row")
    seats[1].muted = not seats[1].muted
    changed("a mute")
    seats[0].orders = {"pass": (1, 0)}
    changed("a standing order")
    seats[1].paused_until = timezone.now() + timedelta(hours=1)
    changed("a vacation")
    with mock.patch("django.utils.timezone.now", return_value=timezone.now() + timedelta(days=1)):
        changed("the end of a vacation")
    language = "fr"
    changed("the language")
    zone = "Europe/Paris"
    changed("the time zone")
    others = {
        key(seat=1),
        key(seat=None),
        key(signed_in=False),
        key(template="games/table.html#table"),
    }
    assert len(others) == 4 and others.isdisjoint(seen), "a viewer or a template is not in the key"


def test_a_kept_page_is_the_page_drawn_afresh_after_each_change(
    alice: User, bob: User, duel: Game, as_user: Login
) -> None:
    """Whatever changes, a page served from memory is the page a fresh drawing gives: the
    guard against a page showing something its key does not hold."""
    client = as_user(alice)

    def kept_and_fresh() -> tuple[str, str]:
        table_page(client, duel)
        kept = table_page(client, duel)
        PAGES.clear()
        return without_tokens(kept), without_tokens(table_page(client, duel))

    changes = [
        lambda: pick_both(duel),
        lambda: client.post(f"/games/{duel.pk}/orders/", {"pass": "on"}),
        lambda: as_user(bob).post(f"/notifications/games/{duel.pk}/vacation/", {"days": "2"}),
        lambda: Seat.objects.filter(game=duel, number=1).update(timeouts=2),
        lambda: client.post(f"/notifications/games/{duel.pk}/mute/"),
    ]
    for change in changes:
        change()
        kept, fresh = kept_and_fresh()
        assert kept == fresh


def test_a_flash_message_is_shown_once_even_on_a_table_looked_at_before(
    alice: User, duel: Game, as_user: Login
) -> None:
    pick_both(duel)
    client = as_user(alice)
    table_page(client, duel)
    followed = client.post(f"/notifications/games/{duel.pk}/vacation/", {"days": "99"}, follow=True)
    assert "Take between 1 and" in followed.content.decode()
    assert "Take between 1 and" not in table_page(client, duel)


def test_a_vacation_badge_goes_when_the_vacation_is_over(
    alice: User, duel: Game, as_user: Login
) -> None:
    """Nothing is recorded when a vacation ends: the page still changes with the time."""
    pick_both(duel)
    Seat.objects.filter(game=duel, number=1).update(
        paused_until=timezone.now() + timedelta(hours=1)
    )
    client = as_user(alice)
    assert "on vacation until" in table_page(client, duel)
    later = timezone.now() + timedelta(hours=2)
    with mock.patch("django.utils.timezone.now", return_value=later):
        assert "on vacation until" not in table_page(client, duel)


def test_polling_a_finished_game_again_still_stops_the_polling(
    alice: User, duel: Game, as_user: Login
) -> None:
    rng = random.Random(2)
    while Game.objects.get(pk=duel.pk).status != Game.Status.FINISHED:
        assert play_bot_move(duel, rng)
    client = as_user(alice)
    for _ in range(2):
        response = client.get(f"/games/{duel.pk}/poll/?seq=1", HTTP_HX_REQUEST="true")
        assert response.status_code == 286


def test_a_page_drawn_past_the_game_row_it_was_read_with_is_not_kept(
    alice: User, duel: Game, as_user: Login
) -> None:
    """A move recorded between reading the game's row and drawing its state: the page shows
    the newer state, so it is not kept under the older row's key."""
    pick_both(duel)
    read = table_views.table_for_viewer

    def read_just_before_the_last_move(request: object, game_id: int) -> object:
        game, seats, seat = read(request, game_id)  # type: ignore[arg-type]
        game.last_sequence -= 1
        return game, seats, seat

    client = as_user(alice)
    with mock.patch.object(table_views, "table_for_viewer", read_just_before_the_last_move):
        page = table_page(client, duel)
    assert f'data-sequence="{Game.objects.get(pk=duel.pk).last_sequence}"' in page
    assert len(PAGES) == 0
