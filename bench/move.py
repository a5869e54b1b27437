"""Move -> updated table, through HTTP as a browser plays it, for every game (issue goal:
p99 <= 60 ms).

Run: ``.venv/bin/python bench/move.py [--moves 200] [--games numx,nmbr9] [--mode worker|eager]
[--mail smtp|dummy|off]``

What it does, on PostgreSQL (DATABASE_URL, default ``numx_bench_move``; created and
migrated if missing, never dropped):

1. Three users (new ones each run) sit at a new 3-player table of each game in turn
   (``--games``, default all five; ``bench/tables.py``'s options): every seat is human, so
   each move owes "your turn" mails to whoever must act next (unless ``--mail off``, where
   their profiles say they want none: the same run with no mail owed, for comparison).
2. Mail: ``smtp`` starts a local aiosmtpd SMTP server on loopback (port ``--port``+1) and
   sets ``EMAIL_URL=smtp://127.0.0.1:PORT``: mails are composed and really sent over SMTP;
   ``dummy`` sets ``EMAIL_URL=dummymail://`` (composed, then dropped by Django's dummy backend).
3. Celery: ``worker`` sets ``CELERY_BROKER_URL=redis://127.0.0.1:6379/5`` and starts a real
   ``celery -A numx_site worker`` process (concurrency 1) which runs the consumers (read
   models, notifications, mail); ``eager`` leaves CELERY_BROKER_URL unset, the embedded
   default: tasks run in the web process, once the response is written.
4. gunicorn serves the site (``--workers`` 2, DEBUG off, connections kept open).
5. The players play ``--moves`` moves of each game, each an HTML POST of one of the table's
   move forms with ``HX-Request: true``, answered with the updated table (the partial htmx
   swaps in). Which move: the bench GETs each player's table (untimed, the players in a
   random order), reads its move forms, and posts one, as the form is drawn: a form's
   named button (NUM-X's ``choice``, Maya's numbers, Numenko's requests with the grid as
   it stands), a ``pli`` form with one card checked, or a form with neither as it is
   filled in (NMBR 9's placement, which shows a legal one); tried in a seeded random order
   until one is accepted. A refused try (400/409) is counted, not timed. When nothing the
   bench posts is accepted (NUM-X's Distribution and Malus), a random bot moves in-process
   (untimed, not counted). A finished game is replaced by a new one (untimed).
6. Timed: from opening the connection to having read the whole answer, for accepted POSTs,
   after ``--warmup`` accepted moves of each game (default 10) that are played alike but
   not timed: a gunicorn worker's first moves compile the templates and load the modules
   a move uses (100-150 ms, once per worker process), which the GETs of the table alone do
   not. With two workers and 200 moves, those two first moves would be the p99 by
   themselves. A move made after another seat's in a simultaneous step (NMBR 9's
   placements, Numenko's rounds, NUM-X's opening pick), as the seat's view marks it, is
   also reported apart: it is judged against the state it was chosen from.

Printed as JSON, per game: p50, p90, p99, max and mean of the accepted POSTs (and p50, p99
of the later movers), refusals, bot moves; then the notifications owed and sent (after the
worker, if any, has drained its queue). Everything started is stopped at the end.
"""

from __future__ import annotations

import argparse
import http.client
import json
import logging
import os
import random
import signal
import statistics
import subprocess
import sys
import time
from html.parser import HTMLParser
from pathlib import Path
from typing import IO, Any
from urllib.parse import urlencode

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
TARGET_P99_MS = 60.0
BROKER = "redis://127.0.0.1:6379/5"


class Forms(HTMLParser):
    """The move forms of a table page: for each, the fields it would send as drawn (hidden
    fields, numbers and text as filled in, the checked radio button, a text area's text, a
    list's first choice), its named submit buttons and its ``pli-cards`` check boxes."""

    def __init__(self) -> None:
        super().__init__()
        self.forms: list[dict[str, Any]] = []
        self.current: dict[str, Any] | None = None
        self.text: str | None = None  # the name of the text area being read
        self.select: str | None = None  # the name of the list being read

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if tag == "form" and (a.get("action") or "").endswith("/move/"):
            self.current = {"action": a["action"], "fields": {}, "buttons": [], "boxes": []}
            self.forms.append(self.current)
            return
        if self.current is None:
            return
        fields, name, value = self.current["fields"], a.get("name"), a.get("value") or ""
        if tag == "option" and self.select and value and self.select not in fields:
            fields[self.select] = value
        if not name:
            return
        kind = a.get("type")
        drawn_filled = kind in ("hidden", "number", "text") or (kind, "checked" in a) == (
            "radio",
            True,
        )
        if tag == "input" and drawn_filled:
            fields[name] = value
        elif tag == "input" and kind == "checkbox":
            self.current["boxes"].append((name, value))
        elif tag == "button" and a.get("type", "submit") == "submit":
            self.current["buttons"].append((name, value))
        elif tag == "textarea":
            self.text = name
            fields[name] = ""
        elif tag == "select":
            self.select = name

    def handle_data(self, data: str) -> None:
        if self.current is not None and self.text:
            self.current["fields"][self.text] += data

    def handle_endtag(self, tag: str) -> None:
        if tag == "form":
            self.current = None
        elif tag == "textarea":
            self.text = None
        elif tag == "select":
            self.select = None


