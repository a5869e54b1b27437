"""Reporting an abusive line to the site's moderators, from the chat's panel: a reason from
a fixed list and an optional note, once per line and reader, never one's own line, a few a
day; the moderators are told by email, find the report in the admin and remove the line,
which then reads "Message removed by the moderators." wherever the chat is read."""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import timedelta
from typing import Any

import pytest
from django.contrib.auth.models import Permission, User
from django.core import mail
from django.test import Client, override_settings
from django.utils import timezone

from chat.models import ChatLine, ChatReport
from chat.services import remove_lines, say
from games.lobby import game_cancel, game_join, game_open
from games.models import Game
from notifications.outbox import RESEND_AFTER, resend_overdue
from tests.chat.test_chat import opened, signed_in
from tests.members import named, speaks

pytestmark = pytest.mark.django_db

REMOVED = "Message removed by the moderators."


def panel(client: Client, game: Game, query: str = "") -> str:
    return client.get(f"/chat/{game.pk}/{query}", headers={"HX-Request": "true"}).content.decode()


def report(
    client: Client,
    line: ChatLine,
    reason: str = "insult",
    note: str = "",
    htmx: bool = True,
) -> Any:
    headers = {"HX-Request": "true"} if htmx else {}
    return client.post(
        f"/chat/{line.game_id}/report/{line.pk}/", {"reason": reason, "note": note}, headers=headers
    )


@pytest.fixture
def moderator(db: None) -> User:
    """A member of the site's staff who may remove lines: that alone makes a moderator."""
    user = User.objects.create_user("mod", "mod@example.com", "mod-password-42", is_staff=True)
    user.user_permissions.add(Permission.objects.get(codename="change_chatline"))
    return user


@pytest.fixture
def sent(django_capture_on_commit_callbacks: Callable[..., Any]) -> Callable[..., Any]:
    """Run ``act`` and send the emails its transaction owed, as the site does once it commits."""

    def run(act: Callable[[], Any]) -> Any:
        with django_capture_on_commit_callbacks(execute=True):
            return act()

    return run


def test_a_report_form_stands_beside_each_line_of_others_only(
    alice: User, bob: User, mallory: User
) -> None:
    game = opened(alice, bob)
    mine = say(game, alice, "Good luck")
    theirs = say(game, bob, "You will lose")

    shown = panel(signed_in(alice), game)

    assert f'action="/chat/{game.pk}/report/{theirs.pk}/"' in shown
    assert f"/report/{mine.pk}/" not in shown
    for words in ("Report", "Insult or harassment", "Spam", "Cheating or advice during the game"):
        assert words in shown
    assert 'name="note"' in shown
    # A spectator reads the lines, so may report them too; a visitor signed out may not,
    # nor is a replayed moment reported from.
    assert f"/report/{mine.pk}/" in panel(signed_in(mallory), game)
    assert "/report/" not in panel(Client(), game)
    assert "/report/" not in panel(signed_in(alice), game, f"?upto={game.last_sequence}")


def test_a_report_is_kept_and_the_moderators_are_emailed(
    alice: User, bob: User, moderator: User, sent: Callable[..., Any]
) -> None:
    game = opened(alice, bob)
    line = say(game, bob, "You play like a potato")
    mail.outbox.clear()

    answer = sent(lambda: report(signed_in(alice), line, "insult", "  He keeps at it.  "))

    assert answer.status_code == 200
    shown = answer.content.decode()
    assert "Thank you: the moderators will read your report." in shown
    assert f"/report/{line.pk}/" not in shown and "Reported" in shown
    filed = ChatReport.objects.get()
    assert (filed.line, filed.reporter, filed.reason, filed.note) == (
        line,
        alice,
        "insult",
        "He keeps at it.",
    )
    (message,) = mail.outbox
    assert message.to == ["mod@example.com"]
    assert "Chatty" in message.subject and "Insult or harassment" in message.subject
    for words in (
        "alice reported a message",
        "bob: You play like a potato",
        "Reason: Insult or harassment",
        "Note: He keeps at it.",
        f"http://127.0.0.1:8000/admin/chat/chatreport/{filed.pk}/change/",
    ):
        assert words in message.body
    # Not the table: a moderator may not open a private one.
    assert f"/games/{game.pk}/" not in message.body
    ChatReport.objects.get(sent_at__isnull=False)


