"""Tournament commands: creating, registering, inviting, withdrawing, stages, tables,
emails."""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from datetime import timedelta
from itertools import combinations

import pytest
from django.conf import settings
from django.contrib.auth.models import User
from django.core import mail
from django.core.exceptions import ValidationError
from django.core.mail import EmailMessage
from django.db import transaction
from django.test import Client
from django.utils import timezone

from accounts.models import display_name, profile_of
from games.endings import EndingRefused, abort, resign
from games.events import consumers
from games.events.log import export_game, verify
from games.lobby import AlreadyInvited
from games.models import Game, Seat
from notifications.outbox import resend_overdue
from tests.members import speaks
from tournaments import mail as tournament_mail
from tournaments import results, selectors
from tournaments.models import Entry, Mail, Stage, Table, TablePlayer, Tournament
from tournaments.services import (
    NotOrganiser,
    TournamentError,
    entry_withdraw,
    invitation_cancel,
    stage_start,
    table_force_finish,
    table_record_result,
    tournament_create,
    tournament_email,
    tournament_invite,
    tournament_register,
    tournament_unregister,
)

from .conftest import (
    Players,
    cup_to_the_final,
    fake_result,
    first_stage,
    open_for_a_day,
    play_out,
    register_all,
    three_winners,
    with_a_final,
)

pytestmark = pytest.mark.django_db

OnCommit = Callable[..., object]


def seated(stage: Stage) -> list[list[str]]:
    """Who sits at each table of a stage, by user name, in seat order."""
    return [
        [place.entry.user.username for place in table.players.order_by("seat")]
        for table in stage.tables.order_by("number")
    ]


# --- Creating --------------------------------------------------------------------------


def test_a_tournament_is_created_with_the_default_points(alice: User) -> None:
    tournament = tournament_create(
        organiser=alice, name="Cup", registration_closes=timezone.now() + timedelta(days=1)
    )
    assert tournament.status == Tournament.Status.REGISTRATION
    assert tournament.points_table()[4] == (8, 4, 2, 1)
    assert tournament.points_table()[3] == (4, 2, 1)
    assert tournament.move_deadline == timedelta(days=3)


@pytest.mark.parametrize(
    "bad",
    [
        {"table_size": 7},
        {"table_size": 2},
        {"stage_count": 0},
        {"registration_closes": timezone.now() - timedelta(days=400)},
    ],
)
def test_invalid_settings_are_refused(alice: User, bad: dict[str, object]) -> None:
    values = {"registration_closes": timezone.now() + timedelta(days=1), **bad}
    with pytest.raises(ValidationError):
        tournament_create(organiser=alice, name="Cup", **values)  # type: ignore[arg-type]
    assert not Tournament.objects.exists()


# --- Registration ----------------------------------------------------------------------


def test_anybody_registers_while_registration_is_open(league: Tournament, bob: User) -> None:
    entry = tournament_register(tournament=league, user=bob)
    assert entry.status == Entry.Status.REGISTERED and entry.registered_at is not None
    with pytest.raises(TournamentError, match="already registered"):
        tournament_register(tournament=league, user=bob)


@pytest.mark.parametrize("when", [timedelta(days=-1), timedelta(days=8)])
def test_registration_is_refused_before_it_opens_and_after_it_closes(
    league: Tournament, bob: User, when: timedelta
) -> None:
    with pytest.raises(TournamentError, match="not open"):
        tournament_register(tournament=league, user=bob, now=timezone.now() + when)


def test_a_player_cancels_a_registration_before_the_start(league: Tournament, bob: User) -> None:
    tournament_register(tournament=league, user=bob)
    tournament_unregister(tournament=league, user=bob)
    assert not league.entries.exists()
    with pytest.raises(TournamentError, match="not registered"):
        tournament_unregister(tournament=league, user=bob)


def test_an_invited_member_is_emailed_and_may_accept_after_registration_closes(
    league: Tournament, alice: User, bob: User, django_capture_on_commit_callbacks: OnCommit
) -> None:
    with django_capture_on_commit_callbacks(execute=True):  # type: ignore[operator]
        invitation = tournament_invite(tournament=league, by=alice, email="BOB@example.com")
    assert invitation.email == "bob@example.com" and not league.entries.exists()
    (message,) = mail.outbox
    assert message.to == ["bob@example.com"] and "Spring league" in message.subject
    assert f"/tournaments/{league.pk}/register/" in message.body
    later = timezone.now() + timedelta(days=30)
    assert tournament_register(tournament=league, user=bob, now=later).status == "registered"
    assert not league.invitations.exists()  # accepted


def test_an_address_with_no_account_yet_is_invited_to_sign_up_with_it(
    league: Tournament, alice: User, bob: User, django_capture_on_commit_callbacks: OnCommit
) -> None:
    with django_capture_on_commit_callbacks(execute=True):  # type: ignore[operator]
        tournament_invite(tournament=league, by=alice, email="carol@example.com")
    (message,) = mail.outbox
    assert message.to == ["carol@example.com"] and "Sign up with this address" in message.body
    later = timezone.now() + timedelta(days=30)
    with pytest.raises(TournamentError, match="not open"):  # the invitation is not Bob's
        tournament_register(tournament=league, user=bob, now=later)


def test_an_invitation_can_be_declined(league: Tournament, alice: User, bob: User) -> None:
    tournament_invite(tournament=league, by=alice, email="bob@example.com")
    tournament_unregister(tournament=league, user=bob)
    assert not league.entries.exists() and not league.invitations.exists()


def test_inviting_is_for_the_organiser_and_once_per_address(
    league: Tournament, alice: User, bob: User, mallory: User
) -> None:
    with pytest.raises(NotOrganiser):
        tournament_invite(tournament=league, by=mallory, email="bob@example.com")
    first = tournament_invite(tournament=league, by=alice, email="bob@example.com")
    with pytest.raises(AlreadyInvited, match="This address is already invited"):
        tournament_invite(tournament=league, by=alice, email="Bob@example.com")
    assert list(league.invitations.all()) == [first]


