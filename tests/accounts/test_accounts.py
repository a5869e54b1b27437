"""Accounts: sign up with a verified email, log in by password or by emailed code, reset a
password, and a profile with display name, language, time zone and email preferences."""

import gettext
import random
import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import allauth
import pytest
from django.conf import settings
from django.contrib.auth.models import User
from django.core import mail
from django.core.cache import cache
from django.http import HttpResponse
from django.test import Client, TestCase
from django.utils import translation

import accounts.models
from accounts.allauth_french import SENTENCES
from accounts.models import Profile, display_name, give_name, profile_of
from games.lobby import game_invite, game_join, game_open, game_start
from notifications.tasks import send_invitation
from tests.members import named, speaks

pytestmark = pytest.mark.django_db


def wide(text: str) -> str:
    """``text`` in the wide forms of its letters and digits, as East Asian keyboards type
    them."""
    return "".join(chr(ord(char) + 0xFEE0) if char.isalnum() else char for char in text)


def link_in(message: mail.EmailMessage) -> str:
    """The path of the link in ``message``, which starts with ``SITE_URL``."""
    match = re.search(re.escape(settings.SITE_URL) + r"(/\S+)", message.body)
    assert match, message.body
    return match.group(1)


@contextmanager
def committed() -> Iterator[None]:
    """The block's requests as the site commits them: the mails they owe leave as each
    commits (the test's own transaction never does, so its after-commit hooks would
    not run)."""
    with TestCase.captureOnCommitCallbacks(execute=True):
        yield


def sign_up(
    client: Client, email: str, name: str | None = None, language: str = "en"
) -> HttpResponse:
    """Post the sign-up form: ``email``, a good password and, unless None, the name shown
    to the other players, from a browser asking for ``language``."""
    form = {"email": email, "password1": "a-long-passphrase-9", "password2": "a-long-passphrase-9"}
    if name is not None:
        form["display_name"] = name
    with committed():
        response: HttpResponse = client.post(
            "/accounts/signup/", form, HTTP_ACCEPT_LANGUAGE=language
        )
    return response


def test_signing_up_asks_to_confirm_the_email_before_logging_in(client: Client) -> None:
    response = sign_up(client, "carol@example.com", "Carol the Bold")
    assert response.status_code == 302
    assert display_name(User.objects.get(email="carol@example.com")) == "Carol the Bold"
    (message,) = mail.outbox
    assert message.to == ["carol@example.com"]
    assert message.subject.startswith("[NUM-X by mail] ")
    assert message.body.startswith("Hello from NUM-X by mail!")
    assert client.get("/games/").status_code == 302  # not logged in yet
    confirm = link_in(message)
    client.post(confirm)
    assert client.get("/games/").status_code == 200, "confirming signs in"
    client.post("/accounts/logout/")
    login = client.post(
        "/accounts/login/", {"login": "carol@example.com", "password": "a-long-passphrase-9"}
    )
    assert login.status_code == 302
    assert client.get("/games/").status_code == 200


def test_allauths_mails_name_the_site_never_the_host_it_was_reached_at(
    client: Client, settings: Any
) -> None:
    settings.SITE_URL = "https://numx.example.org"
    sign_up(client, "carol@example.com", "Carol")
    (message,) = mail.outbox
    assert message.subject == "[NUM-X by mail] Please Confirm Your Email Address"
    words = message.body
    assert "testserver" not in words, words
    assert words.startswith("Hello from NUM-X by mail!")
    assert "register an account on numx.example.org" in words
    assert "Thank you for using NUM-X by mail!" in words
    with committed():
        client.post("/accounts/password/reset/", {"email": "carol@example.com"})
    assert "testserver" not in mail.outbox[-1].body


