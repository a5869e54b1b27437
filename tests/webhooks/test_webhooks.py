"""Webhooks deliver a member's news to their receiver: signed, once, retried after a
refusal, logged; and a member manages their own endpoints only (pages and API)."""

from __future__ import annotations

import hashlib
import hmac
import json
import random
import threading
import time
from collections.abc import Callable, Iterator
from datetime import timedelta
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, Protocol, TypeVar
from unittest import mock

import pytest
from celery.exceptions import Retry
from django.contrib.auth.models import User
from django.test import Client
from django.utils import timezone

from games.bots import play_bot_move
from games.deadlines import tick
from games.endings import abort, resign
from games.events import consumers, store
from games.lobby import game_add_bot, game_join, game_open, game_start
from games.models import Game
from games.registry import rule_set
from games.services import game_submit
from tests.clients import api_key
from webhooks.models import Attempt, Delivery, Endpoint
from webhooks.sending import MAX_ATTEMPTS
from webhooks.tasks import send_delivery

pytestmark = pytest.mark.django_db

T = TypeVar("T")


class Commit(Protocol):
    def __call__(self, work: Callable[[], T]) -> T: ...


class Receiver:
    """A bot's receiver on this machine: it answers each POST with the next of
    ``statuses`` (then 200) and keeps what it was sent."""

    def __init__(self, statuses: list[int]) -> None:
        self.statuses = statuses
        self.received: list[tuple[dict[str, str], bytes]] = []
        outer = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                body = self.rfile.read(int(self.headers["Content-Length"]))
                outer.received.append((dict(self.headers), body))
                status = outer.statuses.pop(0) if outer.statuses else 200
                self.send_response(status)
                self.end_headers()
                self.wfile.write(b"thanks" if status == 200 else b"not now")

            def log_message(self, *args: Any) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/hook"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def bodies(self) -> list[dict[str, Any]]:
        return [json.loads(body) for _headers, body in self.received]


@pytest.fixture
def receiver() -> Iterator[Callable[..., Receiver]]:
    started: list[Receiver] = []

    def start(statuses: list[int] | None = None) -> Receiver:
        started.append(Receiver(list(statuses or [])))
        return started[-1]

    yield start
    for one in started:
        one.server.shutdown()
        one.server.server_close()


@pytest.fixture
def commit(django_capture_on_commit_callbacks: Callable[..., Any]) -> Commit:
    """Run ``work`` and what waits for its commit (dispatch, then delivering), as the
    site does; the tests' transaction never commits by itself."""

    def run(work: Callable[[], T]) -> T:
        with django_capture_on_commit_callbacks(execute=True):
            return work()

    return run


def verified(secret: str, headers: dict[str, str], body: bytes) -> bool:
    """A receiver's check, as docs/bots-api.md writes it."""
    timestamp = headers["X-Numx-Timestamp"]
    expected = hmac.new(secret.encode(), f"{timestamp}.".encode() + body, hashlib.sha256)
    fresh = abs(time.time() - int(timestamp)) < 300
    return fresh and hmac.compare_digest(
        "sha256=" + expected.hexdigest(), headers["X-Numx-Signature"]
    )


def signed_in(user: User) -> Client:
    client = Client()
    client.force_login(user)
    return client


def api(user: User) -> Client:
    return Client(headers={"Authorization": f"Token {api_key(user)}"})


def register(user: User, url: str, events: list[str] | None = None) -> Endpoint:
    answer = api(user).post(
        "/api/webhooks/", {"url": url, "events": events or []}, content_type="application/json"
    )
    assert answer.status_code == 201, answer.json()
    return Endpoint.objects.get(pk=answer.json()["id"])


def started(alice: User, bob: User, commit: Commit) -> Game:
    game = game_open(creator=alice, name="Hooked", config={"players": 2, "mode": "speed-run"})
    game_join(game=game, user=bob, token=game.invite_token)
    commit(lambda: game_start(game=game, by=alice, rng=random.Random(3)))
    game.refresh_from_db()
    return game