def test_a_member_who_wants_no_invitations_gets_no_email(
    league: Tournament, alice: User, bob: User, django_capture_on_commit_callbacks: OnCommit
) -> None:
    profile = profile_of(bob)
    profile.email_invitations = False
    profile.save()
    with django_capture_on_commit_callbacks(execute=True):  # type: ignore[operator]
        tournament_invite(tournament=league, by=alice, email="bob@example.com")
    assert mail.outbox == []
    assert resend_overdue(timezone.now() + timedelta(hours=1)) == 0  # nor is it owed


# --- Stages ----------------------------------------------------------------------------


def test_the_first_stage_seats_every_registered_player_at_x_games(
    league: Tournament,
    alice: User,
    make_players: Players,
    django_capture_on_commit_callbacks: OnCommit,
) -> None:
    players = make_players(10)
    register_all(league, players)
    tournament_invite(tournament=league, by=alice, email="carol@example.com")  # not accepted
    with django_capture_on_commit_callbacks(execute=True):  # type: ignore[operator]
        stage = stage_start(tournament=league, by=alice, rng=random.Random(3))
    league.refresh_from_db()
    assert league.status == Tournament.Status.RUNNING
    assert not league.invitations.exists(), "invitations lapse"
    tables = seated(stage)
    assert sorted(len(table) for table in tables) == [3, 3, 4]
    assert sorted(name for table in tables for name in table) == sorted(
        user.username for user in players
    )
    for table in stage.tables.select_related("game"):
        game = table.game
        assert game.config == {
            "players": table.players.count(),
            "mode": "x-game",
            "teams": False,
            "edition": 4,
        }
        assert game.status == Game.Status.RUNNING and game.created_by == alice
        assert game.move_deadline == timedelta(days=3) and game.deadline_policy == "pass"
        assert [s.user_id for s in game.seats.all()] == [
            p.entry.user_id for p in table.players.order_by("seat")
        ]
    # Every seated player is told where to play.
    assert sorted(m.to[0] for m in mail.outbox) == sorted(user.email for user in players)
    assert all("stage 1 has started" in m.subject for m in mail.outbox)
    # The tournament's own time per move, not "one move a day" whatever it is.
    assert all("3 days per move; good luck!" in m.body for m in mail.outbox)


@pytest.mark.parametrize("policy", list(Game.DeadlinePolicy))
def test_a_french_stage_mail_tells_its_reader_what_the_deadline_policy_does(
    league: Tournament,
    alice: User,
    make_players: Players,
    policy: str,
    django_capture_on_commit_callbacks: OnCommit,
) -> None:
    """Failed before: the French mail said « la règle de délai dépassé s’applique : il
    passe automatiquement (un bot joue à sa place …) » to a reader it calls « vous »: the
    policy's name was a sentence about some « il », where the English is a noun phrase."""
    league.deadline_policy = policy
    league.save()
    players = make_players(3)
    for player in players:
        speaks(player, "fr")
    register_all(league, players)
    with django_capture_on_commit_callbacks(execute=True):  # type: ignore[operator]
        stage_start(tournament=league, by=alice, rng=random.Random(3))
    body = next(m.body for m in mail.outbox if "ronde 1 a commencé" in m.subject)
    late = body.split("la règle de délai dépassé s’applique\u00a0: ", 1)[1].split(";", 1)[0]
    assert not re.search(r"\b(il|sa|son)\b", late), late


def test_a_stages_mail_says_what_a_missed_deadline_costs_and_where_the_player_stands(
    league: Tournament,
    alice: User,
    make_players: Players,
    django_capture_on_commit_callbacks: OnCommit,
) -> None:
    """Failed before: the mail said "3 days per move; good luck!" and nothing of what
    happens to a player who does not move in time (the policy moves for them, and the
    table gives them the fixed value and no place), nor, from stage 2 on, where they
    stood after the stages played."""
    players = make_players(8)
    speaks(players[0], "fr")
    register_all(league, players)
    with django_capture_on_commit_callbacks(execute=True):  # type: ignore[operator]
        first = stage_start(tournament=league, by=alice, rng=random.Random(3))
    late = (
        "If your time and time bank run out, the deadline policy moves for you: an automatic "
        "pass (a bot's move where passing is not possible); this table then gives you 0 "
        "points and no place."
    )
    bodies = {m.to[0]: m.body for m in mail.outbox}
    assert all(late in bodies[user.email] for user in players[1:])
    assert "cette table vous donne alors 0\u00a0point et aucune place." in bodies[players[0].email]
    assert not any("after stage" in body for body in bodies.values())
    for table in first.tables.all():
        names = [p.entry.user.username for p in table.players.order_by("seat")]
        fake_result(table, {name: 40 - 10 * i for i, name in enumerate(names)})
    ranks = {line.player: line for line in selectors.standings_of(league)}
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):  # type: ignore[operator]
        stage_start(tournament=league, by=alice, rng=random.Random(3))
    bodies = {m.to[0]: m.body for m in mail.outbox}
    for entry in league.entries.select_related("user"):
        line = ranks[entry.pk]
        shared = f"={line.rank}" if line.tied else str(line.rank)
        if entry.user == players[0]:
            unit = "point" if line.points < 2 else "points"
            words = f"Après la ronde 1\u00a0: {shared} sur 8, avec {line.points}\u00a0{unit}."
        else:
            unit = "point" if line.points == 1 else "points"
            words = f"After stage 1: {shared} of 8, with {line.points} {unit}."
        assert words in bodies[entry.user.email]
        assert f"/tournaments/{league.pk}/standings/" in bodies[entry.user.email]


