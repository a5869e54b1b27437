"""A Numenko game's recorded events replay to the game played, and a forged event does not:
the replay judges every grid, exchange and draw again as the rules do when the move is
made (a log read back, a game rebuilt from its events)."""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest

from games.engine.numenko.calculation import fault
from games.engine.numenko.tiles import ORDER, written
from games.events.log import log_of_history
from games.events.store import Recorded, Unreplayable, replay
from games.registry import rule_set
from games.simulation import play_random_game

RULES = rule_set("numenko")
CONFIG = {"players": 3, "mode": "rounds"}


@pytest.fixture(scope="module")
def played() -> tuple[Any, list[dict[str, Any]]]:
    """A game of random bots, its final state and its events as the site exports them."""
    final, history = play_random_game(RULES, CONFIG, random.Random(45))
    log = log_of_history("numenko", CONFIG, ["A", "B", "C"], history, "replayed")
    return final, log["events"]


def replayed(events: list[dict[str, Any]], upto: int | None = None) -> Any:
    """The state after the events (up to number ``upto``), replayed as the store does."""
    return replay(
        RULES,
        None,
        (
            Recorded(e["sequence"], e["type"], e["seat"], e["payload"], e["recorded_at"])
            for e in events[:upto]
        ),
    )


def refusal(events: list[dict[str, Any]], number: int, **payload: Any) -> str:
    """The rule the replay names when event ``number``'s payload is changed by ``payload``."""
    forged = copy.deepcopy(events)
    forged[number - 1]["payload"].update(payload)
    with pytest.raises(Unreplayable) as refused:
        replayed(forged)
    assert refused.value.sequence == number
    return str(getattr(refused.value.__cause__, "rule", refused.value.__cause__))


def first(events: list[dict[str, Any]], kind: str, **wanted: Any) -> dict[str, Any]:
    return next(
        e
        for e in events
        if e["type"] == kind and all(e["payload"].get(k) == v for k, v in wanted.items())
    )


def test_the_events_replay_to_the_game_played(played: tuple[Any, list[dict[str, Any]]]) -> None:
    final, events = played
    assert replayed(events) == final


def test_a_grid_of_tiles_the_seat_does_not_own_is_refused(
    played: tuple[Any, list[dict[str, Any]]],
) -> None:
    _, events = played
    move = next(e for e in events if e["type"] == "play" and e["payload"].get("grid"))
    # Eleven nines: the box holds ten.
    assert refusal(events, move["sequence"], grid=["99999=99999x9"]) == "numenko.tiles"


def test_a_grid_whose_calculation_is_false_is_refused(
    played: tuple[Any, list[dict[str, Any]]],
) -> None:
    _, events = played
    move = next(e for e in events if e["type"] == "play" and e["payload"].get("grid") is not None)
    (row,) = move["payload"]["grid"]
    # The same tiles, one place further round: no longer a true calculation.
    turned = row[1:] + row[0]
    assert fault(turned.replace("F", "")) is not None
    rule = refusal(events, move["sequence"], grid=[turned])
    assert rule.startswith("numenko.") and rule != "numenko.tiles"


def test_an_exchange_of_a_tile_not_in_hand_is_refused(
    played: tuple[Any, list[dict[str, Any]]],
) -> None:
    _, events = played
    move = first(events, "play", grid=None, fini=False)
    hand = replayed(events, move["sequence"] - 1).hands[move["seat"]]
    absent = next(tile for tile in ORDER if tile not in hand)
    assert refusal(events, move["sequence"], exchange=absent.value) == "numenko.exchange"


def test_a_draw_of_tiles_the_pot_does_not_hold_is_refused(
    played: tuple[Any, list[dict[str, Any]]],
) -> None:
    _, events = played
    last = [e for e in events if e["type"] == "draw" and e["payload"]["tiles"][0]][-1]
    before = replayed(events, last["sequence"] - 1)
    seat = last["payload"]["order"][0]
    ask = before.asked[seat]
    returned = () if ask.tile is None else (ask.tile,)
    absent = next(tile for tile in ORDER if tile not in (*before.pot, *returned))
    tiles = list(last["payload"]["tiles"])
    tiles[0] = written((absent,) * ask.request.draws)
    assert refusal(events, last["sequence"], tiles=tiles) == "numenko.draw"
    tiles[0] = tiles[0] + tiles[0]
    assert refusal(events, last["sequence"], tiles=tiles) == "numenko.draw"