def test_every_account_mail_links_to_the_site_whatever_host_the_request_named(
    alice: User, settings: Any
) -> None:
    """Failed before: a password-reset link (and every other link allauth mails, and a
    game's invitation) followed the Host the request named, so that whoever asked for a
    reset of Alice's password naming their own host mailed her a genuine link to it."""
    settings.SITE_URL = "https://numx.example.org"
    settings.ALLOWED_HOSTS = ["numx.example.org", "evil.example"]
    forged = Client(HTTP_HOST="evil.example")
    with committed():
        forged.post("/accounts/password/reset/", {"email": alice.email})  # the reset key
        forged.post("/accounts/password/reset/", {"email": "nobody@example.com"})  # sign up
    sign_up(forged, alice.email, "Alice again")  # the account exists: reset or sign in
    sign_up(forged, "carol@example.com", "Carol")  # confirm the address
    forged.force_login(alice)
    table = game_open(creator=alice, name="Come", config={"players": 2})
    forged.post(f"/games/{table.pk}/invite/", {"email": "dave@example.com"})
    send_invitation(table.invitations.get().pk)
    assert len(mail.outbox) == 5
    for message in mail.outbox:
        assert "evil.example" not in message.body, message.body
        assert link_in(message)


def test_the_waiting_rooms_invitation_link_is_the_sites_whatever_host_was_named(
    alice: User, settings: Any
) -> None:
    settings.SITE_URL = "https://numx.example.org"
    settings.ALLOWED_HOSTS = ["numx.example.org", "evil.example"]
    table = game_open(creator=alice, name="Come", config={"players": 2})
    forged = Client(HTTP_HOST="evil.example")
    forged.force_login(alice)
    page = forged.get(f"/games/{table.pk}/").content.decode()
    assert f"https://numx.example.org/games/{table.pk}/join/{table.invite_token}/" in page
    assert "evil.example" not in page


def test_a_player_who_signs_up_in_french_gets_french_emails(client: Client) -> None:
    sign_up(client, "chloe@example.com", "Chloé", language="fr-FR,fr;q=0.9")
    user = User.objects.get(email="chloe@example.com")
    alice = named(User.objects.create_user("alice", "alice@example.com"))
    game = game_open(creator=alice, name="Vendredi", config={"players": 2})
    invitation = game_invite(game=game, by=alice, email=user.email)
    mail.outbox.clear()
    send_invitation(invitation.pk)
    (message,) = mail.outbox
    assert message.subject.startswith("alice vous invite à une partie de NUM-X")


def test_a_wrong_password_is_refused(alice: User, client: Client) -> None:
    response = client.post("/accounts/login/", {"login": alice.email, "password": "nope"})
    assert response.status_code == 400 and "not correct" in response.content.decode()
    assert client.get("/games/").status_code == 302


def test_logging_in_with_a_code_sent_by_email(alice: User, client: Client) -> None:
    with committed():
        client.post("/accounts/login/code/", {"email": alice.email})
    (message,) = mail.outbox
    code = re.search(r"\n\s*([A-Z0-9]{4}-[A-Z0-9]{4})\s*\n", message.body)
    assert code, message.body
    response = client.post("/accounts/login/code/confirm/", {"code": code.group(1)})
    assert response.status_code == 302
    assert client.get("/games/").status_code == 200


def test_a_forgotten_password_is_reset_by_email(alice: User, client: Client) -> None:
    with committed():
        client.post("/accounts/password/reset/", {"email": alice.email})
    (message,) = mail.outbox
    form = client.get(link_in(message), follow=True)
    new = {"password1": "another-passphrase-8", "password2": "another-passphrase-8"}
    client.post(form.redirect_chain[-1][0], new)
    login = Client().post("/accounts/login/", {"login": alice.email, "password": new["password1"]})
    assert login.status_code == 302


def test_logging_out(alice: User, as_user: Callable[[User], Client]) -> None:
    client = as_user(alice)
    client.post("/accounts/logout/")
    assert client.get("/games/").status_code == 302


