"""A tournament table's game is named in each reader's language (#19), whoever started its
stage: on the lobby, the table, the emails, the answers to replies and the API. A name a
player gave their own game reads as typed in every language."""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractContextManager

import pytest
from django.contrib.auth.models import User
from django.core import mail
from django.test import Client

from games.lobby import game_open
from games.models import Game
from notifications.inbound import receive_bytes
from notifications.models import Notification
from notifications.tasks import send_notification
from tests.clients import token_client
from tests.members import speaks
from tests.notifications.replies import reply
from tournaments.models import Stage, Table, Tournament

from .conftest import Players, cup_to_the_final, register_all

pytestmark = pytest.mark.django_db

Login = Callable[[User], Client]
Capture = Callable[..., AbstractContextManager[object]]

ENGLISH = "Spring league: stage 1, table 2"
FRENCH = "Spring league\u00a0: ronde 1, table 2"


def table_two(stage: Stage) -> tuple[Game, User]:
    """Table 2's game and a player it waits for."""
    game = Table.objects.select_related("game").get(stage=stage, number=2).game
    return game, game.seats.select_related("user").filter(awaited=True).first().user


def started_by(alice: User, league: Tournament, make_players: Players, as_user: Login) -> Stage:
    """Alice starts stage 1 (two tables of four) from her dashboard, in her language."""
    register_all(league, make_players(8))
    response = as_user(alice).post(f"/tournaments/{league.pk}/organise/start/")
    assert response.status_code == 302
    return Stage.objects.get(tournament=league, number=1)


def pages(reader: User, game: Game, as_user: Login) -> dict[str, str]:
    browser = as_user(reader)
    return {
        "lobby": browser.get("/games/").content.decode(),
        "table": browser.get(f"/games/{game.pk}/").content.decode(),
    }


def emails(reader: User, game: Game) -> list[mail.EmailMessage]:
    """The "your turn" email and the daily digest ``reader`` gets for ``game``."""
    mail.outbox.clear()
    for kind, about in (("your-turn", game), ("digest", None)):
        notice = Notification.objects.create(
            game=about, sequence=game.last_sequence, recipient=reader, kind=kind
        )
        send_notification(notice.pk)
    return list(mail.outbox)


def answer_to_a_reply(turn: mail.EmailMessage, capture: Capture) -> mail.EmailMessage:
    """The site's answer when the player replies to ``turn`` with no move."""
    mail.outbox.clear()
    with capture(execute=True):
        receive_bytes(reply(turn, "Thanks, I will think about it"), [])
    (answer,) = mail.outbox
    return answer


def api_name(reader: User, game: Game, language: str) -> str:
    answer = token_client(reader).get(f"/api/games/{game.pk}/", HTTP_ACCEPT_LANGUAGE=language)
    assert answer.status_code == 200
    return str(answer.json()["name"])


@pytest.mark.parametrize(
    ("organiser", "stored", "reader", "shown", "your_turn"),
    [
        ("en", ENGLISH, "fr", FRENCH, "\u00a0: à vous de jouer"),
        ("fr", FRENCH, "en", ENGLISH, ": your turn"),
    ],
)
def test_a_reader_reads_a_table_in_their_language_whoever_started_it(
    alice: User,
    league: Tournament,
    make_players: Players,
    as_user: Login,
    django_capture_on_commit_callbacks: Capture,
    organiser: str,
    stored: str,
    reader: str,
    shown: str,
    your_turn: str,
) -> None:
    game, player = table_two(started_by(speaks(alice, organiser), league, make_players, as_user))
    assert game.name == stored, "kept in the organiser's language"
    player = speaks(player, reader)
    for page, text in pages(player, game, as_user).items():
        assert shown in text and stored not in text, page
    turn, digest = emails(player, game)
    assert turn.subject == shown + your_turn
    assert shown in digest.subject and shown in digest.body and stored not in digest.body
    answer = answer_to_a_reply(turn, django_capture_on_commit_callbacks)
    assert shown in answer.body and stored not in answer.body
    assert api_name(player, game, reader) == shown


def test_the_final_is_named_in_the_readers_language(
    alice: User, make_players: Players, as_user: Login
) -> None:
    _first, final = cup_to_the_final(alice, make_players(4))
    reader = speaks(final.players.first().entry.user, "fr")
    assert "Cup\u00a0: finale" in pages(reader, final.game, as_user)["table"]
    assert api_name(reader, final.game, "en") == "Cup: final"


@pytest.mark.parametrize("language", ["en", "fr"])
def test_a_name_a_player_typed_reads_as_typed_in_every_language(
    bob: User, as_user: Login, language: str
) -> None:
    # "Infinity" is also a message of the catalogue (a card, "Infini" in French): a typed
    # name is never looked up in it.
    game = game_open(creator=bob, name="Infinity", config={"players": 3, "mode": "speed-run"})
    reader = speaks(bob, language)
    shown = pages(reader, game, as_user)
    assert ">Infinity</a>" in shown["lobby"] and "<h1>Infinity</h1>" in shown["table"]
    assert "Infini<" not in shown["lobby"] + shown["table"]
    assert api_name(reader, game, language) == "Infinity"
