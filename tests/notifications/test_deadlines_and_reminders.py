"""The game clock (``games.deadlines``) and the timed emails it drives
(``notifications.reminders``): one reminder per wait, deadlines that spend the time bank
then apply the game's policy, vacations that pause the clock, and the daily digest."""

import json
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from io import StringIO
from typing import Any
from zoneinfo import ZoneInfo

import pytest
from django.contrib.auth.models import User
from django.core import mail
from django.core.management import call_command
from django.test import Client
from django.utils import formats, timezone, translation

from accounts.middleware import BROWSER_ZONE_COOKIE
from accounts.models import profile_of
from games import deadlines
from games.deadlines import take_vacation
from games.events.models import Event
from games.models import Game, Seat
from notifications import reminders
from notifications.models import Notification

pytestmark = pytest.mark.django_db

Commit = Callable[[Callable[[], object]], object]


def waited(game: Game, seat: int, hours: float) -> Seat:
    """Pretend the game has waited ``hours`` for ``seat``."""
    since = timezone.now() - timedelta(hours=hours)
    Seat.objects.filter(game=game, number=seat).update(awaited_since=since)
    return Seat.objects.get(game=game, number=seat)


def test_one_reminder_after_a_day_without_a_move(trio: Game, commit: Commit) -> None:
    waited(trio, 1, hours=2)
    mail.outbox.clear()
    assert commit(deadlines.tick)["reminders"] == 0  # type: ignore[index]
    waited(trio, 1, hours=25)
    assert commit(deadlines.tick)["reminders"] == 1  # type: ignore[index]
    assert commit(deadlines.tick)["reminders"] == 0  # type: ignore[index]
    (message,) = mail.outbox
    assert message.to == ["bob@example.com"] and "still waiting" in message.subject


def test_reminders_follow_the_preference(bob: User, trio: Game, commit: Commit) -> None:
    profile = profile_of(bob)
    profile.email_reminders = False
    profile.save()
    waited(trio, 1, hours=30)
    mail.outbox.clear()
    commit(deadlines.tick)
    assert mail.outbox == []


def deadline(game: Game, days: int = 1, policy: str = "pass") -> Game:
    Game.objects.filter(pk=game.pk).update(
        move_deadline=timedelta(days=days), deadline_policy=policy
    )
    return Game.objects.get(pk=game.pk)


def test_with_a_day_per_move_the_reminder_comes_halfway_not_at_the_deadline(
    trio: Game, commit: Commit
) -> None:
    """Failed before: the reminder came after a day, at the tick that spent a day of the
    player's time bank for the deadline it was meant to warn of."""
    deadline(trio, days=1)
    waited(trio, 1, hours=11)
    mail.outbox.clear()
    assert commit(deadlines.tick)["reminders"] == 0  # type: ignore[index]
    waited(trio, 1, hours=13)
    done = commit(deadlines.tick)
    assert done["reminders"] == 1 and done["vacation_days_used"] == 0  # type: ignore[index]
    (message,) = mail.outbox
    assert message.to == ["bob@example.com"] and "still waiting" in message.subject


def test_the_reminder_says_by_when_to_move_in_the_players_zone_and_the_bank_left(
    bob: User, trio: Game, commit: Commit
) -> None:
    """Failed before: the mail said "still waiting for you", never until when, though a
    player by mail never sees the table's deadline."""
    deadline(trio, days=1)
    profile = profile_of(bob)
    profile.time_zone = "Asia/Tokyo"
    profile.save()
    Seat.objects.filter(game=trio, number=1).update(vacation_days=3)
    seat = waited(trio, 1, hours=13)
    mail.outbox.clear()
    commit(deadlines.tick)
    (message,) = mail.outbox
    due = timezone.localtime(seat.awaited_since + timedelta(days=1), ZoneInfo("Asia/Tokyo"))
    when = formats.date_format(due, "DATETIME_FORMAT")
    body = " ".join(str(message.body).split())
    assert f"Move by {when} (Asia/Tokyo)" in body
    assert "then your time bank (3 days left) is spent a day at a time" in body


