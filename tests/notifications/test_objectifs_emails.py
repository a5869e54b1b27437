"""NUM-X Objectifs' "your turn" emails say what a player who plays by email sees nowhere
else: the pli to cover and every player's malus cards, which the moves name by owner."""

import random
import re
import unicodedata
from collections.abc import Callable
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core import mail
from django.core.mail import EmailMessage

from games.descriptions import number
from games.events import consumers, store
from games.lobby import game_join, game_open, game_start
from games.models import Game
from games.moves import legal_moves
from games.registry import rule_set
from games.rulesets.objectifs.descriptions import cards, signed
from games.selectors import game_view
from games.services import game_submit
from notifications.emails import compose
from notifications.models import Notification
from notifications.reply_moves import reply_moves
from tests.members import speaks

from .conftest import game_mails, sent_to, turn_mail_now
from .replies import reply
from .test_replies import answer_to, deliver, lettered, outcome, played

pytestmark = pytest.mark.django_db

Commit = Callable[[Callable[[], object]], object]
OBJECTIFS = rule_set("objectifs")
NAMES = ("alice", "bob", "mallory")


def bots_until(game: Game, done: Callable[[dict[str, Any]], bool]) -> tuple[int, dict[str, Any]]:
    """The bots' moves for every seat until the view of the seat to move is ``done``: that
    seat and its view."""
    rng = random.Random(4)
    while True:
        now = store.load(game.pk, game.rules)
        mover = min(OBJECTIFS.awaiting(now.state) - {OBJECTIFS.chance})
        view = game_view(game, mover, now)
        if done(view):
            return mover, view
        action = OBJECTIFS.bot_action(now.state, mover, rng)
        game_submit(game_id=game.pk, seat=mover, action=action, expected_sequence=now.sequence)


def test_the_mail_says_the_pli_on_top_and_every_players_malus_cards(
    alice: User, bob: User, mallory: User, commit: Commit
) -> None:
    game = game_open(creator=alice, name="Goals", rules="objectifs", config={"players": 3})
    for user in (bob, mallory):
        game_join(game=game, user=user, token=game.invite_token)
    commit(
        lambda: (game_start(game=game, by=alice, rng=random.Random(4)), consumers.dispatch(game.pk))
    )
    # Bots' moves for everyone until a pli lies on the table and somebody must cover it.
    mover, view = bots_until(game, lambda view: view["phase"] == "play" and bool(view["plis"]))

    body = turn_mail_now(game, mover).body

    assert f"The pli on top: {cards(view['plis'][-1]['cards'])}." in body
    assert "Malus cards:" in body
    for seat, name in enumerate(NAMES):
        who = "you" if seat == mover else name
        assert f"- {who}: {cards(view['rows'][seat])}\n" in body
    speaks(User.objects.get(username=NAMES[mover]), "fr")
    french = turn_mail_now(game, mover).body
    assert "Cartes Malus\u00a0:" in french and "- vous\u00a0: " in french


def test_the_draw_and_the_pass_keep_a_letter_however_many_plis_the_hand_may_open(
    alice: User, bob: User, commit: Commit
) -> None:
    """Opening a trick, Alice may lay a dozen plis; the mail says "or draw", and the draw
    (with the pass, when legal) must be among its letters, not lost after the 40 moves
    listed."""
    game = two_friends(alice, bob, commit)
    submit(game, 0, "lay 4 5")
    submit(game, 1, "lay infinity infinity")
    message = turn_mail_now(game, 0)
    assert "or draw" in message.body
    letters = lettered(message)
    assert len(letters) == 8 and "draw" in letters.values()
    assert [move for move in letters.values() if move.startswith("play ")] == [
        "play 8 8",
        "play 6",
        "play 7",
        "play 8",
        "play 11",
        "play 12",
        "play 13",
    ]