def test_each_player_is_told_the_others_at_their_table_in_words(
    league: Tournament,
    alice: User,
    make_players: Players,
    django_capture_on_commit_callbacks: OnCommit,
) -> None:
    """Each player's stage mail names the three others at their table, not themselves, as
    the game's own mails list players: "A, B and C" (failed before: "A, B, C"). Two
    players of one name, which this test once seated, can no longer be: a display name is
    one member's."""
    players = make_players(4)
    register_all(league, players)
    with django_capture_on_commit_callbacks(execute=True):  # type: ignore[operator]
        stage = stage_start(tournament=league, by=alice, rng=random.Random(3))
    (table,) = stage.tables.select_related("game")
    names = {seat.user_id: seat.name for seat in table.game.seats.all()}
    for user in players:
        (sent,) = [m for m in mail.outbox if m.to == [user.email]]
        others = sent.body.split("Your table, with ", 1)[1].split(": ", 1)[0]
        assert re.fullmatch(r"\w+, \w+ and \w+", others), others
        assert sorted(re.split(r", | and ", others)) == sorted(
            name for user_id, name in names.items() if user_id != user.pk
        )


def test_only_the_organiser_starts_a_stage(
    league: Tournament, mallory: User, make_players: Players
) -> None:
    register_all(league, make_players(4))
    with pytest.raises(NotOrganiser):
        stage_start(tournament=league, by=mallory)
    assert not league.stages.exists()


def test_a_stage_needs_enough_players(
    league: Tournament, alice: User, make_players: Players
) -> None:
    register_all(league, make_players(2))
    with pytest.raises(TournamentError, match="at least 3"):
        stage_start(tournament=league, by=alice)


def test_tables_of_two_only_when_the_organiser_allows_them(
    alice: User, make_players: Players
) -> None:
    tournament = tournament_create(
        organiser=alice,
        name="Small",
        table_size=3,
        small_tables=True,
        registration_closes=timezone.now() + timedelta(days=1),
    )
    register_all(tournament, make_players(4))
    stage = stage_start(tournament=tournament, by=alice, rng=random.Random(1))
    assert [len(table) for table in seated(stage)] == [2, 2]


def test_the_next_stage_waits_for_every_table(
    league: Tournament, alice: User, make_players: Players
) -> None:
    register_all(league, make_players(8))
    first = stage_start(tournament=league, by=alice, rng=random.Random(1))
    fake_result(first.tables.get(number=1), dict.fromkeys(seated(first)[0], 0))
    with pytest.raises(TournamentError, match="must finish first"):
        stage_start(tournament=league, by=alice)


def test_later_stages_are_seated_by_standings_without_repeat_opponents(
    alice: User, make_players: Players
) -> None:
    tournament = open_for_a_day(alice, "Swiss", table_size=3)
    first = first_stage(tournament, make_players(9), 7)
    ranking = []
    for table, names in zip(first.tables.order_by("number"), seated(first), strict=True):
        # The first seat wins each table, the second is second...
        fake_result(table, {name: 30 - 10 * i for i, name in enumerate(names)})
        ranking.append(names)
    second = stage_start(tournament=tournament, by=alice, rng=random.Random(7))
    met_before = {frozenset(pair) for names in ranking for pair in combinations(names, 2)}
    for names in seated(second):
        assert not met_before & {frozenset(pair) for pair in combinations(names, 2)}
    # Swiss-like: the three winners of stage 1 meet at table 1.
    winners = {names[0] for names in ranking}
    assert set(seated(second)[0]) == winners


def test_withdrawn_players_are_not_seated_again(
    league: Tournament, alice: User, make_players: Players
) -> None:
    players = make_players(8)
    register_all(league, players)
    first = stage_start(tournament=league, by=alice, rng=random.Random(2))
    for table, names in zip(first.tables.all(), seated(first), strict=True):
        fake_result(table, {name: i for i, name in enumerate(names)})
    gone = Entry.objects.get(tournament=league, user=players[0])
    entry_withdraw(entry=gone, by=alice)
    second = stage_start(tournament=league, by=alice, rng=random.Random(2))
    names = [name for table in seated(second) for name in table]
    assert players[0].username not in names and len(names) == 7
    assert [len(table) for table in seated(second)] == [4, 3]


def test_the_final_seats_the_top_of_the_standings(alice: User, make_players: Players) -> None:
    tournament = with_a_final(alice, "With a final")
    register_all(tournament, make_players(8))
    first = stage_start(tournament=tournament, by=alice, rng=random.Random(4))
    for table, names in zip(first.tables.all(), seated(first), strict=True):
        fake_result(table, {name: 40 - 10 * i for i, name in enumerate(names)})
    top = [line.player for line in selectors.standings_of(tournament)[:3]]
    final = stage_start(tournament=tournament, by=alice, rng=random.Random(4))
    assert final.is_final and final.number == 2
    (table,) = final.tables.all()
    assert sorted(p.entry_id for p in table.players.all()) == sorted(top)  # type: ignore[type-var]
    assert table.game.name == "With a final: final"
    fake_result(table, {name: 0 for name in seated(final)[0]})
    results._close_stage(final)
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED
    with pytest.raises(TournamentError, match="over"):
        stage_start(tournament=tournament, by=alice)


# --- Results, withdrawals and deadlines ------------------------------------------------


