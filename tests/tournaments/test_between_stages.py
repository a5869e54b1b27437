"""Between stages: the organiser ends the tournament after the stages played (when too
few players are left for the next stage, or when the league stops there), or invites a
player (a late one, or one replacing a withdrawn player), who joins only by accepting,
starts with 0 points and is seated from the next stage."""

from __future__ import annotations

import html
import random
import re
from collections.abc import Callable

import pytest
from django.contrib.auth.models import User
from django.core import mail
from django.test import Client

from games.models import Game
from tests.members import speaks
from tournaments import selectors
from tournaments.models import Entry, Invitation, Mail, Stage, Tournament
from tournaments.services import (
    NotOrganiser,
    TournamentError,
    entry_withdraw,
    stage_start,
    tournament_end,
    tournament_invite,
    tournament_register,
    tournament_unregister,
)

from .conftest import (
    Players,
    fake_result,
    first_stage,
    open_for_a_day,
    play_out,
    with_a_final,
)

pytestmark = pytest.mark.django_db

OnCommit = Callable[..., object]
Login = Callable[[User], Client]


def play_stage(stage: Stage) -> None:
    """Every table of ``stage`` recorded: at each, the first seat first, the next second..."""
    for table in stage.tables.all():
        names = [place.entry.user.username for place in table.players.order_by("seat")]
        fake_result(table, {name: 40 - 10 * i for i, name in enumerate(names)})


@pytest.fixture
def two_left(alice: User, make_players: Players) -> tuple[Tournament, list[User]]:
    """Alice's "Small league" of two stages: four players, stage 1 played, two of them
    withdrawn since, too few for stage 2. Returns the league and the two players left."""
    players = make_players(4)
    league = open_for_a_day(alice, "Small league", stage_count=2)
    play_stage(first_stage(league, players, seed=3))
    for user in players[2:]:
        entry_withdraw(entry=league.entries.get(user=user), by=alice)
    return league, players[:2]


def _url(tournament: Tournament, page: str = "") -> str:
    return f"/tournaments/{tournament.pk}/{page}"


# --- Ending a tournament ------------------------------------------------------------------


def test_the_organiser_ends_a_tournament_too_few_players_are_left_to_go_on_with(
    alice: User,
    two_left: tuple[Tournament, list[User]],
    django_capture_on_commit_callbacks: OnCommit,
) -> None:
    """Failed before: no tool ended it, and it stayed "being played: stage 1 of 2" for
    good, with no final standings and no end-of-tournament mail."""
    league, left = two_left
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):  # type: ignore[operator]
        tournament_end(tournament=league, by=alice)
    league.refresh_from_db()
    assert league.status == Tournament.Status.FINISHED and league.finished_at is not None
    sent = {m.to[0]: m for m in mail.outbox}
    assert sorted(sent) == sorted([alice.email, *(user.email for user in left)]), (
        "the organiser and every player still registered, as when the last stage ends"
    )
    assert all(m.subject == "Small league is over" for m in mail.outbox)
    assert all(f"/tournaments/{league.pk}/standings/" in m.body for m in mail.outbox)
    assert "Your final place: " in sent[left[0].email].body


def test_a_league_may_stop_after_any_stage_played(
    alice: User, make_players: Players, django_capture_on_commit_callbacks: OnCommit
) -> None:
    league = open_for_a_day(alice, "Long league", stage_count=5)
    play_stage(first_stage(league, make_players(8), seed=8))
    with django_capture_on_commit_callbacks(execute=True):  # type: ignore[operator]
        tournament_end(tournament=league, by=alice)
    league.refresh_from_db()
    assert league.status == Tournament.Status.FINISHED
    assert len(mail.outbox) == 9, "the organiser and the eight players"


def _nothing_changed(league: Tournament, status: str) -> None:
    league.refresh_from_db()
    assert league.status == status and league.finished_at is None
    assert not Mail.objects.filter(tournament=league).exists()


def test_only_the_organiser_ends_a_tournament(
    mallory: User, two_left: tuple[Tournament, list[User]]
) -> None:
    league, _left = two_left
    Mail.objects.all().delete()
    with pytest.raises(NotOrganiser):
        tournament_end(tournament=league, by=mallory)
    _nothing_changed(league, Tournament.Status.RUNNING)


