"""Moves by email reply: a "your turn" email answered with a letter or a move is played,
once; anything else writes nothing and is answered with why.

Replies are received as the SMTP listener and the webhook receive them
(``notifications.inbound``) and processed by the Celery task, eagerly here; the real
listener, Redis and a real worker are in test_replies_real_services.py.
"""

from __future__ import annotations

import base64
import json
import random
import re
from collections.abc import Callable
from datetime import timedelta
from html import unescape
from urllib.parse import unquote

import pytest
from allauth.account.models import EmailAddress
from django.contrib.auth.models import User
from django.core import mail
from django.core.mail import EmailMessage
from django.test import Client

from games.endings import abort, resign
from games.events import consumers, store
from games.events.models import Event
from games.lobby import game_join, game_open, game_start
from games.models import Game
from games.registry import rule_set
from games.rulesets.numx.descriptions import cards
from games.selectors import game_view
from games.services import game_submit
from notifications.emails import compose
from notifications.inbound import receive_bytes
from notifications.models import Answer, InboundMail, Notification
from notifications.reply_address import ReplyToken, find_token
from tests.members import speaks

from .conftest import game_mails, turn_mail_now
from .replies import reply

pytestmark = pytest.mark.django_db

Commit = Callable[[Callable[[], object]], object]
RULES = rule_set("numx")


def deliver(commit: Commit, raw: bytes, to: str | None = None) -> bool:
    """The mail arrives (as the listener or the webhook hands it over) and the worker
    processes it, then reacts to whatever it played."""
    return bool(commit(lambda: receive_bytes(raw, [to] if to else [])))


def turn_mail(address: str) -> EmailMessage:
    """The latest "your turn" email to ``address``."""
    return [m for m in game_mails(address) if "your turn" in m.subject][-1]


def lettered(message: EmailMessage) -> dict[str, str]:
    """The letters a turn email offers: letter → the move's notation, as the text shows."""
    return dict(re.findall(r"^  ([A-H])  (.+?)\u00a0?: ", str(message.body), re.MULTILINE))


def played(game: Game, seat: int) -> list[str]:
    """The notation of every move ``seat`` made, in order."""
    rules = rule_set(game.rules)
    return [
        str(rules.action_from_json(store.action_json(event.payload)))
        for event in Event.objects.filter(game=game, seat=seat).order_by("sequence")
    ]


def outcome() -> str:
    return InboundMail.objects.latest("pk").outcome


def answers(address: str | None = None) -> list[EmailMessage]:
    """The site's answers to replies (to ``address``, or to anyone)."""
    return [
        m
        for m in mail.outbox
        if m.extra_headers.get("Auto-Submitted") == "auto-replied"
        and (address is None or address in m.to)
    ]


def answer_to(address: str) -> EmailMessage:
    (answer,) = answers(address)
    return answer


# --- The email offers a reply address and the moves ---------------------------------------


def test_the_opening_pick_email_sent_after_another_players_pick_still_takes_a_reply(
    alice: User, bob: User, mallory: User, commit: Commit
) -> None:
    """Everyone picks at once: Alice's pick, hidden from Bob, came in before Bob's first
    email went out. It still has its reply line and Reply-To, and his reply is played."""
    game = game_open(creator=alice, name="Quick", config={"players": 3, "mode": "speed-run"})
    for user in (bob, mallory):
        game_join(game=game, user=user, token=game.invite_token)
    game_start(game=game, by=alice, rng=random.Random(21))
    pick = next(iter(RULES.legal_actions(store.load(game.pk, "numx").state, 0)))
    game_submit(game_id=game.pk, seat=0, action=pick, expected_sequence=2)
    commit(lambda: consumers.dispatch(game.pk))
    message = turn_mail("bob@example.com")
    assert message.reply_to and "Reply to this email with your move" in str(message.body)
    deliver(commit, reply(message, "A"))
    assert len(played(game, 1)) == 1


def test_a_turn_email_carries_a_signed_reply_address_and_lettered_moves(trio: Game) -> None:
    message = turn_mail("bob@example.com")
    (address,) = message.reply_to
    token = find_token([address]).token
    assert token == ReplyToken(trio.pk, trio.last_sequence, 1)
    assert address == f"play+{token.text}@127.0.0.1"
    assert len(address.split("@")[0]) <= 64
    # The Message-ID carries it too, for a client that drops the +tag.
    assert find_token([message.extra_headers["Message-ID"]]).token == token
    assert message.extra_headers["Auto-Submitted"] == "auto-generated"
    letters = lettered(message)
    legal = [str(a) for a in RULES.legal_actions(store.load(trio.pk, "numx").state, 1)]
    assert list(letters) == list("ABCDEFGH")
    assert set(letters.values()) <= set(legal)
    # Every legal move is listed in the notation, lettered or not.
    assert all(notation in message.body for notation in legal)
    assert "Reply to this email with your move on the first line" in message.body


