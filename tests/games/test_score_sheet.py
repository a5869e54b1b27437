"""A finished game's score sheet: a row per player, best first; a column per round (adding
up to the total) and per scoring rule that scored (no column of zeros); the totals."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest
from django.test import Client

from games.events import store
from games.events.log import import_log, log_of_history
from games.models import Game
from games.registry import game_type, rule_set
from games.simulation import play_random_game

pytestmark = pytest.mark.django_db


def finished(rules: str, config: dict[str, Any], seed: int) -> tuple[Game, list[Any]]:
    """A ``rules`` game of ``config`` played to its end at random, recorded (imported)."""
    _state, history = play_random_game(rule_set(rules), config, random.Random(seed))
    names = [f"Player {seat + 1}" for seat in range(config["players"])]
    return import_log(log_of_history(rules, config, names, history, "Sheet")), history


def sheet(game: Game) -> tuple[list[str], list[list[str]]]:
    """The table page's score sheet: its column headings and its rows' cells."""
    page = Client().get(f"/games/{game.pk}/").content.decode()
    found = re.search(r'<div class="score-sheet".*?</table>', page, re.S)
    assert found is not None, "the game over table shows a score sheet"
    table = found.group(0)

    def cells(row: str) -> list[str]:
        found = re.findall(r"<t[hd][^>]*>.*?</t[hd]>", row, re.S)
        return [re.sub(r"<[^>]+>", "", cell).strip() for cell in found]

    head, *rows = re.findall(r"<tr.*?</tr>", table, re.S)
    return cells(head), [cells(row) for row in rows]


def numbers(cells: list[str]) -> list[int]:
    return [int(cell.replace("\u2212", "-")) for cell in cells]


def test_an_x_game_sheet_has_round_one_and_round_two_adding_up_to_the_total() -> None:
    config = {"players": 3, "mode": "x-game"}
    game, history = finished("numx", config, seed=4)
    rules = rule_set("numx")
    state = rules.new_game(config)
    for seat, action in history:  # to the end of round 1: its rows' scores then
        state = rules.apply(state, seat, action)
        if rules.progress(state).round == 2:
            break
    standing = rules.standing_scores(state)
    assert standing is not None
    after_round_one = [sum(line.points for line in lines) for lines in standing]
    final = rules.outcome(store.load(game.pk, "numx").state)
    assert final is not None

    columns, rows = sheet(game)

    assert columns[:3] == ["Player", "Round 1", "Round 2"] and columns[-1] == "Total"
    assert len(rows) == 3
    totals = [int(row[-1]) for row in rows]
    assert totals == sorted(totals, reverse=True), "best first"
    by_name = {row[0].removesuffix("winner").strip(): row for row in rows}
    for seat in range(3):
        row = by_name[f"Player {seat + 1}"]
        first, second = numbers(row[1:3])
        assert first == after_round_one[seat]
        assert first + second == int(row[-1]) == final.scores[seat]
    rule_columns = list(zip(*(numbers(row[3:-1]) for row in rows), strict=True))
    assert rule_columns, "the rules that scored"
    assert all(any(column) for column in rule_columns), "no column of zeros"
    assert all(sum(numbers(row[3:-1])) == int(row[-1]) for row in rows)


def test_a_game_scored_round_by_round_has_a_column_per_round_and_per_rule() -> None:
    game, _history = finished("objectifs", {"players": 3}, seed=2)
    describe = game_type("objectifs").site.describe_score_line

    columns, rows = sheet(game)

    assert columns[1:6] == [f"Round {n}" for n in range(1, 6)]
    assert "Round 6" not in columns
    assert set(columns[6:-1]) <= {describe(rule) for rule in ("malus", "hand", "objective")}
    for row in rows:
        assert sum(numbers(row[1:6])) == numbers([row[-1]])[0]
        assert sum(numbers(row[6:-1])) == numbers([row[-1]])[0]


def test_a_game_of_one_round_has_no_round_column() -> None:
    game, _history = finished("nmbr9", {"players": 2}, seed=1)

    columns, rows = sheet(game)

    assert not any(column.startswith("Round") for column in columns)
    assert all(any(column) for column in zip(*(numbers(row[1:-1]) for row in rows), strict=True))


def test_a_negative_cell_reads_with_the_minus_sign_as_the_rest_of_the_table() -> None:
    """Objectifs' scores are mostly below zero: the final sheet wrote them with a hyphen,
    under players' headings that write them with the minus sign (U+2212)."""
    game, _history = finished("objectifs", {"players": 3}, seed=2)

    _columns, rows = sheet(game)

    cells = [cell for row in rows for cell in row[1:]]
    assert any(cell.startswith("\u2212") for cell in cells)
    assert not any(cell.startswith("-") for cell in cells)
