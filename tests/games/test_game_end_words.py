"""How every game's history, mails and replay say its end: the winners named as the reader
reads every other seat ("you" for their own), "Winners" when several share the win."""

from __future__ import annotations

import pytest
from django.utils import translation

from games.registry import game_ids, game_type

NAMES = ["Alice", "Bob", "Bot 3"]
NBSP = "\u00a0"


def said(game: str, winners: list[int], viewer: int | None, language: str = "en") -> str:
    """The end of a three-seat ``game`` won by ``winners``, as ``viewer`` reads it."""
    entry = {"seat": -1, "type": "game-ended", "action": {"scores": [3, 3, 3], "winners": winners}}
    with translation.override(language):
        return game_type(game).site.describe_event(entry, NAMES, viewer, {"players": 3})


@pytest.mark.parametrize("game", game_ids())
def test_the_winner_reads_that_they_won(game: str) -> None:
    assert said(game, [0], 0) == "The game is over. You won."
    assert said(game, [0], 1) == "The game is over. Winner: Alice."
    assert said(game, [0], None) == "The game is over. Winner: Alice."
    assert said(game, [0], 0, "fr") == "La partie est terminée. Vous avez gagné."


@pytest.mark.parametrize("game", game_ids())
def test_a_shared_win_names_its_winners(game: str) -> None:
    assert said(game, [0, 1, 2], None) == "The game is over. Winners: Alice, Bob and Bot 3."
    assert said(game, [0, 2], 2) == "The game is over. Winners: Alice and you."
    assert said(game, [0, 2], 2, "fr") == f"La partie est terminée. Victoire{NBSP}: Alice et vous."