def test_a_final_place_decided_by_a_tie_break_says_which_in_the_mail(
    alice: User, make_players: Players, django_capture_on_commit_callbacks: OnCommit
) -> None:
    """Failed before: of three winners on 4 points ranked by their NUM-X score, the
    second read "Your final place: 2 of 9, with 4 points." and nothing of why not first."""
    tournament = open_for_a_day(alice, "Three tables", stage_count=1)
    winners = three_winners(tournament, make_players(9))
    stage = tournament.stages.get()
    speaks(winners[1], "fr")
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):  # type: ignore[operator]
        results._close_stage(stage)
    sent = {m.to[0]: m.body for m in mail.outbox}
    first, second = (display_name(user) for user in winners[:2])
    assert (
        "Your final place: 1 of 9, with 4 points. Level on points, you are ahead of "
        f"{second} on total NUM-X score, 50 to 40."
    ) in sent[winners[0].email]
    assert (
        "Votre place finale\u00a0: 2 sur 9, avec 4\u00a0points. À points égaux, vous êtes "
        f"derrière {first} au score NUM-X total, 40 à 50."
    ) in sent[winners[1].email]
    assert f"you are behind {second} on total NUM-X score, 30 to 40." in sent[winners[2].email]


def test_the_organisers_mail_that_the_tournament_is_over_gives_its_podium(
    alice: User, make_players: Players, django_capture_on_commit_callbacks: OnCommit
) -> None:
    """Failed before: it gave only the standings' and the dashboard's links."""
    tournament = open_for_a_day(alice, "Three tables", stage_count=1)
    first, second, third = (display_name(u) for u in three_winners(tournament, make_players(9)))
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):  # type: ignore[operator]
        results._close_stage(tournament.stages.get())
    (over,) = [m for m in mail.outbox if m.to == [alice.email]]
    assert (
        "The podium:\n"
        f"1. {first}: 4 points (ahead of {second} on total NUM-X score, 50 to 40)\n"
        f"2. {second}: 4 points (behind {first} on total NUM-X score, 40 to 50)\n"
        f"3. {third}: 4 points (behind {second} on total NUM-X score, 30 to 40)\n\n"
        "The standings: "
    ) in over.body


def test_the_organisers_mail_that_a_stage_is_done_says_which_the_standings_and_what_next(
    alice: User, make_players: Players, django_capture_on_commit_callbacks: OnCommit
) -> None:
    """Failed before: it gave the standings' and the dashboard's links only, so that the
    organiser had to open them to learn how the stage went and what to do next."""
    tournament = open_for_a_day(alice, "Three tables", stage_count=2)
    players = make_players(9)
    first, second, third = (display_name(u) for u in three_winners(tournament, players))
    stage = tournament.stages.get()
    seconds = {
        display_name(p.entry.user): p.score
        for p in TablePlayer.objects.filter(table__stage=stage, score__in=(5, 6, 7))
    }
    fourth, fifth = sorted(seconds, key=lambda name: -(seconds[name] or 0))[:2]
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):  # type: ignore[operator]
        results._close_stage(stage)
    (done,) = mail.outbox
    assert done.to == [alice.email]
    assert done.subject == "Three tables: every table of stage 1 is done"
    assert done.body.startswith(
        "Stage 1 of 2 is over.\n\n"
        "The leaders after stage 1:\n"
        f"1. {first}: 4 points (ahead of {second} on total NUM-X score, 50 to 40)\n"
        f"2. {second}: 4 points (behind {first} on total NUM-X score, 40 to 50)\n"
        f"3. {third}: 4 points (behind {second} on total NUM-X score, 30 to 40)\n"
        f"4. {fourth}: 2 points (ahead of {fifth} on total NUM-X score, 7 to 6)\n"
        f"5. {fifth}: 2 points (behind {fourth} on total NUM-X score, 6 to 7)\n\n"
        "Next: stage 2 of 2. Start it from your tools whenever you wish, or end the "
        "tournament after this stage.\n\n"
        f"The standings: {settings.SITE_URL}/tournaments/{tournament.pk}/standings/\n\n"
        f"Your organiser's tools: {settings.SITE_URL}/tournaments/{tournament.pk}/organise/"
    ), done.body


def _stage_done_mail(table: Table, players: list[User], capture: OnCommit) -> EmailMessage:
    """The organiser's one mail once ``table``, the last of its stage, is recorded with
    ``players`` ranked in reverse order (the last one first)."""
    fake_result(table, {user.username: 10 * rank for rank, user in enumerate(players)})
    mail.outbox.clear()
    with capture(execute=True):  # type: ignore[operator]
        results._close_stage(table.stage)
    (done,) = mail.outbox
    return done


def test_the_mail_that_the_last_stage_before_the_final_is_done_says_the_final_is_next(
    alice: User, make_players: Players, django_capture_on_commit_callbacks: OnCommit
) -> None:
    """Said in the organiser's language, with what stops the final when too few players
    are left for it."""
    speaks(alice, "fr")
    cup = with_a_final(alice)
    players = make_players(4)
    (table,) = first_stage(cup, players, 4).tables.all()
    for gone in players[:2]:
        entry_withdraw(entry=cup.entries.get(user=gone), by=alice, rng=random.Random(4))
    done = _stage_done_mail(table, players, django_capture_on_commit_callbacks)
    assert done.subject == "Cup\u00a0: toutes les tables de la ronde 1 sont terminées"
    assert "La ronde 1 sur 1 est terminée." in done.body
    assert "En tête après la ronde 1\u00a0:\n1. " in done.body
    assert (
        "Ensuite\u00a0: la finale, qui réunit les 3 premiers de ce classement encore en lice. "
        "La finale demande au moins 3 joueurs actifs. Vous pouvez mettre fin au tournoi "
        "depuis vos outils."
    ) in done.body, done.body


def test_the_mail_before_the_final_says_it_seats_the_top_players_still_in_the_tournament(
    alice: User, make_players: Players, django_capture_on_commit_callbacks: OnCommit
) -> None:
    """Failed before: under leaders led by a withdrawn player, it said the final seated
    "the top 3 of these standings", the second of whom he was; the final passes him over."""
    cup = with_a_final(alice, stage_count=2)
    players = make_players(4)
    (first,) = first_stage(cup, players, 4).tables.all()
    fake_result(first, {user.username: 10 * rank for rank, user in enumerate(players)})
    (second,) = stage_start(tournament=cup, by=alice, rng=random.Random(4)).tables.all()
    leader = players[3]
    entry_withdraw(entry=cup.entries.get(user=leader), by=alice, rng=random.Random(4))
    done = _stage_done_mail(second, players, django_capture_on_commit_callbacks)
    assert f"2. {display_name(leader)}: 8 points (withdrawn)\n" in done.body, done.body
    assert (
        "Next: the final, which seats the top 3 players of these standings still in the "
        "tournament. Start it from your tools"
    ) in done.body, done.body