def test_a_french_player_reads_the_reply_instructions_in_french(bob: User, trio: Game) -> None:
    speaks(bob, "fr")
    row = Notification.objects.get(recipient=bob, kind=Notification.Kind.YOUR_TURN)
    message = compose(row)
    assert "Répondez à cet e-mail" in message.body
    assert lettered(message) == lettered(turn_mail("bob@example.com"))
    # Each move's notation and words are set apart as French writes a colon.
    listed = re.findall(r"^ {2}[A-H ] {2}\S.*$", str(message.body), re.MULTILINE)
    assert len(listed) > 1
    assert all(re.search(r"\S\u00a0: ", line) for line in listed), listed


# --- Playing by reply -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("client", "language"),
    [
        ("gmail", "en"),
        ("gmail", "fr"),
        ("outlook", "en"),
        ("outlook", "fr"),
        ("apple", "en"),
        ("apple", "fr"),
        ("thunderbird", "en"),
        ("thunderbird", "fr"),
    ],
)
def test_a_letter_in_a_reply_plays_the_move_it_names(
    trio: Game, commit: Commit, client: str, language: str
) -> None:
    message = turn_mail("bob@example.com")
    letters = lettered(message)

    deliver(commit, reply(message, "B", client=client, language=language))

    assert outcome() == "played"
    assert played(trio, 1) == [letters["B"]]
    # A move played is answered by its confirmation alone (test_reply_confirmations.py).
    (confirmed,) = answers()
    assert f"Your reply was played in “Friday”:\n  {letters['B']}: " in confirmed.body


@pytest.mark.parametrize("written", ["B\u00a0!", "(B)\u00a0!", "B\tok"])
def test_a_letter_followed_by_another_kind_of_space_is_played(
    trio: Game, commit: Commit, written: str
) -> None:
    """French typing puts a no-break space before "!" and "?", and an HTML-only reply
    writes ``&nbsp;``: the letter is the reply's first word all the same."""
    message = turn_mail("bob@example.com")

    deliver(commit, reply(message, written))

    assert outcome() == "played"
    assert played(trio, 1) == [lettered(message)["B"]]


@pytest.mark.parametrize("language", ["en", "fr"])
def test_a_move_written_as_the_email_words_it_is_played(
    bob: User, trio: Game, commit: Commit, language: str
) -> None:
    """The email lists each move's notation and its words (``pick red-8: pick red 8``,
    ``pick red-8 : choisir rouge 8``): a player who copies the words, in their language,
    as a phone writes them, has made the move."""
    speaks(bob, language)
    message = turn_mail_now(trio, 1)
    found = re.search(r"^  C  (.+?)\u00a0?: (.+)$", str(message.body), re.MULTILINE)
    assert found is not None
    notation, words = found.groups()

    deliver(commit, reply(message, words.capitalize() + ".", client="apple", language=language))

    assert outcome() == "played"
    assert played(trio, 1) == [notation]


@pytest.mark.parametrize("language", ["en", "fr"])
def test_a_moves_whole_line_copied_from_the_email_without_its_letter_is_played(
    bob: User, trio: Game, commit: Commit, language: str
) -> None:
    """A player who copies a listed move's line, its notation and its words, without the
    letter in front (``pick red-8: pick red 8``), has made that move."""
    speaks(bob, language)
    message = turn_mail_now(trio, 1)
    found = re.search(r"^  C  ((.+?)\u00a0?: .+)$", str(message.body), re.MULTILINE)
    assert found is not None
    line, notation = found.groups()

    deliver(commit, reply(message, line, language=language))

    assert outcome() == "played"
    assert played(trio, 1) == [notation]


def test_a_move_in_the_games_notation_is_played(trio: Game, commit: Commit) -> None:
    message = turn_mail("mallory@example.com")
    legal = [str(a) for a in RULES.legal_actions(store.load(trio.pk, "numx").state, 2)]
    unlettered = next(n for n in legal if n not in lettered(message).values())

    deliver(commit, reply(message, unlettered, client="outlook", language="fr"))

    assert played(trio, 2) == [unlettered]


