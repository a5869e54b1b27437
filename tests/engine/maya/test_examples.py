"""The rule book's worked example ("Exemple de jeu"), played move by move.

"Dans une partie à deux joueurs, disons que votre nombre secret est 6 et que le décompte de
départ est 1. [...] Jouez donc la carte 4, ce qui fait le compte 5 [...] Ensuite, votre
adversaire joue une carte 3, ce qui fait le compte 8 [...] À votre tour, jouez la carte -2
pour amener le décompte à 6 [...] retournez votre jeton nombre secret pour révéler le 6.
Piochez un nouveau nombre secret [...] et piochez une autre carte."
"""

from games.engine.maya import How, Won
from games.engine.maya.positions import arrange

from .conftest import act, hand


def test_the_rule_books_example_game() -> None:
    state = arrange(
        ["+4 -2 +1 +2 -1", "+3 0 0 -5 -5"], count=1, secrets=[6, 9], pile="+5 -3 +2", supply=[4]
    )
    state = act(state, 0, "play +4")
    assert state.total == 5
    assert hand(state, 0) == sorted(["-2", "+1", "+2", "-1", "+5"])
    state = act(state, 1, "play +3")
    assert state.total == 8
    state = act(state, 0, "play -2")
    assert state.total == 6
    assert state.won[0] == (Won(6, How.REVEALED, 0),)
    assert state.secrets[0] == 4, "a new secret number from the face-down tokens"
    assert len(state.hands[0]) == 5, "and another card, back to five"
    assert state.turn == 1
