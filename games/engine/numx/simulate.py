"""Many games between random bots, summed up: the engine's smoke test and statistics."""

from __future__ import annotations

import random
import statistics
import traceback
from collections.abc import Callable

from games.engine.numx.bots import StuckGame, play_random_game
from games.engine.numx.modes import GameConfig, Mode
from games.engine.numx.outcome import outcome
from games.engine.numx.state import GameState

#: Plays one whole game; returns its final state and how many actions it took.
GamePlayer = Callable[[GameConfig, random.Random], tuple[GameState, int]]


def _in_memory(config: GameConfig, rng: random.Random) -> tuple[GameState, int]:
    state, history = play_random_game(config, rng)
    return state, len(history)


def simulate(
    games: int,
    players: int,
    mode: Mode,
    teams: bool = False,
    seed: int = 0,
    play: GamePlayer = _in_memory,
) -> dict[str, object]:
    """Play ``games`` random games; report how many finished, errors, length and X-Trems.

    ``play`` plays one game (in memory by default; the event store passes its own, which
    goes through its commands). ``xtrem_rate`` is the share of finished games whose final
    scores hold at least one X-Trem (the rule book promises about 5% "de chance de le
    réaliser").
    """
    config = GameConfig(players=players, mode=mode, teams=teams)
    rng = random.Random(seed)
    lengths: list[int] = []
    with_xtrem = 0
    errors: list[str] = []
    for number in range(games):
        game_rng = random.Random(rng.getrandbits(64))
        try:
            state, length = play(config, game_rng)
        except (StuckGame, ValueError, AssertionError, RuntimeError) as error:
            frame = traceback.extract_tb(error.__traceback__)[-1]
            errors.append(f"game {number}: {error!r} at {frame.filename}:{frame.lineno}")
            continue
        lengths.append(length)
        result = outcome(state)
        assert result is not None
        if any(sheet.xtrems for sheet in result.sheets):
            with_xtrem += 1
    finished = len(lengths)
    return {
        "games": games,
        "players": players,
        "mode": mode.value,
        "teams": teams,
        "seed": seed,
        "games_finished": finished,
        "errors": len(errors),
        "error_details": errors[:10],
        "actions_per_game": {
            "mean": round(statistics.fmean(lengths), 1) if lengths else 0,
            "min": min(lengths, default=0),
            "max": max(lengths, default=0),
        },
        "xtrem_rate": round(with_xtrem / finished, 4) if finished else 0.0,
    }