@pytest.mark.parametrize("seed", [3, 8, 13])
def test_the_trick_winner_hands_out_the_score_cards_as_the_email_writes_them(
    trio: Game, commit: Commit, seed: int
) -> None:
    """A distribution cannot be listed: the email names the trick's cards, the players'
    numbers, and a distribution written out, which a reply may send as it is."""
    names = ("alice", "bob", "mallory")
    rng = random.Random(seed)
    while True:
        now = store.load(trio.pk, "numx")
        mover = min(RULES.awaiting(now.state) - {RULES.chance})
        if now.state.pending is not None and type(now.state.pending).__name__ == "Distributing":
            break
        action = RULES.bot_action(now.state, mover, rng)
        game_submit(game_id=trio.pk, seat=mover, action=action, expected_sequence=now.sequence)
    message = turn_mail_now(trio, mover)
    assert "The cards of the trick: " in message.body
    assert re.search(r"The players: (\d [a-z]+(, )?)+\.", message.body)
    # The reader's own seat is "you", as everywhere in their mail, never their own name.
    # (the winner is among the receivers unless they are full: seed 3)
    seats = dict(re.findall(r"(\d) (\w+)", message.body.split("The players: ")[1].split(".")[0]))
    assert names[mover] not in seats.values()
    assert seats.get(str(mover), "you") == "you"
    assert seed != 3 or str(mover) in seats
    example = re.search(r"For example: (distribute .+)$", message.body, re.MULTILINE)
    assert example is not None
    speaks(User.objects.get(username=names[mover]), "fr")
    french = turn_mail_now(trio, mover).body
    assert f"Par exemple\u00a0: {example.group(1)}" in french
    assert str(mover) not in seats or f"{mover} vous" in french

    deliver(commit, reply(message, example.group(1)))

    assert outcome() == "played"
    assert played(trio, mover)[-1] == example.group(1)


@pytest.mark.parametrize("seed", [1, 2])
def test_a_malus_target_answers_as_the_email_writes_it(
    alice: User, bob: User, mallory: User, commit: Commit, seed: int
) -> None:
    """A Malus's answer cannot be listed: the email says what the Malus asks and writes an
    answer out, which a reply may send as it is. (X-Games whose bots soon play a Malus.)"""
    config = {"players": 3, "mode": "x-game", "teams": False, "edition": 4}
    game = game_open(creator=alice, name="Long", config=config)
    for user in (bob, mallory):
        game_join(game=game, user=user, token=game.invite_token)
    game_start(game=game, by=alice, rng=random.Random(seed))
    rng = random.Random(seed)
    while True:
        now = store.load(game.pk, "numx")
        assert not RULES.is_terminal(now.state), "no Malus hit anyone in this game"
        mover = min(RULES.awaiting(now.state) - {RULES.chance})
        if type(now.state.pending).__name__ == "MalusResolution":
            break
        action = RULES.bot_action(now.state, mover, rng)
        game_submit(game_id=game.pk, seat=mover, action=action, expected_sequence=now.sequence)
    message = turn_mail_now(game, mover)
    assert "The Malus asks you to " in message.body
    hand = game_view(game, mover)["hands"][mover]
    assert f"You hold {cards(hand)}." in message.body
    example = re.search(r"For example: (resolve.*)$", message.body, re.MULTILINE)
    assert example is not None

    deliver(commit, reply(message, example.group(1)))

    assert outcome() == "played"
    assert played(game, mover)[-1] == example.group(1)


def test_an_html_only_reply_is_read_without_its_quote(trio: Game, commit: Commit) -> None:
    message = turn_mail("bob@example.com")
    deliver(commit, reply(message, "c", html_only=True))
    assert played(trio, 1) == [lettered(message)["C"]]


def test_everyone_picking_at_once_by_reply_moves_the_game_on_and_mails_the_next_player(
    trio: Game, commit: Commit
) -> None:
    # The opening pick is simultaneous: each reply answers the same sequence, and the
    # others' picks (face down) do not make it stale.
    names = ("alice", "bob", "mallory")
    mails = {seat: turn_mail(f"{name}@example.com") for seat, name in enumerate(names)}
    for seat, message in mails.items():
        deliver(commit, reply(message, "A"))
        assert played(trio, seat) == [lettered(message)["A"]]
    trio.refresh_from_db()
    awaited = RULES.awaiting(store.load(trio.pk, "numx").state) - {RULES.chance}
    (next_seat,) = awaited
    nxt = turn_mail(f"{names[next_seat]}@example.com")
    assert find_token(nxt.reply_to).token == ReplyToken(trio.pk, trio.last_sequence, next_seat)


def test_the_next_email_says_the_move_a_reply_played_and_what_it_did(
    trio: Game, commit: Commit
) -> None:
    """Bob plays by email: his next email starts from his own move, so that he reads that
    his reply was played (and what it did: a Maya guess's result, a Block that gives the
    turn back), not a bare "your turn" that looks like his reply was lost. A move made at
    the table is not recounted: the player saw it there."""
    names = ("alice", "bob", "mallory")
    mails = {seat: turn_mail(f"{name}@example.com") for seat, name in enumerate(names)}
    deliver(commit, reply(mails[1], "B", client="apple"))
    for seat in (0, 2):
        now = store.load(trio.pk, "numx")
        pick = next(iter(RULES.legal_actions(now.state, seat)))
        game_submit(game_id=trio.pk, seat=seat, action=pick, expected_sequence=now.sequence)
    commit(lambda: consumers.dispatch(trio.pk))

    by_mail = turn_mail_now(trio, 1).body
    at_the_table = turn_mail_now(trio, 0).body

    picked = cards([lettered(mails[1])["B"].removeprefix("pick ")])
    assert f"Your move by email, and what followed:\n\n- You: pick {picked}." in by_mail
    assert "Since your last move:" not in by_mail
    assert "Your move by email" not in at_the_table and "- You: pick" not in at_the_table
    speaks(User.objects.get(username="bob"), "fr")
    assert "Votre coup par e-mail, et la suite\u00a0:\n\n- Vous\u00a0: choisir " in (
        turn_mail_now(trio, 1).body
    )


