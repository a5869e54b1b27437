#!/usr/bin/env bash
# HTTP throughput of a seated player's table page next to a bare page, in the same run:
# gunicorn (production settings: DEBUG off, database connections kept open) on loopback,
# wrk as the client, PostgreSQL as the database. The table is a mid-game one with the
# player to move (bench/http_table.py). Target (issue #4): the table page serves at least
# 40% of the bare page's requests per second.
#
# wrk asks for the same page over and over, so by default every answer after the first is
# the page kept since it was drawn (games/views/pages.py), as for a reload. A second server
# keeps no page (NUMX_TABLE_PAGES=0): every answer is drawn, as is the first look at a table
# after each move; its ratio to its own bare page is reported beside the target's. Also
# measured: the table page's latency with Django's default CONN_MAX_AGE=0 (a new database
# connection per request).
#
# Run: bench/http.sh   (needs the local PostgreSQL; installs wrk with apt-get if missing)
set -euo pipefail
cd "$(dirname "$0")/.."

PY=.venv/bin/python
PORT=${PORT:-8931}
DURATION=${DURATION:-10s}
CONNECTIONS=${CONNECTIONS:-8}
WORKERS=${WORKERS:-2}
DB=numx_bench_http
export DATABASE_URL=postgres://postgres@127.0.0.1:5432/$DB
export DJANGO_DEBUG=0 DJANGO_ALLOWED_HOSTS=127.0.0.1 EMAIL_URL=dummymail://

command -v wrk >/dev/null || apt-get install -y -q wrk >/dev/null

$PY - <<'PY'
import psycopg
with psycopg.connect("postgres://postgres@127.0.0.1:5432/postgres", autocommit=True) as conn:
    conn.execute("DROP DATABASE IF EXISTS numx_bench_http WITH (FORCE)")
    conn.execute("CREATE DATABASE numx_bench_http")
PY
$PY manage.py migrate -v0
# A mid-game table with Alice to move, her session cookie and the CSRF cookie a browser holds.
read -r GAME SESSION CSRF < <($PY manage.py shell -c 'from bench.http_table import main; main()' | tail -1)
COOKIES="Cookie: sessionid=$SESSION; csrftoken=$CSRF"

run() {  # run NAME PATH: wrk against PATH, print requests/s and mean latency (ms)
  wrk -t2 -c"$CONNECTIONS" -d"$DURATION" --latency -H "$COOKIES" \
    "http://127.0.0.1:$PORT$2" > "/tmp/wrk-$1.txt"
  awk -v name="$1" '/Requests\/sec/ {rps=$2} /Latency/ && !lat {lat=$2}
    /Non-2xx/ {bad=$NF} END {printf "%s %s %s %s\n", name, rps, lat, bad+0}' "/tmp/wrk-$1.txt"
}

serve() {  # serve CONN_MAX_AGE TABLE_PAGES: start gunicorn, wait until it answers
  DB_CONN_MAX_AGE=$1 NUMX_TABLE_PAGES=$2 .venv/bin/gunicorn numx_site.wsgi -w "$WORKERS" -b "127.0.0.1:$PORT" \
    --log-level warning & SERVER=$!
  for _ in $(seq 50); do curl -sf "http://127.0.0.1:$PORT/healthz/" >/dev/null && return; sleep 0.2; done
  echo "gunicorn did not start" >&2; exit 1
}

stop() { kill $SERVER; wait $SERVER 2>/dev/null || true; }
trap 'kill $SERVER 2>/dev/null || true' EXIT
serve 600 500
curl -sf -H "$COOKIES" "http://127.0.0.1:$PORT/games/$GAME/" | grep -q 'id="table"'
run warmup "/games/$GAME/" >/dev/null
BARE=$(run bare /healthz/)
TABLE=$(run table "/games/$GAME/")
stop
serve 600 0
run warmup "/games/$GAME/" >/dev/null
BARE_DRAWN=$(run bare-2 /healthz/)
TABLE_DRAWN=$(run table-drawn "/games/$GAME/")
stop
serve 0 500
TABLE_NO_POOL=$(run table-conn-max-age-0 "/games/$GAME/")
stop
trap - EXIT

$PY - "$BARE" "$TABLE" "$BARE_DRAWN" "$TABLE_DRAWN" "$TABLE_NO_POOL" <<'PY'
import json, sys

def parse(line):
    name, rps, latency, errors = line.split()
    unit = 1e-3 if latency.endswith("us") else (1e3 if latency.endswith("s") and not latency.endswith("ms") else 1)
    value = float(latency.rstrip("msu")) * unit
    return {"requests_per_second": float(rps), "mean_latency_ms": round(value, 3), "non_2xx": int(errors)}

bare, table, bare_drawn, drawn, unpooled = (parse(line) for line in sys.argv[1:])
ratio = table["requests_per_second"] / bare["requests_per_second"]
print(json.dumps({
    "bare_page": bare,
    "table_page": table,
    "table_over_bare": round(ratio, 3),
    "target": 0.4,
    "meets_target": ratio >= 0.4,
    "no_page_kept": {
        "bare_page": bare_drawn,
        "table_page_drawn_every_time": drawn,
        "table_over_bare": round(drawn["requests_per_second"] / bare_drawn["requests_per_second"], 3),
    },
    "table_page_conn_max_age_0": unpooled,
    "latency_cost_of_conn_max_age_0": round(unpooled["mean_latency_ms"] / table["mean_latency_ms"], 2),
}, indent=2))
PY
