"""What players read of a withdrawal: the game's history and replay say that the player
withdrew, or was withdrawn, from the tournament (not that they resigned), in English and
French (docs/tournaments.md, "Points per table")."""

from __future__ import annotations

import html
import random
import re
from collections.abc import Callable
from datetime import timedelta

import pytest
from django.contrib.auth.models import User
from django.core import mail
from django.test import Client
from django.utils import timezone

from games import deadlines
from games.endings import resign
from games.events import consumers
from games.events.models import Event
from games.models import Game, Seat
from tests.members import speaks
from tournaments.models import Tournament
from tournaments.services import entry_withdraw

from .conftest import Players, first_stage, open_for_a_day, play_out

pytestmark = pytest.mark.django_db

Login = Callable[[User], Client]
OnCommit = Callable[..., object]


def withdrawn_mid_game(
    organiser: User, players: list[User], gone: User, capture: OnCommit
) -> tuple[Tournament, Game]:
    """The four ``players`` at the one table of the organiser's "Spring cup", played for a
    while, then ``gone`` withdrawn by the organiser (themselves, if ``gone`` is the
    organiser), what that commits run: the tournament and the game."""
    tournament = open_for_a_day(organiser, "Spring cup", table_size=4)
    game = first_stage(tournament, players, seed=4).tables.get().game
    play_out(game, random.Random(4), moves=10)
    with capture(execute=True):
        entry_withdraw(entry=tournament.entries.get(user=gone), by=organiser, rng=random.Random(4))
    return tournament, game


def _lines(page: str) -> list[str]:
    """The sentences of a history page's list (or a replay's step), tags taken out."""
    found = re.findall(r"<li(?:\s[^>]*)?>(.*?)</li>", page, re.S)
    return [html.unescape(re.sub(r"<[^>]+>", "", line)).strip() for line in found]


def _withdrawal_step(game: Game) -> int:
    (step,) = Event.objects.filter(game=game, type="resigned").values_list("sequence", flat=True)
    return step


def _read(reader: Client, game: Game) -> tuple[list[str], str]:
    """The game's history, and its replay at the withdrawal, as ``reader`` reads them."""
    history = _lines(reader.get(f"/games/{game.pk}/history/").content.decode())
    replay = reader.get(f"/games/{game.pk}/replay/?step={_withdrawal_step(game)}")
    return history, html.unescape(replay.content.decode())


@pytest.mark.parametrize(
    ("who", "language", "said"),
    [
        ("themselves", "en", "alice withdrew from the tournament."),
        ("themselves", "fr", "alice a mis fin à sa participation au tournoi."),
        ("by the organiser", "en", "The organiser withdrew player1 from the tournament."),
        ("by the organiser", "fr", "L’organisation a retiré player1 du tournoi."),
    ],
)
def test_a_withdrawn_player_reads_so_in_the_history_the_replay_and_the_api(
    who: str,
    language: str,
    said: str,
    alice: User,
    make_players: Players,
    as_user: Login,
    django_capture_on_commit_callbacks: OnCommit,
) -> None:
    """Alice organises; she withdraws her own entry mid-game (she plays too), or another
    player's. Failed before: the game's history and its replay said "alice resigned."
    ("alice a abandonné."), "player1 resigned.", as if they had given up the game."""
    players = [alice, *make_players(3)] if who == "themselves" else make_players(4)
    gone = players[0]
    _tournament, game = withdrawn_mid_game(alice, players, gone, django_capture_on_commit_callbacks)
    reader = as_user(speaks(players[1], language))

    history, replay = _read(reader, game)

    assert said in history
    assert not [line for line in history if line.startswith(gone.username) and "resign" in line]
    assert f"{gone.username} a abandonné." not in history
    assert said in replay
    # The API's event log says it too, its event as recorded.
    step = _withdrawal_step(game)
    answer = reader.get(f"/api/games/{game.pk}/events/", {"after": step - 1, "limit": 1})
    (event,) = answer.json()["results"]
    assert event["description"] == said
    assert (event["type"], event["action"]) == ("resigned", {"withdrawn": True})
    assert "by_player" not in event


def test_a_player_who_resigned_before_being_withdrawn_still_reads_resigned(
    alice: User,
    make_players: Players,
    as_user: Login,
    django_capture_on_commit_callbacks: OnCommit,
) -> None:
    """Their resignation was their own: the history says it as such, once (the
    withdrawal that followed records no second resignation)."""
    players = make_players(4)
    tournament = open_for_a_day(alice, "Spring cup", table_size=4)
    game = first_stage(tournament, players, seed=4).tables.get().game
    play_out(game, random.Random(4), moves=10)
    gone = Seat.objects.get(game=game, number=0).user
    assert gone is not None
    resign(game=game, user=gone)
    with django_capture_on_commit_callbacks(execute=True):
        entry_withdraw(entry=tournament.entries.get(user=gone), by=alice, rng=random.Random(4))

    history, _replay = _read(as_user(players[1]), game)

    assert f"{gone.username} resigned." in history
    assert not [line for line in history if "withdr" in line]


