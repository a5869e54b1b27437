"""A bot made only of a client that openapi-python-client generates from ``/api/schema/``
plays a whole game of every registered game against the bots that end it soonest, and
every answer parses into the class its game calls for: a NUM-X game's detail is
``NumxGameDetail``, its listed moves NUM-X actions, never another game's class, and no typed
field is left in a class's ``additional_properties``.

The client speaks HTTP through httpx to the site's WSGI application in this process: the
test stays in its rolled-back transaction (a server in a thread would need a transactional
test, whose flush the event store's trigger refuses), and the bots' moves, which a commit
wakes, run once each answer is sent, as under a WSGI server.
"""

from __future__ import annotations

import importlib
import json
import random
import subprocess
import sys
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import httpx
import pytest
from django.contrib.auth.models import User
from django.core.handlers.wsgi import WSGIHandler
from django.core.signals import request_finished, request_started
from django.db import close_old_connections
from django.test import Client
from rest_framework.throttling import UserRateThrottle

from games.registry import game_ids, rule_set, schema_name
from tests.clients import api_key, quickest_bot_level

pytestmark = pytest.mark.django_db

#: The generated package's name: nothing else on the path may be called so.
PACKAGE = "numx_generated_client"

#: A game longer than this many of my moves is a stuck game, not a long one.
MAX_MOVES = 2_000

#: openapi-python-client's settings: no formatter run after generating (the package is
#: only imported).
CONFIG = "post_hooks: []\n"


@pytest.fixture(scope="session")
def generated(
    tmp_path_factory: pytest.TempPathFactory, django_db_blocker: Any
) -> Iterator[ModuleType]:
    """The client generated from the schema the site serves, imported (once a session)."""
    with django_db_blocker.unblock():
        answer = Client().get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json")
    assert answer.status_code == 200
    root = tmp_path_factory.mktemp("client")
    (root / "schema.json").write_bytes(answer.content)
    (root / "config.yaml").write_text(CONFIG)
    command = [
        str(Path(sys.executable).with_name("openapi-python-client")),
        *("generate", "--meta", "none", "--path", str(root / "schema.json")),
        *("--output-path", str(root / PACKAGE), "--config", str(root / "config.yaml")),
    ]
    run = subprocess.run(command, capture_output=True, text=True, check=False)
    # A schema the generator cannot read fully is reported as warnings, client or not.
    assert run.returncode == 0 and "Warning" not in run.stdout + run.stderr, run.stdout
    sys.path.insert(0, str(root))
    try:
        yield importlib.import_module(PACKAGE)
    finally:
        sys.path.remove(str(root))
        for name in [name for name in sys.modules if name.split(".")[0] == PACKAGE]:
            del sys.modules[name]


class InProcess(httpx.BaseTransport):
    """httpx's WSGI transport to the site, running what a commit queued (the bots' moves)
    once each answer is read, as a WSGI server does after sending it."""

    def __init__(self, on_commit: Callable[..., Any]) -> None:
        self.wsgi = httpx.WSGITransport(app=WSGIHandler())
        self.on_commit = on_commit

    def handle_request(self, request: httpx.Request) -> httpx.Response:
        with self.on_commit(execute=True):
            response = self.wsgi.handle_request(request)
            response.read()
            response.close()
        return response


@pytest.fixture
def in_process(django_capture_on_commit_callbacks: Callable[..., Any]) -> Iterator[InProcess]:
    """The transport, with Django's per-request closing of database connections off, as
    Django's test client has it: closing would end the test's transaction."""
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    try:
        yield InProcess(django_capture_on_commit_callbacks)
    finally:
        request_started.connect(close_old_connections)
        request_finished.connect(close_old_connections)


def _models(value: Any) -> Iterator[Any]:
    """Every generated model instance within ``value``, ``value`` included."""
    if isinstance(value, list | tuple):
        for item in value:
            yield from _models(item)
    elif hasattr(value, "to_dict") and hasattr(value, "additional_properties"):
        yield value
        for name in value.__attrs_attrs__:
            if name.name != "additional_properties":
                yield from _models(getattr(value, name.name))
        yield from _models(list(value.additional_properties.values()))
    elif isinstance(value, dict):
        yield from _models(list(value.values()))


