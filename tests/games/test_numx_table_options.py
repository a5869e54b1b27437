"""NUM-X's table options (docs/rules.md, "Table options"): chosen in the new-game form,
recorded in the game's configuration, shown with the game, carried by its exported log."""

import json
import random
from collections.abc import Callable
from io import StringIO
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command
from django.test import Client

from games.bots import play_bot_game
from games.engine.numx import EDITION
from games.events import store
from games.models import Game

pytestmark = pytest.mark.django_db

EVERY_TRIPLE = "a Rainbow or Shadow in every triple"


def test_a_table_can_want_a_rainbow_or_shadow_in_every_triple_and_says_so(
    alice: User, as_user: Callable[[User], Client]
) -> None:
    client = as_user(alice)
    options = {"name": "Strict", "mode": "speed-run", "players": "3", "deadline_policy": "pass"}
    assert "in the first pli of a trick only" in client.get("/games/new/").content.decode()

    response = client.post("/games/new/", {**options, "triple_rule": "every"})

    game = Game.objects.get(name="Strict")
    assert response.status_code == 302
    assert game.config["triple_rule"] == "every"
    assert EVERY_TRIPLE in client.get(f"/games/{game.pk}/").content.decode()
    # The rule book's reading, the default, is neither written nor mentioned.
    client.post("/games/new/", {**options, "name": "Book"})
    book = Game.objects.get(name="Book")
    assert "triple_rule" not in book.config
    assert EVERY_TRIPLE not in client.get(f"/games/{book.pk}/").content.decode()


def test_an_unknown_triple_rule_is_refused_by_the_form(
    alice: User, as_user: Callable[[User], Client]
) -> None:
    response = as_user(alice).post(
        "/games/new/",
        {"name": "T", "mode": "speed-run", "players": "3", "triple_rule": "sometimes"},
    )
    assert "Select a valid choice" in response.content.decode()
    assert not Game.objects.filter(name="T").exists()


def test_the_triple_rule_goes_through_export_verify_and_import(tmp_path: Path) -> None:
    config = {"players": 3, "mode": "speed-run", "edition": EDITION, "triple_rule": "every"}
    game = play_bot_game(config, random.Random(3))
    path = tmp_path / "game.json"
    call_command("numx", "export", str(game.pk), "--output", str(path), stderr=StringIO())
    checked, imported = StringIO(), StringIO()
    call_command("numx", "verify", str(path), stdout=checked)
    call_command("numx", "import", str(path), "--name", "Copy", stdout=imported)

    assert json.loads(checked.getvalue())["phase"] == "game-over"
    copy = Game.objects.get(pk=json.loads(imported.getvalue())["game_id"])
    assert copy.config == config
    copied, original = store.load(copy.pk, "numx").state, store.load(game.pk, "numx").state
    assert copied.config.triple_every_pli and copied == original
