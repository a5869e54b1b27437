"""What a seat, or a spectator, may see of a game: :func:`view` is the only way hidden
information leaves the engine, so at every step of random games no view may show a card that
is hidden from its viewer, and once the game is over every view shows everything.

Hidden from seat ``s`` (docs/rules.md): the other seats' hands, the draw pile and its order,
the other seats' secret picks and refill/reset choices, the face-down score cards ``s`` does
not know, and the cards another seat drew (a drawn card to play, a Malus's score cards).

The random games come from conftest.py, as in test_properties.py: the default run plays the
same 15 games every time; set ``NUMX_PROPERTY_GAMES`` to play that many fresh ones per test.
"""

from __future__ import annotations

import json
import random

from hypothesis import given

from games.engine.numx import (
    Face,
    GameConfig,
    GameState,
    SeatView,
    apply,
    awaiting,
    is_terminal,
    outcome,
    parse_action,
    view,
)
from games.engine.numx.cards import Card
from games.engine.numx.positions import arrange
from games.engine.numx.state import (
    Distributing,
    DrawnCard,
    MalusResolution,
    Phase,
    replace_at,
)

from .conftest import configs, final_state, random_games, seeds, states, walk

many_games = random_games(15)

Viewer = int | None


def _viewers(config: GameConfig) -> tuple[Viewer, ...]:
    return (None, *config.seats)


def _faces(cards: tuple[Card, ...]) -> tuple[Face, ...]:
    return tuple(card.face for card in cards)


# What a viewer may and may not know, worked out from the full state -------------------------


def _public_faces(state: GameState) -> set[Face]:
    """Faces lying face up for all to see: the plis (the last trick's too: every seat saw
    them laid, docs/rules.md "Distribution"), face-up score cards, the discard, the cards
    out of play."""
    last = state.last_trick.plis if state.last_trick else ()
    faces = {card.face for pli in (*last, *state.trick.plis) for card in pli.cards}
    faces |= {score.card.face for row in state.rows for score in row if score.face_up}
    return faces | set(_faces(state.discard)) | set(_faces(state.out_of_play))


def _faces_known_to(state: GameState, viewer: Viewer) -> set[Face]:
    """Every face the viewer may legitimately see somewhere."""
    faces = _public_faces(state)
    if viewer is None:
        return faces
    faces |= set(_faces(state.hands[viewer]))
    faces |= {score.card.face for row in state.rows for score in row if viewer in score.known_to}
    if isinstance(state.pending, MalusResolution):
        for task in state.pending.tasks:
            if task.seat == viewer:
                faces |= set(_faces(task.drawn))
    return faces


# A position of a card hidden from a viewer: ("hand", seat, index), ("pile", 0, index),
# ("row", seat, index) or ("malus", task number, index).
Position = tuple[str, int, int]


def _hidden_positions(state: GameState, viewer: Viewer) -> list[Position]:
    positions: list[Position] = [
        ("hand", seat, index)
        for seat, hand in enumerate(state.hands)
        if seat != viewer
        for index in range(len(hand))
    ]
    positions += [("pile", 0, index) for index in range(len(state.pile))]
    positions += [
        ("row", seat, index)
        for seat, row in enumerate(state.rows)
        for index, score in enumerate(row)
        if not score.face_up and (viewer is None or viewer not in score.known_to)
    ]
    if isinstance(state.pending, MalusResolution):
        positions += [
            ("malus", number, index)
            for number, task in enumerate(state.pending.tasks)
            if task.seat != viewer
            for index in range(len(task.drawn))
        ]
    return positions


def _card_at(state: GameState, position: Position) -> Card:
    place, seat, index = position
    if place == "hand":
        return state.hands[seat][index]
    if place == "pile":
        return state.pile[index]
    if place == "row":
        return state.rows[seat][index].card
    assert isinstance(state.pending, MalusResolution)
    return state.pending.tasks[seat].drawn[index]


def _with_card(state: GameState, position: Position, card: Card) -> GameState:
    place, seat, index = position
    if place == "hand":
        hand = replace_at(state.hands[seat], index, card)
        return state._replace(hands=replace_at(state.hands, seat, hand))
    if place == "pile":
        return state._replace(pile=replace_at(state.pile, index, card))
    if place == "row":
        row = state.rows[seat]
        row = replace_at(row, index, row[index]._replace(card=card))
        return state._replace(rows=replace_at(state.rows, seat, row))
    pending = state.pending
    assert isinstance(pending, MalusResolution)
    task = pending.tasks[seat]
    task = task._replace(drawn=replace_at(task.drawn, index, card))
    return state._replace(pending=pending._replace(tasks=replace_at(pending.tasks, seat, task)))


