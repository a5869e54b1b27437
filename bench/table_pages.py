"""Drawn table pages only, in-process, for counting a page's instructions with callgrind.

Run: ``.venv/bin/python bench/table_pages.py PAGES GAME SESSION CSRF``

``GAME SESSION CSRF`` are what ``bench/http_table.py`` prints (a mid-game table with Alice
to move, her session and CSRF cookies), on the database of ``DATABASE_URL``. The page is
drawn 20 times untimed (modules, templates, connections), then ``PAGES`` times, through
Django's WSGI handler as gunicorn calls it (every middleware, DEBUG off). Per page, by
difference::

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

import io
import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "numx_site.settings")

import django

django.setup()

from django.core.handlers.wsgi import WSGIHandler  # noqa: E402

WARM_UP = 20


def draw(handler: WSGIHandler, path: str, cookies: str) -> bytes:
    """One GET of ``path`` through ``handler``, as a browser holding ``cookies`` sends it."""
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
    body = handler(environ, lambda code, _headers: status.append(code))
    page = b"".join(body)
    body.close()
    assert status[0].startswith("200"), status
    return page


def main() -> None:
    pages, game, session, csrf = int(sys.argv[1]), sys.argv[2], sys.argv[3], sys.argv[4]
    handler = WSGIHandler()
    cookies = f"sessionid={session}; csrftoken={csrf}"
    for _ in range(WARM_UP + pages):
        draw(handler, f"/games/{game}/", cookies)


if __name__ == "__main__":
    main()