def test_the_same_reply_delivered_twice_is_played_once(trio: Game, commit: Commit) -> None:
    raw = reply(turn_mail("bob@example.com"), "A")
    assert deliver(commit, raw) is True
    assert deliver(commit, raw) is False
    assert len(played(trio, 1)) == 1
    assert InboundMail.objects.count() == 1


def test_a_client_that_drops_the_tag_is_followed_through_in_reply_to(
    trio: Game, commit: Commit
) -> None:
    message = turn_mail("bob@example.com")
    deliver(commit, reply(message, "A", to="play@127.0.0.1"), to="play@127.0.0.1")
    assert played(trio, 1) == [lettered(message)["A"]]


# --- Refused replies: nothing written, an answer says why -----------------------------------


def test_a_reply_from_a_player_who_resigned_says_a_bot_has_the_seat(
    trio: Game, commit: Commit
) -> None:
    bob_mail = turn_mail("bob@example.com")
    commit(lambda: resign(game=trio, user=User.objects.get(username="bob")))
    before = Event.objects.filter(game=trio).count()

    deliver(commit, reply(bob_mail, "A"))

    assert Event.objects.filter(game=trio).count() == before
    answer = answer_to("bob@example.com")
    assert "A bot plays this seat to the end" in answer.body
    assert_asks_nothing(answer)


def test_a_reply_to_a_game_called_off_says_so(trio: Game, commit: Commit) -> None:
    alice_mail = turn_mail("alice@example.com")
    commit(lambda: abort(game=trio, user=User.objects.get(username="bob")))
    before = Event.objects.filter(game=trio).count()

    deliver(commit, reply(alice_mail, "A"))

    assert Event.objects.filter(game=trio).count() == before
    answer = answer_to("alice@example.com")
    assert "called off before anybody moved" in answer.body
    assert_asks_nothing(answer)


def assert_asks_nothing(answer: EmailMessage) -> None:
    """An answer about a game the player no longer plays offers no move, no address to
    answer, and promises no mail."""
    assert "Reply to this email" not in answer.body
    assert "we email you when it is your turn" not in answer.body
    assert not answer.reply_to


def test_a_stale_reply_is_refused_with_the_table_as_it_stands_and_a_fresh_address(
    trio: Game, commit: Commit
) -> None:
    for name in ("alice", "bob", "mallory"):
        deliver(commit, reply(turn_mail(f"{name}@example.com"), "A"))
    state = store.load(trio.pk, "numx")
    (mover,) = RULES.awaiting(state.state) - {RULES.chance}
    name = ("alice", "bob", "mallory")[mover]
    old = turn_mail(f"{name}@example.com")
    # The player moves on the table; then the old email's reply arrives.
    action = next(iter(RULES.legal_actions(state.state, mover)))
    commit(
        lambda: game_submit(
            game_id=trio.pk, seat=mover, action=action, expected_sequence=state.sequence
        )
    )
    before = Event.objects.filter(game=trio).count()
    mail.outbox.clear()  # the moves' confirmations
    deliver(commit, reply(old, "A"))

    assert outcome() == "stale"
    assert Event.objects.filter(game=trio).count() == before
    answer = answer_to(f"{name}@example.com")
    # Said without the log's numbers, which count deals and chance as well as moves; the
    # player moved since the email (on the table), and is told that move stands.
    assert "You have moved since this email (that move stands)" in answer.body
    assert not re.search(r"move \d", answer.body)
    assert "Open the table" in answer.body
    assert answer.extra_headers["Auto-Submitted"] == "auto-replied"
    assert answer.extra_headers["In-Reply-To"]


def test_a_forged_token_is_refused_and_writes_nothing(trio: Game, commit: Commit) -> None:
    message = turn_mail("bob@example.com")
    token = find_token(message.reply_to).token
    forged = f"play+{trio.pk}-{token.sequence}-1-{'a' * 16}@127.0.0.1"
    message.reply_to = [forged]
    message.extra_headers = {}

    deliver(commit, reply(message, "A"), to=forged)

    assert outcome() == "forged"
    assert played(trio, 1) == []
    assert "not one of ours" in answer_to("bob@example.com").body


def test_a_forged_token_from_a_stranger_gets_no_answer(trio: Game, commit: Commit) -> None:
    message = turn_mail("bob@example.com")
    message.reply_to = [f"play+{trio.pk}-3-1-{'b' * 16}@127.0.0.1"]
    message.extra_headers = {}
    deliver(commit, reply(message, "A", sender="spammer@example.net"))
    assert outcome() == "forged"
    assert answers() == []