def test_a_game_without_a_deadline_names_none_in_its_mails(trio: Game, commit: Commit) -> None:
    waited(trio, 1, hours=25)
    mail.outbox.clear()
    commit(deadlines.tick)
    (message,) = mail.outbox
    assert "Move by" not in str(message.body)


def test_a_week_per_move_still_reminds_after_a_day(trio: Game, commit: Commit) -> None:
    deadline(trio, days=7)
    waited(trio, 1, hours=25)
    mail.outbox.clear()
    assert commit(deadlines.tick)["reminders"] == 1  # type: ignore[index]


def test_a_passed_deadline_first_spends_the_time_bank(trio: Game, commit: Commit) -> None:
    deadline(trio)
    Seat.objects.filter(game=trio).update(vacation_days=2)
    waited(trio, 2, hours=24 * 2 + 1)  # two days late: one deadline plus one day over
    done = commit(deadlines.tick)
    assert done["vacation_days_used"] == 2 and done["timeouts"] == 0  # type: ignore[index]
    assert Seat.objects.get(game=trio, number=2).vacation_days == 0


def test_when_the_bank_is_empty_the_policy_plays_for_the_absent_player(
    trio: Game, commit: Commit
) -> None:
    deadline(trio)
    Seat.objects.filter(game=trio).update(vacation_days=0)
    waited(trio, 2, hours=25)
    before = Game.objects.get(pk=trio.pk).last_sequence
    done = commit(deadlines.tick)
    assert done["timeouts"] == 1  # type: ignore[index]
    # In the opening pick nobody can pass: the policy falls back on a bot's move.
    event = Event.objects.get(game=trio, sequence=before + 1)
    assert (event.type, event.seat, event.payload["reason"]) == ("pick", 2, "bot")
    seat = Seat.objects.get(game=trio, number=2)
    assert seat.timeouts == 1 and not seat.awaited


def test_a_timed_out_player_passes_where_passing_is_allowed(trio: Game, commit: Commit) -> None:
    import random

    from games.bots import play_bot_move

    rng = random.Random(3)
    while Game.objects.get(pk=trio.pk).phase == "opening-pick":
        commit(lambda: play_bot_move(trio, rng))
    game = deadline(trio, policy="pass")
    # Move on until someone awaited may pass (a pli is on the table).
    from games.engine.numx import legal_actions, parse_action
    from games.events import store

    while True:
        state = store.load(game.pk, game.rules).state
        seat = next(iter(Game.objects.get(pk=game.pk).awaiting))
        if parse_action("pass") in legal_actions(state, seat):
            break
        commit(lambda: play_bot_move(game, rng))
    Seat.objects.filter(game=game).update(vacation_days=0)
    waited(game, seat, hours=25)
    commit(deadlines.tick)
    last = Event.objects.filter(game=game, seat=seat).order_by("-sequence").first()
    assert last is not None and (last.type, last.payload["reason"]) == ("pass", "deadline")


def test_a_vacation_pauses_the_clock(bob: User, trio: Game, commit: Commit) -> None:
    game = deadline(trio)
    client = Client()
    client.force_login(bob)
    client.post(f"/notifications/games/{game.pk}/vacation/", {"days": "3"})
    seat = Seat.objects.get(game=game, number=1)
    assert seat.vacation_days == 4 and seat.paused_until is not None
    waited(game, 1, hours=30)
    done = commit(deadlines.tick)
    assert done == {
        "told_late": 0,
        "reminders": 0,
        "vacation_days_used": 0,
        "timeouts": 0,
        "resent": 0,
        "replies_resent": 0,
        "webhooks_due": 0,
        "webhooks_forgotten": 0,
    }


def test_the_vacation_form_speaks_of_the_time_bank_the_players_boxes_show(
    bob: User, trio: Game
) -> None:
    """Failed before: the box said "time bank: 7 days", the form "7 vacation days left",
    two names for one stock of days."""
    game = deadline(trio)
    client = Client()
    client.force_login(bob)
    page = client.get(f"/games/{game.pk}/").content.decode()
    assert "Pause my clock with days of my time bank (7 left):" in page
    assert "vacation days left" not in page


