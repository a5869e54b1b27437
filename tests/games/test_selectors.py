"""What leaves the store for a person: per-seat views and the redacted event log."""

import json
import random

import pytest
from django.contrib.auth.models import User
from django.db import connection
from django.test.utils import CaptureQueriesContext

from games.bots import bot_seats, play_bot_move
from games.engine.numx import Phase, legal_actions
from games.events import store
from games.events.models import Event
from games.models import Game, GameMute, StandingOrder
from games.selectors import (
    event_log,
    game_and_seats,
    game_view,
    seat_of,
    seats_of,
    table_seats,
)
from games.services import SeatSpec, game_create, game_submit

pytestmark = pytest.mark.django_db


@pytest.fixture
def game() -> Game:
    return game_create(
        name="g",
        config={"players": 3, "mode": "speed-run"},
        seats=bot_seats(3, automatic=False),
        rng=random.Random(6),
    )


def play_until(game: Game, done: object, seed: int = 1) -> None:
    rng = random.Random(seed)
    while not done():  # type: ignore[operator]
        assert play_bot_move(game, rng), "the game ended first"


def deck_order(game: Game) -> list[str]:
    return Event.objects.get(game=game, type="deal").payload["order"]


def hidden_cards_in(text: str, game: Game, viewer: int | None) -> set[str]:
    """Cards of other hands and of the pile named in ``text``, unless public elsewhere."""
    state = store.load(game.pk, game.rules).state
    public = json.dumps(game_view(game, None))
    secret = {c.face.text for seat, hand in enumerate(state.hands) if seat != viewer for c in hand}
    secret |= {c.face.text for c in state.pile}
    return {name for name in secret if f'"{name}"' in text and f'"{name}"' not in public}


def test_no_player_or_spectator_sees_the_deck_order_while_the_game_runs(game: Game) -> None:
    play_until(game, lambda: Event.objects.filter(game=game).count() > 40)
    for viewer in (0, 1, 2, None):
        log = event_log(game, viewer)
        deal = next(entry for entry in log if entry["type"] == "deal")
        assert deal["action"]["cards"] == 125 and "order" not in deal["action"]
        text = json.dumps(log) + json.dumps(game_view(game, viewer))
        assert not hidden_cards_in(text, game, viewer)


def test_picks_stay_secret_until_everyone_has_picked(game: Game) -> None:
    play_until(game, lambda: Event.objects.filter(game=game, type="pick").count() == 2)
    first = Event.objects.filter(game=game, type="pick").first()
    assert first is not None and first.seat is not None
    other = (first.seat + 1) % 3
    mine = next(e for e in event_log(game, first.seat) if e["sequence"] == first.sequence)
    theirs = next(e for e in event_log(game, other) if e["sequence"] == first.sequence)
    assert mine["action"] == first.payload and theirs["action"] == {"type": "pick"}
    play_until(game, lambda: Event.objects.filter(game=game, type="pick").count() == 3)
    revealed = next(e for e in event_log(game, other) if e["sequence"] == first.sequence)
    assert revealed["action"] == first.payload


def test_a_drawn_card_is_shown_to_its_drawer_only(game: Game) -> None:
    play_until(game, lambda: Event.objects.filter(game=game, type="draw").exists())
    draw = Event.objects.get(game=game, type="draw")
    assert draw.seat is not None
    card = draw.payload["facts"]["from_pile"][str(draw.seat)]
    for viewer in (0, 1, 2, None):
        entry = next(e for e in event_log(game, viewer) if e["sequence"] == draw.sequence)
        expected = card if viewer == draw.seat else [None]
        assert entry["facts"]["from_pile"][str(draw.seat)] == expected


def test_face_down_score_cards_are_shown_only_to_the_player_who_placed_them(game: Game) -> None:
    def face_down_given() -> bool:
        return any(
            not p["face_up"]
            for e in Event.objects.filter(game=game, type="distribute")
            for p in e.payload["placements"]
        )

    play_until(game, face_down_given, seed=5)
    event = next(
        e
        for e in Event.objects.filter(game=game, type="distribute")
        if any(not p["face_up"] for p in e.payload["placements"])
    )
    for viewer in (0, 1, 2, None):
        entry = next(e for e in event_log(game, viewer) if e["sequence"] == event.sequence)
        cards = [p["card"] for p in entry["action"]["placements"] if not p["face_up"]]
        assert all(cards) if viewer == event.seat else not any(cards)


def test_everything_is_revealed_once_the_game_is_over(game: Game) -> None:
    play_until(game, lambda: Game.objects.get(pk=game.pk).status == Game.Status.FINISHED)
    log = event_log(game, None)
    assert next(e for e in log if e["type"] == "deal")["action"]["order"] == deck_order(game)
    view = game_view(game, None)
    assert view["phase"] == Phase.GAME_OVER.value and all(h is not None for h in view["hands"])
    assert log[-1]["type"] == "game-ended" and log[-1]["action"]["scores"]