def test_the_email_goes_to_every_moderator_and_to_nobody_else(
    alice: User, bob: User, moderator: User, sent: Callable[..., Any]
) -> None:
    User.objects.create_superuser("root", "root@example.com", "root-password-42")
    User.objects.create_user("clerk", "clerk@example.com", is_staff=True)  # may not remove
    User.objects.create_superuser("gone", "gone@example.com", is_active=False)
    speaks(bob, "fr")  # a player, not a moderator: his language does not count
    line = say(opened(alice, bob), bob, "Spam spam spam")
    mail.outbox.clear()

    sent(lambda: report(signed_in(alice), line, "spam"))

    (message,) = mail.outbox
    assert sorted(message.to) == ["mod@example.com", "root@example.com"]
    assert "Reason: Spam" in message.body


def test_moderators_who_all_read_french_are_told_in_french(
    alice: User, bob: User, moderator: User, sent: Callable[..., Any]
) -> None:
    named(moderator)
    speaks(moderator, "fr")
    line = say(opened(alice, bob), bob, "Spam spam spam")
    mail.outbox.clear()

    sent(lambda: report(signed_in(alice), line, "spam", "encore"))

    (message,) = mail.outbox
    assert "Signalement" in message.subject
    assert "Motif" in message.body and "encore" in message.body


def test_a_report_whose_email_was_lost_on_its_way_is_sent_by_the_sweep(
    alice: User, bob: User, moderator: User
) -> None:
    """The task enqueued after the commit never ran (a broker down): the outbox's sweep
    sends the moderators' email once the report is overdue, and once only."""
    line = say(opened(alice, bob), bob, "Boo")
    report(signed_in(alice), line)  # its after-commit enqueue never runs in this test
    mail.outbox.clear()

    resend_overdue(timezone.now())
    assert ChatReport.objects.get().sent_at is None  # not overdue yet: its task may still come
    later = timezone.now() + RESEND_AFTER + timedelta(minutes=1)
    resend_overdue(later)
    assert resend_overdue(later) == 0
    (message,) = [message for message in mail.outbox if message.to == ["mod@example.com"]]
    assert "Boo" in message.body


def test_without_javascript_the_report_leads_back_to_the_table_which_thanks(
    alice: User, bob: User
) -> None:
    game = opened(alice, bob)
    line = say(game, bob, "Nasty words")
    alices = signed_in(alice)

    answer = report(alices, line, "other", htmx=False)

    assert answer.status_code == 302 and answer.url == f"/games/{game.pk}/"
    assert (
        "Thank you: the moderators will read your report."
        in alices.get(answer.url).content.decode()
    )
    assert ChatReport.objects.get().reason == "other"


def test_a_line_is_reported_once_a_second_report_is_told_so_and_changes_nothing(
    alice: User, bob: User, moderator: User, sent: Callable[..., Any]
) -> None:
    line = say(opened(alice, bob), bob, "Boo")
    alices = signed_in(alice)
    sent(lambda: report(alices, line, "insult", "first"))
    mail.outbox.clear()

    again = sent(lambda: report(alices, line, "spam", "second"))

    assert again.status_code == 200
    assert "You already reported this message." in again.content.decode()
    assert list(ChatReport.objects.values_list("reason", "note")) == [("insult", "first")]
    assert mail.outbox == []


def test_nobody_reports_their_own_line_nor_a_line_they_cannot_read(
    alice: User, bob: User, mallory: User
) -> None:
    secret = opened(alice, bob, public=False)
    whisper = say(secret, bob, "Just between us")
    elsewhere = say(opened(alice, bob), bob, "Hello")
    alices, mallorys = signed_in(alice), signed_in(mallory)

    assert report(signed_in(bob), whisper).status_code == 403
    assert report(mallorys, whisper).status_code == 404
    # A line named under another game's address, or no line at all.
    assert (
        alices.post(f"/chat/{secret.pk}/report/{elsewhere.pk}/", {"reason": "spam"}).status_code
        == 404
    )
    for line_id in (0, whisper.pk + 1000, 2**63):
        answer = alices.post(f"/chat/{secret.pk}/report/{line_id}/", {"reason": "spam"})
        assert answer.status_code == 404
    assert Client().post(f"/chat/{secret.pk}/report/{whisper.pk}/").status_code == 302  # log in
    assert not ChatReport.objects.exists()


