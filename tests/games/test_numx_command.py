"""``manage.py numx``: scoring cards and simulating bot games from the command line."""

import json
from io import StringIO

import pytest
from django.core.management import CommandError, call_command


def run(*args: str) -> dict[str, object]:
    out = StringIO()
    call_command("numx", *args, stdout=out)
    return json.loads(out.getvalue())


def test_score_prints_the_total_and_a_line_per_rule() -> None:
    result = run("score", "blue-6", "rainbow-6", "green-13", "green-1", "blue-16")
    assert result["total"] == 29
    assert [line["rule"] for line in result["lines"]] == ["rainbow-pair", "colour", "colour"]  # type: ignore[attr-defined]


def test_score_counts_an_x_trem() -> None:
    result = run("score", "blue-4", "red-4", "yellow-4", "green-4", "shadow-4", "joker")
    assert (result["total"], result["xtrems"]) == (100, 1)


@pytest.mark.parametrize("cards", [["blue-17"], ["blue-7", "blue-7"], ["memo"]])
def test_score_refuses_cards_that_do_not_exist(cards: list[str]) -> None:
    with pytest.raises(CommandError):
        run("score", *cards)


def test_simulate_plays_every_game_to_the_end_without_errors() -> None:
    args = ["simulate", "--games", "8", "--players", "4", "--mode", "x-game", "--seed", "7"]
    result = run(*args)
    assert result["games_finished"] == 8 and result["errors"] == 0
    per_game = result["actions_per_game"]
    assert isinstance(per_game, dict) and per_game["min"] > 0
    assert 0 <= result["xtrem_rate"] <= 1  # type: ignore[operator]
    assert run(*args) == result  # the same seed plays the same games


def test_simulate_accepts_teams_and_refuses_impossible_tables() -> None:
    assert run("simulate", "--games", "2", "--players", "6", "--teams")["errors"] == 0
    with pytest.raises(CommandError, match="4 or 6 players"):
        run("simulate", "--games", "1", "--players", "3", "--teams")