def test_a_french_player_may_answer_with_the_cards_and_verbs_of_the_french_mail(
    alice: User, bob: User, commit: Commit
) -> None:
    """Bob's mail is French: his hand holds "Infini", the moves say "piocher", "passer",
    "jouer". Written so in a reply, they are the moves they name."""
    speaks(bob, "fr")
    game = two_friends(alice, bob, commit)
    commit(lambda: submit(game, 0, "lay 4 5"))
    assert "Infini, Infini" in french_turn_mail().body
    deliver(commit, reply(french_turn_mail(), "Lay Infini Infini", language="fr"))
    assert played(game, 1) == ["lay infinity infinity"]
    commit(lambda: submit(game, 0, "play 8 8"))
    deliver(commit, reply(french_turn_mail(), "Piocher", language="fr"))
    assert played(game, 1)[-1] == "draw"
    for french, move in (("jouer 8 8", "play 8 8"), ("passe", "pass"), ("passer", "pass")):
        assert str(OBJECTIFS.parse_action(french)) == move


def submit(game: Game, seat: int, notation: str, chance: random.Random | None = None) -> None:
    """``seat`` plays ``notation`` (the deals it leads to drawn with ``chance``, else at
    random: the test's games open with no committed seed), then the worker reacts."""
    now = store.load(game.pk, game.rules)
    game_submit(
        game_id=game.pk,
        seat=seat,
        action=OBJECTIFS.parse_action(notation),
        expected_sequence=now.sequence,
        rng=chance,
    )
    consumers.dispatch(game.pk)


def french_turn_mail() -> EmailMessage:
    return [m for m in game_mails("bob@example.com") if "à vous de jouer" in m.subject][-1]


def two_friends(alice: User, bob: User, commit: Commit) -> Game:
    """Alice and Bob at a table for two, dealt the same cards every time."""
    game = game_open(creator=alice, name="Goals", rules="objectifs", config={"players": 2})
    game_join(game=game, user=bob, token=game.invite_token)
    commit(
        lambda: (game_start(game=game, by=alice, rng=random.Random(5)), consumers.dispatch(game.pk))
    )
    return game


def test_a_pli_written_with_the_set_ups_verb_is_answered_with_how_a_pli_is_written(
    alice: User, bob: User, commit: Commit
) -> None:
    """The mail describes its plis as laying cards ("play 8 8: lay 8 and 8", in French
    "poser 8 et 8"): a player who writes "lay 8 8" (or "poser 8 8") once the malus cards
    lie is told how a pli is written; at the set-up "poser" lays the malus cards."""
    speaks(bob, "fr")
    game = two_friends(alice, bob, commit)
    deliver(commit, reply(turn_mail_now(game, 0), "A"))
    deliver(commit, reply(french_turn_mail(), "poser infini infini", language="fr"))
    assert played(game, 1) == ["lay infinity infinity"]
    mail.outbox.clear()
    deliver(commit, reply(turn_mail_now(game, 0), "lay 8 8"))
    assert outcome() == "illegal"
    assert "a pli is written “play 8 8”" in answer_to("alice@example.com").body
    commit(lambda: submit(game, 0, "play 8 8"))
    asked = french_turn_mail()
    mail.outbox.clear()
    deliver(commit, reply(asked, "poser 13 joker", language="fr"))
    assert "un pli s’écrit «\u00a0play 13 joker\u00a0»" in answer_to("bob@example.com").body