def test_the_profile_sets_name_language_time_zone_and_emails(
    alice: User, as_user: Callable[[User], Client]
) -> None:
    client = as_user(alice)
    response = client.post(
        "/accounts/profile/",
        {
            "display_name": "Alice L.",
            "language": "fr",
            "time_zone": "Europe/Paris",
            "email_your_turn": "on",
            "daily_digest": "on",
        },
    )
    assert response.status_code == 302
    profile = profile_of(alice)
    assert (profile.display_name, profile.language, profile.time_zone) == (
        "Alice L.",
        "fr",
        "Europe/Paris",
    )
    assert profile.email_your_turn and profile.daily_digest and not profile.email_reminders
    assert display_name(alice) == "Alice L."
    page = client.get("/games/")
    assert page["Content-Language"] == "fr" and '<html lang="fr">' in page.content.decode()


def test_saving_the_profile_in_a_new_language_says_so_in_that_language(
    alice: User, as_user: Callable[[User], Client]
) -> None:
    """The confirmation speaks the language just chosen, not the one the form was sent in;
    back to the browser's language, it speaks the browser's."""
    client = as_user(alice)
    form = {"display_name": "Alice", "time_zone": "UTC"}
    page = client.post("/accounts/profile/", {**form, "language": "fr"}, follow=True)
    text = page.content.decode()
    assert "Votre profil est enregistré." in text and "Your profile is saved." not in text
    page = client.post(
        "/accounts/profile/", {**form, "language": ""}, follow=True, HTTP_ACCEPT_LANGUAGE="en"
    )
    text = page.content.decode()
    assert "Your profile is saved." in text and "Votre profil" not in text


def test_signing_up_without_a_name_for_the_other_players_is_refused(client: Client) -> None:
    response = sign_up(client, "dan@example.com")
    assert response.status_code == 400 and not User.objects.filter(email="dan@example.com")
    assert "Name shown to other players" in response.content.decode()


def test_a_new_display_name_reaches_every_table_and_the_api(
    alice: User, bob: User, as_user: Callable[[User], Client]
) -> None:
    game = game_open(creator=alice, name="Renamed", config={"players": 2})
    game_join(game=game, user=bob, token=game.invite_token)
    game_start(game=game, by=alice, rng=random.Random(1))
    as_user(alice).post(
        "/accounts/profile/", {"display_name": "Alice L.", "time_zone": "UTC", "language": ""}
    )
    table = as_user(bob).get(f"/games/{game.pk}/").content.decode()
    assert "Alice L." in table
    seats = as_user(bob).get(f"/api/games/{game.pk}/").json()["seats"]
    assert [seat["name"] for seat in seats] == ["Alice L.", "bob"]


def test_a_player_without_a_profile_gets_the_browser_language_and_utc(
    alice: User, as_user: Callable[[User], Client]
) -> None:
    """Pages read the profile with the signed-in user; an account made before profiles (or
    by the admin) has none, and must still be served."""
    Profile.objects.filter(user=alice).delete()
    page = as_user(alice).get("/games/", HTTP_ACCEPT_LANGUAGE="fr")
    assert page.status_code == 200 and '<html lang="fr">' in page.content.decode()
    assert not Profile.objects.filter(user=alice).exists()


def test_a_bad_time_zone_is_refused(alice: User, as_user: Callable[[User], Client]) -> None:
    response = as_user(alice).post("/accounts/profile/", {"time_zone": "Mars/Olympus"})
    assert response.status_code == 400 and "valid choice" in response.content.decode()
    assert profile_of(alice).time_zone == ""


def test_french_browsers_get_french_pages(client: Client) -> None:
    page = client.get("/", HTTP_ACCEPT_LANGUAGE="fr-FR,fr;q=0.9")
    assert '<html lang="fr">' in page.content.decode()


def test_an_account_without_a_name_is_shown_as_player_n_never_by_its_email(
    bob: User, as_user: Callable[[User], Client]
) -> None:
    """An account the admin made (no sign-up, so no name asked) is "Player N" to the
    others, on the waiting room and in the API: never its email's name part."""
    carla = User.objects.create_user("carla", "carla.secret@example.com", "pw")
    game = game_open(creator=carla, name="Anonymous", config={"players": 2})
    game_join(game=game, user=bob, token=game.invite_token)
    room = as_user(bob).get(f"/games/{game.pk}/").content.decode()
    assert f"Player {carla.pk}" in room and "carla" not in room
    seats = as_user(bob).get(f"/api/games/{game.pk}/").json()["seats"]
    assert [seat["name"] for seat in seats] == [f"Player {carla.pk}", "bob"]