def test_a_tournament_ends_only_once_no_stage_is_being_played(
    alice: User, make_players: Players
) -> None:
    league = open_for_a_day(alice, "Busy league", stage_count=2)
    first_stage(league, make_players(4), seed=4)
    Mail.objects.all().delete()
    with pytest.raises(TournamentError, match="Every table of the current stage must finish"):
        tournament_end(tournament=league, by=alice)
    _nothing_changed(league, Tournament.Status.RUNNING)


def test_a_tournament_with_no_stage_played_is_not_ended(
    alice: User, league: Tournament, make_players: Players
) -> None:
    """Before stage 1 there are no standings to end on (and no cancelling a tournament)."""
    for user in make_players(4):
        Entry.objects.create(tournament=league, user=user, status=Entry.Status.REGISTERED)
    with pytest.raises(TournamentError, match="No stage has been played yet"):
        tournament_end(tournament=league, by=alice)
    _nothing_changed(league, Tournament.Status.REGISTRATION)


def test_a_finished_tournament_is_not_ended_again(
    alice: User, two_left: tuple[Tournament, list[User]]
) -> None:
    league, _left = two_left
    tournament_end(tournament=league, by=alice)
    league.refresh_from_db()
    finished_at = league.finished_at
    Mail.objects.all().delete()
    with pytest.raises(TournamentError, match="This tournament is over"):
        tournament_end(tournament=league, by=alice)
    league.refresh_from_db()
    assert league.finished_at == finished_at
    assert not Mail.objects.exists()


def test_the_organiser_ends_the_tournament_from_the_dashboard_after_a_question(
    alice: User, as_user: Login, client: Client, two_left: tuple[Tournament, list[User]]
) -> None:
    league, _left = two_left
    organiser = as_user(alice)
    dashboard = organiser.get(_url(league, "organise/")).content.decode()
    assert f'href="{_url(league, "organise/end/")}"' in dashboard
    question = html.unescape(organiser.get(_url(league, "organise/end/")).content.decode())
    assert "End Small league now?" in question
    assert (
        "The standings after stage 1 of 2 become its final standings: no further stage is "
        "played." in question
    )
    french = organiser.get(_url(league, "organise/end/"), HTTP_ACCEPT_LANGUAGE="fr")
    assert "Terminer Small league maintenant\u00a0?" in html.unescape(french.content.decode())
    response = organiser.post(_url(league, "organise/end/"), follow=True)
    assert "The tournament is over." in response.content.decode()
    league.refresh_from_db()
    assert league.status == Tournament.Status.FINISHED
    standings = client.get(_url(league, "standings/")).content.decode()
    assert re.search(r"<h2>([^<]*)</h2>", standings).group(1) == "Final standings"  # type: ignore[union-attr]
    page = client.get(_url(league, "")).content.decode()
    assert "finished: stage 1 of 2" in page and "ended early by its organiser" in page
    listed = client.get("/tournaments/").content.decode()
    assert "Small league</a>\n    — finished" in listed


def test_the_dashboard_offers_no_end_while_a_stage_is_being_played_or_before_one(
    alice: User, as_user: Login, make_players: Players
) -> None:
    league = open_for_a_day(alice, "Busy league", stage_count=2)
    organiser = as_user(alice)
    players = make_players(4)
    for user in players:
        Entry.objects.create(tournament=league, user=user, status=Entry.Status.REGISTERED)
    assert "organise/end/" not in organiser.get(_url(league, "organise/")).content.decode()
    stage = first_stage(league, [], seed=4)
    assert "organise/end/" not in organiser.get(_url(league, "organise/")).content.decode()
    play_stage(stage)
    assert "organise/end/" in organiser.get(_url(league, "organise/")).content.decode()


def test_a_refused_end_says_why_with_a_409_and_changes_nothing(
    alice: User, as_user: Login, make_players: Players
) -> None:
    league = open_for_a_day(alice, "Busy league", stage_count=2)
    first_stage(league, make_players(4), seed=4)
    response = as_user(alice).post(_url(league, "organise/end/"))
    assert response.status_code == 409
    assert "Every table of the current stage must finish first." in response.content.decode()
    league.refresh_from_db()
    assert league.status == Tournament.Status.RUNNING


def _last_stage_started(alice: User, players: list[User]) -> tuple[Tournament, Stage]:
    """Alice's "Short league" of two stages for ``players``: stage 1 played, stage 2 (the
    last) started."""
    league = open_for_a_day(alice, "Short league", stage_count=2)
    play_stage(first_stage(league, players, seed=4))
    return league, stage_start(tournament=league, by=alice, rng=random.Random(6))


