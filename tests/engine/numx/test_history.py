"""A game's history as records (``games.engine.numx.history``): the effects of Action cards
recorded beside the action, and what each viewer may read of them.

Positions are built with ``arrange`` (``?card`` face down, known to nobody), as in
test_action_cards.py; random games come from conftest.py.
"""

from __future__ import annotations

import json
import random
from typing import Any

from hypothesis import given

from games.engine.numx import (
    CHANCE,
    Deal,
    GameConfig,
    GameState,
    Phase,
    apply,
    new_game,
    parse_action,
)
from games.engine.numx.history import effects, redact, revealed
from games.engine.numx.positions import arrange

from .conftest import configs, random_games, seeds, walk

PILE = "yellow-1 yellow-2 yellow-3 yellow-4 yellow-5 yellow-6"


def done(state: GameState, seat: int, move: str) -> dict[str, Any]:
    """The effects of ``seat`` playing ``move`` (notation) on ``state``."""
    action = parse_action(move)
    return effects(state, seat, action, apply(state, seat, action))


def after(state: GameState, seat: int, *moves: str) -> GameState:
    for move in moves:
        state = apply(state, seat, parse_action(move))
    return state


def three_rows(hand: str) -> GameState:
    """Seat 0 holds ``hand``; seat 1's second score card lies face down (known to nobody)."""
    return arrange(
        GameConfig(3),
        [f"{hand} blue-9 blue-10", "red-9 red-10", "green-9 green-10"],
        ["blue-1 blue-2", "red-1 ?red-2", "green-1 green-2"],
        pile=PILE,
    )


# Each Action card's effects ------------------------------------------------------------------


def test_a_flip_records_each_card_turned_over_and_who_knows_those_now_face_down() -> None:
    assert done(three_rows("flip"), 0, "flip 1") == {
        "turned": [
            {"seat": 1, "at": 0, "card": "red-1", "face_up": False, "known_to": [0, 1, 2]},
            {"seat": 1, "at": 1, "card": "red-2", "face_up": True},
        ]
    }


def test_a_flip_on_all_records_every_row_but_a_locked_one() -> None:
    state = arrange(
        GameConfig(3),
        ["shadow-5 quantum blue-9", "red-9", "flip green-9 green-10"],
        ["blue-1", "red-1", "green-1"],
    )
    state = after(state, 0, "play shadow-5 + quantum 1")
    state = after(state, 1, "pass")

    turned = done(state, 2, "flip all")["turned"]

    assert [(entry["seat"], entry["card"]) for entry in turned] == [(0, "blue-1"), (2, "green-1")]


def test_a_swipe_records_each_card_that_slid_from_where_to_where() -> None:
    assert done(three_rows("swipe"), 0, "swipe right 1") == {
        "moved": [
            {
                "from": 1,
                "from_at": 1,
                "to": 2,
                "at": 0,
                "card": "red-2",
                "face_up": False,
                "known_to": [],
            }
        ]
    }
    slid = done(three_rows("swipe"), 0, "swipe left all")["moved"]
    assert [(m["card"], m["from"], m["from_at"], m["to"], m["at"]) for m in slid] == [
        ("blue-1", 0, 0, 2, 1),
        ("red-1", 1, 0, 0, 1),
        ("green-1", 2, 0, 1, 1),
    ]


def test_an_eclair_records_the_two_cards_it_swapped_each_with_its_side() -> None:
    assert done(three_rows("eclair"), 0, "eclair 1 0 1") == {
        "moved": [
            {"from": 0, "from_at": 0, "to": 1, "at": 1, "card": "blue-1", "face_up": True},
            {
                "from": 1,
                "from_at": 1,
                "to": 0,
                "at": 0,
                "card": "red-2",
                "face_up": False,
                "known_to": [],
            },
        ]
    }


def test_a_block_records_the_seats_it_blocks() -> None:
    assert done(three_rows("block"), 0, "block 2") == {"blocked": [2]}
    assert done(three_rows("block"), 0, "block all") == {"blocked": [1, 2]}
    hands = ["block blue-9", "red-9", "green-9", "yellow-9", "red-10", "green-10"]
    teams = arrange(GameConfig(6, teams=True), hands)
    assert done(teams, 0, "block between") == {"blocked": [1, 2]}