def test_a_reply_from_another_address_than_the_seats_is_refused_without_the_table(
    trio: Game, commit: Commit
) -> None:
    message = turn_mail("bob@example.com")
    deliver(commit, reply(message, "A", sender="mallory@example.com"))
    assert outcome() == "wrong-sender"
    assert played(trio, 1) == []
    answer = answer_to("mallory@example.com")
    assert "another address" in answer.body
    assert "Open the table" not in answer.body and "Friday" not in answer.body


@pytest.mark.parametrize("language", ["en", "fr"])
def test_a_reply_from_an_address_of_no_member_is_told_to_the_seats_player(
    bob: User, trio: Game, commit: Commit, language: str
) -> None:
    """Bob answers from his phone's other account, an address the site does not know.
    Failed before: nothing was played and nobody was told, so Bob waited for a game that
    waited for him. Now Bob learns it at the address the game mails him at, in his
    language, with the table and a reply address to answer from there."""
    speaks(bob, language)
    message = turn_mail_now(trio, 1)
    deliver(commit, reply(message, "A", sender="bob.phone@example.net"))
    assert outcome() == "wrong-sender" and played(trio, 1) == []
    assert answers("bob.phone@example.net") == []
    answer = answer_to("bob@example.com")
    said = {
        "en": "A reply to this game came from bob.phone@example.net, which is no address "
        "of your account: nothing was played.",
        "fr": "Une réponse à cette partie est venue de bob.phone@example.net, qui n’est "
        "pas une adresse de votre compte\u00a0: rien n’a été joué.",
    }[language]
    assert said in re.sub(r"[ \n]+", " ", str(answer.body))
    assert lettered(answer) == lettered(message)
    assert find_token(answer.reply_to).token == ReplyToken(trio.pk, trio.last_sequence, 1)


def test_a_reply_without_a_move_is_refused_with_the_moves(trio: Game, commit: Commit) -> None:
    message = turn_mail("bob@example.com")
    deliver(commit, reply(message, "Thanks, I will think about it"))
    assert outcome() == "not-a-move"
    answer = answer_to("bob@example.com")
    assert "is no move we can read" in answer.body
    assert lettered(answer) == lettered(message)


@pytest.mark.parametrize(
    ("written", "why"),
    [
        ("play red-99", "«\u00a0red-99\u00a0»\u00a0: les cartes numérotées vont de 0 à 16"),
        ("Z", "aucun coup ne porte la lettre Z"),
        ("B ou C\u00a0?", "elle nomme plus d’un coup"),
    ],
)
def test_a_reply_that_cannot_be_read_is_answered_with_why_in_the_players_language(
    bob: User, trio: Game, commit: Commit, written: str, why: str
) -> None:
    """Failed before: only "is no move we can read", and the player could not tell what
    to change (a card that does not exist, a letter the mail did not offer)."""
    speaks(bob, "fr")
    deliver(commit, reply(turn_mail("bob@example.com"), written, language="fr"))
    assert outcome() == "not-a-move"
    answer = answer_to("bob@example.com").body
    assert f"n’est pas un coup que nous savons lire ({why})\u00a0: rien n’a été joué." in answer


def test_a_sentence_is_answered_without_a_reason_about_its_first_word(
    trio: Game, commit: Commit
) -> None:
    """The notation's "unknown action" would only name the sentence's first word."""
    deliver(commit, reply(turn_mail("bob@example.com"), "Thanks, I will think about it"))
    answer = answer_to("bob@example.com").body
    assert "“Thanks, I will think about it” is no move we can read: nothing was played." in answer


@pytest.mark.parametrize(
    ("language", "written", "said"),
    [
        ("en", "I resign.", "A reply cannot resign you"),
        ("en", "I give up, sorry!", "A reply cannot resign you"),
        ("fr", "J'abandonne", "Une réponse ne peut pas vous faire abandonner"),
        ("fr", "je déclare forfait, désolé", "Une réponse ne peut pas vous faire abandonner"),
    ],
)
def test_a_reply_that_resigns_is_answered_with_the_link_that_asks_first(
    bob: User, trio: Game, commit: Commit, language: str, written: str, said: str
) -> None:
    """Failed before: "is no move we can read" and the moves, as if the player had
    mistyped one; they could not tell how to resign. The site asks before resigning
    anybody: the answer links to that question, one click away."""
    speaks(bob, language)
    deliver(commit, reply(turn_mail_now(trio, 1), written, language=language))
    assert outcome() == "not-a-move" and played(trio, 1) == []
    assert not trio.seats.get(number=1).resigned
    answer = answer_to("bob@example.com").body
    assert said in answer
    link = re.search(r"http\S+next=/games/(\d+)/resign/", answer)
    assert link is not None and int(link.group(1)) == trio.pk
    # In the HTML mail, a link one clicks.
    (html, _type), *_others = answer_to("bob@example.com").alternatives
    hrefs = re.findall(r'<a href="([^"]+)"', str(html))
    assert link.group(0) in [unquote(unescape(href)) for href in hrefs]


