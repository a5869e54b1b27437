"""The lobby: my games, creating a game, inviting, joining, bots, starting."""

import re
from collections.abc import Callable
from datetime import timedelta
from types import SimpleNamespace

import pytest
from django.contrib.auth.models import User
from django.contrib.messages import get_messages
from django.core import mail
from django.db import connection
from django.http import HttpResponse
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.utils import timezone
from kombu.exceptions import OperationalError
from pytest_django.fixtures import Settings

import games.views.table
from accounts.models import Profile, profile_of
from games.events.models import Event
from games.lobby import game_invite, game_join, game_open, game_start
from games.models import Game, Invitation, StandingOrder
from games.services import Conflict
from notifications.outbox import RESEND_AFTER, resend_overdue
from notifications.tasks import send_invitation
from tests.forms import field_error
from tests.members import speaks

pytestmark = pytest.mark.django_db

Login = Callable[[User], Client]


def test_the_lobby_needs_a_log_in(client: Client) -> None:
    response = client.get("/games/")
    assert response.status_code == 302 and response["Location"].startswith("/accounts/login/")


def test_games_waiting_for_me_come_first(alice: User, duel: Game, as_user: Login) -> None:
    page = as_user(alice).get("/games/").content.decode()
    assert page.index("Your turn") < page.index("Duel") < page.index("Waiting for others")


def test_the_new_game_form_fits_a_phone_and_speaks_french_typography(
    alice: User, as_user: Login
) -> None:
    """What happens when time runs out is said in whole sentences a phone wraps (radio
    buttons, where a list would cut them), and the French title sets a space before ":"."""
    client = as_user(alice)
    page = client.get("/games/new/").content.decode()
    assert 'type="radio" name="deadline_policy" value="pass"' in page
    assert '<select name="deadline_policy"' not in page
    speaks(alice, "fr")
    assert "Nouvelle partie\u00a0: NUM-X" in client.get("/games/new/").content.decode()


def test_the_new_game_form_suggests_a_name(alice: User, as_user: Login) -> None:
    """Failed before: the name was empty, and opening the table was refused until filled in."""
    profile = profile_of(alice)
    profile.display_name = "Alice"
    profile.save()
    client = as_user(alice)
    assert 'value="Alice’s game"' in client.get("/games/new/").content.decode()
    speaks(alice, "fr")
    assert 'value="Partie proposée par Alice"' in as_user(alice).get("/games/new/").content.decode()


def test_opening_a_game_seats_its_creator(alice: User, as_user: Login) -> None:
    response = as_user(alice).post(
        "/games/new/",
        {
            "name": "Friday",
            "mode": "x-game",
            "players": "4",
            "teams": "on",
            "move_deadline": "2",
            "deadline_policy": "bot",
        },
    )
    game = Game.objects.get(name="Friday")
    assert response.status_code == 302 and response["Location"] == f"/games/{game.pk}/"
    assert game.status == Game.Status.OPEN and game.config == {
        "players": 4,
        "mode": "x-game",
        "teams": True,
        "edition": 4,
    }
    assert game.move_deadline is not None and game.move_deadline.days == 2
    assert game.deadline_policy == Game.DeadlinePolicy.BOT
    assert list(game.seats.values_list("user", flat=True)) == [alice.pk]


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (
            {"name": "", "mode": "speed-run", "players": "4", "deadline_policy": "pass"},
            "This field is required",
        ),
        (
            {"name": "T", "mode": "speed-run", "players": "3", "teams": "on"},
            "choose 4 or 6 players",
        ),
        (
            {"name": "T", "mode": "chess", "players": "4", "deadline_policy": "pass"},
            "Select a valid choice",
        ),
        # Failed before: opened, a name whose line break broke every mail naming it.
        (
            {
                "name": "Nice\nBcc: x@evil",
                "mode": "speed-run",
                "players": "4",
                "deadline_policy": "pass",
            },
            "A name is one line: no line breaks, tabs or other control characters.",
        ),
        (
            {
                "name": "Nice\u2028club",
                "mode": "speed-run",
                "players": "4",
                "deadline_policy": "pass",
            },
            "A name is one line",
        ),
    ],
)
def test_a_bad_new_game_form_is_shown_again_with_its_errors(
    alice: User, as_user: Login, data: dict[str, str], message: str
) -> None:
    response = as_user(alice).post("/games/new/", data)
    assert response.status_code == 400 and message in response.content.decode()
    assert not Game.objects.exists()