def test_a_quantum_records_the_rows_it_locks_a_whole_team_with_teams() -> None:
    assert done(three_rows("quantum"), 0, "quantum 2") == {"locked": [2]}
    teams = arrange(GameConfig(4, teams=True), ["quantum blue-9", "red-9", "green-9", "yellow-9"])
    assert done(teams, 0, "quantum 1") == {"locked": [1, 3]}


def test_a_malus_records_a_short_row_it_removes_at_once_and_nothing_for_hands() -> None:
    assert done(three_rows("malus+1/-2"), 0, "malus+1/-2 1") == {
        "removed": [
            {"seat": 1, "at": 0, "card": "red-1", "face_up": True},
            {"seat": 1, "at": 1, "card": "red-2", "face_up": False},
        ]
    }
    # Its draws are facts (``from_pile``), and the choices wait for the targets' answers.
    assert done(three_rows("malus+3/+0"), 0, "malus+3/+0 all") == {}
    assert done(three_rows("malus+2/-1"), 0, "malus+2/-1 1") == {}


def test_a_malus_answer_records_the_score_cards_removed_and_those_placed_from_the_pile() -> None:
    removing = after(three_rows("malus+2/-1"), 0, "malus+2/-1 1")
    assert done(removing, 1, "resolve remove 1") == {
        "removed": [{"seat": 1, "at": 1, "card": "red-2", "face_up": False}]
    }

    placing = after(three_rows("malus-2/+2"), 0, "malus-2/+2 1")
    assert done(placing, 1, "resolve discard red-9 place up-left down-right") == {
        "placed": [
            {"seat": 1, "at": 0, "card": "yellow-1", "face_up": True},
            {"seat": 1, "at": 3, "card": "yellow-2", "face_up": False, "known_to": [1]},
        ]
    }


def test_an_action_card_played_as_a_bonus_or_taken_back_records_only_its_own_effects() -> None:
    bonus = arrange(GameConfig(2), ["blue-9 shadow-9 flip", "red-10"], ["", "red-1"])
    assert done(bonus, 0, "play blue-9 shadow-9 + flip 1") == {
        "turned": [{"seat": 1, "at": 0, "card": "red-1", "face_up": False, "known_to": [0, 1]}]
    }

    taken = arrange(GameConfig(2), ["blue-9", "red-9"], ["flip blue-1", "red-1"])
    # The Flip leaves seat 0's row to be played: that is the take-back, not an effect.
    assert done(taken, 0, "take 0: flip 0") == {
        "turned": [{"seat": 0, "at": 0, "card": "blue-1", "face_up": False, "known_to": [0, 1]}]
    }


def test_actions_that_are_not_action_cards_record_no_effects() -> None:
    state = arrange(
        GameConfig(2), ["blue-5 rainbow-5 red-9 red-1", "blue-9 red-10"], ["blue-1", ""]
    )

    assert done(state, 0, "play blue-5 rainbow-5") == {}
    assert done(state, 0, "take 0: play blue-1 red-1") == {}
    state = after(state, 0, "play blue-5 rainbow-5")
    assert done(state, 1, "draw") == {}
    state = after(state, 1, "pass")
    assert state.phase is Phase.DISTRIBUTION
    assert done(state, 0, "distribute blue-5>1:down:left") == {}


@random_games(10)
@given(config=configs, seed=seeds)
def test_recorded_effects_are_json_and_say_where_each_named_card_now_lies(
    config: GameConfig, seed: int
) -> None:
    for step in walk(config, seed):
        found = effects(step.before, step.seat, step.action, step.after)
        assert json.loads(json.dumps(found)) == found
        assert found == effects(step.before, step.seat, step.action, step.after)
        for entry in found.get("turned", []) + found.get("placed", []):
            lying = step.after.rows[entry["seat"]][entry["at"]]
            assert (lying.card.face.text, lying.face_up) == (entry["card"], entry["face_up"])
        for entry in found.get("moved", []):
            lying = step.after.rows[entry["to"]][entry["at"]]
            assert (lying.card.face.text, lying.face_up) == (entry["card"], entry["face_up"])
            assert step.before.rows[entry["from"]][entry["from_at"]].card is lying.card
        for entry in found.get("removed", []):
            assert step.before.rows[entry["seat"]][entry["at"]].card.face.text == entry["card"]


# Redaction -----------------------------------------------------------------------------------


