"""Commands: creating games and submitting moves through the event store."""

import random
import re

import pytest
from django.contrib.auth.models import User
from django.db import connection
from django.test.utils import CaptureQueriesContext

from games.bots import bot_seats, play_bot_move
from games.engine.numx import IllegalAction, legal_actions, parse_action
from games.events import store
from games.events.models import Event
from games.models import Game, Seat
from games.registry import rule_set
from games.services import (
    Conflict,
    KeyReused,
    NotSeated,
    SeatSpec,
    Submitted,
    game_create,
    game_submit,
)

pytestmark = pytest.mark.django_db


@pytest.fixture
def game(alice: User) -> Game:
    return game_create(
        name="Friday game",
        config={"players": 2, "mode": "speed-run"},
        seats=[SeatSpec("Alice", user=alice), SeatSpec("Bot", is_bot=True)],
        created_by=alice,
        rng=random.Random(4),
    )


def state_of(game: Game) -> store.StateAt:
    return store.load(game.pk, game.rules)


def a_pick(game: Game, seat: int) -> object:
    return next(iter(legal_actions(state_of(game).state, seat)))


def test_creating_a_game_seats_its_players_and_deals(game: Game, alice: User) -> None:
    assert game.status == Game.Status.RUNNING and game.phase == "opening-pick"
    assert list(game.seats.values_list("number", "name", "user", "is_bot")) == [
        (0, "Alice", alice.pk, False),
        (1, "Bot", None, True),
    ]
    assert list(game.seats.values_list("awaited", flat=True)) == [True, True]
    assert Event.objects.filter(game=game).count() == 2


def test_a_game_needs_one_seat_per_player_and_a_configuration_the_rules_allow() -> None:
    with pytest.raises(ValueError, match="need as many seats"):
        game_create(name="x", config={"players": 3}, seats=bot_seats(2))
    with pytest.raises(ValueError, match="2 to 6 players"):
        game_create(name="x", config={"players": 7}, seats=bot_seats(7))
    assert not Game.objects.exists()


def test_a_legal_move_is_recorded_with_its_seat_and_actor(game: Game, alice: User) -> None:
    action = a_pick(game, 0)
    submitted = game_submit(
        game_id=game.pk, seat=0, action=action, expected_sequence=2, actor=alice
    )
    event = Event.objects.get(game=game, sequence=3)
    assert (event.type, event.seat, event.actor_id) == ("pick", 0, alice.pk)
    assert submitted.sequence == 3 and not submitted.duplicate
    game.refresh_from_db()
    assert game.last_sequence == 3 and game.awaiting == [1]
    assert list(game.seats.values_list("awaited", flat=True)) == [False, True]


def test_an_illegal_move_is_refused_with_its_rule_and_writes_nothing(game: Game) -> None:
    with pytest.raises(IllegalAction) as error:
        game_submit(game_id=game.pk, seat=0, action=parse_action("pass"), expected_sequence=2)
    assert error.value.rule == "game.phase"
    assert Event.objects.filter(game=game).count() == 2
    game.refresh_from_db()
    assert game.last_sequence == 2


def picks_made(game: Game) -> store.StateAt:
    """Both seats make their secret opening pick: the game is then played in turn."""
    for seat in (0, 1):
        game_submit(
            game_id=game.pk, seat=seat, action=a_pick(game, seat), expected_sequence=2 + seat
        )
    return state_of(game)


def test_a_move_made_on_an_old_view_of_the_game_is_a_conflict(game: Game) -> None:
    seen = picks_made(game)
    (starter,) = rule_set("numx").awaiting(seen.state)
    game_submit(
        game_id=game.pk, seat=starter, action=a_pick(game, starter), expected_sequence=seen.sequence
    )
    now = state_of(game)
    other = 1 - starter
    with pytest.raises(Conflict) as error:
        game_submit(
            game_id=game.pk, seat=other, action=a_pick(game, other), expected_sequence=seen.sequence
        )
    assert error.value.sequence == now.sequence
    assert error.value.state == now.state
    assert Event.objects.filter(game=game).count() == now.sequence