def test_every_player_is_emailed_their_final_place_when_the_tournament_is_over(
    alice: User, make_players: Players, django_capture_on_commit_callbacks: OnCommit
) -> None:
    """Failed before: only the organiser heard that the tournament was over; the players,
    emailed at each stage's start, never learnt where they finished unless they came to
    look."""
    players = make_players(5)
    speaks(players[0], "fr")
    tournament = open_for_a_day(alice, "One table", stage_count=1)
    (table,) = first_stage(tournament, players, 5).tables.all()
    entry_withdraw(entry=tournament.entries.get(user=players[4]), by=alice)
    # At a table of five, one withdrawn: three share first place ((16 + 8 + 4) / 3).
    fake_result(table, {"player1": 30, "player2": 30, "player3": 30, "player4": 10, "player5": 0})
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):  # type: ignore[operator]
        results._close_stage(table.stage)
    sent = {m.to[0]: m for m in mail.outbox}
    assert sorted(sent) == sorted([alice.email, *(user.email for user in players[:4])]), (
        "every player still registered, and the organiser"
    )
    link = f"/tournaments/{tournament.pk}/standings/"
    assert sent[players[3].email].subject == "One table is over"
    assert "Your final place: 4 of 5, with 2 points." in sent[players[3].email].body
    assert "Your final place: =1 of 5, with 9.33 points." in sent[players[1].email].body
    french = sent[players[0].email]
    assert french.subject == "Le tournoi One table est terminé"
    assert "Votre place finale\u00a0: =1 sur 5, avec 9,33\u00a0points." in french.body
    assert all(link in m.body for m in mail.outbox)


def test_a_finished_table_records_its_games_final_score_sheets(
    alice: User, make_players: Players
) -> None:
    tournament = tournament_create(
        organiser=alice,
        name="One table",
        stage_count=1,
        table_size=3,
        registration_closes=timezone.now() + timedelta(days=1),
    )
    register_all(tournament, make_players(3))
    stage = stage_start(tournament=tournament, by=alice, rng=random.Random(5))
    table = stage.tables.get()
    assert table_record_result(table=table) is False, "not while the game is played"
    game = play_out(table.game, random.Random(5))
    consumers.dispatch(game.pk, only=["tournaments"])
    table.refresh_from_db()
    assert table.recorded_at is not None
    scores = dict(Seat.objects.filter(game=game).values_list("number", "score"))
    for place in table.players.all():
        assert place.score == scores[place.seat] and place.xtrems is not None
        assert not place.forfeit
    stage.refresh_from_db()
    tournament.refresh_from_db()
    assert stage.finished_at is not None and tournament.status == Tournament.Status.FINISHED
    assert table_record_result(table=table) is True, "recorded once; asking again is harmless"


def test_a_withdrawn_players_seat_is_played_by_a_bot_and_forfeits(
    league: Tournament, alice: User, make_players: Players
) -> None:
    register_all(league, make_players(4))
    stage = stage_start(tournament=league, by=alice, rng=random.Random(6))
    game = stage.tables.get().game
    # The X-Game opens with every player picking a card: the game waits for all four.
    awaited = Seat.objects.get(game=game, number=0, awaited=True)
    entry = Entry.objects.get(tournament=league, user=awaited.user)
    entry_withdraw(entry=entry, by=alice, rng=random.Random(6))
    entry.refresh_from_db()
    awaited.refresh_from_db()
    assert entry.status == Entry.Status.WITHDRAWN and entry.withdrawn_at is not None
    assert awaited.is_bot and not awaited.awaited, "the bot has already played for them"
    assert TablePlayer.objects.get(entry=entry).forfeit
    with pytest.raises(TournamentError, match="already withdrawn"):
        entry_withdraw(entry=entry, by=alice)


def test_a_withdrawn_player_is_told_by_email_in_their_language(
    league: Tournament,
    alice: User,
    make_players: Players,
    django_capture_on_commit_callbacks: OnCommit,
) -> None:
    """Failed before: the organiser's withdrawal sent nothing; the player found their
    table played by a bot and themselves left out of the next stage without a word."""
    players = make_players(4)
    speaks(players[1], "fr")
    register_all(league, players)
    stage_start(tournament=league, by=alice, rng=random.Random(6))
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):  # type: ignore[operator]
        for user in players[:2]:
            entry_withdraw(entry=league.entries.get(user=user), by=alice, rng=random.Random(6))
    # The others at the table may be asked for their move meanwhile: not of this.
    sent = {
        m.to[0]: m for m in mail.outbox if "withdrawn" in m.subject or "participation" in m.subject
    }
    assert sorted(sent) == sorted(user.email for user in players[:2])
    english, french = sent[players[0].email], sent[players[1].email]
    assert english.subject == "Spring league: the organiser has withdrawn you"
    assert (
        f"{display_name(alice)} has withdrawn you from Spring league: you will be seated at "
        "no further stage, and you keep the points you earned." in english.body
    )
    assert (
        "At your table still being played a bot plays your seat, and the table gives you 0 "
        "points and no place." in english.body
    )
    assert f"/tournaments/{league.pk}/standings/" in english.body
    # Said to a woman as to a man: "vous a retiré" was a man's only.
    assert french.subject == "Spring league\u00a0: l’organisation a mis fin à votre participation"
    assert (
        f"{display_name(alice)} a mis fin à votre participation au tournoi Spring league\u00a0: "
        "vous ne jouerez plus aucune ronde, et vous gardez les points gagnés." in french.body
    )