def test_a_vacation_says_until_when_the_clock_is_paused(bob: User, trio: Game) -> None:
    game = deadline(trio)
    client = Client()
    client.force_login(bob)
    page = client.post(
        f"/notifications/games/{game.pk}/vacation/", {"days": "2"}, follow=True
    ).content.decode()
    back = Seat.objects.get(game=game, number=1).paused_until
    assert back is not None
    when = formats.date_format(timezone.localtime(back), "DATETIME_FORMAT")
    # Not "until Dec. 2, 2026, 1:59 p.m..": an English moment ends with the full stop of
    # its "p.m.", so the sentence does not end with it.
    assert f"Until {when}, your clock is paused." in page


def test_an_empty_time_bank_offers_no_vacation(bob: User, trio: Game) -> None:
    """Failed before: a form of 1 to 0 days, whose every answer was refused."""
    game = deadline(trio)
    Seat.objects.filter(game=game, number=1).update(vacation_days=0)
    client = Client()
    client.force_login(bob)
    page = client.get(f"/games/{game.pk}/").content.decode()
    assert 'name="days"' not in page
    assert "Your time bank is empty: your clock can no longer be paused." in page


@pytest.mark.parametrize("days", ["9", "0", "-1", "two", ""])
def test_a_vacation_out_of_the_days_left_is_refused_with_400(
    days: str, bob: User, trio: Game
) -> None:
    """Failed before: the table after a redirect (302), its message the only sign."""
    game = deadline(trio)
    client = Client()
    client.force_login(bob)
    response = client.post(f"/notifications/games/{game.pk}/vacation/", {"days": days})
    page = response.content.decode()
    assert response.status_code == 400 and "Take between 1 and 7 days." in page
    assert f'href="/games/{game.pk}/"' in page
    seat = Seat.objects.get(game=game, number=1)
    assert seat.vacation_days == 7 and seat.paused_until is None


def test_the_daily_digest_replaces_per_move_emails_and_comes_once_a_day(
    bob: User, trio: Game, commit: Commit
) -> None:
    profile = profile_of(bob)
    profile.daily_digest = True
    profile.save()
    mail.outbox.clear()
    waited(trio, 1, hours=30)
    commit(deadlines.tick)
    assert mail.outbox == []  # no reminder: the digest will say it
    assert commit(reminders.daily_digests) == 1
    assert commit(reminders.daily_digests) == 0
    (message,) = mail.outbox
    assert message.to == ["bob@example.com"] and "Friday" in message.body
    assert message.subject == "NUM-X: 1 game waits for you (Friday)"
    assert Notification.objects.filter(kind="digest", game=None).count() == 1


def test_muting_a_game_from_the_table(bob: User, trio: Game) -> None:
    client = Client()
    client.force_login(bob)
    client.post(f"/notifications/games/{trio.pk}/mute/")
    assert "Email me about this game again" in client.get(f"/games/{trio.pk}/").content.decode()


def test_the_tick_command_runs_the_clock_once(trio: Game) -> None:
    out = StringIO()
    call_command("numx", "tick", stdout=out)
    assert json.loads(out.getvalue()) == {
        "told_late": 0,
        "reminders": 0,
        "vacation_days_used": 0,
        "timeouts": 0,
        "resent": 0,
        "replies_resent": 0,
        "webhooks_due": 0,
        "webhooks_forgotten": 0,
    }


def test_an_email_lost_on_its_way_to_the_worker_is_sent_later_and_once(
    bob: User, trio: Game, commit: Commit
) -> None:
    lost = Notification.objects.create(game=trio, sequence=60, recipient=bob, kind="reminder")
    mail.outbox.clear()
    assert commit(deadlines.tick)["resent"] == 0  # type: ignore[index]  # owed just now: not lost
    Notification.objects.filter(pk=lost.pk).update(created_at=timezone.now() - timedelta(hours=1))
    assert commit(deadlines.tick)["resent"] == 1  # type: ignore[index]
    assert commit(deadlines.tick)["resent"] == 0  # type: ignore[index]
    assert [m.to for m in mail.outbox] == [["bob@example.com"]]