def test_a_member_is_told_once_signed_that_a_game_started_and_it_is_their_turn(
    alice: User, bob: User, receiver: Callable[..., Receiver], commit: Commit
) -> None:
    hook = receiver()
    endpoint = register(alice, hook.url)
    game = started(alice, bob, commit)
    assert sorted(body["type"] for body in hook.bodies()) == ["game_started", "your_turn"]
    turn = next(body for body in hook.bodies() if body["type"] == "your_turn")
    assert turn == {
        "type": "your_turn",
        "game": game.pk,
        "rules": "numx",
        "sequence": game.last_sequence,
        "url": f"http://127.0.0.1:8000/api/games/{game.pk}/",
    }
    for headers, body in hook.received:
        assert verified(endpoint.secret, headers, body)
        assert not verified("another secret", headers, body)
        assert headers["X-Numx-Event"] == json.loads(body)["type"]
    # Bob picks: the game still waits for Alice, who was told already.
    commit(lambda: play_bot_move(game, random.Random(1), only=[1]))
    commit(lambda: consumers.dispatch(game.pk))
    for delivery in Delivery.objects.all():
        assert send_delivery(delivery.pk) is False
    assert len(hook.received) == 2
    assert all(delivery.sent_at for delivery in Delivery.objects.all())


def test_your_turn_comes_each_time_the_game_comes_back_to_the_member(
    alice: User, bob: User, receiver: Callable[..., Receiver], commit: Commit
) -> None:
    hook = receiver()
    register(alice, hook.url, ["your_turn"])
    game = started(alice, bob, commit)
    rng, told_at = random.Random(2), [game.last_sequence]
    for _move in range(12):
        loaded = store.load(game.pk, game.rules)
        awaited = rule_set(game.rules).awaiting(loaded.state)
        commit(lambda: play_bot_move(game, rng))
        game.refresh_from_db()
        now = rule_set(game.rules).awaiting(store.load(game.pk, game.rules).state)
        # Alice is told when the game starts waiting for her, or again after her own move.
        if 0 in now and (0 not in awaited or last_mover(game) == 0):
            told_at.append(game.last_sequence)
    assert len(told_at) > 2
    assert [body["sequence"] for body in hook.bodies()] == told_at


def live_race(alice: User, bob: User, commit: Commit) -> Game:
    """A live Numenko table of Alice's and Bob's, started: both may move at any time."""
    game = game_open(
        creator=alice, name="Race", rules="numenko", config={"players": 2, "mode": "live"}
    )
    game_join(game=game, user=bob, token=game.invite_token)
    commit(lambda: game_start(game=game, by=alice, rng=random.Random(3)))
    return game


def test_out_of_turn_comes_when_the_member_may_move_though_the_game_waits_for_another(
    alice: User, bob: User, receiver: Callable[..., Receiver], commit: Commit
) -> None:
    """At a live Numenko table Alice says she is content: the game no longer waits for
    her, but she may move again, as a player's mail says; her program hears it once."""
    hook = receiver()
    register(alice, hook.url, ["your_turn", "out_of_turn"])
    game = live_race(alice, bob, commit)
    assert [body["type"] for body in hook.bodies()] == ["your_turn"]
    content = rule_set("numenko").parse_action("pass")
    seen = store.load(game.pk, game.rules).sequence
    commit(lambda: game_submit(game_id=game.pk, seat=0, action=content, expected_sequence=seen))
    game.refresh_from_db()
    assert [body["type"] for body in hook.bodies()] == ["your_turn", "out_of_turn"]
    assert hook.bodies()[-1]["sequence"] == game.last_sequence
    # Bob moves too, asking for tiles: Alice, content, may still move; she was told.
    exchange = rule_set("numenko").parse_action(f"exchange {first_tile(game, 1)}")
    seen = store.load(game.pk, game.rules).sequence
    commit(lambda: game_submit(game_id=game.pk, seat=1, action=exchange, expected_sequence=seen))
    assert [body["type"] for body in hook.bodies()] == ["your_turn", "out_of_turn"]


def moved_through_the_api(game: Game, player: User, seat: int, move: str, commit: Commit) -> None:
    """``player``'s program sends ``move`` (`exchange 7`, `pass`) through the API; the
    consumers run after the response, as on the site."""
    seen = store.load(game.pk, game.rules).sequence
    body = {"action": move, "expected_sequence": seen}
    sent = commit(
        lambda: api(player).post(
            f"/api/games/{game.pk}/actions/", body, content_type="application/json"
        )
    )
    assert sent.status_code == 201, sent.content
    assert game.events.filter(seat=seat, sequence__gt=seen).exists()


def first_tile(game: Game, seat: int) -> str:
    return str(store.load(game.pk, game.rules).state.hands[seat][0].value)