def test_a_player_sees_their_own_hand_and_nobody_elses(game: Game) -> None:
    view = game_view(game, 1)
    assert view["sequence"] == 2
    assert view["hands"][1] is not None and view["hands"][0] is None and view["hands"][2] is None
    assert view["pile"] is None


def test_my_games_list_games_awaiting_me_then_running_then_finished_latest_first() -> None:
    alice = User.objects.create_user("alice")

    def alices_game(name: str, seat: int) -> Game:
        seats = [SeatSpec("B"), SeatSpec("B")]
        seats[seat] = SeatSpec("A", alice)
        config = {"players": 2, "mode": "speed-run"}
        return game_create(name=name, config=config, seats=seats, rng=random.Random(3))

    waiting = alices_game("waiting", 0)
    running = alices_game("running", 1)
    loaded = store.load(running.pk, running.rules)
    pick = next(iter(legal_actions(loaded.state, 1)))
    game_submit(game_id=running.pk, seat=1, action=pick, expected_sequence=2, actor=alice)

    def play_to_the_end(name: str) -> None:
        game = alices_game(name, 0)
        play_until(game, lambda: Game.objects.get(pk=game.pk).finished_at is not None)

    # Finished after the others moved: the most recent moves of all, and still listed last.
    play_to_the_end("older")
    play_to_the_end("newer")

    assert [seat.game.name for seat in seats_of(alice)] == ["waiting", "running", "newer", "older"]
    assert seat_of(waiting, alice) == 0 and seat_of(running, alice) == 1
    assert seat_of(waiting, User.objects.create_user("bob")) is None


def hidden_effect_cards(game: Game) -> list[Event]:
    """Events whose recorded effects name a face-down card that some seat does not know."""
    return [
        event
        for event in Event.objects.filter(game=game, payload__has_key="effects")
        for kind in ("turned", "moved", "placed")
        for entry in event.payload["effects"].get(kind, [])
        if not entry["face_up"] and len(entry["known_to"]) < 3
    ]


def test_effects_name_face_down_cards_only_to_the_seats_that_know_them(game: Game) -> None:
    play_until(game, lambda: bool(hidden_effect_cards(game)))
    event = hidden_effect_cards(game)[0]
    recorded = event.payload["effects"]
    hidden = 0
    for viewer in (0, 1, 2, None):
        entry = next(e for e in event_log(game, viewer) if e["sequence"] == event.sequence)
        seen = entry["action"]["effects"]
        assert seen.keys() == recorded.keys()
        for kind, entries in recorded.items():
            if kind not in ("turned", "moved", "placed"):
                assert seen[kind] == entries  # removed cards, blocks and locks are public
                continue
            for mine, theirs in zip(entries, seen[kind], strict=True):
                known = mine["face_up"] or viewer in mine.get("known_to", ())
                assert theirs == (mine if known else {**mine, "card": None})
                hidden += not known
    assert hidden
    play_until(game, lambda: Game.objects.get(pk=game.pk).status == Game.Status.FINISHED)
    entry = next(e for e in event_log(game, None) if e["sequence"] == event.sequence)
    assert entry["action"]["effects"] == recorded


def test_the_table_s_seats_carry_the_game_their_mute_and_their_orders(
    duel: Game, alice: User, bob: User
) -> None:
    GameMute.objects.create(game=duel, user=bob)
    StandingOrder.objects.create(
        seat=duel.seats.get(number=0), kind=StandingOrder.Kind.PASS, trick=4, round_no=1
    )
    found = game_and_seats(duel.pk)
    assert found is not None
    game, seats = found
    assert game == duel and [seat.number for seat in seats] == [0, 1]
    assert all(seat.game is game for seat in seats)
    assert [seat.muted for seat in seats] == [False, True]
    assert [seat.orders for seat in seats] == [{StandingOrder.Kind.PASS: (1, 4)}, {}]
    assert game_and_seats(duel.pk + 1000) is None


def test_the_table_s_seats_are_read_in_as_many_queries_however_many_there_are() -> None:
    counts = []
    for players in (2, 6):
        game = game_create(
            name="Seats",
            config={"players": players, "mode": "speed-run"},
            seats=bot_seats(players, automatic=False),
            rng=random.Random(1),
        )
        for seat in game.seats.all():
            StandingOrder.objects.create(seat=seat, kind="pass", trick=1, round_no=1)
        with CaptureQueriesContext(connection) as queries:
            assert len(table_seats(game)) == players
        counts.append(len(queries.captured_queries))
    assert counts[0] == counts[1]
