"""NUM-X Objectifs through the API and the commands: moves in notation and in JSON, strict
keys, refusals naming their rule, a Facteur X racing the cover of its pli, the answers
matching the OpenAPI schema, export / verify / import of a finished game, and
``simulate --rules objectifs``."""

from __future__ import annotations

import json
import random
from io import StringIO
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command
from rest_framework.test import APIClient

from games.engine.objectifs import (
    RULES,
    Echange,
    Lay,
    MalusPlus,
    ObjectifsState,
    Pass,
    Phase,
    Play,
    Replace,
)
from games.events import store
from games.events.models import Event
from games.models import Game
from games.rulesets.objectifs import descriptions
from tests.api.test_schema import conforms, openapi
from tests.clients import token_client

from .conftest import advance, last, legal, start, state

pytestmark = pytest.mark.django_db

#: The schema check of the API's own tests, used here for Objectifs' answers.
__all__ = ["conforms", "openapi"]


def submit(client: APIClient, game: Game, action: Any, sequence: int | None = None) -> Any:
    body = {"action": action, "expected_sequence": last(game) if sequence is None else sequence}
    return client.post(f"/api/games/{game.pk}/actions/", body, format="json")


def moved(game: Game, seat: int) -> Any:
    """``seat``'s last recorded move, as the engine reads it."""
    event = Event.objects.filter(game=game, seat=seat).latest("sequence")
    return RULES.action_from_json(store.action_json(event.payload))


@pytest.fixture
def duel(alice: User, bob: User) -> Game:
    return start([alice, bob], seed=6)


def clients(game: Game) -> dict[int, APIClient]:
    return {seat.number: token_client(seat.user) for seat in game.seats.all()}


# Moves in notation and in JSON -----------------------------------------------------------


def test_the_set_up_is_played_in_notation_and_in_json(duel: Game) -> None:
    now = state(duel)
    by = clients(duel)
    first = Lay(tuple(sorted(now.hands[0])[:2]))
    response = submit(by[0], duel, str(first))
    assert response.status_code == 201, response.json()
    seen = response.json()["game"]["state"]
    assert seen["laid"] == [True, False] and seen["lays"][1] is None
    assert seen["lays"][0] == [str(card) for card in first.cards]
    second = Lay(tuple(sorted(now.hands[1])[-2:]))
    response = submit(by[1], duel, RULES.action_to_json(second))
    assert response.status_code == 201, response.json()
    assert (moved(duel, 0), moved(duel, 1)) == (first, second)
    assert state(duel).phase is Phase.PLAY


@pytest.mark.parametrize(
    ("kind", "position"),
    [
        (Play, lambda now, a: bool(a.rows) and a.action is None),
        (Play, lambda now, a: a.action is not None),
        (Echange, lambda now, a: True),
        (MalusPlus, lambda now, a: True),
        (Pass, lambda now, a: True),
    ],
    ids=["pli-with-a-malus-card", "pli-with-an-action", "echange", "malus-plus", "pass"],
)
def test_each_kind_of_move_is_played_by_notation_then_by_json(
    duel: Game, kind: type, position: Any
) -> None:
    by = clients(duel)
    for form in ("notation", "json"):

        def found(now: ObjectifsState) -> bool:
            return now.phase is Phase.PLAY and any(
                position(now, a) for a in legal(now, now.turn, kind)
            )

        now = advance(duel, found, seed=len(form))
        action = next(a for a in legal(now, now.turn, kind) if position(now, a))
        sent = str(action) if form == "notation" else RULES.action_to_json(action)
        response = submit(by[now.turn], duel, sent)
        assert response.status_code == 201, (sent, response.json())
        assert moved(duel, now.turn) == action


def test_a_draw_from_the_pile_and_from_a_malus_card(duel: Game) -> None:
    by = clients(duel)
    now = advance(
        duel,
        lambda now: (
            now.phase is Phase.PLAY
            and any(d.card is not None for d in legal(now, now.turn) if str(d).startswith("draw"))
        ),
    )
    seat = now.turn
    taken = next(a for a in legal(now, seat) if str(a).startswith("draw ") and "@" in str(a))
    response = submit(by[seat], duel, RULES.action_to_json(taken))
    assert response.status_code == 201, response.json()
    assert response.json()["game"]["state"]["hand_sizes"][seat] == len(now.hands[seat]) + 1
    now = advance(duel, lambda now: now.phase is Phase.PLAY and bool(now.pile))
    response = submit(by[now.turn], duel, "draw")
    assert response.status_code == 201, response.json()
    (event,) = Event.objects.filter(game=duel, sequence=last(duel))
    assert event.payload["facts"]["from_pile"][str(now.turn)] == [str(now.pile[0])]