def test_the_invitation_link_is_shown_to_players_only(
    alice: User, mallory: User, as_user: Login
) -> None:
    game = game_open(creator=alice, name="Private", config={"players": 2})
    assert game.invite_token in as_user(alice).get(f"/games/{game.pk}/").content.decode()
    assert game.invite_token not in as_user(mallory).get(f"/games/{game.pk}/").content.decode()


def test_a_friend_joins_by_the_link_and_the_creator_starts(
    alice: User, bob: User, as_user: Login
) -> None:
    game = game_open(creator=alice, name="Private", config={"players": 2})
    link = f"/games/{game.pk}/join/{game.invite_token}/"
    invited = as_user(bob).get(link)
    assert invited.status_code == 200
    assert "NUM-X · Speed Run, 2 players · no deadline" in invited.content.decode()
    assert "At the table: alice." in invited.content.decode()
    assert as_user(bob).post(link).status_code == 302
    assert game.seats.filter(user=bob).exists()
    page = as_user(alice).get(f"/games/{game.pk}/").content.decode()
    assert "Start the game" in page
    as_user(alice).post(f"/games/{game.pk}/start/")
    game.refresh_from_db()
    assert game.status == Game.Status.RUNNING and game.last_sequence == 2


def test_a_friend_without_an_account_reads_the_invitation_then_signs_up_to_take_a_seat(
    alice: User, client: Client
) -> None:
    """Failed before: the link of a first invitation led a visitor to a bare sign-in form,
    which said neither who invited them nor to what, nor what the game is."""
    game = game_open(creator=alice, name="Private", config={"players": 2})
    link = f"/games/{game.pk}/join/{game.invite_token}/"
    page = client.get(link)
    assert page.status_code == 200
    text = page.content.decode()
    assert "Join “Private”" in text and "At the table: alice." in text
    assert "NUM-X · Speed Run, 2 players · no deadline" in text
    assert 'href="/rules/numx/"' in text
    quoted = link.replace("/", "%2F")
    assert f'href="/accounts/signup/?next={quoted}"' in text
    assert f'href="/accounts/login/?next={quoted}"' in text
    assert "Take a seat</button>" not in text
    # Taking a seat still needs an account: the form's address sends a visitor to sign in.
    refused = client.post(link)
    assert refused.status_code == 302 and refused["Location"].startswith("/accounts/login/")
    assert not game.seats.exclude(user=alice).exists()
    # A wrong token is no invitation, signed in or not.
    assert client.get(f"/games/{game.pk}/join/wrong/").status_code == 404


def test_the_waiting_room_says_what_the_table_is_and_who_starts_once_it_is_full(
    alice: User, bob: User, as_user: Login
) -> None:
    game = game_open(
        creator=alice,
        name="Friday",
        config={"players": 2, "mode": "x-game"},
        move_deadline=timedelta(days=2),
    )
    waiting = as_user(alice).get(f"/games/{game.pk}/").content.decode()
    assert "NUM-X · X-Game, 2 players · 2 days per move" in waiting
    assert "waits for 1 more player." in waiting and "Invite friends" in waiting
    # The whole invitation link, which wraps on a phone, and a button that copies it.
    link = f"/games/{game.pk}/join/{game.invite_token}/"
    assert re.search(rf'<textarea id="invite-link"[^>]*>http[^<]*{link}</textarea>', waiting)
    assert 'data-copy="invite-link"' in waiting and "Copy the link" in waiting
    game_join(game=game, user=bob, token=game.invite_token)
    full = as_user(bob).get(f"/games/{game.pk}/").content.decode()
    assert "Every seat is taken: alice starts the game." in full
    assert "waits for 0" not in full and "Invite friends" not in full
    mine = as_user(alice).get(f"/games/{game.pk}/").content.decode()
    assert "start the game when you are ready" in mine and "Start the game" in mine


