"""Rounds: the deal, the set-up of the malus cards and who starts, their completion at the end
of a trick, the three ends of a round exactly, the scoring, and the five rounds."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from games.engine.objectifs import (
    CHANCE,
    OBJECTIVES,
    ROUNDS,
    Deal,
    IllegalAction,
    ObjectifsConfig,
    ObjectifsState,
    Phase,
    RoundEnd,
    apply,
    awaiting,
    legal_actions,
    new_game,
    parse_action,
    to_act,
    view,
)
from games.engine.objectifs.cards import DECK, parse_cards
from games.engine.objectifs.positions import arrange

from .conftest import act, deal, hand, refused, row, walk

THREE = [
    "-1 13 1 1 2 2 3 3 4 4 5 5 6",
    "3 12 6 6 7 7 8 8 9 9 10 10 11",
    "5 9 11 11 12 12 12 13 13 13 0 0 0",
]


def dealt(players: int = 3, objectives: str = "pair under-5 first-out") -> ObjectifsState:
    state = new_game(ObjectifsConfig(players))
    return apply(state, CHANCE, deal(THREE[:players], objectives))


def test_each_round_deals_13_cards_and_an_objective_to_each_player() -> None:
    state = apply(
        new_game(ObjectifsConfig(4)),
        CHANCE,
        legal_actions(new_game(ObjectifsConfig(4)), CHANCE).sample(random.Random(3)),
    )
    assert [len(cards) for cards in state.hands] == [13] * 4 and len(state.pile) == 91 - 52
    assert None not in state.objectives and len(set(state.objectives)) == 4
    assert len(state.objective_pile) == 6
    assert state.phase is Phase.SETUP and awaiting(state) == {0, 1, 2, 3}


def test_the_deal_is_one_order_of_the_91_cards_and_of_the_10_objectives() -> None:
    state = new_game(ObjectifsConfig(2))
    good = deal(THREE[:2], "pair under-5")
    assert refused(state, CHANCE, Deal(good.order[1:], good.objectives)) == "chance.deck"
    assert refused(state, CHANCE, Deal((*good.order[1:], DECK[5]), good.objectives)) == (
        "chance.deck"
    )
    assert refused(state, CHANCE, Deal(good.order, good.objectives[1:])) == "chance.deck"
    assert refused(state, CHANCE, Deal(good.order)) == "chance.deck"
    without = new_game(ObjectifsConfig(2, objectives=False))
    assert refused(without, CHANCE, good) == "chance.deck"
    assert apply(without, CHANCE, Deal(good.order)).objectives == (None, None)


def test_each_player_lays_two_malus_cards_secretly_then_the_smallest_starts() -> None:
    """*Chaque joueur reçoit 13 cartes et en choisit 2 qu'il place face visible devant lui
    [...] Le joueur ayant la plus petite carte Malus sur le plateau commence le tour.*"""
    state = act(dealt(), 0, "lay 5 6")
    assert refused(state, 0, "lay 1 2") == "setup.lay"
    seen = view(state, 1)
    assert seen["laid"] == [True, False, False] and seen["lays"] == [None, None, None]
    assert view(state, 0)["lays"] == [["5", "6"], None, None]
    state = act(state, 1, "lay 3 12")
    state = act(state, 2, "lay 9 13")
    assert [row(state, s) for s in range(3)] == [["5", "6"], ["3", "12"], ["9", "13"]]
    assert state.phase is Phase.PLAY and state.turn == 1 and len(state.hands[0]) == 11


def test_the_set_up_lays_exactly_two_cards_of_the_hand() -> None:
    state = dealt()
    assert refused(state, 0, "lay 5") == "setup.lay"
    assert refused(state, 0, "lay 5 6 1") == "setup.lay"
    assert refused(state, 0, "lay 5 infinity") == "hand.has-cards"
    assert refused(state, 0, "pass") == "game.phase"
    assert len(legal_actions(state, 2)) == len({tuple(sorted(p)) for p in _pairs(THREE[2])})


def test_laying_two_of_a_card_the_hand_holds_once_says_it_holds_one() -> None:
    """Two 9s in hand, "lay 9 9" lays them (either copy is the same card); a 12 held once,
    "lay 12 12" is refused saying the hand holds one, not that it holds none."""
    state = dealt()
    assert act(state, 1, "lay 9 9").laid[1] == parse_cards("9 9")
    with pytest.raises(IllegalAction) as error:
        apply(state, 1, parse_action("lay 12 12"))
    assert (error.value.rule, error.value.message) == (
        "hand.has-cards",
        "your hand holds only 1 × 12",
    )


def _pairs(text: str) -> list[tuple[str, str]]:
    cards = text.split()
    return [(a, b) for i, a in enumerate(cards) for b in cards[i + 1 :]]


def test_a_tie_for_the_smallest_malus_card_goes_to_the_smaller_other_card() -> None:
    state = act(dealt(), 0, "lay 3 6")
    state = act(state, 1, "lay 3 12")
    state = act(state, 2, "lay 5 9")
    assert state.turn == 0
    state = act(dealt(), 0, "lay -1 13")
    state = act(state, 1, "lay 3 6")
    state = act(state, 2, "lay 0 0")
    assert state.turn == 0, "-1 is the smallest card; 0 0 does not add up lower"


def test_a_complete_tie_goes_to_the_first_after_the_last_rounds_starter() -> None:
    """Decision: round 1 from seat 0; each later round from the seat after the one who
    started the round before."""
    first = act(dealt(), 0, "lay 3 6")
    first = act(first, 1, "lay 3 6")
    first = act(first, 2, "lay 12 13")
    assert first.turn == 0
    later = new_game(ObjectifsConfig(3))._replace(round_no=2, starter=0)
    state = apply(later, CHANCE, deal(THREE, "pair under-5 first-out"))
    state = act(state, 0, "lay 3 6")
    state = act(state, 1, "lay 3 6")
    state = act(state, 2, "lay 12 13")
    assert state.turn == 1 and state.starter == 1


def test_a_used_malus_card_is_replaced_at_the_end_of_the_trick_from_the_hand_or_the_pile() -> None:
    """*Piocher une nouvelle carte, face cachée, à poser directement face visible* or
    *Choisir une carte de votre main à poser face visible.*"""
    state = arrange(["5 7 9", "8 3 10", "11 13"], ["1 2", "7 4", "6 6"], pile="12")
    state = act(state, 0, "play 7 7@1")
    state = act(state, 1, "pass")
    state = act(state, 2, "pass")
    assert state.phase is Phase.REPLACE and awaiting(state) == {1} and to_act(state) == {1}
    assert refused(state, 0, "replace 5") == "replace.due"
    assert refused(state, 1, "replace 3 draw") == "replace.count"
    assert refused(state, 1, "replace 5") == "hand.has-cards"
    from_hand = act(state, 1, "replace 3")
    assert row(from_hand, 1) == ["4", "3"] and hand(from_hand, 1) == ["8", "10"]
    assert from_hand.phase is Phase.PLAY and from_hand.turn == 0
    drawn = act(state, 1, "replace draw")
    assert row(drawn, 1) == ["4", "12"] and hand(drawn, 1) == ["3", "8", "10"]


def test_malus_cards_are_completed_up_to_two_not_beyond() -> None:
    """*A la fin de chaque tour, chaque joueur doit veiller à avoir toujours 2 cartes
    visibles devant soi*: a player with three malus cards who lost one has nothing to do."""
    state = arrange(["7 9", "8 3 10", "11 13"], ["1 2", "7 4 5", "6 6"])
    state = act(state, 0, "play 7 7@1")
    state = act(state, 1, "pass")
    state = act(state, 2, "pass")
    assert state.phase is Phase.PLAY and row(state, 1) == ["4", "5"]


def test_a_completion_may_lay_any_card_even_keeping_a_lone_special_card_in_hand() -> None:
    """Decision: *La dernière carte en main d'un joueur doit toujours être une carte
    classique* is about playing. Completing is the book's choice between the hand and the
    pile (*Contrôle... mais sacrifice possible !*): any card of the hand may go, the last one
    too, and a player may keep a lone special card, which waits in hand for more cards."""
    state = arrange(["7 9", "5 joker", "11 13"], ["1 2", "7 4", "6 6"], pile="0")
    state = act(state, 0, "play 7 7@1")
    state = act(state, 1, "pass")
    state = act(state, 2, "pass")
    assert {str(move) for move in legal_actions(state, 1)} == {
        "replace 5",
        "replace joker",
        "replace draw",
    }
    lone = act(state, 1, "replace 5")
    assert hand(lone, 1) == ["joker"] and row(lone, 1) == ["4", "5"]
    lone = act(lone, 0, "play 9")
    assert refused(lone, 1, "play joker as 10") == "hand.last-classic"
    assert hand(act(lone, 1, "draw"), 1) == ["0", "joker"]
    last = arrange(["7 9", "joker", "11 13"], ["1 2", "7 4", "6 6"])
    last = act(last, 0, "play 7 7@1")
    last = act(last, 1, "pass")
    last = act(last, 2, "pass")
    last = act(last, 1, "replace joker")
    assert hand(last, 1) == [] and row(last, 1) == ["4", "joker"]
    assert last.phase is Phase.PLAY and last.results == (), "the third end: play goes on"


def test_players_short_of_malus_cards_complete_them_at_once_each_as_it_comes_in() -> None:
    """Decision: at the end of a trick everyone short of malus cards completes them at the
    same time; each completion is carried out as it is recorded, so the draws take the pile
    in that order."""
    state = arrange(["7 9", "8 3 10", "11 13"], ["7 2", "7 4", "6 6"], pile="12 0")
    state = act(state, 0, "play 7 7@0 7@1")
    state = act(state, 1, "pass")
    state = act(state, 2, "pass")
    assert awaiting(state) == {0, 1} and state.due == (1, 1, 0)
    first = act(state, 1, "replace draw")
    assert row(first, 1) == ["4", "12"] and awaiting(first) == {0}
    both = act(first, 0, "replace draw")
    assert row(both, 0) == ["2", "0"] and both.phase is Phase.PLAY
    other = act(act(state, 0, "replace draw"), 1, "replace draw")
    assert row(other, 0) == ["2", "12"] and row(other, 1) == ["4", "0"]


def test_a_completion_draws_no_more_than_the_pile_holds() -> None:
    state = arrange(["7 9", "8 3 10", "11 13"], ["1 2", "7 4", "6 6"])
    state = state._replace(pile=state.pile[:1], discard=state.pile[1:])
    state = act(state, 0, "play 7 7@1")
    state = act(state, 1, "pass")
    state = act(state, 2, "pass")
    assert refused(state._replace(pile=()), 1, "replace draw") == "draw.empty"


def test_first_end_a_hand_empty_at_the_end_of_a_trick() -> None:
    """*Si un joueur n'a plus de carte en mains à la fin d'un tour, les joueurs ayant encore
    des cartes en mains, complètent leurs cartes "malus" et on procède au décompte.* The
    player without cards completes nothing."""
    state = arrange(["5", "8 9", "10 11"], ["1 12", "3 9", "6 6"])
    state = act(state, 0, "play 5")
    state = act(state, 1, "play 9@1")
    state = act(state, 2, "play 12@0")
    assert state.trick.owner == 2
    state = act(state, 0, "pass")
    state = act(state, 1, "pass")
    assert state.phase is Phase.REPLACE and awaiting(state) == {1}, "seat 0 has no card"
    state = act(state, 1, "replace 8")
    (result,) = state.results
    assert (result.end, result.seat, result.first_out) == (RoundEnd.OUT, 0, 0)
    assert [score.total for score in result.seats] == [-1, -11 - 2, -12 - 4]
    assert state.phase is Phase.DEAL and state.round_no == 2


def test_second_end_shedding_hand_and_malus_cards_stops_the_round_at_once() -> None:
    """*Si lors d'un tour un joueur arrive à se débarrasser de toutes ses cartes, en mains
    et cartes "malus", la manche s'arrête immédiatement.*"""
    state = arrange(["5", "8 9", "10 11"], ["5", "3 9", "6 6"])
    state = act(state, 0, "play 5 5@0")
    (result,) = state.results
    assert (result.end, result.seat) == (RoundEnd.SHED, 0)
    assert result.seats[0].total == 0
    by_another = arrange(["", "8 9", "10 11"], ["12", "3 4", "6 6"], turn=1)
    by_another = act(by_another, 1, "play 12@0")
    assert by_another.results[0].end is RoundEnd.SHED and by_another.results[0].seat == 0


