"""Numenko by mail: every player is mailed at once each round, with their grid and hand
written out as a reply may carry them; a round's mail says what changed (every grid shown,
the order the pot served, the tiles drawn); a reply carries a grid, and a wrong one is
answered with its rule and line; a move of the round still being played never shows in
another's mail; an absent player's round is played by the table's policy; and a move at a
live table, from the table or through the API, brings its player no mail of its own, while
every round in rounds mode is mailed to everyone."""

from __future__ import annotations

import random
import re
from collections.abc import Callable

import pytest
from django.contrib.auth.models import User
from django.core import mail
from django.test import Client
from django.utils import translation

from games import deadlines
from games.engine.numenko import parse_action, parse_grid
from games.events import consumers, store
from games.events.models import Event
from games.lobby import game_join, game_open, game_start
from games.models import Game, Seat
from games.services import game_submit
from tests.clients import token_client
from tests.games.numenko.tables import (
    FULL_GRID,
    calculation,
    hand,
    stacked,
    state,
    wrong_calculation,
)
from tests.games.numenko.tables import post as form_post
from tests.members import speaks

from .conftest import game_mails, sent_to, turn_mail_now
from .replies import reply
from .test_deadlines_and_reminders import deadline, waited
from .test_replies import answer_to, deliver, outcome, played, turn_mail

pytestmark = pytest.mark.django_db
__all__ = ["stacked"]

Commit = Callable[[Callable[[], object]], object]


def start(alice: User, bob: User, commit: Commit, name: str = "Sums", mode: str = "rounds") -> Game:
    game = game_open(creator=alice, name=name, rules="numenko", config={"players": 2, "mode": mode})
    game_join(game=game, user=bob, token=game.invite_token)
    commit(
        lambda: (
            game_start(game=game, by=alice, rng=random.Random(4)),
            consumers.dispatch(game.pk),
        )
    )
    return game


def move(game: Game, seat: int, notation: str, commit: Commit) -> None:
    """``seat`` moves (as the table or the API would), and the consumers run after it."""
    rules = game.game_type.rules
    loaded = store.load(game.pk, game.rules)
    action = rules.parse_action(notation)
    commit(
        lambda: (
            game_submit(
                game_id=game.pk, seat=seat, action=action, expected_sequence=loaded.sequence
            ),
            consumers.dispatch(game.pk),
        )
    )


def test_every_player_is_mailed_their_grid_and_hand_at_once(
    alice: User, bob: User, commit: Commit
) -> None:
    game = start(alice, bob, commit)
    for seat, user in enumerate((alice, bob)):
        message = turn_mail(user.email)
        assert "Sums" in message.subject
        body = str(message.body)
        assert "Round 1: everyone moves once, in secret" in body
        assert "Your grid is empty: every tile is in your hand." in body
        assert f"Your hand: {' '.join(hand(game, seat))}" in body
        assert "The pot holds 116 tiles." in body
        assert "This choice is too large to list" in body
        assert "`exchange TILE [grid ROWS]`" in body
        # The HTML mail draws the notation as code, without the text mail's backticks.
        html = message.alternatives[0][0]  # type: ignore[attr-defined]
        assert "<code>exchange TILE [grid ROWS]</code>" in html
        assert "`" not in html
        assert message.reply_to


def test_a_rounds_mail_says_what_changed_and_a_reply_carries_a_grid(
    alice: User, bob: User, commit: Commit
) -> None:
    game = start(alice, bob, commit)
    grid = calculation(game, 0)
    given = hand(game, 0)[-1]
    # Alice answers her mail with a grid and an exchange, written as the mail shows.
    deliver(commit, reply(turn_mail(alice.email), f"exchange {given} grid {grid}"))
    assert outcome() == "played"
    assert played(game, 0) == [f"exchange {given} grid {grid}"]
    mail.outbox.clear()
    move(game, 1, "pass", commit)
    drawn = store.load(game.pk, game.rules).state
    # Each is mailed the next round, told what the round changed: the grids, the order
    # the pot served, the tiles drawn (their own, or how many).
    body = str(turn_mail(alice.email).body)
    assert "Round 1 is over: every grid shows." in body
    assert f"The grids now: you: “{grid}” · bob: an empty grid." in body
    assert "Requests served in the order drawn: you (exchange)." in body
    assert "bob: keep the grid and ask for nothing." in body
    assert "You draw " in body and f"The pot holds {len(drawn.pot)} tiles." in body
    assert "Round 2:" in body
    # Her grid a row a line, once: not also in the task's sentence, where a full stop ran
    # into the last row (a row copied from there was one square too long).
    assert "Your grid, a row a line:\n" + "\n".join(grid.split(" / ")) + "\n" in body
    assert body.count("Your grid") == 1
    body = str(turn_mail(bob.email).body)
    assert f"The grids now: alice: “{grid}” · you: an empty grid." in body
    assert "alice draws 2 tiles." in body