def candidates(page: str, rng: random.Random) -> list[tuple[str, dict[str, str]]]:
    """The posts a player could make from ``page``: (action, fields), in a random order.
    A form with named buttons gives one post per button; one with cards to check (a
    ``pli``), one per card; any other form (NMBR 9's placement) is sent as drawn, with the
    placement it shows."""
    parser = Forms()
    parser.feed(page)
    found = []
    for form in parser.forms:
        fields = form["fields"]
        boxes = [box for box in form["boxes"] if box[0] == "pli-cards"]
        if fields.get("form") == "pli":
            found += [(form["action"], {**fields, name: value}) for name, value in boxes]
        elif form["buttons"]:
            found += [(form["action"], {**fields, n: v}) for n, v in form["buttons"]]
        elif not form["boxes"]:
            found.append((form["action"], dict(fields)))
    rng.shuffle(found)
    return found


class Browser:
    """One player's browser: session and CSRF cookies, one request per connection."""

    def __init__(self, port: int, session: str, csrf: str) -> None:
        self.port = port
        self.cookies = f"sessionid={session}; csrftoken={csrf}"
        self.csrf = csrf

    def request(
        self, method: str, path: str, body: str | None = None, bench_id: str = ""
    ) -> tuple[int, str]:
        headers = {"Cookie": self.cookies, "Host": "127.0.0.1"}
        if bench_id:  # for --explain: the server's account of this request carries it
            headers["X-Bench-Id"] = bench_id
        if body is not None:
            headers |= {
                "Content-Type": "application/x-www-form-urlencoded",
                "HX-Request": "true",
                "X-CSRFToken": self.csrf,
            }
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        try:
            conn.request(method, path, body=body, headers=headers)
            response = conn.getresponse()
            return response.status, response.read().decode()
        finally:
            conn.close()


def wait_for(check: Any, seconds: float, what: str) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if check():
            return
        time.sleep(0.2)
    raise SystemExit(f"bench/move.py: {what} did not come up in {seconds}s")


def start_gunicorn(
    port: int, workers: int, log: IO[str], explain: bool = False
) -> subprocess.Popen[bytes]:
    """gunicorn serving the site on 127.0.0.1:``port`` with this process's environment and
    database connections kept open, as in production; returns once it answers. With
    ``explain``, each request's account goes to ``$NUMX_TIMING_LOG`` (request_timing.py)."""
    server = subprocess.Popen(
        [
            str(ROOT / ".venv/bin/gunicorn"),
            "numx_site.wsgi",
            *(["-c", str(ROOT / "bench/request_timing.py")] if explain else []),
            "-w",
            str(workers),
            "-b",
            f"127.0.0.1:{port}",
            "--log-level",
            "warning",
        ],
        cwd=ROOT,
        stdout=log,
        stderr=subprocess.STDOUT,
        env=os.environ | {"DB_CONN_MAX_AGE": "600"},
    )

    def up() -> bool:
        try:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
            conn.request("GET", "/healthz/", headers={"Host": "127.0.0.1"})
            return conn.getresponse().status == 200
        except OSError:
            return False

    try:
        wait_for(up, 30, "gunicorn")
    except SystemExit:
        server.kill()
        raise
    return server