def test_a_player_who_resigned_then_is_withdrawn_resigned_once(
    league: Tournament, alice: User, make_players: Players
) -> None:
    """The withdrawal records the player's resignation, unless they had resigned already:
    a game's log with two resignations of one seat would not verify."""
    register_all(league, make_players(4))
    game = stage_start(tournament=league, by=alice, rng=random.Random(6)).tables.get().game
    seat = Seat.objects.get(game=game, number=2)
    gone = seat.user
    assert gone is not None
    resign(game=game, user=gone)
    entry_withdraw(entry=Entry.objects.get(tournament=league, user=gone), by=alice)
    seat.refresh_from_db()
    assert seat.user is None and seat.resigned and seat.former_user == gone
    assert game.events.filter(type="resigned", seat=2).count() == 1
    assert verify(export_game(game.pk)).summary is not None


def test_a_withdrawn_player_no_longer_reads_or_plays_their_old_seat(
    league: Tournament, alice: User, make_players: Players
) -> None:
    register_all(league, make_players(4))
    stage = stage_start(tournament=league, by=alice, rng=random.Random(6))
    game = stage.tables.get().game
    seat = Seat.objects.get(game=game, number=0)
    gone, name = seat.user, seat.name
    entry_withdraw(entry=Entry.objects.get(tournament=league, user=gone), by=alice)
    client = Client()
    client.force_login(gone)
    page = client.get(f"/games/{game.pk}/").content.decode()
    assert "Your hand" not in page and "You are watching" in page
    assert client.get(f"/api/games/{game.pk}/").json()["state"]["seat"] is None
    events = game.events.count()
    refused = client.post(
        f"/api/games/{game.pk}/actions/",
        {"action": "pass", "expected_sequence": game.last_sequence},
        content_type="application/json",
    )
    assert refused.status_code == 403 and game.events.count() == events
    seat.refresh_from_db()
    assert seat.is_bot and seat.user is None and seat.name == name


def test_only_the_organiser_withdraws_players(league: Tournament, bob: User, mallory: User) -> None:
    entry = tournament_register(tournament=league, user=bob)
    with pytest.raises(NotOrganiser):
        entry_withdraw(entry=entry, by=mallory)


def test_the_organiser_cancels_an_invitation(
    league: Tournament, alice: User, bob: User, mallory: User
) -> None:
    invitation = tournament_invite(tournament=league, by=alice, email="bob@example.com")
    with pytest.raises(NotOrganiser):
        invitation_cancel(invitation=invitation, by=mallory)
    invitation_cancel(invitation=invitation, by=alice)
    assert not league.invitations.exists()
    with pytest.raises(TournamentError, match="not open"):
        tournament_register(tournament=league, user=bob, now=timezone.now() + timedelta(days=30))


def test_a_player_who_resigns_at_a_table_gets_the_fixed_value_and_cannot_call_it_off(
    alice: User, make_players: Players
) -> None:
    tournament = tournament_create(
        organiser=alice,
        name="Leaving",
        stage_count=1,
        table_size=3,
        forfeit_points=1,
        registration_closes=timezone.now() + timedelta(days=1),
    )
    players = make_players(3)
    register_all(tournament, players)
    table = stage_start(tournament=tournament, by=alice, rng=random.Random(8)).tables.get()
    leaver = Seat.objects.get(game=table.game, number=1).user
    assert leaver is not None
    with pytest.raises(EndingRefused, match="tournament"):
        abort(game=table.game, user=leaver)

    resign(game=table.game, user=leaver)
    play_out(table.game, random.Random(8))
    assert table_record_result(table=table)

    places = {p.seat: p for p in table.players.all()}
    assert places[1].timed_out and not places[0].timed_out and not places[2].timed_out
    (line,) = [
        line for line in selectors.standings_of(tournament) if line.player == places[1].entry_id
    ]
    assert line.points == 1
    page = Client()
    page.force_login(alice)
    tables = page.get(f"/tournaments/{tournament.pk}/tables/").content.decode()
    assert "(resigned)" in tables


def test_a_timed_out_seat_at_game_end_gets_the_fixed_value(
    alice: User, make_players: Players
) -> None:
    tournament = tournament_create(
        organiser=alice,
        name="Clock",
        stage_count=1,
        table_size=3,
        forfeit_points=1,
        registration_closes=timezone.now() + timedelta(days=1),
    )
    register_all(tournament, make_players(3))
    table = stage_start(tournament=tournament, by=alice, rng=random.Random(8)).tables.get()
    Seat.objects.filter(game=table.game, number=1).update(timeouts=2)
    play_out(table.game, random.Random(8))
    assert table_record_result(table=table)
    places = {p.seat: p for p in table.players.all()}
    assert places[1].timed_out and not places[0].timed_out and not places[2].timed_out
    (line,) = [
        line for line in selectors.standings_of(tournament) if line.player == places[1].entry_id
    ]
    assert line.points == 1 and line.score == 0


