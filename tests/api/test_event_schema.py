"""Every event a game records, as the API serves it, is what the schema says: for every
registered game, random games played to the end, each event read by every seat and by a
spectator as it is recorded (when most is hidden) and once the game is over (all shown),
the game and its legal actions read by them as it goes, and the game's exported log,
validate against ``/api/schema/`` — each game's own
components, strict where they say so (``additionalProperties: false``); the platform's own
events too, in every game: a player's resignation, a game called off."""

from __future__ import annotations

import random
from typing import Any

import jsonschema_rs
import pytest
from django.contrib.auth.models import User
from jsonschema import Draft202012Validator
from jsonschema.exceptions import best_match
from rest_framework.test import APIClient
from rest_framework.throttling import UserRateThrottle

from games.bots import play_bot_move
from games.endings import take_off
from games.events.consumers import dispatch
from games.models import Game
from games.registry import game_ids, rule_set, schema_name
from games.services import SeatSpec, game_create
from tests.clients import token_client
from tests.members import named

pytestmark = pytest.mark.django_db

Schema = dict[str, Any]


class Validator:
    """``component`` of the served schema, its references resolved there: asked first of
    a compiled validator (the same draft, 2020-12; a game's unions of events are checked
    thousands of times a game, where Python's took minutes), then, only for a value it
    refuses, of Python's, which says best why."""

    def __init__(self, openapi: Schema, component: str) -> None:
        root = {"$ref": f"#/components/schemas/{component}", "components": openapi["components"]}
        self.fast = jsonschema_rs.Draft202012Validator(root)
        self.explained = Draft202012Validator(root)


def errors(check: Validator, value: Any) -> list[str]:
    """What is wrong with ``value``: where, and the likeliest reason (of a oneOf's members,
    the one it comes closest to)."""
    if check.fast.is_valid(value):
        return []
    error = best_match(check.explained.iter_errors(value))
    reason = "the compiled validator refuses it" if error is None else error.message[:300]
    return [f"{[] if error is None else list(error.absolute_path)}: {reason}"]


def _play(game_id: str, config: dict[str, Any], seed: int, users: list[User]) -> Game:
    seats = [SeatSpec(f"P{n}", user=users[n]) for n in range(config["players"])]
    return game_create(
        name="Typed",
        config=config,
        seats=seats,
        created_by=users[0],
        rng=random.Random(seed),
        public=True,
        rules=game_id,
    )


def _configs(game_id: str) -> list[dict[str, Any]]:
    """Two short games of a game: its first example configuration (its fewest players and
    default options) and, of its variants, the last listed with the fewest players."""
    configs = rule_set(game_id).example_configs()
    variant = min(reversed(configs[1:] or configs), key=lambda config: int(config["players"]))
    return [configs[0], variant]


GAMES = [(game_id, config) for game_id in game_ids() for config in _configs(game_id)]