def _owner(class_name: str) -> str | None:
    """The game whose component ``class_name`` is (the longest game name it starts with),
    or None for the platform's."""
    owners = [game for game in game_ids() if class_name.startswith(schema_name(game))]
    return max(owners, key=lambda game: len(schema_name(game)), default=None)


def assert_typed(parsed: Any, game: str, expected: str) -> None:
    """``parsed`` is the model ``expected``, and holds no other game's class and no model
    with keys its class does not type (a map's keys, typed as its values, are its own)."""
    assert type(parsed).__name__ == expected, f"{game}: {type(parsed).__name__}, not {expected}"
    for model in _models(parsed):
        name = type(model).__name__
        assert _owner(name) in (None, game), f"{game}'s answer holds {name}"
        if type(model).__annotations__["additional_properties"] == "dict[str, Any]":
            assert not model.additional_properties, f"{name} left {model.additional_properties}"


class Bot:
    """A seat played through the generated client alone; every answer is checked to parse
    into the class its game calls for."""

    def __init__(self, generated: ModuleType, client: Any, game: str) -> None:
        self.api = generated
        self.models = importlib.import_module(f"{PACKAGE}.models")
        self.client = client
        self.game = game
        self.name = schema_name(game)
        self.rng = random.Random(3)
        self.game_id = 0

    def call(self, operation: str, expected: str, **arguments: Any) -> Any:
        """The answer of ``operation`` (``"play.game_check"``: its module under ``api``),
        asserted to be ``expected`` (``{name}`` stands for the game's schema name)."""
        module = importlib.import_module(f"{PACKAGE}.api.{operation}")
        if self.game_id:
            arguments["game_id"] = self.game_id
        answer = module.sync(client=self.client, **arguments)
        assert_typed(answer, self.game, expected.format(name=self.name))
        return answer

    def open(self, players: int) -> None:
        """Open a table of ``players`` with its defaults, fill it with the bots that end it
        soonest, start."""
        config = getattr(self.models, f"{self.name}ConfigRequest")(players=players)
        body = getattr(self.models, f"New{self.name}GameRequest")(
            name="Generated",
            config=config,
            rules=self.game,
            bot_level=self.models.BotLevelEnum(quickest_bot_level(self.game)),
        )
        self.game_id = self.call("lobby.games_open", "{name}GameDetail", body=body).id
        for _ in range(players - 1):
            self.call("lobby.game_add_bot", "{name}GameDetail")
        self.call("lobby.game_start", "{name}GameDetail")

    def play_once(self) -> bool:
        """Make one move, listed or answering the pending choice; False if none is offered."""
        offered = self.call("play.game_legal_actions", "{name}LegalActions")
        if offered.listed:
            move = self.rng.choice(offered.listed)
            request = getattr(self.models, f"{type(move.action).__name__}Request")
            action = request.from_dict(move.action.to_dict())
        elif offered.pending:
            assert self.game in CHOICES, f"the bot cannot answer {self.game}'s pending choice"
            view = self.call("games.game", "{name}GameDetail").state
            action = CHOICES[self.game](self, offered.pending, view)
        else:
            return False
        played = self.call(
            "play.game_submit",
            "Submitted",
            body=self.models.SubmitRequest(action=action, expected_sequence=offered.sequence),
            idempotency_key=uuid.uuid4().hex,
        )
        assert_typed(played.game, self.game, f"{self.name}GameDetail")
        return True

    def legal(self, action: Any) -> bool:
        """Whether the dry run finds ``action`` legal."""
        body = self.models.CheckRequest(action=action)
        return bool(self.call("play.game_check", "{name}Checked", body=body).legal)


