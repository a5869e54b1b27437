"""A move played by answering a mail is confirmed to the player who replied: a short mail
in the thread of their reply saying the move as played, whose turn it is now (or that the
game is over, and who won), and the table's link. A move made on the table is not, and a
reply refused gets its refusal alone."""

from __future__ import annotations

import random

import pytest
from django.contrib.auth.models import User
from django.core import mail
from django.core.mail import EmailMessage

from games.lobby import game_add_bot, game_join, game_open, game_start
from tests.members import speaks
from tests.toygame.fixtures import toy_installed

from .conftest import sent_to, turn_mail_now
from .replies import reply
from .test_numenko_emails import start as numenko
from .test_objectifs_emails import Commit, submit, two_friends
from .test_replies import answers, deliver, outcome, played

__all__ = ["toy_installed"]

pytestmark = pytest.mark.django_db


def confirmation(address: str) -> EmailMessage:
    """The one mail that answered ``address``'s reply (``Auto-Submitted: auto-replied``)."""
    (answer,) = answers(address)
    return answer


def test_a_move_played_by_reply_is_confirmed_in_the_thread_of_the_reply(
    alice: User, bob: User, commit: Commit
) -> None:
    game = two_friends(alice, bob, commit)
    asked = turn_mail_now(game, 0)
    sent = reply(asked, "A")
    mail.outbox.clear()
    deliver(commit, sent)

    assert played(game, 0) == ["lay 4 5"]
    confirmed = confirmation("alice@example.com")
    assert confirmed.subject == "Re: Goals: your turn"
    assert confirmed.body.startswith(
        "Hello alice,\n\n"
        "Your reply was played in “Goals”:\n"
        "  lay 4 5: lay 4 and 5 as malus cards\n\n"
        "Next to play: bob. We email you when it is your turn.\n\n"
        "Open the table (this link logs you in): http"
    )
    # In the thread of the reply it answers, asking nothing: no address to answer, no move.
    reply_id = sent.decode().split("Message-ID: ")[1].split("\r\n")[0]
    assert confirmed.extra_headers["In-Reply-To"] == reply_id
    assert reply_id in confirmed.extra_headers["References"]
    assert confirmed.extra_headers["Auto-Submitted"] == "auto-replied"
    assert not confirmed.reply_to and "Reply to this email" not in confirmed.body
    html = str(confirmed.alternatives[0][0])  # type: ignore[attr-defined]
    assert "lay 4 5: lay 4 and 5 as malus cards" in html and "Next to play: bob." in html
    # Bob's mail is not Alice's confirmation: he was not written to by her reply.
    assert answers("bob@example.com") == []


def test_the_confirmation_is_in_the_players_language(
    alice: User, bob: User, commit: Commit
) -> None:
    speaks(bob, "fr")
    game = two_friends(alice, bob, commit)
    mail.outbox.clear()
    deliver(commit, reply(turn_mail_now(game, 1), "poser infini infini", language="fr"))
    assert played(game, 1) == ["lay infinity infinity"]
    body = confirmation("bob@example.com").body
    assert body.startswith(
        "Bonjour bob,\n\n"
        "Votre réponse a été jouée dans «\u00a0Goals\u00a0»\u00a0:\n"
        "  lay infinity infinity\u00a0: poser Infini et Infini en cartes Malus\n\n"
        "À jouer maintenant\u00a0: alice. Nous vous écrivons quand ce sera à vous de jouer."
    )