def test_a_wrong_grid_by_reply_is_answered_with_its_rule_and_line(
    alice: User, bob: User, commit: Commit
) -> None:
    game = start(alice, bob, commit)
    false, _right = wrong_calculation(game, 0)
    deliver(commit, reply(turn_mail(alice.email), f"grid {false}"))
    assert outcome() == "illegal" and played(game, 0) == []
    answer = str(answer_to(alice.email).body)
    assert f"{false} (across in row 1, columns 1-5)" in answer
    assert "Both sides of the equals sign are equal" in answer
    assert "/rules/numenko/#rule-numenko.equal" in answer


def test_a_french_players_wrong_grid_by_reply_is_answered_in_french(
    alice: User, bob: User, commit: Commit
) -> None:
    game = start(alice, bob, commit)
    speaks(alice, "fr")
    false, _right = wrong_calculation(game, 0)
    deliver(commit, reply(turn_mail(alice.email), f"grid {false}"))
    assert outcome() == "illegal" and played(game, 0) == []
    answer = str(answer_to(alice.email).body)
    # The line, where it lies and what is wrong with it, then the rule, all in French.
    place = f"{false} (en travers, ligne 1, colonnes 1 à 5)\u00a0: le côté gauche fait "
    assert place in answer
    assert "(Les deux côtés du signe égal sont égaux" in answer


def test_a_move_of_the_round_being_played_never_shows_in_anothers_mail(
    alice: User, bob: User, commit: Commit
) -> None:
    game = start(alice, bob, commit)
    grid = calculation(game, 0)
    alices = " ".join(hand(game, 0))
    move(game, 0, f"grid {grid}", commit)
    # A day later Bob is reminded: Alice moved, and nothing of what.
    waited(game, 1, hours=25)
    mail.outbox.clear()
    commit(deadlines.tick)
    (reminder,) = sent_to(bob.email)
    body = str(reminder.body)
    assert "still waiting" in reminder.subject
    assert "alice: move, in secret until everyone has moved this round." in body
    assert grid not in body and alices not in body


def test_an_absent_players_round_is_played_by_the_tables_policy(
    alice: User, bob: User, commit: Commit
) -> None:
    game = deadline(start(alice, bob, commit), policy="pass")
    Seat.objects.filter(game=game).update(vacation_days=0)
    move(game, 0, f"exchange {hand(game, 0)[-1]}", commit)
    waited(game, 1, hours=25)
    assert commit(deadlines.tick)["timeouts"] == 1  # type: ignore[index]
    bobs = Event.objects.filter(game=game, seat=1).get()
    assert (bobs.payload["grid"], bobs.payload["reason"]) == (None, "deadline")
    assert store.load(game.pk, game.rules).state.round == 2
    # The bot policy plays the level-1 bot's move for him.
    deadline(game, policy="bot")
    waited(game, 1, hours=25)
    waited(game, 0, hours=1)
    assert commit(deadlines.tick)["timeouts"] == 1  # type: ignore[index]
    latest = Event.objects.filter(game=game, seat=1).order_by("-sequence").first()
    assert latest is not None and latest.payload["reason"] == "bot"


def test_the_mail_speaks_french_to_a_french_player(alice: User, bob: User, commit: Commit) -> None:
    for user in (alice, bob):
        speaks(user, "fr")
    game = start(alice, bob, commit, name="Calculs")
    (message,) = sent_to(bob.email)
    body = str(message.body)
    with translation.override("fr"):
        assert "Tour 1\u00a0: chacun joue une fois, en secret" in body
        assert f"Votre main\u00a0: {' '.join(hand(game, 1))}" in body
        assert "Le pot contient 116 tuiles." in body