def test_no_turn_is_told_for_the_answer_to_the_members_own_move(
    alice: User, bob: User, receiver: Callable[..., Receiver], commit: Commit
) -> None:
    """Failed before: at a live Numenko table each exchange Bob's program sent was
    followed by a ``your_turn``, for the tiles the exchange drew, which the move's answer
    had shown it; and its "pass" (content) by an ``out_of_turn``. As his mails: only what
    he has not seen is news, and Alice's moves, which leave his choice whole, are none."""
    hook = receiver()
    register(bob, hook.url, ["your_turn", "out_of_turn"])
    game = live_race(alice, bob, commit)
    for _ in range(3):
        moved_through_the_api(game, bob, 1, f"exchange {first_tile(game, 1)}", commit)
    moved_through_the_api(game, alice, 0, f"exchange {first_tile(game, 0)}", commit)
    moved_through_the_api(game, bob, 1, "pass", commit)
    moved_through_the_api(game, alice, 0, f"exchange {first_tile(game, 0)}", commit)

    assert [body["type"] for body in hook.bodies()] == ["your_turn"]


def last_mover(game: Game) -> int | None:
    """The seat of the game's last move (chance's draws after it aside)."""
    return game.events.exclude(seat=None).exclude(seat__lt=0).order_by("-sequence").first().seat


def test_a_refused_delivery_is_retried_after_a_back_off_and_delivered_once(
    alice: User, bob: User, receiver: Callable[..., Receiver], commit: Commit
) -> None:
    hook = receiver(statuses=[500])
    register(alice, hook.url, ["your_turn"])
    started(alice, bob, commit)
    (delivery,) = Delivery.objects.all()
    (refused,) = Attempt.objects.all()
    assert (refused.status, refused.response) == (500, "not now")
    assert delivery.sent_at is None and delivery.next_attempt_at is not None
    assert 29 <= (delivery.next_attempt_at - refused.at).total_seconds() <= 31
    assert send_delivery(delivery.pk) is False  # not due yet
    assert len(hook.received) == 1
    Delivery.objects.update(next_attempt_at=timezone.now())  # 30 seconds later
    assert send_delivery(delivery.pk) is True
    assert send_delivery(delivery.pk) is False
    assert [body["type"] for body in hook.bodies()] == ["your_turn", "your_turn"]
    assert [attempt.status for attempt in Attempt.objects.order_by("id")] == [500, 200]
    delivery.refresh_from_db()
    assert delivery.sent_at is not None and delivery.next_attempt_at is None


def given_up(alice: User, bob: User, hook: Receiver, commit: Commit) -> Delivery:
    """Alice's "your turn" of a new game, refused by ``hook`` at every attempt until the
    last, then given up."""
    register(alice, hook.url, ["your_turn"])
    started(alice, bob, commit)
    (delivery,) = Delivery.objects.all()
    for _retry in range(MAX_ATTEMPTS - 1):
        Delivery.objects.update(next_attempt_at=timezone.now())  # the back-off is over
        send_delivery.delay(delivery.pk)  # as the sweep does
    delivery.refresh_from_db()
    assert delivery.sent_at is None and delivery.next_attempt_at is None
    assert len(hook.received) == MAX_ATTEMPTS
    return delivery


def test_a_given_up_delivery_is_sent_again_from_the_log_page_and_delivered_once(
    alice: User, bob: User, receiver: Callable[..., Receiver], commit: Commit
) -> None:
    hook = receiver(statuses=[500] * MAX_ATTEMPTS)
    delivery = given_up(alice, bob, hook, commit)
    log = f"/webhooks/{delivery.endpoint_id}/"
    again = f"{log}deliveries/{delivery.pk}/send-again/"
    page = signed_in(alice).get(log).content.decode()
    assert "given up" in page and f'action="{again}"' in page
    # Bob may not, nor may a GET.
    assert commit(lambda: signed_in(bob).post(again)).status_code == 404
    assert signed_in(alice).get(again).status_code == 405
    assert len(hook.received) == MAX_ATTEMPTS

    answer = commit(lambda: signed_in(alice).post(again, follow=True))
    assert answer.redirect_chain == [(log, 302)]
    assert "is being sent again" in answer.content.decode()
    assert len(hook.received) == MAX_ATTEMPTS + 1
    (first_headers, first_body), (headers, body) = hook.received[0], hook.received[-1]
    assert verified(Endpoint.objects.get().secret, headers, body)
    assert body == first_body  # the same news, under the same id
    assert headers["X-Numx-Delivery"] == first_headers["X-Numx-Delivery"] == str(delivery.pk)
    delivery.refresh_from_db()
    assert delivery.sent_at is not None and delivery.next_attempt_at is None
    assert Attempt.objects.filter(delivery=delivery).latest("id").status == 200
    # Delivered: it is not sent again, and the log says so.
    refused = commit(lambda: signed_in(alice).post(again))
    assert refused.status_code == 409
    assert "was delivered" in refused.content.decode()
    assert len(hook.received) == MAX_ATTEMPTS + 1


