"""NUM-X's sentences with a count say it in the singular or the plural, never "card(s)";
the centre speaks of the phase the game is in; a refusal says what was wrong in the
reader's language."""

import pytest
from django.utils import translation

from games.descriptions import refusal
from games.engine.numx import Face, IllegalAction
from games.rulesets.numx.descriptions import malus_help, next_pli, position
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
        ("fr", "Coup refusé\u00a0: vous n’avez aucune carte bleu 7 (Vous ne pouvez poser que des"),
    ],
)
def test_a_refusal_names_the_card_in_the_readers_language(language: str, said: str) -> None:
    error = IllegalAction("hand.has-cards", "you hold no %(card)s", card=Face.parse("blue-7"))
    with translation.override(language):
        assert said in refusal(error, SITE.refusal_argument)


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("en", "Not allowed: The game is over: nothing more can be played."),
        ("fr", "Coup refusé. La partie est terminée\u00a0: plus rien ne peut être joué."),
    ],
)
def test_a_refusal_the_rule_already_says_is_said_once(language: str, said: str) -> None:
    with translation.override(language):
        assert refusal(IllegalAction("game.over", "the game is over")) == said


def mail_view(**view: object) -> dict[str, object]:
    """A seat's view as the "your turn" mail reads it: seat 0 of two, no card anywhere."""
    return {
        "seat": 0,
        "phase": "play",
        "config": {},
        "plis": [],
        "hands": [[], None],
        "rows": [[], []],
    } | view


def test_the_mail_says_what_a_joker_on_top_stands_for_and_what_beats_it() -> None:
    """Nothing else tells a player who plays by email what the Joker was laid as."""
    pli = {
        "seat": 1,
        "cards": ["joker", "blue-12"],
        "value": 12,
        "completed_by": None,
        "eligible": False,
    }
    said = position(mail_view(plis=[pli]), ["alice", "bob"])
    assert "The pli on top: Joker as 12 and blue 12." in said
    assert "Next pli: higher than 12, with 2 cards" in said


def test_the_malus_help_says_which_position_is_which_score_card() -> None:
    """The mail numbers score cards from 1, as moves name them; ``remove`` counts from 0."""
    rows = [[{"card": "blue-7", "face_up": True}, {"card": "red-3", "face_up": True}], []]
    pending = {"kind": "malus", "cards": [], "discard": 0, "remove": 1}
    said = malus_help(mail_view(rows=rows, pending=pending, hands=[["red-9"], None]))
    assert "0 for your score card 1 above, 1 for your card 2" in said
    assert said.endswith("For example: resolve remove 0")


@pytest.mark.parametrize(
    ("language", "empty", "held"),
    [
        ("en", "You hold no card.", "You hold blue 7."),
        ("fr", "Vous n’avez aucune carte en main.", "Vous avez en main bleu 7."),
    ],
)
def test_the_mail_says_an_empty_hand_as_a_sentence_of_its_own(
    language: str, empty: str, held: str
) -> None:
    """French negates the verb for an empty hand: "Vous avez en main aucune carte" is not
    French."""
    with translation.override(language):
        assert empty in position(mail_view(), ["alice", "bob"])
        assert held in position(mail_view(hands=[["blue-7"], None]), ["alice", "bob"])


def test_a_draw_in_the_history_is_a_french_sentence_for_you_and_for_another() -> None:
    """« Bob (pioche) : 1 carte. » was a label where French says a sentence, its verb
    agreeing with its subject, as it does for "you"."""
    names = ["Alice", "Bob"]

    def drawn(seat: int, viewer: int | None, taken: list[str | None]) -> str:
        entry = {
            "type": "draw",
            "seat": seat,
            "action": {"type": "draw"},
            "facts": {"from_pile": {str(seat): taken}},
        }
        return SITE.describe_event(entry, names, viewer, {"players": 2}).replace("\u00a0", " ")

    with translation.override("fr"):
        assert drawn(0, 0, ["blue-7"]).endswith("Vous avez pioché bleu 7.")
        assert drawn(1, 0, [None]).endswith("Bob a pioché 1 carte.")
    with translation.override("en"):
        assert drawn(1, None, ["blue-7"]).endswith("Bob drew blue 7.")
