"""Seating a stage's players into tables: pure functions, no database.

A stage seats every active player once, into tables as even as possible (:func:`table_sizes`),
meeting as few past opponents again as it can (:func:`seat`). Players come in standings
order (a random draw before the first stage), so tables group players of similar standing,
Swiss-like. The decisions are written up in ``docs/tournaments.md``.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Hashable, Iterable, Mapping, Sequence
from itertools import combinations
from typing import TypeVar

P = TypeVar("P", bound=Hashable)

#: NUM-X is played by 2 to 6; a tournament table has 3 to 6 players, 2 if the organiser
#: allows small tables. A table of 1 is never made: nobody plays alone.
MIN_TABLE = 3
MIN_SMALL_TABLE = 2
MAX_TABLE = 6

#: How many steps the exact search may take before the local improvement takes over.
SEARCH_BUDGET = 20_000

Meetings = Mapping[frozenset[P], int]


def smallest_table(small_tables: bool) -> int:
    """The fewest players a table may have: 2 where the organiser allows small tables.

    >>> smallest_table(False), smallest_table(True)
    (3, 2)
    """
    return MIN_SMALL_TABLE if small_tables else MIN_TABLE


class SeatingError(ValueError):
    """These players cannot be seated at tables of that size."""


def table_sizes(players: int, size: int, small_tables: bool = False) -> list[int]:
    """The sizes of a stage's tables for ``players`` at tables of ``size``, larger first.

    As few tables as the size allows, their sizes differing by one at most. A table of 2
    only if ``small_tables``; when the chosen size cannot avoid one, one table fewer and
    some tables one player larger.

    >>> table_sizes(8, 4)
    [4, 4]
    >>> table_sizes(10, 4)
    [4, 3, 3]
    >>> table_sizes(5, 4)
    [5]
    >>> table_sizes(5, 4, small_tables=True)
    [3, 2]
    >>> table_sizes(7, 3)
    [4, 3]
    """
    if not MIN_TABLE <= size <= MAX_TABLE:
        raise SeatingError(f"tables have {MIN_TABLE} to {MAX_TABLE} players, not {size}")
    smallest = smallest_table(small_tables)
    if players < smallest:
        raise SeatingError(f"{players} players cannot fill a table of {smallest} or more")
    tables = math.ceil(players / size)
    if players // tables < smallest:
        tables = players // size  # tables of `size` or one more: no table too small
    base, larger = divmod(players, tables)
    sizes = [base + 1] * larger + [base] * (tables - larger)
    if sizes[0] > MAX_TABLE:  # pragma: no cover - sizes 3..6 never get there
        raise SeatingError(f"{players} players cannot sit at tables of {size}")
    return sizes


def possible_sizes(size: int, small_tables: bool = False) -> list[int]:
    """Every size :func:`table_sizes` seats some number of players at, at tables of
    ``size``: what a tournament's tables can have while its players are not known yet.

    >>> possible_sizes(3), possible_sizes(6), possible_sizes(3, small_tables=True)
    ([3, 4, 5], [3, 4, 5, 6], [2, 3])
    """
    # Two tables' worth of players already gives every size: more players only seat more
    # tables of the same sizes (the tests count up to a thousand players).
    counts = range(smallest_table(small_tables), 2 * MAX_TABLE + 1)
    return sorted(
        {table for players in counts for table in table_sizes(players, size, small_tables)}
    )


def sizes_before_seating(size: int, small_tables: bool, final_size: int | None) -> list[int]:
    """Every size a tournament's tables can have before its players are known: every size
    a stage seats some number of players at (:func:`possible_sizes`), and, with a final of
    ``final_size``, every size from the smallest table up to the final's (fewer players
    may be left for it).

    >>> sizes_before_seating(3, False, None), sizes_before_seating(3, False, 6)
    ([3, 4, 5], [3, 4, 5, 6])
    """
    sizes = set(possible_sizes(size, small_tables))
    if final_size is not None:
        sizes |= set(range(smallest_table(small_tables), final_size + 1))
    return sorted(sizes)


def meetings(tables: Iterable[Iterable[P]]) -> Counter[frozenset[P]]:
    """How many times each pair of players sat at the same table.

    >>> meetings([["a", "b", "c"], ["a", "b"]])[frozenset("ab")]
    2
    """
    met: Counter[frozenset[P]] = Counter()
    for table in tables:
        for pair in combinations(sorted(set(table), key=repr), 2):
            met[frozenset(pair)] += 1
    return met


def repeats(tables: Iterable[Iterable[P]], met: Meetings[P]) -> int:
    """The repeat meetings of a seating: for each pair at the same table, how many times
    they met before (meeting a third time counts two).

    >>> repeats([["a", "b", "c"]], {frozenset("ab"): 1, frozenset("cd"): 4})
    1
    """
    return sum(met.get(frozenset(pair), 0) for table in tables for pair in combinations(table, 2))


def seat(
    players: Sequence[P],
    sizes: Sequence[int],
    met: Meetings[P] | None = None,
    budget: int = SEARCH_BUDGET,
) -> list[list[P]]:
    """Seat ``players`` (best standing first) at tables of ``sizes``, each player once,
    with as few repeat meetings (:func:`repeats`) as possible.

    A depth-first search places each player, in standings order, at the first table where
    they meet nobody again (so tables group neighbours in the standings), backtracking when
    a player fits nowhere, and keeps the best seating found; if ``budget`` steps do not
    prove it best, swaps of two players between tables improve it until no swap helps.
    Inside a table players keep their standings order.

    >>> seat("abcdef", [3, 3])
    [['a', 'b', 'c'], ['d', 'e', 'f']]
    >>> seat("abcdefghi", [3, 3, 3], meetings(["abc", "def", "ghi"]))
    [['a', 'd', 'g'], ['b', 'e', 'h'], ['c', 'f', 'i']]
    """
    if sum(sizes) != len(players):
        raise SeatingError(f"{len(players)} players for {sum(sizes)} places")
    if len(set(players)) != len(players):
        raise SeatingError("a player can take only one place")
    met = met or {}
    weights = [[met.get(frozenset((p, q)), 0) if p != q else 0 for q in players] for p in players]
    search = _Search(weights, list(sizes), budget)
    search.run(0, 0)
    assert search.best is not None
    tables = search.best
    if search.best_cost > 0:
        _improve(tables, weights)
    return [[players[i] for i in sorted(table)] for table in tables]


class _Search:
    """Branch and bound over placements: player ``i`` goes to a table with room; empty
    tables of the same size are interchangeable, so only the first is tried."""

    def __init__(self, weights: list[list[int]], sizes: list[int], budget: int) -> None:
        self.weights = weights
        self.sizes = sizes
        self.budget = budget
        self.steps = 0
        self.members: list[list[int]] = [[] for _ in sizes]
        self.best: list[list[int]] | None = None
        self.best_cost = math.inf

    def run(self, player: int, cost: int) -> None:
        self.steps += 1
        if player == len(self.weights):
            self.best = [list(table) for table in self.members]
            self.best_cost = cost
            return
        row = self.weights[player]
        options = []
        empty_sizes: set[int] = set()
        for number, members in enumerate(self.members):
            room = self.sizes[number]
            if len(members) == room:
                continue
            if not members:
                if room in empty_sizes:
                    continue
                empty_sizes.add(room)
            added = sum(row[other] for other in members)
            if cost + added < self.best_cost:
                options.append((added, number))
        options.sort()
        for added, number in options:
            if cost + added >= self.best_cost:
                break  # the best may have improved meanwhile
            self.members[number].append(player)
            self.run(player + 1, cost + added)
            self.members[number].pop()
            # Stop at a seating without repeats, or out of steps once one seating is known.
            if self.best_cost == 0 or (self.steps >= self.budget and self.best is not None):
                return


def _improve(tables: list[list[int]], weights: list[list[int]]) -> None:
    """Swap two players of different tables while a swap lowers the repeats."""

    def against(player: int, table: list[int], leaving: int) -> int:
        row = weights[player]
        return sum(row[other] for other in table if other != leaving)

    improved = True
    while improved:
        improved = False
        for a, b in combinations(range(len(tables)), 2):
            for x in tables[a]:
                for y in tables[b]:
                    before = against(x, tables[a], x) + against(y, tables[b], y)
                    after = against(y, tables[a], x) + against(x, tables[b], y)
                    if after < before:
                        tables[a][tables[a].index(x)] = y
                        tables[b][tables[b].index(y)] = x
                        improved = True
                        break
                if improved:
                    break
            if improved:
                break
