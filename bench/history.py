"""Nothing grows with history: the same requests on a game at ~50 and at ~500 events, and
the lobby of a player with 2,000 finished games against a newcomer's.

Run: ``.venv/bin/python bench/history.py [--repeat 25] [--moves 15] [--veteran-games 2000]
[--lobby-only]`` (``--lobby-only``: (d) alone)

In-process, PostgreSQL (DATABASE_URL, default ``numx_bench_history``; created and migrated
if missing, never dropped), DEBUG off, Django's test client for pages, the service call
``game_submit`` for moves. The default deployment's settings otherwise: no
CELERY_BROKER_URL (consumers run eagerly after each move's commit), EMAIL_URL=dummymail://.
NUMX_TABLE_PAGES=0, so that code which kept drawn pages in the process (before the
simplification) draws every table page, as for the first look after a move.

A 5-player X-Game (seat 0 a human user, the others played by the bench) is played by random
bots to 50 events, then to 500 (a new game is dealt if one ends short of 500). At each:

(a) a move: ``game_submit`` of a random legal move, ``--moves`` times (the game moves on by
    that many moves; only the call is timed);
(b) the table page, ``GET /games/N/`` as seat 0;
(c) a replay step, ``GET /games/N/replay/?step=K`` at K = the latest event and K = half;

each ``--repeat`` times, the process's state cache emptied before each (untimed), so each
costs what it does in a process that has not seen the game. Then:

(d) ``GET /games/`` (the lobby) and ``GET /api/games/`` for a player with
    ``--veteran-games`` finished games (rows written in bulk: finished 2-player games
    against a bot), for a regular with ``--regular-games`` (about one page of them), and
    for a newcomer with none. Paginated lists make the veteran cost what the regular does;
    the lobby lists only the latest five finished games, read without counting them.

Printed as JSON: medians (and p90) in ms, and the ratios 500/50, veteran/newcomer and
veteran/regular; for (d) also the median time of each request's SQL queries alone (a run of
its own, with Django's debug cursor), and what PostgreSQL itself spends on the list's
first 50 and on counting it (``EXPLAIN ANALYZE``, best of 5), where the number of a
player's games shows.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import time
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("DATABASE_URL", "postgres://postgres@127.0.0.1:5432/numx_bench_history")
os.environ |= {"DJANGO_DEBUG": "0", "DJANGO_ALLOWED_HOSTS": "testserver", "NUMX_TABLE_PAGES": "0"}
os.environ["EMAIL_URL"] = "dummymail://"
os.environ.pop("CELERY_BROKER_URL", None)
os.environ["DJANGO_SETTINGS_MODULE"] = "numx_site.settings"


def timed(function: Callable[[], Any], repeat: int, before: Callable[[], Any]) -> dict[str, Any]:
    """Median and p90 in ms of ``repeat`` calls of ``function``, ``before`` run untimed
    before each."""
    durations = []
    for _ in range(repeat):
        before()
        start = time.perf_counter()
        function()
        durations.append(time.perf_counter() - start)
    durations.sort()
    return {
        "median_ms": round(statistics.median(durations) * 1e3, 2),
        "p90_ms": round(durations[int(0.9 * (len(durations) - 1))] * 1e3, 2),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repeat", type=int, default=25)
    parser.add_argument("--moves", type=int, default=15)
    parser.add_argument("--veteran-games", type=int, default=2000)
    parser.add_argument("--regular-games", type=int, default=50)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--lobby-only", action="store_true", help="(d) only")
    args = parser.parse_args()

    from bench.postgres import prepare_database

    prepare_database("bench/history.py")

    from django.contrib.auth import get_user_model
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    from games.bots import play_bot_move
    from games.events import store
    from games.models import Game, Seat

    try:
        from games.registry import rule_set
    except ImportError:  # before the game plug-ins (games/registry.py)
        from games.engine.ruleset import rule_set
    from games.services import SeatSpec, game_create, game_submit

    rng = random.Random(args.seed)
    run = str(int(time.time()))
    users = get_user_model().objects
    human = users.create_user(f"hist{run}", f"hist{run}@example.com", "unused-password")
    client = Client()
    client.force_login(human)

    def new_game() -> Game:
        seats = [SeatSpec(human.username, user=human)]
        seats += [SeatSpec(f"Bot {n}") for n in range(1, 5)]
        config = {"players": 5, "mode": "x-game"}
        return game_create(name=f"bench history {run}", config=config, seats=seats, rng=rng)

    def play_to(game: Game, events: int) -> Game:
        for _ in range(5):
            while game.last_sequence < events and play_bot_move(game, rng):
                game.refresh_from_db()
            if game.last_sequence >= events:
                return game
            game = new_game()  # ended short: deal another and play it from the start
            if events > 50:
                game = play_to(game, 50)
        raise SystemExit("bench/history.py: no game reached the length asked for")

    def forget() -> None:
        store.CACHE.clear()

    def get(path: str) -> Callable[[], None]:
        def call() -> None:
            response = client.get(path)
            assert response.status_code == 200, (path, response.status_code)

        return call

    def measure(game: Game) -> dict[str, Any]:
        game.refresh_from_db()
        sequence = game.last_sequence
        found: dict[str, Any] = {"events": sequence}
        found["table_page"] = timed(get(f"/games/{game.pk}/"), args.repeat, forget)
        found["replay_step_latest"] = timed(
            get(f"/games/{game.pk}/replay/?step={sequence}"), args.repeat, forget
        )
        found["replay_step_half"] = timed(
            get(f"/games/{game.pk}/replay/?step={sequence // 2}"), args.repeat, forget
        )
        rules = rule_set(game.rules)
        durations = []
        for _ in range(args.moves):
            loaded = store.load(game.pk, game.rules)  # the player's look: untimed
            seats = sorted(rules.to_act(loaded.state) - {rules.chance})
            if not seats:
                break
            seat = rng.choice(seats)
            action = rules.legal_actions(loaded.state, seat).sample(rng)
            forget()
            start = time.perf_counter()
            game_submit(
                game_id=game.pk,
                seat=seat,
                action=action,
                expected_sequence=loaded.sequence,
                rng=rng,
            )
            durations.append(time.perf_counter() - start)
        found["move"] = {
            "moves": len(durations),
            "median_ms": round(statistics.median(durations) * 1e3, 2),
            "p90_ms": round(sorted(durations)[int(0.9 * (len(durations) - 1))] * 1e3, 2),
        }
        return found

    short: dict[str, Any] = {}
    long: dict[str, Any] = {}
    if not args.lobby_only:
        game = play_to(new_game(), 50)
        short = measure(game)
        game = play_to(game, 500)
        long = measure(game)

    # (d) A veteran with many finished games, a regular with a few (written in bulk), and
    # a newcomer with none.
    now = datetime.now(UTC)

    def player(name: str, finished: int) -> Any:
        user = users.create_user(f"{name}{run}", f"{name}{run}@example.com", "unused-password")
        games = Game.objects.bulk_create(
            Game(
                name=f"old game {n}",
                rules="numx",
                config={"players": 2, "mode": "speed-run"},
                status=Game.Status.FINISHED,
                last_sequence=60,
                phase="ended",
                finished_at=now - timedelta(hours=n),
            )
            for n in range(finished)
        )
        # Each seat carries its game's times (as the read models write them), where the
        # code has them (since issue #45's veteran's page).
        times = (
            (lambda old: {"game_finished_at": old.finished_at, "game_updated_at": old.updated_at})
            if hasattr(Seat, "game_finished_at")
            else (lambda old: {})
        )
        Seat.objects.bulk_create(
            seat
            for n, old in enumerate(games)
            for seat in (
                Seat(
                    game=old,
                    number=0,
                    user=user,
                    name=user.username,
                    score=n % 40,
                    winner=n % 2 == 0,
                    **times(old),
                ),
                Seat(
                    game=old,
                    number=1,
                    name="Bot 1",
                    is_bot=True,
                    score=20,
                    winner=n % 2 == 1,
                    **times(old),
                ),
            )
        )
        return user

    veteran = player("vet", args.veteran_games)
    regular = player("reg", args.regular_games)
    newcomer = player("new", 0)
    with connection.cursor() as cursor:
        cursor.execute("ANALYZE games_game; ANALYZE games_seat")
    client.force_login(veteran)
    first = [game["name"] for game in client.get("/api/games/").json()["results"]]
    assert first == [f"old game {n}" for n in range(50)], "the veteran's list is out of order"

    def in_the_database(path: str) -> float:
        """The median over ``--repeat`` requests of ``path`` of the time its SQL queries
        took, in ms (as Django's debug cursor times them; a run of its own, untimed)."""
        totals = []
        for _ in range(args.repeat):
            forget()
            with CaptureQueriesContext(connection) as queries:
                get(path)()
            totals.append(sum(float(query["time"]) for query in queries.captured_queries))
        return round(statistics.median(totals) * 1e3, 2)

    def on_the_server(user: Any) -> dict[str, float]:
        """What PostgreSQL itself spends (planning and execution, best of 5 ``EXPLAIN
        ANALYZE``, in ms) on the first 50 of ``user``'s list of games and on counting them:
        free of the client's and the machine's noise."""
        from games.selectors import seats_of

        listed = seats_of(user)
        count_sql, count_params = listed.order_by().values("pk").query.sql_with_params()
        queries = {
            "first_50": listed[:50].query.sql_with_params(),
            "count": (f"SELECT count(*) FROM ({count_sql}) counted", count_params),
        }
        spent = {}
        with connection.cursor() as cursor:
            for name, (sql, params) in queries.items():
                best = float("inf")
                for _ in range(5):
                    cursor.execute(f"EXPLAIN (ANALYZE, FORMAT JSON) {sql}", params)
                    plan = cursor.fetchone()[0][0]
                    best = min(best, plan["Planning Time"] + plan["Execution Time"])
                spent[name] = round(best, 3)
        return spent

    lobby: dict[str, Any] = {}
    for who, user in (("veteran", veteran), ("regular", regular), ("newcomer", newcomer)):
        client.force_login(user)
        for name, path in (("lobby", "/games/"), ("api_games", "/api/games/")):
            size = len(client.get(path).content)
            lobby[f"{name}_{who}"] = {
                **timed(get(path), args.repeat, forget),
                "sql_median_ms": in_the_database(path),
                "bytes": size,
            }

    def ratio(a: dict[str, Any], b: dict[str, Any]) -> float:
        return round(a["median_ms"] / b["median_ms"], 2)

    print(
        json.dumps(
            {
                "at_50_events": short,
                "at_500_events": long,
                "ratio_500_over_50": {
                    key: ratio(long[key], short[key])
                    for key in ("move", "table_page", "replay_step_latest", "replay_step_half")
                    if key in short
                },
                "veteran_finished_games": args.veteran_games,
                "lobby": lobby,
                "regular_finished_games": args.regular_games,
                "ratio_veteran_over_newcomer": {
                    "lobby": ratio(lobby["lobby_veteran"], lobby["lobby_newcomer"]),
                    "api_games": ratio(lobby["api_games_veteran"], lobby["api_games_newcomer"]),
                },
                "ratio_veteran_over_regular": {
                    "lobby": ratio(lobby["lobby_veteran"], lobby["lobby_regular"]),
                    "api_games": ratio(lobby["api_games_veteran"], lobby["api_games_regular"]),
                },
                # What grows with the number of games is in the database: its queries' time.
                "list_on_the_server_ms": {
                    who: on_the_server(user)
                    for who, user in (
                        ("veteran", veteran),
                        ("regular", regular),
                        ("newcomer", newcomer),
                    )
                },
                "sql_ms_veteran_regular_newcomer": {
                    name: [
                        lobby[f"{name}_{who}"]["sql_median_ms"]
                        for who in ("veteran", "regular", "newcomer")
                    ]
                    for name in ("lobby", "api_games")
                },
            },
            indent=2,
        )
    )


if __name__ == "__main__":
    main()
