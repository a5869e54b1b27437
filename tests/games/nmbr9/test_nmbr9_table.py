"""NMBR 9 at the table: the lobby's options, each stack drawn on its grid (digits, levels,
coordinates), the card turned up and the cards to come, the placement form, refusals naming
their rule, simultaneous secret placements (hidden from the other seats and spectators until
everyone has placed), the replay, and the words in English and French."""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from datetime import timedelta
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.utils import timezone, translation

from games import deadlines
from games.engine.nmbr9 import Nmbr9State, Place
from games.events import store
from games.events.models import Event
from games.lobby import game_add_bot, game_join, game_open, game_start
from games.models import Game, Seat
from games.registry import rule_set
from games.rulesets.nmbr9 import descriptions
from games.rulesets.nmbr9.descriptions import a_digit
from games.rulesets.nmbr9.templatetags import stack_grid
from games.services import game_submit

pytestmark = pytest.mark.django_db

Login = Callable[[User], Client]
NMBR9 = rule_set("nmbr9")


def nmbr9_game(alice: User, *others: User, seed: int = 4) -> Game:
    game = game_open(
        creator=alice,
        name="Stacks",
        rules="nmbr9",
        config={"players": 1 + len(others)},
        public=True,
    )
    for other in others:
        game_join(game=game, user=other, token=game.invite_token)
    return game_start(game=game, by=alice, rng=random.Random(seed))


@pytest.fixture
def duel(alice: User, bob: User) -> Game:
    return nmbr9_game(alice, bob)


def state(game: Game) -> Nmbr9State:
    loaded: Nmbr9State = store.load(game.pk, game.rules).state
    return loaded


def last(game: Game) -> int:
    game.refresh_from_db()
    return game.last_sequence


def post(client: Client, game: Game, key: str = "", **fields: Any) -> Any:
    data = {
        "form": "place",
        "place-expected_sequence": str(last(game)),
        "place-idempotency_key": key or f"k{last(game)}{fields}".replace(" ", ""),
        **{f"place-{name}": str(value) for name, value in fields.items()},
    }
    return client.post(f"/games/{game.pk}/move/", data, HTTP_HX_REQUEST="true")


def place(client: Client, game: Game, action: Place) -> Any:
    return post(client, game, x=action.x, y=action.y, turn=action.turn)


def greedy(game: Game, seat: int) -> Place:
    """A good legal placement for ``seat`` now (the engine's bot's)."""
    action = NMBR9.bot_action(state(game), seat, random.Random(0))
    assert isinstance(action, Place)
    return action


def page_of(client: Client, game: Game, **headers: str) -> str:
    return str(client.get(f"/games/{game.pk}/", **headers).content.decode())


def play_cards(game: Game, clients: dict[int, Client], cards: int) -> None:
    """Every seat places ``cards`` cards through the table's form, the bot's placement."""
    for _card in range(cards):
        for seat, client in clients.items():
            assert place(client, game, greedy(game, seat)).status_code == 200


# The lobby --------------------------------------------------------------------------------


def test_the_lobby_opens_an_nmbr9_game_for_one_to_four(alice: User, as_user: Login) -> None:
    client = as_user(alice)
    form = client.get("/games/new/?game=nmbr9").content.decode()
    assert 'name="players"' in form and '<option value="1"' in form
    response = client.post(
        "/games/new/?game=nmbr9", {"name": "Solo", "players": "1", "deadline_policy": "bot"}
    )
    game = Game.objects.get(name="Solo")
    assert response.status_code == 302
    assert (game.rules, game.config) == ("nmbr9", {"players": 1})
    response = client.post(
        "/games/new/?game=nmbr9", {"name": "Crowd", "players": "5", "deadline_policy": "pass"}
    )
    assert response.status_code == 400 and not Game.objects.filter(name="Crowd").exists()


# What the table shows ------------------------------------------------------------------------


def test_the_table_shows_the_card_the_cards_to_come_and_a_placement_form(
    alice: User, duel: Game, as_user: Login
) -> None:
    now = state(duel)
    page = page_of(as_user(alice), duel)
    assert f'<span class="n9-card" aria-label="The card turned up: {now.card}">' in page
    assert f"Card 1 of 20: everyone places {a_digit(now.card)}." in page
    assert "19 cards still face down:" in page
    # The card turned up is one of its digit's two: one of that digit is left to come.
    assert f'<span class="n9-left">{now.card}</span>' in page
    assert f"Your turn.</strong> Card 1 of 20 is {a_digit(now.card)}: place your tile." in page
    assert f"Place your {now.card}" in page and 'name="place-x"' in page
    assert page.count('name="place-turn"') == 4
    assert "Your first tile goes at 0,0" in page