def test_a_secret_pick_made_while_the_other_seat_picked_is_recorded(game: Game) -> None:
    """Both seats were asked at event 2; the first pick recorded is hidden from the other
    seat and changes nothing it may choose, so the second pick, made from event 2, counts."""
    game_submit(game_id=game.pk, seat=0, action=a_pick(game, 0), expected_sequence=2)

    second = game_submit(game_id=game.pk, seat=1, action=a_pick(game, 1), expected_sequence=2)

    assert not second.duplicate
    assert [e.seat for e in Event.objects.filter(game=game, sequence__in=(3, 4))] == [0, 1]
    game.refresh_from_db()
    assert game.phase != "opening-pick"


def test_a_seat_s_own_move_since_makes_its_old_choice_stale(game: Game) -> None:
    pick = a_pick(game, 0)
    game_submit(game_id=game.pk, seat=0, action=pick, expected_sequence=2)

    with pytest.raises(Conflict):
        game_submit(game_id=game.pk, seat=0, action=pick, expected_sequence=2)
    assert Event.objects.filter(game=game).count() == 3


def test_only_the_holder_of_a_seat_moves_for_it(game: Game) -> None:
    mallory = User.objects.create_user("mallory")
    with pytest.raises(NotSeated):
        game_submit(
            game_id=game.pk, seat=0, action=a_pick(game, 0), expected_sequence=2, actor=mallory
        )
    assert Event.objects.filter(game=game).count() == 2


def test_the_same_submission_sent_twice_is_recorded_once(game: Game, alice: User) -> None:
    action = a_pick(game, 0)
    first = game_submit(
        game_id=game.pk,
        seat=0,
        action=action,
        expected_sequence=2,
        actor=alice,
        idempotency_key="click-1",
    )
    again = game_submit(
        game_id=game.pk,
        seat=0,
        action=action,
        expected_sequence=2,
        actor=alice,
        idempotency_key="click-1",
    )
    assert again.duplicate and again.sequence == first.sequence
    assert Event.objects.filter(game=game).count() == 3


def test_an_idempotency_key_cannot_carry_another_move(game: Game) -> None:
    picks = list(legal_actions(state_of(game).state, 0))
    game_submit(game_id=game.pk, seat=0, action=picks[0], expected_sequence=2, idempotency_key="k")
    # Another pick of the same seat: the key is said to be taken, before the pick is refused.
    with pytest.raises(KeyReused):
        game_submit(
            game_id=game.pk, seat=0, action=picks[1], expected_sequence=3, idempotency_key="k"
        )
    assert Event.objects.filter(game=game).count() == 3
    # A key is the seat's own: another seat's move under the same key is its own move.
    other = game_submit(
        game_id=game.pk, seat=1, action=a_pick(game, 1), expected_sequence=3, idempotency_key="k"
    )
    assert not other.duplicate
    assert Event.objects.filter(game=game, idempotency_key="k").count() == 2


def test_an_action_card_sent_twice_is_recorded_once_with_its_effects() -> None:
    game = game_create(
        name="Cards",
        config={"players": 3, "mode": "speed-run"},
        seats=bot_seats(3, automatic=False),
        rng=random.Random(3),
    )
    rng = random.Random(3)
    rules = rule_set(game.rules)
    while True:
        loaded = state_of(game)
        seat = min(rules.awaiting(loaded.state))
        changing = [
            action
            for action in legal_actions(loaded.state, seat)
            if rules.effects(loaded.state, seat, action, rules.apply(loaded.state, seat, action))
        ]
        if changing:
            break
        assert play_bot_move(game, rng), "the game ended first"

    def send() -> Submitted:
        return game_submit(
            game_id=game.pk,
            seat=seat,
            action=changing[0],
            expected_sequence=loaded.sequence,
            idempotency_key="card-1",
        )

    first, again = send(), send()

    assert "effects" in first.events[0].payload
    assert again.duplicate and again.sequence == first.sequence


def test_milestones_and_chance_follow_the_move_that_causes_them() -> None:
    # An X-Game played to its end: round 1 ends, chance shuffles the round-2 pile, and the
    # game ends, each recorded as events right after the move that led to them.
    from games.bots import play_bot_game

    game = play_bot_game({"players": 2, "mode": "x-game"}, random.Random(8))
    types = list(Event.objects.filter(game=game).values_list("type", flat=True))
    ended = types.index("round-ended")
    assert types[ended + 1] == "shuffle" and types.count("round-ended") == 2
    assert types[-2:] == ["round-ended", "game-ended"]
    shuffle = Event.objects.get(game=game, type="shuffle")
    assert shuffle.seat == -1
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED and game.finished_at is not None
    scores = list(Seat.objects.filter(game=game).values_list("score", flat=True))
    assert scores == Event.objects.get(game=game, type="game-ended").payload["scores"]
    assert Seat.objects.filter(game=game, winner=True).exists()


