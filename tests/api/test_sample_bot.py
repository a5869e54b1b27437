"""The sample bot of docs/bots-api.md (``examples/bot.py``) plays a whole game of every
registered game against the site served as in production: gunicorn in a process of its
own, on a throwaway SQLite database, the bot a process of its own too, knowing nothing of
the project but its address and a token.

A member opens one table of each game in its smallest example configuration, the other
seats the site's bots at the level that ends it soonest (``QUICKEST_BOTS``), and starts
them all; it also resigns a game with a friend who does not move. The sample bot then plays
until none of its games is its to play. Each game must be over, and the bot must have moved
in each; the game it left is still played.

pytest-django's ``live_server`` cannot be used (tests/e2e/conftest.py says why): the test
uses no database of its own, only the server's, prepared by ``manage.py``.
"""

from __future__ import annotations

import json
import os
import re
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
import requests

from games.registry import game_ids

pytestmark = pytest.mark.live

ROOT = Path(__file__).resolve().parents[2]
#: How long the server may take to answer its first request.
START_TIMEOUT = 60.0
#: How long the bot may take to play every game to the end: about 45 s of CPU for the
#: server and the bot together (all of the test's, when measured), which a machine as busy
#: as CI's can stretch fourfold.
PLAY_TIMEOUT = 400.0

#: The tables, made in the server's database by the site's own commands (the lobby's): a
#: member, its token (read and play, as docs/bots-api.md advises a bot's), one started
#: table per registered game, its bots at the level that ends it soonest. Prints them as
#: JSON.
SETUP = """
import json

from django.contrib.auth.models import User

from accounts.tokens import issue
from games.endings import resign
from games.lobby import free_seats, game_add_bot, game_join, game_open, game_start
from games.registry import game_ids, rule_set
from tests.clients import quickest_bot_level

member = User.objects.create_user('sample-bot', 'sample-bot@example.com')
tables = {}
for game in game_ids():
    smallest = min(rule_set(game).example_configs(), key=lambda config: config['players'])
    level = quickest_bot_level(game)
    table = game_open(creator=member, name=game, rules=game, config=smallest, bot_level=level)
    for _seat in range(free_seats(table)):
        game_add_bot(game=table, by=member)
    tables[game] = game_start(game=table, by=member).pk
# A game the member left: two friends slow to move still play it with the bot that took the
# member's seat (with one, they would have won), and the sample bot has no more to do there.
left = game_open(creator=member, name='left', config={'players': 3, 'mode': 'speed-run'})
for friend in ('ann', 'ben'):
    friend = User.objects.create_user(friend, friend + '@example.com')
    game_join(game=left, user=friend, token=left.invite_token)
left = game_start(game=left, by=member)
resign(game=left, user=member)
key = issue(member, 'sample bot', scopes=('read', 'play'))[1]
print(json.dumps({'token': key, 'tables': tables, 'left': left.pk}))
"""


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def manage(env: dict[str, str], *arguments: str) -> str:
    """What ``manage.py`` prints; fail the test with its output if it fails."""
    run = subprocess.run(
        [sys.executable, str(ROOT / "manage.py"), *arguments],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    assert run.returncode == 0, f"manage.py {arguments[0]} failed:\n{run.stdout}\n{run.stderr}"
    return run.stdout


@pytest.fixture
def site(tmp_path: Path) -> Iterator[tuple[str, dict[str, str], Path]]:
    """The site served by gunicorn on a free port, the environment it runs with, its log."""
    env = {
        **os.environ,
        "DATABASE_URL": f"sqlite:///{tmp_path / 'site.sqlite3'}",
        "EMAIL_URL": f"filemail:///{tmp_path / 'mail'}",
        # The bot asks as fast as the server answers: far beyond a person's rate.
        "API_RATE": "100000/minute",
        "PYTHONUNBUFFERED": "1",
    }
    # Tasks (the site's bots' moves) run in the server's process, the embedded default.
    env.pop("CELERY_BROKER_URL", None)
    manage(env, "migrate", "--noinput", "-v", "0")
    address = f"127.0.0.1:{free_port()}"
    url = f"http://{address}"
    log = tmp_path / "server.log"
    with log.open("wb") as output:
        # One synchronous worker: SQLite takes one writer at a time.
        server = subprocess.Popen(
            [ROOT / ".venv/bin/gunicorn", "numx_site.wsgi:application", "--bind", address],
            cwd=ROOT,
            env=env,
            stdout=output,
            stderr=subprocess.STDOUT,
        )
    try:
        deadline = time.monotonic() + START_TIMEOUT
        while True:
            try:
                if requests.get(url + "/healthz/", timeout=10).ok:
                    break
            except requests.RequestException:  # not listening yet
                pass
            assert server.poll() is None and time.monotonic() < deadline, log.read_text()
            time.sleep(0.2)
        yield url, env, log
    finally:
        server.terminate()
        server.wait(timeout=15)


def test_the_sample_bot_plays_a_whole_game_of_every_game(
    site: tuple[str, dict[str, str], Path],
) -> None:
    url, env, log = site
    made = json.loads(manage(env, "shell", "-v", "0", "-c", SETUP))
    tables: dict[str, int] = made["tables"]
    assert sorted(tables) == sorted(game_ids())

    bot_env = {"NUMX_URL": url, "NUMX_TOKEN": made["token"], "NUMX_POLL": "0.2"}
    bot = subprocess.run(
        [sys.executable, str(ROOT / "examples" / "bot.py")],
        env={**bot_env, "PATH": os.environ.get("PATH", "")},
        capture_output=True,
        text=True,
        timeout=PLAY_TIMEOUT,
        check=False,
    )
    assert bot.returncode == 0, f"{bot.stderr[-3000:]}\nthe server said:\n{log.read_text()[-3000:]}"

    moved = {int(game) for game in re.findall(r"^game (\d+): ", bot.stdout, re.MULTILINE)}
    token = {"Authorization": f"Token {made['token']}"}
    for game, table in tables.items():
        answer = requests.get(f"{url}/api/games/{table}/", headers=token, timeout=30).json()
        assert answer["status"] == "finished", f"{game}: {answer['status']}"
        assert table in moved, f"the bot made no move in {game}"
    # The bot stopped though the game it left is still played: it was not its own to play.
    left = requests.get(f"{url}/api/games/{made['left']}/", headers=token, timeout=30).json()
    assert left["status"] == "running"
    assert left["seats"][left["my_seat"]]["handed_over"]
