"""Numenko at the table: the lobby's options (players, rounds or live), the pot, every
player's tile count, the round and who has moved; the move form (the grid written out, what
to ask the pot for) recorded as the engine reads it; refusals naming their rule and the
first wrong line, in English and French; moves of the same round from the same page; the
live table's stale moves; what each seat and a spectator see; the replay; and the end."""

from __future__ import annotations

import random
import re
from collections.abc import Callable

import pytest
from django.contrib.auth.models import User
from django.test import Client

from games.engine.numenko import Mode, Phase
from games.events import store
from games.events.models import Event
from games.lobby import game_add_bot, game_open, game_start
from games.models import Game
from ratings.models import Rating
from ratings.services import pool_label
from tests.games.conftest import finish

from .tables import (
    FULL_GRID,
    NUMENKO,
    bot_move,
    calculation,
    hand,
    last,
    numenko_game,
    page_of,
    played,
    post,
    rows,
    stacked,
    state,
    wrong_calculation,
)

__all__ = ["stacked"]

pytestmark = pytest.mark.django_db

Login = Callable[[User], Client]


@pytest.fixture
def duel(alice: User, bob: User) -> Game:
    return numenko_game(alice, bob)


# The lobby --------------------------------------------------------------------------------


def test_the_lobby_opens_a_numenko_game_in_rounds_by_default_or_live(
    alice: User, as_user: Login
) -> None:
    client = as_user(alice)
    form = client.get("/games/new/?game=numenko").content.decode()
    assert '<option value="2"' in form and '<option value="6"' in form
    assert 'name="mode" value="rounds"' in form and 'name="mode" value="live"' in form
    for name, options, config in (
        ("By mail", {"players": "3"}, {"players": 3, "mode": "rounds"}),
        ("Online", {"players": "2", "mode": "live"}, {"players": 2, "mode": "live"}),
    ):
        body = {"name": name, "deadline_policy": "pass", "move_deadline": "1", **options}
        assert client.post("/games/new/?game=numenko", body).status_code == 302
        game = Game.objects.get(name=name)
        assert (game.rules, game.config) == ("numenko", config)
    crowd = {"name": "Crowd", "players": "7", "deadline_policy": "pass"}
    assert client.post("/games/new/?game=numenko", crowd).status_code == 400
    assert not Game.objects.filter(name="Crowd").exists()


# What the table shows -----------------------------------------------------------------------


def test_the_table_shows_the_pot_every_tile_count_the_round_and_who_has_moved(
    alice: User, bob: User, duel: Game, as_user: Login
) -> None:
    page = page_of(as_user(alice), duel)
    assert "<h2>Round 1</h2>" in page and "The pot holds 116 tiles." in page
    assert page.count("21 tiles in hand") == 2 and page.count("0 tiles laid") == 2
    assert "0 of 2 players have moved this round" in page
    assert page.count("has not moved yet this round") == 2
    # Alice's own tiles are buttons to tap, and the field takes the grid written out.
    mine = hand(duel, 0)
    assert re.findall(r'data-tile="(\w)"', page) == list(mine)
    assert 'name="play-grid"' in page and 'value="exchange"' in page
    assert f"Your hand: {' '.join(mine)}" in page
    assert post(as_user(alice), duel, calculation(duel, 0)).status_code == 200
    page = page_of(as_user(bob), duel)
    assert "1 of 2 players has moved this round" in page
    assert "has moved this round (the move stays secret until everyone has moved)" in page


def test_the_status_line_says_the_hand_and_leaves_the_grid_to_its_drawing(
    alice: User, bob: User, duel: Game, as_user: Login
) -> None:
    """Written in the status's sentence, the grid's last row ran into its full stop (a row
    copied from there was one square too long): the grid is drawn, the hand is said."""
    grid = calculation(duel, 0)
    given = hand(duel, 0)[-1]
    assert post(as_user(alice), duel, grid, "exchange", given).status_code == 200
    assert post(as_user(bob), duel, "").status_code == 200
    page = page_of(as_user(alice), duel)
    (status,) = re.findall(r'<p class="status" role="status">(.*?)</p>', page, re.S)
    assert "Round 2:" in status and f"Your hand: {' '.join(hand(duel, 0))}" in status
    assert "Your grid" not in status and grid not in status
    assert f"A grid of 5 tiles: {grid}" in page


