"""A player reads of their own seat as "you" in Maya's and NUM-X's history and mails: a
guess at their secret number, an Eclair taking one of their score cards (the Eclair's
player swaps their "own" card, the same words on the move's button), a card played on
them or handed to them, the round they ended. Everyone else reads the player's name."""

from __future__ import annotations

import pytest
from django.utils import translation

from games.rulesets.maya.site import SITE as MAYA
from games.rulesets.numx.site import SITE as NUMX

NAMES = ["alice", "bob"]
NBSP = "\u00a0"
MAYA_CONFIG = {"players": 2, "expert": True}
NUMX_CONFIG = {"players": 2}


def entry(seat: int, action: dict[str, object], kind: str = "move") -> dict[str, object]:
    """A recorded move of ``seat`` as the history reads it."""
    return {"seat": seat, "type": kind, "action": action}


#: Bob's wrong guess at Alice's secret number: Alice wins his token, 3.
WRONG_GUESS = entry(
    1, {"type": "guess", "target": 0, "number": 7, "effects": {"right": False, "token": 3}}
)


@pytest.mark.parametrize(
    ("language", "alice_reads", "bob_reads"),
    [
        (
            "en",
            "bob: guess that your secret number is 7. Wrong: you win the guesser's token, 3.",
            "You: guess that the secret number of alice is 7. Wrong: alice wins the guesser's "
            "token, 3.",
        ),
        (
            "fr",
            f"bob{NBSP}: deviner que votre nombre secret est 7. Faux{NBSP}: vous gagnez le jeton "
            "de celui qui a deviné, 3.",
            f"Vous{NBSP}: deviner que le nombre secret tenu par alice est 7. Faux{NBSP}: alice "
            "gagne le jeton de celui qui a deviné, 3.",
        ),
    ],
)
def test_a_guess_at_my_secret_number_says_mine(
    language: str, alice_reads: str, bob_reads: str
) -> None:
    with translation.override(language):
        assert MAYA.describe_event(WRONG_GUESS, NAMES, 0, MAYA_CONFIG) == alice_reads
        assert MAYA.describe_event(WRONG_GUESS, NAMES, 1, MAYA_CONFIG) == bob_reads


def test_a_spectator_reads_every_name() -> None:
    with translation.override("en"):
        said = MAYA.describe_event(WRONG_GUESS, NAMES, None, MAYA_CONFIG)
    assert said.startswith("bob: guess that the secret number of alice is 7.")
    assert "you" not in said.lower()


def test_the_dealer_reads_that_they_choose_the_count() -> None:
    deal = entry(-1, {"type": "deal"})
    deal["facts"] = {"start": {"card": "joker", "count": None}}
    with translation.override("en"):
        assert "Joker is turned up: you, the dealer, choose the starting count." in (
            MAYA.describe_event(deal, NAMES, 1, MAYA_CONFIG)
        )
        assert "Joker is turned up: bob, the dealer, chooses the starting count." in (
            MAYA.describe_event(deal, NAMES, 0, MAYA_CONFIG)
        )


ECLAIR = {"type": "eclair", "mine": 0, "theirs": 1, "target": 0}
#: Alice's own Eclair on Bob, as her move's button says it.
MY_ECLAIR = {"type": "eclair", "mine": 2, "theirs": 0, "target": 1}


@pytest.mark.parametrize(
    ("language", "alice_reads", "carol_reads", "alice_button"),
    [
        (
            "en",
            "bob: play Eclair with you: swap own score card 1 for your score card 2.",
            "bob: play Eclair with alice: swap own score card 1 for their score card 2.",
            "play Eclair with bob: swap own score card 3 for their score card 1",
        ),
        (
            "fr",
            f"bob{NBSP}: jouer Éclair avec vous{NBSP}: échanger sa propre carte Score n°{NBSP}1 "
            f"contre votre carte Score n°{NBSP}2.",
            f"bob{NBSP}: jouer Éclair avec alice{NBSP}: échanger sa propre carte Score n°{NBSP}1 "
            f"contre la sienne, n°{NBSP}2.",
            f"jouer Éclair avec bob{NBSP}: échanger sa propre carte Score n°{NBSP}3 contre la "
            f"sienne, n°{NBSP}1",
        ),
    ],
)
def test_an_eclair_says_whose_score_cards_it_swaps(
    language: str, alice_reads: str, carol_reads: str, alice_button: str
) -> None:
    # One sentence serves the player's own move button and everyone's history: the actor's
    # card is their "own", never "my" (which, in the history, would be the reader's).
    with translation.override(language):
        assert NUMX.describe_event(entry(1, ECLAIR), NAMES, 0, NUMX_CONFIG) == alice_reads
        assert NUMX.describe_event(entry(1, ECLAIR), NAMES, None, NUMX_CONFIG) == carol_reads
        assert NUMX.describe_action(MY_ECLAIR, NAMES, NUMX_CONFIG, 0) == alice_button


