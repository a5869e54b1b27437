"""A determinized Maya state gives its seat exactly the view of the real one, with the
hidden cards and tokens dealt again."""

from __future__ import annotations

import random

from games.engine.maya import RULES
from games.engine.ruleset import BotLevel
from games.engine.search import Budget, bot_move


def test_every_sampled_state_gives_exactly_that_seats_view() -> None:
    rng = random.Random(1)
    changed = 0
    for number in range(60):
        config = {"players": 2 + number % 3, "expert": number % 2 == 1}
        state = RULES.new_game(config)
        while not RULES.is_terminal(state):
            for seat in range(config["players"]):
                sampled = RULES.determinize(state, seat, rng)
                assert RULES.view(sampled, seat) == RULES.view(state, seat)
                changed += sampled.secrets != state.secrets
            chance = RULES.chance_action(state, rng)
            if chance is not None:
                state = RULES.apply(state, RULES.chance, chance)
                continue
            seat = rng.choice(sorted(RULES.to_act(state) - {RULES.chance}))
            state = RULES.apply(state, seat, RULES.legal_actions(state, seat).sample(rng))
    assert changed, "the other secret numbers were never dealt again"


def test_with_it_the_search_bot_plays_maya_and_only_legal_moves() -> None:
    rng = random.Random(2)
    state = RULES.new_game({"players": 3, "expert": True})
    searched = 0
    while not RULES.is_terminal(state) and searched < 15:
        chance = RULES.chance_action(state, rng)
        if chance is not None:
            state = RULES.apply(state, RULES.chance, chance)
            continue
        seat = rng.choice(sorted(RULES.awaiting(state) - {RULES.chance}))
        action = bot_move(RULES, state, seat, BotLevel.SEARCH, rng, Budget(iterations=5))
        assert action in RULES.legal_actions(state, seat)
        searched += 1
        state = RULES.apply(state, seat, action)
    assert searched == 15
