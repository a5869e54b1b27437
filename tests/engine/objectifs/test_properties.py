"""Invariants checked at every step of random games (2 to 6 players, both table options
each way): games end after five rounds, the 101 cards are each in one place, every applied
action was legal for a seat that could act, no hand or objective leaks through a view or a
recorded event, ``determinize`` keeps the seat's view, and the recorded JSON replays."""

from __future__ import annotations

import random
from typing import Any

from hypothesis import given

from games.engine.objectifs import (
    CHANCE,
    ROUNDS,
    RULES,
    ObjectifsConfig,
    ObjectifsState,
    Phase,
    legal_actions,
    new_game,
    to_act,
)

from .conftest import assert_conserved, configs, random_games, seeds, walk

few_games = random_games(6)


@few_games
@given(config=configs, seed=seeds)
def test_random_games_end_after_five_rounds_with_every_card_in_one_place(
    config: ObjectifsConfig, seed: int
) -> None:
    last = None
    for step in walk(config, seed):
        assert_conserved(step.after, f"after step {step.number} ({step.action})")
        last = step
    assert last is not None
    final = last.after
    assert final.phase is Phase.GAME_OVER and len(final.results) == ROUNDS
    result = RULES.outcome(final)
    assert result is not None
    assert [sum(line.points for line in lines) for lines in result.breakdown] == list(result.scores)
    assert RULES.milestones(last.before, final)[-1][0] == "game-ended"


@few_games
@given(config=configs, seed=seeds)
def test_a_player_owing_malus_cards_always_has_cards_in_hand_to_complete_with(
    config: ObjectifsConfig, seed: int
) -> None:
    """The engine asks no empty hand to complete, even from the pile, and clears no one's
    debt when the pile runs out: an empty hand at the end of a trick ends the round, and only
    a player's own completion empties its hand."""
    for step in walk(config, seed):
        after = step.after
        for seat, owed in enumerate(after.due):
            assert not owed or after.hands[seat], f"step {step.number}: seat {seat} owes"


@few_games
@given(config=configs, seed=seeds)
def test_every_applied_action_was_legal_for_a_seat_that_could_act(
    config: ObjectifsConfig, seed: int
) -> None:
    sampler = random.Random(seed)
    for step in walk(config, seed):
        before = step.before
        assert step.seat in to_act(before), f"step {step.number}: seat {step.seat}"
        assert step.action in legal_actions(before, step.seat), f"step {step.number}"
        assert RULES.awaiting(before) <= to_act(before)
        if sampler.random() < 0.1:
            for seat in (CHANCE, *range(config.players)):
                assert bool(legal_actions(before, seat)) == (seat in to_act(before))


@few_games
@given(config=configs, seed=seeds)
def test_nothing_hidden_leaks_through_a_view_or_a_recorded_event(
    config: ObjectifsConfig, seed: int
) -> None:
    """Every few steps, every seat's view and every spectator's: no other hand, no other
    objective this round, no other set-up choice before all are in, no pile; and every
    event recorded so far, redacted for each of them, names none of those either."""
    sampler = random.Random(seed)
    events: list[tuple[int, dict[str, Any], dict[str, Any]]] = []
    for step in walk(config, seed):
        action = RULES.action_to_json(step.action)
        effects = RULES.effects(step.before, step.seat, step.action, step.after)
        if effects:
            action["effects"] = effects
        events.append((step.seat, action, RULES.facts(step.before, step.after)))
        now = step.after
        if now.phase is Phase.GAME_OVER or sampler.random() > 0.05:
            continue
        for viewer in (None, *range(config.players)):
            _check_view(now, viewer)
            for seat, recorded, facts in events:
                _check_event(now, viewer, seat, *RULES.redact(seat, recorded, facts, viewer, now))


def _check_view(state: ObjectifsState, viewer: int | None) -> None:
    seen = RULES.view(state, viewer)
    for seat in range(state.players):
        if seat != viewer:
            assert seen["hands"][seat] is None
            assert seen["objectives"][seat] is None
            assert seen["lays"][seat] is None
    assert seen["pile"] is None and seen["objective_pile"] is None


def _check_event(
    now: ObjectifsState,
    viewer: int | None,
    seat: int,
    action: dict[str, Any],
    facts: dict[str, Any],
) -> None:
    if action["type"] == "deal":
        assert set(action) == {"type", "cards", "objectives"}
    setting_up = now.phase is Phase.SETUP and action.get("effects", {}).get("round") == now.round_no
    if action["type"] == "lay" and seat != viewer and setting_up:
        assert "cards" not in action
    for key in ("dealt", "from_pile"):
        for who, cards in facts.get(key, {}).items():
            if who != str(viewer):
                assert set(cards) == {None}
    objectives = facts.get("objectives", {})
    if len(now.results) < facts.get("round", 0):
        assert all(name is None for who, name in objectives.items() if who != str(viewer))


@few_games
@given(config=configs, seed=seeds)
def test_determinize_keeps_the_seats_view(config: ObjectifsConfig, seed: int) -> None:
    rng = random.Random(seed)
    for step in walk(config, seed):
        if rng.random() > 0.1:
            continue
        state = step.after
        for seat in range(config.players):
            sampled = RULES.determinize(state, seat, rng)  # type: ignore[attr-defined]
            assert RULES.view(sampled, seat) == RULES.view(state, seat)
            assert_conserved(sampled, f"determinized for seat {seat} at step {step.number}")


@few_games
@given(config=configs, seed=seeds)
def test_the_recorded_json_replays_the_game_and_the_text_reads_back(
    config: ObjectifsConfig, seed: int
) -> None:
    steps = list(walk(config, seed))
    state = new_game(config)
    for step in steps:
        action = RULES.action_from_json(RULES.action_to_json(step.action))
        assert RULES.parse_action(str(step.action)) == step.action
        state = RULES.apply(state, step.seat, action)
    assert state == steps[-1].after
