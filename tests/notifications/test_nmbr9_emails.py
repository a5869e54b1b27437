"""NMBR 9's "your turn" emails: every seat is awaited at once, so each player is mailed the
card to place ("Card 1 of 20 is a 7: place your tile."), in their language; a placement
another player made but the others have not yet matched never shows in a mail."""

import random
import re
from collections.abc import Callable
from datetime import timedelta

import pytest
from django.contrib.auth.models import User
from django.core import mail
from django.utils import timezone, translation

from games import deadlines
from games.descriptions import MINUS
from games.engine.nmbr9 import Nmbr9State, Place, Tile, footprint, settle
from games.engine.nmbr9.positions import arrange
from games.events import consumers, store
from games.lobby import game_join, game_open, game_start
from games.models import Game, Seat
from games.registry import game_type, rule_set
from games.rulesets.nmbr9.descriptions import a_digit, square
from games.services import game_submit
from notifications.models import InboundMail
from tests.members import speaks

from .conftest import sent_to, turn_mail_now
from .replies import reply
from .test_replies import deliver, played

pytestmark = pytest.mark.django_db

Commit = Callable[[Callable[[], object]], object]
NMBR9 = rule_set("nmbr9")


def start(players: list[User], commit: Commit, name: str = "Towers") -> Game:
    game = game_open(creator=players[0], name=name, rules="nmbr9", config={"players": len(players)})
    for user in players[1:]:
        game_join(game=game, user=user, token=game.invite_token)
    commit(
        lambda: (
            game_start(game=game, by=players[0], rng=random.Random(6)),
            consumers.dispatch(game.pk),
        )
    )
    return game


def place(game: Game, seat: int, commit: Commit) -> Place:
    """``seat``'s player places the greedy bot's tile at the table, and the consumers run
    after the commit."""
    loaded = store.load(game.pk, game.rules)
    action = NMBR9.bot_action(loaded.state, seat, random.Random(seat))
    assert isinstance(action, Place)
    player = game.seats.get(number=seat).user
    commit(
        lambda: (
            game_submit(
                game_id=game.pk,
                seat=seat,
                action=action,
                expected_sequence=loaded.sequence,
                actor=player,
            ),
            consumers.dispatch(game.pk),
        )
    )
    return action


def test_every_player_is_mailed_the_card_to_place_at_once(
    alice: User, bob: User, mallory: User, commit: Commit
) -> None:
    game = start([alice, bob, mallory], commit)
    card = store.load(game.pk, game.rules).state.card
    for user in (alice, bob, mallory):
        (message,) = sent_to(user.email)
        assert "Towers" in message.subject and "your turn" in message.subject
        assert f"Card 1 of 20 is {a_digit(card)}: place your tile." in message.body
        assert "Your first tile goes at 0,0, turned as you like." in message.body


def test_a_player_the_clock_placed_for_is_mailed_the_next_card(
    alice: User, bob: User, mallory: User, commit: Commit
) -> None:
    """Failed before: the clock's placement of Mallory's tile, the card's last, counted as
    a move she made at the table and saw: nobody mailed her card 2, and she was away."""
    game = start([alice, bob, mallory], commit)
    place(game, 0, commit)
    place(game, 1, commit)
    mail.outbox.clear()
    commit(lambda: (deadlines.play_for_absent(game, 2), consumers.dispatch(game.pk)))
    now = store.load(game.pk, game.rules).state
    assert now.turned == 2
    for user in (alice, bob, mallory):
        (message,) = sent_to(user.email)
        assert f"Card 2 of 20 is {a_digit(now.card)}: place your tile." in message.body


def test_a_secret_placement_never_shows_in_the_others_mail(
    alice: User, bob: User, mallory: User, commit: Commit
) -> None:
    """Alice places the first two cards before the others; the mail each gets for the
    second card tells what everyone placed on the first, and nothing of Alice's second."""
    game = start([alice, bob, mallory], commit)
    place(game, 0, commit)
    mail.outbox.clear()
    # Nobody is mailed for a card they are already awaited for.
    assert sent_to(bob.email) == [] and sent_to(alice.email) == []
    place(game, 1, commit)
    place(game, 2, commit)
    now = store.load(game.pk, game.rules).state
    assert now.turned == 2
    # The first two were mailed that card 2 is up; Mallory, who turned it by placing last,
    # sees it at once on the page (or in the API's answer) she placed from.
    for user in (alice, bob):
        (message,) = sent_to(user.email)
        assert f"Card 2 of 20 is {a_digit(now.card)}: place your tile." in message.body
    assert sent_to(mallory.email) == []
    mail.outbox.clear()
    second = place(game, 0, commit)
    assert mail.outbox == []  # the others were told of card 2 already
    # A day later Bob is reminded: what happened since his move says Alice placed, not where.
    Seat.objects.filter(game=game, number=1).update(
        awaited_since=timezone.now() - timedelta(hours=25)
    )
    commit(deadlines.tick)
    (reminder,) = sent_to(bob.email)
    assert "still waiting" in reminder.subject
    assert f"alice: place a {second.digit}, where stays secret" in reminder.body
    assert f"alice: place a {second.digit} at {square(second.x, second.y)}" not in reminder.body


