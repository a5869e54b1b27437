"""What a seat may see: a placement is secret until every seat has placed the card, and the
history's records are redacted the same way; the order of the cards face down never shows."""

from __future__ import annotations

import json

from hypothesis import given

from games.engine.nmbr9 import RULES, Phase, action_to_json, view
from games.engine.nmbr9.positions import arrange

from .conftest import act, players, random_games, seeds, walk

many_games = random_games(12)


@many_games
@given(players=players, seed=seeds)
def test_views_hide_placements_not_yet_revealed(players: int, seed: int) -> None:
    for step in walk(players, seed):
        state = step.after
        done = state.phase is Phase.GAME_OVER
        for viewer in (None, *range(players)):
            seen = view(state, viewer)
            json.dumps(seen)
            assert (seen["deck"] is None) != done
            for owner in range(players):
                tiles = len(state.stacks[owner].tiles)
                hidden = not done and owner != viewer and state.placed[owner]
                assert len(seen["stacks"][owner]) == tiles - hidden
                assert seen["placed"][owner] == state.placed[owner]
            assert ("pending" in seen) == (viewer in RULES.to_act(state) and viewer is not None)


@many_games
@given(players=players, seed=seeds)
def test_redacted_records_hide_where_others_placed_until_revealed(players: int, seed: int) -> None:
    steps = list(walk(players, seed))
    for step in steps:
        now = step.after
        data = action_to_json(step.action)
        effects = RULES.effects(step.before, step.seat, step.action, now)
        if effects:
            data["effects"] = effects
        facts = RULES.facts(step.before, now)
        for viewer in (None, *range(players)):
            action, seen_facts = RULES.redact(step.seat, data, facts, viewer, now)
            assert "order" not in action or now.phase is Phase.GAME_OVER
            assert seen_facts == facts
            if data["type"] == "place" and viewer != step.seat:
                revealed = now.turned > step.before.turned or now.phase is Phase.GAME_OVER
                assert ("x" in action) == revealed
                assert action["digit"] == data["digit"]


def test_another_seats_tile_shows_as_placed_and_not_where() -> None:
    """Decision: simultaneous secret placement. Seat 0 placed the 1; seat 1 sees that it
    did, not where; once seat 1 places too, both see both."""
    state = arrange([["place 0 at 0,0"], ["place 0 at 0,0"]], card=1)
    state = act(state, 0, "place 1 at 3,0")
    seen = view(state, 1)
    assert seen["placed"] == [True, False]
    assert [len(stack) for stack in seen["stacks"]] == [1, 1]
    assert [len(stack) for stack in view(state, 0)["stacks"]] == [2, 1]
    assert seen["pending"]["card"] == 1 and not seen["pending"]["first"]
    assert seen["pending"]["notation"] == "place 1 at X,Y turn 0|90|180|270"
    state = act(state, 1, "place 1 at 3,0")
    assert [len(stack) for stack in view(state, 1)["stacks"]] == [2, 2]
    assert [len(stack) for stack in view(state, None)["stacks"]] == [2, 2]


def test_reveal_shows_everything() -> None:
    state = act(arrange([["place 0 at 0,0"], []], card=1), 0, "place 1 at 3,0")
    seen = view(state, None, reveal=True)
    assert seen["deck"] is not None and [len(stack) for stack in seen["stacks"]] == [2, 0]


def test_the_shuffle_is_hidden_until_the_game_is_over() -> None:
    state = arrange([["place 0 at 0,0"]], card=1)
    record = {"type": "shuffle", "order": list(state.deck)}
    assert RULES.redact(-1, record, {"card": 0}, 0, state) == (
        {"type": "shuffle", "cards": 20},
        {"card": 0},
    )
