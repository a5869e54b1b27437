"""Numenko through the API and the commands: moves in notation and in JSON (a grid, an
exchange, fini), strict keys, refusals naming their rule and the first wrong line, the
pending move, seats moving in the same round from the same event, the live table's stale
moves, export / verify / import of a finished game, and ``simulate --rules numenko``."""

from __future__ import annotations

import json
import random
import re
from io import StringIO
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command
from rest_framework.test import APIClient

from games.engine.numenko import IllegalAction, parse_action, parse_grid
from games.engine.numenko.positions import arrange
from games.engine.numenko.rules import judge
from games.events.models import Event
from games.lobby import game_join, game_open, game_start
from games.models import Game
from games.rulesets.numenko.api import NOTATION_HELP
from tests.clients import token_client
from tests.games.conftest import finish

from .tables import (
    FULL_GRID,
    calculation,
    hand,
    last,
    numenko_game,
    played,
    stacked,
    state,
    wrong_calculation,
)

__all__ = ["stacked"]

pytestmark = pytest.mark.django_db


def submit(client: APIClient, game: Game, action: Any, seen: int | None = None) -> Any:
    body = {"action": action, "expected_sequence": last(game) if seen is None else seen}
    return client.post(f"/api/games/{game.pk}/actions/", body, format="json")


@pytest.fixture
def duel(alice: User, bob: User) -> Game:
    return numenko_game(alice, bob)


def test_a_grid_and_an_exchange_by_notation(alice: User, duel: Game) -> None:
    grid = calculation(duel, 0)
    given = hand(duel, 0)[-1]
    response = submit(token_client(alice), duel, f"exchange {given} grid {grid}")
    assert response.status_code == 201, response.json()
    (move,) = played(duel, 0)
    assert (move["grid"], move["exchange"], move["fini"]) == ([grid], given, False)
    assert response.json()["game"]["state"]["submission"]["grid"] == [grid]


def test_a_grid_by_its_json_form_in_french_words_too(alice: User, bob: User, duel: Game) -> None:
    grid = calculation(duel, 0)
    action = {"type": "play", "grid": [grid], "exchange": None, "fini": False}
    assert submit(token_client(alice), duel, action).status_code == 201
    assert played(duel, 0)[0]["grid"] == [grid]
    # The French keywords of the notation are read too.
    assert submit(token_client(bob), duel, "passe").status_code == 201
    assert played(duel, 1)[0]["grid"] is None


def test_fini_by_its_json_form(stacked: None, alice: User, bob: User) -> None:
    game = numenko_game(alice, bob)
    rows = [row.strip() for row in FULL_GRID.split("/")]
    response = submit(token_client(alice), game, {"type": "play", "grid": rows, "fini": True})
    assert response.status_code == 201, response.json()
    assert submit(token_client(bob), game, "pass").status_code == 201
    now = state(game)
    assert len(now.hands[0]) == 4 and now.last is not None and now.last.served[0]


def test_a_wrong_grid_is_refused_naming_its_rule_and_first_wrong_line(
    alice: User, duel: Game
) -> None:
    false, _right = wrong_calculation(duel, 0)
    events = Event.objects.count()
    response = submit(token_client(alice), duel, f"grid {false}")
    refused = response.json()
    assert response.status_code == 400 and refused["rule"] == "numenko.equal"
    assert refused["message"].startswith(f"{false} (across in row 1, columns 1-5): the left")
    assert refused["statement"].startswith("Both sides of the equals sign are equal")
    response = submit(token_client(alice), duel, "fini")
    assert response.status_code == 400 and response.json()["rule"] == "numenko.fini"
    assert response.json()["message"] == "21 of your tiles are not in your grid"
    assert Event.objects.count() == events