def test_a_draw_records_the_card_it_took(game: Game) -> None:
    from games.bots import play_bot_move

    rng = random.Random(3)
    while not Event.objects.filter(game=game, type="draw").exists():
        assert play_bot_move(game, rng), "the bots never drew"
    draw = Event.objects.filter(game=game, type="draw").first()
    assert draw is not None
    (card,) = draw.payload["facts"]["from_pile"][str(draw.seat)]
    after = store.load(game.pk, game.rules, upto=draw.sequence).state
    assert card in [c.face.text for c in after.hands[draw.seat]]


def test_consumers_are_woken_only_once_the_move_has_committed(
    game: Game, django_capture_on_commit_callbacks: object
) -> None:
    with django_capture_on_commit_callbacks() as callbacks:  # type: ignore[operator]
        game_submit(game_id=game.pk, seat=0, action=a_pick(game, 0), expected_sequence=2)
    assert len(callbacks) == 1
    assert store.CACHE.get(game.pk) is None  # nothing remembered before the commit
    callbacks[0]()
    cached = store.CACHE.get(game.pk)
    assert cached is not None and cached.sequence == 3


def test_nothing_is_played_before_the_game_starts(alice: User) -> None:
    from games.lobby import game_open
    from games.services import NotStarted

    opened = game_open(creator=alice, name="Not yet", config={"players": 2})
    with pytest.raises(NotStarted):
        game_submit(game_id=opened.pk, seat=0, action=parse_action("pass"), expected_sequence=0)
    assert not Event.objects.filter(game=opened).exists()


def race_position(seed: int) -> tuple[Game, int, object, int, object, int]:
    """A four-player game played at random until one seat may complete the top pli out of
    turn while the seat whose turn it is may cover it: (game, completer, completion,
    coverer, cover, sequence). The same seed reaches the same position."""
    rng = random.Random(seed)
    game = game_create(
        name="Race",
        config={"players": 4, "mode": "speed-run"},
        seats=bot_seats(4, automatic=False),
        rng=random.Random(seed),
    )
    for _ in range(3000):
        loaded = state_of(game)
        state = loaded.state
        turn = state.turn  # type: ignore[attr-defined]
        covers = [a for a in legal_actions(state, turn) if str(a).startswith("play")]
        for seat in range(4):
            completions = [a for a in legal_actions(state, seat) if str(a).startswith("complete")]
            if seat != turn and completions and covers:
                return game, seat, completions[0], turn, covers[0], loaded.sequence
        seats = sorted({s for s in range(4) if legal_actions(state, s)})
        seat = rng.choice(seats)
        action = legal_actions(state, seat).sample(rng)
        game_submit(game_id=game.pk, seat=seat, action=action, expected_sequence=loaded.sequence)
    pytest.fail("no race between a completion and a cover came up")


@pytest.mark.parametrize("completion_first", [True, False])
def test_a_completion_and_a_cover_race_and_the_first_recorded_wins(
    completion_first: bool,
) -> None:
    """docs/rules.md: out-of-turn completion is accepted until the pli is covered; when the
    two race, the first recorded wins and the other is refused with the current state."""
    game, completer, completion, coverer, cover, sequence = race_position(seed=5)
    moves = [(completer, completion), (coverer, cover)]
    (first_seat, first), (second_seat, second) = moves if completion_first else moves[::-1]

    won = game_submit(game_id=game.pk, seat=first_seat, action=first, expected_sequence=sequence)
    with pytest.raises(Conflict) as lost:
        game_submit(game_id=game.pk, seat=second_seat, action=second, expected_sequence=sequence)

    assert lost.value.sequence == won.sequence and lost.value.state == won.state
    recorded = Event.objects.get(game=game, sequence=sequence + 1)
    assert recorded.seat == first_seat
    assert not Event.objects.filter(game=game, seat=second_seat, sequence__gt=sequence).exists()