@pytest.mark.parametrize(
    ("language", "subject", "said", "page_says"),
    [
        (
            "en",
            "Spring cup: you withdrew",
            "You withdrew from Spring cup: you will be seated at no further stage, and you "
            "keep the points you earned.",
            "You withdrew from this tournament.",
        ),
        (
            "fr",
            "Spring cup\u00a0: vous avez mis fin à votre participation",
            "Vous avez mis fin à votre participation au tournoi Spring cup\u00a0: vous ne "
            "jouerez plus aucune ronde, et vous gardez les points gagnés.",
            "Vous avez mis fin à votre participation à ce tournoi.",
        ),
    ],
)
def test_an_organiser_who_withdraws_their_own_entry_is_told_in_the_first_person(
    language: str,
    subject: str,
    said: str,
    page_says: str,
    alice: User,
    make_players: Players,
    as_user: Login,
    django_capture_on_commit_callbacks: OnCommit,
) -> None:
    """Failed before: Alice, withdrawing herself, was mailed "Spring cup: the organiser has
    withdrawn you" and "alice has withdrawn you from Spring cup", as if from someone else,
    and her registration page said "The organiser withdrew you from this tournament."."""
    speaks(alice, language)
    players = [alice, *make_players(3)]
    tournament = open_for_a_day(alice, "Spring cup", table_size=4)
    first_stage(tournament, players, seed=4)
    mail.outbox.clear()
    ask = f"/tournaments/{tournament.pk}/organise/players/"
    ask += f"{tournament.entries.get(user=alice).pk}/withdraw/"

    with django_capture_on_commit_callbacks(execute=True):
        done = as_user(alice).post(ask, follow=True)

    assert page_says.rstrip(".") in html.unescape(done.content.decode())
    (told,) = [m for m in mail.outbox if m.to == [alice.email]]
    assert told.subject == subject
    assert told.body.startswith(said)
    assert "withdrawn you" not in told.body and "alice a mis fin" not in told.body
    page = html.unescape(
        as_user(alice).get(f"/tournaments/{tournament.pk}/register/").content.decode()
    )
    assert page_says in page


@pytest.mark.parametrize(
    ("language", "words"),
    [
        (
            "en",
            [
                "Withdraw from this tournament?",
                "This cannot be undone: you will be seated at no further stage and cannot "
                "register again.",
                "At the table being played now, a bot takes your seat at once and the table "
                "gives you 0 points, with no place.",
            ],
        ),
        (
            "fr",
            [
                "Mettre fin à votre participation à ce tournoi\u00a0?",
                "C’est sans retour\u00a0: vous ne jouerez plus aucune ronde et ne pourrez pas "
                "vous réinscrire.",
                "À la table en cours, un bot prend aussitôt votre place et la table vous donne "
                "0 point et aucune place.",
            ],
        ),
    ],
)
def test_the_question_before_withdrawing_oneself_speaks_to_the_organiser(
    language: str, words: list[str], alice: User, make_players: Players, as_user: Login
) -> None:
    """Failed before: "Withdraw alice?", "alice will be seated at no further stage", "a bot
    takes their seat", of the organiser reading it about themselves."""
    speaks(alice, language)
    tournament = open_for_a_day(alice, "Spring cup", table_size=4)
    first_stage(tournament, [alice, *make_players(3)], seed=4)
    entry = tournament.entries.get(user=alice)

    page = as_user(alice).get(f"/tournaments/{tournament.pk}/organise/players/{entry.pk}/withdraw/")

    text = html.unescape(page.content.decode())
    for sentence in words:
        assert sentence in text
    assert "alice" not in text.split("<main", 1)[1].split("</main>", 1)[0].replace("alice@", "")


def test_a_player_who_timed_out_then_was_withdrawn_reads_both_in_that_order(
    alice: User,
    make_players: Players,
    as_user: Login,
    django_capture_on_commit_callbacks: OnCommit,
) -> None:
    """The clock moved for a late player, then the organiser withdrew them. Failed before:
    the tables page and the game-over mail said "(withdrawn)" only, as if the organiser had
    taken off a player still playing, and the API's forfeit "withdrawn", though its rule
    is the first that happened. The standings mark them withdrawn, as any withdrawal."""
    players = make_players(4)
    speaks(players[2], "fr")
    tournament = open_for_a_day(alice, "Spring cup", table_size=4)
    game = first_stage(tournament, players, seed=4).tables.get().game
    rng = random.Random(9)
    while game.seats.filter(awaited=True).count() != 1:
        play_out(game, rng, moves=1)
    late = game.seats.get(awaited=True)
    Seat.objects.filter(pk=late.pk).update(
        vacation_days=0, awaited_since=timezone.now() - timedelta(days=8)
    )
    assert deadlines.tick()["timeouts"] == 1
    assert late.user is not None
    entry_withdraw(entry=tournament.entries.get(user=late.user), by=alice, rng=rng)
    play_out(game, rng)
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        consumers.dispatch(game.pk)
    reader = players[1] if late.user != players[1] else players[0]
    name = late.user.username

    english = next(m for m in mail.outbox if m.to == [reader.email])
    assert f"- No place: {name} (timed out, then withdrawn): 0 points" in english.body
    french = next(m for m in mail.outbox if m.to == [players[2].email] and players[2] != late.user)
    assert f"- Sans place\u00a0: {name} (délai dépassé, puis retrait)\u00a0: 0 point" in french.body
    tables = as_user(reader).get(f"/tournaments/{tournament.pk}/tables/").content.decode()
    assert f"{name} (timed out, then withdrawn)" in tables
    answer = as_user(reader).get(f"/api/tournaments/{tournament.pk}/").json()
    (api_table,) = answer["stage_list"][0]["tables"]
    (left,) = [p for p in api_table["players"] if p["forfeit"] is not None]
    assert (left["name"], left["forfeit"]) == (name, "timed-out")
    standings = as_user(reader).get(f"/tournaments/{tournament.pk}/standings/").content.decode()
    assert f"{name}</a> (withdrawn)" in standings