@pytest.mark.parametrize(
    "action",
    [
        {"type": "play", "grid": ["1+1=2"], "tiles": "11"},
        {"type": "play", "grid": "1+1=2"},
        {"type": "play", "exchange": "Q"},
        {"type": "play", "fini": "yes"},
        {"type": "deal", "hands": ["1", "2"]},
        "grid 1+1=2 / 2 ? 2",
        "exchange",
        "swap 7",
    ],
)
def test_unknown_keys_and_unreadable_moves_are_refused(
    alice: User, duel: Game, action: Any
) -> None:
    events = Event.objects.count()
    response = submit(token_client(alice), duel, action)
    assert response.status_code == 400 and response.json()["rule"] == "notation", response.json()
    assert Event.objects.count() == events


def test_legal_actions_give_the_move_to_make_as_pending(alice: User, bob: User, duel: Game) -> None:
    offered = token_client(alice).get(f"/api/games/{duel.pk}/legal-actions/").json()
    assert offered["rules"] == "numenko" and offered["listed"] == []
    pending = offered["pending"]
    assert pending["grid"] == [] and pending["hand"] == hand(duel, 0)
    assert pending["serves"] == {"exchange": True, "fini": True}
    assert "numenko.equal" in pending["rules"] and pending["notation"].startswith("pass |")
    assert submit(token_client(alice), duel, "pass").status_code == 201
    assert token_client(alice).get(f"/api/games/{duel.pk}/legal-actions/").json()["pending"] is None
    theirs = token_client(bob).get(f"/api/games/{duel.pk}/").json()["state"]
    assert theirs["submitted"] == [True, False] and theirs["hand"] == hand(duel, 1)


def test_both_seats_moving_in_the_same_round_from_the_same_event_are_both_recorded(
    alice: User, bob: User, duel: Game
) -> None:
    seen = last(duel)
    given = hand(duel, 0)[-1]
    for client, action in ((token_client(alice), f"exchange {given}"), (token_client(bob), "pass")):
        response = submit(client, duel, action, seen=seen)
        assert response.status_code == 201, response.json()
    assert state(duel).round == 2


def test_live_another_seats_move_leaves_a_move_whole_but_a_second_own_one_is_stale(
    alice: User, bob: User
) -> None:
    game = numenko_game(alice, bob, mode="live")
    seen = last(game)
    assert submit(token_client(bob), game, f"exchange {hand(game, 1)[0]}").status_code == 201
    grid = calculation(game, 0)
    assert submit(token_client(alice), game, f"grid {grid}", seen=seen).status_code == 201
    response = submit(token_client(alice), game, f"exchange {hand(game, 0)[0]}", seen=seen)
    assert response.status_code == 409
    assert len(played(game, 0)) == 1


def test_a_finished_numenko_game_is_exported_verified_and_imported(
    alice: User, bob: User, duel: Game, tmp_path: Path
) -> None:
    game = finish(duel)
    path = tmp_path / "numenko.json"
    call_command("numx", "export", str(game.pk), "--output", str(path), stderr=StringIO())
    log = json.loads(path.read_text())
    assert log["rules"] == "numenko"
    out = StringIO()
    call_command("numx", "verify", str(path), stdout=out)
    assert json.loads(out.getvalue())["events"] == game.last_sequence
    out = StringIO()
    call_command("numx", "import", str(path), "--name", "Copy", stdout=out)
    copy = Game.objects.get(pk=json.loads(out.getvalue())["game_id"])
    assert (copy.rules, copy.status) == ("numenko", Game.Status.FINISHED)
    # The export of a finished game holds every tile: the deal's and each exchange's.
    exported = token_client(alice).get(f"/api/games/{game.pk}/export/").json()
    (deal,) = [e for e in exported["events"] if e["type"] == "deal"]
    assert [len(hand) for hand in deal["payload"]["hands"]] == [20, 20]
    exchanges = [e["payload"]["exchange"] for e in exported["events"] if e["type"] == "play"]
    assert "?" not in exchanges


