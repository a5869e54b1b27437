"""Numenko's moves, events and table in words, in English and in French: what a move did
(a secret one only that it was made, a hidden tile as "a tile"), the deal and the draws
(one's own tiles, the others' count), a round served, the scores, the options."""

from __future__ import annotations

import pytest
from django.utils import translation

from games.rulesets.numenko import descriptions

NAMES = ["Alice", "Bob", "Carol"]
ROUND = {
    "round": 3,
    "order": [1, 0],
    "asked": ["fini", "exchange", None],
    "served": [False, True, False],
    "grids": [["2x4=8"], [], ["1+1=2", "..x..", "..1=2"]],
}


def said(entry: dict[str, object], viewer: int | None = 0) -> str:
    return descriptions.event({"facts": {}, **entry}, NAMES, viewer)


def test_moves_in_english() -> None:
    action = descriptions.action
    assert action({"type": "play"}, NAMES) == (
        "move, in secret until everyone has moved this round"
    )
    move = {"type": "play", "grid": ["2x4=8", "..+..", "..1=9"], "exchange": "M", "fini": False}
    assert action(move, NAMES) == (
        "lay out the grid “2x4=8 / ..+.. / ..1=9” and exchange a Multichoice"
    )
    assert action({"type": "play", "grid": None, "exchange": "?", "fini": False}, NAMES) == (
        "keep the grid and exchange a tile"
    )
    assert action({"type": "play", "grid": [], "exchange": None, "fini": False}, NAMES) == (
        "take every tile back into the hand and ask for nothing"
    )
    assert action({"type": "play", "grid": ["1+1=2"], "exchange": None, "fini": True}, NAMES) == (
        "lay out the grid “1+1=2” and say fini"
    )


def test_the_deal_and_the_draws_say_ones_own_tiles_and_the_others_count() -> None:
    deal = {"type": "deal", "hands": ["0123456789MMMMM01234", None, None], "sizes": [20] * 3}
    assert said({"type": "deal", "seat": -1, "action": deal, "facts": {"pot": 95}}) == (
        "Chance: deal 20 tiles and a Freechoice to each player. Your tiles: "
        "0 1 2 3 4 5 6 7 8 9 M M M M M 0 1 2 3 4 and a Freechoice. The pot holds 95 tiles."
    )
    draw = {"type": "draw", "order": [1, 0, 2], "tiles": [None, "7MM", None], "sizes": [2, 4, 0]}
    assert said({"type": "draw", "seat": -1, "action": draw}) == (
        "Chance: serve the requests in the order drawn: Bob, you, Carol. Bob draws 2 tiles. "
        "You draw 7 and 2 Multichoices. The pot cannot serve Carol: the game stops."
    )


def test_a_single_request_served_is_no_order_drawn() -> None:
    """A live table serves each request as it arrives, and a round may hold one request
    only: chance drew no order, so none is said."""
    mine = {"type": "draw", "order": [1], "tiles": ["7M"], "sizes": [2]}
    hidden = {"type": "draw", "order": [1], "tiles": [None], "sizes": [2]}
    assert said({"type": "draw", "seat": -1, "action": mine}, viewer=1) == (
        "Chance: serve your request. You draw 7 and a Multichoice."
    )
    assert said({"type": "draw", "seat": -1, "action": hidden}, viewer=0) == (
        "Chance: serve Bob’s request. Bob draws 2 tiles."
    )
    with translation.override("fr"):
        assert said({"type": "draw", "seat": -1, "action": mine}, viewer=1) == (
            "Hasard\u00a0: servir votre demande. Vous piochez 7 et un Multichoice."
        )
        assert said({"type": "draw", "seat": -1, "action": hidden}, viewer=0) == (
            "Hasard\u00a0: servir Bob. Bob pioche 2 tuiles."
        )


def test_a_round_served_says_every_grid_and_the_order() -> None:
    assert said({"type": "round-ended", "seat": None, "action": ROUND}, viewer=2) == (
        "Round 3 is over: every grid shows. The grids now: Alice: “2x4=8” · Bob: an empty grid · "
        "you: “1+1=2 / ..x.. / ..1=2”. Requests served in the order drawn: Bob (exchange), "
        "Alice (fini, not served)."
    )


def test_scores_and_options_in_english() -> None:
    assert descriptions.score(-17) == "17 points in hand"
    assert descriptions.score(1) == "game over: no tile left"
    assert descriptions.score_rule("numenko.freechoices") == "Freechoices in hand (10 each)"
    assert descriptions.config({"players": 4, "mode": "live"}) == (
        "4 players, live: each move counts as it arrives"
    )
    assert descriptions.progress("play", 2) == "Round 2"
    assert descriptions.progress("play", 0) == "Live table"


@pytest.mark.django_db
def test_the_same_words_in_french() -> None:
    with translation.override("fr"):
        assert said({"type": "round-ended", "seat": None, "action": ROUND}, viewer=2) == (
            "Le tour 3 est fini\u00a0: toutes les grilles se montrent. Les grilles "
            "maintenant\u00a0: Alice\u00a0: «\u00a02x4=8\u00a0» · Bob\u00a0: une grille vide · "
            "vous\u00a0: «\u00a01+1=2 / ..x.. / ..1=2\u00a0». Demandes servies dans l’ordre "
            "tiré au sort\u00a0: Bob (échange), Alice (fini, non servi)."
        )
        move = {"type": "play", "grid": None, "exchange": "F", "fini": False}
        assert descriptions.action(move, NAMES) == "garder la grille et échanger un Freechoice"
        assert descriptions.score(-3) == "3 points en main"
        assert descriptions.config({"players": 2, "mode": "rounds"}) == (
            "2 joueurs, par tours, par e-mail\u00a0: chacun joue une fois par tour"
        )
        assert descriptions.progress("draw", 4) == "Pioche dans le pot"
