"""NUM-X Objectifs' rules page (/rules/objectifs/), in English and in French, says what the
table lets players do: each card's line in "How to play" matches the moves the engine
takes and refuses."""

from __future__ import annotations

import html
import re

import pytest
from django.test import Client

from games.engine.objectifs import IllegalAction, apply, parse_action
from games.engine.objectifs.positions import arrange

pytestmark = pytest.mark.django_db


def howto(language: str) -> str:
    """The "How to play" section of the rules page in ``language``, as text."""
    page = Client(headers={"accept-language": language}).get("/rules/objectifs/")
    assert page.status_code == 200
    section = page.content.decode().split('id="how-to-play"', 1)[1].split("</section>", 1)[0]
    return re.sub(r"[ \t\r\n]+", " ", html.unescape(re.sub(r"<[^>]+>", " ", section)))


def test_the_echange_line_says_it_swaps_with_one_player_or_turns_everyones() -> None:
    state = arrange(["echange 5 6", "7 8", "9 10"], ["1 2", "3 4", "11 12"])
    swapped = apply(state, 0, parse_action("echange 2"))
    assert [list(map(str, row)) for row in swapped.rows] == [["11", "12"], ["3", "4"], ["1", "2"]]
    with pytest.raises(IllegalAction):
        apply(state, 0, parse_action("echange 2 right"))  # one player: a swap, no way

    assert (
        "Echange: swaps your malus cards with another player's, or turns everyone's to the "
        "right or to the left." in howto("en")
    )
    assert (
        "Echange\u00a0: échange vos cartes Malus avec celles d’un autre joueur, ou fait "
        "tourner celles de tous vers la droite ou la gauche." in howto("fr")
    )


def test_the_x_joker_line_says_a_lone_one_goes_lower_or_higher_on_a_single_card() -> None:
    single = arrange(["joker 5 6", "7 8"], ["1 2", "3 4"], turn=1)
    single = apply(single, 1, parse_action("play 7"))
    lower = apply(single, 0, parse_action("play joker as 2")).trick.top
    assert lower is not None and lower.value == 2
    with pytest.raises(IllegalAction):
        apply(single, 0, parse_action("play joker as 7"))  # not the same value
    pair = arrange(["joker 5 6", "7 7 8"], ["1 2", "3 4"], turn=1)
    pair = apply(pair, 1, parse_action("play 7 7"))
    with pytest.raises(IllegalAction):
        apply(pair, 0, parse_action("play joker as 12"))  # one card does not cover two

    assert (
        "X-Joker: takes the value of the classic cards it is laid with; without them, the "
        "value you name: any to open a trick, and alone on a single card any other value, "
        "lower or higher." in howto("en")
    )
    assert (
        "X-Joker\u00a0: prend la valeur des cartes classiques avec lesquelles il est posé\u00a0; "
        "sans elles, la valeur que vous annoncez\u00a0: n’importe laquelle pour ouvrir un tour, "
        "et, seul sur une carte seule, toute autre valeur, inférieure ou supérieure." in howto("fr")
    )


def test_the_end_says_a_last_card_laid_completing_malus_cards_plays_on() -> None:
    state = arrange(["5 6", "8 9", "10 11"], ["1 12", "3 9", "6 6"])
    for seat, move in ((0, "play 5"), (1, "pass"), (2, "play 12@0"), (0, "pass"), (1, "pass")):
        state = apply(state, seat, parse_action(move))
    state = apply(state, 0, parse_action("replace 6"))  # seat 0's last card
    assert not state.hands[0] and not state.results, "the round goes on"

    assert (
        "A round ends at once when a player has no card left, in hand or in front of them, "
        "or when a trick ends with a player holding no card. A player whose last card goes "
        "to complete their malus cards plays on, with the malus cards on the table. When the "
        "round ends, the players still holding cards complete their malus cards; then each "
        "player scores" in howto("en")
    )
    assert (
        "Une manche s’arrête aussitôt quand un joueur n’a plus aucune carte, en main ni "
        "devant lui, ou quand un tour se termine alors qu’un joueur n’a plus de carte en main. "
        "Un joueur dont la dernière carte sert à compléter ses cartes Malus continue de jouer, "
        "avec les cartes Malus du plateau. À la fin de la manche, ceux qui ont encore des "
        "cartes en main complètent leurs cartes Malus, puis chacun marque" in howto("fr")
    )
