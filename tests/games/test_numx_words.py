"""NUM-X's sentences with a count say it in the singular or the plural, never "card(s)"."""

from django.utils import translation

from games.rulesets.numx.descriptions import next_pli


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