def test_a_grid_written_out_is_recorded_and_shows_once_the_round_is_served(
    alice: User, bob: User, duel: Game, as_user: Login
) -> None:
    grid = calculation(duel, 0)
    response = post(as_user(alice), duel, grid)
    assert response.status_code == 200
    (move,) = played(duel, 0)
    assert (move["grid"], move["exchange"], move["fini"]) == ([grid], None, False)
    mine = page_of(as_user(alice), duel)
    assert f"Your move this round: lay out the grid “{grid}” and ask for nothing." in mine
    theirs = page_of(as_user(bob), duel)
    assert grid not in theirs and "move, in secret until everyone has moved" in theirs
    # Bob keeps his (empty) grid and asks for nothing: the round is over, every grid shows.
    assert post(as_user(bob), duel, "").status_code == 200
    assert played(duel, 1)[0]["grid"] is None
    assert state(duel).grids[0].rows() == (grid,)
    for client in (as_user(alice), as_user(bob)):
        page = page_of(client, duel)
        assert f"A grid of 5 tiles: {grid}" in page
        assert "Round 1 is over: every grid shows." in page
        assert "Requests served in the order drawn" not in page


def test_the_grid_sent_as_it_stands_is_kept_and_said_so(
    alice: User, bob: User, duel: Game, as_user: Login
) -> None:
    grid = calculation(duel, 0)
    assert (
        post(as_user(alice), duel, grid, ask="exchange", tile=hand(duel, 0)[-1]).status_code == 200
    )
    assert post(as_user(bob), duel, "").status_code == 200
    assert rows(duel, 0) == grid
    # Round 2: the field shows the grid as it stands; sent so, the move keeps it.
    page = page_of(as_user(alice), duel)
    assert f">{grid}</textarea>" in page and "Keep my grid, ask for nothing" in page
    assert post(as_user(alice), duel, rows(duel, 0)).status_code == 200
    assert played(duel, 0)[-1]["grid"] is None
    assert "You: keep the grid and ask for nothing." in page_of(as_user(alice), duel)


def test_an_exchange_from_the_form_gives_back_the_tile_chosen(
    alice: User, bob: User, duel: Game, as_user: Login
) -> None:
    given = hand(duel, 0)[0]
    assert post(as_user(alice), duel, "", ask="exchange", tile=given).status_code == 200
    assert played(duel, 0)[0] == {
        "type": "play",
        "grid": None,
        "exchange": given,
        "fini": False,
        "effects": {"round": 1},
    }
    # An exchange needs its tile.
    assert post(as_user(bob), duel, "", ask="exchange").status_code == 400
    assert post(as_user(bob), duel, "", ask="nothing").status_code == 200
    now = state(duel)
    assert (len(now.hands[0]), len(now.pot)) == (22, 115)
    page = page_of(as_user(bob), duel)
    assert "alice: keep the grid and exchange a tile." in page
    assert "alice draws 2 tiles." in page and given not in re.findall(r"exchange (\S+)\.", page)


def test_fini_from_the_form_once_every_tile_is_laid(
    stacked: None, alice: User, bob: User, as_user: Login
) -> None:
    game = numenko_game(alice, bob)
    client = as_user(alice)
    page = page_of(client, game)
    assert "Say fini: draw four tiles" not in page
    # Every tile laid but fini not said: the rule says fini is a must.
    response = post(client, game, FULL_GRID)
    assert response.status_code == 400
    assert (
        "Once every one of your tiles is in your grid, you say fini." in response.content.decode()
    )
    response = client.get(f"/games/{game.pk}/preview/", {"play-grid": FULL_GRID})
    assert "Say fini: draw four tiles" in response.content.decode()
    assert post(client, game, FULL_GRID, ask="fini").status_code == 200
    assert played(game, 0)[0]["fini"] is True
    assert post(as_user(bob), game, "").status_code == 200
    now = state(game)
    assert (len(now.grids[0].squares), len(now.hands[0])) == (21, 4)
    assert "You draw " in page_of(client, game)