def test_third_end_a_last_card_laid_as_malus_card_plays_on_in_a_new_trick() -> None:
    """*Si la dernière carte d'un joueur, en fin de tour, est utilisée pour combler ses
    cartes "malus", et que tous les autres joueurs ont encore des cartes en mains, on commence
    un nouveau tour. Le joueur participe au tour en jouant normalement.*"""
    state = arrange(["5 6", "8 9", "10 11"], ["1 12", "3 9", "6 6"])
    state = act(state, 0, "play 5")
    state = act(state, 1, "pass")
    state = act(state, 2, "play 12@0")
    state = act(state, 0, "pass")
    state = act(state, 1, "pass")
    state = act(state, 0, "replace 6")
    assert state.phase is Phase.PLAY and state.results == () and state.turn == 2
    assert hand(state, 0) == [] and state.first_out == 0
    state = act(state, 2, "play 10")
    state = act(state, 0, "play 6@0 6@2")
    assert row(state, 0) == ["1"] and state.trick.owner == 0


def test_when_two_hands_run_out_completing_the_round_ends() -> None:
    """The third end asks that *tous les autres joueurs ont encore des cartes en mains*:
    when two players lay their last cards as malus cards, the round is scored."""
    state = arrange(["5 6", "7", "12 10 11"], ["1 12", "2 11", "3 4"])
    state = act(state, 0, "play 5")
    state = act(state, 1, "play 11@1")
    state = act(state, 2, "play 12@0")
    state = act(state, 0, "pass")
    state = act(state, 1, "pass")
    assert awaiting(state) == {0, 1}
    state = act(state, 0, "replace 6")
    assert state.phase is Phase.REPLACE
    state = act(state, 1, "replace 7")
    (result,) = state.results
    assert result.end is RoundEnd.OUT and result.seat == 0 and result.first_out == 0


def test_a_game_is_five_rounds_each_with_its_own_deal_and_objectives() -> None:
    config = ObjectifsConfig(3)
    steps = list(walk(config, 11))
    deals = [step.action for step in steps if step.seat == CHANCE]
    assert len(deals) == ROUNDS
    for action in deals:
        assert isinstance(action, Deal) and Counter(action.objectives) == Counter(OBJECTIVES)
    final = steps[-1].after
    assert [result.round_no for result in final.results] == [1, 2, 3, 4, 5]
    assert final.phase is Phase.GAME_OVER
    for before, after in ((s.before, s.after) for s in steps if s.seat == CHANCE):
        assert before.objectives == (None,) * 3 and None not in after.objectives
    assert Counter(parse_cards(" ".join(map(str, DECK)))) == Counter(DECK)
