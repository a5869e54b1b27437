"""Seating a stage: every player once, tables of valid sizes, as few repeat opponents as
possible."""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from tournaments.seating import (
    MAX_TABLE,
    SeatingError,
    meetings,
    possible_sizes,
    repeats,
    seat,
    table_sizes,
)


@pytest.mark.parametrize(
    ("players", "size", "small", "sizes"),
    [
        (3, 4, False, [3]),
        (4, 4, False, [4]),
        (5, 4, False, [5]),
        (5, 4, True, [3, 2]),
        (6, 4, False, [3, 3]),
        (8, 4, False, [4, 4]),
        (9, 4, False, [3, 3, 3]),
        (10, 4, False, [4, 3, 3]),
        (4, 3, False, [4]),
        (4, 3, True, [2, 2]),
        (5, 3, False, [5]),
        (7, 3, False, [4, 3]),
        (11, 3, False, [4, 4, 3]),
        (7, 6, False, [4, 3]),
        (13, 6, False, [5, 4, 4]),
        (2, 4, True, [2]),
    ],
)
def test_tables_are_as_even_as_possible_and_never_of_one_or_two_unless_allowed(
    players: int, size: int, small: bool, sizes: list[int]
) -> None:
    assert table_sizes(players, size, small) == sizes


@pytest.mark.parametrize("small", [False, True])
@pytest.mark.parametrize("size", range(3, MAX_TABLE + 1))
def test_the_sizes_a_stage_can_seat_are_those_of_any_number_of_players(
    size: int, small: bool
) -> None:
    """What a tournament taking registrations tells of its tables: every size some number
    of players is seated at, counted here up to a thousand players."""
    seated = {
        table
        for players in range(2 if small else 3, 1000)
        for table in table_sizes(players, size, small)
    }
    assert possible_sizes(size, small) == sorted(seated)


@pytest.mark.parametrize(("players", "size", "small"), [(2, 4, False), (1, 4, True), (0, 3, True)])
def test_too_few_players_for_a_table_is_an_error(players: int, size: int, small: bool) -> None:
    with pytest.raises(SeatingError):
        table_sizes(players, size, small)


@pytest.mark.parametrize("size", [2, 7])
def test_a_table_size_outside_three_to_six_is_refused(size: int) -> None:
    with pytest.raises(SeatingError):
        table_sizes(12, size)


@given(players=st.integers(3, 40), size=st.integers(3, 6), small=st.booleans())
def test_table_sizes_seat_everyone_at_valid_tables(players: int, size: int, small: bool) -> None:
    sizes = table_sizes(players, size, small)
    assert sum(sizes) == players
    assert max(sizes) - min(sizes) <= 1
    assert min(sizes) >= (2 if small else 3)
    assert max(sizes) <= MAX_TABLE
    # The chosen size is exceeded only when no seating at that size avoids small tables.
    if max(sizes) > size:
        assert not small and all(
            not (3 * tables <= players <= size * tables) for tables in range(1, players + 1)
        )


def test_a_first_stage_seats_players_in_order() -> None:
    assert seat(list(range(8)), [4, 4]) == [[0, 1, 2, 3], [4, 5, 6, 7]]


def test_the_next_stage_deals_the_previous_tables_out() -> None:
    first = [[0, 1, 2], [3, 4, 5], [6, 7, 8]]
    second = seat(list(range(9)), [3, 3, 3], meetings(first))
    assert repeats(second, meetings(first)) == 0
    # Swiss-like: the leader sits with the best-placed players they have not met.
    assert second[0] == [0, 3, 6]


def test_players_must_fill_the_places_exactly_once() -> None:
    with pytest.raises(SeatingError):
        seat([1, 2, 3], [4])
    with pytest.raises(SeatingError):
        seat([1, 1, 2], [3])


# --- Properties over 3..40 players at tables of 3 to 6 ----------------------------------


def all_seatings(players: list[int], sizes: list[int]) -> list[list[list[int]]]:
    """Every way to seat ``players`` at tables of ``sizes`` (tables of equal size being
    interchangeable): an independent brute force for small cases."""
    if not players:
        return [[]]
    first, rest = players[0], players[1:]
    found = []
    for size in sorted(set(sizes)):
        left = list(sizes)
        left.remove(size)
        for companions in combinations(rest, size - 1):
            others = [p for p in rest if p not in companions]
            for tail in all_seatings(others, left):
                found.append([[first, *companions], *tail])
    return found


def history(players: list[int], size: int, small: bool, stages: int, seed: int) -> Counter:
    """Meetings after ``stages`` earlier stages, each seated by the algorithm from a
    random order (as after shuffles and changing standings)."""
    rng = random.Random(seed)
    met: Counter = Counter()
    for _ in range(stages):
        order = list(players)
        rng.shuffle(order)
        met += meetings(seat(order, table_sizes(len(order), size, small), met))
    return met


def swap_improves(tables: list[list[int]], met: Counter) -> bool:
    """Whether swapping two players of different tables would lower the repeats."""
    cost = repeats(tables, met)
    for a, b in combinations(range(len(tables)), 2):
        for i in range(len(tables[a])):
            for j in range(len(tables[b])):
                swapped = [list(t) for t in tables]
                swapped[a][i], swapped[b][j] = tables[b][j], tables[a][i]
                if repeats(swapped, met) < cost:
                    return True
    return False


seatings = st.fixed_dictionaries(
    {
        "players": st.integers(3, 40),
        "size": st.integers(3, 6),
        "small": st.booleans(),
        "stages": st.integers(0, 4),
        "seed": st.integers(0, 2**32),
    }
)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(case=seatings)
def test_every_player_is_seated_once_at_tables_of_valid_sizes(case: dict) -> None:
    players = list(range(case["players"]))
    met = history(players, case["size"], case["small"], case["stages"], case["seed"])
    sizes = table_sizes(len(players), case["size"], case["small"])
    tables = seat(players, sizes, met)
    assert sorted(p for table in tables for p in table) == players
    assert sorted(len(table) for table in tables) == sorted(sizes)
    # No swap of two players between tables would meet fewer past opponents again.
    assert not swap_improves(tables, met)


@settings(max_examples=60, deadline=None)
@given(
    players=st.integers(3, 10),
    size=st.integers(3, 6),
    small=st.booleans(),
    stages=st.integers(1, 3),
    seed=st.integers(0, 2**32),
)
def test_small_cases_meet_as_few_past_opponents_as_the_best_seating(
    players: int, size: int, small: bool, stages: int, seed: int
) -> None:
    everyone = list(range(players))
    met = history(everyone, size, small, stages, seed)
    sizes = table_sizes(players, size, small)
    best = min(repeats(option, met) for option in all_seatings(everyone, sizes))
    assert repeats(seat(everyone, sizes, met), met) == best  # zero whenever zero is possible


@settings(max_examples=40, deadline=None)
@given(players=st.integers(9, 40), size=st.integers(3, 6), seed=st.integers(0, 2**32))
def test_a_second_stage_repeats_nobody_when_the_first_stage_tables_can_be_dealt_out(
    players: int, size: int, seed: int
) -> None:
    # When no first-stage table has more players than there are tables, dealing each
    # table's players out to different tables meets nobody again: the seating finds such
    # a stage (possibly another one).
    everyone = list(range(players))
    rng = random.Random(seed)
    rng.shuffle(everyone)
    sizes = table_sizes(players, size)
    first = seat(everyone, sizes)
    assume(max(len(table) for table in first) <= len(sizes))
    rng.shuffle(everyone)
    assert repeats(seat(everyone, sizes, meetings(first)), meetings(first)) == 0
