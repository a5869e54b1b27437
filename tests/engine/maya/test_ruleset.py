"""Maya behind the platform's RuleSet protocol."""

import random

from games.engine.maya import CHANCE, RULES, MayaState
from games.engine.maya.positions import arrange


def test_the_rule_set_describes_itself() -> None:
    assert RULES.name == "maya"
    assert (RULES.min_players, RULES.max_players, RULES.chance) == (2, 4, CHANCE)
    assert RULES.pass_notation is None
    assert RULES.payload_upcasters == {}


def test_chance_deals_then_mixes_then_seat_0_plays() -> None:
    rng = random.Random(5)
    state = RULES.new_game({"players": 3, "expert": True})
    assert RULES.to_act(state) == {CHANCE} and RULES.progress(state).awaiting == set()
    for kind in ("deal", "mix"):
        action = RULES.chance_action(state, rng)
        assert action is not None and RULES.action_type(action) == kind
        state = RULES.apply(state, CHANCE, action)
    assert RULES.awaiting(state) == {0}
    assert RULES.chance_action(state, rng) is None
    progress = RULES.progress(state)
    assert (progress.phase, progress.round, progress.step) == ("play", 1, 1)


def test_progress_counts_the_tokens_won_and_the_turns() -> None:
    state: MayaState = arrange(["+2 -1", "-1"], count=4, secrets=[6, 9])
    state = RULES.apply(state, 0, RULES.parse_action("play +2"))
    progress = RULES.progress(state)
    assert (progress.round, progress.step, progress.awaiting) == (2, 2, {1})
    assert RULES.milestones(state, state) == []