def _event_reads(queries: CaptureQueriesContext) -> list[str]:
    return [
        q["sql"]
        for q in queries.captured_queries
        if q["sql"].startswith("SELECT") and re.search(r'FROM "?games_event\b', q["sql"])
    ]


def test_a_move_on_a_game_this_process_holds_up_to_date_reads_no_events(game: Game) -> None:
    """The game row's last event number says whether the process's cached state is
    current; when it is, the move reads no events."""
    store.CACHE.put(game.pk, store.load(game.pk, game.rules, cache=False))
    pick = a_pick(game, 0)
    with CaptureQueriesContext(connection) as queries:
        game_submit(game_id=game.pk, seat=0, action=pick, expected_sequence=2)
    assert _event_reads(queries) == []
    assert Event.objects.filter(game=game).count() == 3


def test_a_move_after_a_stale_cached_state_replays_the_missing_events(game: Game) -> None:
    """A cached state behind the game's last event is only a starting point: the events
    after it are read and replayed before the move is judged."""
    pick = a_pick(game, 0)
    created = store.load(game.pk, game.rules, upto=1, cache=False)
    store.CACHE.put(game.pk, created)  # the deal (event 2) is missing from it
    with CaptureQueriesContext(connection) as queries:
        submitted = game_submit(game_id=game.pk, seat=0, action=pick, expected_sequence=2)
    assert _event_reads(queries)
    rebuilt = store.replay(
        store.rule_set(game.rules), None, store.read(game.pk, store.rule_set(game.rules))
    )
    assert submitted.sequence == 3 and submitted.state == rebuilt


def remember(game: Game) -> store.StateAt:
    """Put the game's current state in this process's cache, as a commit would (a test's
    transaction never commits, so the cache stays empty otherwise)."""
    loaded = store.load(game.pk, game.rules, cache=False)
    store.CACHE.put(game.pk, loaded)
    return loaded


def test_a_remembered_state_lets_no_one_move_for_a_seat_they_do_not_hold(game: Game) -> None:
    """A move made from the cached state checks the seat's holder all the same: refused,
    nothing written."""
    remember(game)
    mallory = User.objects.create_user("mallory")
    with pytest.raises(NotSeated):
        game_submit(
            game_id=game.pk, seat=0, action=a_pick(game, 0), expected_sequence=2, actor=mallory
        )
    assert Event.objects.filter(game=game).count() == 2
    assert Game.objects.get(pk=game.pk).last_sequence == 2


def test_a_move_refused_by_the_rules_is_refused_as_not_seated_to_someone_else(
    game: Game,
) -> None:
    """An illegal move for a seat that is not the sender's is refused as not theirs, not by
    the rule it breaks: what the rules say about another's hand ("you do not hold that
    card") is not for them. Remembering the state changes nothing."""
    remember(game)
    mallory = User.objects.create_user("mallory")
    with pytest.raises(NotSeated):
        game_submit(
            game_id=game.pk,
            seat=0,
            action=parse_action("pass"),
            expected_sequence=2,
            actor=mallory,
        )
    assert Event.objects.filter(game=game).count() == 2


def test_a_standing_order_set_elsewhere_is_obeyed_by_a_move_from_a_remembered_state(
    duel: Game, alice: User, bob: User
) -> None:
    """Another process may set a standing order while this one remembers the game: the move
    sees it all the same, and the order passes for its player."""
    from games.services import set_standing_orders

    for seat, player in ((0, alice), (1, bob)):
        game_submit(
            game_id=duel.pk,
            seat=seat,
            action=a_pick(duel, seat),
            expected_sequence=state_of(duel).sequence,
            actor=player,
        )
    loaded = state_of(duel)
    starter = loaded.state.turn  # type: ignore[attr-defined]
    other = 1 - starter
    set_standing_orders(game=duel, seat=other, kinds={"pass"})
    remember(duel)
    opening = next(m for m in legal_actions(loaded.state, starter) if str(m).startswith("play"))
    submitted = game_submit(
        game_id=duel.pk,
        seat=starter,
        action=opening,
        expected_sequence=loaded.sequence,
        actor=[alice, bob][starter],
    )
    passed = Event.objects.get(game=duel, type="pass", seat=other)
    assert passed.payload["reason"] == "standing-order"
    assert submitted.sequence == passed.sequence == Game.objects.get(pk=duel.pk).last_sequence


