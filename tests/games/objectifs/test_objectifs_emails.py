"""NUM-X Objectifs by mail: the "your turn" email says the moment in the game's words (the
player's own hand and objective, never another's), letters the likeliest moves, speaks
French to a French player; a reply plays a lettered move, and a Facteur X is offered by
mail out of turn and played by a reply in notation."""

from __future__ import annotations

import random

import pytest
from django.contrib.auth.models import User
from django.core import mail

from games.engine.objectifs import RULES, Lay, Phase, Play
from games.events import consumers
from games.lobby import game_join, game_open, game_start
from games.models import Game
from games.rulesets.objectifs import descriptions
from notifications.models import InboundMail
from tests.members import speaks
from tests.notifications.conftest import sent_to
from tests.notifications.replies import reply
from tests.notifications.test_replies import deliver, lettered, played, turn_mail

from .conftest import Commit, advance, legal, state

pytestmark = pytest.mark.django_db


def started(users: list[User], commit: Commit, seed: int = 3) -> Game:
    game = game_open(
        creator=users[0], name="Cinq manches", rules="objectifs", config={"players": len(users)}
    )
    for user in users[1:]:
        game_join(game=game, user=user, token=game.invite_token)
    commit(lambda: (game_start(game=game, by=users[0], rng=random.Random(seed)),))
    commit(lambda: consumers.dispatch(game.pk))
    return game


def test_the_set_up_mail_says_my_hand_and_objective_and_letters_the_lowest_pairs(
    alice: User, bob: User, commit: Commit
) -> None:
    game = started([alice, bob], commit)
    now = state(game)
    for seat, user in enumerate((alice, bob)):
        message = turn_mail(user.email)
        assert "Cinq manches" in message.subject
        body = str(message.body)
        hand = [str(card) for card in sorted(now.hands[seat])]
        # Said once, with the deal the mail recounts (not again below it).
        assert body.count(descriptions.cards(hand)) == 1
        assert f"Your hand: {descriptions.cards(hand)}." in body
        objective = now.objectives[seat]
        other = now.objectives[1 - seat]
        assert objective is not None and other is not None
        assert descriptions.objective_text(objective.value) in body
        assert descriptions.objective_text(other.value) not in body
        letters = lettered(message)
        assert len(letters) == 8
        lays = [RULES.parse_action(notation) for notation in letters.values()]
        worth = [sum(card.points for card in lay.cards) for lay in lays if isinstance(lay, Lay)]
        assert worth == sorted(worth) and len(worth) == 8


def test_a_reply_lays_the_malus_cards_its_letter_names(
    alice: User, bob: User, commit: Commit
) -> None:
    game = started([alice, bob], commit)
    message = turn_mail(alice.email)
    chosen = lettered(message)["B"]
    mail.outbox.clear()
    deliver(commit, reply(message, "B", client="thunderbird"))
    assert InboundMail.objects.latest("pk").outcome == "played"
    assert played(game, 0) == [chosen]


def test_the_mail_speaks_french_to_a_french_player(alice: User, bob: User, commit: Commit) -> None:
    speaks(bob, "fr")
    started([alice, bob], commit)
    (message,) = sent_to(bob.email)
    body = str(message.body)
    assert "Choisissez deux cartes de votre main" in body and "Votre Objectif — " in body


def test_a_facteur_x_is_offered_by_mail_out_of_turn_and_played_by_reply(
    alice: User, bob: User, mallory: User, commit: Commit
) -> None:
    game = started([alice, bob, mallory], commit, seed=4)
    now = advance(
        game,
        lambda now: (
            now.phase is Phase.PLAY and any(legal(now, s, Play) for s in range(3) if s != now.turn)
        ),
    )
    mail.outbox.clear()
    commit(lambda: consumers.dispatch(game.pk))
    out = next(s for s in range(3) if s != now.turn and legal(now, s, Play))
    user = (alice, bob, mallory)[out]
    (message,) = [m for m in sent_to(user.email) if "out of turn" in m.subject]
    body = str(message.body)
    assert "You may lay a Facteur X out of turn on the pli on top" in body
    facteur = str(legal(now, out, Play)[0])
    assert facteur in body
    deliver(commit, reply(message, facteur, client="gmail"))
    assert InboundMail.objects.latest("pk").outcome == "played"
    assert played(game, out)[-1] == facteur
    assert state(game).trick.owner == out
