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
from games.descriptions import MINUS
from games.engine.numx import EDITION
from games.events import store
from games.models import Game
from tests.howto import how_to_play

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


OPTIONS = {"name": "Opts", "players": "4", "deadline_policy": "pass"}


@pytest.mark.parametrize(
    ("posted", "stored", "said"),
    [
        (
            {"mode": "speed-run", "infinity_on_infinity": "on"},
            {"infinity_on_infinity": True},
            "Infinity cuts Infinity",
        ),
        (
            {"mode": "family", "family_scoring": ["colour", "pair"]},
            {"family_scoring": ["pair", "colour"]},
            "scoring: pair and colour",
        ),
        (
            {"mode": "x-game", "round_two_pick": "on"},
            {"round_two_pick": True},
            "a pick at the start of round 2",
        ),
        (
            {"mode": "speed-run", "malus_values": " +1/+1 -3/+3 1/1 +0/-2 +2/-1 "},
            {"malus_values": [[2, -1], [1, 1], [1, 1], [0, -2], [-3, 3]]},
            # Typed with hyphens, said with the minus sign, as every number the site writes.
            f"Malus: +2/{MINUS}1 +1/+1 +1/+1 0/{MINUS}2 {MINUS}3/+3",
        ),
    ],
)
def test_a_table_option_chosen_in_the_form_is_stored_and_shown_on_the_table_and_replay(
    alice: User,
    as_user: Callable[[User], Client],
    posted: dict[str, object],
    stored: dict[str, object],
    said: str,
) -> None:
    client = as_user(alice)

    assert client.post("/games/new/", {**OPTIONS, **posted}).status_code == 302

    game = Game.objects.get(name="Opts")
    assert {key: game.config[key] for key in stored} == stored
    assert said in client.get(f"/games/{game.pk}/").content.decode()  # the waiting room
    played = play_bot_game({**game.config, "players": 3}, random.Random(5))
    Game.objects.filter(pk=played.pk).update(is_public=True)  # watched by Alice, not seated
    for page in (f"/games/{played.pk}/", f"/games/{played.pk}/replay/?step=3"):
        assert said in client.get(page).content.decode()


def test_the_books_readings_are_neither_stored_nor_shown(
    alice: User, as_user: Callable[[User], Client]
) -> None:
    client = as_user(alice)
    family = ["x-trem", "combination", "pair"]  # the form's initial ticks
    client.post("/games/new/", {**OPTIONS, "mode": "family", "family_scoring": family})
    client.post(
        "/games/new/", {**OPTIONS, "name": "SR", "mode": "speed-run", "family_scoring": family}
    )

    for game in Game.objects.filter(name__in=["Opts", "SR"]):
        assert set(game.config) == {"players", "mode", "teams", "edition"}
        assert "scoring:" not in client.get(f"/games/{game.pk}/").content.decode()


def test_a_round_two_pick_outside_x_game_is_refused_and_nothing_is_opened(
    alice: User, as_user: Callable[[User], Client]
) -> None:
    response = as_user(alice).post(
        "/games/new/", {**OPTIONS, "mode": "speed-run", "round_two_pick": "on"}
    )
    assert response.status_code == 400
    assert "Only an X-Game has a round 2" in response.content.decode()
    assert not Game.objects.filter(name="Opts").exists()


@pytest.mark.parametrize(
    ("posted", "error"),
    [
        ({"mode": "speed-run", "malus_values": "+2/-1 +1/-2 +3/+0 -1/+1"}, "Write five Malus"),
        ({"mode": "x-game", "malus_values": "+4/-1 +1/-2 +3/+0 -1/+1 -2/+2"}, "Write five Malus"),
        ({"mode": "x-game", "malus_values": "+0/+0 +1/-2 +3/+0 -1/+1 -2/+2"}, "Write five Malus"),
        ({"mode": "speed-run", "malus_values": "+2-1 +1/-2 +3/+0 -1/+1 -2/+2"}, "Write five Malus"),
        ({"mode": "family", "malus_values": "+2/-1 +1/-2 +3/+0 -1/+1 -1/+1"}, "without Malus"),
    ],
)
def test_malus_values_the_engine_refuses_are_a_form_error_and_nothing_is_opened(
    alice: User, as_user: Callable[[User], Client], posted: dict[str, str], error: str
) -> None:
    response = as_user(alice).post("/games/new/", {**OPTIONS, **posted})

    assert response.status_code == 400
    assert error in response.content.decode()
    assert not Game.objects.filter(name="Opts").exists()