def test_a_given_up_delivery_is_sent_again_through_the_api_with_a_fresh_round(
    alice: User, bob: User, receiver: Callable[..., Receiver], commit: Commit
) -> None:
    hook = receiver(statuses=[500] * (MAX_ATTEMPTS + 1))
    delivery = given_up(alice, bob, hook, commit)
    url = f"/api/webhooks/{delivery.endpoint_id}/deliveries/{delivery.pk}/redeliver/"
    # A JSON client's empty body (a form, even of no fields, is a 415 as for any request).
    assert commit(lambda: api(bob).post(url, content_type="application/json")).status_code == 404
    other = f"/api/webhooks/{delivery.endpoint_id}/deliveries/{delivery.pk + 1}/redeliver/"
    assert (
        commit(lambda: api(alice).post(other, content_type="application/json")).status_code == 404
    )
    assert len(hook.received) == MAX_ATTEMPTS

    answer = commit(lambda: api(alice).post(url, content_type="application/json"))
    assert answer.status_code == 202
    assert answer.json()["id"] == delivery.pk
    # Refused once more: a fresh round goes on after its back-off, 30 seconds again.
    assert len(hook.received) == MAX_ATTEMPTS + 1
    delivery.refresh_from_db()
    latest = Attempt.objects.filter(delivery=delivery).latest("id")
    assert latest.status == 500 and delivery.next_attempt_at is not None
    assert 29 <= (delivery.next_attempt_at - latest.at).total_seconds() <= 31
    # Still being tried: not sent again.
    refused = commit(lambda: api(alice).post(url, content_type="application/json"))
    assert refused.status_code == 409
    assert "still being tried" in refused.json()["detail"]
    assert len(hook.received) == MAX_ATTEMPTS + 1
    Delivery.objects.update(next_attempt_at=timezone.now())
    assert send_delivery(delivery.pk) is True
    (logged,) = api(alice).get(f"/api/webhooks/{delivery.endpoint_id}/deliveries/").json()
    statuses = [attempt["status"] for attempt in logged["attempts"]]  # newest first
    assert statuses == [200, 500] + [500] * MAX_ATTEMPTS and logged["sent_at"] is not None
    assert len({headers["X-Numx-Delivery"] for headers, _body in hook.received}) == 1


def test_a_worker_schedules_the_next_attempt_itself_after_the_back_off(
    alice: User, bob: User, receiver: Callable[..., Receiver], commit: Commit
) -> None:
    hook = receiver(statuses=[503, 503])
    register(alice, hook.url, ["your_turn"])
    started(alice, bob, commit)
    Delivery.objects.update(next_attempt_at=timezone.now())
    (delivery,) = Delivery.objects.all()
    with (
        mock.patch.object(send_delivery, "retry", side_effect=Retry) as retry,
        pytest.raises(Retry),
    ):
        send_delivery.run(delivery.pk)  # in a worker: not eager
    (countdown,) = [call.kwargs["countdown"] for call in retry.call_args_list]
    assert 59 <= countdown <= 60  # the second failure waits twice the first's 30 s


def test_the_sweep_sends_deliveries_whose_task_was_lost(
    alice: User, bob: User, receiver: Callable[..., Receiver], commit: Commit
) -> None:
    hook = receiver()
    register(alice, hook.url, ["game_started"])
    with mock.patch("webhooks.tasks.enqueue"):  # the broker is down
        started(alice, bob, commit)
    assert hook.received == []
    assert tick()["webhooks_due"] == 1
    assert [body["type"] for body in hook.bodies()] == ["game_started"]
    assert tick()["webhooks_due"] == 0
    # The log forgets a delivery a month after it was done with, its attempts with it.
    assert tick(timezone.now() + timedelta(days=29))["webhooks_forgotten"] == 0
    assert tick(timezone.now() + timedelta(days=31))["webhooks_forgotten"] == 1
    assert not Attempt.objects.exists()


