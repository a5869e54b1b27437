"""Private games: reached only through their address (the invitation link), never by
counting ids. Whoever was not given a private game finds nothing there, by any way in;
its players, its creator and its invitees keep it; public games stay open to all."""

import random
import re
from collections.abc import Callable, Iterator

import pytest
from django.contrib.auth.models import User
from django.core.cache import cache
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver

from games.lobby import game_join, game_open, game_start
from games.models import Game, Invitation
from tests.clients import token_client

from .conftest import finish

pytestmark = pytest.mark.django_db

Login = Callable[[User], Client]


def opened(alice: User, bob: User, *, public: bool) -> Game:
    game = game_open(
        creator=alice, name="Tête-à-tête", config={"players": 2, "mode": "speed-run"}, public=public
    )
    game_join(game=game, user=bob, token=game.invite_token)
    return game_start(game=game, by=alice, rng=random.Random(11))


def html_ways_in(game: Game) -> list[str]:
    """Every page that shows something of a game, as a spectator may ask for it."""
    base = f"/games/{game.pk}"
    return [f"{base}/", f"{base}/replay/?step=3", f"{base}/history/", f"{base}/poll/?seq=0"]


def api_ways_in(game: Game) -> list[str]:
    base = f"/api/games/{game.pk}"
    return [f"{base}/", f"{base}/events/", f"{base}/export/", f"{base}/legal-actions/"]


@pytest.fixture
def private(alice: User, bob: User) -> Game:
    return finish(opened(alice, bob, public=False))


def test_a_private_game_is_not_there_for_whoever_guesses_its_id(
    private: Game, mallory: User, as_user: Login, client: Client
) -> None:
    """Failed before: every one of these answered 200 (the table, a replay step with every
    hand, the whole history, live updates, the API's detail, events and full export)."""
    for viewer in (client, as_user(mallory)):
        for url in html_ways_in(private):
            assert viewer.get(url).status_code == 404, url
    api = token_client(mallory)
    for url in api_ways_in(private):
        response = api.get(url)
        assert response.status_code == 404, url
        assert "Tête-à-tête" not in response.content.decode()


def test_a_running_private_game_is_not_watched_either(
    alice: User, bob: User, mallory: User, as_user: Login
) -> None:
    running = opened(alice, bob, public=False)
    assert as_user(mallory).get(f"/games/{running.pk}/").status_code == 404
    assert (
        as_user(mallory).get(f"/games/{running.pk}/poll/?seq={running.last_sequence}").status_code
        == 404
    )
    assert token_client(mallory).get(f"/api/games/{running.pk}/").status_code == 404
    assert as_user(bob).get(f"/games/{running.pk}/").status_code == 200
    assert (
        as_user(bob).get(f"/games/{running.pk}/poll/?seq={running.last_sequence}").status_code
        == 204
    )


def test_a_private_waiting_room_is_not_there_for_outsiders(
    alice: User, mallory: User, as_user: Login
) -> None:
    game = game_open(creator=alice, name="Soon", config={"players": 2})
    assert as_user(mallory).get(f"/games/{game.pk}/").status_code == 404
    assert as_user(alice).get(f"/games/{game.pk}/").status_code == 200


def test_its_players_keep_every_way_in(
    private: Game, alice: User, bob: User, as_user: Login
) -> None:
    for player in (alice, bob):
        for url in html_ways_in(private):
            assert as_user(player).get(url).status_code in (200, 286), url
        for url in api_ways_in(private)[:3]:
            assert token_client(player).get(url).status_code == 200, url


def test_the_invitation_link_is_the_address_of_a_private_game(
    private: Game, mallory: User, as_user: Login
) -> None:
    """Whoever opens the invitation link (the game's secret) may watch it afterwards, even
    with every seat taken; a wrong token opens nothing."""
    browser = as_user(mallory)
    assert browser.get(f"/games/{private.pk}/join/not-the-token/").status_code == 404
    assert browser.get(f"/games/{private.pk}/").status_code == 404
    assert browser.get(f"/games/{private.pk}/join/{private.invite_token}/").status_code == 200
    for url in html_ways_in(private):
        assert browser.get(url).status_code in (200, 286), url


def test_an_invitee_may_watch_the_game_they_were_invited_to(
    alice: User, bob: User, mallory: User, as_user: Login
) -> None:
    game = opened(alice, bob, public=False)
    Invitation.objects.create(game=game, email="MALLORY@example.com".lower(), invited_by=alice)
    assert as_user(mallory).get(f"/games/{game.pk}/").status_code == 200
    assert token_client(mallory).get(f"/api/games/{game.pk}/").status_code == 200


def test_private_games_are_never_listed(
    private: Game, alice: User, bob: User, mallory: User, as_user: Login, client: Client
) -> None:
    """Failed before: the latest finished games, private ones included, were listed on
    the home page and in everybody's lobby."""
    public = finish(opened(alice, bob, public=True))
    for page in (
        client.get("/").content.decode(),
        as_user(mallory).get("/games/").content.decode(),
    ):
        assert f"/games/{public.pk}/" in page
        assert f"/games/{private.pk}/" not in page