def test_my_games_say_which_tables_being_set_wait_for_me_to_start_them(
    alice: User, bob: User, as_user: Login
) -> None:
    """Failed before: the host of a full table read its name alone under "Tables being
    set", nothing saying that the game now waits for them to start it."""
    game = game_open(creator=alice, name="Friday", config={"players": 2})
    waiting = as_user(alice).get("/games/").content.decode()
    assert "Friday</a> · NUM-X — waiting for 1 more player" in waiting
    game_join(game=game, user=bob, token=game.invite_token)
    full = as_user(alice).get("/games/").content.decode()
    assert "Friday</a> · NUM-X — every seat is taken: start the game" in full
    assert "Friday</a> · NUM-X — every seat is taken: alice starts the game" in (
        as_user(bob).get("/games/").content.decode()
    )


def test_the_waiting_room_lists_the_addresses_one_invited(
    alice: User, bob: User, as_user: Login
) -> None:
    """Failed before: once the page said the email was on its way, nothing showed whom one
    had invited, and a host came back to a table whose seats were still free wondering."""
    game = game_open(creator=alice, name="Friday", config={"players": 3})
    assert "You invited" not in as_user(alice).get(f"/games/{game.pk}/").content.decode()
    game_invite(game=game, by=alice, email="sam@example.com")
    game_invite(game=game, by=alice, email="lea@example.fr")
    page = as_user(alice).get(f"/games/{game.pk}/").content.decode()
    assert "You invited lea@example.fr and sam@example.com." in page
    # Another player's invitations are theirs: bob, seated, reads no address alice typed.
    game_join(game=game, user=bob, token=game.invite_token)
    assert "sam@example.com" not in as_user(bob).get(f"/games/{game.pk}/").content.decode()


