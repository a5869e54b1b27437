"""Numenko games for the site's tests: tables opened through the lobby, the move form posted
as a browser posts it, a legal grid for a seat, and a stacked deal for a seat that can lay
every tile (to say fini)."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from hashlib import sha256
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client

from games.engine.numenko import Deal, NumenkoState, Phase, Play, parse_grid
from games.engine.numenko.solver import laid_alone
from games.engine.numenko.tiles import bag, tile_of, without
from games.events import store
from games.events.models import Event
from games.lobby import game_join, game_open, game_start
from games.models import Game
from games.registry import rule_set

NUMENKO = rule_set("numenko")
#: A hand (20 tiles, the Freechoice comes on top) that :data:`FULL_GRID` lays whole.
FULL_HAND = "11111111" + "22" + "6" + "M" * 9
#: Every tile of :data:`FULL_HAND` and its Freechoice in one grid: 1+1+1+1+1+1=6 across, and
#: 1+1=2 down through its first and third 1s.
FULL_GRID = "1F+1+1+1+1+1=6 / +...+ / 1...1 / =...= / 2...2"


def numenko_game(alice: User, *others: User, mode: str = "rounds", seed: int = 4) -> Game:
    """A public started game of ``mode`` between Alice (seat 0) and ``others``."""
    game = game_open(
        creator=alice,
        name="Sums",
        rules="numenko",
        config={"players": 1 + len(others), "mode": mode},
        public=True,
    )
    for other in others:
        game_join(game=game, user=other, token=game.invite_token)
    return game_start(game=game, by=alice, rng=random.Random(seed))


def state(game: Game) -> NumenkoState:
    loaded: NumenkoState = store.load(game.pk, game.rules).state
    return loaded


def last(game: Game) -> int:
    game.refresh_from_db()
    return game.last_sequence


def hand(game: Game, seat: int) -> str:
    return "".join(tile.value for tile in state(game).hands[seat])


def calculation(game: Game, seat: int) -> str:
    """A grid of one short calculation (``a o b = c``, one digit each) the seat's number
    tiles and Multichoices lay, its Freechoice left aside."""
    tiles = state(game).tiles_of(seat)
    for a in range(1, 10):
        for b in range(1, 10):
            for sign, value in (("+", a + b), ("x", a * b), ("-", a - b)):
                text = f"{a}{sign}{b}={value}"
                laid = laid_alone(text, tiles) if 0 <= value <= 9 else None
                if laid is not None and str(laid) == text:
                    return text
    raise AssertionError(f"no short calculation in {hand(game, seat)}")


def wrong_calculation(game: Game, seat: int) -> tuple[str, str]:
    """A calculation of the seat's tiles with its result changed to another digit it holds:
    (the false one, the right one)."""
    right = calculation(game, seat)
    left, result = right.split("=")
    owned = state(game).tiles_of(seat)
    spare = without(owned, parse_grid(right).tiles)
    other = next(t.value for t in spare if t.value.isdigit() and t.value != result)
    return f"{left}={other}", right


def post(
    client: Client,
    game: Game,
    grid: str,
    ask: str = "nothing",
    tile: str = "",
    key: str = "",
    seen: int | None = None,
    **headers: str,
) -> Any:
    """The move form posted as htmx posts it: the grid written out, what to ask the pot
    for (the button pressed), the tile to give back; ``seen``: the event the page showed
    (the latest if None)."""
    sequence = last(game) if seen is None else seen
    data = {
        "form": "play",
        "play-expected_sequence": str(sequence),
        "play-idempotency_key": key or sha256(f"{sequence}{grid}{ask}{tile}".encode()).hexdigest(),
        "play-grid": grid,
        "play-ask": ask,
        "play-tile": tile,
    }
    return client.post(f"/games/{game.pk}/move/", data, HTTP_HX_REQUEST="true", **headers)


def rows(game: Game, seat: int) -> str:
    """The seat's grid as it stands, written out as the form shows it."""
    return " / ".join(state(game).grids[seat].rows())


def page_of(client: Client, game: Game, **headers: str) -> str:
    return str(client.get(f"/games/{game.pk}/", **headers).content.decode())


def played(game: Game, seat: int) -> list[dict[str, Any]]:
    """The moves ``seat`` recorded, as their payloads."""
    return [
        event.payload
        for event in Event.objects.filter(game=game, seat=seat, type="play").order_by("sequence")
    ]


def bot_move(game: Game, seat: int, rng_seed: int = 0) -> Play:
    """The level-1 bot's move for ``seat`` now."""
    action = NUMENKO.bot_action(state(game), seat, random.Random(rng_seed))
    assert isinstance(action, Play)
    return action


@pytest.fixture
def stacked(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Chance deals seat 0 :data:`FULL_HAND` (the others what follows in the pot), and
    draws as usual after that: a seat that can lay every tile at its first move."""
    rules = type(NUMENKO)
    draw: Callable[..., Any] = rules.chance_action

    def deal_first(self: Any, now: NumenkoState, rng: random.Random) -> Any:
        if now.phase is not Phase.DEAL:
            return draw(self, now, rng)
        mine = bag(tile_of(char) for char in FULL_HAND)
        rest = list(without(now.pot, mine))
        rng.shuffle(rest)
        size = now.config.hand_size
        others = [bag(rest[at * size : (at + 1) * size]) for at in range(now.players - 1)]
        return Deal((mine, *others))

    monkeypatch.setattr(rules, "chance_action", deal_first)
    yield
