"""NMBR 9 behind the platform's RuleSet protocol."""

import random

from games.engine.nmbr9 import CHANCE, RULES

from .conftest import act


def test_the_rule_set_describes_itself() -> None:
    assert RULES.name == "nmbr9"
    assert (RULES.min_players, RULES.max_players, RULES.chance) == (1, 4, CHANCE)
    assert RULES.pass_notation is None
    assert set(RULES.payload_upcasters) == {("game-ended", 1)}


def test_a_solo_game_ended_before_version_2_reads_with_no_winner() -> None:
    """Version 1 named the lone seat of a solo game its winner; it reads as the rules now
    end that game. A game of several seats reads as recorded."""
    step = RULES.payload_upcasters["game-ended", 1]
    assert step({"scores": [61], "winners": [0]}) == {"scores": [61], "winners": []}
    tied = {"scores": [40, 40], "winners": [0, 1]}
    assert step(tied) == tied


def test_chance_shuffles_once_then_every_seat_places() -> None:
    rng = random.Random(5)
    state = RULES.new_game({"players": 3})
    assert RULES.to_act(state) == {CHANCE} and RULES.progress(state).awaiting == set()
    action = RULES.chance_action(state, rng)
    assert action is not None and RULES.action_type(action) == "shuffle"
    after = RULES.apply(state, CHANCE, action)
    assert RULES.facts(state, after) == {"card": after.card}
    assert RULES.awaiting(after) == RULES.to_act(after) == {0, 1, 2}
    assert RULES.chance_action(after, rng) is None
    progress = RULES.progress(after)
    assert (progress.phase, progress.round, progress.step) == ("place", 0, 1)


def test_progress_counts_the_cards_and_awaits_who_has_not_placed() -> None:
    state = RULES.apply(
        RULES.new_game({"players": 2}),
        CHANCE,
        RULES.parse_action("shuffle 3 8 0 1 2 4 5 6 7 9 3 8 0 1 2 4 5 6 7 9"),
    )
    before = state
    state = act(state, 1, "place 3 at 0,0")
    assert RULES.progress(state).awaiting == {0}
    assert RULES.facts(before, state) == {}
    assert RULES.effects(before, 1, RULES.parse_action("place 3 at 0,0"), state) == {
        "card": 1,
        "level": 0,
    }
    after = act(state, 0, "place 3 at 0,0")
    assert RULES.facts(state, after) == {"card": 8}
    assert RULES.progress(after).step == 2
    assert RULES.milestones(state, after) == []
