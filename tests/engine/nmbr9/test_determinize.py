"""A determinized NMBR 9 state gives its seat exactly the view of the real one, with the
order of the cards left and the other seats' secret tiles of the current card drawn again."""

from __future__ import annotations

import random
from collections.abc import Iterator

from games.engine.nmbr9 import (
    RULES,
    Action,
    Nmbr9State,
    Phase,
    greedy_action,
    random_action,
    settle,
)
from games.engine.nmbr9.determinize import determinize
from games.engine.nmbr9.stack import Stack
from games.engine.ruleset import BotLevel
from games.engine.search import Budget, bot_move

from .conftest import walk


def mixed(state: Nmbr9State, seat: int, rng: random.Random) -> Action:
    """Greedy or random, by a toss of ``rng``."""
    return (greedy_action if rng.random() < 0.5 else random_action)(state, seat, rng)


def positions(games: int) -> Iterator[Nmbr9State]:
    """Every position of ``games`` seeded games of 1 to 4 players, their placements greedy
    or random (so that stacks rise), seats placing each card in a random order."""
    for number in range(games):
        for step in walk(1 + number % 4, number, mixed):
            yield step.before
        yield step.after


def test_every_sampled_state_gives_exactly_that_seats_view() -> None:
    rng = random.Random(1)
    seen = 0
    for state in positions(8):
        for seat in range(state.players):
            sampled = determinize(state, seat, rng)
            assert RULES.view(sampled, seat) == RULES.view(state, seat)
            seen += 1
    assert seen > 8 * 20


def test_the_cards_left_and_the_secret_tiles_are_drawn_again_and_legal() -> None:
    rng = random.Random(2)
    reordered = replaced = 0
    for state in positions(4):
        if state.phase is not Phase.PLACE:
            continue
        seat = 0
        sampled: Nmbr9State = determinize(state, seat, rng)
        assert sorted(sampled.deck) == sorted(state.deck)
        assert sampled.deck[: state.turned] == state.deck[: state.turned]
        reordered += sampled.deck != state.deck
        assert sampled.stacks[seat] == state.stacks[seat]
        for owner in range(1, state.players):
            real, drawn = state.stacks[owner].tiles, sampled.stacks[owner].tiles
            if not state.placed[owner]:
                assert drawn == real
                continue
            # The revealed stack is kept; the secret tile is the card's, placed legally.
            assert drawn[:-1] == real[:-1] and drawn[-1].digit == state.card
            tile = drawn[-1]
            assert settle(Stack(drawn[:-1]), tile.digit, tile.x, tile.y, tile.turn) == tile
            replaced += tile != real[-1]
    assert reordered, "the cards left were never shuffled again"
    assert replaced, "another seat's secret tile was never placed again"


def test_a_game_not_in_play_is_its_own_sample() -> None:
    fresh = RULES.new_game({"players": 2})
    assert RULES.determinize(fresh, 0, random.Random(3)) == fresh  # type: ignore[attr-defined]


def test_the_search_bot_plays_nmbr9_and_only_legal_moves() -> None:
    rng = random.Random(4)
    state = RULES.new_game({"players": 2})
    while not RULES.is_terminal(state):
        chance = RULES.chance_action(state, rng)
        if chance is not None:
            state = RULES.apply(state, RULES.chance, chance)
            continue
        seat = rng.choice(sorted(RULES.awaiting(state)))
        action = bot_move(RULES, state, seat, BotLevel.SEARCH, rng, Budget(iterations=3))
        assert action in RULES.legal_actions(state, seat)
        state = RULES.apply(state, seat, action)