RUNNING = {"all": False, "picks": True, "choices": True}
OVER = {"all": True, "picks": True, "choices": True}


def seen(state: GameState, seat: int, move: str, viewer: int | None, now: dict[str, bool]) -> Any:
    """The effects of ``move`` as ``viewer`` reads them in the log."""
    recorded = {"type": move.split()[0], "effects": done(state, seat, move)}
    return redact(seat, recorded, {}, viewer, now, state.config)[0]["effects"]


def card_names(found: dict[str, Any]) -> list[str | None]:
    return [
        entry["card"] for kind in ("turned", "moved", "placed") for entry in found.get(kind, [])
    ]


def test_a_card_moved_face_down_is_hidden_from_whoever_does_not_know_it() -> None:
    # Seat 1's face-down red-2 was handed out by seat 2: seat 2 alone knows it.
    state = three_rows("swipe")
    rows = list(state.rows)
    rows[1] = (rows[1][0], rows[1][1]._replace(known_to=frozenset({2})))
    state = state._replace(rows=tuple(rows))

    for viewer, name in [(0, None), (1, None), (2, "red-2"), (None, None)]:
        assert card_names(seen(state, 0, "swipe right 1", viewer, RUNNING)) == [name]
    assert card_names(seen(state, 0, "swipe right 1", None, OVER)) == ["red-2"]


def test_a_card_flipped_face_down_is_named_to_every_seat_but_not_to_spectators() -> None:
    state = three_rows("flip")

    for viewer in (0, 1, 2):
        assert card_names(seen(state, 0, "flip 1", viewer, RUNNING)) == ["red-1", "red-2"]
    assert card_names(seen(state, 0, "flip 1", None, RUNNING)) == [None, "red-2"]
    assert card_names(seen(state, 0, "flip 1", None, OVER)) == ["red-1", "red-2"]


def test_a_card_a_malus_target_places_face_down_is_named_to_that_target_only() -> None:
    state = after(three_rows("malus-2/+2"), 0, "malus-2/+2 1")
    move = "resolve discard red-9 place up-left down-right"

    assert card_names(seen(state, 1, move, 1, RUNNING)) == ["yellow-1", "yellow-2"]
    for viewer in (0, 2, None):
        assert card_names(seen(state, 1, move, viewer, RUNNING)) == ["yellow-1", None]
    assert card_names(seen(state, 1, move, 0, OVER)) == ["yellow-1", "yellow-2"]


def test_removed_cards_blocks_and_locks_are_public() -> None:
    state = three_rows("malus+1/-2")

    removed = seen(state, 0, "malus+1/-2 1", None, RUNNING)["removed"]
    assert [entry["card"] for entry in removed] == ["red-1", "red-2"]
    assert seen(three_rows("block"), 0, "block all", None, RUNNING) == {"blocked": [1, 2]}


def test_effects_that_were_not_recorded_are_read_as_such() -> None:
    action = {"type": "flip", "target": 1, "effects": None}

    assert redact(0, action, {}, 2, RUNNING, GameConfig(3)) == (action, {})


def test_revealed_tells_when_the_game_shows_everything() -> None:
    state = three_rows("flip")

    assert revealed(state)["all"] is False
    assert revealed(state._replace(phase=Phase.GAME_OVER))["all"] is True


def test_a_deal_shows_each_seat_its_own_hand_and_everyone_every_hand_once_over() -> None:
    config = GameConfig(3)
    faces = [card.face for card in config.deck]
    random.Random(5).shuffle(faces)
    deal = {"type": "deal", "order": [face.text for face in faces]}
    state = apply(new_game(config), CHANCE, Deal(tuple(faces)))
    dealt = {str(seat): [card.face.text for card in hand] for seat, hand in enumerate(state.hands)}
    hidden = {seat: [None] * len(hand) for seat, hand in dealt.items()}

    mine, _facts = redact(CHANCE, deal, {}, 1, RUNNING, config)
    watched, _facts = redact(CHANCE, deal, {}, None, RUNNING, config)
    over, _facts = redact(CHANCE, deal, {}, None, OVER, config)

    assert mine == {"type": "deal", "cards": len(faces), "hands": {**hidden, "1": dealt["1"]}}
    assert watched == {"type": "deal", "cards": len(faces), "hands": hidden}
    assert over == {**deal, "hands": dealt}