def test_a_remembered_state_another_process_moved_past_gives_a_conflict(
    game: Game, alice: User
) -> None:
    """The cache holds the game before the starter's move, but another process has
    recorded it: the other seat's move made from the cache loses to it, with the game as it
    now stands, and writes nothing; the same submission sent again is recognised as the one
    recorded."""
    picked = picks_made(game)
    (starter,) = rule_set("numx").awaiting(picked.state)
    seen = remember(game)
    move = a_pick(game, starter)
    first = game_submit(
        game_id=game.pk,
        seat=starter,
        action=move,
        expected_sequence=seen.sequence,
        actor=alice if starter == 0 else None,
        idempotency_key="a",
    )
    store.CACHE.clear()
    store.CACHE.put(game.pk, seen)  # this process missed the move

    again = game_submit(
        game_id=game.pk,
        seat=starter,
        action=move,
        expected_sequence=seen.sequence,
        actor=alice if starter == 0 else None,
        idempotency_key="a",
    )
    assert again.duplicate and again.sequence == first.sequence

    store.CACHE.clear()
    store.CACHE.put(game.pk, seen)
    other = 1 - starter
    with pytest.raises(Conflict) as lost:
        game_submit(
            game_id=game.pk, seat=other, action=a_pick(game, other), expected_sequence=seen.sequence
        )
    assert lost.value.sequence == first.sequence and lost.value.state == first.state
    assert Event.objects.filter(game=game).count() == first.sequence


def test_a_pick_racing_another_seat_s_pick_is_recorded_after_it(game: Game) -> None:
    """This process still holds the game at event 2 when seat 1 picks, but seat 0's pick
    took event 3 an instant earlier: the append is refused, the pick judged again against
    the game as it now stands, and, seat 0's pick being hidden from seat 1, recorded next."""
    seen = remember(game)
    game_submit(game_id=game.pk, seat=0, action=a_pick(game, 0), expected_sequence=2)
    store.CACHE.clear()
    store.CACHE.put(game.pk, seen)  # this process missed event 3

    second = game_submit(game_id=game.pk, seat=1, action=a_pick(game, 1), expected_sequence=2)

    assert second.sequence > 3
    assert Event.objects.get(game=game, sequence=4).seat == 1


def test_the_move_that_ended_the_game_sent_again_is_answered_as_recorded() -> None:
    """The game is over when it comes again, and refuses every move: the key still finds
    the recording it made, before that refusal."""
    game = game_create(
        name="To the end",
        config={"players": 2, "mode": "speed-run"},
        seats=bot_seats(2, automatic=False),
        rng=random.Random(5),
    )
    rules, rng = rule_set(game.rules), random.Random(5)
    while not rules.is_terminal((loaded := state_of(game)).state):
        seat = min(rules.awaiting(loaded.state))
        last = {
            "game_id": game.pk,
            "seat": seat,
            "action": rules.legal_actions(loaded.state, seat).sample(rng),
            "expected_sequence": loaded.sequence,
            "idempotency_key": f"move-{loaded.sequence}",
        }
        first = game_submit(**last)

    again = game_submit(**last)

    assert again.duplicate and [e.sequence for e in again.events] == [
        e.sequence for e in first.events
    ]
    assert again.events[-1].type == "game-ended"


def test_a_move_recorded_before_appends_kept_their_end_is_found_by_its_time(
    game: Game, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A keyed move recorded before its event kept where its append ends (the column
    null): sent again, it is answered with the events stamped with its time."""
    insert = Event.objects.bulk_create

    def as_before(rows: list[Event], *args: object, **kwargs: object) -> list[Event]:
        for row in rows:
            row.appended_through = None
        return insert(rows, *args, **kwargs)

    monkeypatch.setattr(Event.objects, "bulk_create", as_before)
    pick = a_pick(game, 0)
    game_submit(game_id=game.pk, seat=0, action=pick, expected_sequence=2, idempotency_key="k")
    monkeypatch.undo()
    assert Event.objects.get(game=game, sequence=3).appended_through is None
    game_submit(game_id=game.pk, seat=1, action=a_pick(game, 1), expected_sequence=3)

    again = game_submit(
        game_id=game.pk, seat=0, action=pick, expected_sequence=2, idempotency_key="k"
    )

    assert again.duplicate and [e.sequence for e in again.events] == [3]
