"""Determinizing: a full state a seat cannot tell from the real one, for the search bot."""

from __future__ import annotations

import random

from games.engine.objectifs import CHANCE, RULES, Kind, ObjectifsConfig, apply, new_game, view
from games.engine.objectifs.determinize import determinize
from games.engine.objectifs.positions import arrange
from games.engine.ruleset import BotLevel
from games.engine.search import Budget, bot_move

from .conftest import act, assert_conserved, deal

HANDS = [
    "-1 13 1 1 2 2 3 3 4 4 5 5 6",
    "3 12 6 6 7 7 8 8 9 9 10 10 11",
    "5 9 11 11 12 12 12 13 13 13 0 0 0",
]


def test_hidden_cards_and_objectives_are_dealt_again_and_the_view_kept() -> None:
    real = arrange(
        ["7 7 joker", "3 4 echange", "5"],
        ["1 2", "9 9", "0 0"],
        objectives="pair under-5 first-out",
    )
    hands, objectives = set(), set()
    for seed in range(20):
        sampled = determinize(real, 0, random.Random(seed))
        assert view(sampled, 0) == view(real, 0)
        assert sampled.hands[0] == real.hands[0] and sampled.objectives[0] == real.objectives[0]
        assert_conserved(sampled, f"seed {seed}")
        hands.add(sampled.hands[1])
        objectives.add(sampled.objectives[1])
    assert len(hands) > 1 and len(objectives) > 1


def test_another_seats_secret_set_up_choice_comes_from_its_new_hand() -> None:
    state = apply(new_game(ObjectifsConfig(3)), CHANCE, deal(HANDS, "pair under-5 first-out"))
    state = act(state, 1, "lay 3 12")
    sampled = determinize(state, 0, random.Random(4))
    laid = sampled.laid[1]
    assert laid is not None and all(card in sampled.hands[1] for card in laid)
    assert view(sampled, 0) == view(state, 0)


def test_a_seat_that_could_not_open_is_dealt_no_card_that_opens() -> None:
    state = arrange(["num-x echange", "5 6", "8"], ["num-x echange", "echange num-x", "1 2"])
    state = state._replace(rows=(state.rows[0], state.rows[1], ()))
    state = act(state, 0, "pass")
    for seed in range(10):
        sampled = determinize(state, 2, random.Random(seed))
        assert all(card.kind not in (Kind.CLASSIC, Kind.JOKER) for card in sampled.hands[0])


def test_the_search_bot_plays_a_legal_move_from_a_seats_knowledge() -> None:
    state = arrange(["5 5 9 12", "6 7 8", "10 11 13"], ["1 2", "3 4", "6 6"])
    action = bot_move(RULES, state, 0, BotLevel.SEARCH, random.Random(1), Budget(4, 5.0))
    assert action in RULES.legal_actions(state, 0)