def test_an_illegal_move_is_refused_with_the_rule_in_the_players_language(
    bob: User, trio: Game, commit: Commit
) -> None:
    speaks(bob, "fr")
    deliver(commit, reply(turn_mail("bob@example.com"), "pass"))
    assert outcome() == "illegal"
    assert played(trio, 1) == []
    answer = answer_to("bob@example.com")
    assert "Votre réponse «\u00a0pass\u00a0» n’a pas été jouée. Coup refusé\u00a0: " in answer.body
    assert "/rules/numx/#rule-" in answer.body


def test_a_refused_reply_says_by_when_to_move_as_the_turn_mail_did(
    trio: Game, commit: Commit
) -> None:
    """Failed before: the answer to a refused reply gave the moves again and a new address,
    but not the "Move by" of the mail it answered, which a player near their deadline needs
    most."""
    Game.objects.filter(pk=trio.pk).update(move_deadline=timedelta(days=1))
    deliver(commit, reply(turn_mail("bob@example.com"), "pass"))
    assert outcome() == "illegal"
    assert "Move by " in answer_to("bob@example.com").body


@pytest.mark.parametrize(
    "headers",
    [
        {"Auto-Submitted": "auto-replied"},
        {"Precedence": "bulk"},
        {"X-Autoreply": "yes"},
    ],
)
def test_automatic_replies_are_ignored_and_never_answered(
    trio: Game, commit: Commit, headers: dict[str, str]
) -> None:
    deliver(commit, reply(turn_mail("bob@example.com"), "A", headers=headers))
    assert outcome() == "ignored"
    assert played(trio, 1) == [] and answers() == []


def test_our_own_answer_coming_back_is_ignored(trio: Game, commit: Commit) -> None:
    deliver(commit, reply(turn_mail("bob@example.com"), "nonsense"))
    answer = answer_to("bob@example.com")
    # A forwarding rule sends it back to the reply address.
    deliver(commit, reply(answer, "A", sender="numx@localhost"))
    assert outcome() == "ignored"
    assert answers() == [answer]


def test_answers_to_one_address_stop_at_the_hours_allowance(
    trio: Game, commit: Commit, settings: object
) -> None:
    settings.NUMX_REPLY_ANSWERS_PER_HOUR = 2  # type: ignore[attr-defined]
    message = turn_mail("bob@example.com")
    for _ in range(4):
        deliver(commit, reply(message, "nonsense"))
    assert len(answers("bob@example.com")) == 2
    assert Answer.objects.count() == 2
    assert InboundMail.objects.filter(outcome="not-a-move").count() == 4


def test_moves_played_by_reply_never_spend_the_hours_answers(
    trio: Game, commit: Commit, settings: object
) -> None:
    """Bob plays a fast game by email, more moves in the hour than the answers it allows:
    each is played and confirmed, and a reply after them that plays nothing is still
    answered. A move played counts nothing, and its confirmation is held back by no
    allowance."""
    settings.NUMX_REPLY_ANSWERS_PER_HOUR = 2  # type: ignore[attr-defined]
    while len(played(trio, 1)) < 4:
        others_until_awaited(trio, 1, commit)
        message = turn_mail("bob@example.com")
        sequence = store.load(trio.pk, "numx").sequence
        assert find_token(message.reply_to).token.sequence == sequence  # type: ignore[union-attr]
        deliver(commit, reply(message, "A"))
        assert outcome() == "played"
    confirmed = answers("bob@example.com")
    assert len(confirmed) == 4 and all("Your reply was played" in m.body for m in confirmed)
    asked = turn_mail("bob@example.com")
    mail.outbox.clear()
    deliver(commit, reply(asked, "nonsense"))
    assert outcome() != "played"
    assert "nothing" in answer_to("bob@example.com").body


def test_answers_to_stale_replies_never_spend_those_of_replies_to_the_latest_mail(
    trio: Game, commit: Commit, settings: object
) -> None:
    """Bob answers his mail, then answers the same mail again and again (a client that
    sends twice, a player who forgot): those stale replies are answered up to the hour's
    allowance. His reply to his next mail, which plays nothing, is still answered: stale
    answers have an allowance of their own. Failed before: it spent the same one, and Bob,
    answering the mail that asked his move, heard nothing."""
    settings.NUMX_REPLY_ANSWERS_PER_HOUR = 2  # type: ignore[attr-defined]
    first = turn_mail("bob@example.com")
    deliver(commit, reply(first, "A"))
    mail.outbox.clear()  # its confirmation
    for _ in range(3):
        deliver(commit, reply(first, "B"))
        assert outcome() == "stale"
    assert len(answers("bob@example.com")) == 2
    others_until_awaited(trio, 1, commit)
    deliver(commit, reply(turn_mail("bob@example.com"), "nonsense"))
    assert outcome() == "not-a-move"
    latest = answers("bob@example.com")
    assert len(latest) == 3 and "“nonsense” is no move we can read" in latest[-1].body


