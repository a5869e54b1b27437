"""NUM-X's sentences with a count say it in the singular or the plural, never "card(s)";
the centre speaks of the phase the game is in; a refusal says what was wrong in the
reader's language."""

import pytest
from django.utils import translation

from games.descriptions import refusal
from games.engine.numx import Face, IllegalAction
from games.rulesets.numx.descriptions import next_pli
from games.rulesets.numx.site import SITE


def centre(*cards: str) -> dict[str, object]:
    """A table's view whose last pli is ``cards``, worth 7."""
    return {"plis": [{"value": 7, "cards": list(cards)}]}


def test_the_next_pli_is_said_with_one_card_or_with_cards() -> None:
    with translation.override("en"):
        assert "higher than 7, with 1 card (one more" in next_pli(centre("7"))
        assert "higher than 7, with 2 cards (one more" in next_pli(centre("3", "4"))
        assert "(s)" not in next_pli(centre("7")) + next_pli(centre("3", "4"))


def test_in_french_too() -> None:
    with translation.override("fr"):
        assert "avec 1 carte (une de plus" in next_pli(centre("7"))
        assert "avec 2 cartes (une de plus" in next_pli(centre("3", "4"))


def test_the_centre_speaks_of_the_pick_during_the_pick_not_of_a_trick() -> None:
    with translation.override("en"):
        said = next_pli({"phase": "opening-pick", "plis": []})
    assert "opening pick" in said and "trick" not in said


def test_the_centre_speaks_of_the_distribution_during_it_not_of_a_next_pli() -> None:
    with translation.override("en"):
        said = next_pli({"phase": "distribution", **centre("7")})
    assert "hands out the score cards" in said and "Next pli" not in said


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("en", "Not allowed: you hold no blue 7 (You can only lay cards you hold.)"),
        ("fr", "Coup refusé\u00a0: vous n’avez pas de bleu 7 (Vous ne pouvez poser que des"),
    ],
)
def test_a_refusal_names_the_card_in_the_readers_language(language: str, said: str) -> None:
    error = IllegalAction("hand.has-cards", "you hold no %(card)s", card=Face.parse("blue-7"))
    with translation.override(language):
        assert said in refusal(error, SITE.refusal_argument)
