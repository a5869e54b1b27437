"""No hand and no objective leaks: through a game played on by the engine's bot, every player
and a spectator read the table, the API's view and event log, and the "your turn" email,
and none of them ever shows another player's hand, another's objective before the round is
scored, another's set-up choice before all are in, the draw pile or a deal's order."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client

from games.engine.objectifs import RULES, ObjectifsState
from games.events import store
from games.models import Game
from games.rulesets.objectifs import descriptions
from games.services import game_submit
from notifications.emails import compose
from notifications.models import Notification
from tests.clients import token_client

from .conftest import start

pytestmark = pytest.mark.django_db

#: How many moves the game is played on, and every how many moves everything is read.
MOVES, EVERY = 150, 12


def hidden_facts(entry: dict[str, Any], viewer: int | None, scored: int) -> list[str]:
    """What an event log entry shows that ``viewer`` must not see, ``scored`` rounds
    being scored: other seats' dealt and drawn cards, objectives of a round not scored, the
    deal's order."""
    shown = []
    facts = entry.get("facts") or {}
    mine = None if viewer is None else str(viewer)
    for key in ("dealt", "from_pile"):
        for holder, cards in (facts.get(key) or {}).items():
            if holder != mine and any(card is not None for card in cards):
                shown.append(f"{key} of {holder}")
    if facts.get("round", 0) > scored:
        for holder, objective in (facts.get("objectives") or {}).items():
            if holder != mine and objective is not None:
                shown.append(f"objective of {holder}")
    if "order" in entry["action"]:
        shown.append("the deal's order")
    return shown


def check_everything(game: Game, now: ObjectifsState, viewers: dict[int | None, User]) -> None:
    scored = len(now.results)
    setting_up = now.phase.value == "setup"
    for seat, user in viewers.items():
        others = [s for s in range(now.players) if s != seat]
        secret = [
            descriptions.objective_text(objective.value)
            for s, objective in enumerate(now.objectives)
            if s != seat and objective is not None
        ]
        client = Client()
        client.force_login(user)
        for headers in ({}, {"HTTP_HX_REQUEST": "true"}):
            page = client.get(f"/games/{game.pk}/", **headers).content.decode()
            assert "Every hand" not in page
            assert not [said for said in secret if said in page], (seat, now.phase)
            if scored == 0:
                names = [
                    descriptions.objective(o.value)
                    for s, o in enumerate(now.objectives)
                    if s != seat and o is not None
                ]
                assert not [n for n in names if f"Objective: {n}<" in page]
            assert ('aria-label="Your hand"' in page) == (seat is not None)
        api = token_client(user)
        seen = api.get(f"/api/games/{game.pk}/").json()["state"]
        assert [s for s, h in enumerate(seen["hands"]) if h is not None] == (
            [] if seat is None else [seat]
        )
        assert all(seen["objectives"][s] is None for s in others)
        assert all(seen["lays"][s] is None for s in others)
        assert seen["pile"] is None and seen["objective_pile"] is None
        log = api.get(f"/api/games/{game.pk}/events/", {"limit": 500}).json()["results"]
        for entry in log:
            assert hidden_facts(entry, seat, scored) == [], (seat, entry["sequence"])
            if setting_up and entry["type"] == "lay" and entry["seat"] != seat:
                laid_now = (entry["action"].get("effects") or {}).get("round") == now.round_no
                assert not (laid_now and "cards" in entry["action"]), entry
        if seat is not None:
            notice = Notification.objects.create(
                game=game, sequence=game.last_sequence, recipient=user, kind="your-turn"
            )
            body = str(compose(notice).body)
            assert not [said for said in secret if said in body], (seat, now.phase)
            held = re.findall(r"You hold ([^\n]*?)\.(?: |\n|$)", body)
            own = descriptions.cards([str(card) for card in sorted(now.hands[seat])]) or "no card"
            assert held in ([], [own]), (held, own)


def test_no_hand_or_objective_leaks_through_a_view_an_event_or_a_mail(
    alice: User, bob: User, mallory: User, carol: User
) -> None:
    game = start([alice, bob, mallory], seed=21)
    viewers: dict[int | None, User] = {0: alice, 1: bob, 2: mallory, None: carol}
    rng = random.Random(21)
    rounds_seen = set()
    for move in range(MOVES):
        loaded = store.load(game.pk, game.rules)
        now: ObjectifsState = loaded.state
        if RULES.is_terminal(now):
            break
        if move % EVERY == 0 or (now.phase.value == "setup" and move % 4 == 0):
            game.refresh_from_db()
            check_everything(game, now, viewers)
            rounds_seen.add((now.round_no, now.phase.value))
        seat = rng.choice(sorted(RULES.awaiting(now) - {RULES.chance}))
        action = RULES.bot_action(now, seat, rng)
        game_submit(game_id=game.pk, seat=seat, action=action, expected_sequence=loaded.sequence)
    # The checks saw set-ups, plays and, past a scored round, the next one.
    assert {phase for _round, phase in rounds_seen} >= {"setup", "play"}
    assert max(round_no for round_no, _phase in rounds_seen) >= 2
