"""Echange and Malus +: their targets, their effects, and their place in a turn."""

from __future__ import annotations

from games.engine.objectifs.cards import MALUS_CARDS
from games.engine.objectifs.positions import arrange

from .conftest import act, hand, refused, row

ROWS = ["1 2", "3 4", "5 6", "7 8"]


def four(first: str) -> list[str]:
    return [first, "9", "10", "11"]


def test_echange_with_one_player_swaps_both_players_malus_cards() -> None:
    """*Echanger les cartes avec un ou les adversaires.*"""
    state = act(arrange(four("echange 12"), ROWS), 0, "echange 2")
    assert row(state, 0) == ["5", "6"] and row(state, 2) == ["1", "2"]
    assert row(state, 1) == ["3", "4"] and row(state, 3) == ["7", "8"]
    assert "echange" in map(str, state.discard)


def test_echange_on_everyone_turns_every_players_malus_cards_one_seat() -> None:
    """*Tous les joueurs (y compris celui qui la pose) en faisant tourner l'ensemble des
    cartes "Malus" des joueurs du plateau vers la droite ou la gauche*: right is the next
    seat in play order."""
    right = act(arrange(four("echange 12"), ROWS), 0, "echange all right")
    assert [row(right, s) for s in range(4)] == [["7", "8"], ["1", "2"], ["3", "4"], ["5", "6"]]
    left = act(arrange(four("echange 12"), ROWS), 0, "echange all left")
    assert [row(left, s) for s in range(4)] == [["3", "4"], ["5", "6"], ["7", "8"], ["1", "2"]]


def test_echange_names_another_player_or_everyone_and_a_way() -> None:
    state = arrange(four("echange 12"), ROWS)
    assert refused(state, 0, "echange 0") == "action.target"
    assert refused(state, 0, "echange 4") == "action.target"
    assert refused(state, 0, "echange 1 right") == "action.target"
    assert refused(state, 0, "echange all") == "action.target"


def test_the_three_malus_plus_cards() -> None:
    """Decision: the numbers printed on the pictures are lost; the three cards are +1/+1,
    +2/+1 and +1/+2 (hand, then malus cards)."""
    assert [(card.hand, card.row) for card in MALUS_CARDS] == [(1, 1), (2, 1), (1, 2)]


def test_malus_plus_on_one_player_draws_into_the_hand_and_onto_the_malus_cards() -> None:
    """*Le chiffre en haut à droite correspond au nombre de cartes à piocher et à ajouter à
    la main. Le chiffre en bas à gauche [...] à ajouter aux cartes "Malus".*"""
    state = arrange(four("malus+2/+1 12"), ROWS, pile="13 infinity 0 -1")
    state = act(state, 0, "malus+2/+1 2")
    assert hand(state, 2) == ["10", "13", "infinity"]
    assert row(state, 2) == ["5", "6", "0"]
    assert str(state.pile[0]) == "-1"
    assert state.turn == 1, "a Malus + covers nothing: play goes on"


def test_malus_plus_on_everyone_hits_its_player_too_in_play_order_from_them() -> None:
    """*La carte "Malus" peut cibler un seul joueur ou tous les joueurs (y compris celui qui
    la pose).* Each target in turn, from the card's player, draws its hand's cards first."""
    state = arrange(four("13 malus+1/+1 12"), ROWS, pile="1 2 3 4 5 6 7 8 9")
    state = act(state, 0, "malus+1/+1 all")
    assert [hand(state, s) for s in range(4)] == [
        ["1", "12", "13"],
        ["3", "9"],
        ["5", "10"],
        ["7", "11"],
    ]
    assert [row(state, s)[-1] for s in range(4)] == ["2", "4", "6", "8"]


def test_malus_plus_may_be_aimed_at_its_own_player() -> None:
    state = arrange(four("malus+1/+2 12 13"), ROWS, pile="1 2 3")
    state = act(state, 0, "malus+1/+2 0")
    assert hand(state, 0) == ["1", "12", "13"] and row(state, 0) == ["1", "2", "2", "3"]


def test_a_short_pile_gives_what_it_has() -> None:
    state = arrange(four("malus+2/+1 12"), ROWS)
    state = state._replace(pile=state.pile[:1], discard=state.pile[1:])
    state = act(state, 0, "malus+2/+1 1")
    assert len(state.hands[1]) == 2 and row(state, 1) == ["3", "4"] and state.pile == ()


def test_an_echange_or_a_malus_plus_lying_among_malus_cards_is_anyones() -> None:
    state = arrange(four("12 13"), ["1 echange", "3 4", "5 malus+1/+1", "7 8"], pile="9 10")
    swapped = act(state, 0, "echange@0 1")
    assert row(swapped, 0) == ["3", "4"] and row(swapped, 1) == ["1"]
    loaded = act(state, 0, "malus+1/+1@2 3")
    assert row(loaded, 2) == ["5"] and hand(loaded, 3) == ["9", "11"]
    assert row(loaded, 3) == ["7", "8", "10"]


def test_a_pli_may_carry_one_echange_or_malus_plus_whose_effect_follows_it() -> None:
    """*Jouer une ou plusieurs cartes spéciales et/ou se défausser d'une ou plusieurs cartes
    classiques*: one move lays a pli and, with it, an Echange or a Malus +."""
    state = arrange(four("12 12 echange 5"), ROWS)
    state = act(state, 0, "play 12 12 + echange all right")
    assert state.trick.owner == 0 and len(state.trick.top.cards) == 2  # type: ignore[union-attr]
    assert row(state, 1) == ["1", "2"] and hand(state, 0) == ["5"]


def test_a_facteur_x_carries_no_echange_nor_malus_plus() -> None:
    facteur = act(arrange(["5 1", "9", "6 6 echange", "11"], ROWS), 0, "play 5")
    assert refused(facteur, 2, "play 6 6 + echange 0") == "facteur.alone"
    assert refused(facteur, 2, "echange 0") == "turn.not-yours"