def test_two_copies_of_a_card_are_written_as_the_hand_holds_them(
    alice: User, bob: User, commit: Commit
) -> None:
    """Two 8s in Alice's hand: "lay 8 8" lays them. Her 4 held once, "lay 4 4" is
    answered that her hand holds one 4 (it said "there is no 4 in your hand"). Bob holds
    one Infinity and has two among his malus cards: "play infinity infinity" is answered
    with how to write it, which takes the second from his malus cards ("…@1"), in his
    language."""
    speaks(bob, "fr")
    game = two_friends(alice, bob, commit)
    deliver(commit, reply(turn_mail_now(game, 0), "lay 4 4"))
    assert outcome() == "illegal" and played(game, 0) == []
    assert (
        "Not allowed: your hand holds only 1 × 4 (You can only lay cards you hold.)"
        in answer_to("alice@example.com").body
    )
    deliver(commit, reply(turn_mail_now(game, 0), "lay 8 8"))
    assert played(game, 0) == ["lay 8 8"]
    commit(lambda: submit(game, 1, "lay infinity infinity"))
    mail.outbox.clear()
    commit(lambda: submit(game, 0, "play 5"))
    deliver(commit, reply(french_turn_mail(), "jouer infini infini", language="fr"))
    assert outcome() == "illegal"
    assert (
        "Coup refusé\u00a0: votre main compte seulement 1 × Infini\u00a0; une carte Malus "
        "s’écrit avec @ et la place du joueur devant qui elle est posée\u00a0: "
        "«\u00a0play infinity infinity@1\u00a0»"
    ) in answer_to("bob@example.com").body
    deliver(commit, reply(french_turn_mail(), "play infinity infinity@1", language="fr"))
    assert played(game, 1)[-1] == "play infinity infinity@1"


def test_a_second_reply_to_the_same_mail_says_the_first_move_stands(
    alice: User, bob: User, commit: Commit
) -> None:
    """Alice lays her malus cards by reply, then answers the same mail again: the answer
    says her first move stands, not that the game moved on and here is a table it never
    shows."""
    game = two_friends(alice, bob, commit)
    asked = turn_mail_now(game, 0)
    deliver(commit, reply(asked, "A"))
    mail.outbox.clear()
    deliver(commit, reply(asked, "B"))
    assert outcome() == "stale" and played(game, 0) == ["lay 4 5"]
    body = answer_to("alice@example.com").body
    assert "You have moved since this email (that move stands): nothing more was played." in body
    assert "Here is the table" not in body


def test_a_players_own_malus_cards_are_said_as_theirs_in_their_mails(
    alice: User, bob: User, commit: Commit
) -> None:
    """Bob's moves take cards from his own malus cards: his mail says "your malus cards"
    ("vos cartes Malus"), not his own name ("devant bob"); Alice's mail says so of a card
    Bob drew from hers."""
    game = two_friends(alice, bob, commit)
    submit(game, 0, "lay 4 5")
    submit(game, 1, "lay infinity infinity")
    submit(game, 0, "play 8 8")
    body = turn_mail_now(game, 1).body
    assert "play infinity infinity@1: lay Infinity, with Infinity from your malus cards\n" in body
    assert "draw 4@0: draw 4 from the malus cards of alice\n" in body
    assert "of bob" not in body
    speaks(bob, "fr")
    french = turn_mail_now(game, 1).body
    assert "avec Infini (dans vos cartes Malus)\n" in french
    assert "devant bob" not in french
    submit(game, 1, "draw 4@0")
    recap = turn_mail_now(game, 0).body
    assert "- bob: draw 4 from your malus cards." in recap
    assert "of alice" not in recap


def test_the_first_mail_of_a_round_says_the_hand_and_the_objective_once(
    alice: User, bob: User, commit: Commit
) -> None:
    """The round's first mail recounts the deal, which says the hand and the objective:
    the position below does not say them again. Once the malus cards lie, it does."""
    game = two_friends(alice, bob, commit)
    hand = cards(game_view(game, 0)["hands"][0])
    body = turn_mail_now(game, 0).body
    assert body.count(hand) == 1 and body.count("Your objective — ") == 1
    assert f"Your hand: {hand}." in body and "You hold" not in body
    submit(game, 0, "lay 4 5")
    submit(game, 1, "lay infinity infinity")
    submit(game, 0, "play 8 8")
    later = turn_mail_now(game, 1).body
    assert "You hold " in later and later.count("Your objective — ") == 1


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_objective_reads_without_two_colons_in_a_row(
    alice: User, bob: User, commit: Commit, language: str
) -> None:
    """Failed before: "Your objective: Infinity: an Infinity among your malus cards",
    "Votre Objectif : Infini : une carte Infini…", two colons that read as a stammer."""
    game = two_friends(alice, bob, commit)
    speaks(alice, language)
    body = str(turn_mail_now(game, 0).body)
    (sentence,) = re.findall(r"(?:Your objective|Votre Objectif)[^\n]*", body)
    assert sentence.count(":") == 1, sentence


