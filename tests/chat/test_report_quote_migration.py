"""Migration 0004 of chat: the reports filed before it quote their line (its author, their
name at the table, its words, the table's name), so that they stand once the line goes."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User

from chat.models import ChatLine, ChatReport
from games.models import Game
from tests.migrations import migrate, model_at

BEFORE = [("chat", "0003_report_fields_named")]


@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("flush_past_the_trigger")  # PostgreSQL's flush after the test
def test_reports_filed_before_quote_their_line_and_outlive_it() -> None:
    migrate(BEFORE)  # reports hold their line alone
    alice, bob = User.objects.create_user("alice"), User.objects.create_user("bob")
    game = Game.objects.create(name="Before", config={"players": 2}, created_by=alice)
    line = ChatLine.objects.create(
        game=game, author=bob, name="Bob", text="You play like a potato", after_sequence=0
    )
    model_at(BEFORE, "chat", "ChatReport").objects.create(
        line_id=line.pk, reporter_id=alice.pk, reason="insult"
    )

    migrate()
    game.delete()  # a table cancelled before it started goes with its chat

    report = ChatReport.objects.get()
    assert (report.author, report.speaker, report.text, report.table) == (
        bob,
        "Bob",
        "You play like a potato",
        "Before",
    )
    assert (report.line, report.reporter, report.reason) == (None, alice, "insult")