def _swapped(state: GameState, first: Position, second: Position) -> GameState:
    one, other = _card_at(state, first), _card_at(state, second)
    return _with_card(_with_card(state, first, other), second, one)


def _another_secret(state: GameState, seat: int) -> Face | str | None:
    """Another secret ``seat`` could have chosen: the other of refill and reset, or another
    card of its hand for the opening pick (None when it has not chosen)."""
    secret = state.secret[seat]
    if isinstance(secret, Face):
        return next((card.face for card in state.hands[seat] if card.face is not secret), None)
    return {"refill": "reset", "reset": "refill"}.get(secret or "")


# Checks -----------------------------------------------------------------------------------


def _assert_view_hides_hidden_cards(state: GameState, viewer: Viewer) -> None:
    """Position by position: the view shows exactly what the viewer may know."""
    seen = view(state, viewer)
    where = f"{state.phase.value}, viewer {viewer}"
    for seat, hand in enumerate(state.hands):
        expected = tuple(sorted(_faces(hand))) if seat == viewer else None
        assert seen.hands[seat] == expected, f"{where}: hand of seat {seat}"
        assert seen.hand_sizes[seat] == len(hand)
    assert seen.pile is None, f"{where}: the draw pile is shown"
    assert seen.pile_size == len(state.pile)
    for seat, row in enumerate(state.rows):
        assert len(seen.rows[seat]) == len(row)
        for index, (score, shown) in enumerate(zip(row, seen.rows[seat], strict=True)):
            knows = score.face_up or (viewer is not None and viewer in score.known_to)
            assert shown.face_up == score.face_up
            assert shown.face == (score.card.face if knows else None), (
                f"{where}: score card {index} of seat {seat} ({score})"
            )
    assert seen.my_secret == (None if viewer is None else state.secret[viewer]), where
    assert seen.secret_done == tuple(secret is not None for secret in state.secret)
    pending, shown_pending = state.pending, seen.pending
    if isinstance(pending, DrawnCard):
        assert shown_pending is not None
        mine = pending.seat == viewer
        assert shown_pending.cards == ((pending.card.face,) if mine else None), where
    elif isinstance(pending, MalusResolution):
        assert shown_pending is not None
        own = [task for task in pending.tasks if task.seat == viewer]
        assert shown_pending.cards == (_faces(own[0].drawn) if own else None), where
    elif isinstance(pending, Distributing):
        assert shown_pending is not None
        assert shown_pending.cards == _faces(pending.cards)  # the trick's cards: public
    else:
        assert shown_pending is None
    assert [pli.faces for pli in seen.plis] == [_faces(pli.cards) for pli in state.trick.plis]
    last, shown_last = state.last_trick, seen.last_trick
    assert (last is None) == (shown_last is None), where
    if last is not None and shown_last is not None:
        assert [pli.faces for pli in shown_last.plis] == [_faces(pli.cards) for pli in last.plis]
        for (to, score), shown in zip(last.handed, shown_last.handed, strict=True):
            knows = score.face_up or (viewer is not None and viewer in score.known_to)
            assert (shown.seat, shown.face_up) == (to, score.face_up), where
            assert shown.face == (score.card.face if knows else None), f"{where}: handed {score}"
    assert seen.discard == _faces(state.discard)
    assert seen.out_of_play == _faces(state.out_of_play)
    assert seen.outcome is None


def _json_text(seen: SeatView) -> str:
    return json.dumps(seen.to_json())


def _assert_json_names_no_hidden_card(state: GameState, viewer: Viewer) -> None:
    """The JSON a viewer receives never names a face hidden from them, unless that face is
    also one they may see (a second Joker, an Infinity in a pli...)."""
    text = _json_text(view(state, viewer))
    hidden = {_card_at(state, position).face for position in _hidden_positions(state, viewer)}
    leaked = sorted(
        face.text for face in hidden - _faces_known_to(state, viewer) if f'"{face.text}"' in text
    )
    assert not leaked, f"{state.phase.value}: viewer {viewer} receives {leaked}"
    own = None if viewer is None else state.secret[viewer]
    for choice in ("refill", "reset"):
        assert (f'"{choice}"' in text) == (own == choice), f"viewer {viewer}: {choice!r}"