def test_the_mail_tells_where_the_others_placed_before_the_player_once_revealed(
    alice: User, bob: User, mallory: User, commit: Commit
) -> None:
    """Alice placed card 1 before Bob, secretly: Bob's mail for card 2 is the first he can
    read where she put it, as the table shows it once every tile is placed."""
    game = start([alice, bob, mallory], commit)
    mail.outbox.clear()
    first = place(game, 0, commit)
    place(game, 1, commit)
    mallorys = place(game, 2, commit)
    (message,) = sent_to(bob.email)
    where = f"alice: place a {first.digit} at {square(first.x, first.y)}"
    assert f"Now revealed \u2014 {where}" in message.body
    # Mallory placed after Bob: hers is told as what followed his move, and only once.
    assert message.body.count(f"mallory: place a {mallorys.digit} at") == 1
    assert "Now revealed \u2014 mallory" not in message.body
    # Alice placed first: what the others placed after her comes as what followed.
    (hers,) = sent_to(alice.email)
    assert "Now revealed" not in hers.body and "bob: place a" in hers.body


def test_the_mail_speaks_french_to_a_french_player(alice: User, bob: User, commit: Commit) -> None:
    for user in (alice, bob):
        speaks(user, "fr")
    mail.outbox.clear()
    game = start([alice, bob], commit, name="Tours")
    card = store.load(game.pk, game.rules).state.card
    (message,) = sent_to(bob.email)
    with translation.override("fr"):
        assert f"La carte 1 sur 20 est un {card}\u00a0: posez votre tuile." in message.body


def test_the_mail_draws_the_players_own_tiles_to_place_the_next_one_by_reply(
    alice: User, bob: User, commit: Commit
) -> None:
    """A player who plays by email sees their stack nowhere else: from the second card on,
    the mail draws it square by square, in the coordinates a placement is written with
    (a negative one with the minus sign, as the table's axis and the mail's squares)."""
    game = start([alice, bob], commit)
    tile = place(game, 0, commit)
    place(game, 1, commit)
    (message,) = [m for m in sent_to(alice.email) if "Card 2 of 20" in m.body]
    assert "Your tiles seen from above" in message.body
    # The HTML part keeps the drawing's columns.
    assert '<pre style="white-space:pre-wrap">Your tiles seen from above' in str(
        message.alternatives[0][0]
    )
    drawn = message.body.split("Your tiles seen from above", 1)[1].splitlines()
    header = next(line for line in drawn if line.startswith("x "))
    # The first tile lies at 0,0: the square of table around it is at -1.
    assert f"{MINUS}1" in header.split()
    columns = [number(x) for x in header.split()[1:]]
    squares = {
        (x, number(line.split()[1]))
        for line in drawn
        if line.startswith("y ")
        for x, cell in zip(columns, line.split()[2:], strict=True)
        if cell == f"{tile.digit}/0"
    }
    assert squares == {(tile.x + dx, tile.y + dy) for dx, dy in footprint(tile.digit, tile.turn)}


def number(written: str) -> int:
    """A coordinate as the mail writes it (U+2212 for a minus), as a number."""
    return int(written.replace(MINUS, "-"))