def test_both_seats_are_awaited_at_once_and_each_is_told_so(
    alice: User, bob: User, duel: Game, as_user: Login
) -> None:
    pages = [page_of(as_user(alice), duel), page_of(as_user(bob), duel)]
    for page, other in zip(pages, ("bob", "alice"), strict=True):
        assert "Your turn." in page and f"Also waiting for {other}." in page
        assert page.count('<span class="badge">to play</span>') == 2
    assert place(as_user(alice), duel, greedy(duel, 0)).status_code == 200
    mine, theirs = page_of(as_user(alice), duel), page_of(as_user(bob), duel)
    assert "Your turn." not in mine and "Waiting for bob." in mine
    assert "Your turn." in theirs and "has placed this card" in theirs
    assert 'name="place-x"' not in mine and 'name="place-x"' in theirs


def test_the_stacks_are_drawn_with_digits_levels_and_coordinates(
    alice: User, bob: User, mallory: User, duel: Game, as_user: Login
) -> None:
    clients = {0: as_user(alice), 1: as_user(bob)}
    play_cards(duel, clients, 6)
    now = state(duel)
    page = page_of(as_user(mallory), duel)
    for seat in (0, 1):
        tiles = now.stacks[seat].tiles
        assert f"A stack of {len(tiles)} tiles" in page
        for tile in tiles:
            assert f"{tile.digit} on level {tile.level} at" in page
        points = sum(tile.points for tile in tiles)
        assert f"{points} point{'' if points == 1 else 's'} so far" in page
    # A square shows the digit on top and, small, its level; the axes carry coordinates.
    assert re.search(r'class="sq lv\d[^"]*" title="\d on level \d at [^"]+">\d<sub>\d</sub>', page)
    assert '<span class="axis">0</span>' in page


def test_a_drawn_stack_shows_each_square_of_each_tile_on_top() -> None:
    """Two 0s side by side and a 1 bridging them on level 1: every square covered shows, the
    1's squares on level 1, the rest on level 0, and a tile's outline runs where tiles meet."""
    tiles = [
        {"digit": 0, "x": 0, "y": 0, "turn": 0, "level": 0},
        {"digit": 0, "x": 3, "y": 0, "turn": 0, "level": 0},
        {"digit": 1, "x": 2, "y": 0, "turn": 0, "level": 1},
    ]
    html = str(stack_grid(tiles))
    squares = re.findall(r'title="(\d) on level (\d) at ([^"]+)"', html)
    assert len(squares) == 20 - 5 + 5
    assert squares.count(("1", "1", "3,1")) == 1 and ("0", "0", "2,1") in squares
    assert sum(1 for digit, level, _at in squares if level == "1") == 5
    assert "A stack of 3 tiles, 2 levels high" in html


# Placing ------------------------------------------------------------------------------------


def test_a_placement_posted_from_the_form_is_recorded(
    alice: User, duel: Game, as_user: Login
) -> None:
    card = state(duel).card
    response = post(as_user(alice), duel, x=0, y=0, turn=90)
    assert response.status_code == 200
    recorded = Event.objects.get(game=duel, type="place", seat=0).payload
    assert (recorded["digit"], recorded["x"], recorded["y"], recorded["turn"]) == (card, 0, 0, 90)
    assert recorded["effects"]["level"] == 0


def test_an_illegal_placement_is_refused_with_its_rule_and_writes_nothing(
    alice: User, bob: User, duel: Game, as_user: Login
) -> None:
    client = as_user(alice)
    events = Event.objects.count()
    response = post(client, duel, x=2, y=0, turn=0)
    assert response.status_code == 400
    origin = "Your first tile lies with the top-left corner of its box at 0,0"
    assert origin in response.content.decode()
    assert Event.objects.count() == events
    play_cards(duel, {0: client, 1: as_user(bob)}, 1)
    events = Event.objects.count()
    # Far from the first tile: it touches no tile of level 0.
    response = post(client, duel, x=20, y=20, turn=0)
    page = response.content.decode()
    assert response.status_code == 400 and 'role="alert"' in page
    assert "A tile shares an edge with a tile of its own level" in page
    # Half on the first tile, half on the table: a square over a gap.
    response = post(client, duel, x=1, y=2, turn=0)
    assert response.status_code == 400
    assert "A tile lies flat" in response.content.decode()
    # Out of the form's bounds, or not a turn: the form refuses it.
    for bad in ({"x": 999, "y": 0, "turn": 0}, {"x": 0, "y": 0, "turn": 45}, {"x": "a", "y": 0}):
        assert post(client, duel, **bad).status_code == 400
    assert Event.objects.count() == events


