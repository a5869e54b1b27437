"""NUM-X's "How to play", at the top of its rules page, says what the engine does, in English
and in French: how an X-Game's two rounds are scored and joined, how far a trick's winner
may favour one player, and how teams play."""

from __future__ import annotations

import pytest

from tests.howto import how_to_play

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("language", "when", "counted_once", "between", "starter", "added_up"),
    [
        (
            "en",
            "When the game ends, each player's score cards count",
            "X-Game plays its two rounds on the same score rows, counted once, at the end",
            "refill their hand to 10 cards, or discard it and draw 10 new ones",
            "round 2 starts with the player holding the smallest unique face-up score card",
            "adds up its two rounds",
        ),
        (
            "fr",
            "À la fin de la partie, les cartes Score de chacun comptent",
            "En X-Game, les deux manches se jouent sur les mêmes rangées de cartes Score, "
            "comptées une seule fois, à la fin",
            "de compléter sa main à 10 cartes, ou de la défausser et piocher 10 nouvelles cartes",
            "la manche 2 commence par le joueur qui a la plus petite carte Score face visible "
            "dont la valeur est unique",
            "additionne ses deux manches",
        ),
    ],
)
def test_how_to_play_says_an_x_game_counts_its_rows_once_and_what_comes_between_rounds(
    language: str, when: str, counted_once: str, between: str, starter: str, added_up: str
) -> None:
    """The engine keeps round 1's score rows into round 2 and scores them once, at the end
    of the game, not of each round (round 1's blue 6 and round 2's red 6 cancel): adding up
    each round's score would rank players otherwise. Between the rounds each player refills
    or resets, and round 2's starter is chosen among the face-up score cards."""
    words = how_to_play("numx", language)

    assert when in words
    assert counted_once in words
    assert between in words
    assert starter in words
    assert added_up not in words


@pytest.mark.parametrize(
    ("language", "cap", "blank"),
    [
        (
            "en",
            "with two cards or more, never more than half to one player",
            "A trick without such a pli gives one score card: its winner picks one of its numbered "
            "cards and hands it out the same way, to whom they like, themselves included",
        ),
        (
            "fr",
            "à partir de deux cartes, jamais plus de la moitié à un même joueur",
            "Un tour sans pli de ce genre donne une seule carte Score : son vainqueur choisit une "
            "de ses cartes numérotées et la donne de la même façon, à qui il veut, lui compris",
        ),
    ],
)
def test_how_to_play_says_a_single_score_card_may_go_to_anyone_and_a_blank_trick_gives_one(
    language: str, cap: str, blank: str
) -> None:
    """The half-per-player cap holds from two eligible cards (a single one goes to anyone,
    the winner included), and a trick with no eligible pli still gives one score card."""
    words = how_to_play("numx", language)

    assert cap in words
    assert blank in words


@pytest.mark.parametrize(
    ("language", "teams"),
    [
        (
            "en",
            "Any mode may be played in teams of two, at 4 or 6 players: partners sit opposite "
            "each other, and their score cards are merged before the count.",
        ),
        (
            "fr",
            "Tous les modes se jouent aussi en équipes de deux, à 4 ou 6 joueurs : les "
            "partenaires sont assis face à face, et leurs cartes Score sont réunies avant le "
            "décompte.",
        ),
    ],
)
def test_how_to_play_says_how_teams_play(language: str, teams: str) -> None:
    """The new-game form offers teams; the engine seats partners opposite (play alternates
    between teams) and counts a team's merged rows (*fusionnez vos cartes Score avant le
    décompte final*)."""
    assert teams in how_to_play("numx", language)