@many_games
@given(config=configs, seed=seeds)
def test_no_view_shows_a_card_hidden_from_its_viewer_at_any_step(
    config: GameConfig, seed: int
) -> None:
    for step in walk(config, seed):
        for viewer in _viewers(config):
            _assert_view_hides_hidden_cards(step.before, viewer)


@many_games
@given(config=configs, seed=seeds)
def test_no_views_json_names_a_hidden_card_unless_the_viewer_sees_that_face_elsewhere(
    config: GameConfig, seed: int
) -> None:
    for step in walk(config, seed):
        for viewer in _viewers(config):
            _assert_json_names_no_hidden_card(step.before, viewer)


@many_games
@given(config=configs, seed=seeds)
def test_a_view_is_the_same_whatever_the_cards_hidden_from_its_viewer_are(
    config: GameConfig, seed: int
) -> None:
    """Swapping two hidden cards (an opponent's card with a pile card, two face-down score
    cards...) or changing another seat's secret changes nothing the viewer receives."""
    rng = random.Random(seed + 1)
    for step in walk(config, seed):
        number, state = step.number, step.before
        for viewer in _viewers(config):
            seen = view(state, viewer)
            positions = _hidden_positions(state, viewer)
            for _ in range(2 if len(positions) >= 2 else 0):
                first, second = rng.sample(positions, 2)
                if _card_at(state, first).face is _card_at(state, second).face:
                    continue
                swapped = _swapped(state, first, second)
                assert view(swapped, viewer) == seen, (
                    f"step {number}, viewer {viewer}: swapping {first} and {second} shows"
                )
            for seat in config.seats:
                other = _another_secret(state, seat)
                if seat != viewer and other is not None:
                    changed = state._replace(secret=replace_at(state.secret, seat, other))
                    assert view(changed, viewer) == seen, f"viewer {viewer}: seat {seat}'s secret"


@many_games
@given(config=configs, seed=seeds)
def test_views_wait_for_the_player_to_act_never_for_a_hidden_rainbow_completer(
    config: GameConfig, seed: int
) -> None:
    """Who could complete out of turn depends on who holds a Rainbow: no view tells."""
    for state in states(config, seed):
        public = awaiting(state)
        if state.phase is Phase.PLAY and state.pending is None:
            assert public == {state.turn}
        for viewer in _viewers(config):
            assert view(state, viewer).awaiting == public


@many_games
@given(config=configs, seed=seeds)
def test_everything_is_shown_to_everyone_once_the_game_is_over(
    config: GameConfig, seed: int
) -> None:
    final = final_state(config, seed)
    assert is_terminal(final)
    for viewer in _viewers(config):
        seen = view(final, viewer)
        assert seen.hands == tuple(tuple(sorted(_faces(hand))) for hand in final.hands)
        assert seen.pile == _faces(final.pile)
        assert [[shown.face for shown in row] for row in seen.rows] == [
            [score.card.face for score in row] for row in final.rows
        ]
        assert seen.outcome == outcome(final)
        text = _json_text(seen)
        for card in (*(c for hand in final.hands for c in hand), *final.pile):
            assert f'"{card.face.text}"' in text


# Worked examples --------------------------------------------------------------------------


def _pending_cards(state: GameState, viewer: Viewer) -> list[str] | None:
    pending = view(state, viewer).pending
    assert pending is not None
    return None if pending.cards is None else [face.text for face in pending.cards]


def _row_faces(state: GameState, viewer: Viewer, seat: int) -> list[str | None]:
    return [None if c.face is None else c.face.text for c in view(state, viewer).rows[seat]]


def test_a_face_down_card_handed_out_is_seen_by_the_winner_only_not_by_its_owner() -> None:
    state = arrange(GameConfig(3), ["blue-3 rainbow-3 red-9", "green-1 red-1", "yellow-1 blue-1"])
    for seat, text in ((0, "play blue-3 rainbow-3"), (1, "pass"), (2, "pass")):
        state = apply(state, seat, parse_action(text))
    state = apply(state, 0, parse_action("distribute rainbow-3>1:down:left blue-3>2:up:left"))
    assert _row_faces(state, 0, 1) == ["rainbow-3"]
    assert _handed(state, 0) == [(1, "rainbow-3", False), (2, "blue-3", True)]
    for viewer in (None, 1, 2):
        assert _row_faces(state, viewer, 1) == [None]
        assert _row_faces(state, viewer, 2) == ["blue-3"]
        assert _handed(state, viewer) == [(1, None, False), (2, "blue-3", True)]
        # Everyone saw the pli laid: the last trick names its cards, never where the
        # face-down one went.
        seen = view(state, viewer).to_json()
        assert '"rainbow-3"' not in json.dumps([seen["rows"], seen["last_trick"]["handed"]])


