"""The mails of a tournament's table: its end, whether played or finished by the organiser
(each transaction of the code committing as on the site, its consumers dispatched as it
commits)."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from datetime import timedelta
from types import TracebackType

import pytest
from django.conf import settings
from django.contrib.auth.models import User
from django.core import mail
from django.db import transaction
from django.db.transaction import Atomic
from django.test import Client
from django.utils import timezone

from games import deadlines
from games import services as games_services
from games.endings import resign
from games.events import consumers
from games.models import Game, Seat
from games.services import react_after_commit
from tests.members import speaks
from tournaments.hooks import table_result
from tournaments.models import Table, Tournament
from tournaments.results import table_record_result
from tournaments.selectors import stages_of
from tournaments.services import entry_withdraw, table_force_finish
from tournaments.templatetags.tournament_tags import points

from .conftest import Players, first_stage, open_for_a_day, play_out

pytestmark = pytest.mark.django_db

OnCommit = Callable[..., object]


@pytest.fixture
def commits(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The code's outermost transactions commit as on the site: what each registered with
    ``on_commit`` runs as it ends well, and each recorded move wakes the consumers. (The
    test's own transaction never commits: otherwise nothing would run, or all at once.)"""
    enter, leave = Atomic.__enter__, Atomic.__exit__
    opened: list[int | None] = []

    def entering(self: Atomic) -> None:
        enter(self)
        connection = transaction.get_connection(self.using)
        outermost = all(block._from_testcase for block in connection.atomic_blocks[:-1])
        opened.append(len(connection.run_on_commit) if outermost else None)

    def leaving(
        self: Atomic,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        leave(self, kind, error, trace)
        start = opened.pop()
        if start is None or kind is not None:
            return
        connection = transaction.get_connection(self.using)
        committed = connection.run_on_commit[start:]
        del connection.run_on_commit[start:]
        for _savepoints, callback, _robust in committed:
            callback()

    monkeypatch.setattr(Atomic, "__enter__", entering)
    monkeypatch.setattr(Atomic, "__exit__", leaving)
    monkeypatch.setattr(games_services, "react_after_commit", react_after_commit)
    yield


def one_player_awaited(alice: User, make_players: Players) -> tuple[list[User], Table]:
    """Three players at the one table of alice's one-stage tournament "Deadline", played
    past the opening picks (which await everyone) to a move awaited of one player."""
    tournament = open_for_a_day(alice, "Deadline", stage_count=1, table_size=3)
    players = make_players(3)
    table = first_stage(tournament, players, seed=9).tables.get()
    rng = random.Random(9)
    while table.game.seats.filter(awaited=True).count() != 1:
        play_out(table.game, rng, moves=1)
    return players, table


@pytest.mark.usefixtures("commits")
def test_a_finished_table_mails_its_players_the_end_and_no_turn(
    alice: User, make_players: Players
) -> None:
    players, table = one_player_awaited(alice, make_players)
    game = table.game
    mail.outbox.clear()

    table_force_finish(table=table, by=alice, now=timezone.now() + timedelta(days=3, hours=1))

    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    # Each player hears that the game is over (and, the only stage, the tournament), and
    # nothing of turns they can no longer take.
    for player in players:
        subjects = [message.subject for message in mail.outbox if player.email in message.to]
        assert sorted(subjects) == [
            "Deadline is over",
            "Deadline: stage 1, table 1: the game is over",
        ]


def test_a_tables_game_over_mail_links_the_standings_not_a_game_outside_the_tournament(
    alice: User, make_players: Players, django_capture_on_commit_callbacks: OnCommit
) -> None:
    tournament = open_for_a_day(alice, "Spring cup", table_size=3)
    players = make_players(3)
    speaks(players[1], "fr")
    game = first_stage(tournament, players, seed=4).tables.get().game
    play_out(game, random.Random(4))
    mail.outbox.clear()

    with django_capture_on_commit_callbacks(execute=True):  # type: ignore[operator]
        consumers.dispatch(game.pk)

    standings = f"{settings.SITE_URL}/tournaments/{tournament.pk}/standings/"
    (over,) = [message for message in mail.outbox if message.to == [players[0].email]]
    assert "the game is over" in over.subject
    text = str(over.body)
    assert f"Standings of the tournament “Spring cup”: {standings}" in text
    assert "Play again" not in text
    html = str(over.alternatives[0][0])
    assert f'href="{standings}"' in html and "Play again" not in html
    # In French, with a no-break space before the colon (failed before: « … »: https).
    (french,) = [message for message in mail.outbox if message.to == [players[1].email]]
    assert f"Classement du tournoi «\u00a0Spring cup\u00a0»\u00a0: {standings}" in str(french.body)


@pytest.mark.usefixtures("commits")
def test_a_stages_mail_naming_the_table_comes_before_its_first_your_turn(
    alice: User, make_players: Players
) -> None:
    tournament = open_for_a_day(alice, "Spring cup", table_size=3)
    players = make_players(3)

    first_stage(tournament, players, seed=4)

    # The opening picks ask every player at once: each learns of the stage, their table
    # and their opponents first, then that the table waits for them.
    for player in players:
        subjects = [message.subject for message in mail.outbox if player.email in message.to]
        assert subjects == [
            "Spring cup: stage 1 has started",
            "Spring cup: stage 1, table 1: your turn",
        ]


@pytest.mark.usefixtures("commits")
def test_the_clocks_move_for_one_late_player_mails_the_next_one_their_turn(
    alice: User, make_players: Players
) -> None:
    _players, table = one_player_awaited(alice, make_players)
    game = table.game
    late = game.seats.get(awaited=True)
    Seat.objects.filter(pk=late.pk).update(
        vacation_days=0, awaited_since=timezone.now() - timedelta(days=4)
    )
    mail.outbox.clear()

    assert deadlines.tick()["timeouts"] == 1

    # The policy moved once, for the late player: whoever the game waits for now is told
    # it is their turn, once (the same tick's reminders aside).
    (next_seat,) = game.seats.filter(awaited=True).select_related("user")
    assert next_seat.user is not None and next_seat.pk != late.pk
    turns = [message.to for message in mail.outbox if message.subject.endswith("your turn")]
    assert turns == [[next_seat.user.email]]


def withdrawn_before_the_end(
    organiser: User,
    players: list[User],
    capture: OnCommit,
    resigned_first: bool = False,
    withdrawn: User | None = None,
) -> tuple[Tournament, Game, Seat]:
    """The four ``players`` (the third speaking French) at the one table of the
    organiser's "Spring cup", played for a while, the player ``withdrawn`` (by default,
    the first seat's) withdrawn (after resigning, if ``resigned_first``), played to its
    end, its mails sent: the tournament, the game, and the seat of the player withdrawn."""
    tournament = open_for_a_day(organiser, "Spring cup", table_size=4)
    speaks(players[2], "fr")
    game = first_stage(tournament, players, seed=4).tables.get().game
    play_out(game, random.Random(4), moves=10)
    gone = (
        Seat.objects.get(game=game, number=0)
        if withdrawn is None
        else Seat.objects.get(game=game, user=withdrawn)
    )
    assert gone.user is not None
    if resigned_first:
        resign(game=game, user=gone.user)
    entry = tournament.entries.get(user=gone.user)
    entry_withdraw(entry=entry, by=organiser, rng=random.Random(4))
    play_out(game, random.Random(4))
    mail.outbox.clear()
    with capture(execute=True):
        consumers.dispatch(game.pk)
    return tournament, game, gone


def test_a_tables_game_over_mail_gives_each_players_place_and_points_as_the_tables_page(
    alice: User, make_players: Players, django_capture_on_commit_callbacks: OnCommit
) -> None:
    """Failed before: the mail listed the players by score, a withdrawn or timed-out
    player above one placed, and never said the tournament's places nor points."""
    players = make_players(4)
    tournament, _game, _gone = withdrawn_before_the_end(
        alice, players, django_capture_on_commit_callbacks
    )

    (view,) = [t for stage in stages_of(tournament) for t in stage.tables]
    assert view.done
    placed = sorted((p for p in view.players if p.rank), key=lambda p: p.rank or 0)
    (withdrawn,) = [p for p in view.players if p.forfeit_reason == "withdrawn"]
    english = next(m for m in mail.outbox if m.to == [players[1].email])
    assert "the game is over" in english.subject
    text = str(english.body)
    expected = [f"- {p.rank}. {p.name}: {points(p.points)} points" for p in placed]
    expected.append(f"- No place: {withdrawn.name} (withdrawn): 0 points")
    lines = [line for line in text.splitlines() if line in expected]
    assert lines == expected, text
    assert "At this table of the tournament “Spring cup”:" in text
    html = str(english.alternatives[0][0])
    assert f"{withdrawn.name} (withdrawn)" in html
    french = str(next(m for m in mail.outbox if m.to == [players[2].email]).body)
    assert f"- Sans place\u00a0: {withdrawn.name} (retrait)\u00a0: 0 point" in french


def test_the_games_own_scores_say_the_withdrawn_player_was_withdrawn(
    alice: User,
    make_players: Players,
    as_user: Callable[[User], Client],
    django_capture_on_commit_callbacks: OnCommit,
) -> None:
    """The game-over mail's scores, the table's players and its score sheet say withdrawn,
    as the tournament's lines above them do. Failed before: "resigned", as if the player
    had given up themselves."""
    players = make_players(4)
    _tournament, game, gone = withdrawn_before_the_end(
        alice, players, django_capture_on_commit_callbacks
    )

    english = next(m for m in mail.outbox if m.to == [players[1].email])
    (line,) = [line for line in english.body.splitlines() if line.startswith(f"- {gone.name}: ")]
    assert line.endswith(" (withdrawn)"), line
    assert "resigned" not in english.body and "resigned" not in english.alternatives[0][0]
    french = str(next(m for m in mail.outbox if m.to == [players[2].email]).body)
    (line,) = [line for line in french.splitlines() if line.startswith(f"- {gone.name}\u00a0: ")]
    assert line.endswith(" (retrait)"), line
    page = as_user(players[1]).get(f"/games/{game.pk}/").content.decode()
    assert page.count('<span class="badge">withdrawn</span>') == 2  # its players, its sheet
    assert ">resigned<" not in page


def test_a_player_who_resigned_then_was_withdrawn_reads_both_in_that_order(
    alice: User,
    make_players: Players,
    as_user: Callable[[User], Client],
    django_capture_on_commit_callbacks: OnCommit,
) -> None:
    """Failed before: a player who resigned at a table, whom the organiser then withdrew,
    read "withdrawn" only, on the tables page, in the game-over mail (the tournament's
    lines and the game's own scores) and on the game's page, as if the organiser had
    taken them off a table they were still playing. The table's fixed value was their
    resignation's: the API says "resigned". The standings and their CSV mark the player
    withdrawn from the tournament, and that stage a forfeit, as for any withdrawal."""
    players = make_players(4)
    tournament, game, gone = withdrawn_before_the_end(
        alice, players, django_capture_on_commit_callbacks, resigned_first=True
    )

    both = f"{gone.name} (resigned, then withdrawn)"
    english = next(m for m in mail.outbox if m.to == [players[1].email])
    assert f"- No place: {both}: 0 points" in english.body.splitlines()
    (line,) = [line for line in english.body.splitlines() if line.startswith(f"- {gone.name}: ")]
    assert line.endswith(" (resigned, then withdrawn)"), line
    french = str(next(m for m in mail.outbox if m.to == [players[2].email]).body)
    assert f"- Sans place\u00a0: {gone.name} (abandon, puis retrait)\u00a0: 0 point" in french
    reader = as_user(players[1])
    assert both in reader.get(f"/tournaments/{tournament.pk}/tables/").content.decode()
    page = reader.get(f"/games/{game.pk}/").content.decode()
    assert page.count('<span class="badge">resigned, then withdrawn</span>') == 2
    (api_table,) = reader.get(f"/api/tournaments/{tournament.pk}/").json()["stage_list"][0][
        "tables"
    ]
    (left,) = [p for p in api_table["players"] if p["forfeit"] is not None]
    assert (left["name"], left["forfeit"]) == (gone.name, "resigned")
    standings = reader.get(f"/tournaments/{tournament.pk}/standings/").content.decode()
    assert f"{gone.name}</a> (withdrawn)" in standings
    csv_file = reader.get(f"/tournaments/{tournament.pk}/standings.csv").content.decode()
    (row,) = [row for row in csv_file.splitlines() if f",{gone.name}," in row]
    assert ",yes," in row  # the stage's forfeit, and the withdrawal


def test_an_organiser_who_withdraws_their_own_entry_reads_withdrawn(
    alice: User,
    make_players: Players,
    as_user: Callable[[User], Client],
    django_capture_on_commit_callbacks: OnCommit,
) -> None:
    """Alice organises and plays; mid-game she withdraws her own entry. Failed before: the
    resignation her withdrawal recorded was her own act, so she read "resigned, then
    withdrawn" on the tables page, the game's page and in the game-over mail, and the
    API's forfeit said "resigned"."""
    players = [alice, *make_players(3)]
    tournament, game, gone = withdrawn_before_the_end(
        alice, players, django_capture_on_commit_callbacks, withdrawn=alice
    )

    english = next(m for m in mail.outbox if m.to == [players[1].email])
    assert f"- No place: {gone.name} (withdrawn): 0 points" in english.body.splitlines()
    assert "resigned" not in english.body
    reader = as_user(players[1])
    tables = reader.get(f"/tournaments/{tournament.pk}/tables/").content.decode()
    assert f"{gone.name} (withdrawn)" in tables and "resigned" not in tables
    page = reader.get(f"/games/{game.pk}/").content.decode()
    assert page.count('<span class="badge">withdrawn</span>') == 2
    assert "resigned, then withdrawn" not in page
    (api_table,) = reader.get(f"/api/tournaments/{tournament.pk}/").json()["stage_list"][0][
        "tables"
    ]
    (left,) = [p for p in api_table["players"] if p["forfeit"] is not None]
    assert (left["name"], left["forfeit"]) == (gone.name, "withdrawn")


def test_the_game_over_mail_reads_a_tables_places_without_recording_it(
    alice: User, make_players: Players
) -> None:
    """Failed before: writing the mail recorded the table (locking it, closing its stage
    and the tournament) inside the transaction that holds the mail's row while it is
    sent. The places it gives before the table is recorded are those recorded after."""
    tournament = open_for_a_day(alice, "Spring cup", table_size=4)
    table = first_stage(tournament, make_players(4), seed=4).tables.get()
    game = table.game
    play_out(game, random.Random(4), moves=10)
    gone = Seat.objects.get(game=game, number=0).user
    entry_withdraw(entry=tournament.entries.get(user=gone), by=alice, rng=random.Random(4))
    play_out(game, random.Random(4))
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED

    before = table_result(game)

    table.refresh_from_db()
    assert table.recorded_at is None and table.stage.finished_at is None
    assert before is not None and len(before[1]) == 4
    assert any(line.endswith("(withdrawn): 0 points") for line in before[1])
    table_record_result(table=table)
    assert table_result(game) == before