def test_the_organiser_finishes_a_table_past_its_deadline_with_the_policy(
    alice: User, make_players: Players, django_capture_on_commit_callbacks: OnCommit
) -> None:
    tournament = tournament_create(
        organiser=alice,
        name="Deadline",
        stage_count=1,
        table_size=3,
        registration_closes=timezone.now() + timedelta(days=1),
    )
    register_all(tournament, make_players(3))
    table = stage_start(tournament=tournament, by=alice, rng=random.Random(9)).tables.get()
    with pytest.raises(TournamentError, match="past the move deadline"):
        table_force_finish(table=table, by=alice)
    rng = random.Random(9)
    while table.game.seats.filter(awaited=True).count() != 1:  # past the opening picks
        play_out(table.game, rng, moves=1)
    late = set(table.game.seats.filter(awaited=True).values_list("number", flat=True))
    # The task that plays the table out never runs (as if the worker died)...
    table_force_finish(table=table, by=alice, now=timezone.now() + timedelta(days=3, hours=1))
    table.game.refresh_from_db()
    assert table.game.status == Game.Status.RUNNING
    # ... so the organiser asks again, which resumes it whatever the clock says.
    with django_capture_on_commit_callbacks(execute=True):  # type: ignore[operator]
        table_force_finish(table=table, by=alice)
    table.refresh_from_db()
    table.game.refresh_from_db()
    assert table.game.status == Game.Status.FINISHED
    assert table.forced_at is not None and table.recorded_at is not None
    # Only the players the game waited for past their deadline forfeit.
    assert {p.seat for p in table.players.all() if p.timed_out} == late
    assert table.game.seats.filter(timeouts__gt=0).count() == 3, "the policy moved for all"
    with pytest.raises(TournamentError, match="not being played"):
        table_force_finish(table=table, by=alice)


def test_only_the_organiser_finishes_tables(
    league: Tournament, alice: User, mallory: User, make_players: Players
) -> None:
    register_all(league, make_players(3))
    table = stage_start(tournament=league, by=alice, rng=random.Random(1)).tables.get()
    with pytest.raises(NotOrganiser):
        table_force_finish(table=table, by=mallory, now=timezone.now() + timedelta(days=9))


# --- Emails ----------------------------------------------------------------------------


def registered(tournament: Tournament, players: list[User]) -> list[User]:
    """``players`` registered to ``tournament``, the first of them reading French."""
    register_all(tournament, players)
    speaks(players[0], "fr")
    return players


def test_the_organiser_emails_every_registered_player_in_their_language(
    league: Tournament,
    alice: User,
    make_players: Players,
    django_capture_on_commit_callbacks: OnCommit,
) -> None:
    players = registered(league, make_players(3))
    entry_withdraw(entry=Entry.objects.get(user=players[2]), by=alice)
    tournament_invite(tournament=league, by=alice, email="alice@example.com")
    with django_capture_on_commit_callbacks(execute=True):  # type: ignore[operator]
        sent = tournament_email(
            tournament=league, by=alice, subject="Stage 2 on Monday", message="Be ready."
        )
    assert sent == 2
    bodies = {m.to[0]: m.body for m in mail.outbox}
    assert sorted(bodies) == sorted([players[0].email, players[1].email])
    assert all(m.subject == "[Spring league] Stage 2 on Monday" for m in mail.outbox)
    assert all(body.startswith("Be ready.") for body in bodies.values())
    # Her profile says French; the organiser is named without a man's word for it
    # (failed before: "organisateur du tournoi").
    french = bodies[players[0].email]
    assert "Envoyé par alice, qui organise le tournoi Spring league\u00a0: " in french
    assert "Sent by" in bodies[players[1].email]


@pytest.mark.parametrize(
    ("shown", "english", "french"),
    [
        (
            True,
            "Reply to this email to write to alice.",
            "Répondez à cet e-mail pour écrire à alice.",
        ),
        (
            False,
            "Replies to this email do not reach alice, whose address the site does not share.",
            "Les réponses à cet e-mail ne parviennent pas à alice, dont le site ne partage pas",
        ),
    ],
)
def test_replies_reach_the_organiser_only_if_they_show_their_address(
    shown: bool,
    english: str,
    french: str,
    league: Tournament,
    alice: User,
    make_players: Players,
    django_capture_on_commit_callbacks: OnCommit,
) -> None:
    """Failed before: replies went to the site's address, which the footer did not say."""
    players = registered(league, make_players(2))
    with django_capture_on_commit_callbacks(execute=True):  # type: ignore[operator]
        tournament_email(
            tournament=league, by=alice, subject="Hi", message="Ready?", reply_to_me=shown
        )
    sent = {m.to[0]: m for m in mail.outbox}
    assert all(m.reply_to == ([alice.email] if shown else []) for m in mail.outbox)
    assert english in sent[players[1].email].body
    assert french in sent[players[0].email].body


def test_an_organiser_without_an_address_cannot_be_replied_to(
    league: Tournament, alice: User, make_players: Players
) -> None:
    register_all(league, make_players(2))
    alice.email = ""
    alice.save()
    with pytest.raises(TournamentError, match="no email address"):
        tournament_email(
            tournament=league, by=alice, subject="Hi", message="Ready?", reply_to_me=True
        )
    assert not Mail.objects.exists()


def test_a_tournament_email_goes_out_once_however_often_its_task_runs(
    league: Tournament,
    alice: User,
    make_players: Players,
    django_capture_on_commit_callbacks: OnCommit,
) -> None:
    register_all(league, make_players(2))
    with django_capture_on_commit_callbacks(execute=True):  # type: ignore[operator]
        tournament_email(tournament=league, by=alice, subject="Hello", message="Play!")
    assert len(mail.outbox) == 2
    for owed in Mail.objects.all():
        assert tournament_mail.send_mail(owed.pk) is False  # a retried or duplicated task
    assert len(mail.outbox) == 2


def test_a_tournament_email_whose_enqueue_was_lost_is_sent_later_once(
    league: Tournament, alice: User, make_players: Players
) -> None:
    """Without the commit callbacks (a crash between commit and enqueue), nothing is sent;
    the periodic sweep finds the owed emails once they are overdue and sends each once."""
    register_all(league, make_players(2))
    tournament_email(tournament=league, by=alice, subject="Hello", message="Play!")
    assert mail.outbox == [] and Mail.objects.filter(sent_at__isnull=True).count() == 2
    assert resend_overdue(timezone.now()) == 0  # not overdue yet: its own task may still come
    Mail.objects.update(created_at=timezone.now() - timedelta(hours=1))
    assert resend_overdue(timezone.now()) == 2  # Celery runs eagerly in tests: sent now
    assert resend_overdue(timezone.now()) == 0
    assert len(mail.outbox) == 2