@pytest.fixture
def unthrottled(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every reader reads after every move: far beyond a person's rate."""
    monkeypatch.setattr(UserRateThrottle, "THROTTLE_RATES", {"user": "100000/minute"})


class Readers:
    """Each seat's player and a spectator reading a game's events, every page checked
    against the served schema: ``faults`` says what is wrong, ``types`` what was read."""

    def __init__(self, openapi: Schema, game: Game, clients: list[APIClient]) -> None:
        self.game, self.clients = game, clients
        self.page_check = Validator(openapi, "EventPage")
        self.log_check = Validator(openapi, "GameLog")
        self.event_check = Validator(openapi, f"{schema_name(game.rules)}Event")
        # The game's own component first, which says which field is wrong, then the union.
        self.answer_checks = {
            answer: (
                Validator(openapi, f"{schema_name(game.rules)}{answer}"),
                Validator(openapi, answer),
            )
            for answer in ("GameDetail", "LegalActions")
        }
        self.seen = [0] * len(clients)
        self.faults: list[str] = []
        self.types: set[str] = set()

    def read(self, reader: int, after: int) -> tuple[list[dict[str, Any]], int | None]:
        """One page after ``after`` as ``reader`` reads it; its events and its ``next``."""
        page = self.clients[reader].get(
            f"/api/games/{self.game.pk}/events/", {"after": after, "limit": 500}
        )
        assert page.status_code == 200
        body = page.json()
        # Each event against its game's union first, which says which field is wrong.
        wrong = [fault for entry in body["results"] for fault in errors(self.event_check, entry)]
        self.faults.extend(
            f"reader {reader}: {fault}" for fault in wrong or errors(self.page_check, body)
        )
        assert body["rules"] == self.game.rules
        self.types.update(entry["type"] for entry in body["results"])
        return list(body["results"]), body["next"]

    def catch_up(self) -> None:
        """Each reader reads the events recorded since they last read."""
        for reader in range(len(self.clients)):
            new, _ = self.read(reader, self.seen[reader])
            if new:
                self.seen[reader] = new[-1]["sequence"]

    def read_all(self) -> None:
        """Each reader reads every event again (all shown once the game is over)."""
        for reader in range(len(self.clients)):
            after: int | None = 0
            while after is not None:
                after = self.read(reader, after)[1]

    def read_answers(self) -> None:
        """What a bot reads most, read by every reader: the game, and (each seat's, the
        spectator is offered no moves) its legal actions. A generated client types them
        by the schema, and takes a value the schema does not allow as it comes (a dict
        where a class was promised), or fails."""
        for reader, client in enumerate(self.clients):
            paths = {"GameDetail": ""}
            if reader < len(self.clients) - 1:
                paths["LegalActions"] = "legal-actions/"
            for answer, path in paths.items():
                body = client.get(f"/api/games/{self.game.pk}/{path}").json()
                own, union = self.answer_checks[answer]
                self.faults.extend(
                    f"reader {reader}, {answer}: {fault}"
                    for fault in errors(own, body) or errors(union, body)
                )

    def play_out(self, rng: random.Random, answers: bool = False) -> None:
        """Bots' moves for every seat until the game ends, the readers catching up after a
        quarter of them drawn by chance (reading every event recorded since, mostly still
        hidden from them: caught up after each move, the ten games took minutes of the
        CI's time), then reading every event once it is over. With ``answers``, they also
        read the game and its legal actions then, before the first move and once it is
        over. The game's snapshots are taken after each move, as the site takes them once
        a move is committed (the test's transaction never commits): each read replays the
        game from its last snapshot, as on the site, not from its first event."""
        sampling = random.Random(1)
        if answers:
            self.catch_up()
            self.read_answers()
        while True:
            if sampling.random() < 0.25:
                self.catch_up()
                if answers:
                    self.read_answers()
            if self.faults or not play_bot_move(self.game, rng):
                break
            dispatch(self.game.pk, only=["snapshots"])
            self.game.refresh_from_db()
        if answers and not self.faults:
            self.read_answers()
        self.read_all()

    def check_log(self, log: dict[str, Any]) -> None:
        self.faults += errors(self.log_check, log)

    def exported(self, client: APIClient) -> dict[str, Any]:
        """The ended game's log as ``client`` exports it, checked."""
        answer = client.get(f"/api/games/{self.game.pk}/export/")
        assert answer.status_code == 200, self.faults  # a fault stops the game unfinished
        log: dict[str, Any] = answer.json()
        self.check_log(log)
        return log


def _seated(
    openapi: Schema, game_id: str, config: dict[str, Any], seed: int, spectator: APIClient
) -> Readers:
    """A new game of ``game_id`` between new players, read by each of them (in seat order)
    and by ``spectator``."""
    players = config["players"]
    users = [named(User.objects.create_user(f"p{n}", f"p{n}@example.com")) for n in range(players)]
    game = _play(game_id, config, seed, users)
    return Readers(openapi, game, [*(token_client(user) for user in users), spectator])


@pytest.mark.usefixtures("unthrottled")
@pytest.mark.parametrize(("game_id", "config"), GAMES)
def test_every_answer_a_bot_reads_in_a_whole_game_is_as_the_schema_says(
    openapi: Schema, as_carol: APIClient, game_id: str, config: dict[str, Any]
) -> None:
    """The events, the game and its legal actions, read by every seat and a spectator as
    the game goes, and its exported log once it is over. (One game reads them all: a game
    for each took minutes of the CI's time, and a quarter of the moves, drawn afresh in
    each game, still reads every phase of every game.)"""
    readers = _seated(openapi, game_id, config, 7, as_carol)

    readers.play_out(random.Random(7), answers=True)
    readers.exported(as_carol)

    assert not readers.faults
    assert readers.game.status == Game.Status.FINISHED
    # The events are typed as this game's: each member of its union is its own component.
    members = openapi["components"]["schemas"][f"{schema_name(game_id)}Event"]
    assert {"created", "game-ended"} <= readers.types <= set(members["discriminator"]["mapping"])


@pytest.mark.usefixtures("unthrottled")
@pytest.mark.parametrize("game_id", game_ids())
def test_a_resignation_is_served_and_logged_as_the_schema_says(
    openapi: Schema, as_carol: APIClient, game_id: str
) -> None:
    readers = _seated(openapi, game_id, _configs(game_id)[0], 8, as_carol)
    game = readers.game
    rng = random.Random(8)
    readers.catch_up()
    assert play_bot_move(game, rng)

    resigned = readers.clients[0].post(f"/api/games/{game.pk}/resign/")
    assert resigned.status_code == 200, resigned.json()
    readers.play_out(rng)
    log = readers.exported(as_carol)

    assert not readers.faults
    assert {"resigned", "game-ended"} <= readers.types
    assert any(event["type"] == "resigned" for event in log["events"])


@pytest.mark.usefixtures("unthrottled")
def test_a_withdrawal_is_served_and_logged_as_the_schema_says(
    openapi: Schema, as_carol: APIClient
) -> None:
    """A player taken off their seat (a tournament's withdrawal, their own here): the
    resignation it records says so. Failed before the schema named ``withdrawn``: the
    record allows no other key."""
    readers = _seated(openapi, "maya", _configs("maya")[0], 8, as_carol)
    game = readers.game
    readers.catch_up()
    player = game.seats.get(number=0).user
    assert player is not None

    take_off(game=game, seat=0, by=player)
    readers.play_out(random.Random(8))
    log = readers.exported(as_carol)

    assert not readers.faults
    (served,) = [event for event in readers.read(1, 0)[0] if event["type"] == "resigned"]
    assert served["action"] == {"withdrawn": True}
    assert [event["payload"] for event in log["events"] if event["type"] == "resigned"] == [
        {"withdrawn": True}
    ]


@pytest.mark.usefixtures("unthrottled")
@pytest.mark.parametrize("game_id", game_ids())
def test_a_game_called_off_is_served_and_logged_as_the_schema_says(
    openapi: Schema, as_carol: APIClient, game_id: str
) -> None:
    readers = _seated(openapi, game_id, _configs(game_id)[0], 9, as_carol)
    game = readers.game
    readers.catch_up()

    called_off = readers.clients[0].post(f"/api/games/{game.pk}/abort/")
    assert called_off.status_code == 200, called_off.json()
    readers.catch_up()
    readers.read_all()
    log = readers.exported(as_carol)

    assert not readers.faults
    assert "aborted" in readers.types
    assert log["events"][-1]["type"] == "aborted"
