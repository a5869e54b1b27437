"""Views: what each seat, and a spectator, may know."""

from __future__ import annotations

from games.engine.objectifs import CHANCE, ObjectifsConfig, apply, new_game, view
from games.engine.objectifs.positions import arrange

from .conftest import act, deal

HANDS = [
    "-1 13 1 1 2 2 3 3 4 4 5 5 6",
    "3 12 6 6 7 7 8 8 9 9 10 10 11",
]


def test_a_seat_sees_its_hand_and_objective_and_everyones_malus_cards() -> None:
    state = arrange(["7 joker", "3 4"], ["1 2", "9 infinity"], objectives="pair under-5")
    mine = view(state, 0)
    assert mine["hands"] == [["7", "joker"], None] and mine["hand_sizes"] == [2, 2]
    assert mine["objectives"] == ["pair", None]
    assert mine["rows"] == [["1", "2"], ["9", "infinity"]]
    assert mine["pile"] is None and mine["pile_size"] == 91 - 8
    watcher = view(state, None)
    assert watcher["hands"] == [None, None] and watcher["objectives"] == [None, None]
    assert watcher["rows"] == mine["rows"]


def test_the_set_up_choices_stay_secret_until_every_seat_has_laid_its_own() -> None:
    state = apply(new_game(ObjectifsConfig(2)), CHANCE, deal(HANDS, "pair under-5"))
    state = act(state, 0, "lay 5 6")
    assert view(state, 1)["lays"] == [None, None] and view(state, 1)["laid"] == [True, False]
    assert view(state, 0)["lays"] == [["5", "6"], None]
    assert view(state, 1)["rows"] == [[], []]
    state = act(state, 1, "lay 3 12")
    assert view(state, 1)["rows"] == [["5", "6"], ["3", "12"]]


def test_a_scored_round_shows_every_hand_left_and_every_objective() -> None:
    state = arrange(["5", "8 9"], ["1 2", "3 4"], objectives="pair exactly-7")
    state = act(state, 0, "play 5")
    state = act(state, 1, "pass")
    (scored,) = view(state, 0)["results"]
    assert [seat["objective"] for seat in scored["seats"]] == ["pair", "exactly-7"]
    assert scored["seats"][1]["hand"] == ["8", "9"] and scored["seats"][1]["achieved"]
    assert scored["seats"][1]["total"] == -7 - 4 + 13
    assert view(state, None)["totals"] == [-3, 2]
    assert view(state, 0)["objectives"] == [None, None], "the next round deals new ones"


def test_the_end_of_the_game_or_a_replay_shows_everything() -> None:
    state = arrange(["7 joker", "3 4"], ["1 2", "9 infinity"], objectives="pair under-5")
    shown = view(state, None, reveal=True)
    assert shown["hands"] == [["7", "joker"], ["3", "4"]]
    assert shown["objectives"] == ["pair", "under-5"]
    assert shown["pile"] is not None and len(shown["objective_pile"]) == 8


def test_the_view_says_who_must_complete_their_malus_cards() -> None:
    state = arrange(["7 9", "8 3 10", "11 13"], ["1 2", "7 4", "6 6"])
    state = act(state, 0, "play 7 7@1")
    state = act(state, 1, "pass")
    state = act(state, 2, "pass")
    seen = view(state, 2)
    assert seen["phase"] == "replace" and seen["due"] == [0, 1, 0] and seen["awaiting"] == [1]
    assert seen["last_trick"] == {
        "winner": 0,
        "plis": [
            {"seat": 0, "cards": ["7", "7"], "value": "7", "fused": False, "out_of_turn": False}
        ],
    }