def test_the_completions_at_the_end_of_a_trick_by_notation_and_json(duel: Game) -> None:
    by = clients(duel)
    now = advance(duel, lambda now: now.phase is Phase.REPLACE and all(now.due))
    seen = last(duel)
    first, second = (legal(now, seat, Replace) for seat in (0, 1))
    assert submit(by[0], duel, str(first[-1]), seen).status_code == 201
    # The other completes against the state it saw: its choice rested on nothing that moved.
    response = submit(by[1], duel, RULES.action_to_json(second[0]), seen)
    assert response.status_code == 201, response.json()
    assert (moved(duel, 0), moved(duel, 1)) == (first[-1], second[0])


def test_legal_actions_list_each_move_with_its_words(duel: Game) -> None:
    by = clients(duel)
    listed = by[0].get(f"/api/games/{duel.pk}/legal-actions/").json()
    assert listed["rules"] == "objectifs" and listed["pending"] is None
    assert all(move["notation"].startswith("lay ") for move in listed["listed"])
    assert listed["listed"][0]["description"].endswith(" as malus cards")
    now = advance(duel, lambda now: now.phase is Phase.PLAY)
    other = 1 - now.turn
    # No Facteur X on an empty centre: the other player has nothing to do.
    assert by[other].get(f"/api/games/{duel.pk}/legal-actions/").json()["listed"] == []
    words = [
        m["description"]
        for m in by[now.turn].get(f"/api/games/{duel.pk}/legal-actions/").json()["listed"]
    ]
    assert "draw a card from the pile" in words


# Strict keys, refusals ------------------------------------------------------------------------


@pytest.mark.parametrize(
    "action",
    [
        {"type": "play", "cards": ["7"], "colour": "red"},
        {"type": "play", "cards": ["7"], "rows": [{"seat": 1, "card": "3", "face": "up"}]},
        {"type": "play", "cards": [], "action": {"type": "pass"}},
        {"type": "echange", "target": "everyone"},
        {"type": "malus", "card": "malus+1/+1", "target": 1, "extra": 2},
        {"type": "replace", "cards": [], "draws": -1},
        {"type": "lay"},
        {"type": "deal", "order": []},
        "play 7 as 7 as 7",
        "lay 14 15",
        "dance",
    ],
)
def test_unknown_keys_and_unreadable_moves_are_refused(duel: Game, action: Any) -> None:
    events = Event.objects.count()
    response = submit(clients(duel)[0], duel, action)
    assert response.status_code == 400 and response.json()["rule"] == "notation", response.json()
    assert Event.objects.count() == events


def test_an_illegal_move_names_its_rule(duel: Game) -> None:
    by = clients(duel)
    now = state(duel)
    held = {str(card) for card in now.hands[0]}
    missing = next(v for v in ("13", "12", "11", "10", "9") if v not in held)
    response = submit(by[0], duel, f"lay {missing} {missing}")
    assert response.status_code == 400
    assert response.json()["rule"] == "hand.has-cards"
    assert response.json()["statement"] == "You can only lay cards you hold."
    response = submit(by[0], duel, "pass")
    assert response.status_code == 400 and response.json()["rule"] == "game.phase"


