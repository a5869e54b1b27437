"""Maya's "your turn" emails: in the game's own words (``Site.describe_task``), they say the
count and what the player holds, and never another player's secret number."""

import random
from collections.abc import Callable

import pytest
from django.contrib.auth.models import User
from django.core import mail
from django.utils import translation

from games.bots import play_bot_move
from games.descriptions import number
from games.engine.maya import MayaConfig, Phase
from games.engine.ruleset import BotLevel
from games.events import consumers, store
from games.lobby import game_join, game_open, game_start
from games.models import Game
from games.registry import rule_set
from games.rulesets.maya.descriptions import cards
from notifications.emails import compose
from notifications.models import Notification
from tests.members import speaks

from .conftest import sent_to

pytestmark = pytest.mark.django_db

Commit = Callable[[Callable[[], object]], object]


@pytest.fixture
def maya(alice: User, bob: User, commit: Commit) -> Game:
    game = game_open(creator=alice, name="Tikal", rules="maya", config={"players": 2})
    game_join(game=game, user=bob, token=game.invite_token)
    commit(
        lambda: (
            game_start(game=game, by=alice, rng=random.Random(3)),
            consumers.dispatch(game.pk),
        )
    )
    return game


def test_the_first_players_mail_says_the_count_their_cards_and_their_secret(maya: Game) -> None:
    now = store.load(maya.pk, maya.rules).state
    first = maya.seats.get(number=now.turn).user
    assert first is not None
    (message,) = sent_to(first.email)
    assert "Tikal" in message.subject and "your turn" in message.subject
    held = cards([str(card) for card in sorted(now.hands[now.turn])])
    assert f"The count is {number(now.total)}; you hold {held}" in message.body
    assert f"your secret number is {now.secrets[now.turn]}." in message.body
    assert all(
        f"secret number is {secret}" not in message.body
        for seat, secret in enumerate(now.secrets)
        if seat != now.turn and secret != now.secrets[now.turn]
    )


def test_the_mail_speaks_french_to_a_french_player(bob: User, alice: User, commit: Commit) -> None:
    for user in (alice, bob):
        speaks(user, "fr")
    mail.outbox.clear()
    game = game_open(creator=alice, name="Copán", rules="maya", config={"players": 2})
    game_join(game=game, user=bob, token=game.invite_token)
    commit(
        lambda: (game_start(game=game, by=alice, rng=random.Random(3)), consumers.dispatch(game.pk))
    )
    now = store.load(game.pk, game.rules).state
    first = game.seats.get(number=now.turn).user
    assert first is not None
    (message,) = sent_to(first.email)
    with translation.override("fr"):
        assert "Le décompte est de" in message.body and "votre nombre secret est" in message.body
    # What the deal gave the reader is said to them ("vous avez"), not of them ("vous a").
    secret = now.secrets[now.turn]
    assert f"Vous avez pioché le nombre secret {secret}." in message.body
    assert "Vous a " not in message.body


def joker_turned_up(seed: int) -> bool:
    """Whether ``game_start`` with ``seed`` deals a duel that turns up a Joker."""
    rules, rng = rule_set("maya"), random.Random(seed)
    now = rules.new_game(MayaConfig(2).to_json())
    while (action := rules.chance_action(now, rng)) is not None:
        now = rules.apply(now, -1, action)
    return bool(now.phase is Phase.START)


def test_the_dealer_of_a_joker_is_mailed_to_choose_the_starting_count(
    alice: User, bob: User, commit: Commit
) -> None:
    mail.outbox.clear()
    seed = next(seed for seed in range(300) if joker_turned_up(seed))
    game = game_open(creator=alice, name="Uxmal", rules="maya", config=MayaConfig(2).to_json())
    game_join(game=game, user=bob, token=game.invite_token)
    commit(
        lambda: (
            game_start(game=game, by=alice, rng=random.Random(seed)),
            consumers.dispatch(game.pk),
        )
    )
    (message,) = sent_to(bob.email)
    assert "A Joker is turned up: as the dealer, choose the count the game starts at" in (
        message.body
    )
    assert sent_to(alice.email) == []


def test_the_game_over_mail_tells_no_draw_as_a_move_now_revealed(maya: Game) -> None:
    """Failed before: the cards drawn before one's last move, shown once the game is over
    with every hand, made the mail repeat moves the player had read as "Now revealed — Léa:
    play -4 …", though nothing they did was secret: only a move made out of sight (another
    seat's placement of the same NMBR 9 card) is told as revealed."""
    rng = random.Random(5)
    # The heuristic's game: random moves rarely make a target, and play some 500.
    levels = dict.fromkeys((0, 1), BotLevel.HEURISTIC)
    while play_bot_move(maya, rng, levels=levels):
        maya.refresh_from_db()
    assert maya.finished_at is not None
    consumers.dispatch(maya.pk)
    for seat in (0, 1):
        player = maya.seats.get(number=seat).user
        assert player is not None
        ending = Notification.objects.get(game=maya, recipient=player, kind="game-end")
        assert "Now revealed" not in compose(ending).body