# Refusals ---------------------------------------------------------------------------------------


def test_a_wrong_grid_is_refused_naming_its_rule_and_its_first_wrong_line(
    alice: User, duel: Game, as_user: Login
) -> None:
    false, _right = wrong_calculation(duel, 0)
    events = Event.objects.count()
    response = post(as_user(alice), duel, false)
    page = response.content.decode()
    assert response.status_code == 400 and Event.objects.count() == events
    assert f"Not allowed: {false} (across in row 1, columns 1-5): the left side makes" in page
    assert "Both sides of the equals sign are equal" in page
    assert '/rules/numenko/#rule-numenko.equal">Read the rule</a>' in page
    # The grid sent is drawn again, its line marked wrong, for the player to mend.
    assert page.count("nk-sq nk-") >= 5 and page.count(' wrong"') == 5
    assert "(across in row 1, columns 1-5)" in page.split('class="nk-verdict')[1]


def test_a_french_player_reads_the_rule_and_the_wrong_line_in_french(
    alice: User, duel: Game, as_user: Login
) -> None:
    false, _right = wrong_calculation(duel, 0)
    response = post(as_user(alice), duel, false, HTTP_ACCEPT_LANGUAGE="fr")
    page = response.content.decode()
    assert response.status_code == 400
    # The refusal names the line, where it lies and what is wrong with it, then the rule.
    place = f"{false} (en travers, ligne 1, colonnes 1 à 5)\u00a0: le côté gauche fait "
    assert f"Coup refusé\u00a0: {place}" in page
    assert "(Les deux côtés du signe égal sont égaux" in page
    verdict = page.split('class="nk-verdict')[1].split("</p>")[0]
    assert "(en travers, ligne 1, colonnes 1 à 5)\u00a0: le côté gauche fait " in verdict


@pytest.mark.parametrize(
    ("shaped", "rule", "said"),
    [
        # Thirteen 1s: the box holds ten.
        (lambda a, b: "1+1+1+1+1+1+1+1+1+1+1=11", "numenko.tiles", "Your grid is made of"),
        (lambda a, b: f"{a}.{b}", "numenko.connected", "Your grid is one piece"),
        (lambda a, b: a, "numenko.lone-tile", "a single tile is no grid"),
        (lambda a, b: f"{a}+", "numenko.shape", "A calculation is numbers and signs in turn"),
    ],
)
def test_other_broken_rules_are_named_too(
    alice: User,
    duel: Game,
    as_user: Login,
    shaped: Callable[[str, str], str],
    rule: str,
    said: str,
) -> None:
    """Each made of tiles Alice holds (those of a calculation she can lay), but the first."""
    a, _sign, b, *_rest = calculation(duel, 0)
    response = post(as_user(alice), duel, shaped(a, b))
    page = response.content.decode()
    assert response.status_code == 400
    assert said in page and f"#rule-{rule}" in page


def test_a_grid_that_cannot_be_read_is_refused_with_the_notation(
    alice: User, duel: Game, as_user: Login
) -> None:
    response = post(as_user(alice), duel, "2 y 4")
    page = response.content.decode()
    assert response.status_code == 400
    assert "Check the form" in page and "row 1: “y” is no square" in page
    assert "This grid cannot be read" in page


# Seats moving at once ----------------------------------------------------------------------------