def _numx_choice(bot: Bot, pending: Any, view: Any) -> Any:
    """A NUM-X distribution (the fewest cards, to unlocked rows) or Malus answer."""
    models, rng = bot.models, bot.rng
    if pending.kind == models.NumxPendingKindEnum.DISTRIBUTION:
        seats = [seat for seat in range(view.config.players) if seat not in view.locked]
        slots = [seat for seat in seats for _ in range(pending.cap)]
        count = 1 if pending.blank else pending.minimum
        placements = [
            {"card": card, "seat": seat, "face_up": True, "side": rng.choice(["left", "right"])}
            for card, seat in zip(pending.cards[:count], rng.sample(slots, count), strict=True)
        ]
        return models.NumxDistributeActionRequest.from_dict(
            {"type": "distribute", "placements": placements}
        )
    return models.NumxResolveActionRequest.from_dict(
        {
            "type": "resolve",
            "discard": rng.sample(view.hands[view.seat], pending.discard),
            "remove": rng.sample(range(len(view.rows[view.seat])), pending.remove),
            "place": [{"face_up": True, "side": "left"} for _ in pending.cards or []],
        }
    )


def _nmbr9_choice(bot: Bot, pending: Any, view: Any) -> Any:
    """An NMBR 9 placement: the first tile at 0,0, then the first the dry run finds legal
    right of my tiles."""
    place = bot.models.Nmbr9PlaceActionRequest.from_dict
    if pending.first:
        return place({"type": "place", "digit": pending.card, "x": 0, "y": 0, "turn": 0})
    right = max(tile.x for tile in view.stacks[view.seat])
    for turn in (0, 90, 180, 270):
        for x in range(right + 1, right + 6):
            for y in (0, -1, 1, -2, 2, -3, 3, -4, 4):
                action = place(
                    {"type": "place", "digit": pending.card, "x": x, "y": y, "turn": turn}
                )
                if bot.legal(action):
                    return action
    raise AssertionError(f"no placement of {pending.card} found right of {right}")


def _numenko_choice(bot: Bot, pending: Any, view: Any) -> Any:
    """A Numenko move keeping the grid: a tile of the hand exchanged, or nothing."""
    exchange = bot.rng.choice(pending.hand) if pending.hand else None
    return bot.models.NumenkoPlayActionRequest.from_dict({"type": "play", "exchange": exchange})


#: How the bot answers a game's choice too large to list (``pending``), from its
#: constraints and the seat's view. A game that never has one needs no line here.
CHOICES: dict[str, Callable[[Bot, Any, Any], Any]] = {
    "numx": _numx_choice,
    "nmbr9": _nmbr9_choice,
    "numenko": _numenko_choice,
}


@pytest.mark.parametrize("game", game_ids())
def test_a_generated_client_plays_a_whole_game_in_the_classes_of_its_game(
    generated: ModuleType,
    in_process: InProcess,
    alice: User,
    game: str,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The bot moves as fast as the test runs: far beyond a person's rate.
    monkeypatch.setattr(UserRateThrottle, "THROTTLE_RATES", {"user": "100000/minute"})
    client = generated.AuthenticatedClient(
        base_url="http://testserver",
        token=api_key(alice),
        prefix="Token",
        raise_on_unexpected_status=True,
        httpx_args={"transport": in_process},
    )
    bot = Bot(generated, client, game)
    bot.open(rule_set(game).min_players)
    for _ in range(MAX_MOVES):
        if not bot.play_once():
            break
    detail = bot.call("games.game", "{name}GameDetail")
    assert detail.status == bot.models.StatusEnum.FINISHED, json.dumps(detail.to_dict())[:2000]
    # The whole log, read back page after page (a long game has more than a page of
    # 500): each event is its game's class for its type.
    events: list[Any] = []
    while True:
        page = bot.call("games.game_events", "{name}EventPage", after=len(events), limit=500)
        events += page.results
        if not page.results:
            break
    assert events and events[-1].sequence == detail.last_sequence
    for event in events:
        kind = "".join(part.title() for part in event.to_dict()["type"].split("-"))
        assert type(event).__name__ == f"{bot.name}{kind}Event"
    log = bot.call("games.game_export", "{name}GameLog")
    assert [type(event).__name__ for event in log.events] == [
        f"{bot.name}{type(event).__name__.removeprefix(bot.name).removesuffix('Event')}LogEvent"
        for event in events
    ]