def test_a_french_refusal_names_the_rule_in_french(alice: User, duel: Game, as_user: Login) -> None:
    client = as_user(alice)
    data = {
        "form": "place",
        "place-expected_sequence": str(last(duel)),
        "place-idempotency_key": "fr1",
        "place-x": "3",
        "place-y": "0",
        "place-turn": "0",
    }
    response = client.post(
        f"/games/{duel.pk}/move/", data, HTTP_HX_REQUEST="true", HTTP_ACCEPT_LANGUAGE="fr"
    )
    assert response.status_code == 400
    page = response.content.decode()
    assert "Votre première tuile" in page  # the rule
    assert "la première tuile va en 0,0, pas en 3,0" in page  # what was wrong


def test_the_next_card_turns_up_once_everyone_has_placed(
    alice: User, bob: User, duel: Game, as_user: Login
) -> None:
    first = state(duel).card
    play_cards(duel, {0: as_user(alice), 1: as_user(bob)}, 1)
    now = state(duel)
    page = page_of(as_user(alice), duel)
    assert f"Card 2 of 20: everyone places {a_digit(now.card)}." in page
    history = re.findall(r"<li value=\"\d+\">([^<]*)</li>", page)
    assert any(f"Card 2 of 20 is turned up: {a_digit(now.card)}." in said for said in history)
    assert any(f"place {a_digit(first)} at 0,0" in said for said in history)


def test_both_players_placing_from_the_same_page_are_both_recorded(
    alice: User, bob: User, duel: Game, as_user: Login
) -> None:
    """Both tables were drawn at the same event; Bob's placement, posted second from his
    page, is not refused: Alice's placement was hidden from him."""
    seen = last(duel)
    moves = {0: greedy(duel, 0), 1: greedy(duel, 1)}
    for seat, user in ((0, alice), (1, bob)):
        action = moves[seat]
        data = {
            "form": "place",
            "place-expected_sequence": str(seen),
            "place-idempotency_key": f"page-{seat}",
            "place-x": str(action.x),
            "place-y": str(action.y),
            "place-turn": str(action.turn),
        }
        response = as_user(user).post(f"/games/{duel.pk}/move/", data, HTTP_HX_REQUEST="true")
        assert response.status_code == 200, response.content.decode()[:300]
    assert state(duel).turned == 2


# Secret placements ------------------------------------------------------------------------------


def test_a_placement_stays_secret_from_the_other_seat_and_spectators_until_all_have_placed(
    alice: User, bob: User, mallory: User, duel: Game, as_user: Login
) -> None:
    clients = {0: as_user(alice), 1: as_user(bob)}
    play_cards(duel, clients, 2)
    secret = greedy(duel, 0)
    assert place(clients[0], duel, secret).status_code == 200
    where = descriptions.square(secret.x, secret.y)
    placed = f"place {a_digit(secret.digit)} at {where}, turned {secret.turn}°"
    mine = page_of(clients[0], duel)
    assert placed in mine and "Your tile of this card is outlined" in mine
    hidden_tiles = len(state(duel).stacks[0].tiles) - 1
    for client in (clients[1], as_user(mallory)):
        for headers in ({}, {"HTTP_HX_REQUEST": "true"}):
            page = page_of(client, duel, **headers)
            assert placed not in page
            assert "where stays secret until everyone has placed" in page
            assert f"A stack of {hidden_tiles} tiles" in page
            assert f"A stack of {hidden_tiles + 1} tiles" not in page
        seen = client.get(f"/api/games/{duel.pk}/").json()["state"]
        assert len(seen["stacks"][0]) == hidden_tiles
        events = client.get(f"/api/games/{duel.pk}/events/", {"limit": 500}).json()["results"]
        newest = [e for e in events if e["seat"] == 0][-1]["action"]
        assert "x" not in newest and "turn" not in newest
        history = client.get(f"/games/{duel.pk}/history/").content.decode()
        assert placed not in history
    # Bob places: both are revealed together, and the next card turns up.
    assert place(clients[1], duel, greedy(duel, 1)).status_code == 200
    for client in (clients[1], as_user(mallory)):
        page = page_of(client, duel)
        assert placed in page and f"A stack of {hidden_tiles + 1} tiles" in page