def test_a_card_played_on_me_or_handed_to_me_names_me_you() -> None:
    flip = {"type": "flip", "target": 0}
    handed = {
        "type": "distribute",
        "placements": [{"card": "blue-7", "seat": 0, "face_up": True}],
    }
    with translation.override("en"):
        assert NUMX.describe_action(flip, NAMES, NUMX_CONFIG, 0) == "play Flip on you"
        assert NUMX.describe_action(flip, NAMES, NUMX_CONFIG, 1) == "play Flip on alice"
        assert NUMX.describe_event(entry(1, handed), NAMES, 0, NUMX_CONFIG) == (
            "bob: hand out blue 7 to you (face up)."
        )
    with translation.override("fr"):
        assert NUMX.describe_action(flip, NAMES, NUMX_CONFIG, 0) == "jouer Flip sur vous"


def test_the_round_i_ended_says_i_laid_my_last_card() -> None:
    ended = entry(-1, {"round": 1, "termination": "out", "seat": 0}, kind="round-ended")
    with translation.override("en"):
        assert NUMX.describe_event(ended, NAMES, 0, NUMX_CONFIG) == (
            "Round 1 ends: you have laid your last card."
        )
        assert NUMX.describe_event(ended, NAMES, 1, NUMX_CONFIG) == (
            "Round 1 ends: alice has laid their last card."
        )
    with translation.override("fr"):
        assert NUMX.describe_event(ended, NAMES, 0, NUMX_CONFIG) == (
            f"Fin de la manche 1{NBSP}: vous avez posé votre dernière carte."
        )


TEAM_NAMES = ["alice", "bob", "carol", "dave"]
#: Four players in two teams: partners sit opposite (alice and carol, bob and dave).
TEAMS_CONFIG = {"players": 4, "teams": True}
BLOCK_BETWEEN = {"type": "block", "target": "between"}
#: Bob takes back his score card 1 and plays it, a Block, on the players between.
TAKEN_BLOCK = {"type": "take", "index": 0, "play": BLOCK_BETWEEN}


@pytest.mark.parametrize(
    ("language", "alice_reads", "carol_reads", "bob_reads", "alice_button", "dave_reads"),
    [
        (
            "en",
            "You: play Block on the players between you and your partner.",
            "alice: play Block on the players between alice and you.",
            "alice: play Block on the players between alice and their partner carol.",
            "play Block on the players between you and your partner",
            "bob: take back score card 1 and play Block on the players between bob and you.",
        ),
        (
            "fr",
            f"Vous{NBSP}: jouer Block sur les joueurs entre vous et votre partenaire.",
            f"alice{NBSP}: jouer Block sur les joueurs entre alice et vous.",
            f"alice{NBSP}: jouer Block sur les joueurs entre les partenaires alice et carol.",
            "jouer Block sur les joueurs entre vous et votre partenaire",
            f"bob{NBSP}: récupérer la carte Score n°{NBSP}1 et jouer Block sur les joueurs "
            "entre bob et vous.",
        ),
    ],
)
def test_a_block_between_partners_names_them_as_each_reader_knows_them(
    language: str,
    alice_reads: str,
    carol_reads: str,
    bob_reads: str,
    alice_button: str,
    dave_reads: str,
) -> None:
    # The same record is everyone's history: "me and my partner" was true for its player
    # alone. Its player reads "you", their partner "you" beside the player's name, anyone
    # else (an opponent, a spectator) both partners' names.
    blocked = entry(0, BLOCK_BETWEEN)
    with translation.override(language):
        assert NUMX.describe_event(blocked, TEAM_NAMES, 0, TEAMS_CONFIG) == alice_reads
        assert NUMX.describe_event(blocked, TEAM_NAMES, 2, TEAMS_CONFIG) == carol_reads
        assert NUMX.describe_event(blocked, TEAM_NAMES, 1, TEAMS_CONFIG) == bob_reads
        assert NUMX.describe_event(blocked, TEAM_NAMES, None, TEAMS_CONFIG) == bob_reads
        assert NUMX.describe_action(BLOCK_BETWEEN, TEAM_NAMES, TEAMS_CONFIG, 0) == alice_button
        assert NUMX.describe_event(entry(1, TAKEN_BLOCK), TEAM_NAMES, 3, TEAMS_CONFIG) == (
            dave_reads
        )
