"""Drawn table pages in-process, through Django's WSGI handler as gunicorn calls it (every
middleware, DEBUG off): each game's page timed against NUM-X's, or one page counted in
instructions with callgrind.

**Each game against NUM-X** (issue #45: every game's drawn table within 1.5× NUM-X's)::

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/numx_bench_pages \\
      .venv/bin/python bench/table_pages.py compare [--pages 300] [--games numx,nmbr9]

A mid-game table of each game (``bench/tables.py``: three human seats, seat 0 to move, so
the page carries its move forms; NMBR 9's its placement grid) is drawn for seat 0, 20 times
untimed, then ``--pages`` times, the games taking turns page by page (a busy moment of the
shared machine falls on all alike). Printed: each game's median and mean ms per page, the
page's size, and its median's ratio to NUM-X's.

**One page in instructions**: ``.venv/bin/python bench/table_pages.py PAGES GAME SESSION
CSRF``, where ``GAME SESSION CSRF`` are what ``bench/http_table.py`` prints (a mid-game table
with Alice to move, her session and CSRF cookies), on the database of ``DATABASE_URL``. The
page is drawn 20 times untimed (modules, templates, connections), then ``PAGES`` times. Per
page, by difference::

    export DATABASE_URL=postgres://postgres@127.0.0.1:5432/numx_bench_pages \\
      DJANGO_DEBUG=0 DJANGO_ALLOWED_HOSTS=127.0.0.1 EMAIL_URL=dummymail://
    .venv/bin/python manage.py migrate -v0
    read -r GAME SESSION CSRF < <(.venv/bin/python manage.py shell \\
      -c 'from bench.http_table import main; main()' | tail -1)
    for pages in 0 20; do
      valgrind --tool=callgrind --callgrind-out-file=/dev/null \\
        .venv/bin/python bench/table_pages.py $pages $GAME $SESSION $CSRF 2>&1 | grep Collected
    done
    # (second total - first total) / 20
"""

from __future__ import annotations

import argparse
import io
import json
import os
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "numx_site.settings")

WARM_UP = 20


def draw(handler: object, path: str, cookies: str) -> bytes:
    """One GET of ``path`` through ``handler`` (a WSGI handler), as a browser holding
    ``cookies`` sends it."""
    environ = {
        "REQUEST_METHOD": "GET",
        "PATH_INFO": path,
        "SERVER_NAME": "127.0.0.1",
        "SERVER_PORT": "80",
        "HTTP_HOST": "127.0.0.1",
        "HTTP_COOKIE": cookies,
        "wsgi.input": io.BytesIO(),
        "wsgi.url_scheme": "http",
        "wsgi.errors": sys.stderr,
    }
    status: list[str] = []
    body = handler(environ, lambda code, _headers: status.append(code))  # type: ignore[operator]
    page = b"".join(body)
    body.close()
    assert status[0].startswith("200"), status
    return page


def count(pages: int, game: str, session: str, csrf: str) -> None:
    """``pages`` draws of ``game``'s table after the warm-up, for callgrind."""
    import django

    django.setup()
    from django.core.handlers.wsgi import WSGIHandler

    handler = WSGIHandler()
    cookies = f"sessionid={session}; csrftoken={csrf}"
    for _ in range(WARM_UP + pages):
        draw(handler, f"/games/{game}/", cookies)


def compare(argv: list[str]) -> None:
    """Each game's drawn table timed against NUM-X's (see the module's docstring)."""
    parser = argparse.ArgumentParser(description="each game's drawn table against NUM-X's")
    parser.add_argument("--pages", type=int, default=300, help="pages per game")
    parser.add_argument("--games", default="", help="comma-separated ids (default: all)")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument(
        "--min-events", type=int, default=30, help="how far each game is played first"
    )
    args = parser.parse_args(argv)

    os.environ.setdefault("DATABASE_URL", "postgres://postgres@127.0.0.1:5432/numx_bench_pages")
    os.environ |= {"DJANGO_DEBUG": "0", "DJANGO_ALLOWED_HOSTS": "127.0.0.1"}
    os.environ["EMAIL_URL"] = "dummymail://"
    os.environ.pop("CELERY_BROKER_URL", None)
    from bench.postgres import prepare_database

    prepare_database("bench/table_pages.py")  # also django.setup()
    from django.contrib.auth import get_user_model
    from django.core.handlers.wsgi import WSGIHandler
    from django.test import Client

    from bench.tables import ALL, mid_game

    games = [g for g in args.games.split(",") if g] or list(ALL)
    rng = random.Random(args.seed)
    run = f"{int(time.time())}"
    users = [
        get_user_model().objects.create_user(f"pages{run}p{n}", f"pages{run}p{n}@example.com")
        for n in range(3)
    ]
    client = Client(HTTP_HOST="127.0.0.1")
    client.force_login(users[0])
    cookies = f"sessionid={client.cookies['sessionid'].value}"
    handler = WSGIHandler()
    paths: dict[str, str] = {}
    sizes: dict[str, int] = {}
    for rules in games:
        game = mid_game(rules, users, rng, args.min_events)
        paths[rules] = f"/games/{game.pk}/"
        for _ in range(WARM_UP):
            page = draw(handler, paths[rules], cookies)
        sizes[rules] = len(page)
    # The games take turns page by page, so that a busy moment of the shared machine falls
    # on all of them alike; each page is timed alone and the median kept.
    times: dict[str, list[float]] = {rules: [] for rules in games}
    for _ in range(args.pages):
        for rules in games:
            start = time.perf_counter()
            draw(handler, paths[rules], cookies)
            times[rules].append((time.perf_counter() - start) * 1e3)
    ms = {rules: statistics.median(times[rules]) for rules in games}
    base = ms.get("numx")
    print(
        json.dumps(
            {
                rules: {
                    "median_ms": round(ms[rules], 2),
                    "mean_ms": round(statistics.mean(times[rules]), 2),
                    "page_bytes": sizes[rules],
                    "ratio_to_numx": round(ms[rules] / base, 2) if base else None,
                }
                for rules in games
            },
            indent=2,
        )
    )


if __name__ == "__main__":
    if sys.argv[1:2] == ["compare"]:
        compare(sys.argv[2:])
    else:
        count(int(sys.argv[1]), sys.argv[2], sys.argv[3], sys.argv[4])
