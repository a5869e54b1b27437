"""Resigning and calling a game off, whatever the game: what the players and the others see."""

from __future__ import annotations

import html
import random
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core import mail
from django.test import Client

from games.bots import play_bot_move
from games.endings import (
    EndingForbidden,
    EndingRefused,
    abort,
    abort_refusal,
    resign,
    take_off,
)
from games.events.log import LogError, export_game, import_log, verify
from games.events.models import Event
from games.lobby import game_add_bot, game_join, game_open, game_start
from games.models import Game, Seat
from games.moves import legal_moves, read_move
from games.registry import rule_set
from games.services import Aborted, HandedOver, game_submit
from games.tasks import play_bots
from notifications.models import Notification
from ratings.models import Rating
from tests.conftest import person
from tests.members import speaks

pytestmark = pytest.mark.django_db


def _table(rules: str, config: dict[str, Any], players: list[User], bots: int = 0) -> Game:
    game = game_open(creator=players[0], name="Table", rules=rules, config=config, public=True)
    for other in players[1:]:
        game_join(game=game, user=other, token=game.invite_token)
    for _bot in range(bots):
        game_add_bot(game=game, by=players[0])
    return game_start(game=game, by=players[0], rng=random.Random(3))


def _move(game: Game, seat: int, by: User) -> None:
    """``by`` plays the first legal move listed for ``seat``."""
    moves = legal_moves(game, seat)
    action = read_move(rule_set(game.rules), moves.listed[0].action)
    game_submit(
        game_id=game.pk, seat=seat, action=action, expected_sequence=moves.sequence, actor=by
    )


def _play_until_awaited(game: Game, seat: int) -> None:
    """Other seats' moves (by the commands, as bots do) until the game waits for ``seat``."""
    rng = random.Random(4)
    game.refresh_from_db()
    while seat not in game.awaiting:
        others = [other for other in game.awaiting if other != seat]
        assert play_bot_move(game, rng, only=others), "nobody else can move"
        game.refresh_from_db()


# Resigning ------------------------------------------------------------------------------


def test_a_two_player_game_resigned_is_won_by_the_other_and_played_to_its_end(
    alice: User, bob: User, committed: Callable[..., Any]
) -> None:
    game = _table("maya", {"players": 2}, [alice, bob])
    mail.outbox.clear()

    committed(lambda: resign(game=game, user=alice))

    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    resigned = Event.objects.get(game=game, type="resigned")
    assert resigned.seat == 0 and resigned.actor_id == alice.pk
    seats = {seat.user_id: seat for seat in game.seats.all()}
    assert seats[alice.pk].resigned and not seats[alice.pk].winner
    assert seats[bob.pk].winner and not seats[bob.pk].resigned
    # Bots finished it: Bob was asked for no move, and both heard how it ended.
    # (Alice heard when Bob filled her table, before the game: not about its moves.)
    kinds = set(
        Notification.objects.filter(game=game, sequence__gt=0).values_list("recipient_id", "kind")
    )
    assert kinds == {(alice.pk, "game-end"), (bob.pk, "game-end")}
    (over,) = [sent for sent in mail.outbox if alice.email in sent.to]
    assert "(resigned)" in str(over.body) and "(winner)" in str(over.body)
    # Rated: Bob above Alice.
    mu = dict(Rating.objects.values_list("user_id", "mu"))
    assert mu[bob.pk] > mu[alice.pk]