def others_until_awaited(game: Game, seat: int, commit: Commit) -> None:
    """The other seats move (as bots) until the game awaits ``seat``; the worker reacts."""
    rng = random.Random(3)
    while True:
        now = store.load(game.pk, "numx")
        awaited = sorted(RULES.awaiting(now.state) - {RULES.chance})
        if seat in awaited:
            return
        mover = awaited[0]
        action = RULES.bot_action(now.state, mover, rng)
        commit(
            lambda mover=mover, action=action, now=now: (
                game_submit(
                    game_id=game.pk, seat=mover, action=action, expected_sequence=now.sequence
                ),
                consumers.dispatch(game.pk),
            )
        )


# --- The provider's webhook ------------------------------------------------------------------

SECRET = "numx:webhook-secret"


@pytest.fixture
def webhook(settings: object) -> Callable[..., object]:
    """Post to the Postmark inbound webhook, as Postmark does (its JSON, with the raw
    mail when "include raw email content" is on), with the shared secret."""
    settings.ANYMAIL = {"WEBHOOK_SECRET": SECRET}  # type: ignore[attr-defined]

    def post(body: bytes | str, auth: str = SECRET, provider: str = "postmark") -> object:
        return Client().post(
            f"/notifications/inbound/{provider}/",
            data=body,
            content_type="application/json",
            HTTP_AUTHORIZATION="Basic " + base64.b64encode(auth.encode()).decode(),
        )

    return post


def postmark(raw: bytes, to: str) -> str:
    return json.dumps(
        {
            "RawEmail": raw.decode(),
            "OriginalRecipient": to,
            "Headers": [{"Name": "Return-Path", "Value": "<bob@example.com>"}],
        }
    )


def test_a_reply_posted_by_the_providers_webhook_is_played(
    trio: Game, commit: Commit, webhook: Callable[..., object]
) -> None:
    message = turn_mail("bob@example.com")
    raw = reply(message, "B", client="outlook")
    response = commit(lambda: webhook(postmark(raw, message.reply_to[0])))
    assert response.status_code == 200  # type: ignore[attr-defined]
    assert played(trio, 1) == [lettered(message)["B"]]
    # The provider posts it again (it does when unsure of the first): played once.
    assert commit(lambda: webhook(postmark(raw, message.reply_to[0]))).status_code == 200  # type: ignore[attr-defined]
    assert len(played(trio, 1)) == 1


@pytest.mark.parametrize("body", [b"not json", b"[]", b'{"RawEmail": 12}', b'{"Headers": 3}'])
def test_a_post_that_is_no_providers_is_a_400_and_keeps_nothing(
    trio: Game, webhook: Callable[..., object], body: bytes
) -> None:
    assert webhook(body).status_code == 400  # type: ignore[attr-defined]
    assert InboundMail.objects.count() == 0


@pytest.mark.parametrize("body", [b"{}", b'{"RawEmail": "\\u0000"}', b'{"RawEmail": "B"}'])
def test_a_providers_post_of_no_reply_is_kept_and_ignored(
    trio: Game, commit: Commit, webhook: Callable[..., object], body: bytes
) -> None:
    assert commit(lambda: webhook(body)).status_code == 200  # type: ignore[attr-defined]
    assert InboundMail.objects.get().outcome == "ignored"  # no sender: nobody to answer
    assert played(trio, 1) == [] and answers() == []


def test_the_webhook_refuses_a_wrong_secret_and_is_off_without_one(
    trio: Game, webhook: Callable[..., object], settings: object
) -> None:
    raw = reply(turn_mail("bob@example.com"), "A")
    body = postmark(raw, "play@127.0.0.1")
    assert webhook(body, auth="numx:guess").status_code == 400  # type: ignore[attr-defined]
    assert webhook(body, provider="nosuchmail").status_code == 404  # type: ignore[attr-defined]
    settings.ANYMAIL = {}  # type: ignore[attr-defined]
    assert webhook(body).status_code == 404  # type: ignore[attr-defined]
    assert InboundMail.objects.count() == 0


def test_a_reply_from_another_verified_address_of_the_player_is_played(
    bob: User, trio: Game, commit: Commit
) -> None:
    EmailAddress.objects.create(user=bob, email="bob@work.example", verified=True)
    EmailAddress.objects.create(user=bob, email="bob@old.example", verified=False)
    message = turn_mail("bob@example.com")
    deliver(commit, reply(message, "A", sender="bob@old.example"))
    assert outcome() == "wrong-sender" and played(trio, 1) == []
    deliver(commit, reply(message, "A", sender="Bob@Work.example"))
    assert played(trio, 1) == [lettered(message)["A"]]