def test_both_seats_moving_from_the_same_page_are_both_recorded(
    alice: User, bob: User, duel: Game, as_user: Login
) -> None:
    """Both tables were drawn at the same event: Bob's move, posted second, is not stale,
    since Alice's secret move changed nothing Bob may do."""
    seen = last(duel)
    grids = {0: calculation(duel, 0), 1: calculation(duel, 1)}
    for seat, user in ((0, alice), (1, bob)):
        # Alice asks for an exchange: a round with a request, and the game goes on.
        tile = next(char for char in hand(duel, seat) if char not in grids[seat])
        ask = "exchange" if seat == 0 else "nothing"
        response = post(as_user(user), duel, grids[seat], ask=ask, tile=tile, seen=seen)
        assert response.status_code == 200, response.content.decode()[:300]
    assert [move["grid"] for seat in (0, 1) for move in played(duel, seat)] == [
        [grids[0]],
        [grids[1]],
    ]
    assert state(duel).round == 2


def test_live_another_seats_move_leaves_mine_whole_but_my_own_makes_it_stale(
    alice: User, bob: User, as_user: Login
) -> None:
    game = numenko_game(alice, bob, mode="live")
    assert state(game).config.mode is Mode.LIVE
    seen = last(game)
    # Bob exchanges: the pot serves him at once, which Alice's move does not rest on.
    assert post(as_user(bob), game, "", ask="exchange", tile=hand(game, 1)[0]).status_code == 200
    assert last(game) > seen + 1 and len(state(game).hands[1]) == 22
    grid = calculation(game, 0)
    assert post(as_user(alice), game, grid, seen=seen).status_code == 200
    assert state(game).grids[0].rows() == (grid,)
    # Her own move changed her grid and hand: another sent from before it is stale.
    response = post(as_user(alice), game, "", seen=seen, key="again")
    assert response.status_code == 409
    assert "The game moved on while you were choosing" in response.content.decode()
    assert len(played(game, 0)) == 1


def test_live_a_content_player_may_still_build_and_move(
    alice: User, bob: User, as_user: Login
) -> None:
    """Asking for nothing makes a live player content, no longer awaited; they may still
    move, and their grid's preview still answers."""
    game = numenko_game(alice, bob, mode="live")
    client = as_user(alice)
    assert post(client, game, "").status_code == 200
    assert 0 not in NUMENKO.awaiting(state(game))
    page = page_of(client, game)
    assert "Your turn." not in page and 'name="play-grid"' in page
    assert "is content: asked for nothing last" in page
    # Said in French whoever the player is: "satisfait" would call every player a man.
    french = page_of(client, game, HTTP_ACCEPT_LANGUAGE="fr")
    assert "ne demande plus rien\u00a0: son dernier coup n’a rien demandé" in french
    assert "satisfait\u00a0:" not in french
    grid = calculation(game, 0)
    preview = client.get(f"/games/{game.pk}/preview/", {"play-grid": grid})
    assert preview.status_code == 200 and "Every calculation holds" in preview.content.decode()
    assert post(client, game, grid).status_code == 200
    assert state(game).grids[0].rows() == (grid,)


# What each one sees ------------------------------------------------------------------------------