def test_the_profile_asks_for_a_name_and_keeps_player_n_for_the_site(
    alice: User, as_user: Callable[[User], Client]
) -> None:
    client = as_user(alice)
    for name in ("", "   ", "Player 7", "player12"):
        response = client.post(
            "/accounts/profile/", {"display_name": name, "time_zone": "UTC", "language": ""}
        )
        assert response.status_code == 400, name
        assert display_name(alice) == "alice"
    assert "given to accounts without one" in response.content.decode()


@pytest.mark.parametrize("name", ["Al\nBcc: x@evil.example", "Al\tice", "Al\u2029ice", "Al\x07"])
def test_a_display_name_is_one_line(
    name: str, alice: User, client: Client, as_user: Callable[[User], Client]
) -> None:
    """Failed before: taken, a name whose line break (or other control character) other
    players would read in the middle of a line, and which broke the subject of every mail
    naming it ("Al… invites you to a game"). Refused by the profile, the sign-up and the
    admin, nothing saved."""
    refused = "A name is one line: no line breaks, tabs or other control characters."
    profile = as_user(alice).post(
        "/accounts/profile/", {"display_name": name, "time_zone": "UTC", "language": ""}
    )
    assert profile.status_code == 400 and refused in profile.content.decode()
    french = as_user(speaks(alice, "fr")).post(
        "/accounts/profile/", {"display_name": name, "time_zone": "UTC", "language": "fr"}
    )
    assert "Un nom tient sur une ligne\u00a0: ni saut de ligne" in french.content.decode()
    signed_up = sign_up(client, "dan@example.com", name)
    assert signed_up.status_code == 400 and refused in signed_up.content.decode()
    assert not User.objects.filter(email="dan@example.com")
    client.force_login(User.objects.create_superuser("root", "root@example.com", "pw"))
    admin = client.post(
        f"/admin/accounts/profile/{profile_of(alice).pk}/change/",
        {"user": alice.pk, "display_name": name, "time_zone": "", "language": ""},
    )
    assert admin.status_code == 200 and refused in admin.content.decode()
    assert display_name(alice) == "alice"


def test_signing_up_as_player_n_is_refused(client: Client) -> None:
    response = sign_up(client, "dan@example.com", "Player 1")
    assert response.status_code == 400 and not User.objects.filter(email="dan@example.com")


def test_the_profiles_labels_start_with_a_capital(
    alice: User, as_user: Callable[[User], Client]
) -> None:
    page = as_user(alice).get("/accounts/profile/").content.decode()

    labels = re.findall(r"<label[^>]*>([^<]+)</label>", page)
    assert "Time zone:" in labels
    assert [label for label in labels if label[0].islower()] == []


def french_slips(text: str) -> list[str]:
    """The places in ``text`` (a page's words, or a mail's) that break French typography: an
    ordinary space before ? ! : ; or », after «, and a typewriter apostrophe between
    letters."""
    return re.findall(r"\S* [?!:;»]|« \S*|\w'\w+", text)


def words_of(page: HttpResponse) -> str:
    """What a reader sees of ``page``: its text, without its markup, styles and scripts."""
    html = re.sub(r"(?s)<(script|style)\b.*?</\1>", " ", page.content.decode())
    return re.sub(r"<[^>]+>", " ", html)