def percentile(ordered: list[float], p: float) -> float:
    """The ``p`` quantile (0-1) of sorted seconds, in milliseconds."""
    return round(ordered[min(len(ordered) - 1, int(p * len(ordered)))] * 1e3, 2)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--moves", type=int, default=200)
    parser.add_argument("--warmup", type=int, default=10, help="accepted moves not timed")
    parser.add_argument("--mode", choices=["worker", "eager"], default="worker")
    parser.add_argument("--mail", choices=["smtp", "dummy", "off"], default="smtp")
    parser.add_argument("--port", type=int, default=8961)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--games", default="", help="comma-separated game ids (default: all)")
    parser.add_argument(
        "--explain",
        type=int,
        default=0,
        metavar="N",
        help="print where the N slowest timed moves of each game and a median one spent "
        "their time in the server (garbage collector, SQL, events replayed, CPU)",
    )
    args = parser.parse_args()

    os.environ.setdefault("DATABASE_URL", "postgres://postgres@127.0.0.1:5432/numx_bench_move")
    os.environ |= {"DJANGO_DEBUG": "0", "DJANGO_ALLOWED_HOSTS": "127.0.0.1"}
    os.environ["DJANGO_SETTINGS_MODULE"] = "numx_site.settings"
    smtp = None
    received: list[Any] = []
    if args.mail == "smtp":
        from aiosmtpd.controller import Controller

        class Sink:
            async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
                received.append(envelope)
                return "250 OK"

        logging.getLogger("mail.log").setLevel(logging.WARNING)  # aiosmtpd's chatter
        smtp = Controller(Sink(), hostname="127.0.0.1", port=args.port + 1)
        smtp.start()
        os.environ["EMAIL_URL"] = f"smtp://127.0.0.1:{args.port + 1}"
    else:
        os.environ["EMAIL_URL"] = "dummymail://"
    if args.mode == "worker":
        os.environ["CELERY_BROKER_URL"] = BROKER
    else:
        os.environ.pop("CELERY_BROKER_URL", None)

    from bench.postgres import prepare_database

    prepare_database("bench/move.py")  # also django.setup()

    from django.contrib.auth import get_user_model
    from django.test import Client

    from accounts.models import Profile
    from bench.tables import ALL, new_table
    from notifications.models import Notification

    games = [g for g in args.games.split(",") if g] or list(ALL)
    rng = random.Random(args.seed)
    run = f"{int(time.time())}"
    users = []
    for number in range(3):
        user = get_user_model().objects.create_user(
            f"move{run}p{number}", f"move{run}p{number}@example.com", "unused-password"
        )
        Profile.objects.update_or_create(
            user=user, defaults={"email_your_turn": args.mail != "off"}
        )
        users.append(user)
    first_notification = (
        Notification.objects.order_by("-pk").values_list("pk", flat=True).first() or 0
    )
    cookies = []
    first = new_table(games[0], users, random.Random(args.seed))  # a page with a form
    for user in users:
        client = Client(HTTP_HOST="127.0.0.1")
        client.force_login(user)
        assert client.get(f"/games/{first.pk}/").status_code == 200
        cookies.append((client.cookies["sessionid"].value, client.cookies["csrftoken"].value))

    children: list[subprocess.Popen[bytes]] = []
    log = open(f"/tmp/bench-move-{args.port}.log", "w")  # noqa: SIM115
    try:
        if args.mode == "worker":
            worker = subprocess.Popen(
                [
                    str(ROOT / ".venv/bin/celery"),
                    "-A",
                    "numx_site",
                    "worker",
                    "-c",
                    "1",
                    "-l",
                    "info",
                    "-n",
                    f"bench-move-{run}@%h",
                ],
                cwd=ROOT,
                stdout=log,
                stderr=subprocess.STDOUT,
            )
            children.append(worker)
            wait_for(lambda: "ready." in Path(log.name).read_text(), 60, "the celery worker")
        if args.explain:
            os.environ["NUMX_TIMING_LOG"] = f"/tmp/bench-move-{args.port}-timing.jsonl"
            Path(os.environ["NUMX_TIMING_LOG"]).write_text("")
        children.append(start_gunicorn(args.port, args.workers, log, bool(args.explain)))
        browsers = [Browser(args.port, *c) for c in cookies]
        results = {
            rules: play(
                rules, browsers, args, rng, lambda rules=rules: new_table(rules, users, rng)
            )
            for rules in games
        }

        drained = None
        if args.mode == "worker":  # let the worker send what it owes before counting
            import redis
            from django.conf import settings

            broker = redis.Redis.from_url(BROKER)
            queues = [queue.name for queue in settings.CELERY_TASK_QUEUES]
            start = time.monotonic()
            while time.monotonic() - start < 60 and any(broker.llen(q) for q in queues):
                time.sleep(0.2)
            time.sleep(1)
            drained = round(time.monotonic() - start, 1)
        owed = Notification.objects.filter(pk__gt=first_notification)

        print(
            json.dumps(
                {
                    "driver": f"gunicorn, {args.workers} workers; http.client, new connection each",
                    "celery": (
                        f"worker process on {BROKER} (concurrency 1)"
                        if args.mode == "worker"
                        else "no CELERY_BROKER_URL: tasks run eagerly in the request"
                    ),
                    "email": os.environ["EMAIL_URL"]
                    + ("" if args.mail != "off" else " (nobody wants turn mails)"),
                    "warmup_moves_not_timed": args.warmup,
                    "target_p99_ms": TARGET_P99_MS,
                    "games": results,
                    "notifications_owed": owed.count(),
                    "notifications_sent": owed.filter(sent_at__isnull=False).count(),
                    "smtp_messages_received": len(received) if smtp else None,
                    "worker_queue_drained_after_s": drained,
                },
                indent=2,
            )
        )
    finally:
        for child in reversed(children):
            child.send_signal(signal.SIGTERM)
            try:
                child.wait(20)
            except subprocess.TimeoutExpired:
                child.kill()
        if smtp is not None:
            smtp.stop()
        log.close()