def test_no_hidden_tile_shows_to_another_seat_or_a_spectator(
    alice: User, bob: User, mallory: User, duel: Game, as_user: Login
) -> None:
    grid = calculation(duel, 0)
    given = next(char for char in hand(duel, 0) if char not in grid)
    assert post(as_user(alice), duel, grid, ask="exchange", tile=given).status_code == 200
    secret = f"lay out the grid “{grid}” and exchange"
    alices = hand(duel, 0)
    for client in (as_user(bob), as_user(mallory)):
        for headers in ({}, {"HTTP_HX_REQUEST": "true"}):
            page = page_of(client, duel, **headers)
            assert secret not in page and grid not in page
            assert f"Your hand: {' '.join(alices)}" not in page
        history = client.get(f"/games/{duel.pk}/history/").content.decode()
        assert secret not in history
        seen = client.get(f"/api/games/{duel.pk}/").json()["state"]
        assert seen["submission"] is None and seen["submitted"] == [True, False]
        assert seen["grids"][0]["rows"] == [] and seen["hands"] is None
        events = client.get(f"/api/games/{duel.pk}/events/", {"limit": 500}).json()["results"]
        move = [e for e in events if e["seat"] == 0][-1]["action"]
        assert set(move) <= {"type", "effects"}
        deal = next(e for e in events if e["type"] == "deal")["action"]
        assert deal["hands"][0] is None
    spectator = page_of(as_user(mallory), duel)
    assert "You are watching" in spectator and 'name="play-grid"' not in spectator
    assert "data-tile" not in spectator
    assert post(as_user(bob), duel, "").status_code == 200
    # The round served: Alice's grid shows to all, the tile she gave back and drew do not.
    for client in (as_user(bob), as_user(mallory)):
        page = page_of(client, duel)
        assert f"alice: lay out the grid “{grid}” and exchange a tile." in page
        assert "alice draws 2 tiles." in page
        events = client.get(f"/api/games/{duel.pk}/events/", {"limit": 500}).json()["results"]
        assert [e["action"]["exchange"] for e in events if e["seat"] == 0] == ["?"]
        (draw,) = [e for e in events if e["type"] == "draw"]
        assert draw["action"]["tiles"] == [None] and draw["action"]["sizes"] == [2]
    assert f"You: lay out the grid “{grid}” and exchange {given}." in page_of(as_user(alice), duel)


# The replay and the end ---------------------------------------------------------------------------


def test_a_finished_game_shows_points_in_hand_every_hand_and_is_replayed_grid_by_grid(
    alice: User, bob: User, duel: Game, client: Client, as_user: Login
) -> None:
    game = finish(duel)
    final = state(game)
    assert final.phase is Phase.GAME_OVER
    page = page_of(as_user(alice), game)
    assert "Final scores" in page and "Every hand at the end" in page
    # Her hand is said once among every hand (and beside her grid), not a third time under
    # the scores as while she played.
    assert "<h2>Your hand" not in page
    result = NUMENKO.outcome(final)
    assert result is not None
    # The score sheet has a column for each line that gave somebody points, and no other.
    for rule, line in (
        ("numenko.numbers", "number tiles in hand"),
        ("numenko.freechoices", "Freechoices in hand (10 each)"),
    ):
        scored = any(x.points for lines in result.breakdown for x in lines if x.rule == rule)
        assert (line in page) == scored
    for seat in (0, 1):
        points = sum(tile.points for tile in final.hands[seat])
        if final.hands[seat]:
            assert f"{points} point{'s' if points != 1 else ''} in hand" in page
    for step in range(1, last(game) + 1, 3):
        replayed = client.get(f"/games/{game.pk}/replay/", {"step": step}).content.decode()
        then = store.load(game.pk, game.rules, upto=step).state
        for grid in then.grids:
            if grid.squares:
                assert f"A grid of {len(grid.squares)} tile" in replayed
                assert " / ".join(grid.rows()) in replayed
            else:
                assert "No tile laid yet." in replayed


def test_bots_move_as_soon_as_a_round_opens(
    alice: User,
    as_user: Login,
    django_capture_on_commit_callbacks: Callable[..., object],
) -> None:
    game = game_open(creator=alice, name="With bots", rules="numenko", config={"players": 3})
    game_add_bot(game=game, by=alice)
    game_add_bot(game=game, by=alice)
    with django_capture_on_commit_callbacks(execute=True):  # type: ignore[operator]
        game = game_start(game=game, by=alice, rng=random.Random(5))
    assert state(game).submitted[1:] != (None, None)
    with django_capture_on_commit_callbacks(execute=True):  # type: ignore[operator]
        assert post(as_user(alice), game, "").status_code == 200
    now = state(game)
    assert now.round == 2 or now.phase is Phase.GAME_OVER
    page = page_of(as_user(alice), game)
    assert "Round 1 is over: every grid shows." in page