@pytest.mark.parametrize(
    ("reason", "note", "said"),
    [
        ("", "", "Choose a reason"),
        ("rude", "", "Choose a reason"),
        ("spam", "x" * 501, "A note holds at most 500 characters."),
        ("spam", "bad\x00note", "Null characters are not allowed."),
    ],
)
def test_a_report_without_a_reason_of_the_list_or_with_a_bad_note_is_refused(
    alice: User, bob: User, reason: str, note: str, said: str
) -> None:
    line = say(opened(alice, bob), bob, "Boo")

    answer = report(signed_in(alice), line, reason, note)

    assert answer.status_code == 400
    assert said in answer.content.decode()
    assert not ChatReport.objects.exists()


@override_settings(NUMX_CHAT_REPORTS_PER_DAY=2)
def test_a_member_files_a_few_reports_a_day(alice: User, bob: User) -> None:
    game = opened(alice, bob)
    lines = [say(game, bob, f"Line {number}") for number in range(4)]
    alices = signed_in(alice)
    assert report(alices, lines[0]).status_code == 200
    assert report(alices, lines[1]).status_code == 200

    refused = report(alices, lines[2])

    assert refused.status_code == 429
    assert "You may file 2 reports a day" in refused.content.decode()
    assert 0 < int(refused["Retry-After"]) <= 24 * 3600
    assert ChatReport.objects.count() == 2
    # A day later, the first two no longer count.
    ChatReport.objects.update(created_at=timezone.now() - timedelta(days=1, minutes=1))
    assert report(alices, lines[2]).status_code == 200


def test_the_admin_lists_reports_and_removes_the_line_for_everyone(
    alice: User, bob: User, mallory: User, moderator: User
) -> None:
    game = opened(alice, bob)
    line = say(game, bob, "You play like a potato")
    say(game, alice, "That's rude")
    report(signed_in(alice), line, "insult", "Rude")
    staff = signed_in(moderator)

    listed = staff.get("/admin/chat/chatreport/").content.decode()
    for words in (
        "You play like a potato",
        "Chatty",
        f'href="/games/{game.pk}/"',
        "alice",
        "Insult",
    ):
        assert words in listed
    filed = ChatReport.objects.get()
    assert "Rude" in staff.get(f"/admin/chat/chatreport/{filed.pk}/change/").content.decode()

    done = staff.post(
        "/admin/chat/chatreport/",
        {"action": "remove_lines", "_selected_action": [filed.pk]},
        follow=True,
    )

    assert "1 message removed." in done.content.decode()
    line.refresh_from_db()
    assert line.removed_by == moderator and line.removed_at is not None
    for reader in (signed_in(alice), signed_in(mallory), Client()):
        for shown in (panel(reader, game), panel(reader, game, f"?upto={game.last_sequence}")):
            assert REMOVED in shown and "potato" not in shown
            assert "That&#x27;s rude" in shown
    # Nothing left to report there.
    assert f"/report/{line.pk}/" not in panel(signed_in(mallory), game)
    assert report(signed_in(mallory), line).status_code == 409


def test_a_moderator_restores_a_line_removed_by_mistake(
    alice: User, bob: User, mallory: User, moderator: User
) -> None:
    """Failed before: the admin removed a line and had no way to put it back."""
    game = opened(alice, bob)
    line = say(game, bob, "Well played, truly")
    shown = say(game, bob, "Again?")
    report(signed_in(alice), line, "spam")
    report(signed_in(alice), shown, "spam")
    mistaken, kept = (ChatReport.objects.get(line=line), ChatReport.objects.get(line=shown))
    staff = signed_in(moderator)
    staff.post(
        "/admin/chat/chatreport/", {"action": "remove_lines", "_selected_action": [mistaken.pk]}
    )
    assert REMOVED in panel(signed_in(mallory), game)

    done = staff.post(
        "/admin/chat/chatreport/",
        {"action": "restore_lines", "_selected_action": [mistaken.pk, kept.pk]},
        follow=True,
    )

    # The line never removed is not counted as put back.
    assert "1 message restored." in done.content.decode()
    line.refresh_from_db()
    assert not line.removed and line.removed_by is None
    for reader in (signed_in(alice), signed_in(mallory), Client()):
        for seen in (panel(reader, game), panel(reader, game, f"?upto={game.last_sequence}")):
            assert REMOVED not in seen and "Well played, truly" in seen
    # Shown again, it may be reported again by those who had not.
    assert f"/report/{line.pk}/" in panel(signed_in(mallory), game)