def test_in_a_three_player_game_the_others_play_on_against_a_bot(
    alice: User, bob: User, carol: User, committed: Callable[..., Any]
) -> None:
    game = _table("numx", {"players": 3}, [alice, bob, carol])

    committed(lambda: resign(game=game, user=bob))

    game.refresh_from_db()
    assert game.status == Game.Status.RUNNING
    bob_seat = Seat.objects.get(game=game, user=bob)
    assert bob_seat.resigned and bob_seat.handed_over_at is not None
    # Bob's seat is never his turn again: the lists and the clock leave it out.
    assert not Seat.objects.filter(game=game, user=bob, awaited=True).exists()
    with pytest.raises(HandedOver):
        game_submit(
            game_id=game.pk, seat=bob_seat.number, action=None, expected_sequence=0, actor=bob
        )
    # When the game waits for Bob's seat, a bot moves for it at once.
    before = Event.objects.filter(game=game, seat=bob_seat.number).count()
    committed(lambda: _play_until_awaited(game, bob_seat.number))
    game.refresh_from_db()
    assert Event.objects.filter(game=game, seat=bob_seat.number).count() > before
    assert bob_seat.number not in game.awaiting or game.status == Game.Status.FINISHED


def test_resigning_twice_or_without_a_seat_is_refused(
    alice: User, bob: User, carol: User, committed: Callable[..., Any]
) -> None:
    game = _table("numx", {"players": 3}, [alice, bob, carol])
    committed(lambda: resign(game=game, user=alice))

    with pytest.raises(EndingRefused, match="already"):
        resign(game=game, user=alice)
    with pytest.raises(EndingForbidden):
        resign(game=game, user=person("dave"))
    assert Event.objects.filter(game=game, type="resigned").count() == 1


@pytest.mark.parametrize("first", ["resigns", "is taken off"])
def test_when_all_but_one_resigned_the_last_one_wins(
    first: str, alice: User, bob: User, carol: User, committed: Callable[..., Any]
) -> None:
    """Alice's seat taken off counts as her resignation. Failed before: it still counted
    as being played; when Carol resigned, Bob played on alone, and resigning then made him
    a resigned player, not the winner."""
    game = _table("numx", {"players": 3, "mode": "speed-run"}, [alice, bob, carol])

    if first == "resigns":
        committed(lambda: resign(game=game, user=alice))
    else:
        committed(lambda: take_off(game=game, seat=0, by=person("dave")))
    assert Seat.objects.get(game=game, number=0).handed_over_at is not None
    resign(game=game, user=carol)  # its bots have not moved yet

    with pytest.raises(EndingRefused, match="you have won"):
        resign(game=game, user=bob)
    committed(lambda: play_bots(game.pk))
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    winners = set(game.seats.filter(winner=True).values_list("user_id", flat=True))
    assert winners == {bob.pk}


def test_a_person_who_resigns_against_bots_lets_them_finish(
    alice: User, committed: Callable[..., Any]
) -> None:
    game = _table("nmbr9", {"players": 2}, [alice], bots=1)

    committed(lambda: resign(game=game, user=alice))

    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    assert not game.seats.get(user=alice).winner


# Taken off -------------------------------------------------------------------------------


def test_a_two_player_game_whose_player_is_taken_off_is_won_by_the_other(
    alice: User, bob: User, carol: User, committed: Callable[..., Any]
) -> None:
    """Failed before: the seat taken off went to a bot, but Bob was left to play out a
    decided game against it, asked for his moves with his deadlines running."""
    game = _table("maya", {"players": 2}, [alice, bob])

    committed(lambda: take_off(game=game, seat=0, by=carol))

    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    seats = {seat.number: seat for seat in game.seats.all()}
    assert seats[0].resigned and seats[0].former_user == alice and not seats[0].winner
    assert seats[1].user == bob and seats[1].winner and not seats[1].resigned
    resigned = Event.objects.get(game=game, type="resigned")
    assert resigned.seat == 0 and resigned.actor_id == carol.pk


def test_a_player_taken_off_after_winning_by_default_keeps_the_win(
    alice: User, bob: User, carol: User, committed: Callable[..., Any]
) -> None:
    """Alice and Carol resigned: Bob has won, bots finish the game. Taking him off then
    (his tournament withdrawing him before the bots ran) leaves the result as it stood.
    Failed before: it recorded his resignation too, every seat resigned, nobody won."""
    game = _table("numx", {"players": 3, "mode": "speed-run"}, [alice, bob, carol])
    committed(lambda: resign(game=game, user=alice))
    resign(game=game, user=carol)  # its bots have not moved yet

    take_off(game=game, seat=1, by=person("dave"))
    committed(lambda: play_bots(game.pk))

    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    seats = {seat.number: seat for seat in game.seats.all()}
    assert seats[1].winner and not seats[1].resigned and seats[1].former_user == bob
    assert seats[1].user is None
    assert Event.objects.filter(game=game, type="resigned").count() == 2


