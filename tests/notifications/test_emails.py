"""Which emails go to whom after each kind of event, what they say, where they lead."""

import re
from collections.abc import Callable
from datetime import timedelta
from smtplib import SMTPException
from typing import Any
from unittest import mock

import pytest
from celery.exceptions import Retry
from django.contrib.auth.models import User
from django.core import mail
from django.core.cache import cache
from django.test import Client
from django.utils import timezone, translation

from accounts.models import profile_of
from games import deadlines
from games.engine.numx import legal_actions
from games.events import consumers, store
from games.models import Game, GameMute, Seat, StandingOrder
from games.registry import rule_set
from games.rulesets.numx.descriptions import cards
from games.selectors import game_view
from games.services import game_submit, set_standing_orders
from notifications.consumer import _mail_stands
from notifications.emails import compose
from notifications.models import Notification
from notifications.reply_moves import reply_moves
from notifications.tasks import send_notification
from tests.members import speaks

from .conftest import sent_to, turn_mail_now

pytestmark = pytest.mark.django_db

Commit = Callable[[Callable[[], object]], object]


def move(
    game: Game, seat: int, commit: Commit, choose: Callable[[list], object] | None = None
) -> None:
    """``seat`` makes a legal move (the first, or ``choose``'s), then the worker reacts."""

    def work() -> None:
        loaded = store.load(game.pk, game.rules)
        moves = list(legal_actions(loaded.state, seat))
        action = choose(moves) if choose else moves[0]
        game_submit(game_id=game.pk, seat=seat, action=action, expected_sequence=loaded.sequence)
        consumers.dispatch(game.pk)

    commit(work)


def all_pick(game: Game, commit: Commit) -> None:
    for seat in (0, 1, 2):
        move(game, seat, commit)


def test_everyone_learns_the_game_waits_for_their_opening_pick(trio: Game) -> None:
    assert sorted(address for m in mail.outbox for address in m.to) == [
        "alice@example.com",
        "bob@example.com",
        "mallory@example.com",
    ]
    message = sent_to("bob@example.com")[0]
    assert "Friday" in message.subject and "your turn" in message.subject
    assert "opening pick" in message.body
    html = message.alternatives[0][0]  # type: ignore[index]
    assert "Open the table" in html


def test_the_player_who_just_moved_and_those_already_told_get_nothing(
    trio: Game, commit: Commit
) -> None:
    mail.outbox.clear()
    move(trio, 0, commit)
    assert mail.outbox == []


def test_after_the_picks_only_the_first_player_is_told_it_is_their_turn(
    trio: Game, commit: Commit
) -> None:
    mail.outbox.clear()
    all_pick(trio, commit)
    starter = store.load(trio.pk, trio.rules).state.turn  # type: ignore[attr-defined]
    expected = [] if starter == 2 else [["alice", "bob", "mallory"][starter] + "@example.com"]
    assert [m.to[0] for m in mail.outbox] == expected


def reminder_sent(game: Game, username: str, sequence: int) -> mail.EmailMessage:
    """The reminder ``username`` is sent for ``game`` at ``sequence``, the only mail sent."""
    mail.outbox.clear()
    recipient = User.objects.get(username=username)
    reminder = Notification.objects.create(
        game=game, sequence=sequence, recipient=recipient, kind="reminder"
    )
    send_notification(reminder.pk)
    (sent,) = mail.outbox
    return sent


def test_the_last_to_pick_reads_the_others_picks_once_they_are_shown(
    trio: Game, commit: Commit
) -> None:
    """Alice and Bob picked before Mallory, face down: the mail she gets next is the first
    to say which cards they picked, as the score rows show them once every pick is in."""
    all_pick(trio, commit)
    state = store.load(trio.pk, trio.rules).state
    sent = reminder_sent(trio, "mallory", trio.last_sequence)
    for seat, name in ((0, "alice"), (1, "bob")):
        (picked,) = state.rows[seat]  # type: ignore[attr-defined]
        assert f"Now revealed \u2014 {name}: " in sent.body
        assert cards([str(picked.card)]) in sent.body.split(f"Now revealed \u2014 {name}: ")[1]