def test_the_restore_action_speaks_french(alice: User, bob: User, moderator: User) -> None:
    line = say(opened(alice, bob), bob, "Boo")
    report(signed_in(alice), line)
    filed = ChatReport.objects.get()
    staff = signed_in(speaks(moderator, "fr"))
    staff.post(
        "/admin/chat/chatreport/", {"action": "remove_lines", "_selected_action": [filed.pk]}
    )

    listed = staff.get("/admin/chat/chatreport/").content.decode()
    done = staff.post(
        "/admin/chat/chatreport/",
        {"action": "restore_lines", "_selected_action": [filed.pk]},
        follow=True,
    ).content.decode()

    assert "Rétablir les messages supprimés" in listed and "1 message rétabli." in done


def test_staff_who_may_not_change_lines_neither_read_reports_nor_remove_or_restore(
    alice: User, bob: User
) -> None:
    line = say(opened(alice, bob), bob, "Boo")
    report(signed_in(alice), line)
    clerk = User.objects.create_user("clerk", "clerk@example.com", is_staff=True)
    clerk.user_permissions.add(Permission.objects.get(codename="view_chatreport"))
    ChatLine.objects.update(removed_at=timezone.now())
    filed = ChatReport.objects.get()

    listed = signed_in(clerk).get("/admin/chat/chatreport/")
    opened_page = signed_in(clerk).get(f"/admin/chat/chatreport/{filed.pk}/change/")
    tried = signed_in(clerk).post(
        "/admin/chat/chatreport/", {"action": "restore_lines", "_selected_action": [filed.pk]}
    )

    assert listed.status_code == opened_page.status_code == tried.status_code == 403
    line.refresh_from_db()
    assert line.removed


STAFF = {
    "superuser": {"is_superuser": True},
    "may change lines": {"perms": ("change_chatline",)},
    "may view reports": {"perms": ("view_chatreport",)},
    "may do both": {"perms": ("change_chatline", "view_chatreport")},
    "no permission": {},
    "not staff": {"is_staff": False, "perms": ("change_chatline", "view_chatreport")},
    "inactive": {"is_superuser": True, "is_active": False},
}


@pytest.mark.parametrize("kind", STAFF)
def test_whoever_is_mailed_a_report_opens_it_and_nobody_else(
    alice: User, bob: User, kind: str, sent: Callable[..., Any]
) -> None:
    """Failed before: the email went to the staff who may change lines, the report's page
    opened for those who may view reports; one without the other was mailed a 403."""
    made = dict(STAFF[kind])
    perms = made.pop("perms", ())
    member = User.objects.create_user("staff", "staff@example.com", "pw-staff-42", **made)
    if "is_staff" not in made:
        member.is_staff = True
        member.save()
    member.user_permissions.add(*Permission.objects.filter(codename__in=perms))
    line = say(opened(alice, bob), bob, "Boo")
    mail.outbox.clear()
    sent(lambda: report(signed_in(alice), line))
    filed = ChatReport.objects.get()

    mailed = any("staff@example.com" in message.to for message in mail.outbox)
    page = signed_in(member).get(f"/admin/chat/chatreport/{filed.pk}/change/")

    assert mailed == (page.status_code == 200)
    assert mailed == (kind in ("superuser", "may change lines", "may do both"))


def test_nobody_changes_nor_deletes_a_report_in_the_admin_not_even_a_superuser(
    alice: User, bob: User
) -> None:
    """Reports are kept as filed: the admin shows them, and changes or deletes none.
    Failed before: a superuser deleted a report (its delete page, "Delete selected")."""
    line = say(opened(alice, bob), bob, "Boo")
    report(signed_in(alice), line, "spam", "as filed")
    filed = ChatReport.objects.get()
    root = signed_in(User.objects.create_superuser("root", "root@example.com", "root-pw-42"))
    page = f"/admin/chat/chatreport/{filed.pk}/"

    changed = root.post(f"{page}change/", {"reason": "other", "note": "changed", "_save": "1"})
    added = root.get("/admin/chat/chatreport/add/")
    delete_page = root.get(f"{page}delete/")
    deleted = root.post(f"{page}delete/", {"post": "yes"})
    listed = root.get("/admin/chat/chatreport/").content.decode()
    root.post(
        "/admin/chat/chatreport/",
        {"action": "delete_selected", "_selected_action": [filed.pk], "post": "yes"},
    )

    assert root.get(f"{page}change/").status_code == 200  # read, as filed
    assert changed.status_code == added.status_code == 403
    assert delete_page.status_code == deleted.status_code == 403
    assert "delete_selected" not in listed
    filed.refresh_from_db()
    assert (filed.reason, filed.note) == ("spam", "as filed")


