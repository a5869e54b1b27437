"""``manage.py numx simulate``: any registered game between bots, from the command line."""

import json
from io import StringIO

import pytest
from django.core.management import CommandError, call_command


def run(*args: str) -> dict[str, object]:
    out = StringIO()
    call_command("numx", *args, stdout=out)
    return json.loads(out.getvalue())


def test_simulate_plays_every_game_to_the_end_without_errors() -> None:
    args = ["simulate", "--rules", "numx", "--games", "8", "--players", "4", "--seed", "7"]
    result = run(*args, "--config", '{"mode": "x-game"}')
    assert result["games_finished"] == 8 and result["errors"] == 0
    assert (result["rules"], result["config"]) == ("numx", {"mode": "x-game", "players": 4})
    per_game = result["actions_per_game"]
    assert isinstance(per_game, dict) and per_game["min"] > 0
    rates = result["score_rule_rates"]
    assert isinstance(rates, dict) and all(0 < rate <= 1 for rate in rates.values())
    assert run(*args, "--config", '{"mode": "x-game"}') == result  # same seed, same games


def test_simulate_accepts_teams_and_refuses_impossible_tables() -> None:
    teams = ["--config", '{"teams": true}']
    assert run("simulate", "--games", "2", "--players", "6", *teams)["errors"] == 0
    with pytest.raises(CommandError, match="4 or 6 players"):
        run("simulate", "--games", "1", "--players", "3", *teams)
    with pytest.raises(CommandError, match="JSON object"):
        run("simulate", "--games", "1", "--config", "[1]")


def test_simulate_plays_with_a_table_option_and_refuses_an_unknown_one() -> None:
    every = ["--config", '{"mode": "x-game", "triple_rule": "every", "edition": 3}']
    result = run("simulate", "--games", "3", "--players", "3", "--seed", "2", *every)
    assert result["games_finished"] == 3 and result["errors"] == 0
    with pytest.raises(CommandError, match="triple rule"):
        run("simulate", "--games", "1", "--config", '{"triple_rule": "sometimes"}')