def test_a_game_without_deadline_still_never_waits_forever(
    alice: User, trio: Game, commit: Commit, settings: Any
) -> None:
    settings.NUMX_ABANDON_AFTER_DAYS = 14
    assert trio.move_deadline is None
    Seat.objects.filter(game=trio).update(vacation_days=0)
    waited(trio, 2, hours=24 * 13)
    assert commit(deadlines.tick)["timeouts"] == 0  # type: ignore[index]
    waited(trio, 2, hours=24 * 14 + 1)
    assert commit(deadlines.tick)["timeouts"] == 1  # type: ignore[index]
    assert Event.objects.filter(game=trio, seat=2, payload__reason="bot").exists()
    client = Client()
    client.force_login(alice)
    page = client.get(f"/games/{trio.pk}/").content.decode()
    assert "1 move made for them (time was up)" in page


def test_the_table_shows_when_time_runs_out_in_the_viewers_time_zone(bob: User, trio: Game) -> None:
    game = deadline(trio, days=1)
    profile = profile_of(bob)
    profile.time_zone = "Asia/Tokyo"
    profile.save()
    since = datetime(2026, 1, 10, 12, 0, tzinfo=UTC)
    Seat.objects.filter(game=game).update(awaited_since=since)
    client = Client()
    client.force_login(bob)
    page = client.get(f"/games/{game.pk}/").content.decode()
    # Noon UTC plus a day is 9 p.m. in Tokyo.
    assert "moves by Jan. 11, 2026, 9 p.m." in page
    Seat.objects.filter(game=game, number=1).update(paused_until=timezone.now() + timedelta(days=3))
    assert "on vacation until" in client.get(f"/games/{game.pk}/").content.decode()


def bobs_deadline_as_seen(bob: User, trio: Game, zone: str, browser_zone: str | None) -> str:
    """Bob's table when his profile's zone is ``zone`` ("": none chosen) and his browser
    said its zone is ``browser_zone`` (its cookie; None: no cookie yet), with the clock
    started at noon UTC on Jan. 10, 2026 for a day."""
    game = deadline(trio, days=1)
    profile = profile_of(bob)
    profile.time_zone = zone
    profile.save()
    Seat.objects.filter(game=game).update(awaited_since=datetime(2026, 1, 10, 12, 0, tzinfo=UTC))
    client = Client()
    client.force_login(bob)
    if browser_zone is not None:
        client.cookies[BROWSER_ZONE_COOKIE] = browser_zone
    return client.get(f"/games/{game.pk}/").content.decode()


def test_a_player_without_a_time_zone_reads_the_table_in_the_browsers(
    bob: User, trio: Game
) -> None:
    # Noon UTC plus a day is 9 p.m. in Tokyo.
    assert "moves by Jan. 11, 2026, 9 p.m." in bobs_deadline_as_seen(bob, trio, "", "Asia/Tokyo")


def test_the_profiles_time_zone_wins_over_the_browsers(bob: User, trio: Game) -> None:
    page = bobs_deadline_as_seen(bob, trio, "Europe/Paris", "Asia/Tokyo")
    assert "moves by Jan. 11, 2026, 1 p.m." in page


@pytest.mark.parametrize("browser_zone", [None, "Mars/Olympus", "../../etc/passwd", ""])
def test_without_a_time_zone_known_from_profile_or_browser_the_table_is_in_utc(
    bob: User, trio: Game, browser_zone: str | None
) -> None:
    assert "moves by Jan. 11, 2026, noon" in bobs_deadline_as_seen(bob, trio, "", browser_zone)


def test_the_table_writes_every_moment_in_one_format(bob: User, trio: Game) -> None:
    """A deadline and the end of a vacation, on one page: both in the long format with
    the hour (the issue saw two formats on one page)."""
    back = timezone.now() + timedelta(days=3)
    Seat.objects.filter(game=trio, number=0).update(paused_until=back)
    page = bobs_deadline_as_seen(bob, trio, "", None)
    with translation.override("en"):
        long = formats.date_format(timezone.localtime(back), "DATETIME_FORMAT")
    assert "moves by Jan. 11, 2026, noon" in page
    assert f"on vacation until {long}" in page


