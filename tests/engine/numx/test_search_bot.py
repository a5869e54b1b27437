"""The level-2 bot on NUM-X: the generic search, given NUM-X's determinization."""

from __future__ import annotations

import random
from typing import Any

from games.engine.numx import GameConfig, parse_action
from games.engine.numx.positions import arrange
from games.engine.numx.ruleset import NUMX_RULES as NUMX
from games.engine.ruleset import BotLevel
from games.engine.search import Budget, bot_move, search


def test_a_numx_seat_lays_its_last_cards_to_win_the_game() -> None:
    state = arrange(
        GameConfig(3),
        ["blue-3 red-3", "green-9 red-12 num-x", "blue-1 yellow-16"],
        ["red-16 blue-16", "yellow-1", "green-2"],
    )
    move = search(NUMX, state, 0, random.Random(2), Budget(iterations=30))
    assert move == parse_action("play blue-3 red-3")


def test_it_only_plays_legal_moves() -> None:
    rng = random.Random(3)
    state: Any = NUMX.new_game({"players": 3, "mode": "speed-run"})
    searched = 0
    while not NUMX.is_terminal(state) and searched < 12:
        chance = NUMX.chance_action(state, rng)
        if chance is not None:
            state = NUMX.apply(state, NUMX.chance, chance)
            continue
        seat = rng.choice(sorted(NUMX.awaiting(state) - {NUMX.chance}))
        level = BotLevel.SEARCH if seat == 0 else BotLevel.HEURISTIC
        action = bot_move(NUMX, state, seat, level, rng, Budget(iterations=4))
        assert action in NUMX.legal_actions(state, seat)
        searched += seat == 0
        state = NUMX.apply(state, seat, action)
    assert searched == 12