def test_at_two_players_the_mail_lists_one_echange_of_every_players_malus_cards(
    alice: User, bob: User, commit: Commit
) -> None:
    """For two, an Echange to the left and one to the right hand the malus cards to the
    same neighbour: the mail lists the left one only; the right one stays legal."""
    game = two_friends(alice, bob, commit)
    submit(game, 0, "lay 4 5")
    submit(game, 1, "lay infinity infinity")
    legal = [move.notation for move in legal_moves(game, 0).listed]
    listed = [move.notation for move in reply_moves(game, 0).listed]
    assert "echange all left" in legal and "echange all right" in legal
    assert "echange all left" in listed and "echange all right" not in listed
    assert not [notation for notation in listed if notation.endswith(" right")]
    assert len(listed) == len([n for n in legal if not n.endswith(" right")])


def test_a_mail_lists_the_plain_plis_before_those_with_an_action_card(
    alice: User, bob: User, commit: Commit
) -> None:
    """A hand with action cards multiplies its plis (each pli with each Echange, each
    Malus): the mail lists 40 moves, the plain plis first, not the action cards' many
    combinations of the first cards in the engine's order."""
    game = two_friends(alice, bob, commit)
    submit(game, 0, "lay 4 5")
    submit(game, 1, "lay infinity infinity")
    moves = reply_moves(game, 0)
    legal = [move.notation for move in legal_moves(game, 0).listed]
    plain = [n for n in legal if n.startswith("play ") and " + " not in n]
    with_a_card = [n for n in legal if " + " in n]
    assert len(legal) > 40 and with_a_card
    mailed = [move.notation for _letter, move in moves.lettered] + [
        move.notation for move in moves.shown
    ]
    assert set(plain) <= set(mailed)
    kinds = [" + " in notation for notation in mailed]
    assert kinds == sorted(kinds), "a pli with an action card listed before a plain one"


def test_the_mail_says_the_round_and_every_players_score_so_far(
    alice: User, bob: User, commit: Commit
) -> None:
    """A friend who plays by email sees no score sheet: after a round the mail says which
    of the five rounds is played and each player's score over the rounds scored."""
    speaks(bob, "fr")
    game = game_open(creator=alice, name="Goals", rules="objectifs", config={"players": 2})
    game_join(game=game, user=bob, token=game.invite_token)
    commit(
        lambda: (game_start(game=game, by=alice, rng=random.Random(4)), consumers.dispatch(game.pk))
    )
    # Bots' moves for both until a pli of round 2 lies on the table.
    _mover, view = bots_until(
        game, lambda view: view["round"] == 2 and view["phase"] == "play" and bool(view["plis"])
    )
    alices, bobs = (signed(total) for total in view["totals"])
    trick = view["tricks"] + 1

    body = turn_mail_now(game, 0).body
    assert f"Round 2 of 5, trick {trick}." in body
    assert f"Scores after round 1:\n- you: {alices}\n- bob: {bobs}\n" in body
    french = turn_mail_now(game, 1).body
    assert f"Manche 2 sur 5, tour {trick}." in french
    assert (
        f"Points après la manche 1\u00a0:\n- alice\u00a0: {alices}\n- vous\u00a0: {bobs}\n"
        in french
    )


