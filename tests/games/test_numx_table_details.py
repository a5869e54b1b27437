"""What the NUM-X table says of the moment at a glance (issue #19, "What players of the best
sites miss"): which plis will score, what a Joker stands for, the last trick once it is
over, which face-down cards the viewer knows, and which drawn card must be played.

The games are dealt from a stacked deck, so that each position is the one the test names.
"""

import random
import re
from collections.abc import Callable
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client

from games.bots import play_bot_move
from games.engine.numx import Face, parse_action
from games.events import store
from games.lobby import game_join, game_open, game_start
from games.models import Game
from games.services import game_submit

from .conftest import finish

pytestmark = pytest.mark.django_db

Login = Callable[[User], Client]

ALICE = "red-1 blue-3 rainbow-3 yellow-10 yellow-11 yellow-12 yellow-13 yellow-14 yellow-15 "
ALICE += "yellow-16 green-10 green-11 green-12"
BOB = "red-2 joker red-5 blue-10 blue-11 blue-12 blue-13 blue-14 blue-15 blue-16 red-10 "
BOB += "red-11 red-12"
#: The top of the draw pile, under the two hands.
PILE = "green-7"


class StackedDeck(random.Random):
    """Deals ``top`` first (Alice's 13 cards, Bob's 13, then the pile's top), the rest of
    the box in its order."""

    def __init__(self, top: str) -> None:
        super().__init__(0)
        self.top = [Face.parse(name) for name in top.split()]

    def shuffle(self, x: list[Face]) -> None:  # type: ignore[override]
        rest = list(x)
        for face in self.top:
            rest.remove(face)
        x[:] = [*self.top, *rest]


@pytest.fixture
def stacked(alice: User, bob: User) -> Game:
    """A public two-player Speed Run dealt from the stacked deck, both picks made: Alice
    (red 1) and Bob (red 2) each have a face-up score card, and Alice, with the smallest
    unique pick, starts the first trick."""
    config = {"players": 2, "mode": "speed-run"}
    game = game_open(creator=alice, name="Stacked", config=config, public=True)
    game_join(game=game, user=bob, token=game.invite_token)
    game = game_start(game=game, by=alice, rng=StackedDeck(f"{ALICE} {BOB} {PILE}"))
    play(game, 0, "pick red-1")
    play(game, 1, "pick red-2")
    return game


def play(game: Game, seat: int, move: str) -> None:
    sequence = store.load(game.pk, game.rules).sequence
    game_submit(game_id=game.pk, seat=seat, action=parse_action(move), expected_sequence=sequence)


def page(client: Client, game: Game, language: str = "en") -> str:
    return client.get(f"/games/{game.pk}/", HTTP_ACCEPT_LANGUAGE=language).content.decode()


def section(html: str, css_class: str, tag: str) -> str:
    """The first ``<tag class="… css_class …">`` element of the page, whole."""
    found = re.search(rf'<{tag} class="[^"]*\b{css_class}\b[^"]*"[^>]*>.*?</{tag}>', html, re.S)
    assert found, f"no {tag}.{css_class} on the page"
    return found.group(0)


def labels(html: str) -> list[str]:
    return re.findall(r'aria-label="([^"]+)"', html)


def lay_the_first_trick(game: Game) -> None:
    """Alice lays blue 3 and Rainbow 3 (eligible), Bob a Joker and a red 5 (not)."""
    play(game, 0, "play blue-3 rainbow-3")
    play(game, 1, "play joker red-5")


def win_the_first_trick(game: Game) -> None:
    """The first trick, laid; Alice passes and Bob wins it: he hands the Rainbow 3 face down
    to Alice and the blue 3 face up to himself."""
    lay_the_first_trick(game)
    play(game, 0, "pass")
    play(game, 1, "distribute rainbow-3>0:down:left blue-3>1:up:right")


def test_the_plis_that_will_score_are_marked_and_a_joker_shows_its_value(
    alice: User, mallory: User, stacked: Game, as_user: Login
) -> None:
    lay_the_first_trick(stacked)

    for client in (as_user(alice), as_user(mallory)):
        html = page(client, stacked)
        first, second = re.findall(r"<li[^>]*>.*?</li>", section(html, "plis", "ol"), re.S)
        assert 'class="numx-eligible"' in first and "eligible" in first
        assert "eligible" not in second
        assert "Joker as 5" in labels(second)
        assert "J=5" in second
        assert "its numbered cards are the trick's score cards" in html

    french = page(as_user(alice), stacked, "fr")
    assert "Joker (valeur 5)" in french and "éligible" in french