# Bots, the end, the replay --------------------------------------------------------------------


def test_bots_place_each_card_as_soon_as_it_turns_up(
    alice: User,
    as_user: Login,
    django_capture_on_commit_callbacks: Callable[..., object],
) -> None:
    game = game_open(creator=alice, name="With bots", rules="nmbr9", config={"players": 3})
    game_add_bot(game=game, by=alice)
    game_add_bot(game=game, by=alice)
    game = game_start(game=game, by=alice, rng=random.Random(5))
    with django_capture_on_commit_callbacks(execute=True):  # type: ignore[operator]
        assert place(as_user(alice), game, greedy(game, 0)).status_code == 200
    # The bots placed the first card too, then the second as it turned up: Alice's turn.
    now = state(game)
    assert now.turned == 2 and now.placed == (False, True, True)
    page = page_of(as_user(alice), game)
    assert "Your turn." in page and "Also waiting for" not in page


def test_a_solo_game_turns_the_next_card_after_each_placement(alice: User, as_user: Login) -> None:
    game = nmbr9_game(alice)
    client = as_user(alice)
    for card in range(1, 4):
        assert state(game).turned == card
        assert place(client, game, greedy(game, 0)).status_code == 200
    page = page_of(client, game)
    assert "Card 4 of 20" in page and "Your turn." in page
    assert "A stack of 3 tiles" in page
    assert "moves by" not in page  # opened without a deadline


def finish(game: Game) -> Game:
    """Play the game out, each seat placing the greedy bot's tile (so stacks grow levels)."""
    while last(game) and game.status != Game.Status.FINISHED:
        seat = min(NMBR9.awaiting(state(game)))
        game_submit(
            game_id=game.pk, seat=seat, action=greedy(game, seat), expected_sequence=last(game)
        )
    return game


def test_a_finished_game_is_scored_in_points_by_level_and_replayed_step_by_step(
    alice: User, duel: Game, client: Client, as_user: Login
) -> None:
    game = finish(duel)
    final = as_user(alice).get(f"/games/{game.pk}/").content.decode()
    assert "Final scores" in final and "tiles on level 1" in final
    assert "The cards, in the order they turned up" in final
    alices = sum(tile.points for tile in state(game).stacks[0].tiles)
    assert re.search(rf'<span class="score">{alices} points?', final)
    for step in (2, 9):
        page = client.get(f"/games/{game.pk}/replay/", {"step": step}).content.decode()
        then = store.load(game.pk, game.rules, upto=step).state
        for stack in then.stacks:
            if stack.tiles:
                assert f"A stack of {len(stack.tiles)} tile" in page
    assert client.get(f"/games/{game.pk}/replay/", {"step": "x"}).status_code == 400


def test_a_finished_games_replay_shows_a_placement_without_calling_it_secret(
    duel: Game, client: Client
) -> None:
    """Once the game is over the replay draws every tile at every step, the tile of a card
    only one player has placed too: "where stays secret" would contradict the board."""
    game = finish(duel)
    halfway = next(
        step
        for step in range(2, last(game))
        if sum(store.load(game.pk, game.rules, upto=step).state.placed) == 1
    )
    page = client.get(f"/games/{game.pk}/replay/", {"step": halfway}).content.decode()
    assert "has placed this card" in page and "stays secret" not in page


def digits_after(page: str, words: str) -> list[int]:
    """The cards a page lists in the paragraph that opens with ``words``."""
    found = re.search(rf"{re.escape(words)}(.*?)</p>", page, re.S)
    assert found, words
    return [int(digit) for digit in re.findall(r'<span class="n9-left">(\d)</span>', found[1])]


