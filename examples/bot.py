"""A sample bot for the site's API (the guide for bot authors, /api/guide/, "A sample bot").

It plays every game awaiting it, a legal move at random each time, until none of its
games is being played (a game it resigned is no longer its own). Plain Python and
``requests``; run it as

    NUMX_URL=https://SITE NUMX_TOKEN=<your token> python bot.py
"""

import os
import random
import time

import requests

BASE = os.environ.get("NUMX_URL", "http://127.0.0.1:8000").rstrip("/")
POLL = float(os.environ.get("NUMX_POLL", "2"))  # seconds between looks while nothing changes
api = requests.Session()
api.headers["Authorization"] = f"Token {os.environ['NUMX_TOKEN']}"


def call(method, path, **kwargs):
    """One request; past the token's rate (429), wait as told and ask again."""
    while True:
        answer = api.request(method, BASE + path, timeout=30, **kwargs)
        if answer.status_code != 429:
            return answer
        time.sleep(float(answer.headers.get("Retry-After", POLL)))


def play(game_id):
    """One move in the game: a listed move at random, else the random move the site draws
    from a choice too large to list (``sample``). True if it was recorded."""
    offered = call("GET", f"/api/games/{game_id}/legal-actions/").json()
    moves = offered["listed"] or ([offered["sample"]] if offered["sample"] else [])
    if not moves:
        return False  # the game waits for others after all
    move = random.choice(moves)
    body = {"action": move["action"], "expected_sequence": offered["sequence"]}
    answer = call("POST", f"/api/games/{game_id}/actions/", json=body)
    if answer.status_code == 409:
        return False  # the game moved on meanwhile: look at it again
    answer.raise_for_status()  # a refused move (400) is a bug worth stopping for
    print(f"game {game_id}: {move['description']}", flush=True)
    return True


def main():
    tags = {}  # each list's ETag: while nothing changed, the site answers 304, no body

    def changed(path):
        """The list at ``path`` if it changed since last asked, else None."""
        answer = call("GET", path, headers={"If-None-Match": tags[path]} if path in tags else {})
        if answer.status_code == 304:
            return None
        answer.raise_for_status()
        tags[path] = answer.headers.get("ETag", "")
        return answer.json()["results"]

    playing = True
    while playing:
        awaiting = changed("/api/games/?awaiting=me")
        for game in awaiting or []:
            play(game["id"])
        if awaiting:
            continue  # moves were made: look again at once
        mine = changed("/api/games/")  # the first page: games being played come first
        if mine is not None:  # a game it resigned is played on by others, not by it
            playing = any(
                game["status"] == "running" and not game["seats"][game["my_seat"]]["handed_over"]
                for game in mine
            )
        time.sleep(POLL if playing else 0)


if __name__ == "__main__":
    main()