def test_while_the_last_stage_is_played_ending_or_inviting_is_refused_as_pointless(
    alice: User, make_players: Players
) -> None:
    """No stage is left to end before, nor for an invited player to play: the tournament
    ends with its last stage. Failed before: told to wait for its tables to finish, as if
    ending or inviting would then be possible."""
    league, _stage = _last_stage_started(alice, make_players(4))
    Mail.objects.all().delete()
    for act in (
        lambda: tournament_end(tournament=league, by=alice),
        lambda: tournament_invite(tournament=league, by=alice, email="carol@example.com"),
    ):
        with pytest.raises(TournamentError, match="The last stage is being played"):
            act()
    _nothing_changed(league, Tournament.Status.RUNNING)
    assert not league.invitations.exists()


def test_a_last_stage_played_out_but_not_recorded_yet_offers_no_early_end(
    alice: User, as_user: Login, make_players: Players
) -> None:
    """Every game of the last stage is over, its results not recorded yet (the consumer
    records them after the commit): the dashboard offers neither ending early nor
    inviting, and a page loaded before that sends the end anyway is told the tournament
    is over, as it is, having finished on its own. Failed before: the dashboard offered
    "End the tournament now", and following it was a 409 contradicting the page."""
    league, stage = _last_stage_started(alice, make_players(4))
    for table in stage.tables.select_related("game"):
        assert play_out(table.game, random.Random(1)).status == Game.Status.FINISHED
    organiser = as_user(alice)

    dashboard = organiser.get(_url(league, "organise/")).content.decode()

    assert "organise/end/" not in dashboard and "organise/invite/" not in dashboard
    response = organiser.post(_url(league, "organise/end/"))
    assert response.status_code == 409
    assert "This tournament is over." in response.content.decode()
    league.refresh_from_db()
    assert league.status == Tournament.Status.FINISHED
    page = organiser.get(_url(league, "")).content.decode()
    assert "finished: stage 2 of 2" in page and "ended early" not in page


def test_ending_is_for_the_organiser_only(
    mallory: User, as_user: Login, client: Client, two_left: tuple[Tournament, list[User]]
) -> None:
    league, _left = two_left
    assert as_user(mallory).get(_url(league, "organise/end/")).status_code == 403
    assert as_user(mallory).post(_url(league, "organise/end/")).status_code == 403
    assert client.post(_url(league, "organise/end/")).status_code == 302, "to log in"
    league.refresh_from_db()
    assert league.status == Tournament.Status.RUNNING


# --- Inviting a player between stages -----------------------------------------------------


def _invite(league: Tournament, address: str, capture: OnCommit) -> None:
    with capture(execute=True):  # type: ignore[operator]
        tournament_invite(tournament=league, by=league.organiser, email=address)


def test_a_player_invited_between_stages_accepts_starts_from_nothing_and_plays_the_next_stage(
    bob: User,
    two_left: tuple[Tournament, list[User]],
    django_capture_on_commit_callbacks: OnCommit,
) -> None:
    """Failed before: two withdrawals left a league too few players for stage 2, and no
    replacement could be invited to it."""
    league, left = two_left
    speaks(bob, "fr")
    mail.outbox.clear()
    _invite(league, bob.email, django_capture_on_commit_callbacks)
    (told,) = mail.outbox
    assert told.to == [bob.email]
    assert "vous commencez avec 0\u00a0point et jouez à partir de la prochaine ronde" in told.body
    assert not league.entries.filter(user=bob).exists(), "nobody is registered unasked"
    entry = tournament_register(tournament=league, user=bob)
    assert entry.status == Entry.Status.REGISTERED
    assert not league.invitations.exists(), "accepted"
    (line,) = [line for line in selectors.standings_of(league) if line.player == entry.pk]
    assert line.tables == 0 and line.rank is None, "listed as a player who has not played yet"
    stage = stage_start(tournament=league, by=league.organiser, rng=random.Random(2))
    (table,) = stage.tables.all()
    seated = {place.entry.user for place in table.players.select_related("entry__user")}
    assert seated == {*left, bob}
    play_stage(stage)
    points = {line.player: line.points for line in selectors.standings_of(league)}
    assert points[entry.pk] in {1, 2, 4}, "only the points of the stage bob played"


