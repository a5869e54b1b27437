"""Numenko's "How to play", at the top of its rules page, says what the engine does, in
English and in French: at a table in rounds and at a live one."""

from __future__ import annotations

import pytest

from tests.howto import how_to_play

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("language", "live_turn", "live_end"),
    [
        (
            "en",
            "At a live table there are no rounds: each move counts as it arrives",
            "at a live table, once every player's last move asked for nothing",
        ),
        (
            "fr",
            "À une table en direct, il n’y a pas de tours : chaque coup compte dès qu’il arrive",
            "à une table en direct, dès que le dernier coup de chaque joueur n’a rien demandé",
        ),
    ],
)
def test_how_to_play_says_how_a_live_table_plays_and_ends(
    language: str, live_turn: str, live_end: str
) -> None:
    """A live table, which the lobby offers, has no rounds: the engine counts each move as it
    arrives and stops the game once every player is content, not after a round."""
    words = how_to_play("numenko", language)

    assert live_turn in words
    assert live_end in words


def test_how_to_play_speaks_of_rounds_as_tours_in_french() -> None:
    """The French page names a round as the table, the mails and the rules' list do."""
    words = how_to_play("numenko", "fr")

    assert "manche" not in words
    assert "par tours" in words