def test_a_trick_without_an_eligible_pli_says_the_winner_hands_out_one_card(
    alice: User, stacked: Game, as_user: Login
) -> None:
    play(stacked, 0, "play yellow-10")

    html = page(as_user(alice), stacked)

    assert "eligible" not in section(html, "plis", "ol")
    assert "if none does, the winner hands out one card of the trick" in html


def test_the_last_trick_stays_on_the_table_with_its_plis_winner_and_score_cards(
    alice: User, bob: User, mallory: User, stacked: Game, as_user: Login
) -> None:
    assert "Last trick" not in page(as_user(alice), stacked)
    win_the_first_trick(stacked)

    pages = {
        "alice": page(as_user(alice), stacked),
        "bob": page(as_user(bob), stacked),
        "mallory": page(as_user(mallory), stacked),
    }
    for viewer, html in pages.items():
        last = section(html, "numx-last-trick", "details")
        assert "Last trick (trick 1), won by bob" in last, viewer
        # Laid for everyone to see: both plis, the Joker with its value.
        assert {"blue 3", "Rainbow 3", "Joker as 5", "red 5"} <= set(labels(last)), viewer
        assert "eligible" in last
        received = section(last, "numx-received", "ul")
        # Where the face-down card went is the winner's to know.
        expected = "Rainbow 3, face down" if viewer == "bob" else "a hidden card"
        assert re.findall(r'<span class="who">(\w+)</span>', received) == ["alice", "bob"]
        assert labels(received) == [expected, "blue 3"], viewer
        # The centre is clear: the last trick is shown open.
        assert re.match(r'<details class="numx-last-trick"[^>]* open>', last), viewer

    french = page(as_user(alice), stacked, "fr")
    assert "Dernier tour (tour 1), gagné par bob" in french
    assert "Cartes Score réparties\u00a0:" in french


def test_the_last_trick_is_in_the_api_view_with_the_face_down_card_to_its_winner_only(
    alice: User, bob: User, stacked: Game, as_user: Login
) -> None:
    win_the_first_trick(stacked)

    seen = {
        name: as_user(user).get(f"/api/games/{stacked.pk}/").json()["state"]["last_trick"]
        for name, user in (("alice", alice), ("bob", bob))
    }

    assert seen["bob"]["winner"] == 1
    assert [pli["eligible"] for pli in seen["bob"]["plis"]] == [True, False]
    assert seen["bob"]["handed"] == [
        {"seat": 0, "card": "rainbow-3", "face_up": False},
        {"seat": 1, "card": "blue-3", "face_up": True},
    ]
    assert seen["alice"]["handed"][0] == {"seat": 0, "card": None, "face_up": False}


def test_the_legend_says_which_face_down_cards_the_viewer_knows(
    alice: User, bob: User, mallory: User, stacked: Game, as_user: Login
) -> None:
    assert "Face-down score cards" not in page(as_user(alice), stacked)
    win_the_first_trick(stacked)

    bob_sees = section(page(as_user(bob), stacked), "numx-legend", "p")
    assert "one you know (you placed it or saw it)" in bob_sees
    assert "one you do not know" not in bob_sees
    # Alice owns the card but never looked at it, nor did Mallory, watching.
    for user in (alice, mallory):
        legend = section(page(as_user(user), stacked), "numx-legend", "p")
        assert "one you do not know: its back" in legend
        assert "one you know" not in legend
    french = section(page(as_user(alice), stacked, "fr"), "numx-legend", "p")
    assert "une carte que vous ne connaissez pas\u00a0: son dos" in french


def test_after_a_draw_the_page_names_the_card_that_must_be_played_to_its_drawer_only(
    alice: User, bob: User, stacked: Game, as_user: Login
) -> None:
    play(stacked, 0, "draw")  # the green 7: it can open the trick, so it must be played

    alice_sees = page(as_user(alice), stacked)
    assert "Play the card you drew, green 7: a drawn card that can be played must be" in (
        alice_sees
    )
    drawn = section(alice_sees, "numx-drawn", "p")
    assert "You drew this card and must play it now" in drawn
    assert labels(drawn) == ["green 7"]
    bob_sees = page(as_user(bob), stacked)
    assert "alice drew a card that can be played, and must play it now." in bob_sees
    assert "green 7" not in bob_sees and "green-7" not in bob_sees
    french = page(as_user(alice), stacked, "fr")
    assert "Jouez la carte que vous avez piochée, vert 7\u00a0:" in french