def test_the_report_form_speaks_french(alice: User, bob: User) -> None:
    line = say(opened(alice, bob), bob, "Boo")
    alices = signed_in(speaks(alice, "fr"))

    shown = panel(alices, line.game)
    thanked = report(alices, line).content.decode()

    for words in ("Signaler", "Insulte ou harcèlement", "Triche ou conseils pendant la partie"):
        assert words in shown
    assert "Merci" in thanked
    assert re.search(r"Signalé", thanked)


def test_the_chat_speaks_of_the_moderation_in_neutral_french(
    alice: User, bob: User, moderator: User
) -> None:
    """Failed before: the French said "les modérateurs" and "Une note pour eux", where the
    site's French names no role in the masculine."""
    game = opened(alice, bob)
    line, other = say(game, bob, "Boo"), say(game, bob, "Again")
    alices = signed_in(speaks(alice, "fr"))

    shown = panel(alices, game)
    thanked = report(alices, line).content.decode()
    remove_lines(ChatLine.objects.filter(pk=other.pk), by=moderator)
    read = panel(alices, game)
    refused = report(alices, other).content.decode()

    assert "Pourquoi signaler ce message à la modération\u00a0?" in shown
    assert "Une note pour la modération (facultative)" in shown
    assert "Merci\u00a0: l’équipe de modération lira votre signalement." in thanked
    assert "Message supprimé par la modération." in read
    assert "La modération a déjà supprimé ce message." in refused
    for page in (shown, thanked, read, refused):
        assert "modérateur" not in page and "pour eux" not in page


def test_the_reports_fields_are_named_in_the_moderators_language(
    alice: User, bob: User, moderator: User
) -> None:
    """Failed before: the French admin named the report's fields in English ("Reason",
    "Note", "Created at")."""
    line = say(opened(alice, bob), bob, "Boo")
    report(signed_in(alice), line, "spam", "as filed")
    staff = signed_in(speaks(moderator, "fr"))

    listed = staff.get("/admin/chat/chatreport/").content.decode()
    page = staff.get(f"/admin/chat/chatreport/{ChatReport.objects.get().pk}/change/")

    for words in ("Motif", "Signalé le", "Signalé par"):
        assert words in listed and words in page.content.decode()
    assert "Envoyé par e-mail à la modération le" in page.content.decode()
    for words in ("Reason", "Created at", "Reporter", "Sent at"):
        assert words not in listed and words not in page.content.decode()


def made_moderator(user: User) -> User:
    """``user``, now of the staff and allowed to change lines: a moderator."""
    user.is_staff = True
    user.save()
    user.user_permissions.add(Permission.objects.get(codename="change_chatline"))
    return user


def test_a_moderator_is_not_mailed_the_reports_of_their_own_lines(
    alice: User, bob: User, moderator: User, sent: Callable[..., Any]
) -> None:
    """Failed before: a moderator who also plays was mailed the report of their own line,
    naming who reported them."""
    line = say(opened(alice, made_moderator(bob)), bob, "You play like a potato")
    mail.outbox.clear()

    sent(lambda: report(signed_in(alice), line))

    (message,) = mail.outbox
    assert message.to == ["mod@example.com"]


@override_settings(ADMINS=[("Site", "site@example.com"), ("Bob", "BOB@example.com")])
def test_the_report_of_the_only_moderators_line_goes_to_the_sites_admins(
    alice: User, bob: User, sent: Callable[..., Any]
) -> None:
    line = say(opened(alice, made_moderator(bob)), bob, "You play like a potato")
    mail.outbox.clear()

    sent(lambda: report(signed_in(alice), line))

    # The author's own address among the admins is left out all the same.
    (message,) = mail.outbox
    assert message.to == ["site@example.com"]
    assert "bob: You play like a potato" in message.body