def test_a_joined_player_is_told_the_creator_starts_before_the_table_is_full(
    alice: User, bob: User, as_user: Login
) -> None:
    game = game_open(creator=alice, name="Three", config={"players": 3})
    game_join(game=game, user=bob, token=game.invite_token)
    joined = as_user(bob).get(f"/games/{game.pk}/").content.decode()
    assert "waits for 1 more player. Once every seat is taken, alice starts the game." in (
        " ".join(joined.split())
    )
    creator = " ".join(as_user(alice).get(f"/games/{game.pk}/").content.decode().split())
    assert "Once every seat is taken, you start the game." in creator
    french = as_user(bob).get(f"/games/{game.pk}/", HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert "alice lance la partie" in french


def test_the_poll_takes_invite_friends_away_once_the_table_is_full(
    alice: User, bob: User, as_user: Login
) -> None:
    """The invitation form is outside the polled part of the waiting room (so that a
    half-typed address survives the poll): the poll that finds the table full removes it."""
    game = game_open(creator=alice, name="Two", config={"players": 2})
    poll = as_user(alice).get(f"/games/{game.pk}/", HTTP_HX_REQUEST="true").content.decode()
    assert 'hx-swap-oob="delete"' not in poll
    game_join(game=game, user=bob, token=game.invite_token)
    poll = as_user(alice).get(f"/games/{game.pk}/", HTTP_HX_REQUEST="true").content.decode()
    assert '<div id="invite-friends" hx-swap-oob="delete"></div>' in poll
    page = as_user(alice).get(f"/games/{game.pk}/").content.decode()
    assert 'id="invite-friends"' not in page


def test_a_wrong_invitation_link_is_refused(alice: User, bob: User, as_user: Login) -> None:
    """A stranger finds no game there (a private game is only reached by its link); an
    invitee, whose table it is to see, is told the link is wrong."""
    game = game_open(creator=alice, name="Private", config={"players": 2})
    assert as_user(bob).get(f"/games/{game.pk}/join/wrong/").status_code == 404
    assert as_user(bob).post(f"/games/{game.pk}/join/wrong/").status_code == 404
    Invitation.objects.create(game=game, email="bob@example.com", invited_by=alice)
    assert as_user(bob).get(f"/games/{game.pk}/join/wrong/").status_code == 403
    response = as_user(bob).post(f"/games/{game.pk}/join/wrong/", follow=True)
    assert "not valid" in response.content.decode()
    assert not game.seats.filter(user=bob).exists()


def test_a_public_game_is_listed_and_anyone_may_join(
    alice: User, bob: User, as_user: Login
) -> None:
    game = game_open(creator=alice, name="Open table", config={"players": 3}, public=True)
    assert "Open table" in as_user(bob).get("/games/").content.decode()
    as_user(bob).post(f"/games/{game.pk}/join/")
    assert game.seats.filter(user=bob).exists()


def test_a_full_table_takes_nobody_more(
    alice: User, bob: User, mallory: User, as_user: Login
) -> None:
    game = game_open(creator=alice, name="Two", config={"players": 2}, public=True)
    as_user(bob).post(f"/games/{game.pk}/join/")
    response = as_user(mallory).post(f"/games/{game.pk}/join/")
    assert response.status_code == 409 and "no free seat" in response.content.decode()
    assert game.seats.count() == 2


def test_the_creator_gives_free_seats_to_bots(alice: User, bob: User, as_user: Login) -> None:
    game = game_open(creator=alice, name="Bots", config={"players": 3})
    as_user(bob).post(f"/games/{game.pk}/bot/")
    assert game.seats.count() == 1
    as_user(alice).post(f"/games/{game.pk}/bot/")
    assert list(game.seats.values_list("is_bot", flat=True)) == [False, True]


def test_inviting_a_friend_by_email_sends_the_link_once(
    alice: User, as_user: Login, django_capture_on_commit_callbacks: Callable[..., object]
) -> None:
    game = game_open(creator=alice, name="Friday", config={"players": 2})
    with django_capture_on_commit_callbacks(execute=True):  # type: ignore[attr-defined]
        as_user(alice).post(f"/games/{game.pk}/invite/", {"email": "carol@example.com"})
        as_user(alice).post(f"/games/{game.pk}/invite/", {"email": "Carol@example.com"})
    assert Invitation.objects.filter(game=game).count() == 1
    (message,) = mail.outbox
    assert message.to == ["carol@example.com"] and "Friday" in message.subject
    assert f"/games/{game.pk}/join/{game.invite_token}/" in message.body


def test_the_invitation_says_what_the_table_is_and_keeps_no_seat(
    alice: User, bob: User, as_user: Login
) -> None:
    """No seat is kept for an invitee (the first to follow a link takes a free one), and
    the table's own time per move is said, not "one move a day"."""
    game = game_open(
        creator=alice,
        name="Friday",
        rules="maya",
        config={"players": 3},
        move_deadline=timedelta(days=3),
    )
    game_join(game=game, user=bob, token=game.invite_token)
    invitation = game_invite(game=game, by=alice, email="carol@example.com")
    mail.outbox.clear()
    send_invitation(invitation.pk)
    (message,) = mail.outbox
    assert message.subject == "alice invites you to a game of Maya: Friday"
    body = " ".join(message.body.split())
    assert "alice invites you to the table “Friday”: Maya · 3 players" in body
    assert "3 days per move." in body and "At the table: alice and bob." in body
    assert "kept a seat" not in body and "one move a day" not in body.lower()


def test_a_french_invitee_reads_the_invitation_in_french(alice: User, bob: User) -> None:
    speaks(bob, "fr")
    game = game_open(creator=alice, name="Vendredi", config={"players": 2})
    invitation = game_invite(game=game, by=alice, email=bob.email)
    mail.outbox.clear()
    send_invitation(invitation.pk)
    (message,) = mail.outbox
    assert message.subject == "alice vous invite à une partie de NUM-X\u00a0: Vendredi"
    body = message.body  # split() would take the no-break spaces for spaces
    assert "2 joueurs · pas de limite." in body and "À la table\u00a0: alice." in body


def test_an_invitation_to_a_member_reads_their_profile_once(alice: User, bob: User) -> None:
    """Whether Bob takes invitations and the language he reads them in are one read of his
    profile. Failed before: two, the second for the language alone."""
    speaks(bob, "fr")
    game = game_open(creator=alice, name="Vendredi", config={"players": 2})
    invitation = game_invite(game=game, by=alice, email=bob.email)
    mail.outbox.clear()
    with CaptureQueriesContext(connection) as queries:
        send_invitation(invitation.pk)
    assert mail.outbox[0].subject.startswith("alice vous invite")
    table = Profile._meta.db_table
    bobs = f'FROM "{table}" WHERE "{table}"."user_id" = {bob.pk} '
    assert sum(bobs in query["sql"] for query in queries) == 1


def test_a_bad_invitation_address_is_refused(alice: User, as_user: Login) -> None:
    """Failed before: the waiting room after a redirect (302), the address typed lost."""
    game = game_open(creator=alice, name="Friday", config={"players": 2})
    mail.outbox.clear()
    response = as_user(alice).post(f"/games/{game.pk}/invite/", {"email": "nope"})
    page = response.content.decode()
    assert response.status_code == 400 and 'value="nope"' in page
    # The fault is said once, beside the field (the page said it twice, banner and field).
    assert page.count("valid email address") == 1 and "Enter a valid email address." in page
    assert not Invitation.objects.exists() and not mail.outbox


def test_an_unknown_game_is_a_404(alice: User, as_user: Login) -> None:
    assert as_user(alice).get("/games/999/").status_code == 404


def test_only_the_creator_starts_or_adds_bots(alice: User, bob: User, as_user: Login) -> None:
    game = game_open(creator=alice, name="Mine", config={"players": 2}, public=True)
    game_join(game=game, user=bob, token=game.invite_token)
    as_bob = as_user(bob)
    assert as_bob.post(f"/games/{game.pk}/start/").status_code == 403
    assert as_bob.post(f"/games/{game.pk}/bot/").status_code == 403
    game.refresh_from_db()
    assert game.status == Game.Status.OPEN and not Event.objects.filter(game=game).exists()


def test_the_waiting_room_shows_who_joined_then_turns_into_the_table(
    alice: User, bob: User, as_user: Login
) -> None:
    game = game_open(creator=alice, name="Soon", config={"players": 2})
    as_alice = as_user(alice)
    poll = {"HTTP_HX_REQUEST": "true", "HTTP_HX_TARGET": "waiting-room"}
    before = as_alice.get(f"/games/{game.pk}/", **poll).content.decode()
    assert 'id="waiting-room"' in before and "bob" not in before and "<html" not in before
    game_join(game=game, user=bob, token=game.invite_token)
    after = as_alice.get(f"/games/{game.pk}/", **poll).content.decode()
    assert "bob" in after and "Start the game" in after
    game_start(game=game, by=alice)
    started = as_alice.get(f"/games/{game.pk}/", **poll)
    assert started.status_code == 200 and started["HX-Refresh"] == "true"


def test_the_waiting_room_and_its_refresh_are_kept_apart_by_the_browser(
    alice: User, as_user: Login
) -> None:
    """The waiting room's refresh asks its page's address for the room alone: both answers
    say that they vary with htmx's header, or the browser's cache, keeping the room alone
    under the page's address, showed it bare (no menu, no style) to a host who left the
    page and came back to it with Back."""
    game = game_open(creator=alice, name="Soon", config={"players": 2})
    as_alice = as_user(alice)
    poll = {"HTTP_HX_REQUEST": "true", "HTTP_HX_TARGET": "waiting-room"}
    for answer in (as_alice.get(f"/games/{game.pk}/", **poll), as_alice.get(f"/games/{game.pk}/")):
        assert "HX-Request" in [v.strip() for v in answer.headers["Vary"].split(",")]


def test_nothing_is_played_before_the_start(alice: User, bob: User, as_user: Login) -> None:
    game = game_open(creator=alice, name="Early", config={"players": 2})
    client = as_user(alice)
    move = {"form": "choice", "choice-expected_sequence": "0", "choice-move": "pass"}
    response = client.post(f"/games/{game.pk}/move/", move)
    assert response.status_code == 409 and "has not started" in response.content.decode()
    orders = client.post(f"/games/{game.pk}/orders/", {"pass": "on"})
    assert orders.status_code == 409
    assert client.get(f"/games/{game.pk}/poll/?seq=5").status_code == 204
    assert not Event.objects.filter(game=game).exists()
    assert not StandingOrder.objects.filter(seat__game=game).exists()


def test_an_invitation_respects_the_invitees_preferences(
    alice: User, bob: User, mallory: User, as_user: Login
) -> None:
    profile = profile_of(mallory)
    profile.email_invitations = False
    profile.save()
    game = game_open(creator=alice, name="Friday", config={"players": 3})
    mail.outbox.clear()
    for address in (bob.email, mallory.email):
        invitation = game_invite(game=game, by=alice, email=address)
        assert send_invitation(invitation.pk) is (address == bob.email)
        assert send_invitation(invitation.pk) is False  # a retried task sends nothing twice
    (message,) = mail.outbox
    assert message.to == [bob.email] and "Friday" in message.subject
    assert message.extra_headers["List-Unsubscribe"].startswith("<http")
    unsubscribe = message.extra_headers["List-Unsubscribe"].strip("<>").split("/", 3)[3]
    assert as_user(bob).post("/" + unsubscribe).status_code == 200
    assert profile_of(bob).email_invitations is False


@pytest.fixture
def broker_down(settings: Settings, monkeypatch: pytest.MonkeyPatch) -> Callable[[], None]:
    """Celery's broker refuses every task, as kombu does when Redis is unreachable; the
    fixture's value brings it back (then tasks run eagerly, as without a broker)."""
    settings.CELERY_TASK_ALWAYS_EAGER = False

    def refuse(*args: object) -> None:
        raise OperationalError("Error 111 connecting to 127.0.0.1:6379. Connection refused.")

    monkeypatch.setattr(type(send_invitation._get_current_object()), "delay", refuse)

    def back() -> None:
        monkeypatch.undo()
        settings.CELERY_TASK_ALWAYS_EAGER = True

    return back


Answer = tuple[HttpResponse, list[str]]


def invite(client: Client, game: Game, address: str) -> Answer:
    """Post the invitation form; the answer and the messages it leaves for the next page."""
    response = client.post(f"/games/{game.pk}/invite/", {"email": address})
    return response, [str(message) for message in get_messages(response.wsgi_request)]


@pytest.fixture
def invite_and_commit(
    as_user: Login, django_capture_on_commit_callbacks: Callable[..., object]
) -> Callable[..., list[Answer]]:
    """``by`` invites each address in turn; what each request does after its commit runs."""

    def run(by: User, game: Game, *addresses: str) -> list[Answer]:
        with django_capture_on_commit_callbacks(execute=True):  # type: ignore[attr-defined]
            return [invite(as_user(by), game, address) for address in addresses]

    return run


def test_an_invitation_made_while_the_broker_is_down_is_sent_later_exactly_once(
    alice: User, broker_down: Callable[[], None], invite_and_commit: Callable[..., list[Answer]]
) -> None:
    game = game_open(creator=alice, name="Friday", config={"players": 2})
    ((response, said),) = invite_and_commit(alice, game, "carol@example.com")
    assert response.status_code == 302 and said == ["Invitation recorded: the email is on its way."]
    assert mail.outbox == [] and Invitation.objects.get(game=game).sent_at is None  # owed
    broker_down()  # the broker is back
    assert resend_overdue(timezone.now()) == 0  # not overdue yet: its own task may still come
    later = timezone.now() + RESEND_AFTER + timedelta(minutes=1)
    assert resend_overdue(later) == 1  # tasks run eagerly now: sent
    assert resend_overdue(later) == 0  # a second sweep finds nothing owed
    assert send_invitation(Invitation.objects.get(game=game).pk) is False  # nor does a retry
    (message,) = mail.outbox
    assert message.to == ["carol@example.com"] and "Friday" in message.subject


def test_inviting_again_an_address_whose_email_is_owed_neither_claims_nor_loses_it(
    alice: User,
    as_user: Login,
    broker_down: Callable[[], None],
    invite_and_commit: Callable[..., list[Answer]],
) -> None:
    game = game_open(creator=alice, name="Friday", config={"players": 2})
    _first, (again, _said) = invite_and_commit(
        alice, game, "carol@example.com", "Carol@example.com"
    )
    assert field_error(again.content.decode()) == (
        "This address is already invited: its email is on its way, it is not sent twice."
    )
    assert Invitation.objects.get(game=game).sent_at is None
    broker_down()
    assert resend_overdue(timezone.now() + RESEND_AFTER + timedelta(minutes=1)) == 1
    assert [message.to for message in mail.outbox] == [["carol@example.com"]]
    response, _said = invite(as_user(alice), game, "carol@example.com")
    assert field_error(response.content.decode()) == "This address is already invited."
    assert len(mail.outbox) == 1


def test_a_members_address_and_an_unknown_one_get_the_same_answers(
    alice: User, bob: User, as_user: Login, invite_and_commit: Callable[..., list[Answer]]
) -> None:
    """Bob has an account and wants no invitations; nobody has the other address. What
    the inviter sees, first and when inviting again, does not tell them apart, and
    neither email stays owed forever."""
    profile = profile_of(bob)
    profile.email_invitations = False
    profile.save()
    game = game_open(creator=alice, name="Friday", config={"players": 3})
    answers = {}
    for address in (bob.email, "nobody@example.com"):
        (response, said), (again, said_again) = invite_and_commit(alice, game, address, address)
        answers[address] = [
            (response.status_code, response["Location"], said),
            # The second: the waiting room again with its fault, which names no one's account.
            (again.status_code, field_error(again.content.decode()), said_again),
        ]
    assert answers[bob.email] == answers["nobody@example.com"]
    assert answers[bob.email][1][:2] == (
        400,
        "This address is already invited: its email is on its way, it is not sent twice.",
    )
    assert resend_overdue(timezone.now() + RESEND_AFTER + timedelta(minutes=1)) == 0
    assert [message.to for message in mail.outbox] == [["nobody@example.com"]]


def test_inviting_an_address_again_is_refused_beside_the_field_nothing_changed(
    alice: User, as_user: Login, invite_and_commit: Callable[..., list[Answer]]
) -> None:
    """Failed before: a 302 to the waiting room, whose banner gave the refusal as news,
    where the site's refused forms answer 400 with the form again and the fault beside the
    field. Whether its email has left yet is said too (it is not sent twice)."""
    game = game_open(creator=alice, name="Friday", config={"players": 3})
    host = as_user(alice)
    invite(host, game, "carol@example.com")  # its email owed: not committed
    response, said = invite(host, game, "Carol@Example.com")
    page = response.content.decode()
    assert response.status_code == 400 and not response.has_header("Location")
    # Said once, beside the field: no banner saying it again (the first one's news aside).
    assert not [words for words in said if "already invited" in words]
    assert page.count("already invited") == 1 and 'value="Carol@Example.com"' in page
    assert field_error(page) == (
        "This address is already invited: its email is on its way, it is not sent twice."
    )
    invite_and_commit(alice, game, "dave@example.com")
    response, _said = invite(as_user(speaks(alice, "fr")), game, "dave@example.com")
    assert response.status_code == 400
    assert field_error(response.content.decode()) == "Cette adresse est déjà invitée."
    assert sorted(Invitation.objects.filter(game=game).values_list("email", flat=True)) == [
        "carol@example.com",
        "dave@example.com",
    ]
    assert [message.to for message in mail.outbox] == [["dave@example.com"]]


def test_inviting_again_at_a_full_table_says_why_on_its_page(
    alice: User, bob: User, as_user: Login
) -> None:
    """A full table's waiting room has no invitation form (an old tab may still send it):
    the refusal is said on the page instead, in its own words, not as a bad address."""
    game = game_open(creator=alice, name="Friday", config={"players": 2})
    game_invite(game=game, by=alice, email="carol@example.com")
    game_join(game=game, user=bob, token=game.invite_token)
    response, said = invite(as_user(alice), game, "carol@example.com")
    assert response.status_code == 400 and 'id="invite-friends"' not in response.content.decode()
    assert said == [
        "This address is already invited: its email is on its way, it is not sent twice."
    ]
    assert Invitation.objects.filter(game=game).count() == 1


def test_invitations_past_the_daily_limit_are_refused_and_owe_nothing(
    alice: User,
    as_user: Login,
    settings: Settings,
    invite_and_commit: Callable[..., list[Answer]],
) -> None:
    settings.NUMX_INVITATIONS_PER_DAY = 2
    game = game_open(creator=alice, name="Friday", config={"players": 4})
    answers = invite_and_commit(
        alice, game, "carol@example.com", "dave@example.com", "erin@example.com"
    )
    assert answers[2][0].status_code == 429  # the waiting room, saying why (failed before: a 302)
    assert answers[2][1] == [
        "You may send 2 email invitations a day: try again tomorrow, or share the link instead."
    ]
    assert sorted(Invitation.objects.values_list("email", flat=True)) == [
        "carol@example.com",
        "dave@example.com",
    ]
    assert len(mail.outbox) == 2
    # Inviting an address already invited owes nothing, so it is still answered: beside the
    # field, not with the day's limit.
    response, _said = invite(as_user(alice), game, "carol@example.com")
    assert response.status_code == 400
    assert field_error(response.content.decode()) == "This address is already invited."


def test_saving_standing_orders_says_they_are_saved(alice: User, bob: User, as_user: Login) -> None:
    game = game_open(creator=alice, name="Orders", config={"players": 2})
    game_join(game=game, user=bob, token=game.invite_token)
    game_start(game=game, by=alice)
    client = as_user(alice)

    swapped = client.post(f"/games/{game.pk}/orders/", {"pass": "on"}, HTTP_HX_REQUEST="true")
    assert "Your standing orders are saved." in swapped.content.decode()
    assert (
        "Your standing orders are saved." not in client.get(f"/games/{game.pk}/").content.decode()
    )

    plain = client.post(f"/games/{game.pk}/orders/", {}, follow=True)
    assert "Your standing orders are saved." in plain.content.decode()
    assert not StandingOrder.objects.filter(seat__game=game).exists()


@pytest.mark.parametrize("htmx", [True, False])
def test_standing_orders_the_game_moved_past_are_refused_with_409(
    htmx: bool, alice: User, bob: User, as_user: Login, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Failed before: 200 (htmx), or a redirect to the table that said nothing (a plain
    form), though nothing was saved."""
    game = game_open(creator=alice, name="Orders", config={"players": 2})
    game_join(game=game, user=bob, token=game.invite_token)
    game_start(game=game, by=alice)

    def moved_on(*, game: Game, seat: int, kinds: set[str]) -> None:
        raise Conflict(game.pk, SimpleNamespace(sequence=game.last_sequence, state=None), "")

    monkeypatch.setattr(games.views.table, "set_standing_orders", moved_on)
    headers = {"HTTP_HX_REQUEST": "true"} if htmx else {}
    response = as_user(alice).post(f"/games/{game.pk}/orders/", {"pass": "on"}, **headers)
    page = response.content.decode()
    assert response.status_code == 409 and "The game moved on: set your orders again." in page
    assert "Your standing orders are saved." not in page
    assert not StandingOrder.objects.filter(seat__game=game).exists()


def test_an_open_table_says_its_game_options_time_per_move_host_and_seats(
    alice: User, bob: User, mallory: User, as_user: Login
) -> None:
    game = game_open(
        creator=alice,
        name="Open table",
        rules="maya",
        config={"players": 4, "expert": True},
        move_deadline=timedelta(days=2),
        public=True,
    )
    game_join(game=game, user=bob)

    page = as_user(mallory).get("/games/").content.decode()

    listed = page[page.index("Open table") :]
    listed = listed[: listed.index("</li>")]
    assert "Maya · " in listed and "4 players" in listed and "expert" in listed.lower()
    assert "2 days per move" in listed
    assert "Host: alice" in listed
    assert "Seated: alice and bob" in listed
    assert "2 free seats" in listed