def test_a_finished_games_replay_names_the_drawn_card_to_everyone(
    mallory: User, stacked: Game, as_user: Login
) -> None:
    play(stacked, 0, "draw")
    drew = store.load(stacked.pk, stacked.rules).sequence
    finish(stacked)

    html = as_user(mallory).get(f"/games/{stacked.pk}/replay/?step={drew}").content.decode()

    drawn = section(html, "numx-drawn", "p")
    assert "alice drew this card and must play it now:" in drawn
    assert labels(drawn) == ["green 7"]


def test_a_distribution_of_one_card_says_hand_it_out_not_one_of_these_one_cards(
    alice: User, stacked: Game, as_user: Login
) -> None:
    """Alice lays the Rainbow 3 alone, Bob passes: she hands out the trick's one card."""
    play(stacked, 0, "play rainbow-3")
    play(stacked, 1, "pass")

    html = page(as_user(alice), stacked)

    rule = section(html, "rule", "p")
    assert "Hand out this card." in rule
    assert "of these 1 cards" not in html
    assert "Distribuez cette carte." in page(as_user(alice), stacked, "fr")


def x_game(alice: User, bob: User) -> Game:
    """A started two-player X-Game between Alice and Bob, to be played by bots' moves."""
    game = game_open(creator=alice, name="Two rounds", config={"players": 2, "mode": "x-game"})
    game_join(game=game, user=bob, token=game.invite_token)
    return game_start(game=game, by=alice, rng=random.Random(4))


def state_of(game: Game) -> Any:
    return store.load(game.pk, game.rules).state


def play_until(game: Game, rng: random.Random, done: Callable[[Any], bool]) -> Any:
    """Bots' moves for both seats until ``done(state)``; the state then."""
    while not done(state_of(game)):
        assert play_bot_move(game, rng)
    return state_of(game)


def test_between_x_games_rounds_the_table_names_no_trick(
    alice: User, bob: User, as_user: Login
) -> None:
    game = x_game(alice, bob)
    play_until(game, random.Random(9), lambda state: state.phase.value == "between-rounds")

    # Round 1 is over and round 2 not yet started: no trick is being played.
    for language, says in (("en", "Between rounds 1 and 2"), ("fr", "Entre les manches 1 et 2")):
        centre = section(page(as_user(alice), game, language), "centre", "section")
        assert re.findall(r"<h2>(.*?)</h2>", centre) == [says]


def test_x_game_round_two_counts_its_tricks_from_one(
    alice: User, bob: User, as_user: Login
) -> None:
    game = x_game(alice, bob)
    rng = random.Random(9)
    state = play_until(game, rng, lambda state: (state.round_no, state.phase.value) == (2, "play"))
    round_one = state.tricks
    assert round_one > 1

    html = page(as_user(alice), game)
    assert re.findall(r"Round 2, trick \d+", html) == ["Round 2, trick 1"]
    # Round 1's last trick is still on the table: it says which round it was of.
    last = section(html, "numx-last-trick", "details")
    assert re.search(rf"Last trick \(round 1, trick {round_one}\), won by (alice|bob)", last)
    french = section(page(as_user(alice), game, "fr"), "numx-last-trick", "details")
    assert f"Dernier tour (manche 1, tour {round_one}), gagné par" in french

    play_until(game, rng, lambda state: state.tricks > round_one)

    html = page(as_user(alice), game)
    assert re.findall(r"Round 2, trick \d+", html) == ["Round 2, trick 2"]
    assert re.search(r"Last trick \(trick 1\), won by (alice|bob)", html)


def test_the_opening_pick_says_what_the_picked_card_becomes(
    duel: Game, as_user: Login, alice: User
) -> None:
    """A newcomer choosing a card for the opening pick reads that it becomes their first
    score card and that the smallest card picked by nobody else decides who starts, in
    English and in French."""
    for language, says in (
        ("en", ("your first score card", "smallest number")),
        ("fr", ("votre première carte Score", "plus petit nombre")),
    ):
        html = page(as_user(alice), duel, language)
        for words in says:
            assert words in html