def test_a_replayed_moment_shows_no_clock(bob: User, trio: Game) -> None:
    """The deadline shown is today's: replaying an earlier moment of the game, where Bob
    was also awaited, must not show it."""
    game = deadline(trio, days=1)
    client = Client()
    client.force_login(bob)
    assert "moves by" in client.get(f"/games/{game.pk}/").content.decode()
    replayed = client.get(f"/games/{game.pk}/replay/?step={game.last_sequence}")
    assert replayed.status_code == 200 and "moves by" not in replayed.content.decode()


def second_game(alice: User, bob: User) -> Game:
    """Alice and Bob's other game, of two days per move."""
    import random

    from games.lobby import game_join, game_open, game_start

    game = game_open(
        creator=alice,
        name="Saturday",
        config={"players": 2},
        rules="maya",
        move_deadline=timedelta(days=2),
    )
    game_join(game=game, user=bob, token=game.invite_token)
    return game_start(game=game, by=alice, rng=random.Random(5))


def test_a_vacation_from_the_lobby_pauses_the_clock_in_every_game_with_a_time_per_move(
    alice: User, bob: User, trio: Game
) -> None:
    """Failed before: a player going away took a vacation at each of their tables, one
    by one (Board Game Arena's vacation mode pauses them all)."""
    deadline(trio)
    other = second_game(alice, bob)
    Seat.objects.filter(game=other, user=bob).update(vacation_days=2)
    client = Client()
    client.force_login(bob)
    lobby = client.get("/games/").content.decode()
    assert "Pause my clock in every game with a time per move" in lobby
    page = client.post("/notifications/vacation/", {"days": "3"}, follow=True).content.decode()
    assert "Your clock is paused in 2 games." in page
    in_trio = Seat.objects.get(game=trio, user=bob)
    in_other = Seat.objects.get(game=other, user=bob)
    # Each game pauses as long as its own time bank allows.
    assert (in_trio.vacation_days, in_other.vacation_days) == (4, 0)
    assert in_trio.paused_until is not None and in_other.paused_until is not None
    assert in_trio.paused_until - in_other.paused_until > timedelta(hours=23)


@pytest.mark.parametrize("days", ["0", "-1", "two", "", "99"])
def test_a_vacation_everywhere_out_of_the_days_a_bank_holds_is_refused_with_400(
    days: str, bob: User, trio: Game
) -> None:
    deadline(trio)
    client = Client()
    client.force_login(bob)
    response = client.post("/notifications/vacation/", {"days": days})
    assert response.status_code == 400 and "Take between 1 and 7 days." in response.content.decode()
    assert Seat.objects.get(game=trio, user=bob).paused_until is None


def test_no_game_with_a_time_per_move_offers_no_vacation_in_the_lobby(
    bob: User, trio: Game
) -> None:
    client = Client()
    client.force_login(bob)
    assert "Pause my clock in every game" not in client.get("/games/").content.decode()


def test_a_vacation_everywhere_with_no_game_left_to_pause_says_so(bob: User, trio: Game) -> None:
    """Failed before: the lobby's form, posted after the last timed game had ended, was
    refused with "Take between 1 and 0 days"."""
    client = Client()
    client.force_login(bob)
    response = client.post("/notifications/vacation/", {"days": "2"})
    assert response.status_code == 400
    assert "None of your games has a clock to pause." in response.content.decode()


def test_a_vacation_everywhere_pauses_every_game_or_none(
    alice: User, bob: User, trio: Game, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Failed before: a game refusing its pause (its bank spent meanwhile by a deadline)
    answered 400 with the games before it paused all the same."""
    deadline(trio)
    second_game(alice, bob)
    paused: list[int] = []

    def second_refuses(seat: Seat, days: int, now: object = None) -> None:
        if paused:
            raise ValueError("between 1 and 0 days")
        paused.append(seat.pk)
        take_vacation(seat, days)

    monkeypatch.setattr(deadlines, "take_vacation", second_refuses)
    client = Client()
    client.force_login(bob)
    assert client.post("/notifications/vacation/", {"days": "1"}).status_code == 400
    assert paused and not Seat.objects.filter(user=bob, paused_until__isnull=False).exists()