def test_an_email_recounts_what_happened_and_links_to_the_table_logged_in(
    trio: Game, commit: Commit
) -> None:
    move(trio, 0, commit)
    move(trio, 1, commit)
    email = reminder_sent(trio, "mallory", trio.last_sequence + 2)
    # Mallory has not moved yet: the recap is the game so far, not "since your last move".
    assert "So far:\n" in email.body and "Since your last move" not in email.body
    assert "alice: pick a hidden card." in email.body  # picks stay secret until all are in
    link = re.search(r"(/notifications/games/\d+/link/\?sesame=\S+)", email.body)
    assert link, email.body
    page = Client().get(link.group(1), follow=True)
    assert page.redirect_chain[-1][0] == f"/games/{trio.pk}/"
    assert "Your turn." in page.content.decode()
    # Alice has moved: her mail counts from her move.
    theirs = reminder_sent(trio, "alice", trio.last_sequence + 2)
    assert "Since your last move:\n\n- bob: pick a hidden card." in theirs.body


def test_every_game_email_prints_the_head_of_the_games_chain_in_its_footer(
    trio: Game, commit: Commit
) -> None:
    """Each inbox keeps a witness of the log as it was: the event number and the start of
    its link, the line ``manage.py numx verify --witness`` takes back."""
    move(trio, 0, commit)
    trio.refresh_from_db()
    email = reminder_sent(trio, "mallory", trio.last_sequence)
    head = store.head(trio.pk, trio.last_sequence)
    assert head is not None and len(head.short) == 12
    line = f"Game log: event {trio.last_sequence}, chain head {head.short}"
    assert email.body.rstrip().endswith(line)
    html, _kind = email.alternatives[0]
    assert line in str(html)
    speaks(User.objects.get(username="mallory"), "fr")
    french = reminder_sent(trio, "mallory", trio.last_sequence + 1)
    assert f"tête de chaîne {head.short}" in french.body


def test_no_email_twice_for_the_same_event_even_when_the_task_is_retried(trio: Game) -> None:
    notification = Notification.objects.filter(recipient__username="bob").first()
    assert notification is not None and notification.sent_at is not None
    count = len(mail.outbox)
    assert send_notification(notification.pk) is False
    consumers.dispatch(trio.pk)
    assert len(mail.outbox) == count


def test_a_failed_send_is_retried_and_then_sent_once(trio: Game, commit: Commit) -> None:
    bob = User.objects.get(username="bob")
    notification = Notification.objects.create(
        game=trio, sequence=99, recipient=bob, kind="your-turn"
    )
    mail.outbox.clear()
    with (
        mock.patch(
            "django.core.mail.EmailMultiAlternatives.send", side_effect=SMTPException("down")
        ),
        pytest.raises(Retry),
    ):  # Celery schedules another attempt
        send_notification.apply(args=(notification.pk,), throw=True)
    notification.refresh_from_db()
    assert notification.sent_at is None and mail.outbox == []
    assert send_notification.apply(args=(notification.pk,)).get() is True
    assert send_notification.apply(args=(notification.pk,)).get() is False
    assert len(mail.outbox) == 1


def test_emails_speak_the_recipients_language(bob: User, trio: Game, commit: Commit) -> None:
    speaks(bob, "fr")
    notice = Notification.objects.create(game=trio, sequence=50, recipient=bob, kind="your-turn")
    mail.outbox.clear()
    send_notification(notice.pk)
    (message,) = mail.outbox
    with translation.override("fr"):
        french = translation.gettext("%(game)s: your turn") % {"game": "Friday"}
    assert message.subject == french and "your turn" not in message.subject