def test_an_invitation_sent_between_stages_waits_for_the_stage_being_played(
    alice: User, bob: User, make_players: Players
) -> None:
    """Invited between stages, Bob answers once the organiser has started the next stage:
    he may accept once it ends, and play the one after it."""
    league = _long_league(alice, make_players)
    tournament_invite(tournament=league, by=alice, email=bob.email)
    stage_start(tournament=league, by=alice, rng=random.Random(5))
    with pytest.raises(TournamentError, match="wait until stage 2 ends"):
        tournament_register(tournament=league, user=bob)
    assert not league.entries.filter(user=bob).exists()
    assert league.invitations.exists(), "still his to accept once the stage ends"


def _long_league(alice: User, make_players: Players) -> Tournament:
    """Alice's "Long league" of three stages, four players, stage 1 played."""
    league = open_for_a_day(alice, "Long league", stage_count=3)
    play_stage(first_stage(league, make_players(4), seed=3))
    return league


def test_invitations_nobody_accepted_lapse_when_the_last_stage_starts(
    bob: User, two_left: tuple[Tournament, list[User]], make_players: Players
) -> None:
    """Failed before: Bob, invited before the last stage, was told to wait until it ends,
    when nothing would be left for him to play."""
    league, _left = two_left
    tournament_invite(tournament=league, by=league.organiser, email=bob.email)
    _next_stage_with(league, make_players(2))
    assert not league.invitations.filter(email=bob.email).exists()
    with pytest.raises(TournamentError, match="already started"):
        tournament_register(tournament=league, user=bob)
    assert not league.entries.filter(user=bob).exists()


def _next_stage_with(league: Tournament, players: list[User]) -> Stage:
    """``players`` invited and registered between stages, the organiser starts the next."""
    for user in players:
        tournament_invite(tournament=league, by=league.organiser, email=user.email)
        tournament_register(tournament=league, user=user)
    return stage_start(tournament=league, by=league.organiser, rng=random.Random(5))


def test_a_player_invited_between_stages_may_decline(
    bob: User, two_left: tuple[Tournament, list[User]]
) -> None:
    league, _left = two_left
    tournament_invite(tournament=league, by=league.organiser, email=bob.email)
    tournament_unregister(tournament=league, user=bob)
    assert not league.invitations.exists() and not league.entries.filter(user=bob).exists()
    with pytest.raises(TournamentError, match="already started"):
        tournament_register(tournament=league, user=bob)


def test_nobody_is_invited_while_a_stage_is_being_played_or_once_the_tournament_is_over(
    alice: User, make_players: Players, two_left: tuple[Tournament, list[User]]
) -> None:
    busy = open_for_a_day(alice, "Busy league", stage_count=2)
    first_stage(busy, make_players(4), seed=4)
    with pytest.raises(TournamentError, match="Every table of the current stage must finish"):
        tournament_invite(tournament=busy, by=alice, email="carol@example.com")
    league, _left = two_left
    tournament_end(tournament=league, by=alice)
    with pytest.raises(TournamentError, match="This tournament is over"):
        tournament_invite(tournament=league, by=alice, email="carol@example.com")
    assert not Invitation.objects.exists()


def test_invitations_nobody_accepted_lapse_when_the_tournament_ends(
    alice: User, bob: User, two_left: tuple[Tournament, list[User]]
) -> None:
    league, _left = two_left
    tournament_invite(tournament=league, by=alice, email=bob.email)
    tournament_end(tournament=league, by=alice)
    assert not league.invitations.exists()


def test_a_member_not_invited_cannot_register_once_stage_1_has_started(
    bob: User, two_left: tuple[Tournament, list[User]]
) -> None:
    league, _left = two_left
    with pytest.raises(TournamentError, match="This tournament has already started"):
        tournament_register(tournament=league, user=bob)
    assert not league.entries.filter(user=bob).exists()


# --- Inviting between stages: the pages ---------------------------------------------------


def test_the_organiser_invites_between_stages_from_the_dashboard(
    alice: User, as_user: Login, two_left: tuple[Tournament, list[User]]
) -> None:
    league, _left = two_left
    organiser = as_user(alice)
    dashboard = organiser.get(_url(league, "organise/")).content.decode()
    assert f'action="{_url(league, "organise/invite/")}"' in dashboard
    response = organiser.post(_url(league, "organise/invite/"), {"email": "carol@example.com"})
    assert response.status_code == 302
    assert list(league.invitations.values_list("email", flat=True)) == ["carol@example.com"]