@pytest.mark.parametrize(
    "written",
    [
        "{move}",
        "{Move}.",
        "{move}!",
        "{letter} please",
        "({letter})",
        # A greeting above the move, as one writes to friends, and thanks with a name below.
        "Hi all,\n\n{letter}\n\nThanks!\nBob",
        "Bonjour à tous !\n{move}\n\nMerci,\nBob",
        "Hello\n\n{Move}",
        # Thanks on the move's own line, and a choice said as a sentence: failed before.
        "{move}, thanks!",
        "{Move}, thank you.",
        "{move}, merci\u00a0!",
        "{move} merci beaucoup",
        "I choose {LETTER}",
        "I'll take {LETTER}.",
        "Je choisis {LETTER}",
        "je prends ({LETTER}), merci !",
    ],
)
def test_a_move_as_a_phone_or_a_polite_player_writes_it_is_read(
    trio: Game, commit: Commit, written: str
) -> None:
    message = turn_mail("bob@example.com")
    letter, move = next(iter(lettered(message).items()))
    line = written.format(move=move, Move=move.capitalize(), letter=letter.lower(), LETTER=letter)
    deliver(commit, reply(message, line, client="apple"))
    assert played(trio, 1) == [move]


@pytest.mark.parametrize("language", ["en", "fr"])
def test_a_move_in_the_emails_words_followed_by_thanks_is_played(
    bob: User, trio: Game, commit: Commit, language: str
) -> None:
    """ "choisir rouge 8, merci !", "pick red 8, thanks": the thanks are no part of the
    move. Failed before: refused as no move."""
    speaks(bob, language)
    message = turn_mail_now(trio, 1)
    found = re.search(r"^  C  (.+?)\u00a0?: (.+)$", str(message.body), re.MULTILINE)
    assert found is not None
    notation, words = found.groups()
    thanks = ", thanks" if language == "en" else ", merci\u00a0!"

    deliver(commit, reply(message, words + thanks, language=language))

    assert outcome() == "played"
    assert played(trio, 1) == [notation]


@pytest.mark.parametrize(
    "written",
    [
        "I choose B or C",
        "Je choisis B, C",
        "I choose, thanks",
        "thanks B",
        # Undecided, said with the letters alone: failed before, the first was played.
        "B or C?",
        "B ou C\u00a0?",
        "B, C",
        "B / C",
        "(B) or (C)",
    ],
)
def test_a_choice_that_names_no_single_move_is_refused_with_the_moves(
    trio: Game, commit: Commit, written: str
) -> None:
    message = turn_mail("bob@example.com")
    deliver(commit, reply(message, written))
    assert outcome() == "not-a-move" and played(trio, 1) == []
    assert lettered(answer_to("bob@example.com")) == lettered(message)


@pytest.mark.parametrize(
    "written",
    [
        "Hi all, {second}\nA great game so far!",
        "Salut Marc, je joue {second}\nA demain",
        "Hello Anna, {first_word}\nA game to remember",
        "Bonjour, 8\nA plus",
    ],
)
def test_a_move_written_on_the_greetings_line_is_never_read_from_the_line_below(
    trio: Game, commit: Commit, written: str
) -> None:
    """Failed before: the greeting's line was left out whole, the move on it too, and the
    line below, beginning with a word of one letter, played the mail's move A."""
    message = turn_mail("bob@example.com")
    (_a, first), (second, _move), *_more = lettered(message).items()
    line = written.format(second=second, first_word=first.split()[0])
    deliver(commit, reply(message, line))
    assert outcome() == "not-a-move" and played(trio, 1) == []


def test_a_reply_with_nul_bytes_in_its_headers_and_body_is_still_judged(
    trio: Game, commit: Commit
) -> None:
    raw = reply(turn_mail("bob@example.com"), "nonsense")
    raw = raw.replace(b"Subject: Re:", b"Subject: Re:\0").replace(
        b"Message-ID: <", b"Message-ID: <\0"
    )
    deliver(commit, raw.replace(b"nonsense", b"non\0sense"))
    assert outcome() == "not-a-move"
    assert "Re:" in answer_to("bob@example.com").subject


def test_a_reply_from_an_address_of_no_member_is_told_under_the_sites_own_subject(
    bob: User, trio: Game, commit: Commit
) -> None:
    """Failed before: the mail to the player took the stranger's subject, so whoever holds
    a reply address could mail a player, from the site, under any subject they chose."""
    message = turn_mail_now(trio, 1)
    raw = reply(message, "A", sender="stranger@example.net")
    raw = re.sub(rb"(?m)^Subject: .*$", b"Subject: You won a prize, click here", raw)
    deliver(commit, raw)
    answer = answer_to("bob@example.com")
    assert "prize" not in answer.subject
    assert trio.display_name in answer.subject