def test_a_newcomers_account_pages_and_mails_speak_french_typography(
    alice: User, client: Client
) -> None:
    """The sign-up, log-in, code, password and log-out pages and the mails they send are
    allauth's, whose French has typewriter apostrophes and ordinary spaces before ? and :."""
    profile = profile_of(alice)
    profile.language = "fr"
    profile.save()
    french = {"HTTP_ACCEPT_LANGUAGE": "fr-FR,fr;q=0.9"}
    pages = [
        client.get(path, **french)
        for path in (
            "/accounts/signup/",
            "/accounts/login/",
            "/accounts/login/code/",
            "/accounts/password/reset/",
        )
    ]
    pages.append(
        client.post("/accounts/login/", {"login": alice.email, "password": "no"}, **french)
    )
    with committed():
        pages.append(
            client.post("/accounts/password/reset/", {"email": alice.email}, follow=True, **french)
        )
    reset = link_in(mail.outbox[-1])
    pages.append(client.get(reset, follow=True, **french))
    sign_up(client, "chloe@example.com", "Chloé", language="fr-FR,fr;q=0.9")
    pages.append(client.get("/accounts/confirm-email/", **french))
    # The mails of a code to log in, of a reset asked for an unknown address and of a
    # sign-up with an address that has an account already.
    with committed():
        Client().post("/accounts/login/code/", {"email": alice.email}, **french)
        Client().post("/accounts/password/reset/", {"email": "nobody@example.com"}, **french)
    sign_up(Client(), alice.email, "Alice again", language="fr-FR,fr;q=0.9")
    assert len(mail.outbox) == 5
    client.force_login(alice)
    pages.append(client.get("/accounts/logout/", **french))
    pages.append(client.get("/accounts/password/change/", **french))
    for page in pages:
        assert '<html lang="fr">' in page.content.decode()
        assert french_slips(words_of(page)) == [], page.request["PATH_INFO"]
    for message in mail.outbox:
        assert "vous" in message.body.lower(), message.body  # in French, then
        assert french_slips(message.subject + "\n" + message.body) == [], message.subject


def test_the_address_to_confirm_and_the_address_field_speak_the_sites_french(
    client: Client,
) -> None:
    """Failed before: the page the confirmation mail links said "Confirmer l'adresse e-mail"
    and "est l'adresse e-mail de Chloé" with typewriter apostrophes, and the field of an
    address was "Courriel" (Django's word) on pages that say "adresse e-mail" everywhere
    else, as the site's French does."""
    french = {"HTTP_ACCEPT_LANGUAGE": "fr-FR,fr;q=0.9"}
    sign_up(client, "chloe@example.com", "Chloé", language="fr-FR,fr;q=0.9")
    confirm = client.get(link_in(mail.outbox[-1]), **french)
    assert "Confirmer l’adresse e-mail" in words_of(confirm)
    assert french_slips(words_of(confirm)) == []
    for path in ("/accounts/signup/", "/accounts/login/", "/accounts/password/reset/"):
        page = words_of(Client().get(path, **french))
        assert "Courriel" not in page and "E-mail\u00a0:" in page, path


def test_every_allauth_sentence_the_site_writes_again_in_french_is_still_allauths() -> None:
    """An allauth upgrade that rewords one would bring its own French back, unnoticed."""
    catalog = Path(allauth.__file__).parent / "locale" / "fr" / "LC_MESSAGES" / "django.mo"
    with catalog.open("rb") as mo:
        allauths = gettext.GNUTranslations(mo)
    ours = translation.trans_real.translation("fr")
    for sentence in SENTENCES:
        assert allauths.gettext(sentence) != sentence, sentence
        assert ours.gettext(sentence) != allauths.gettext(sentence), sentence


def test_the_language_choice_names_the_browsers_and_each_language_in_its_own_words(
    alice: User, as_user: Callable[[User], Client]
) -> None:
    """The empty choice says what it means, as the time zone's does, not "---------"; each
    language is named in itself, so that whoever cannot read the page's finds their own."""
    page = as_user(alice).get("/accounts/profile/", HTTP_ACCEPT_LANGUAGE="fr").content.decode()

    select = re.search(r'<select name="language".*?</select>', page, re.S)
    assert select is not None
    options = re.findall(r"<option[^>]*>([^<]+)</option>", select.group())
    assert options == ["La langue du navigateur", "English", "Français"]


