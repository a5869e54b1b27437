"""The greedy bot's fast judgement ranks every placement exactly as the plain one does: it
enumerates every legal placement and values each on its own, the bot choosing among the
best with the same draw. Any change of a value, of a tie or of the order of equals (which
decides a seeded bot's choice) fails here."""

from __future__ import annotations

import random
from collections.abc import Iterator

from games.engine.nmbr9 import (
    RULES,
    Action,
    Nmbr9State,
    Place,
    Stack,
    Tile,
    greedy_action,
    legal_actions,
    placements,
    random_action,
)
from games.engine.nmbr9.bots import CANDIDATES, candidate_actions
from games.engine.nmbr9.greedy import by_value
from games.engine.nmbr9.stack import NEIGHBOURS

from .conftest import walk

Value = tuple[int, int, int, int]


def plain_value(stack: Stack, tile: Tile) -> Value:
    """The greedy bot's value of ``tile``, reckoned square by square: its points, its level,
    the edges it shares with its own level, minus the area of the box around the level-0
    squares and the tile."""
    same = stack.at_level(tile.level)
    contact = sum((x + dx, y + dy) in same for x, y in tile.cells for dx, dy in NEIGHBOURS)
    base = list(stack.at_level(0)) or [(0, 0)]  # an empty stack's box: the origin
    xs = [x for x, _ in (*base, *tile.cells)]
    ys = [y for _, y in (*base, *tile.cells)]
    area = (max(xs) - min(xs) + 1) * (max(ys) - min(ys) + 1)
    return tile.points, tile.level, contact, -area


def plain_groups(stack: Stack, digit: int) -> list[list[Tile]]:
    """Every placement, grouped by equal value, best first, each group in the order
    ``placements`` lists them."""
    groups: dict[Value, list[Tile]] = {}
    for tile in placements(stack, digit):
        groups.setdefault(plain_value(stack, tile), []).append(tile)
    return [groups[value] for value in sorted(groups, reverse=True)]


def plain_greedy(state: Nmbr9State, seat: int, rng: random.Random) -> Action:
    assert state.card is not None
    best = plain_groups(state.stacks[seat], state.card)[0]
    chosen = rng.choice(best)
    return Place(chosen.digit, chosen.x, chosen.y, chosen.turn)


def mixed(state: Nmbr9State, seat: int, rng: random.Random) -> Action:
    """Mostly greedy, sometimes random (stacks rise, and bases sprawl)."""
    return (greedy_action if rng.random() < 0.8 else random_action)(state, seat, rng)


def positions(games: int) -> Iterator[tuple[Nmbr9State, int]]:
    """Every placement to make in ``games`` seeded games of 1 to 4 players."""
    for number in range(games):
        for step in walk(1 + number % 4, 100 + number, mixed):
            if step.before.card is not None:
                yield step.before, step.seat


def test_placements_are_ranked_as_valuing_each_alone_ranks_them() -> None:
    seen = 0
    for state, seat in positions(10):
        stack, digit = state.stacks[seat], state.card
        assert digit is not None
        assert list(by_value(stack, digit)) == plain_groups(stack, digit)
        seen += 1
    assert seen > 10 * 20


def test_the_greedy_bot_chooses_what_the_plain_one_chooses() -> None:
    for number, (state, seat) in enumerate(positions(10)):
        fast = greedy_action(state, seat, random.Random(number))
        assert fast == plain_greedy(state, seat, random.Random(number))


def test_the_short_list_starts_with_the_greedy_choice_and_holds_the_next_best() -> None:
    for number, (state, seat) in enumerate(positions(4)):
        listed = candidate_actions(state, seat, random.Random(number))
        assert listed[0] == greedy_action(state, seat, random.Random(number))
        stack = state.stacks[seat]
        tiles = [RULES.apply(state, seat, action).stacks[seat].tiles[-1] for action in listed]
        assert all(action in legal_actions(state, seat) for action in listed)
        # No two lie on the same squares; as many as asked while placements last.
        assert len({frozenset(tile.cells) for tile in tiles}) == len(tiles)
        distinct = {frozenset(tile.cells) for tile in placements(stack, tiles[0].digit)}
        assert len(tiles) == min(CANDIDATES, len(distinct))
        # After the greedy choice, the best of the others: none left out is worth more.
        values = [plain_value(stack, tile) for tile in tiles]
        assert values[1:] == sorted(values[1:], reverse=True)
        assert values[0] == max(values)
        left_out = [
            plain_value(stack, tile)
            for tile in placements(stack, tiles[0].digit)
            if frozenset(tile.cells) not in {frozenset(t.cells) for t in tiles}
        ]
        assert not left_out or max(left_out) <= values[-1]