def test_a_tournament_change_rolled_back_owes_no_email(
    league: Tournament,
    alice: User,
    make_players: Players,
    django_capture_on_commit_callbacks: OnCommit,
) -> None:
    register_all(league, make_players(2))
    with (
        django_capture_on_commit_callbacks(execute=True),  # type: ignore[operator]
        pytest.raises(RuntimeError),
        transaction.atomic(),
    ):
        tournament_email(tournament=league, by=alice, subject="Hello", message="Play!")
        raise RuntimeError("the request failed after the service")
    assert mail.outbox == [] and not Mail.objects.exists()


def test_emailing_players_is_for_the_organiser_with_a_subject_and_message(
    league: Tournament, alice: User, mallory: User
) -> None:
    with pytest.raises(NotOrganiser):
        tournament_email(tournament=league, by=mallory, subject="Hi", message="Spam")
    with pytest.raises(TournamentError):
        tournament_email(tournament=league, by=alice, subject=" ", message="Hello")


def test_a_withdrawal_after_the_last_move_but_before_the_result_still_counts(
    league: Tournament, alice: User, make_players: Players
) -> None:
    register_all(league, make_players(4))
    stage = stage_start(tournament=league, by=alice, rng=random.Random(6))
    table = stage.tables.get()
    # The game has just ended; the tournament has not recorded the table yet.
    Game.objects.filter(pk=table.game.pk).update(status=Game.Status.FINISHED)
    place = table.players.select_related("entry").first()
    assert place is not None
    entry_withdraw(entry=place.entry, by=alice)
    place.refresh_from_db()
    assert place.withdrawn
    assert not Seat.objects.get(game=table.game, number=place.seat).is_bot


def test_nobody_is_withdrawn_from_a_finished_tournament(alice: User, make_players: Players) -> None:
    # Found organising a tournament through its pages: the dashboard of a finished
    # tournament still offered "Withdraw", and the final standings then marked a player
    # who had played every table as withdrawn.
    players = make_players(4)
    first, final = cup_to_the_final(alice, players)
    fake_result(final, {name: 0 for name in seated(final.stage)[0]})
    results._close_stage(final.stage)
    tournament = first.stage.tournament
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED
    entry = Entry.objects.get(tournament=tournament, user=players[0])
    with pytest.raises(TournamentError, match="over"):
        entry_withdraw(entry=entry, by=alice)
    entry.refresh_from_db()
    assert entry.status != Entry.Status.WITHDRAWN
    page = Client()
    page.force_login(alice)
    dashboard = page.get(f"/tournaments/{tournament.pk}/organise/")
    assert f"/players/{entry.pk}/withdraw/" not in dashboard.content.decode()


def test_the_organisers_email_at_a_stages_end_links_the_standings_and_the_tools(
    alice: User, league: Tournament, make_players: Players
) -> None:
    """Failed before: it said "The standings and your organiser's tools" and linked only
    the dashboard."""
    register_all(league, make_players(4))
    stage = stage_start(tournament=league, by=alice, rng=random.Random(4))
    (table,) = stage.tables.all()
    fake_result(table, {name: 0 for name in seated(stage)[0]})
    results._close_stage(stage)
    (owed,) = Mail.objects.filter(recipient=alice)
    tournament = league
    assert f"/tournaments/{tournament.pk}/standings/" in owed.body
    assert f"/tournaments/{tournament.pk}/organise/" in owed.body


def test_a_tournament_invitation_says_what_the_tournament_is(
    alice: User, bob: User, django_capture_on_commit_callbacks: OnCommit
) -> None:
    """Failed before: it named the tournament only, where a game's invitation says its
    table, options and time per move; then its subject said "NUM-X tournament" where its
    body and the rule book say "X-Game tournament", and "X-Games of 5 players" where the
    numbers may seat tables of 3 and 4 too (10 players at tables of 4 sit at 4, 3 and 3);
    then, in French, a capital in mid-sentence after the colon ("« Cup » : Parties
    X-Game")."""
    cup = with_a_final(alice, table_size=5, stage_count=2, move_deadline=timedelta(days=2))
    speaks(bob, "fr")
    with django_capture_on_commit_callbacks(execute=True):  # type: ignore[operator]
        tournament_invite(tournament=cup, by=alice, email="carol@example.com")
        tournament_invite(tournament=cup, by=alice, email="bob@example.com")
    english, french = mail.outbox
    assert english.subject == "alice invites you to the X-Game tournament “Cup”"
    assert (
        "X-Games of 3 to 5 players, 5 where their number allows · 2 stages, then a final of "
        "the top 3 · 2 days per move." in english.body
    )
    assert french.subject == "alice vous invite au tournoi X-Game «\u00a0Cup\u00a0»"
    assert (
        "«\u00a0Cup\u00a0»\u00a0: parties X-Game de 3 à 5 joueurs, 5 quand leur nombre le permet"
        " · 2 rondes, puis une "
        "finale entre les 3 premiers · 2 jours par coup." in french.body
    )


def test_a_forfeit_worth_more_than_a_last_place_is_refused_however_the_tournament_is_made(
    alice: User,
) -> None:
    """Failed before: only the new-tournament form refused it; the admin's form and the
    demo, which make tournaments through the service, took a forfeit of 100 against a win
    of 8 (a timed-out player could top the standings)."""
    with pytest.raises(ValidationError) as refused:
        open_for_a_day(alice, "Generous", forfeit_points=100)
    assert "At most 1" in str(refused.value.message_dict["forfeit_points"])
    assert not Tournament.objects.filter(name="Generous").exists()
    assert open_for_a_day(alice, "Fair", forfeit_points=1).forfeit_points == 1