def test_a_move_the_bot_would_make_is_accepted_from_the_form(
    alice: User, bob: User, duel: Game, as_user: Login
) -> None:
    """The solver's grid, written out in the field as a player would, is recorded as is."""
    move = bot_move(duel, 0)
    assert move.grid is not None
    ask = "exchange" if move.exchange is not None else "fini" if move.fini else "nothing"
    tile = move.exchange.value if move.exchange is not None else ""
    assert post(as_user(alice), duel, str(move.grid), ask=ask, tile=tile).status_code == 200
    assert played(duel, 0)[0]["grid"] == list(move.grid.rows())


def test_rounds_and_live_tables_are_rated_in_pools_of_their_own(
    alice: User, bob: User, django_capture_on_commit_callbacks: Callable[..., object]
) -> None:
    for mode in ("rounds", "live"):
        game = numenko_game(alice, bob, mode=mode)
        with django_capture_on_commit_callbacks(execute=True):  # type: ignore[operator]
            finish(game)
        assert Rating.objects.get(user=alice, pool=f"numenko:{mode}").games == 1
    assert pool_label("numenko:rounds") == "Numenko · in rounds"
    assert pool_label("numenko:live") == "Numenko · live"


def test_the_replay_says_every_hand_as_it_stood_and_in_french_typography(
    duel: Game, client: Client
) -> None:
    """Every step of a finished game's replay shows the hands of that moment: only the
    last is "at the end"; French puts its no-break space before each name's colon."""
    game = finish(duel)
    middle = client.get(f"/games/{game.pk}/replay/", {"step": last(game) // 2})
    assert "Every hand</h2>" in middle.content.decode()
    end = client.get(f"/games/{game.pk}/replay/", {"step": last(game)}).content.decode()
    assert "Every hand at the end</h2>" in end
    french = client.get(f"/games/{game.pk}/replay/", {"step": 3}, HTTP_ACCEPT_LANGUAGE="fr")
    hands = french.content.decode().split('class="all-hands numenko"', 1)[1]
    assert "<li>alice\u00a0: " in hands and "<li>bob\u00a0: " in hands


def test_a_hand_emptied_by_a_fini_is_no_game_over_in_the_middle_of_the_replay(
    stacked: None, alice: User, bob: User, as_user: Login, client: Client
) -> None:
    """Alice lays every tile and says fini: until chance draws her four tiles her hand is
    empty, and the game goes on; "game over" (the rule book's word for a player out of
    tiles when the game stops) belongs to the end alone."""
    game = numenko_game(alice, bob)
    assert post(as_user(alice), game, FULL_GRID, ask="fini").status_code == 200
    assert post(as_user(bob), game, "").status_code == 200
    finish(game)
    # The step her laid grid left her hand empty, before the draw.
    step = next(
        step
        for step in range(1, last(game) + 1)
        for then in [store.load(game.pk, game.rules, upto=step).state]
        if then.grids[0].squares and not then.hands[0]
    )

    def hands(**headers: str) -> str:
        page = client.get(f"/games/{game.pk}/replay/", {"step": step}, **headers)
        return page.content.decode().split('class="all-hands numenko"', 1)[1]

    assert "<li>alice: no tile</li>" in hands() and "game over" not in hands()
    french = hands(HTTP_ACCEPT_LANGUAGE="fr")
    assert "<li>alice\u00a0: aucune tuile</li>" in french and "game over" not in french


def test_a_finished_games_replay_calls_no_move_secret(duel: Game, client: Client) -> None:
    """A finished game's replay says every move, the step's words included: a player who has
    moved this round is not told to keep it "secret until everyone has"."""
    game = finish(duel)
    halfway = next(
        step
        for step in range(2, last(game))
        if sum(
            move is not None for move in store.load(game.pk, game.rules, upto=step).state.submitted
        )
        == 1
    )
    page = client.get(f"/games/{game.pk}/replay/", {"step": halfway}).content.decode()
    assert "has moved this round" in page and "stays secret" not in page
    # The step says the grid laid out, which the player's box does not draw yet: the box
    # says when it will, so that the replay does not seem to lose the move.
    assert "has moved this round: the grids show once everyone has moved" in page
