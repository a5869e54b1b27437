"""What happened: the table's latest events newest first, and the whole history page."""

import random
import re
from collections.abc import Callable

import pytest
from django.contrib.auth.models import User
from django.test import Client

from games.bots import bot_seats, play_bot_move
from games.engine.numx import EDITION, SECOND_EDITION
from games.events.models import Event
from games.lobby import game_open
from games.models import Game
from games.presenters import HISTORY_LENGTH
from games.services import game_create

pytestmark = pytest.mark.django_db

Login = Callable[[User], Client]


def numbers(page: str, section: str = 'class="history') -> list[int]:
    """The event numbers listed in the page's history, top to bottom."""
    start = page.index(section)
    return [int(n) for n in re.findall(r'<li value="(\d+)">', page[start:])]


def played_on(game: Game, moves: int) -> Game:
    rng = random.Random(3)
    for _ in range(moves):
        assert play_bot_move(game, rng)
    game.refresh_from_db()
    return game


def test_the_table_shows_the_latest_events_newest_first(
    alice: User, duel: Game, as_user: Login
) -> None:
    game = played_on(duel, 40)
    shown = numbers(as_user(alice).get(f"/games/{game.pk}/").content.decode())
    assert shown[0] == game.last_sequence
    assert shown == sorted(shown, reverse=True) and len(shown) == HISTORY_LENGTH
    assert "<ol reversed" in as_user(alice).get(f"/games/{game.pk}/").content.decode()


def test_the_whole_history_lists_every_event_newest_first_each_linked_to_its_step(
    alice: User, duel: Game, as_user: Login
) -> None:
    game = played_on(duel, 40)
    table = as_user(alice).get(f"/games/{game.pk}/").content.decode()
    assert f'href="/games/{game.pk}/history/"' in table
    page = as_user(alice).get(f"/games/{game.pk}/history/").content.decode()
    assert numbers(page) == list(range(game.last_sequence, 0, -1))
    assert f'href="/games/{game.pk}/replay/?step=1"' in page


def test_a_spectator_reads_the_public_history_without_links_to_a_replay_they_may_not_see(
    alice: User, mallory: User, duel: Game, as_user: Login
) -> None:
    game = played_on(duel, 10)
    mine = as_user(alice).get(f"/games/{game.pk}/history/").content.decode()
    theirs = as_user(mallory).get(f"/games/{game.pk}/history/").content.decode()
    assert numbers(theirs) == numbers(mine)
    assert "/replay/?step=" not in theirs
    # Alice's own picks are named to her and hidden from the spectator.
    # Each reads it as themselves: the spectator is nobody at the table.
    assert "You: " in mine and "You: " not in theirs


def test_a_game_still_waiting_for_players_has_no_history(alice: User, as_user: Login) -> None:
    game = game_open(creator=alice, name="Soon", config={"players": 3})
    assert as_user(alice).get(f"/games/{game.pk}/history/").status_code == 404


def a_malus_on_all(edition: int) -> Game:
    """A three-bot Speed Run of rules ``edition`` played until a Malus is aimed at ``all``
    (the first of a few seeded games that aims one)."""
    config = {"players": 3, "mode": "speed-run", "edition": edition}
    for seed in range(10):
        rng = random.Random(seed)
        # Public: Alice, who is not seated, watches it.
        seats = bot_seats(3, automatic=False)
        game = game_create(name="Malus", config=config, seats=seats, rng=rng, public=True)
        malus_on_all = Event.objects.filter(game=game, type="malus", payload__target="all")
        while not malus_on_all.exists() and play_bot_move(game, rng):
            pass
        if malus_on_all.exists():
            return game
    raise AssertionError(f"ten edition-{edition} games without a Malus on all")


@pytest.mark.parametrize(
    ("edition", "language", "said", "not_said"),
    [
        (EDITION, "en", "every opponent", "everyone"),
        (EDITION, "fr", "chaque adversaire", "tous les joueurs"),
        (SECOND_EDITION, "en", "everyone", "every opponent"),
        (SECOND_EDITION, "fr", "tous les joueurs", "chaque adversaire"),
    ],
)
def test_a_malus_on_all_hits_every_opponent_from_edition_3_and_everyone_before(
    alice: User, as_user: Login, edition: int, language: str, said: str, not_said: str
) -> None:
    # From edition 3 a Malus on all spares its player: older games say what it did in them.
    game = a_malus_on_all(edition)
    page = (
        as_user(alice)
        .get(f"/games/{game.pk}/history/", HTTP_ACCEPT_LANGUAGE=language)
        .content.decode()
    )
    aimed_at = re.findall(r"Malus \([^)]*\) (?:on|sur) ([^.<]+)", page)
    assert said in aimed_at and not_said not in aimed_at