def test_a_player_who_takes_themselves_off_reads_withdrawn(
    alice: User, bob: User, committed: Callable[..., Any]
) -> None:
    """A tournament's organiser who plays withdraws their own entry: the seat's own player
    takes it off. Failed before: the resignation recorded, their act, read as one they had
    made before being withdrawn, "resigned, then withdrawn". The log still verifies and
    imports, the resignation in it."""
    game = _table("maya", {"players": 2}, [alice, bob])

    committed(lambda: take_off(game=game, seat=0, by=alice))

    page = Client().get(f"/games/{game.pk}/").content.decode()
    assert '<span class="badge">withdrawn</span>' in page
    assert "resigned, then withdrawn" not in page
    log = export_game(game.pk)
    assert verify(log).summary["resigned"] == [0]
    assert import_log(log).seats.get(number=0).resigned


def test_a_seat_taken_off_is_played_as_a_resigned_seat(
    alice: User, bob: User, carol: User, committed: Callable[..., Any]
) -> None:
    """Failed before: the seat taken off counted as an ordinary bot's, so its moves went
    into the history without saying that a bot moved for a player who had left. Then they
    said "the player resigned", of a player withdrawn from their tournament: they say
    that the player is out of it."""
    game = _table("numx", {"players": 3}, [alice, bob, carol])

    committed(lambda: take_off(game=game, seat=0, by=person("dave")))
    committed(lambda: _play_until_awaited(game, 0))

    moved = Event.objects.filter(game=game, seat=0).exclude(type="resigned")
    assert moved.exists()
    assert {event.payload.get("reason") for event in moved} == {"withdrawn"}
    reader = Client()
    reader.force_login(bob)
    history = html.unescape(reader.get(f"/games/{game.pk}/history/").content.decode())
    assert "(played by a bot: the player is out of the tournament)" in history
    assert "the player resigned" not in history
    speaks(bob, "fr")
    history = html.unescape(reader.get(f"/games/{game.pk}/history/").content.decode())
    assert "(joué par un bot\u00a0: retrait du tournoi)" in history


# Calling a game off ---------------------------------------------------------------------


def test_a_game_nobody_moved_in_is_called_off(
    alice: User, bob: User, committed: Callable[..., Any]
) -> None:
    game = _table("maya", {"players": 2}, [alice, bob])
    assert abort_refusal(game) is None

    committed(lambda: abort(game=game, user=bob))

    game.refresh_from_db()
    assert game.status == Game.Status.ABORTED and game.finished_at is not None
    assert Event.objects.filter(game=game).last().type == "aborted"  # type: ignore[union-attr]
    assert not game.seats.filter(awaited=True).exists()
    with pytest.raises(Aborted):
        _move(game, game.awaiting[0] if game.awaiting else 0, alice)
    with pytest.raises(EndingRefused):
        resign(game=game, user=alice)
    assert not Rating.objects.exists()


def test_a_game_is_not_called_off_once_a_player_moved(alice: User, bob: User) -> None:
    game = _table("maya", {"players": 2}, [alice, bob])
    game.refresh_from_db()
    seat = game.awaiting[0]
    _move(game, seat, [alice, bob][seat])

    with pytest.raises(EndingRefused, match="resign instead"):
        abort(game=game, user=alice)
    assert Game.objects.get(pk=game.pk).status == Game.Status.RUNNING


def test_only_a_player_calls_a_game_off(alice: User, bob: User) -> None:
    game = _table("maya", {"players": 2}, [alice, bob])

    with pytest.raises(EndingForbidden):
        abort(game=game, user=person("mallory2"))
    assert Game.objects.get(pk=game.pk).status == Game.Status.RUNNING