def test_the_words_of_a_move_without_their_last_words_still_name_it_when_only_it_begins_so(
    alice: User, bob: User, commit: Commit
) -> None:
    """At the set-up the mail says "poser 3 et 4 en cartes Malus": Bob answers "poser 3 et
    4", as one says it. The only move whose words begin so is played; words that begin
    several moves ("poser 3") play none."""
    speaks(bob, "fr")
    two_friends(alice, bob, commit)
    message = french_turn_mail()
    pairs = re.findall(
        r"^ +(?:[A-H]  )?(lay \S+ \S+)\u00a0: (poser .+) en cartes Malus$", message.body, re.M
    )
    move, words = pairs[-1]
    game = Game.objects.get()
    deliver(commit, reply(message, words.split(" et ")[0], language="fr"))
    assert played(game, 1) == []
    deliver(commit, reply(message, words, client="outlook", language="fr"))
    assert outcome() == "played"
    assert played(game, 1) == [move]


def test_the_out_of_turn_mail_says_play_not_complete_which_is_the_malus_cards_step(
    alice: User, bob: User, commit: Commit
) -> None:
    """In Objectifs one "completes" one's malus cards at the end of a trick; the mail that
    offers a Facteur X out of turn says "play out of turn", in either language."""
    speaks(bob, "fr")
    game = two_friends(alice, bob, commit)
    for user in (alice, bob):
        row = Notification.objects.create(
            game=game, sequence=game.last_sequence, recipient=user, kind="out-of-turn"
        )
        assert (
            compose(row).subject
            == {
                alice: "Goals: you may play out of turn",
                bob: "Goals\u00a0: vous pouvez jouer hors tour",
            }[user]
        )


def test_the_game_over_mail_says_each_players_score_a_round_a_line(
    alice: User, bob: User, commit: Commit
) -> None:
    """Five rounds of three lines each made one line of fifteen items per player: the mail
    says each round on a line of its own (in the HTML mail an item of a list), its points
    and what made them, in the reader's language."""
    speaks(bob, "fr")
    game = two_friends(alice, bob, commit)
    rng = random.Random(2)
    while not OBJECTIFS.is_terminal((now := store.load(game.pk, game.rules)).state):
        mover = min(OBJECTIFS.awaiting(now.state) - {OBJECTIFS.chance})
        action = OBJECTIFS.bot_action(now.state, mover, rng)
        game_submit(game_id=game.pk, seat=mover, action=action, expected_sequence=now.sequence)
    game.refresh_from_db()
    result = OBJECTIFS.outcome(store.load(game.pk, game.rules).state)
    assert result is not None
    mails = {
        user: compose(
            Notification.objects.create(
                game=game, sequence=game.last_sequence, recipient=user, kind="game-end"
            )
        )
        for user in (alice, bob)
    }
    english = mails[alice].body
    html = mails[alice].alternatives[0][0]  # type: ignore[index]
    french = mails[bob].body
    for seat in range(2):
        for round_no in range(1, 6):
            malus, hand, bonus = (
                line.points for line in result.breakdown[seat][3 * round_no - 3 : 3 * round_no]
            )
            total = number(malus + hand + bonus)
            said = (
                f"Round {round_no}: {total} (malus cards: {number(malus)}, cards left in "
                f"hand: {number(hand)}, objective: {number(bonus)})"
            )
            assert f"\n    {said}\n" in english
            assert f"<li>{said}</li>" in html
            assert (
                f"\n    Manche {round_no}\u00a0: {total} (cartes Malus\u00a0: {number(malus)}, "
                f"cartes restées en main\u00a0: {number(hand)}, objectif\u00a0: {number(bonus)})\n"
            ) in french
    scores = english.split("Won by ")[1].split("Replay it")[0]
    assert max(len(line) for line in scores.splitlines()) < 80