def test_game_started_and_game_over_are_sent_to_every_member_who_asked(
    alice: User, bob: User, receiver: Callable[..., Receiver], commit: Commit
) -> None:
    alices, bobs = receiver(), receiver()
    register(alice, alices.url, ["game_started", "game_over"])
    register(bob, bobs.url, ["game_over"])
    game = game_open(creator=alice, name="To the end", config={"players": 2, "mode": "speed-run"})
    game_join(game=game, user=bob, token=game.invite_token)
    game_start(game=game, by=alice, rng=random.Random(3))
    rng = random.Random(5)
    while play_bot_move(game, rng):
        pass
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    commit(lambda: consumers.dispatch(game.pk))
    assert [(body["type"], body["sequence"]) for body in alices.bodies()] == [
        ("game_started", 1),
        ("game_over", game.last_sequence),
    ]
    assert [body["type"] for body in bobs.bodies()] == ["game_over"]
    assert alices.bodies()[-1]["ended"] == bobs.bodies()[-1]["ended"] == "played"


def test_a_game_called_off_is_told_over_as_called_off_and_nobody_s_turn(
    alice: User, bob: User, receiver: Callable[..., Receiver], commit: Commit
) -> None:
    alices, bobs = receiver(), receiver()
    register(alice, alices.url, ["game_over"])
    register(bob, bobs.url)
    game = started(alice, bob, commit)
    assert sorted(body["type"] for body in bobs.bodies()) == ["game_started", "your_turn"]
    commit(lambda: abort(game=game, user=bob))
    commit(lambda: consumers.dispatch(game.pk))  # or the consumers' catch-up, later
    game.refresh_from_db()
    over = {
        "type": "game_over",
        "game": game.pk,
        "rules": "numx",
        "sequence": game.last_sequence,
        "url": f"http://127.0.0.1:8000/api/games/{game.pk}/",
        "ended": "aborted",
    }
    assert alices.bodies() == [over]
    # Bob, who called it off, is told it is over, and not that it is his turn.
    assert [body["type"] for body in bobs.bodies()] == ["game_started", "your_turn", "game_over"]
    assert bobs.bodies()[-1] == over


def test_a_member_who_resigned_hears_of_no_turn_but_of_the_end(
    alice: User, bob: User, receiver: Callable[..., Receiver], commit: Commit
) -> None:
    alices, bobs = receiver(), receiver()
    register(alice, alices.url)
    register(bob, bobs.url, ["your_turn"])
    game = game_open(creator=alice, name="Three", config={"players": 3, "mode": "speed-run"})
    game_join(game=game, user=bob, token=game.invite_token)
    game_add_bot(game=game, by=alice)
    commit(lambda: game_start(game=game, by=alice, rng=random.Random(3)))
    commit(lambda: resign(game=game, user=alice))
    told = len(bobs.received)
    assert [body["type"] for body in alices.bodies()] == ["game_started", "your_turn"]
    rng = random.Random(6)
    while commit(lambda: play_bot_move(game, rng)):
        pass
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    assert len(bobs.received) > told  # the game came back to the others, again and again
    assert [(body["type"], body.get("ended")) for body in alices.bodies()] == [
        ("game_started", None),
        ("your_turn", None),
        ("game_over", "played"),
    ]


def test_a_plain_http_address_is_refused_but_on_a_development_machine(
    alice: User, settings: Any
) -> None:
    client = api(alice)
    settings.NUMX_WEBHOOKS_ALLOW_PRIVATE = False
    for url in ("http://bot.example.com/hook", "http://127.0.0.1:8080/", "https://10.1.2.3/"):
        answer = client.post("/api/webhooks/", {"url": url}, content_type="application/json")
        assert answer.status_code == 400, url
        assert "url" in answer.json()
    page = signed_in(alice).post("/webhooks/", {"url": "http://bot.example.com/hook"})
    assert page.status_code == 400
    assert "https://" in page.content.decode()
    assert not Endpoint.objects.exists()
    settings.NUMX_WEBHOOKS_ALLOW_PRIVATE = True
    answer = client.post(
        "/api/webhooks/", {"url": "http://localhost:8080/"}, content_type="application/json"
    )
    assert answer.status_code == 201
    assert (
        client.post(
            "/api/webhooks/", {"url": "http://bot.example.com/"}, content_type="application/json"
        ).status_code
        == 400
    )