@pytest.fixture
def racing_move(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[int]]:
    """Once: after an ending has read the game and before it appends, another seat's move
    is recorded (and takes the event number the ending expected)."""
    from games import endings

    original = endings._own_seat
    raced: list[int] = []

    def own_seat(game: Game, seats: list[Seat], user: User) -> Seat:
        found = original(game, seats, user)
        if not raced:
            raced.append(game.last_sequence)
            others = [seat for seat in game.awaiting if seat != found.number]
            assert play_bot_move(game, random.Random(2), only=others)
        return found

    monkeypatch.setattr(endings, "_own_seat", own_seat)
    yield raced


def test_a_move_recorded_first_is_kept_and_the_resignation_follows_it(
    alice: User, bob: User, carol: User, racing_move: list[int]
) -> None:
    game = _table("nmbr9", {"players": 3}, [alice, bob, carol])

    resign(game=game, user=alice)

    events = list(Event.objects.filter(game=game).order_by("sequence"))
    assert events[-1].type == "resigned" and events[-2].sequence == racing_move[0] + 1


# The exported log --------------------------------------------------------------------------


def test_a_resigned_games_log_verifies_and_imports_with_its_result(
    alice: User, bob: User, committed: Callable[..., Any]
) -> None:
    game = _table("maya", {"players": 2}, [alice, bob])
    committed(lambda: resign(game=game, user=alice))

    log = export_game(game.pk)
    summary = verify(log).summary
    imported = import_log(log)

    assert summary["over"] and summary["resigned"] == [0] and summary["winners"] == [1]
    seats = list(imported.seats.order_by("number"))
    assert [seat.resigned for seat in seats] == [True, False]
    assert [seat.winner for seat in seats] == [False, True]


def test_a_log_that_resigns_after_the_game_is_over_is_refused(
    alice: User, bob: User, committed: Callable[..., Any]
) -> None:
    game = _table("maya", {"players": 2}, [alice, bob])
    committed(lambda: resign(game=game, user=alice))
    log = export_game(
        game.pk,
    )
    forged = {**log, "format": 1, "chain": None}
    last = forged["events"][-1]
    forged["events"] = [
        *forged["events"],
        {**last, "sequence": last["sequence"] + 1, "type": "resigned", "seat": 1, "payload": {}},
    ]

    with pytest.raises(LogError) as refused:
        verify(forged)

    assert refused.value.rule == "log.ending" and refused.value.sequence == last["sequence"] + 1


def test_a_called_off_games_log_says_so_and_ends_there(alice: User, bob: User) -> None:
    game = _table("maya", {"players": 2}, [alice, bob])
    abort(game=game, user=alice)

    summary = verify(export_game(game.pk)).summary

    assert summary["aborted"] and not summary["over"]


def test_a_called_off_games_log_is_not_imported_and_the_refusal_says_why(
    alice: User, bob: User
) -> None:
    game = _table("maya", {"players": 2}, [alice, bob])
    abort(game=game, user=alice)
    games = Game.objects.count()

    with pytest.raises(LogError) as refused:
        import_log(export_game(game.pk))

    # Not "it may have been cut": the log ends where the game did, with no result to load.
    assert "called off" in str(refused.value) and "cut" not in str(refused.value)
    assert Game.objects.count() == games


def test_the_history_says_a_bot_moved_for_the_player_who_resigned(
    alice: User, bob: User, carol: User, committed: Callable[..., Any]
) -> None:
    game = _table("numx", {"players": 3}, [alice, bob, carol])
    committed(lambda: resign(game=game, user=bob))
    number = Seat.objects.get(game=game, user=bob).number

    committed(lambda: _play_until_awaited(game, number))

    page = Client().get(f"/games/{game.pk}/history/").content.decode()

    assert Event.objects.filter(game=game, seat=number, payload__reason="resigned").exists()
    assert "played by a bot: the player resigned" in page
