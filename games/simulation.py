"""Games between random bots, for any registered game: the engines' smoke test and
statistics (``manage.py numx simulate``), and the demo's finished game.

Everything goes through the :class:`~games.engine.ruleset.RuleSet` protocol: each seat plays
a uniformly random legal action (``legal_actions(...).sample``), not the game's bot, whose
taste (a Maya bot never guesses) would leave moves untried; chance plays
:meth:`~games.engine.ruleset.RuleSet.chance_action`, so a seed replays the same games.
"""

from __future__ import annotations

import itertools
import random
import statistics
import time
import traceback
from collections.abc import Callable, Mapping
from typing import Any

from games.engine.ruleset import RuleSet
from games.registry import rule_set

#: A random game longer than this is reported as stuck rather than played forever.
MAX_ACTIONS = 20_000

History = list[tuple[int, Any]]
#: Plays one whole game of a configuration; returns its final state and how many actions
#: it took.
GamePlayer = Callable[[RuleSet[Any], dict[str, Any], random.Random], tuple[Any, int]]


class StuckGame(RuntimeError):
    """A random game did not end within :data:`MAX_ACTIONS` actions."""


def random_step(rules: RuleSet[Any], state: Any, rng: random.Random) -> tuple[int, Any]:
    """Chance's move when chance is to act, else a random legal move of a random seat that
    may act."""
    chance = rules.chance_action(state, rng)
    if chance is not None:
        return rules.chance, chance
    seat = rng.choice(sorted(rules.to_act(state) - {rules.chance}))
    return seat, rules.legal_actions(state, seat).sample(rng)


def play_random_game(
    rules: RuleSet[Any], config: Mapping[str, Any], rng: random.Random
) -> tuple[Any, History]:
    """Play a whole game of ``config`` between bots; return its final state and history."""
    state = rules.new_game(config)
    history: History = []
    while not rules.is_terminal(state):
        if len(history) >= MAX_ACTIONS:
            raise StuckGame(f"no end after {MAX_ACTIONS} actions")
        seat, action = random_step(rules, state, rng)
        state = rules.apply(state, seat, action)
        history.append((seat, action))
    return state, history


def _in_memory(rules: RuleSet[Any], config: dict[str, Any], rng: random.Random) -> tuple[Any, int]:
    state, history = play_random_game(rules, config, rng)
    return state, len(history)


def simulate(
    game_id: str,
    games: int,
    players: int,
    config: Mapping[str, Any] | None = None,
    seed: int = 0,
    play: GamePlayer = _in_memory,
) -> dict[str, Any]:
    """Play ``games`` random games of ``game_id`` with ``players`` seats and the options of
    ``config``; report how many finished, the errors and the games' lengths.

    ``play`` plays one game (in memory by default; the event store passes its own).
    ``score_rule_rates`` gives, for each scoring rule in the final breakdowns, the share
    of finished games where it scored at least once (NUM-X's X-Trem rate is its
    ``x-trem``, which the rule book puts at about 5%).
    """
    rules = rule_set(game_id)
    full_config = {**(config or {}), "players": players}
    rules.new_game(full_config)  # a configuration the rules refuse fails here, once
    rng = random.Random(seed)
    lengths: list[int] = []
    rule_games: dict[str, int] = {}
    errors: list[str] = []
    for number in range(games):
        game_rng = random.Random(rng.getrandbits(64))
        try:
            state, length = play(rules, full_config, game_rng)
        except (ValueError, AssertionError, RuntimeError) as error:
            frame = traceback.extract_tb(error.__traceback__)[-1]
            errors.append(f"game {number}: {error!r} at {frame.filename}:{frame.lineno}")
            continue
        lengths.append(length)
        result = rules.outcome(state)
        assert result is not None
        for rule in {line.rule for lines in result.breakdown for line in lines if line.points}:
            rule_games[rule] = rule_games.get(rule, 0) + 1
    finished = len(lengths)
    return {
        "rules": game_id,
        "games": games,
        "players": players,
        "config": full_config,
        "seed": seed,
        "games_finished": finished,
        "errors": len(errors),
        "error_details": errors[:10],
        "actions_per_game": {
            "mean": round(statistics.fmean(lengths), 1) if lengths else 0,
            "min": min(lengths, default=0),
            "max": max(lengths, default=0),
        },
        "score_rule_rates": {
            rule: round(count / finished, 4) for rule, count in sorted(rule_games.items())
        },
    }


def sweep(game_id: str, seconds: float, seed: int = 0) -> dict[str, Any]:
    """Random games of every example configuration of ``game_id`` (``RuleSet.example_configs``)
    in turn, one of each at least, then round after round until ``seconds`` of this
    process's CPU time are spent: CI's bounded sweep of every registered game, whatever its
    speed. Game ``k`` of configuration ``i`` is drawn from the seed ``(seed, i, k)``, so an
    error names a game one can replay.

    >>> run = sweep("nmbr9", seconds=0)
    >>> run["games"] == run["games_finished"] == len(run["configs"]), run["errors"]
    (True, [])
    """
    rules = rule_set(game_id)
    configs = rules.example_configs()
    started = time.process_time()
    played = finished = 0
    errors: list[str] = []
    for round_number in itertools.count():
        if round_number and time.process_time() - started >= seconds:
            break
        for index, config in enumerate(configs):
            rng = random.Random(f"{seed}-{index}-{round_number}")
            played += 1
            try:
                play_random_game(rules, config, rng)
            except (ValueError, AssertionError, RuntimeError) as error:
                frame = traceback.extract_tb(error.__traceback__)[-1]
                errors.append(
                    f"config {index} {config} game {round_number} (seed {seed}): {error!r} "
                    f"at {frame.filename}:{frame.lineno}"
                )
                continue
            finished += 1
    return {
        "rules": game_id,
        "configs": configs,
        "games": played,
        "games_finished": finished,
        "errors": errors[:10],
        "seconds": round(time.process_time() - started, 1),
    }