def facteur_x_moment(
    users: tuple[User, User, User],
    commit: Commit,
    keeps: Callable[[Any, int, Any], bool],
) -> tuple[Game, int, tuple[int, Any]]:
    """A three-player game played by the bots up to a moment when one seat is to move and
    another may lay a Facteur X out of turn that ``keeps`` (the state before it, the seat
    laying it, the state after it): the game, the seat to move, and that seat and
    Facteur X."""
    alice, *others = users
    game = game_open(creator=alice, name="Goals", rules="objectifs", config={"players": 3})
    for user in others:
        game_join(game=game, user=user, token=game.invite_token)
    commit(
        lambda: (game_start(game=game, by=alice, rng=random.Random(4)), consumers.dispatch(game.pk))
    )
    rng, chance = random.Random(4), random.Random(4)
    while True:
        now = store.load(game.pk, game.rules)
        awaited = awaited_in(now.state)
        facteurs = [
            (seat, action)
            for seat in sorted(out_of_turn_in(now.state))
            for action in OBJECTIFS.legal_actions(now.state, seat)
            if str(action).startswith("play")
            and keeps(now.state, seat, OBJECTIFS.apply(now.state, seat, action))
        ]
        if facteurs and len(awaited) == 1:
            (to_move,) = awaited
            return game, to_move, facteurs[0]
        mover = min(awaited)
        move = str(OBJECTIFS.bot_action(now.state, mover, rng))
        commit(lambda mover=mover, move=move: submit(game, mover, move, chance))


def awaited_in(state: Any) -> frozenset[int]:
    """The seats the game waits for (chance left out)."""
    return OBJECTIFS.awaiting(state) - {OBJECTIFS.chance}


def out_of_turn_in(state: Any) -> frozenset[int]:
    """The seats that may play out of turn, a Facteur X, without being waited for."""
    return OBJECTIFS.to_act(state) - awaited_in(state) - {OBJECTIFS.chance}


def test_a_facteur_x_out_of_turn_mails_the_player_still_to_move_the_pli_it_laid(
    alice: User, bob: User, mallory: User, commit: Commit
) -> None:
    """A Facteur X laid out of turn changes the pli the player to move must cover, and
    the reply to their last mail is no longer played. They are mailed the new pli at
    once, with an address that takes their reply, rather than waiting for nothing."""
    # The Facteur X of the seat just before: the turn stays where it was.
    game, waiting, (seat, facteur) = facteur_x_moment(
        (alice, bob, mallory),
        commit,
        lambda before, _seat, after: awaited_in(after) == awaited_in(before),
    )
    address = f"{NAMES[waiting]}@example.com"
    mail.outbox.clear()
    commit(lambda: submit(game, seat, str(facteur)))
    (message,) = [m for m in sent_to(address) if "your turn" in m.subject]
    assert "A Facteur X, out of turn!" in message.body
    deliver(commit, reply(message, "A"))
    assert outcome() == "played"


@pytest.mark.parametrize("language", ["en", "fr"])
def test_a_facteur_x_that_takes_a_players_turn_tells_them_it_is_no_longer_their_move(
    language: str, alice: User, bob: User, mallory: User, commit: Commit
) -> None:
    """A Facteur X laid out of turn by a player not just before the one to move takes
    their turn: failed before, their "your turn" mail stood unanswerable and nothing said
    so. They hear it at once, in one short mail, and nobody else gets one."""
    for user in (alice, bob, mallory):
        speaks(user, language)
    game, waiting, (seat, facteur) = facteur_x_moment(
        (alice, bob, mallory),
        commit,
        lambda before, _seat, after: not awaited_in(before) & OBJECTIFS.to_act(after),
    )
    mail.outbox.clear()
    commit(lambda: submit(game, seat, str(facteur)))
    (taken,) = [m for m in mail.outbox if m.to == [f"{NAMES[waiting]}@example.com"]]
    if language == "en":
        assert taken.subject == "Goals: no longer your move"
        assert f"{NAMES[seat]} played out of turn:" in taken.body
        assert "It is no longer your move; you will get a mail when it is." in taken.body
    else:
        assert taken.subject == "Goals\u00a0: ce n’est plus votre tour"
        assert f"{NAMES[seat]} a joué hors tour\u00a0:" in taken.body
        assert "Ce n’est plus votre tour" in taken.body
    assert not taken.reply_to, "nothing to answer"
    others = [m for m in mail.outbox if "longer" in m.subject or "plus votre" in m.subject]
    assert others == [taken]