def play(
    rules: str,
    browsers: list[Browser],
    args: argparse.Namespace,
    rng: random.Random,
    new_game: Any,
) -> dict[str, Any]:
    """``args.warmup`` then ``args.moves`` accepted moves of ``rules`` games posted through
    the table's forms by the three ``browsers``; their times and what else happened."""
    from games.bots import play_bot_move
    from games.events import store
    from games.registry import rule_set

    engine = rule_set(rules)
    marks = [key for key in engine.marks_of_others if key != "awaiting"]

    def others_moved(seat: int) -> bool:
        """Whether another seat has moved already in the step ``seat`` is to move in (a
        simultaneous step's later mover), as the seat's view marks it."""
        view = engine.view(store.load(game.pk, rules).state, seat)
        return any(
            isinstance(view.get(key), list)
            and any(mark for other, mark in enumerate(view[key]) if other != seat)
            for key in marks
        )

    game = new_game()
    for browser in browsers:  # warm both workers up
        browser.request("GET", f"/games/{game.pk}/")
    timings: list[float] = []
    ids: list[str] = []  # each timed move's X-Bench-Id
    later_flags: list[bool] = []  # each timed move: made after another's in its step
    refused: list[float] = []
    bot_moves = finished = 0
    goal = args.warmup + args.moves
    for _ in range(goal * 20):  # bounded: a move rarely needs more than a few tries
        if len(timings) >= goal:
            break
        order = list(range(3))
        rng.shuffle(order)
        posted = False
        for seat in order:
            status, page = browsers[seat].request("GET", f"/games/{game.pk}/")
            assert status == 200, status
            later = others_moved(seat)
            for action, fields in candidates(page, rng)[:6]:
                bench_id = f"{rules}-{len(timings)}-{len(refused)}"
                start = time.perf_counter()
                status, answer = browsers[seat].request("POST", action, urlencode(fields), bench_id)
                took = time.perf_counter() - start
                if status == 200 and 'id="table"' in answer:
                    timings.append(took)
                    ids.append(bench_id)
                    later_flags.append(later)
                    posted = True
                    break
                refused.append(took)
            if posted:
                break
        if posted:
            continue
        game.refresh_from_db()
        if play_bot_move(game, rng):  # no form the bench fills in was accepted: untimed
            bot_moves += 1
        else:  # the game is over
            finished += 1
            game = new_game()
    ordered = sorted(timings[args.warmup :])
    if not ordered:
        return {"moves_timed": 0, "untimed_bot_moves": bot_moves, "refused_tries": len(refused)}
    return {
        "moves_timed": len(ordered),
        "p50_ms": percentile(ordered, 0.50),
        "p90_ms": percentile(ordered, 0.90),
        "p99_ms": percentile(ordered, 0.99),
        "max_ms": round(ordered[-1] * 1e3, 2),
        "mean_ms": round(statistics.mean(ordered) * 1e3, 2),
        "meets_target": percentile(ordered, 0.99) <= TARGET_P99_MS,
        "refused_tries": len(refused),
        "refused_median_ms": round(statistics.median(refused) * 1e3, 2) if refused else None,
        "untimed_bot_moves": bot_moves,
        "games_finished": finished,
        **later_movers(
            [t for t, later in list(zip(timings, later_flags, strict=True))[args.warmup :] if later]
        ),
        **explained(list(zip(timings, ids, strict=True))[args.warmup :], args.explain),
    }


def explained(moves: list[tuple[float, str]], slowest: int) -> dict[str, Any]:
    """The server's account (request_timing.py) of the ``slowest`` timed moves and of a
    median one: client ms beside Django's wall and CPU ms, the collector's passes, SQL."""
    if not slowest or not moves:
        return {}
    by_id = {}
    for line in Path(os.environ["NUMX_TIMING_LOG"]).read_text().splitlines():
        account = json.loads(line)
        by_id[account["id"]] = account
    ordered = sorted(moves)
    picked = [("median", ordered[len(ordered) // 2])] + [
        ("slowest", move) for move in reversed(ordered[-slowest:])
    ]
    return {
        "explained": [
            {"which": which, "client_ms": round(took * 1e3, 1)} | by_id.get(bench_id, {})
            for which, (took, bench_id) in picked
        ]
    }


def later_movers(seconds: list[float]) -> dict[str, Any]:
    """The figures of the moves made after another seat's in a simultaneous step."""
    if not seconds:
        return {}
    ordered = sorted(seconds)
    return {
        "later_movers_timed": len(ordered),
        "later_movers_p50_ms": percentile(ordered, 0.50),
        "later_movers_p99_ms": percentile(ordered, 0.99),
    }


if __name__ == "__main__":
    main()