@pytest.mark.parametrize("cards", [0, 1, 3])
def test_the_mail_writes_out_a_placement_to_send_as_it_is(
    alice: User, bob: User, commit: Commit, cards: int
) -> None:
    """Placing by email is writing coordinates: Alice wrote two placements the rules
    refused (over a gap) before finding one. Each mail writes out a legal placement of the
    card, which a reply may send as it is; in French too."""
    game = start([alice, bob], commit)
    for _card in range(cards):
        place(game, 0, commit)
        place(game, 1, commit)
    speaks(bob, "fr")
    french = turn_mail_now(game, 1).body
    message = turn_mail_now(game, 0)
    example = re.search(r"^For example: (place .+)$", message.body, re.MULTILINE)
    assert example is not None
    assert re.search(r"^Par exemple\u00a0: place \d at -?\d+,-?\d+ turn \d+$", french, re.M)

    deliver(commit, reply(message, example.group(1)))

    assert InboundMail.objects.latest("pk").outcome == "played"
    assert played(game, 0)[-1] == example.group(1)


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_whole_example_line_copied_into_a_reply_is_played(
    alice: User, bob: User, commit: Commit, language: str
) -> None:
    """Bob copies the mail's whole line, "Par exemple : place …", into his reply: the
    placement it writes out is played."""
    game = start([alice, bob], commit)
    speaks(bob, language)
    message = turn_mail_now(game, 1)
    line = re.search(r"^(For example|Par exemple\u00a0): place .+$", message.body, re.M)
    assert line is not None

    deliver(commit, reply(message, line.group(0), language=language))

    assert InboundMail.objects.latest("pk").outcome == "played"
    assert played(game, 1)[-1] == line.group(0).split(": ", 1)[1]


def test_a_placement_copied_with_the_mails_minus_signs_is_played(
    alice: User, commit: Commit, bob: User
) -> None:
    """The mail writes a negative coordinate with the typographic minus (U+2212); a
    player who copies it into their reply has their placement read as the notation's "-"."""
    game = start([alice, bob], commit)
    place(game, 0, commit)
    place(game, 1, commit)
    (message,) = [m for m in sent_to(alice.email) if "Card 2 of 20" in m.body]
    now = store.load(game.pk, game.rules).state
    chosen = next(
        action
        for action in NMBR9.legal_actions(now, 0)
        if isinstance(action, Place) and action.y < 0
    )
    written = str(chosen).replace("-", "\u2212")
    assert "\u2212" in written

    deliver(commit, reply(message, written))

    assert InboundMail.objects.latest("pk").outcome == "played"
    assert played(game, 0)[-1] == str(chosen)


def test_a_second_reply_to_a_card_already_placed_says_nothing_more_is_asked_yet(
    alice: User, bob: User, commit: Commit
) -> None:
    """Alice places her tile by reply, then answers the same mail again (she changed her
    mind): nothing is played, and the answer says she has nothing to do until the next
    card, rather than only "here is the table"."""
    game = start([alice, bob], commit)
    (message,) = sent_to(alice.email)
    now = store.load(game.pk, game.rules).state
    first = str(NMBR9.bot_action(now, 0, random.Random(0)))
    deliver(commit, reply(message, first))
    mail.outbox.clear()

    deliver(commit, reply(message, first.replace("turn 0", "turn 90")))

    assert InboundMail.objects.latest("pk").outcome == "stale"
    assert played(game, 0) == [first]
    (answer,) = sent_to(alice.email)
    assert "Nothing more is asked of you now: we email you when it is your turn." in answer.body


def mailed_example(state: Nmbr9State, seat: int) -> str:
    """The placement the "your turn" mail writes out for ``seat`` ("For example: …"), in
    the notation (the mail's minus signs read back as the notation's)."""
    with translation.override("en"):
        help_text = game_type("nmbr9").site.choice_help(NMBR9.view(state, seat), ["A", "B"])
    found = re.search(r"^For example: (place .+)$", help_text, re.M)
    assert found is not None, help_text
    return found.group(1).replace(MINUS, "-")


def test_the_mails_example_is_a_good_placement_on_the_players_own_stack() -> None:
    """Each player is offered a placement of their own stack, one they may play now: on a
    stack where the 6 turned up can lie on two 9s, the mail shows it up there (6 points), as
    a player would; on the other player's flat stack it lies beside their tiles. The same
    position always gives the same example."""
    state = arrange(
        [["place 9 at 0,0", "place 9 at 3,0"], ["place 1 at 0,0", "place 2 at 2,0"]], card=6
    )

    high, flat = mailed_example(state, 0), mailed_example(state, 1)

    for seat, example in ((0, high), (1, flat)):
        NMBR9.apply(state, seat, NMBR9.parse_action(example))  # legal: no IllegalAction
    assert settled(state, 0, high).level == 1
    assert settled(state, 1, flat).level == 0
    assert high != flat
    assert mailed_example(state, 0) == high


def settled(state: Nmbr9State, seat: int, example: str) -> Tile:
    """The tile ``example`` lays on ``seat``'s stack."""
    action = NMBR9.parse_action(example)
    assert isinstance(action, Place)
    return settle(state.stacks[seat], action.digit, action.x, action.y, action.turn)