@pytest.mark.parametrize("name", ["Bot 2", "bot3"])
def test_nobody_passes_for_one_of_the_sites_bots(
    name: str, alice: User, as_user: Callable[[User], Client]
) -> None:
    """The site's bots sit as "Bot 1", "Bot 2"…: a member of that name would pass for one."""
    response = as_user(alice).post(
        "/accounts/profile/", {"display_name": name, "time_zone": "", "language": ""}
    )

    assert response.status_code == 400 and display_name(alice) == "alice"


@pytest.mark.parametrize("name", ["alice", "ALICE", wide("Alice"), " al\u200bice ", "Alice"])
def test_signing_up_under_another_members_name_is_refused(
    name: str, alice: User, client: Client
) -> None:
    """Failed before: a newcomer could sign up as "ALICE" and pass for Alice at the tables."""
    response = sign_up(client, "dan@example.com", name)
    assert response.status_code == 400 and not User.objects.filter(email="dan@example.com")
    assert "is taken" in response.content.decode()
    french = sign_up(client, "dan@example.com", name, language="fr")
    assert "est déjà pris" in french.content.decode()


@pytest.mark.parametrize("name", ["BOB", wide("bob"), "Bob "])
def test_the_profile_refuses_another_members_name_and_saves_nothing(
    name: str, alice: User, bob: User, as_user: Callable[[User], Client]
) -> None:
    response = as_user(alice).post(
        "/accounts/profile/", {"display_name": name, "time_zone": "UTC", "language": "fr"}
    )
    assert response.status_code == 400
    assert "est déjà pris" not in response.content.decode()
    assert "is taken" in response.content.decode()
    profile = profile_of(alice)
    assert (profile.display_name, profile.time_zone, profile.language) == ("alice", "", "")


def test_the_admin_opens_a_members_account_and_profile(alice: User, client: Client) -> None:
    """Failed before: a 500, the admin's widget around a select having no Jinja2 version
    for the site's form renderer."""
    client.force_login(User.objects.create_superuser("root", "root@example.com", "pw"))
    for page in (
        f"/admin/accounts/profile/{profile_of(alice).pk}/change/",
        f"/admin/auth/user/{alice.pk}/change/",
    ):
        response = client.get(page)
        assert response.status_code == 200 and 'name="_save"' in response.content.decode()


def test_the_admin_refuses_another_members_name_with_a_message(
    alice: User, bob: User, client: Client
) -> None:
    """Failed before: the database's unique key refused it, a 500 to the admin."""
    client.force_login(User.objects.create_superuser("root", "root@example.com", "pw"))
    profile = profile_of(alice)
    response = client.post(
        f"/admin/accounts/profile/{profile.pk}/change/",
        {"user": alice.pk, "display_name": "BOB", "time_zone": "", "language": ""},
    )
    assert response.status_code == 200 and "is taken" in response.content.decode()
    assert profile_of(alice).display_name == "alice"


def test_a_member_may_write_their_own_name_in_other_capitals(
    alice: User, as_user: Callable[[User], Client]
) -> None:
    as_user(alice).post(
        "/accounts/profile/", {"display_name": "ALICE", "time_zone": "UTC", "language": ""}
    )
    assert display_name(alice) == "ALICE"


@pytest.mark.parametrize("name", [wide("Player 12"), wide("Bot") + " 2", "\u200b"])
def test_wide_letters_and_invisible_ones_pass_for_no_other_name(
    name: str, alice: User, as_user: Callable[[User], Client]
) -> None:
    """Failed before: "Player 12" in wide letters passed for the account "Player 12", and a
    zero-width space was a name nobody could see."""
    as_user(alice).post(
        "/accounts/profile/", {"display_name": name, "time_zone": "UTC", "language": ""}
    )
    assert display_name(alice) == "alice"


