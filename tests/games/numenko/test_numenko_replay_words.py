"""The replay of a Numenko game says in words what each player did at a step (the tiles
laid, taken back, exchanged, a pass), since the grid itself is drawn right below it; the
history and the mails keep writing the grid in notation, which a player copies into a
reply."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from django.contrib.auth.models import User
from django.core import mail
from django.test import Client

from games.engine.numenko import parse_grid
from games.engine.numenko.tiles import without, written
from games.events import consumers, store
from games.events.models import Event
from games.models import Game
from games.registry import rule_set
from games.services import game_submit
from tests.games.conftest import Committed

from .tables import calculation, numenko_game, state

pytestmark = pytest.mark.django_db

Login = Callable[[User], Client]
NUMENKO = rule_set("numenko")


def move(game: Game, seat: int, notation: str, committed: Committed) -> int:
    """``seat`` plays ``notation``, then the consumers run (the mails); the number of the
    event that records it."""
    loaded = store.load(game.pk, game.rules)
    committed(
        lambda: (
            game_submit(
                game_id=game.pk,
                seat=seat,
                action=NUMENKO.parse_action(notation),
                expected_sequence=loaded.sequence,
            ),
            consumers.dispatch(game.pk),
        )
    )
    return Event.objects.get(
        game=game, seat=seat, type="play", sequence__gt=loaded.sequence
    ).sequence


def said_at(client: Client, game: Game, step: int, **headers: str) -> str:
    """The words of the replay's step ``step``."""
    page = client.get(f"/games/{game.pk}/replay/", {"step": step}, **headers).content.decode()
    found = re.search(r'<p class="event"><strong>\d+\.</strong> (.*?)</p>', page, re.S)
    assert found is not None
    return found.group(1)


@pytest.fixture
def played(alice: User, bob: User, committed: Committed) -> tuple[Game, dict[str, int], str, str]:
    """A game in rounds played to its end: Alice lays a calculation and exchanges a tile,
    Bob passes; then Alice takes every tile back and Bob passes: nobody asked, it ends."""
    game = committed(lambda: numenko_game(alice, bob))
    grid = calculation(game, 0)
    left = without(state(game).hands[0], parse_grid(grid).tiles)
    given = next(tile.value for tile in left if tile.value.isdigit())
    steps = {
        "lay": move(game, 0, f"exchange {given} grid {grid}", committed),
        "pass": move(game, 1, "pass", committed),
    }
    steps["back"] = move(game, 0, "grid .", committed)
    steps["last pass"] = move(game, 1, "pass", committed)
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    return game, steps, grid, given


def test_a_replay_step_says_the_tiles_laid_and_the_exchange_not_the_grids_notation(
    played: tuple[Game, dict[str, int], str, str], client: Client
) -> None:
    game, steps, grid, given = played
    laid = parse_grid(grid).tiles
    words = said_at(client, game, steps["lay"])
    assert (
        words
        == f"alice laid {len(laid)} tiles ({' '.join(written(laid))}) and exchanged one {given}."
    )
    assert grid not in words


def test_a_replay_step_says_a_pass_and_tiles_taken_back(
    played: tuple[Game, dict[str, int], str, str], client: Client
) -> None:
    game, steps, grid, _given = played
    laid = parse_grid(grid).tiles
    assert said_at(client, game, steps["pass"]) == "bob passed."
    assert said_at(client, game, steps["back"]) == (
        f"alice took back {len(laid)} tiles ({' '.join(written(laid))}) and asked for nothing."
    )


def test_a_replay_step_says_to_its_player_what_they_did_in_french(
    played: tuple[Game, dict[str, int], str, str], alice: User, bob: User, as_user: Login
) -> None:
    game, steps, grid, given = played
    laid = parse_grid(grid).tiles
    french = {"HTTP_ACCEPT_LANGUAGE": "fr"}
    assert said_at(as_user(alice), game, steps["lay"], **french) == (
        f"Vous avez posé {len(laid)} tuiles ({' '.join(written(laid))}) et avez échangé un {given}."
    )
    assert said_at(as_user(alice), game, steps["pass"], **french) == "bob a passé son tour."
    assert said_at(as_user(bob), game, steps["pass"], **french) == "Vous avez passé votre tour."


def test_the_history_and_the_mails_still_write_the_grid_in_notation(
    played: tuple[Game, dict[str, int], str, str], client: Client
) -> None:
    game, _steps, grid, given = played
    history = client.get(f"/games/{game.pk}/history/").content.decode()
    assert f"alice: lay out the grid “{grid}” and exchange {given}." in history
    assert "alice laid" not in history
    bodies = [str(message.body) for message in mail.outbox]
    assert any(f"alice: “{grid}”" in body for body in bodies)
    assert not any("alice laid" in body for body in bodies)


def test_a_replay_step_ending_a_round_leaves_the_grids_to_the_drawing(
    played: tuple[Game, dict[str, int], str, str], client: Client
) -> None:
    game, steps, grid, _given = played
    ended = (
        Event.objects.filter(game=game, type="round-ended", sequence__gt=steps["pass"])
        .order_by("sequence")
        .first()
    )
    assert ended is not None
    words = said_at(client, game, ended.sequence)
    assert words.startswith("Round 1 is over: every grid shows. Requests served")
    assert grid not in words and "The grids now" not in words


def test_a_player_replaying_a_game_being_played_learns_no_tile_the_others_hid(
    alice: User, bob: User, as_user: Login, committed: Committed
) -> None:
    game = committed(lambda: numenko_game(alice, bob, mode="live"))
    grid = calculation(game, 0)
    left = without(state(game).hands[0], parse_grid(grid).tiles)
    given = next(tile.value for tile in left if tile.value.isdigit())
    step = move(game, 0, f"exchange {given} grid {grid}", committed)
    laid = parse_grid(grid).tiles
    listed = " ".join(written(laid))
    # The grid lies in plain sight; the tile she gave back stays hers.
    assert said_at(as_user(bob), game, step) == (
        f"alice laid {len(laid)} tiles ({listed}) and exchanged one tile."
    )
    assert said_at(as_user(alice), game, step) == (
        f"You laid {len(laid)} tiles ({listed}) and exchanged one {given}."
    )


def test_a_move_still_secret_at_its_step_is_said_as_the_history_says_it(
    alice: User, bob: User, as_user: Login, committed: Committed
) -> None:
    game = committed(lambda: numenko_game(alice, bob))
    step = move(game, 0, f"grid {calculation(game, 0)}", committed)
    assert said_at(as_user(bob), game, step) == (
        "alice: move, in secret until everyone has moved this round."
    )