def test_a_finished_games_replay_tells_the_cards_turned_up_from_those_still_to_come(
    duel: Game, client: Client
) -> None:
    """The replay of a finished game shows the whole order of the cards at every step (the
    game is over); halfway it says which had turned up by then and which were still to
    come, in their order, not the whole deck as "the order they turned up"."""
    game = finish(duel)
    then = store.load(game.pk, game.rules, upto=9).state
    page = client.get(f"/games/{game.pk}/replay/", {"step": 9}).content.decode()
    assert digits_after(page, "Turned up so far:") == list(then.deck[: then.turned])
    assert digits_after(page, "Still face down, in the order they turn up:") == list(
        then.deck[then.turned :]
    )
    assert "in the order they turned up" not in page
    final = client.get(f"/games/{game.pk}/replay/").content.decode()
    assert digits_after(final, "The cards, in the order they turned up</h2>") == list(then.deck)
    assert "Still face down" not in final


def test_a_finished_game_says_its_final_points_not_points_so_far(
    duel: Game, client: Client
) -> None:
    """At the end (its table, its replay's last step) each player's points are final: no
    "so far" beside "· winner", and no empty list of the cards "still face down"."""
    game = finish(duel)
    for page in (
        client.get(f"/games/{game.pk}/").content.decode(),
        client.get(f"/games/{game.pk}/replay/").content.decode(),
    ):
        assert "Final scores" in page
        assert "so far" not in page
        assert "still face down" not in page
    halfway = client.get(f"/games/{game.pk}/replay/", {"step": 9}).content.decode()
    assert "so far" in halfway and "still face down" in halfway


def test_a_players_box_speaks_of_their_placement_only_while_they_place(
    alice: User, as_user: Login
) -> None:
    """The player's own box sends them to their stack, drawn below: beside the placement
    while they place, alone once the game is over (no placement left to be beside)."""
    game = nmbr9_game(alice)
    assert "Your stack is drawn below, beside your placement." in page_of(as_user(alice), game)
    final = page_of(as_user(alice), finish(game))
    assert "Your stack is drawn below." in final and "beside your placement" not in final


def test_a_finished_solo_game_shows_its_score_and_no_winner(alice: User, as_user: Login) -> None:
    """A solo game is played for points: it ends with a score, not a win."""
    game = finish(nmbr9_game(alice))
    points = sum(tile.points for tile in state(game).stacks[0].tiles)
    final = page_of(as_user(alice), game)
    assert "Final scores" in final and "Won by" not in final and "winner" not in final
    assert re.search(rf'<span class="score">{points} points?</span>', final)
    assert f"The game is over: {points} point" in final
    assert not game.seats.get(number=0).winner
    with translation.override("fr"):
        ended = {"type": "game-ended", "seat": None, "action": {"scores": [74], "winners": []}}
        said = descriptions.event(ended, ["Alice"], 0)
        assert said == "La partie est terminée\u00a0: 74 points."


def test_a_game_of_two_that_names_no_winner_says_so() -> None:
    """At a table where nobody made a move of their own, the site names no winner
    (games.results): the end is said so, not as a solo game's score. Failed before: a
    500, two scores read as a solo game's one."""
    ended = {"type": "game-ended", "seat": None, "action": {"scores": [74, 60], "winners": []}}
    assert descriptions.event(ended, ["Alice", "Bob"], 0) == "The game is over, with no winner."


def test_a_player_replays_an_unfinished_game_in_their_own_view(
    alice: User, bob: User, duel: Game, as_user: Login
) -> None:
    clients = {0: as_user(alice), 1: as_user(bob)}
    play_cards(duel, clients, 1)
    secret = greedy(duel, 0)
    place(clients[0], duel, secret)
    step = last(duel)
    mine = clients[0].get(f"/games/{duel.pk}/replay/", {"step": step}).content.decode()
    theirs = clients[1].get(f"/games/{duel.pk}/replay/", {"step": step}).content.decode()
    assert "A stack of 2 tiles" in mine
    assert "A stack of 2 tiles" not in theirs and "A stack of 1 tile" in theirs


def test_replaying_an_unfinished_game_a_placement_stays_secret_at_the_steps_it_was(
    alice: User, bob: User, duel: Game, as_user: Login
) -> None:
    """Bob places the first card, then Alice: at the step of Bob's placement Alice's replay
    says where it stays secret, as her table did then and as its board at that step does,
    not where Bob put the tile (which she learnt only once she had placed hers)."""
    clients = {0: as_user(alice), 1: as_user(bob)}
    his = greedy(duel, 1)
    place(clients[1], duel, his)
    step = last(duel)
    place(clients[0], duel, greedy(duel, 0))
    page = clients[0].get(f"/games/{duel.pk}/replay/", {"step": step}).content.decode()
    assert "where stays secret until everyone has placed" in page
    assert f"at {his.x},{his.y}" not in page
    later = clients[0].get(f"/games/{duel.pk}/replay/", {"step": last(duel)}).content.decode()
    assert "where stays secret" not in later