def test_a_rounds_mail_warns_that_a_round_asking_for_nothing_stops_the_game(
    alice: User, bob: User, commit: Commit
) -> None:
    """Two friends who only lay out a first grid find the game over after round 1 (nobody
    asked the pot for anything): the mail says so before they choose."""
    speaks(bob, "fr")
    start(alice, bob, commit)
    assert (
        "If nobody exchanges or says fini this round, the game stops after it."
        in turn_mail("alice@example.com").body
    )
    french = [m for m in sent_to("bob@example.com") if "à vous de jouer" in m.subject][-1]
    assert (
        "Si personne n’échange ni ne dit fini pendant ce tour, la partie s’arrête après lui."
        in french.body
    )


def test_the_mail_writes_out_moves_of_the_players_own_tiles_and_grid_to_send_as_they_are(
    alice: User, bob: User, commit: Commit
) -> None:
    """The notation's example (`exchange 7 grid 2x4=8 ...`) is of tiles a player may not
    hold. The mail writes an exchange of their own hand, and, once they have a grid, that
    grid on one line to copy into a reply and change."""
    speaks(bob, "fr")
    game = start(alice, bob, commit)
    top = max(tile for tile in hand(game, 0) if tile.isdigit())
    french = [m for m in sent_to("bob@example.com") if "à vous de jouer" in m.subject][-1]
    assert "Par exemple, `exchange " in french.body
    message = turn_mail("alice@example.com")
    assert f"`exchange {top}`" in message.body
    # "one 8", which reads right for every digit ("a 8" did not).
    assert f"and exchanges one {top} of your hand" in message.body
    deliver(commit, reply(message, f"exchange {top}"))
    assert played(game, 0) == [f"exchange {top}"]
    move(game, 1, "exchange " + hand(game, 1)[0], commit)
    first = calculation(game, 0)
    message = turn_mail("alice@example.com")
    assert "To change your grid" not in message.body
    deliver(commit, reply(message, f"grid {first}"))
    move(game, 1, "exchange " + hand(game, 1)[0], commit)
    assert f"`grid {first}`" in turn_mail("alice@example.com").body


def test_the_grid_a_row_a_line_keeps_each_column_under_itself(
    stacked: None, alice: User, bob: User, commit: Commit
) -> None:
    """A Freechoice (``F+``) or a sign read differently down (``[x+]``) writes one square
    in several characters: the mail's grid pads the other rows' squares of that column, so
    that a line read down is under itself, as on the table; its rows still read as the
    grid in a reply. The HTML mail, which most clients show, draws it in a fixed-width
    font, where a dot is as wide as a digit."""
    game = start(alice, bob, commit)
    deliver(commit, reply(turn_mail(alice.email), f"fini grid {FULL_GRID}"))
    assert outcome() == "played"
    move(game, 1, "exchange " + hand(game, 1)[0], commit)
    message = turn_mail(alice.email)
    body = str(message.body)
    block = body.split("Your grid, a row a line:\n")[1].split("\n\n")[0].split("\n")
    # 1F+1+1+1+1+1=6 across; 1+1=2 down through its first 1 and through its third.
    first, third = 0, block[0].index("1", block[0].index("F+") + 2) + 2
    assert "".join(line[first] for line in block) == "1+1=2"
    assert "".join(line[third] for line in block) == "1+1=2"
    assert parse_grid("\n".join(block)) == state(game).grids[0]
    assert "(or write `grid`, and under it your grid a row a line, as drawn above)" in body
    html = str(message.alternatives[0][0])  # type: ignore[attr-defined]
    before, drawn = html.split("Your grid, a row a line:")
    assert re.findall(r"<(\w+)", before)[-1] == "pre"
    assert drawn.index("\n".join(block)) < drawn.index("</pre>")


def test_a_grid_written_a_row_a_line_under_its_verb_is_played_whole(
    stacked: None, alice: User, bob: User, commit: Commit
) -> None:
    """Alice copies her grid as the mail draws it, a row a line, under "fini grid": the
    whole grid is played, not the first line alone (a bare "grid" took every tile back). A
    line below the move that is no row (a thank-you) leaves the first line the move."""
    game = start(alice, bob, commit)
    rows = "\n".join(row.strip() for row in FULL_GRID.split("/"))
    deliver(commit, reply(turn_mail(alice.email), f"fini grid\n{rows}\n\n-- \nAlice"))
    assert outcome() == "played"
    (fini,) = played(game, 0)
    assert fini == str(parse_action(f"fini grid {FULL_GRID}"))
    deliver(commit, reply(turn_mail(bob.email), "pass\nThanks, see you tomorrow"))
    assert outcome() == "played"