def test_the_house_malus_values_in_any_order_are_neither_stored_nor_shown(
    alice: User, as_user: Callable[[User], Client]
) -> None:
    client = as_user(alice)
    house = "-2/+2 -1/+1 +3/+0 +1/-2 +2/-1"
    client.post("/games/new/", {**OPTIONS, "mode": "x-game", "malus_values": house})

    game = Game.objects.get(name="Opts")
    assert "malus_values" not in game.config
    assert "Malus:" not in client.get(f"/games/{game.pk}/").content.decode()


@pytest.mark.parametrize(
    "options",
    [
        {"mode": "speed-run", "malus_values": [[2, -1], [1, 1], [1, 1], [0, -2], [-3, 3]]},
        {"mode": "speed-run", "triple_rule": "every"},
        {"mode": "speed-run", "infinity_on_infinity": True},
        {"mode": "family", "family_scoring": ["colour"]},
        {"mode": "x-game", "round_two_pick": True},
    ],
)
def test_each_table_option_goes_through_export_verify_and_import(
    tmp_path: Path, options: dict[str, object]
) -> None:
    config = {"players": 3, "teams": False, "edition": EDITION, **options}
    game = play_bot_game(config, random.Random(4))
    path = tmp_path / "game.json"
    call_command("numx", "export", str(game.pk), "--output", str(path), stderr=StringIO())
    checked, imported = StringIO(), StringIO()
    call_command("numx", "verify", str(path), stdout=checked)
    call_command("numx", "import", str(path), "--name", "Copy", stdout=imported)

    assert json.loads(checked.getvalue())["phase"] == "game-over"
    copy = Game.objects.get(pk=json.loads(imported.getvalue())["game_id"])
    assert copy.config == config
    copied = store.load(copy.pk, "numx").state
    assert copied.config.to_json() == config  # the option is the one played
    assert copied == store.load(game.pk, "numx").state


def test_a_malus_card_is_drawn_with_a_true_minus_sign() -> None:
    """The Malus card's picture (on the table, and on the rules page's cards) writes its
    negative number with the minus sign, as every number the site writes, not a hyphen."""
    pieces = how_to_play("numx", "en")

    assert f"M +2/{MINUS}1" in pieces
    assert "+2/-1" not in pieces


def test_malus_values_copied_from_a_tables_set_up_open_a_table_with_the_same_ones(
    alice: User, as_user: Callable[[User], Client]
) -> None:
    """The set-up writes negative numbers with the minus sign: copied into the form as it
    reads, it opens a table with the same Malus cards. Failed before: only hyphens were
    understood, and the copy was a form error."""
    client = as_user(alice)
    shown = f"+2/{MINUS}1 +1/+1 +1/+1 0/{MINUS}2 {MINUS}3/+3"
    posted = {**OPTIONS, "name": "Copy", "mode": "speed-run", "malus_values": shown}

    assert client.post("/games/new/", posted).status_code == 302

    game = Game.objects.get(name="Copy")
    assert game.config["malus_values"] == [[2, -1], [1, 1], [1, 1], [0, -2], [-3, 3]]
    assert f"Malus: {shown}" in client.get(f"/games/{game.pk}/").content.decode()


def test_the_forms_malus_example_writes_0_unsigned_as_a_tables_set_up_does(
    alice: User, as_user: Callable[[User], Client]
) -> None:
    page = as_user(alice).get("/games/new/").content.decode()

    assert "+2/-1 +1/-2 +3/0 -1/+1 -2/+2" in page
    assert "+3/+0" not in page