def test_a_facteur_x_and_the_cover_of_its_pli_race_through_the_api(
    alice: User, bob: User, mallory: User
) -> None:
    game = start([alice, bob, mallory], seed=4)
    now = advance(
        game,
        lambda now: (
            now.phase is Phase.PLAY
            and any(legal(now, s, Play) for s in range(3) if s != now.turn)
            and any(p.action is None for p in legal(now, now.turn, Play))
        ),
    )
    by = clients(game)
    seen = last(game)
    out = next(s for s in range(3) if s != now.turn and legal(now, s, Play))
    facteur = legal(now, out, Play)[0]
    listed = by[out].get(f"/api/games/{game.pk}/legal-actions/").json()["listed"]
    assert str(facteur) in [move["notation"] for move in listed]
    response = submit(by[out], game, str(facteur), seen)
    assert response.status_code == 201, response.json()
    cover = next(p for p in legal(now, now.turn, Play) if p.action is None)
    response = submit(by[now.turn], game, str(cover), seen)
    assert response.status_code == 409
    assert response.json()["game"]["state"]["plis"][-1]["out_of_turn"] is True


# The schema ---------------------------------------------------------------------------------


@pytest.fixture
def as_alice(alice: User) -> APIClient:
    """Who reads the schema that ``conforms`` checks against."""
    return token_client(alice)


def test_what_players_and_spectators_read_matches_the_schema(
    duel: Game, mallory: User, conforms: Any
) -> None:
    by = clients(duel)
    watcher = token_client(mallory)
    url = f"/api/games/{duel.pk}/"
    for moment in (
        lambda now: now.phase is Phase.SETUP,
        lambda now: now.phase is Phase.PLAY and now.trick.top is not None,
        lambda now: now.phase is Phase.REPLACE,
        lambda now: bool(now.results),
    ):
        advance(duel, moment)
        for client in (*by.values(), watcher):
            seen = conforms(client.get(url))
            conforms(client.get(url + "events/", {"limit": 500}))
        assert seen["state"]["hands"] == [None, None]
        for client in by.values():
            conforms(client.get(url + "legal-actions/"))
    now = state(duel)
    seat = min(RULES.awaiting(now) - {RULES.chance})
    action = RULES.legal_actions(now, seat).sample(random.Random(1))
    conforms(submit(by[seat], duel, RULES.action_to_json(action)))


# A finished game ------------------------------------------------------------------------------


def test_a_finished_game_is_exported_verified_imported_and_its_secrets_revealed(
    duel: Game, alice: User, tmp_path: Path
) -> None:
    advance(duel, RULES.is_terminal)
    assert duel.status == Game.Status.FINISHED
    path = tmp_path / "objectifs.json"
    call_command("numx", "export", str(duel.pk), "--output", str(path), stderr=StringIO())
    log = json.loads(path.read_text())
    assert log["rules"] == "objectifs"
    out = StringIO()
    call_command("numx", "verify", str(path), stdout=out)
    verified = json.loads(out.getvalue())
    assert verified["events"] == duel.last_sequence and verified["phase"] == "game-over"
    out = StringIO()
    call_command("numx", "import", str(path), "--name", "Copy", stdout=out)
    copy = Game.objects.get(pk=json.loads(out.getvalue())["game_id"])
    assert (copy.rules, copy.status) == ("objectifs", Game.Status.FINISHED)
    assert RULES.outcome(state(copy)) == RULES.outcome(state(duel))
    exported = token_client(alice).get(f"/api/games/{duel.pk}/export/").json()
    deals = [e for e in exported["events"] if e["type"] == "deal"]
    assert len(deals) == 5 and all(len(e["payload"]["order"]) == 91 for e in deals)
    ended = [e for e in exported["events"] if e["type"] == "round-ended"]
    assert [e["payload"]["round"] for e in ended] == [1, 2, 3, 4, 5]
    final = token_client(alice).get(f"/api/games/{duel.pk}/").json()["state"]
    lines = final["outcome"]["breakdown"][0]
    assert [line["rule"] for line in lines[:3]] == [
        "round-1.malus",
        "round-1.hand",
        "round-1.objective",
    ]
    assert descriptions.score_rule(lines[0]["rule"]) == "round 1: malus cards"


def test_simulate_plays_objectifs_games_to_the_end() -> None:
    out = StringIO()
    args = ["simulate", "--rules", "objectifs", "--games", "3", "--players", "4", "--seed", "2"]
    call_command("numx", *args, "--config", '{"infinity_four": true}', stdout=out)
    result = json.loads(out.getvalue())
    assert (result["rules"], result["games_finished"], result["errors"]) == ("objectifs", 3, 0)
    assert result["config"] == {"infinity_four": True, "players": 4}
