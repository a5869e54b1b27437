"""The table bench/http.sh serves: the demo's running game played on to the middle of a trick
(plis in the centre, score cards in the rows, a history) with Alice to move, so that the page
carries her hand and her move forms. Prints the game's id, Alice's session cookie and the CSRF
cookie her browser would hold.

Run by bench/http.sh (``manage.py shell -c "from bench.http_table import main; main()"``),
on the bench's database.
"""

from __future__ import annotations

import random

from django.test import Client

from games import demo
from games.bots import play_bot_move
from games.events import store
from games.models import Game
from games.registry import rule_set

#: The table must have moved on at least this far (events).
MIN_EVENTS = 30


def mid_game(game: Game, rng: random.Random) -> None:
    """Play ``game`` on (Alice and Bob at random; the bot by itself) until its table is
    a mid-game one awaiting Alice (seat 0)."""
    rules = rule_set(game.rules)
    for _ in range(400):
        game.refresh_from_db()
        view = rules.view(store.load(game.pk, game.rules).state, 0)
        scored = sum(len(row) for row in view["rows"])
        if game.last_sequence >= MIN_EVENTS and 0 in view["awaiting"] and view["plis"] and scored:
            return
        if not play_bot_move(game, rng, only=[0, 1]):
            break
    raise SystemExit("bench/http_table.py: the demo game found no mid-game table for Alice")


def main() -> None:
    demo.seed()
    game = Game.objects.get(name=demo.PLAYING)
    mid_game(game, random.Random(5))
    client = Client(HTTP_HOST="127.0.0.1")  # the host the bench serves
    client.force_login(game.seats.get(number=0).user)
    page = client.get(f"/games/{game.pk}/")
    assert page.status_code == 200 and b'id="table"' in page.content
    print(game.pk, client.cookies["sessionid"].value, client.cookies["csrftoken"].value)
