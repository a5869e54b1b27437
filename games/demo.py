"""A demo for newcomers (``make run``): two players, a finished game to replay, a game in
progress against a bot, a game of NUM-X Objectifs in progress against bots, a Numenko game
a few rounds in against bots, and whatever the apps around the platform seed on
:data:`seeded` (the tournaments app: a tournament). Seeding twice changes nothing."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from allauth.account.models import EmailAddress
from django.contrib.auth import get_user_model
from django.db import transaction
from django.dispatch import Signal

from games import players
from games.bots import play_bot_move
from games.engine.ruleset import BotLevel
from games.events import store
from games.events.log import import_log, log_of_history
from games.lobby import game_add_bot, game_join, game_open, game_start, new_config
from games.models import Game
from games.registry import rule_set
from games.simulation import play_random_game

EMAILS = ("alice@demo.numx", "bob@demo.numx")
PASSWORD = "numx-demo-password"
#: The demo's game and the options of its two games (``lobby.new_config`` reads them).
RULES = "numx"
FINISHED_OPTIONS = {"players": 4, "mode": "x-game"}
PLAYING_OPTIONS = {"players": 3, "mode": "speed-run"}
PLAYING = "Alice, Bob and a bot (demo)"
FINISHED = "A finished X-Game (demo)"
#: NUM-X's sibling game, Objectifs: its game in progress, the demo players and two bots.
OBJECTIFS = "objectifs"
OBJECTIFS_OPTIONS = {"players": 4}
OBJECTIFS_PLAYING = "NUM-X Objectifs: Alice, Bob and two bots (demo)"
#: A Numenko table for three, Alice and two bots, a few rounds in: Alice's moves so far are
#: the level-1 bot's, so grids lie on the table and her turn is next.
NUMENKO = "Alice and two bots at Numenko (demo)"
NUMENKO_OPTIONS = {"players": 3}
NUMENKO_ROUNDS = 2


#: Sent once the demo's players and games exist, with ``players``: the demo's two members
#: (Alice first). Apps the platform does not import (tournaments) seed their own part of
#: the demo here, as idempotently, and return ``(what, path)``: a page of it to print.
seeded = Signal()


@dataclass(frozen=True)
class Seeded:
    playing: int
    finished: int
    #: ``(what, path)`` of more pages: the Objectifs and Numenko games', and those the
    #: receivers of :data:`seeded` made.
    more: list[tuple[str, str]] = field(default_factory=list)


def seed() -> Seeded:
    alice, bob = (player(email) for email in EMAILS)
    finished = Game.objects.filter(name=FINISHED).first()
    if finished is None:
        # Played in memory by bots, then loaded as a verified log: one replay, one commit.
        rules = rule_set(RULES)
        config = new_config(RULES, FINISHED_OPTIONS)
        _state, history = play_random_game(rules, config, random.Random(2026))
        seats = [f"Bot {n}" for n in range(1, config["players"] + 1)]
        finished = import_log(log_of_history(RULES, config, seats, history, FINISHED))
    playing = Game.objects.filter(name=PLAYING).first()
    if playing is None:
        with transaction.atomic():
            playing = game_open(
                creator=alice,
                name=PLAYING,
                config=new_config(RULES, PLAYING_OPTIONS),
                public=True,  # listed on the home page, for a newcomer to watch
            )
            game_join(game=playing, user=bob, token=playing.invite_token)
            game_add_bot(game=playing, by=alice)
        game_start(game=playing, by=alice, rng=random.Random(7))
    objectifs = Game.objects.filter(name=OBJECTIFS_PLAYING).first() or _objectifs(alice, bob)
    more = [("an Objectifs game in progress", f"/games/{objectifs.pk}/")]
    numenko = Game.objects.filter(name=NUMENKO).first() or numenko_game(alice)
    more.append(("a Numenko game against bots", f"/games/{numenko.pk}/"))
    more += [page for _receiver, page in seeded.send(sender=Seeded, players=[alice, bob])]
    return Seeded(playing=playing.pk, finished=finished.pk, more=more)


def _objectifs(alice: object, bob: object) -> Game:
    """Alice, Bob and two bots start a game of Objectifs: the bots lay their malus cards at
    once, and the set-up waits for the two demo players."""
    with transaction.atomic():
        game = game_open(
            creator=alice,
            name=OBJECTIFS_PLAYING,
            rules=OBJECTIFS,
            config=new_config(OBJECTIFS, OBJECTIFS_OPTIONS),
            public=True,
        )
        game_join(game=game, user=bob, token=game.invite_token)
        game_add_bot(game=game, by=alice)
        game_add_bot(game=game, by=alice)
    return game_start(game=game, by=alice, rng=random.Random(11))


def numenko_game(alice: object) -> Game:
    """:data:`NUMENKO`, started, its first :data:`NUMENKO_ROUNDS` rounds played by level 1
    for every seat, Alice's included: her turn is next."""
    with transaction.atomic():
        game = game_open(
            creator=alice,
            name=NUMENKO,
            rules="numenko",
            config=new_config("numenko", NUMENKO_OPTIONS),
            public=True,
        )
        game_add_bot(game=game, by=alice)
        game_add_bot(game=game, by=alice)
    game_start(game=game, by=alice, rng=random.Random(2026))
    # Every seat still to move plays level 1's move (the bots may have moved already, when
    # the consumers ran after the commit), until round NUMENKO_ROUNDS + 1 opens.
    rules = rule_set("numenko")
    rng = random.Random(2026)
    levels = dict.fromkeys(range(NUMENKO_OPTIONS["players"]), BotLevel.HEURISTIC)
    while rules.progress(store.load(game.pk, "numenko").state).round <= NUMENKO_ROUNDS:
        play_bot_move(game, rng, levels=levels)
    game.refresh_from_db()
    return game


def player(email: str) -> object:
    """The demo member of ``email`` (made with the demo's password and, as display name,
    the address's name part capitalised: these addresses are the demo's own)."""
    user_model = get_user_model()
    user = user_model.objects.filter(email=email).first()
    if user is None:
        # The whole address as user name: a member who signed up as dan@example.com already
        # holds "dan", and the demo must still seed on that site (make run seeds every time).
        user = user_model.objects.create_user(email, email, PASSWORD)
        EmailAddress.objects.create(user=user, email=email, verified=True, primary=True)
        players.give_name(user, email.split("@")[0].capitalize())
    return user