# Words ---------------------------------------------------------------------------------------


def test_words_in_english_and_french() -> None:
    names = ["Alice", "Bob"]
    place_7 = {"type": "place", "digit": 7, "x": 3, "y": -2, "turn": 90}
    entry = {
        "type": "place",
        "seat": 1,
        "action": {**place_7, "effects": {"card": 4, "level": 2}},
        "facts": {"card": 5},
    }
    assert descriptions.action(place_7, names) == "place a 7 at 3,\u22122, turned 90°"
    assert descriptions.event(entry, names, 0) == (
        "Bob: place a 7 at 3,\u22122, turned 90°. It lies on level 2: 14 points. "
        "Card 5 of 20 is turned up: a 5."
    )
    assert descriptions.score_rule("nmbr9.level-3") == "tiles on level 3"
    # An 8 is "an 8", in the history, the table and the mail (the game has two).
    place_8 = {**place_7, "digit": 8}
    assert descriptions.action(place_8, names) == "place an 8 at 3,\u22122, turned 90°"
    assert descriptions.card_turned(2, 8) == "Card 2 of 20 is turned up: an 8."
    assert [a_digit(digit) for digit in (0, 7, 8, 9)] == ["a 0", "a 7", "an 8", "a 9"]
    assert descriptions.config({"players": 1}) == "solo (beat your own best)"
    with translation.override("fr"):
        assert descriptions.action(place_7, names) == "poser un 7 en 3,\u22122, tourné de 90°"
        assert descriptions.event(entry, names, 1).startswith("Vous\u00a0: poser un 7")
        assert "Carte 5 sur 20 retournée\u00a0: un 5." in descriptions.event(entry, names, 1)
        assert descriptions.score_rule("nmbr9.level-3") == "tuiles du niveau 3"
        assert descriptions.card_turned(2, 8) == "Carte 2 sur 20 retournée\u00a0: un 8."
        # "poser un 8 … Elle repose" would be the 8 (masculine) as "she": the tile it is.
        assert descriptions.landed(8, 2) == "La tuile repose au niveau 2\u00a0: 16 points."
        assert descriptions.landed(8, 0).startswith("La tuile repose sur la table")
        hidden = {"type": "place", "digit": 7}
        assert "secret" in descriptions.action(hidden, names)


def test_the_table_speaks_french(alice: User, duel: Game, as_user: Login) -> None:
    page = page_of(as_user(alice), duel, HTTP_ACCEPT_LANGUAGE="fr")
    assert "Posez votre" in page and "Colonne (x)" in page and "Votre pile" in page


# The clock ---------------------------------------------------------------------------------------


def test_the_last_to_place_starts_a_fresh_clock_for_the_next_card(
    alice: User, bob: User, duel: Game, as_user: Login
) -> None:
    """Bob places the first card last, a day after it turned up: he is awaited again at
    once for the second card, and his time for it starts then, not a day ago."""
    a_day_ago = timezone.now() - timedelta(days=1)
    Seat.objects.filter(game=duel).update(awaited_since=a_day_ago)
    play_cards(duel, {0: as_user(alice), 1: as_user(bob)}, 1)
    for seat in duel.seats.all():
        assert seat.awaited and seat.awaited_since is not None
        assert seat.awaited_since > a_day_ago + timedelta(hours=23), seat.name


def test_for_an_absent_player_the_greedy_bot_places_whatever_the_policy(
    bob: User, duel: Game, as_user: Login
) -> None:
    """NMBR 9 has no pass: a table whose policy is "an automatic pass" gets the bot's
    placement for a player whose time ran out, recorded with its reason."""
    assert duel.deadline_policy == Game.DeadlinePolicy.PASS
    assert deadlines.play_for_absent(duel, 1)
    (placed,) = Event.objects.filter(game=duel, type="place", seat=1)
    assert placed.payload["reason"] == "bot" and placed.payload["digit"] == state(duel).card
    page = page_of(as_user(bob), duel)
    assert "(played by a bot for an absent player)" in page