@pytest.mark.parametrize("mode", ["rounds", "live"])
def test_simulate_plays_numenko_games_to_the_end(mode: str) -> None:
    out = StringIO()
    args = ["simulate", "--rules", "numenko", "--games", "2", "--players", "3", "--seed", "4"]
    call_command("numx", *args, "--config", json.dumps({"mode": mode}), stdout=out)
    result = json.loads(out.getvalue())
    assert (result["rules"], result["games_finished"], result["errors"]) == ("numenko", 2, 0)
    assert result["config"] == {"players": 3, "mode": mode}


def test_the_schema_gives_numenkos_move_its_typed_grid(alice: User) -> None:
    response = token_client(alice).get(
        "/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json"
    )
    schemas = json.loads(response.content)["components"]["schemas"]
    play = schemas["NumenkoPlayAction"]
    assert play["additionalProperties"] is False
    assert set(play["properties"]) == {"type", "grid", "exchange", "fini"}
    assert play["properties"]["grid"]["type"] == ["array", "null"]
    assert set(schemas["NumenkoView"]["properties"]) >= {"grids", "pot", "hand", "submitted"}


def test_live_another_seats_move_that_ends_the_game_refuses_a_pending_move_as_over(
    alice: User, bob: User
) -> None:
    """Alice is content; both read the game; Bob asks for nothing too, and every player
    being content ends the game: Alice's move, sent from before, is refused for the game
    being over (400, as any move to a finished game, whatever sequence it carries), not
    played."""
    game = numenko_game(alice, bob, mode="live")
    assert submit(token_client(alice), game, "pass").status_code == 201
    seen = last(game)
    assert submit(token_client(bob), game, "pass").status_code == 201
    assert state(game).ending is not None
    grid = calculation(game, 0)
    response = submit(token_client(alice), game, f"grid {grid}", seen=seen)
    assert response.status_code == 400 and response.json()["rule"] == "numenko.over"
    assert len(played(game, 0)) == 1


#: A grid written after `grid` in a text a player or a bot copies from: rows of the
#: notation's characters separated by " / " (placeholders such as ROWS are not grids).
WRITTEN_GRID = re.compile(r"\bgrid ([0-9F.x:=+\-\[\]]+(?: / [0-9F.x:=+\-\[\]]+)*)")


@pytest.mark.parametrize(
    "where",
    ["docs/rules-numenko.md", "docs/bots-api.md", "the refusal of unreadable notation"],
)
def test_every_grid_written_as_an_example_is_one_the_rules_accept(where: str) -> None:
    """The examples of the rules page, of the bots' page and of the answer to a move that
    cannot be read are what players and bot authors copy: each must lay out a grid the
    rules accept, given its tiles (and one more in hand, so that it need not say fini)."""
    if where.startswith("docs/"):
        text = (Path(__file__).resolve().parents[3] / where).read_text()
    else:
        text = str(NOTATION_HELP)
    grids = WRITTEN_GRID.findall(text)
    assert grids
    refused = {}
    for rows in grids:
        tiles = "".join(tile.value for tile in parse_grid(rows).tiles)
        try:
            judge(arrange(["", ""], [tiles + "0", ""]), 0, parse_action(f"grid {rows}"))
        except IllegalAction as illegal:
            refused[rows] = illegal.message
    assert refused == {}


@pytest.mark.parametrize(("mode", "started"), [("live", 0), ("rounds", 1)])
def test_a_tables_round_is_0_until_it_starts_and_stays_0_at_a_live_table(
    alice: User, bob: User, mode: str, started: int
) -> None:
    """Failed before: an open table said round 1, a live one 0 once started."""
    table = game_open(
        creator=alice,
        name="Sums",
        rules="numenko",
        config={"players": 2, "mode": mode},
        public=True,
    )
    game_join(game=table, user=bob)
    client = token_client(alice)

    def rounds() -> list[int]:
        listed = client.get("/api/games/").json()["results"]
        detail = client.get(f"/api/games/{table.pk}/").json()
        return [*(game["round"] for game in listed if game["id"] == table.pk), detail["round"]]

    assert rounds() == [0, 0]
    game_start(game=table, by=alice, rng=random.Random(4))
    assert rounds() == [started, started]