def test_the_game_over_mail_tells_the_last_round_that_ended_it(
    alice: User, bob: User, commit: Commit
) -> None:
    """Nobody exchanged or said fini in round 2: the game stops. Alice, who plays by
    email, learns from the game's last mail what Bob did in that round and what ended the
    game, not only the scores."""
    game = start(alice, bob, commit)
    move(game, 0, "exchange " + hand(game, 0)[-1], commit)
    move(game, 1, "exchange " + hand(game, 1)[-1], commit)
    deliver(commit, reply(turn_mail(alice.email), "pass"))
    mail.outbox.clear()
    move(game, 1, "pass", commit)
    (over,) = sent_to(alice.email)
    assert "the game is over" in over.subject
    body = str(over.body)
    assert "Your move by email, and what followed:\n" in body
    mine, bobs = (
        "- You: keep the grid and ask for nothing.",
        "- bob: keep the grid and ask for nothing.",
    )
    assert f"{mine}\n{bobs}\n" in body
    assert "Nobody asked for tiles: the game stops." in body
    # The end is said once, by the mail itself with the winners and scores, not again as
    # the recap's last line.
    assert "The game is over" not in body and "is over." in body
    # Negative scores with the minus sign the recap's points use, not a hyphen.
    score = Seat.objects.get(game=game, number=0).score
    assert score is not None and score < 0
    assert f"- alice: \u2212{-score}\n" in body
    assert "in hand: \u2212" in body and "in hand: -" not in body
    html = str(over.alternatives[0][0])  # type: ignore[attr-defined]
    assert "<li>bob: keep the grid and ask for nothing.</li>" in html


def test_the_mail_says_what_the_letters_of_a_hand_stand_for(
    alice: User, bob: User, commit: Commit
) -> None:
    """A hand is written "1 9 M F" in the mail: a player who never opened the table learns
    which tiles M and F are, and how a grid writes them, in their language."""
    speaks(bob, "fr")
    start(alice, bob, commit)
    assert (
        "In your hand, M is a Multichoice (a sign of your choice: + - x : =) and F a "
        "Freechoice (any digit or sign, written F before it in a grid)."
        in turn_mail(alice.email).body
    )
    french = [m for m in sent_to(bob.email) if "à vous de jouer" in m.subject][-1]
    assert (
        "Dans votre main, M est un Multichoice (un signe à votre choix\u00a0: + - x\u00a0: =) et F "
        "un Freechoice (un chiffre ou un signe au choix, écrit F devant dans une grille)."
        in french.body
    )


def test_a_live_table_mails_a_player_by_mail_once_while_their_mail_stands(
    alice: User, bob: User, commit: Commit
) -> None:
    """At a live table Bob exchanges again and again while Alice, who plays by mail, has
    not answered her mail yet: nothing she must know has changed (her grid, her hand, what
    the pot serves), so she gets no new mail, and her first one is still played. Her move
    by mail brings her tiles drawn, so it is mailed; then Bob's moves again send nothing."""
    game = start(alice, bob, commit, mode="live")
    assert len(game_mails(alice.email)) == 1
    first = turn_mail(alice.email)
    for _ in range(3):
        move(game, 1, "exchange " + hand(game, 1)[0], commit)
    assert len(game_mails(alice.email)) == 1
    given = hand(game, 0)[-1]
    deliver(commit, reply(first, f"exchange {given}"))
    assert outcome() == "played"
    assert played(game, 0) == [f"exchange {given}"]
    assert len(game_mails(alice.email)) == 2
    assert "Your move by email, and what followed:" in str(turn_mail(alice.email).body)
    for _ in range(3):
        move(game, 1, "exchange " + hand(game, 1)[0], commit)
    assert len(game_mails(alice.email)) == 2
    # Content, she may still move: told once, not again at each of Bob's exchanges.
    deliver(commit, reply(turn_mail(alice.email), "pass"))
    assert outcome() == "played"
    assert [m.subject for m in game_mails(alice.email)][2:] == ["Sums: you may play out of turn"]
    for _ in range(3):
        move(game, 1, "exchange " + hand(game, 1)[0], commit)
    assert len(game_mails(alice.email)) == 3