def test_a_facteur_x_that_takes_another_players_chance_to_play_out_of_turn_tells_them(
    alice: User, bob: User, mallory: User, commit: Commit
) -> None:
    """Two players may lay a Facteur X out of turn, each mailed so when the chance came;
    one lays theirs and the other's chance is gone. Failed before: the consumer, reading
    the Facteur X alone (each move is dispatched after its own commit), knew nothing of
    the chance an earlier move had opened, and the other player's mail stood unanswerable
    with nothing saying so."""
    game, _to_move, (seat, facteur) = facteur_x_moment(
        (alice, bob, mallory),
        commit,
        lambda before, seat, after: bool(
            out_of_turn_in(before) - {seat} - OBJECTIFS.to_act(after) - awaited_in(after)
        ),
    )
    now = store.load(game.pk, game.rules).state
    (other,) = out_of_turn_in(now) - {seat}
    address = f"{NAMES[other]}@example.com"
    latest = Notification.objects.filter(game=game, recipient__email=address).latest("sequence")
    assert latest.kind == Notification.Kind.OUT_OF_TURN, "told of the chance when it came"
    mail.outbox.clear()
    commit(lambda: submit(game, seat, str(facteur)))
    (taken,) = sent_to(address)
    assert taken.subject == "Goals: your chance to play out of turn has passed"
    assert f"{NAMES[seat]} played out of turn:" in taken.body
    assert not taken.reply_to, "nothing to answer"


def test_a_french_reply_written_without_its_accents_still_names_the_move(
    alice: User, bob: User, commit: Commit
) -> None:
    """A phone's keyboard, or a habit, leaves the accents off: "completer les cartes Malus
    avec Echange" is the move the mail writes "compléter les cartes Malus avec Echange"."""
    speaks(bob, "fr")
    game = two_friends(alice, bob, commit)
    rng = random.Random(3)
    while True:
        message = french_turn_mail()
        accented = [
            (move, words)
            for move, words in re.findall(
                r"^ +(?:[A-H]  )?(\S.*?)\u00a0: (.+)$", message.body, re.M
            )
            if words != unidecoded(words)
        ]
        if accented:
            break
        # Another move: Bob's, by letter, and Alice's, by the bot.
        deliver(commit, reply(message, rng.choice(sorted(lettered(message))), language="fr"))
        now = store.load(game.pk, game.rules)
        while 1 not in OBJECTIFS.awaiting(now.state):
            move = str(OBJECTIFS.bot_action(now.state, 0, rng))
            commit(lambda move=move: submit(game, 0, move))
            now = store.load(game.pk, game.rules)
    move, words = accented[0]
    deliver(commit, reply(message, unidecoded(words).capitalize(), language="fr"))
    assert outcome() == "played"
    assert played(game, 1)[-1] == move


def unidecoded(text: str) -> str:
    """``text`` without its accents, as typed on a keyboard that has none."""
    return "".join(c for c in unicodedata.normalize("NFD", text) if unicodedata.category(c) != "Mn")


def test_a_move_of_another_step_is_refused_in_french_with_the_rule_as_its_own_sentence(
    alice: User, bob: User, commit: Commit
) -> None:
    """Laying a pli while the malus cards are being laid breaks a rule the refusal can only
    state: in French a sentence of its own, not a capital after a colon."""
    speaks(bob, "fr")
    game = two_friends(alice, bob, commit)
    deliver(commit, reply(french_turn_mail(), "play 13 13 13", language="fr"))
    assert outcome() == "illegal" and played(game, 1) == []
    assert (
        "Coup refusé. Ce coup appartient à un autre moment de la partie."
        in answer_to("bob@example.com").body
    )
