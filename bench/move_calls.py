"""Project calls of one move: through the table's form (answered with the drawn table) and
through the API (answered with the game as JSON).

Run: ``.venv/bin/python bench/move_calls.py [--games 5]``

On a throwaway SQLite database, two players start a NUM-X Speed Run; each makes their
secret opening pick, the first through the table's "choice" form (``POST /games/N/move/``
with ``HX-Request``), the second through the API (``POST /api/games/N/actions/``), both
from the same sequence (the second move is judged by the stale-move rule). Each request
runs under ``cProfile``; counted are the calls of functions defined in the project's own
files (the engines included; Django's and the standard library's left out), the project
modules they belong to, and the look-ups of ``games.registry.game_type``. Counts, not
seconds: they do not drift with the machine's speed. Printed as JSON, the median over
``--games`` games.
"""

from __future__ import annotations

import argparse
import cProfile
import json
import os
import pstats
import random
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "numx_site.settings")
os.environ["DATABASE_URL"] = "sqlite://:memory:"

import django  # noqa: E402

django.setup()

from django.contrib.auth.models import User  # noqa: E402
from django.db import connection  # noqa: E402
from django.test import Client  # noqa: E402
from django.test.utils import setup_test_environment  # noqa: E402

from accounts.tokens import issue  # noqa: E402
from games.events import store  # noqa: E402
from games.lobby import game_join, game_open, game_start  # noqa: E402
from games.registry import rule_set  # noqa: E402

OWN = [str(ROOT / folder) for folder in ("games", "notifications", "accounts", "chat")]
OWN += [str(ROOT / folder) for folder in ("tournaments", "ratings", "numx_site")]


def counted(profile: cProfile.Profile) -> dict[str, int]:
    """Project calls, project modules and ``game_type`` look-ups of one profiled request."""
    calls = lookups = 0
    modules: set[str] = set()
    stats = pstats.Stats(profile).stats  # type: ignore[attr-defined]
    for (filename, _line, name), (_primitive, total, *_times) in stats.items():
        if not any(filename.startswith(folder) for folder in OWN):
            continue
        calls += total
        modules.add(filename)
        lookups += total if name == "game_type" and filename.endswith("registry.py") else 0
    return {"calls": calls, "modules": len(modules), "game_type": lookups}


def one_game(number: int) -> dict[str, dict[str, int]]:
    alice = User.objects.create_user(f"alice{number}")
    bob = User.objects.create_user(f"bob{number}")
    game = game_open(
        creator=alice, name="Calls", rules="numx", config={"players": 2, "mode": "speed-run"}
    )
    game_join(game=game, user=bob, token=game.invite_token)
    game = game_start(game=game, by=alice, rng=random.Random(number))
    rules = rule_set("numx")
    state = store.load(game.pk, game.rules).state
    picks = [str(next(iter(rules.legal_actions(state, seat)))) for seat in (0, 1)]
    browser = Client()
    browser.force_login(alice)
    browser.get(f"/games/{game.pk}/")  # the page the player moves from
    seen = str(game.last_sequence)
    form = {
        "form": "choice",
        "choice-expected_sequence": seen,
        "choice-idempotency_key": f"k{number}",
        "choice-move": picks[0],
    }
    profile = cProfile.Profile()
    profile.enable()
    page = browser.post(f"/games/{game.pk}/move/", form, HTTP_HX_REQUEST="true")
    profile.disable()
    assert page.status_code == 200, page.status_code
    html = counted(profile)
    token = issue(bob, "bench")[1]
    profile = cProfile.Profile()
    profile.enable()
    answer = Client().post(
        f"/api/games/{game.pk}/actions/",
        {"action": picks[1], "expected_sequence": int(seen)},
        content_type="application/json",
        HTTP_AUTHORIZATION=f"Token {token}",
    )
    profile.disable()
    assert answer.status_code == 201, answer.content
    return {"html": html, "api": counted(profile)}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=5)
    games = parser.parse_args().games
    setup_test_environment()
    connection.creation.create_test_db(verbosity=0)
    runs = [one_game(number) for number in range(games)]
    print(
        json.dumps(
            {
                way: {
                    key: statistics.median(run[way][key] for run in runs)
                    for key in ("calls", "modules", "game_type")
                }
                for way in ("html", "api")
            },
            indent=2,
        )
    )


if __name__ == "__main__":
    main()