@pytest.fixture
def checked_before_bob_took_it(bob: User, monkeypatch: pytest.MonkeyPatch) -> str:
    """Bob holds "Queen", but the form's check ran a moment before his request committed
    it, as when two requests take the name at once: the check found it free."""
    give_name(bob, "Queen")
    held = accounts.models.name_held
    calls = iter([False])
    monkeypatch.setattr(
        accounts.models, "name_held", lambda key, user_id: next(calls, None) or held(key, user_id)
    )
    return "Queen"


def test_of_two_members_taking_a_name_at_once_the_database_gives_it_to_one(
    alice: User, as_user: Callable[[User], Client], checked_before_bob_took_it: str
) -> None:
    response = as_user(alice).post(
        "/accounts/profile/",
        {"display_name": checked_before_bob_took_it, "time_zone": "UTC", "language": ""},
    )
    assert response.status_code == 400 and "is taken" in response.content.decode()
    assert (display_name(alice), profile_of(alice).time_zone) == ("alice", "")


def test_of_two_newcomers_signing_up_under_one_name_at_once_one_gets_no_account(
    client: Client, checked_before_bob_took_it: str
) -> None:
    response = sign_up(client, "dan@example.com", checked_before_bob_took_it)
    assert response.status_code == 400 and "is taken" in response.content.decode()
    assert not User.objects.filter(email="dan@example.com") and not mail.outbox


def test_the_sign_up_mail_leaves_once_the_account_is_saved_for_good(client: Client) -> None:
    """Failed before: allauth mailed the confirmation inside the sign-up's transaction, so
    a slow mail server held the database (the embedded SQLite: every other writer waited)
    until it answered."""
    with TestCase.captureOnCommitCallbacks() as after_commit:
        sign_up_form = {
            "email": "erin@example.com",
            "display_name": "Erin",
            "password1": "a-long-passphrase-9",
            "password2": "a-long-passphrase-9",
        }
        client.post("/accounts/signup/", sign_up_form)
        assert not mail.outbox, "sent while the account was not yet committed"
    for hook in after_commit:
        hook()
    (message,) = mail.outbox
    assert message.to == ["erin@example.com"]


def test_a_mail_server_failing_at_sign_up_keeps_the_account_and_a_log_in_mails_again(
    client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Failed before: the mail, sent once the account was committed, raised past the
    sign-up (a 500 for an account already made)."""

    def refused(message: mail.EmailMessage, fail_silently: bool = False) -> int:
        raise ConnectionRefusedError("the mail server is down")

    with monkeypatch.context() as down:
        down.setattr(mail.EmailMessage, "send", refused)
        response = sign_up(client, "fay@example.com", "Fay")
    assert response.status_code == 302 and not mail.outbox
    cache.clear()  # minutes later: allauth mails an address's confirmation once in three
    with committed():
        client.post(
            "/accounts/login/", {"login": "fay@example.com", "password": "a-long-passphrase-9"}
        )
    (message,) = mail.outbox
    assert message.to == ["fay@example.com"] and "Confirm" in message.subject


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_pages_that_wait_for_a_mail_name_whom_to_write_to(
    alice: User, client: Client, settings: Any, language: str
) -> None:
    """Failed before: allauth's pages said "contact us" and named no contact. A newcomer
    whose confirmation never comes, or a member whose new password does not, is given the
    site's address to write to."""
    settings.CONTACT_EMAIL = "help@numx.example"
    browser = {"HTTP_ACCEPT_LANGUAGE": language}
    link = '<a href="mailto:help@numx.example">help@numx.example</a>'
    sign_up(client, "chloe@example.com", "Chloé", language=language)
    pages = [client.get("/accounts/confirm-email/", **browser)]
    pages.append(client.get("/accounts/password/reset/", **browser))
    with committed():
        pages.append(
            client.post("/accounts/password/reset/", {"email": alice.email}, follow=True, **browser)
        )
    for page in pages:
        text = page.content.decode()
        assert link in text, page.request["PATH_INFO"]
        assert "contact us" not in text and "contactez-nous" not in text.lower()
