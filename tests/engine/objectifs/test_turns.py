"""Turns: one action a turn (a pli, a pass, a draw), who plays next, when a trick ends, the
opening of a trick, and the last card in hand."""

from __future__ import annotations

from games.engine.objectifs import Draw, Pass, Phase, RoundEnd, awaiting, legal_actions
from games.engine.objectifs.cards import parse_cards
from games.engine.objectifs.positions import arrange

from .conftest import act, hand, refused, row


def test_players_act_in_turn_in_seat_order() -> None:
    state = arrange(["5 6", "7 8", "9 10"], ["0 0", "1 2", "3 4"])
    assert awaiting(state) == {0}
    assert refused(state, 1, "pass") == "turn.not-yours"
    assert refused(state, 2, "draw") == "turn.not-yours"
    state = act(state, 0, "play 5")
    assert state.turn == 1
    state = act(state, 1, "play 7")
    assert state.turn == 2


def test_a_trick_ends_when_play_comes_back_to_whoever_laid_the_pli_on_top() -> None:
    """*Si un pli ne peut être recouvert, le dernier joueur ayant posé des cartes démarre un
    nouveau pli.* Drawing or passing covers nothing."""
    state = arrange(["5 6", "7 8", "9 10"], ["0 0", "1 2", "3 4"])
    state = act(state, 0, "play 5")
    state = act(state, 1, "play 7")
    state = act(state, 2, "draw")
    state = act(state, 0, "pass")
    assert state.trick.plis == () and state.turn == 1
    assert state.last_trick is not None and state.last_trick.winner == 1
    assert state.discard == parse_cards("5 7")


def test_on_an_empty_centre_the_player_opens_if_they_can() -> None:
    """*En début de tour, le premier joueur peut jouer un pli simple, double, triple ou plus.*
    A player who can lay a first pli may open, draw or play an Echange or Malus +, but may
    not pass."""
    state = arrange(["5 5 5 5 6", "7 8"], ["0 0", "1 2"])
    assert refused(state, 0, "pass") == "pli.open"
    assert len(act(state, 0, "play 5 5 5 5").trick.top.cards) == 4  # type: ignore[union-attr]
    assert Pass() not in legal_actions(state, 0) and Draw() in legal_actions(state, 0)


def test_a_player_who_cannot_open_passes_and_if_nobody_can_the_round_ends() -> None:
    state = arrange(["num-x echange", "num-x malus+1/+1"], ["num-x echange", "echange malus+2/+1"])
    assert Pass() in legal_actions(state, 0)
    state = act(state, 0, "pass")
    state = act(state, 1, "pass")
    (result,) = state.results
    assert result.end is RoundEnd.STALEMATE


def test_draw_from_the_pile_or_another_players_malus_cards_never_ones_own() -> None:
    """*Piocher une carte de la pioche ou des cartes Malus du plateau (sauf les siennes).*"""
    state = arrange(["5 6", "7 8", "9 10"], ["0 3", "1 2", "3 4"], pile="11")
    drawn = act(state, 0, "draw")
    assert hand(drawn, 0) == ["5", "6", "11"] and drawn.turn == 1
    taken = act(state, 0, "draw 2@1")
    assert hand(taken, 0) == ["2", "5", "6"] and row(taken, 1) == ["1"]
    assert refused(state, 0, "draw 3@0") == "draw.own"
    assert refused(state, 0, "draw 9@1") == "row.has-cards"


def test_there_is_nothing_to_draw_from_an_empty_pile() -> None:
    state = arrange(["5 6", "7 8"], ["0 0", "1 2"])
    state = state._replace(pile=(), discard=state.discard + state.pile)
    assert refused(state, 0, "draw") == "draw.empty"
    assert Draw() not in legal_actions(state, 0)


def test_the_last_card_in_hand_is_always_a_classic_card() -> None:
    """*La dernière carte en main d'un joueur doit toujours être une carte classique.* A move
    leaves no lone special card in hand, and empties the hand only by laying a classic card
    from it."""
    rows = ["0 0", "1 2"]
    assert refused(arrange(["5 num-x", "7 8"], rows), 0, "play 5") == "hand.last-classic"
    jokers = arrange(["joker joker", "7 8"], rows)
    assert refused(jokers, 0, "play joker joker as 4") == "hand.last-classic"
    assert refused(jokers, 0, "play joker as 4") == "hand.last-classic"
    assert hand(act(arrange(["joker 5", "7 8"], rows), 0, "play joker 5"), 0) == []
    echange = arrange(["echange 5", "7 8"], rows)
    assert refused(echange, 0, "play 5") == "hand.last-classic"
    assert hand(act(echange, 0, "play 5 + echange 1"), 0) == []
    assert hand(act(echange, 0, "echange 1"), 0) == ["5"]


def test_a_player_with_an_empty_hand_plays_on_with_the_malus_cards() -> None:
    """*Le joueur participe au tour en jouant normalement comme les autres joueurs*: with no
    card in hand, the malus cards on the table still make plis."""
    state = arrange(["", "7 8", "9 10"], ["4 5", "1 2", "3 9"])
    assert Draw() in legal_actions(state, 0)
    state = act(state, 0, "play 9@2")
    assert row(state, 2) == ["3"] and state.phase is Phase.PLAY


def test_nothing_is_played_after_the_game_nor_by_a_seat_the_game_has_not() -> None:
    state = arrange(["5 6", "7 8"], ["1 2", "3 4"])
    assert refused(state, 2, "pass") == "game.seat"
    over = state._replace(phase=Phase.GAME_OVER)
    assert refused(over, 0, "pass") == "game.over"
    assert not legal_actions(over, 0)