@override_settings(ADMINS=[("Bob", "bob@example.com")])
def test_with_nobody_else_to_tell_the_report_waits_in_the_admin_and_is_logged(
    alice: User, bob: User, sent: Callable[..., Any], caplog: pytest.LogCaptureFixture
) -> None:
    line = say(opened(alice, made_moderator(bob)), bob, "You play like a potato")
    mail.outbox.clear()

    sent(lambda: report(signed_in(alice), line))

    assert mail.outbox == []
    filed = ChatReport.objects.get()
    assert f"chat report {filed.pk}" in caplog.text.lower()
    # Listed for the moderators all the same.
    assert "potato" in signed_in(bob).get("/admin/chat/chatreport/").content.decode()


def test_a_report_outlives_its_table_cancelled_before_it_started_and_its_accounts(
    alice: User, bob: User, moderator: User
) -> None:
    """Failed before: cancelling a table not yet started deleted its chat and with it the
    reports of its lines and their email not yet sent; deleting the reporter's or the
    author's account deleted them too. A report quotes what it reports and stands."""
    game = game_open(creator=bob, name="Waiting room", config={"players": 2, "mode": "speed-run"})
    game_join(game=game, user=alice, token=game.invite_token)
    line = say(game, bob, "You play like a potato")
    report(signed_in(alice), line, "insult", "Before we even started")  # its email not sent yet
    mail.outbox.clear()

    game_cancel(game=game, by=bob)
    alice.delete()
    bob.delete()

    filed = ChatReport.objects.get()
    assert (filed.line, filed.reporter, filed.reason) == (None, None, "insult")
    page = signed_in(moderator).get(f"/admin/chat/chatreport/{filed.pk}/change/")
    for words in (
        "You play like a potato",
        "Waiting room",
        "Before we even started",
        "The message is gone: its table was cancelled",
    ):
        assert words in page.content.decode()
    resend_overdue(timezone.now() + RESEND_AFTER + timedelta(minutes=1))
    (message,) = mail.outbox
    assert message.to == ["mod@example.com"]
    assert "bob: You play like a potato" in message.body and "Waiting room" in message.subject


def test_a_moderator_reads_the_conversation_around_a_line_reported_at_a_private_table(
    alice: User, bob: User, moderator: User, sent: Callable[..., Any]
) -> None:
    """Failed before: the email and the admin linked the table, which a private game shows
    its players alone (404 for the moderator), and nothing else showed what was said."""
    game = opened(alice, bob, public=False)
    before = [say(game, alice if number % 2 else bob, f"Before {number}") for number in range(7)]
    line = say(game, bob, "You play like a potato")
    after = [say(game, alice, f"After {number}") for number in range(7)]
    remove_lines(ChatLine.objects.filter(pk=before[-1].pk), by=moderator)
    mail.outbox.clear()
    sent(lambda: report(signed_in(alice), line, "insult"))
    filed = ChatReport.objects.get()
    staff = signed_in(moderator)

    (message,) = mail.outbox
    page = staff.get(f"/admin/chat/chatreport/{filed.pk}/change/").content.decode()
    listed = staff.get("/admin/chat/chatreport/").content.decode()

    assert f"/admin/chat/chatreport/{filed.pk}/change/" in message.body
    assert "conversation around the message" in message.body
    assert staff.get(f"/games/{game.pk}/").status_code == 404
    assert f"/games/{game.pk}/" not in page and f"/games/{game.pk}/" not in listed
    # A few lines before and after, in order, who said each and when; the line reported
    # marked; a line removed shown to the moderators with its words, marked so.
    shown = [f"Before {number}" for number in range(2, 7)] + [
        "You play like a potato",
        *(f"After {number}" for number in range(5)),
    ]
    conversation = page[page.index('class="conversation"') :]
    places = [conversation.index(words) for words in shown]
    assert places == sorted(places)
    for hidden in ("Before 1", "After 5"):
        assert hidden not in page
    assert "<mark>You play like a potato</mark>" in conversation
    assert "Before 6 (removed)" in conversation
    assert f'datetime="{after[0].said_at.isoformat()}"' in conversation
    assert "<b>alice</b>" in conversation and "<b>bob</b>" in conversation