def test_every_email_has_a_one_click_unsubscribe(trio: Game, client: Client) -> None:
    message = sent_to("bob@example.com")[0]
    header = message.extra_headers["List-Unsubscribe"].strip("<>")
    assert message.extra_headers["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    path = header.split("://", 1)[1].split("/", 1)[1]
    asked = client.get("/" + path)
    assert asked.status_code == 200
    # The page says which emails it stops: failed before, it asked "Stop these emails?"
    # of a player who had followed the link from a mail client, which showed no more.
    assert "the emails that tell you it is your turn, in every game" in asked.content.decode()
    assert profile_of(User.objects.get(username="bob")).email_your_turn
    client.post("/" + path)
    assert not profile_of(User.objects.get(username="bob")).email_your_turn
    assert client.post("/notifications/unsubscribe/forged/").status_code == 400


def test_preferences_and_mutes_silence_emails(
    bob: User, mallory: User, trio: Game, commit: Commit
) -> None:
    profile = profile_of(bob)
    profile.email_your_turn = False
    profile.save()
    GameMute.objects.create(user=mallory, game=trio)
    game = Game.objects.get(pk=trio.pk)
    game.refresh_from_db()
    from notifications.consumer import owe

    mail.outbox.clear()
    commit(
        lambda: owe(
            game,
            [
                (77, bob.pk, "your-turn"),
                (77, mallory.pk, "your-turn"),
                (77, User.objects.get(username="alice").pk, "your-turn"),
            ],
        )
    )
    assert [m.to for m in mail.outbox] == [["alice@example.com"]]


@pytest.mark.parametrize("said_no", [False, True], ids=["by-default", "after-saying-no"])
def test_the_rainbow_holder_hears_of_a_chance_to_complete_out_of_turn_unless_they_said_no(
    trio: Game, commit: Commit, said_no: bool
) -> None:
    all_pick(trio, commit)
    rules = rule_set(trio.rules)
    state = store.load(trio.pk, trio.rules).state
    starter = state.turn  # type: ignore[attr-defined]

    def completers_after(play: object) -> frozenset[int]:
        after = rules.apply(state, starter, play)
        return rules.to_act(after) - rules.awaiting(after)

    play = next((p for p in legal_actions(state, starter) if completers_after(p)), None)
    assert play is not None, "the trio's deal must give a lead a Rainbow can complete"
    (holder,) = completers_after(play)
    (next_seat,) = rules.awaiting(rules.apply(state, starter, play))
    names = ["alice", "bob", "mallory"]
    if said_no:
        commit(
            lambda: set_standing_orders(
                game=trio, seat=holder, kinds={StandingOrder.Kind.NO_COMPLETION}
            )
        )
    mail.outbox.clear()

    move(trio, starter, commit, choose=lambda moves: play)

    assert [m.subject for m in sent_to(f"{names[holder]}@example.com")] == (
        [] if said_no else ["Friday: you may play out of turn"]
    )
    # Saying no to completing silences that one chance, not the game's turns.
    assert [m.subject for m in sent_to(f"{names[next_seat]}@example.com")] == ["Friday: your turn"]


def test_the_end_of_the_game_is_emailed_with_scores_and_the_replay(
    trio: Game, commit: Commit
) -> None:
    import random

    from games.bots import play_bot_move

    rng = random.Random(1)
    mail.outbox.clear()
    # Bob was absent once: the deadline policy moved for him, and the result says so.
    Seat.objects.filter(game=trio, number=1).update(timeouts=1)
    while Game.objects.get(pk=trio.pk).status != Game.Status.FINISHED:
        commit(lambda: (play_bot_move(trio, rng), consumers.dispatch(trio.pk)))
    endings = [m for m in mail.outbox if "is over" in m.subject]
    assert sorted(m.to[0] for m in endings) == [
        "alice@example.com",
        "bob@example.com",
        "mallory@example.com",
    ]
    assert f"/games/{trio.pk}/replay/" in endings[0].body.replace("%2F", "/")
    assert "winner" in endings[0].body
    assert "bob: " in endings[0].body and "(1 move made for them)" in endings[0].body
    # The winners by name, and each score line by line, as the table's final scores say.
    finished = Game.objects.get(pk=trio.pk)
    winners = [s.name for s in finished.seats.filter(winner=True)]
    # The winner reads that they won: failed before, their own mail named them ("Won by
    # alice." to alice).
    for ending in endings:
        reader = ending.to[0].split("@")[0]
        said = "Won by you." if reader in winners else f"Won by {winners[0]}."
        assert said in ending.body, (reader, winners)
    assert endings[0].body.count("Made of: ") == 3  # one line per player
    assert "🏆" not in endings[0].alternatives[0][0]  # type: ignore[index]
    rules = rule_set(finished.rules)
    outcome = rules.outcome(store.load(finished.pk, finished.rules).state)
    assert outcome is not None
    site = finished.game_type.site
    # A rule that gave nobody a point is left out, as the score sheet leaves out its
    # column: failed before, "no value: 0, no value: 0" (a line per card of no value) said
    # nothing of what it counted.
    every = [line for sheet in outcome.breakdown for line in sheet]
    nothing = {
        site.describe_score_line(line.rule)
        for line in every
        if not any(other.points for other in every if other.rule == line.rule)
    }
    assert "no value" in nothing, "a card of no value in a score row"
    for rule in nothing:
        assert f"{rule}: 0" not in endings[0].body, rule
    # Each line's rule, then its points after a colon: failed before, when a rule that ends
    # in a number read as one with its points ("tiles on level 1 1", NMBR 9's).
    for line in outcome.breakdown[0]:
        if site.describe_score_line(line.rule) not in nothing:
            assert f"{site.describe_score_line(line.rule)}: {line.points}" in endings[0].body
    # In French, a score follows its player after a no-break space and a colon.
    speaks(User.objects.get(username="bob"), "fr")
    ending = Notification.objects.get(recipient__username="bob", kind="game-end")
    french = compose(ending).body
    assert "- bob\u00a0: " in french and "- bob: " not in french
    with translation.override("fr"):
        first = site.describe_score_line(next(ln for ln in outcome.breakdown[0] if ln.points).rule)
    assert f"{first}\u00a0: " in french
    # Each line of the colour rule names its colour, in the game's words for the colours:
    # failed before, "couleur : 15, couleur : 5" said which was which nowhere.
    colour_lines = [line for sheet in outcome.breakdown for line in sheet if "colour" in line.rule]
    assert colour_lines, "the game scored by colour"
    assert "couleur\u00a0: " not in french
    with translation.override("fr"):
        for line in colour_lines:
            assert re.fullmatch(
                r"couleur \((bleu|rouge|jaune|vert|Rainbow)\)", site.describe_score_line(line.rule)
            )


def test_the_html_end_of_game_keeps_a_winners_notes_apart(trio: Game, commit: Commit) -> None:
    """Failed before: the HTML email's last cell ran its notes together, "winner 3 moves
    made for them" (a winner by 3?), where the text says "(winner) (3 moves made for
    them)"."""
    import random

    from games.bots import play_bot_move

    rng = random.Random(1)
    # Everybody was absent once, so the winner, whoever they are, has both notes.
    Seat.objects.filter(game=trio).update(timeouts=1)
    while Game.objects.get(pk=trio.pk).status != Game.Status.FINISHED:
        commit(lambda: (play_bot_move(trio, rng), consumers.dispatch(trio.pk)))
    (ending, *_others) = [m for m in mail.outbox if "is over" in m.subject]
    page = ending.alternatives[0][0]  # type: ignore[index]
    cells = re.findall(r"<td>([^<]*)</td></tr>", str(page))

    assert "winner · 1 move made for them" in cells
    assert cells.count("1 move made for them") == 2, cells


def at_the_table(user: User, game: Game) -> None:
    """``user`` has the game's page open: it polls (as it does every few seconds)."""
    client = Client()
    client.force_login(user)
    assert client.get(f"/games/{game.pk}/poll/?seq=0").status_code == 200


def test_a_player_at_the_table_gets_no_your_turn_email(
    trio: Game, commit: Commit, alice: User, bob: User
) -> None:
    """The picks' end asks Alice or Bob for the first move (the fixture's deal): whoever it
    is has the table open, and is not emailed."""
    for user in (alice, bob):
        at_the_table(user, trio)
    mail.outbox.clear()

    all_pick(trio, commit)

    starter = store.load(trio.pk, trio.rules).state.turn  # type: ignore[attr-defined]
    assert starter in (0, 1)
    assert mail.outbox == []
    assert Notification.objects.filter(game=trio, kind=Notification.Kind.YOUR_TURN).count() == 3


def test_a_turn_that_came_at_the_table_is_mailed_once_its_player_has_left(
    trio: Game, commit: Commit, alice: User, bob: User
) -> None:
    """Alice and Bob have the table open when the picks end: the starter is not mailed.
    While they stay, the clock's ticks mail nothing; once the starter's look has lapsed
    without a move (they closed the page to come back later), the next tick mails them
    their turn, once: a game played a move a day must not wait for the reminder."""
    for user in (alice, bob):
        at_the_table(user, trio)
    mail.outbox.clear()
    all_pick(trio, commit)
    starter = store.load(trio.pk, trio.rules).state.turn  # type: ignore[attr-defined]
    address = ["alice", "bob"][starter] + "@example.com"
    later = timezone.now() + timedelta(minutes=6)

    assert commit(lambda: deadlines.tick(later))["told_late"] == 0  # type: ignore[index]
    assert mail.outbox == []
    cache.clear()  # the starter's page is closed: their look lapses
    assert commit(lambda: deadlines.tick(later))["told_late"] == 1  # type: ignore[index]
    assert commit(lambda: deadlines.tick(later))["told_late"] == 0  # type: ignore[index]

    (message,) = mail.outbox
    assert message.to == [address] and "your turn" in message.subject


def test_a_player_who_looked_at_the_table_a_while_ago_is_emailed(
    trio: Game, commit: Commit, alice: User, bob: User, settings: Any
) -> None:
    """A look counts for ``NUMX_PRESENCE_MINUTES``: past it, the first player is emailed."""
    settings.NUMX_PRESENCE_MINUTES = 0  # the look is already too old
    for user in (alice, bob):
        at_the_table(user, trio)
    mail.outbox.clear()

    all_pick(trio, commit)

    starter = store.load(trio.pk, trio.rules).state.turn  # type: ignore[attr-defined]
    assert [m.to[0] for m in mail.outbox] == [["alice", "bob"][starter] + "@example.com"]


def test_a_turn_email_says_the_players_hand_and_the_pli_on_top(trio: Game, commit: Commit) -> None:
    """A player who plays by email sees their cards nowhere else: the mail says the hand
    and the pli to beat, not only the moves it allows."""
    all_pick(trio, commit)
    starter = store.load(trio.pk, trio.rules).state.turn  # type: ignore[attr-defined]
    move(trio, starter, commit, lambda moves: next(m for m in moves if str(m).startswith("play ")))
    rules = rule_set("numx")
    (nxt,) = rules.awaiting(store.load(trio.pk, trio.rules).state) - {rules.chance}
    body = turn_mail_now(trio, nxt).body
    view = game_view(trio, nxt)
    assert f"You hold {cards(view['hands'][nxt])}." in body
    assert f"The pli on top: {cards(view['plis'][-1]['cards'])}." in body
    # The table shows them as cards: its status line keeps to what the moment asks.
    client = Client()
    client.force_login(User.objects.get(username=["alice", "bob", "mallory"][nxt]))
    page = client.get(f"/games/{trio.pk}/").content.decode()
    status = re.search(r'<p class="status" role="status">(.*?)</p>', page, re.S)
    assert status is not None and "Lay a pli" in status.group(1)
    assert "You hold" not in status.group(1) and "The pli on top" not in status.group(1)


def test_a_turn_email_lists_every_score_row_numbered_as_the_moves_name_them(
    trio: Game, commit: Commit
) -> None:
    """The opening picks become face-up score cards: the first player's mail says each
    one, the reader's own as "you", numbered from 1 as "take back score card 1" counts."""
    all_pick(trio, commit)
    state = store.load(trio.pk, trio.rules).state
    starter = state.turn  # type: ignore[attr-defined]
    names = ["alice", "bob", "mallory"]
    body = turn_mail_now(trio, starter).body
    view = game_view(trio, starter)
    assert "Score rows:" in body
    for seat, name in enumerate(names):
        (picked,) = view["rows"][seat]
        who = "you" if seat == starter else name
        assert f"- {who}: 1 {cards([picked['card']])}\n" in body
    speaks(User.objects.get(username=names[starter]), "fr")
    french = turn_mail_now(trio, starter).body
    assert "Zones de score\u00a0:" in french and "- vous\u00a0: 1 " in french


def test_a_turn_email_says_the_moves_as_written_count_score_cards_from_0(
    trio: Game, commit: Commit
) -> None:
    """Failed before: the mail numbered the score cards from 1, as the moves' words do,
    beside moves written "take 0: …" for the card it numbered 1, and did not say why: a
    player writing "take 1: …" after the number they read took back another card, or
    none. The notation stays as the API's clients send it; the mail says how it counts,
    once the reader has a score card to name."""
    opening = sent_to("bob@example.com")[0].body
    assert "score cards count from 0" not in opening  # nothing in the row to name yet
    all_pick(trio, commit)
    starter = store.load(trio.pk, trio.rules).state.turn  # type: ignore[attr-defined]
    (picked,) = game_view(trio, starter)["rows"][starter]
    body = turn_mail_now(trio, starter).body
    card = cards([picked["card"]])
    take = f"take 0: play {picked['card']}: take back score card 1 and lay {card}"
    assert f"- you: 1 {card}\n" in body and take in body
    assert (
        "In the moves as written, score cards count from 0 at the left end: take 0 takes "
        "back score card 1." in body
    )
    names = ["alice", "bob", "mallory"]
    speaks(User.objects.get(username=names[starter]), "fr")
    french = turn_mail_now(trio, starter).body
    assert (
        "Dans les coups tels qu’ils s’écrivent, les cartes Score se comptent à partir de 0 "
        "depuis le bout gauche\u00a0: «\u00a0take 0\u00a0» récupère la carte Score "
        "n°\u00a01." in french
    )


def test_a_numx_mail_letters_the_draw_and_the_plain_plis_before_the_action_cards(
    trio: Game, commit: Commit
) -> None:
    """A hand with Action cards multiplies its moves (each pli with each Eclair, each
    Malus target): the letters go to the pass, the plain plis and the draw (a player who
    cannot beat the pli draws), the Action cards after them, not to "play shadow-9 + eclair
    0 0 0" while "draw" has none."""
    all_pick(trio, commit)
    rules = rule_set("numx")
    seen_a_crowd = False
    for _move in range(8):
        now = store.load(trio.pk, "numx")
        (seat,) = rules.awaiting(now.state) - {rules.chance}
        moves = reply_moves(trio, seat)
        listed = {move.notation for move in moves.listed}
        lettered = [move.notation for _letter, move in moves.lettered]
        seen_a_crowd |= len(listed) > 8 and any(" + " in n for n in listed)
        assert "draw" not in listed or "draw" in lettered, lettered
        assert "pass" not in listed or lettered[0] == "pass", lettered
        with_a_card = [" + " in notation for notation in lettered]
        assert with_a_card == sorted(with_a_card), lettered
        move(trio, seat, commit)
    assert seen_a_crowd


def test_an_unanswered_out_of_turn_mail_does_not_hold_back_a_your_turn(
    trio: Game, alice: User
) -> None:
    """A "you may play out of turn" left unanswered does not say the seat must now move:
    when its turn comes, a "your turn" mail is owed all the same, whatever the others'
    moves left of its choice. An unanswered "your turn" that still stands holds back
    another "your turn" (one mail per move owed)."""
    now = store.load(trio.pk, trio.rules)
    Notification.objects.create(
        game=trio, sequence=now.sequence, recipient=alice, kind="out-of-turn"
    )
    assert not _mail_stands(trio, 0, alice.pk, Notification.Kind.YOUR_TURN, now)
    Notification.objects.create(game=trio, sequence=now.sequence, recipient=alice, kind="reminder")
    assert _mail_stands(trio, 0, alice.pk, Notification.Kind.YOUR_TURN, now)