def test_an_invitation_during_a_stage_is_a_409_with_the_reason(
    alice: User, as_user: Login, make_players: Players
) -> None:
    league = open_for_a_day(alice, "Busy league", stage_count=2)
    first_stage(league, make_players(4), seed=4)
    organiser = as_user(alice)
    assert "organise/invite/" not in organiser.get(_url(league, "organise/")).content.decode()
    response = organiser.post(_url(league, "organise/invite/"), {"email": "carol@example.com"})
    assert response.status_code == 409
    assert "Every table of the current stage must finish first." in response.content.decode()
    assert not league.invitations.exists()


def test_the_invited_player_accepts_on_the_registration_page_between_stages(
    bob: User, as_user: Login, two_left: tuple[Tournament, list[User]]
) -> None:
    league, _left = two_left
    tournament_invite(tournament=league, by=league.organiser, email=bob.email)
    player = as_user(bob)
    page = html.unescape(player.get(_url(league, "register/")).content.decode())
    assert "you join with 0 points and play from the next stage" in page
    assert "Accept the invitation" in page
    french = html.unescape(
        player.get(_url(league, "register/"), HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    )
    assert "vous commencez avec 0\u00a0point et jouez à partir de la prochaine ronde" in french
    response = player.post(_url(league, "register/"), follow=True)
    assert "You are registered." in response.content.decode()
    assert league.entries.get(user=bob).status == Entry.Status.REGISTERED


def test_accepting_during_a_stage_is_a_409_that_says_to_wait(
    alice: User, bob: User, as_user: Login, make_players: Players
) -> None:
    league = _long_league(alice, make_players)
    tournament_invite(tournament=league, by=alice, email=bob.email)
    stage_start(tournament=league, by=alice, rng=random.Random(5))
    player = as_user(bob)
    page = html.unescape(player.get(_url(league, "register/")).content.decode())
    assert "Stage 2 is being played: wait until stage 2 ends to accept." in page
    assert "Accept the invitation" not in page and "Decline" in page
    response = player.post(_url(league, "register/"))
    assert response.status_code == 409
    assert "wait until stage 2 ends" in html.unescape(response.content.decode())
    assert not league.entries.filter(user=bob).exists()


# --- Before a final ------------------------------------------------------------------------


def test_nobody_is_invited_when_only_the_final_is_left(
    alice: User, bob: User, as_user: Login, make_players: Players
) -> None:
    """Failed before: between the last stage and the final the organiser could invite Bob,
    told he would play from the next stage, when the final seats the top of the standings
    and a newcomer on 0 points would not play it."""
    cup = with_a_final(alice)
    play_stage(first_stage(cup, make_players(4), seed=3))
    organiser = as_user(alice)
    dashboard = organiser.get(_url(cup, "organise/")).content.decode()
    assert _url(cup, "organise/invite/") not in dashboard
    assert "Only the final is left" in html.unescape(dashboard)

    refused = organiser.post(_url(cup, "organise/invite/"), {"email": bob.email})

    assert refused.status_code == 409
    assert (
        "Only the final is left, and it seats the top 3 of the standings: a player invited "
        "now would not play it." in html.unescape(refused.content.decode())
    )
    assert not cup.invitations.exists()


def test_invitations_nobody_accepted_lapse_when_the_last_stage_before_the_final_starts(
    alice: User, bob: User, make_players: Players
) -> None:
    cup = with_a_final(alice, stage_count=2)
    play_stage(first_stage(cup, make_players(4), seed=3))
    tournament_invite(tournament=cup, by=alice, email=bob.email)

    stage_start(tournament=cup, by=alice, rng=random.Random(5))

    assert not cup.invitations.exists()
    with pytest.raises(TournamentError, match="already started"):
        tournament_register(tournament=cup, user=bob)


def test_withdrawing_before_the_final_does_not_offer_to_invite_a_replacement(
    alice: User, as_user: Login, make_players: Players
) -> None:
    cup = with_a_final(alice)
    play_stage(first_stage(cup, make_players(3), seed=3))
    entry = cup.entries.first()
    assert entry is not None

    page = as_user(alice).get(_url(cup, f"organise/players/{entry.pk}/withdraw/"))

    assert (
        "Only 2 players would be left, too few for the final (it needs 3): you could then "
        "end the tournament early." in html.unescape(page.content.decode())
    )