def test_public_games_stay_open_to_everyone(
    alice: User, bob: User, mallory: User, as_user: Login, client: Client
) -> None:
    game = finish(opened(alice, bob, public=True))
    for viewer in (client, as_user(mallory)):
        for url in html_ways_in(game):
            assert viewer.get(url).status_code in (200, 286), url
    for url in api_ways_in(game)[:3]:
        assert token_client(mallory).get(url).status_code == 200, url


def game_routes(
    patterns: list[URLPattern | URLResolver] | None = None, prefix: str = ""
) -> Iterator[str]:
    """Every route of the site that names a game by its id, as a template."""
    for pattern in get_resolver().url_patterns if patterns is None else patterns:
        route = prefix + str(pattern.pattern)
        if isinstance(pattern, URLResolver):
            yield from game_routes(pattern.url_patterns, route)
        elif "<int:game_id>" in route:
            yield route


def answer(client: Client, method: str, route: str, game_id: int) -> tuple[int, str, str]:
    """What ``client`` gets for ``method`` on ``route`` with ``game_id``, a wrong token where
    the route takes one; the id, masked tokens and form keys written alike, so that two
    games' answers compare."""
    path = "/" + route.replace("<int:game_id>", str(game_id)).replace("<str:token>", "wrong")
    body = '{"token": "wrong"}' if method == "post" else None
    response = getattr(client, method)(path, body, content_type="application/json")
    shown = response.content.decode(errors="replace")
    location = response.get("Location", "")

    def alike(text: str) -> str:
        masked = re.sub(r"[A-Za-z0-9_-]{32,}", "TOKEN", text)
        # A page shows the messages earlier answers left (the client follows no redirect),
        # for either game alike: the first page drawn after them shows them.
        masked = re.sub(
            r'<div role="status">\s*<ul class="messages">.*?</ul>\s*</div>', "", masked, flags=re.S
        )
        masked = re.sub(r"\s+", " ", masked)
        return masked.replace(f"/{game_id}/", "/N/")

    return response.status_code, alike(location), alike(shown)


@pytest.mark.parametrize("state", ["open", "running"])
def test_a_private_game_answers_as_a_missing_one_on_every_route_and_method(
    alice: User, bob: User, mallory: User, as_user: Login, state: str
) -> None:
    """Failed before: a signed-in stranger got 403 from /join/, /bot/ and /start/, 302 from
    /invite/, 403 from the API's join, and the API's 404 said "No Game matches the given
    query." for a missing game against "Not found." for a private one."""
    game = (
        game_open(creator=alice, name="Secret", config={"players": 3})
        if state == "open"
        else opened(alice, bob, public=False)
    )
    missing = game.pk + 1000
    routes = sorted(set(game_routes()))
    assert {"games/<int:game_id>/bot/", "api/games/<int:game_id>/join/"} <= set(routes)
    for who, client in (
        ("anonymous", Client()),
        ("signed in", as_user(mallory)),
        ("API token", token_client(mallory)),
    ):
        for route in routes:
            for method in ("get", "post", "delete"):
                cache.clear()  # the API's throttle counts every request
                private = answer(client, method, route, game.pk)
                assert private == answer(client, method, route, missing), (who, method, route)
                # An id no game can have (past the database's integers) is a missing game's
                # too, not a database error.
                assert private == answer(client, method, route, 2**63), (who, method, route)
    assert game.seats.count() == (1 if state == "open" else 2)


def main_part(page: bytes, game_id: int) -> str:
    """A page's main part, its game's address left out: around it, the form token differs
    from one answer to another."""
    said = page.decode().split("<main", 1)[1].split("</main>", 1)[0]
    return said.replace(f"/games/{game_id}/", "")


def test_a_signed_out_player_of_a_private_game_is_offered_to_sign_in_and_come_back(
    alice: User, bob: User, client: Client
) -> None:
    """Failed before: a link to their own private game (a table, a replay step), opened
    signed out, said only "There is no such page, or no such game", a dead end; the page
    now offers to sign in, back to the same address, and reads the same for a game that
    does not exist: it tells a visitor nothing of which private games there are."""
    game = opened(alice, bob, public=False)
    step = f"/games/{game.pk}/replay/?step=2"
    refused, missing = client.get(step), client.get(f"/games/{game.pk + 1000}/replay/?step=2")
    assert refused.status_code == missing.status_code == 404
    found = re.search(r'href="(/accounts/login/\?next=[^"]+)"', refused.content.decode())
    assert found, refused.content.decode()
    assert main_part(refused.content, game.pk) == main_part(missing.content, game.pk + 1000)
    client.force_login(bob)
    back = client.get(found.group(1).replace("&amp;", "&"))
    assert back.status_code == 302 and back["Location"] == step
    assert client.get(step).status_code == 200
