"""Moves by email reply work for every game of the platform: NUM-X, Maya, NMBR 9 and the
tests' Toy (which letters its moves through the adapter's ``likely_moves``). A game whose
moves can be listed gets letters; one whose moves cannot (NMBR 9's placements) is told so
and answered in its notation."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest
from django.contrib.auth.models import User
from django.core import mail

from games.events import store
from games.lobby import game_join, game_open, game_start
from games.models import Game
from games.registry import game_ids, rule_set
from notifications.models import InboundMail
from notifications.reply_address import find_token
from tests.toygame.fixtures import toy_installed

from .replies import reply
from .test_replies import Commit, deliver, lettered, played, turn_mail

__all__ = ["toy_installed"]

pytestmark = pytest.mark.django_db


def two_player_config(rules: str) -> dict[str, object]:
    """The game's first example configuration for two players (the registry's games and
    the tests' Toy alike)."""
    engine = rule_set(rules)
    return next(config for config in engine.example_configs() if config["players"] == 2)


@pytest.fixture(params=[*game_ids(), "toy"])
def rules(request: pytest.FixtureRequest) -> str:
    if request.param == "toy":
        request.getfixturevalue("toy_installed")
    return str(request.param)


def start(rules: str, alice: User, bob: User, commit: Callable[..., object]) -> Game:
    config = two_player_config(rules)
    game = game_open(creator=alice, name=f"By mail ({rules})", rules=rules, config=config)
    game_join(game=game, user=bob, token=game.invite_token)
    commit(lambda: game_start(game=game, by=alice, rng=random.Random(5)))
    return game


def test_every_game_every_seat_it_waits_for_plays_by_reply(
    rules: str, alice: User, bob: User, commit: Commit
) -> None:
    game = start(rules, alice, bob, commit)
    engine = rule_set(rules)
    loaded = store.load(game.pk, rules)
    awaited = sorted(engine.awaiting(loaded.state) - {engine.chance})
    assert awaited, "the game waits for somebody after its deal"
    mails = {seat: turn_mail(("alice", "bob")[seat] + "@example.com") for seat in awaited}
    for seat, message in mails.items():
        assert find_token(message.reply_to).token is not None
        letters = lettered(message)
        if letters:
            expected = letters["A"]
            answer = "A"
        else:
            # Too many moves to list: the mail says so, and the reply is the notation.
            assert "This choice is too large to list" in message.body
            now = store.load(game.pk, rules).state
            expected = str(engine.bot_action(now, seat, random.Random(seat)))
            answer = expected
        mail.outbox.clear()
        deliver(commit, reply(message, answer, client="thunderbird", language="fr"))
        assert InboundMail.objects.latest("pk").outcome == "played"
        assert played(game, seat) == [expected]
    game.refresh_from_db()
    if game.status == Game.Status.RUNNING:
        # Whoever the game waits for now was mailed a reply address for the new state.
        after = store.load(game.pk, rules).state
        for seat in engine.awaiting(after) - {engine.chance}:
            message = turn_mail(("alice", "bob")[seat] + "@example.com")
            token = find_token(message.reply_to).token
            assert token is not None and token.sequence == game.last_sequence


def test_a_turn_mail_offers_no_reply_the_reader_does_not_read(
    rules: str, alice: User, bob: User, commit: Commit
) -> None:
    """Failed before for NMBR 9 and Numenko, whose first mails write no list: their notation
    ended "or sent as its JSON form" (the API's words), but a reply is read as notation only,
    and a reply in JSON is no move; a friend reading the mail does not know what JSON is."""
    game = start(rules, alice, bob, commit)
    engine = rule_set(rules)
    for seat in engine.awaiting(store.load(game.pk, rules).state) - {engine.chance}:
        message = turn_mail(("alice", "bob")[seat] + "@example.com")
        html = str(message.alternatives[0][0])  # type: ignore[attr-defined]
        assert "JSON" not in message.body and "JSON" not in html


def test_the_adapters_likely_moves_choose_the_letters(
    toy_installed: str, alice: User, bob: User, commit: Commit
) -> None:
    game = start("toy", alice, bob, commit)
    first = store.load(game.pk, "toy").state.turn
    message = turn_mail(("alice", "bob")[first] + "@example.com")
    assert lettered(message) == {"A": "take 3", "B": "take 2", "C": "take 1"}