def _handed(state: GameState, viewer: Viewer) -> list[tuple[int, str | None, bool]]:
    last = view(state, viewer).last_trick
    assert last is not None
    return [(h.seat, None if h.face is None else h.face.text, h.face_up) for h in last.handed]


def test_the_last_trick_stays_in_every_view_with_its_plis_winner_and_score_cards() -> None:
    state = arrange(
        GameConfig(3),
        ["blue-3 rainbow-3 red-9", "joker red-5 green-1", "yellow-1 blue-1 green-2"],
    )
    assert view(state, 0).last_trick is None
    for seat, text in ((0, "play blue-3 rainbow-3"), (1, "play joker red-5"), (2, "pass")):
        state = apply(state, seat, parse_action(text))
    centre = view(state, 2).plis
    assert [(p.value, p.eligible) for p in centre] == [(3, True), (5, False)]
    for seat, text in ((0, "pass"), (1, "distribute blue-3>2:up:right")):
        state = apply(state, seat, parse_action(text))

    for viewer in (None, 0, 1, 2):
        seen = view(state, viewer)
        assert seen.plis == ()  # the centre is clear: the next trick starts
        last = seen.last_trick
        assert last is not None and last.winner == 1
        assert [(p.seat, [f.text for f in p.faces], p.value, p.eligible) for p in last.plis] == [
            (0, ["blue-3", "rainbow-3"], 3, True),
            (1, ["red-5", "joker"], 5, False),
        ]
        assert _handed(state, viewer) == [(2, "blue-3", True)]
        assert seen.to_json()["last_trick"] == {
            "round": 1,
            "number": 1,
            "winner": 1,
            "plis": [
                {
                    "seat": 0,
                    "cards": ["blue-3", "rainbow-3"],
                    "value": 3,
                    "completed_by": -1,
                    "eligible": True,
                },
                {
                    "seat": 1,
                    "cards": ["red-5", "joker"],
                    "value": 5,
                    "completed_by": -1,
                    "eligible": False,
                },
            ],
            "handed": [{"seat": 2, "card": "blue-3", "face_up": True}],
        }


def test_a_face_down_card_once_seen_face_up_stays_known_to_every_seat() -> None:
    state = arrange(
        GameConfig(3),
        ["flip blue-1 blue-2", "flip red-5 red-6", "green-1 green-2"],
        ["", "?red-3", ""],
    )
    for viewer in (None, 0, 1, 2):  # nobody looked at it, its owner included
        assert _row_faces(state, viewer, 1) == [None]
    state = apply(state, 0, parse_action("flip 1"))
    for viewer in (None, 0, 1, 2):
        assert _row_faces(state, viewer, 1) == ["red-3"]
    state = apply(state, 1, parse_action("flip 1"))
    assert [c.face_up for c in view(state, 2).rows[1]] == [False]
    for viewer in (0, 1, 2):
        assert _row_faces(state, viewer, 1) == ["red-3"]


def test_a_drawn_card_and_malus_score_cards_are_shown_to_their_drawer_only() -> None:
    state = arrange(
        GameConfig(3),
        ["blue-1 blue-2", "malus-2/+2 red-8 red-9", "green-1 green-2"],
        pile="yellow-7 yellow-8 yellow-9",
    )
    state = apply(state, 0, parse_action("draw"))
    assert _pending_cards(state, 0) == ["yellow-7"]  # playable at once: it waits in the hand
    for viewer in (None, 1, 2):
        assert _pending_cards(state, viewer) is None
        assert '"yellow-7"' not in _json_text(view(state, viewer))
        # A finished game's replay shows every card, the one drawn too.
        revealed = view(state, viewer, reveal=True).pending
        assert revealed is not None and revealed.cards == (Face.parse("yellow-7"),)
    state = apply(state, 0, parse_action("play yellow-7"))
    state = apply(state, 1, parse_action("malus-2/+2 2"))
    assert _pending_cards(state, 2) == ["yellow-8", "yellow-9"]
    for viewer in (None, 0, 1):
        assert _pending_cards(state, viewer) is None
        assert '"yellow-8"' not in _json_text(view(state, viewer))
    state = apply(state, 2, parse_action("resolve discard green-1 place down-left up-right"))
    assert _row_faces(state, 2, 2) == ["yellow-8", "yellow-9"]
    for viewer in (None, 0, 1):
        assert _row_faces(state, viewer, 2) == [None, "yellow-9"]
