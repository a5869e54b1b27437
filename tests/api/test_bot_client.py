"""Two bot clients, each with its own API token, set up and play a whole game through the
API alone: they read their legal actions, answer distributions and Malus cards from the
constraints given, and read the final scores back."""

from __future__ import annotations

import random
import uuid
from collections.abc import Callable
from typing import Any

import pytest
from django.contrib.auth.models import User
from rest_framework.test import APIClient
from rest_framework.throttling import UserRateThrottle

from games.events import chain

pytestmark = pytest.mark.django_db

#: A game longer than this many moves is a stuck game, not a long one.
MAX_MOVES = 5_000


class BotClient:
    """A client that knows nothing but the API: HTTP, JSON and its token."""

    def __init__(self, client: APIClient, rng: random.Random) -> None:
        self.client = client
        self.rng = rng
        self.game_id = 0
        self.moves = 0

    def get(self, path: str, **params: Any) -> Any:
        response = self.client.get(f"/api/games/{self.game_id}/{path}", params)
        assert response.status_code == 200, response.content
        return response.json()

    def play_once(self) -> bool:
        """Make one legal move if the game offers this seat any; False if it does not."""
        offered = self.get("legal-actions/")
        if offered["listed"]:
            move = self.rng.choice(offered["listed"])
            # Half the moves in notation, half in their JSON form: both must work.
            action = move["notation"] if self.rng.random() < 0.5 else move["action"]
        elif (offered["pending"] or {}).get("kind") == "distribution":
            action = self.distribution(offered["pending"], self.get("")["state"])
        elif offered["pending"]:
            action = self.malus_answer(offered["pending"], self.get("")["state"])
        else:
            return False
        response = self.client.post(
            f"/api/games/{self.game_id}/actions/",
            {"action": action, "expected_sequence": offered["sequence"]},
            format="json",
            HTTP_IDEMPOTENCY_KEY=uuid.uuid4().hex,
        )
        assert response.status_code == 201, response.content
        self.moves += 1
        return True

    def distribution(self, rules: dict[str, Any], state: dict[str, Any]) -> dict[str, Any]:
        """Hand out the fewest cards allowed, at most ``cap`` to a seat, to unlocked rows."""
        receivers = [s for s in range(state["config"]["players"]) if s not in state["locked"]]
        slots = [seat for seat in receivers for _ in range(rules["cap"])]
        self.rng.shuffle(slots)
        count = 1 if rules["blank"] else rules["minimum"]
        assert count <= len(slots), rules
        placements = [
            {"card": card, "seat": seat, "face_up": self.rng.random() < 0.5, "side": self.side()}
            for card, seat in zip(rules["cards"][:count], slots, strict=False)
        ]
        return {"type": "distribute", "placements": placements}

    def malus_answer(self, rules: dict[str, Any], state: dict[str, Any]) -> str:
        """Discard and remove what the Malus asks, place each drawn card: in notation."""
        seat = state["seat"]
        discard = self.rng.sample(state["hands"][seat], rules["discard"])
        remove = self.rng.sample(range(len(state["rows"][seat])), rules["remove"])
        place = [f"{self.rng.choice(['up', 'down'])}-{self.side()}" for _ in rules["cards"]]
        words = ["resolve"]
        for section, items in (("discard", discard), ("remove", remove), ("place", place)):
            if items:
                words += [section, *map(str, items)]
        return " ".join(words)

    def side(self) -> str:
        return self.rng.choice(["left", "right"])


def test_two_tokens_play_a_whole_game_through_the_api(
    monkeypatch: pytest.MonkeyPatch,
    alice: User,
    bob: User,
    client_for: Callable[[User], APIClient],
) -> None:
    # The clients move as fast as the test runs: far beyond a person's rate.
    monkeypatch.setattr(UserRateThrottle, "THROTTLE_RATES", {"user": "100000/minute"})
    rng = random.Random(7)
    # The deal comes from the game's committed seed: drawn from the test's generator, the
    # game is the same on every run, so its length is too.
    monkeypatch.setattr(chain, "new_secret", lambda: rng.randbytes(32).hex())
    alice_bot, bob_bot = BotClient(client_for(alice), rng), BotClient(client_for(bob), rng)

    # Alice opens a private table, Bob joins it with the invitation, Alice starts.
    opened = alice_bot.client.post(
        "/api/games/",
        {"name": "Bots' night", "config": {"players": 2, "mode": "speed-run"}},
        format="json",
    )
    assert opened.status_code == 201
    game_id, invitation = opened.json()["id"], opened.json()["invite_token"]
    for bot in (alice_bot, bob_bot):
        bot.game_id = game_id
    joined = bob_bot.client.post(
        f"/api/games/{game_id}/join/", {"token": invitation}, format="json"
    )
    assert joined.status_code == 201
    started = alice_bot.client.post(f"/api/games/{game_id}/start/")
    assert started.status_code == 200 and started.json()["status"] == "running"

    # They play until the game is over, each only when the game offers it something.
    for _ in range(MAX_MOVES):
        if alice_bot.get("")["status"] == "finished":
            break
        moved = [bot.play_once() for bot in (alice_bot, bob_bot)]
        assert any(moved), "the game waits for nobody but is not over"
    else:
        pytest.fail(f"no end after {MAX_MOVES} rounds of moves")

    # The final scores are there for both, the same in the seats and in the outcome.
    final = alice_bot.get("")
    assert final["status"] == "finished" and final["finished_at"]
    scores = [seat["score"] for seat in final["seats"]]
    assert all(isinstance(score, int) for score in scores)
    assert final["state"]["outcome"]["scores"] == scores
    winners = [seat["number"] for seat in final["seats"] if seat["winner"]]
    assert final["state"]["outcome"]["winners"] == winners
    assert winners == [n for n, score in enumerate(scores) if score == max(scores)]
    assert bob_bot.get("")["state"]["outcome"] == final["state"]["outcome"]
    assert alice_bot.moves > 10 and bob_bot.moves > 10

    # Nothing more to do, and the whole log, deck order included, is now open to them.
    assert bob_bot.get("legal-actions/")["listed"] == []
    log, after = [], 0
    while after is not None:
        page = bob_bot.get("events/", after=after, limit=200)
        log += page["results"]
        after = page["next"]
    assert len(next(e for e in log if e["type"] == "deal")["action"]["order"]) == 125
    assert log[-1]["type"] == "game-ended" and log[-1]["action"]["scores"] == scores
    mine = bob_bot.client.get("/api/games/").json()["results"]
    assert [(g["id"], g["status"]) for g in mine] == [(game_id, "finished")]