def test_a_delivery_to_a_private_address_is_refused_in_production(
    alice: User, bob: User, receiver: Callable[..., Receiver], commit: Commit, settings: Any
) -> None:
    hook = receiver()
    register(alice, hook.url.replace("127.0.0.1", "localhost"), ["game_started"])
    settings.NUMX_WEBHOOKS_ALLOW_PRIVATE = False
    started(alice, bob, commit)
    assert hook.received == []
    (attempt,) = Attempt.objects.all()
    assert attempt.status is None and "private address" in attempt.error


def test_a_member_manages_their_webhooks_and_reads_their_log(
    alice: User, bob: User, receiver: Callable[..., Receiver], commit: Commit
) -> None:
    hook = receiver(statuses=[500])
    client = api(alice)
    created = client.post(
        "/api/webhooks/",
        {"url": hook.url, "events": ["your_turn"]},
        content_type="application/json",
    ).json()
    assert len(created["secret"]) >= 40
    listed = client.get("/api/webhooks/").json()
    assert [(item["id"], item["events"]) for item in listed] == [(created["id"], ["your_turn"])]
    assert "secret" not in listed[0]
    game = started(alice, bob, commit)
    (logged,) = client.get(f"/api/webhooks/{created['id']}/deliveries/").json()
    assert (logged["type"], logged["game"], logged["sent_at"]) == ("your_turn", game.pk, None)
    assert [(a["status"], a["response"]) for a in logged["attempts"]] == [(500, "not now")]
    page = signed_in(alice).get(f"/webhooks/{created['id']}/")
    assert page.status_code == 200
    assert created["secret"] in page.content.decode() and "HTTP 500" in page.content.decode()
    assert 'href="/webhooks/"' in signed_in(alice).get("/accounts/profile/").content.decode()
    # Bob sees none of it, and cannot remove it.
    intruder = api(bob)
    assert intruder.get("/api/webhooks/").json() == []
    for path in (f"/api/webhooks/{created['id']}/", f"/api/webhooks/{created['id']}/deliveries/"):
        assert intruder.get(path).status_code == 404
    assert intruder.delete(f"/api/webhooks/{created['id']}/").status_code == 404
    assert signed_in(bob).get(f"/webhooks/{created['id']}/").status_code == 404
    assert signed_in(bob).post(f"/webhooks/{created['id']}/delete/").status_code == 404
    assert Endpoint.objects.filter(pk=created["id"]).exists()
    # Alice removes it: nothing more is owed to it.
    assert client.delete(f"/api/webhooks/{created['id']}/").status_code == 204
    assert not Endpoint.objects.exists() and not Delivery.objects.exists()


def test_the_pages_register_show_and_remove_a_webhook(alice: User) -> None:
    client = signed_in(alice)
    answer = client.post(
        "/webhooks/", {"url": "https://bot.example.com/hook", "events": ["game_over"]}
    )
    endpoint = Endpoint.objects.get()
    assert answer.url == f"/webhooks/{endpoint.pk}/"
    assert endpoint.events == ["game_over"]
    assert "https://bot.example.com/hook" in client.get("/webhooks/").content.decode()
    client.post(f"/webhooks/{endpoint.pk}/delete/")
    assert not Endpoint.objects.exists()


def test_sending_a_delivery_again_takes_no_body(
    alice: User, bob: User, receiver: Callable[..., Receiver], commit: Commit
) -> None:
    """Its body, as every command's that takes none, is nothing or ``{}``: a key in it is
    a 400 naming it, and nothing is sent."""
    hook = receiver(statuses=[500] * MAX_ATTEMPTS + [200])
    delivery = given_up(alice, bob, hook, commit)
    url = f"/api/webhooks/{delivery.endpoint_id}/deliveries/{delivery.pk}/redeliver/"

    refused = commit(lambda: api(alice).post(url, {"now": True}, content_type="application/json"))

    assert refused.status_code == 400
    assert refused.json() == {"now": ["Unknown field: now."]}
    assert len(hook.received) == MAX_ATTEMPTS
    answer = commit(lambda: api(alice).post(url, {}, content_type="application/json"))
    assert answer.status_code == 202
    assert len(hook.received) == MAX_ATTEMPTS + 1