def exchange_until_no_fini(game: Game, seat: int, commit: Commit) -> None:
    """``seat`` exchanges until the pot holds too few tiles for a fini, in one commit."""
    rules = game.game_type.rules

    def exchanges() -> None:
        while len(state(game).pot) >= 4:
            seen = store.load(game.pk, game.rules).sequence
            action = rules.parse_action("exchange " + hand(game, seat)[0])
            game_submit(game_id=game.pk, seat=seat, action=action, expected_sequence=seen)
        consumers.dispatch(game.pk)

    commit(exchanges)


def test_a_live_player_by_mail_is_mailed_when_the_pot_no_longer_serves_her_fini(
    alice: User, bob: User, commit: Commit
) -> None:
    """Bob exchanges until the pot holds too few tiles for a fini: what Alice may ask has
    changed, her mail's reply would no longer be played as it was, so a new mail comes."""
    game = start(alice, bob, commit, mode="live")
    exchange_until_no_fini(game, 1, commit)
    assert state(game).pot and len(game_mails(alice.email)) == 2
    assert "The pot holds 3 tiles." in str(turn_mail(alice.email).body)


def test_a_grid_under_its_verb_after_blank_lines_is_played_whole(
    stacked: None, alice: User, bob: User, commit: Commit
) -> None:
    """Alice's mail client puts a blank line under "fini grid", and between her grid's
    rows (as clients that make each line a paragraph do): the grid that follows is read,
    not an empty grid under a bare "grid". A thank-you after it is no row."""
    game = start(alice, bob, commit)
    rows = "\n\n".join(row.strip() for row in FULL_GRID.split("/"))
    deliver(commit, reply(turn_mail(alice.email), f"fini grid\n\n{rows}\n\nThanks!\n\nAlice"))
    assert outcome() == "played"
    assert played(game, 0) == [str(parse_action(f"fini grid {FULL_GRID}"))]


def laid_and_mailed_again(game: Game, alice: User, commit: Commit) -> mail.EmailMessage:
    """Alice lays her whole grid by mail; once Bob has moved, her next mail draws it."""
    deliver(commit, reply(turn_mail(alice.email), f"fini grid {FULL_GRID}"))
    move(game, 1, "exchange " + hand(game, 1)[0], commit)
    mail.outbox.clear()
    return turn_mail_now(game, 0)


@pytest.mark.parametrize(
    ("client", "said"), [("gmail", "grid\n\n"), ("thunderbird", "grid\n\n"), ("gmail", "Grid.")]
)
def test_a_grid_word_with_no_grid_after_it_is_refused_not_played_empty(
    stacked: None, alice: User, bob: User, commit: Commit, client: str, said: str
) -> None:
    """Alice answers with "grid" and nothing after it but the mail she quotes, whose grid
    rows (each line starting with ">") are the mail's, not hers: nothing is played, which
    would have taken every tile of her grid back, and the answer says why. "Grid." is
    that too (a phone's capital, a habit's full stop), not the grid's "." of "grid ."."""
    game = start(alice, bob, commit)
    message = laid_and_mailed_again(game, alice, commit)
    assert "\n1F+1+1+1+1+1=6\n" in str(message.body)
    deliver(commit, reply(message, said, client=client))
    assert outcome() == "not-a-move"
    assert played(game, 0) == [str(parse_action(f"fini grid {FULL_GRID}"))]
    answered = answer_to(alice.email)
    answer = str(answered.body)
    assert "no grid after “grid”" in answer
    assert "to keep your grid, write `pass`" in answer
    assert "to keep your grid, write <code>pass</code>" in answered.alternatives[0][0]  # type: ignore[attr-defined]
    # Taking every tile back is written so, on purpose.
    deliver(commit, reply(message, "grid .", client=client))
    assert outcome() == "played"
    (submitted, _bobs) = state(game).submitted
    assert played(game, 0)[-1] == "grid"
    assert submitted is not None and submitted.grid is not None and not submitted.grid.squares