def test_a_player_whose_turn_comes_back_at_once_reads_that_another_mail_asks_it(
    alice: User, bob: User, commit: Commit
) -> None:
    """Bob has laid his malus cards; Alice's reply lays hers, the smallest: she starts the
    round. The confirmation says it is her turn again and that the mail asking her move is
    another; that mail comes after it, with her moves and its own reply address."""
    game = two_friends(alice, bob, commit)
    commit(lambda: submit(game, 1, "lay infinity infinity"))
    mail.outbox.clear()
    deliver(commit, reply(turn_mail_now(game, 0), "lay 4 5"))
    confirmed = confirmation("alice@example.com")
    assert "It is your turn again: a mail of its own asks for your next move.\n" in confirmed.body
    assert "We email you" not in confirmed.body and not confirmed.reply_to
    mails = sent_to("alice@example.com")
    assert mails.index(confirmed) == 0
    assert [m.subject for m in mails] == ["Re: Goals: your turn", "Goals: your turn"]
    assert mails[1].reply_to


def test_against_a_bot_that_answers_at_once_the_confirmation_comes_first(
    toy_installed: str, alice: User, commit: Commit
) -> None:
    """Alice plays Toy against a bot, which moves the instant her reply is played: the
    confirmation leaves first, saying the bot is to play, then the mail asking her move."""
    game = game_open(creator=alice, name="Tokens", rules="toy", config={"players": 2})
    bot = game_add_bot(game=game, by=alice)
    commit(lambda: game_start(game=game, by=alice, rng=random.Random(5)))
    game.refresh_from_db()
    assert game.awaiting == [0], "Toy's first seat starts"
    mail.outbox.clear()
    deliver(commit, reply(turn_mail_now(game, 0), "take 1"))
    mails = sent_to("alice@example.com")
    assert [m.subject for m in mails] == ["Re: Tokens: your turn", "Tokens: your turn"]
    assert f"Next to play: {bot.name}. We email you when it is your turn." in mails[0].body
    assert len(played(game, 1)) == 1


def test_a_player_who_may_still_play_out_of_turn_is_not_told_to_wait_for_their_turn(
    alice: User, bob: User, commit: Commit
) -> None:
    """At a live Numenko table Alice's "pass" (content with her grid) leaves Bob to play,
    but she may still move out of turn, which a mail tells her at once: the confirmation
    says so rather than "we email you when it is your turn". Failed before: it said that,
    just above the mail saying she may play out of turn."""
    game = numenko(alice, bob, commit, mode="live")
    mail.outbox.clear()
    deliver(commit, reply(turn_mail_now(game, 0), "pass"))
    mails = sent_to("alice@example.com")
    assert [m.subject for m in mails] == ["Re: Sums: your turn", "Sums: you may play out of turn"]
    assert "Next to play: bob. You may still play out of turn.\n" in mails[0].body
    assert "We email you" not in mails[0].body


def test_a_move_that_ends_the_game_is_confirmed_with_the_result(
    toy_installed: str, alice: User, bob: User, commit: Commit
) -> None:
    game = game_open(creator=alice, name="Last", rules="toy", config={"players": 2, "pile": 3})
    game_join(game=game, user=bob, token=game.invite_token)
    commit(lambda: game_start(game=game, by=alice, rng=random.Random(5)))
    game.refresh_from_db()
    first = next(seat for seat in (0, 1) if seat in game.awaiting)
    address = ("alice", "bob")[first] + "@example.com"
    mail.outbox.clear()
    deliver(commit, reply(turn_mail_now(game, first), "take 3"))
    assert outcome() == "played"
    body = confirmation(address).body
    assert "  take 3: " in body
    assert "The game is over. You won.\n" in body
    assert "Next to play" not in body and "your turn" not in body


def test_a_move_made_on_the_table_is_not_confirmed_and_a_refused_reply_gets_one_answer(
    alice: User, bob: User, commit: Commit
) -> None:
    game = two_friends(alice, bob, commit)
    mail.outbox.clear()
    commit(lambda: submit(game, 0, "lay 4 5"))
    assert answers() == []
    deliver(commit, reply(turn_mail_now(game, 1), "lay 4 4"))
    assert outcome() == "illegal"
    (answer,) = answers("bob@example.com")
    assert "was not played" in answer.body and "was played in" not in answer.body