def moved_by(path: str, game: Game, player: User, seat: int, ask: str, commit: Commit) -> None:
    """``player`` makes the move ``ask`` (`exchange 7`, `pass`) by ``path``: the API, the
    table's form sent from a page opened long ago (nothing says they are at the table
    now), or a reply to their latest mail; then the consumers run, as after the response."""
    seen = store.load(game.pk, game.rules).sequence
    if path == "api":
        client = token_client(player)
        body = {"action": ask, "expected_sequence": seen}
        sent = commit(lambda: client.post(f"/api/games/{game.pk}/actions/", body, format="json"))
        assert sent.status_code == 201, sent.content  # type: ignore[attr-defined]
    elif path == "form":
        browser = Client()
        browser.force_login(player)
        verb, _space, tile = ask.partition(" ")
        button = "nothing" if verb == "pass" else verb
        sent = commit(lambda: form_post(browser, game, "", ask=button, tile=tile))
        assert sent.status_code == 200  # type: ignore[attr-defined]
    else:
        deliver(commit, reply(game_mails(player.email)[-1], ask))
        assert outcome() == "played"
    assert Event.objects.filter(game=game, seat=seat, sequence__gt=seen).exists()


@pytest.mark.parametrize("path", ["api", "form"])
def test_a_live_player_away_from_the_table_is_not_mailed_for_their_own_moves(
    alice: User, bob: User, commit: Commit, path: str
) -> None:
    """Bob plays a live table by the API (or from a table page opened long ago): each of
    his exchanges is answered at once by the pot's draw, which he sees in his move's answer.
    That draw is his own move's consequence, not a new turn: no mail says "your turn"
    after it, nor "you may play out of turn" after he says he is content, nor after
    Alice's moves, which leave his grid, his hand and what the pot serves as they were."""
    game = start(alice, bob, commit, mode="live")
    assert len(game_mails(bob.email)) == 1
    for _ in range(3):
        moved_by(path, game, bob, 1, "exchange " + hand(game, 1)[0], commit)
    assert len(state(game).hands[1]) == 24
    moved_by(path, game, alice, 0, "exchange " + hand(game, 0)[0], commit)
    moved_by(path, game, bob, 1, "pass", commit)
    moved_by(path, game, alice, 0, "exchange " + hand(game, 0)[0], commit)
    assert [m.subject for m in game_mails(bob.email)] == ["Sums: your turn"]


def test_a_live_player_by_mail_is_mailed_after_each_of_their_moves(
    alice: User, bob: User, commit: Commit
) -> None:
    """By mail, the mail is where Bob plays: each move he sends is answered with the tiles
    the pot gave him and a new mail to reply to (the last one no longer stands)."""
    game = start(alice, bob, commit, mode="live")
    for count in range(2, 4):
        moved_by("mail", game, bob, 1, "exchange " + hand(game, 1)[0], commit)
        assert len(game_mails(bob.email)) == count
        assert "You draw " in str(turn_mail(bob.email).body)


@pytest.mark.parametrize("path", ["api", "form"])
def test_a_live_player_away_from_the_table_is_mailed_once_the_pot_no_longer_serves_them(
    alice: User, bob: User, commit: Commit, path: str
) -> None:
    """Bob moved by the API (or the form) and left: when Alice's exchanges leave the pot
    too small for his fini, what his next move may ask has changed, and a mail says so."""
    game = start(alice, bob, commit, mode="live")
    moved_by(path, game, bob, 1, "exchange " + hand(game, 1)[0], commit)
    assert len(game_mails(bob.email)) == 1
    exchange_until_no_fini(game, 0, commit)
    assert len(game_mails(bob.email)) == 2
    assert "The pot holds 3 tiles." in str(turn_mail(bob.email).body)


@pytest.mark.parametrize("path", ["api", "form", "mail"])
def test_in_rounds_the_last_to_move_is_mailed_the_next_round_as_everyone(
    alice: User, bob: User, commit: Commit, path: str
) -> None:
    """In rounds everyone is mailed each round: Bob's move, the round's last, brings the
    draw and the next round, which is news to him as to Alice, whichever way he moved."""
    game = start(alice, bob, commit)
    moved_by("api", game, alice, 0, "exchange " + hand(game, 0)[0], commit)
    assert len(game_mails(alice.email)) == 1
    moved_by(path, game, bob, 1, "exchange " + hand(game, 1)[0], commit)
    for player in (alice, bob):
        assert len(game_mails(player.email)) == 2
        assert "Round 1 is over: every grid shows." in str(turn_mail(player.email).body)
