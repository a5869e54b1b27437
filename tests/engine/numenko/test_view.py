"""What a seat may see: every grid and the size of every hand, as at a table; its own hand;
in rounds mode, another seat's move only once every seat has moved; never another's hand,
the pot's tiles, the tile another gives back or draws, until the game is over. The history's
records are redacted the same way, and a seat's pending choice does not go stale for moves
hidden from it (rounds) or that leave its choice whole (live)."""

from __future__ import annotations

import json
import random

from hypothesis import given

from games.engine.numenko import (
    CHANCE,
    RULES,
    Mode,
    Phase,
    action_to_json,
    apply,
    parse_action,
    view,
)
from games.engine.numenko.determinize import determinize
from games.engine.numenko.positions import arrange

from .conftest import modes, play, players, random_games, seeds, walk

many_games = random_games(10)


def test_a_seat_sees_every_grid_its_own_hand_and_the_size_of_the_others() -> None:
    """Decision: at a table grids lie in plain sight and hands are held."""
    state = arrange(["2x4=8", "1+1=2"], ["79MM", "F5"])
    seen = view(state, 1)
    assert [grid["rows"] for grid in seen["grids"]] == [["2x4=8"], ["1+1=2"]]
    assert (seen["hand"], seen["hand_sizes"], seen["hand_points"]) == ("5F", [4, 2], 15)
    assert seen["hands"] is None and seen["pot_tiles"] is None and seen["pot"] == len(state.pot)
    spectator = view(state, None)
    assert spectator["hand"] is None and "pending" not in spectator


def test_the_pending_choice_says_what_a_move_must_keep() -> None:
    pending = view(arrange(["2x4=8", "1+1=2"], ["79MM", "F5"]), 0)["pending"]
    assert pending["grid"] == ["2x4=8"] and pending["hand"] == "79MM"
    assert pending["tiles"] == "24789MMMM"
    assert pending["serves"] == {"exchange": True, "fini": True}
    assert "numenko.equal" in pending["rules"] and pending["notation"].startswith("pass")


def test_another_seats_move_shows_only_as_made_until_the_round_is_complete() -> None:
    """Decision (by mail): a move is secret until every seat has moved, as NMBR 9 hides a
    placement; then every grid shows at once."""
    before = arrange(["2x4=8", "1+1=2"], ["792MM5", "5M"])
    state = play(before, 0, "exchange 5 grid ....9 / ....x / 2x4=8 / ....= / ....7 / ....2")
    other = view(state, 1)
    assert other["grids"][0]["rows"] == ["2x4=8"] and other["hand_sizes"] == [6, 2]
    assert other["submitted"] == [True, False] and other["submission"] is None
    assert view(state, 0)["submission"]["exchange"] == "5"
    state = play(state, 1, "pass")
    seen = view(state, 1)
    assert seen["grids"][0]["rows"][0] == "....9"
    assert seen["asked"] == ["exchange", None]
    assert "5" not in json.dumps(seen["asked"])


def test_rounds_another_seats_move_leaves_a_pending_choice_whole() -> None:
    state = arrange(["2x4=8", "1+1=2", "3x3=9"], ["79", "5M", "0"])
    after = play(state, 0, "exchange 9")
    assert RULES.decision_basis(after, 1) == RULES.decision_basis(state, 1)
    assert RULES.decision_basis(after, 0) != RULES.decision_basis(state, 0)


def test_live_another_seats_move_leaves_a_pending_choice_whole_while_the_pot_serves() -> None:
    """Decision (live): a move counts at once, but another's move makes a seat's pending
    move stale only when the pot no longer serves what it may ask, or the game ends."""
    state = arrange(["2x4=8", "1+1=2"], ["79", "5M"], mode=Mode.LIVE, pot=5)
    after = play(state, 0, "exchange 8 grid 2+7=9")
    after = apply(after, CHANCE, parse_action(f"draw 0:{''.join(t.value for t in after.pot[:2])}"))
    assert len(after.pot) == 4
    assert RULES.decision_basis(after, 1) == RULES.decision_basis(state, 1)
    after = play(after, 0, "exchange 4")
    after = apply(after, CHANCE, parse_action(f"draw 0:{''.join(t.value for t in after.pot[:2])}"))
    assert len(after.pot) == 3
    assert RULES.decision_basis(after, 1)["serves"] == {"exchange": True, "fini": False}
    assert RULES.decision_basis(after, 1) != RULES.decision_basis(state, 1)


def test_everything_shows_once_the_game_is_over() -> None:
    state = play(play(arrange(["2x4=8", "1+1=2"], ["79", "5M"]), 0, "pass"), 1, "pass")
    assert state.phase is Phase.GAME_OVER
    seen = view(state, None)
    assert seen["hands"] == ["79", "5M"] and seen["pot_tiles"] is not None
    assert seen["outcome"]["winners"] == [1]


def test_a_redacted_deal_and_draw_show_a_seat_only_its_own_tiles() -> None:
    state = arrange(["2x4=8", "1+1=2"], ["79", "5M"])
    deal = {"type": "deal", "hands": ["0123", "4567"]}
    assert RULES.redact(CHANCE, deal, {"pot": 9}, 1, state) == (
        {"type": "deal", "hands": [None, "4567"], "sizes": [4, 4]},
        {"pot": 9},
    )
    draw = {"type": "draw", "order": [1, 0], "tiles": ["MM", "1234"]}
    assert RULES.redact(CHANCE, draw, {}, None, state)[0] == {
        "type": "draw",
        "order": [1, 0],
        "tiles": [None, None],
        "sizes": [2, 4],
    }


@many_games
@given(players=players, mode=modes, seed=seeds)
def test_no_hidden_tile_leaks_through_a_view(players: int, mode: Mode, seed: int) -> None:
    """A seat's view (and a spectator's) is the same for any state it cannot tell from the
    real one: another's hand, the pot and another's secret move drawn again (a fifth of the
    steps, for time)."""
    rng = random.Random(seed)
    for step in walk(players, mode, seed):
        if rng.random() > 0.2:
            continue
        state = step.after
        over = state.phase is Phase.GAME_OVER
        spectator = view(state, None)
        json.dumps(spectator)
        for seat in range(players):
            seen = view(state, seat)
            other = determinize(state, seat, rng)
            assert view(other, seat) == seen
            assert view(other, None) == spectator
            assert (seen["hands"] is None) != over
            assert ("pending" in seen) == (seat in RULES.to_act(state))


@many_games
@given(players=players, mode=modes, seed=seeds)
def test_no_hidden_tile_leaks_through_a_redacted_record(
    players: int, mode: Mode, seed: int
) -> None:
    for step in walk(players, mode, seed):
        now = step.after
        if now.phase is Phase.GAME_OVER:
            continue
        data = action_to_json(step.action)
        effects = RULES.effects(step.before, step.seat, step.action, now)
        if effects:
            data["effects"] = effects
        facts = RULES.facts(step.before, now)
        for viewer in (None, *range(players)):
            action, seen_facts = RULES.redact(step.seat, data, facts, viewer, now)
            assert seen_facts == facts
            if data["type"] == "deal":
                assert [hand is not None for hand in action["hands"]] == [
                    seat == viewer for seat in range(players)
                ]
            elif data["type"] == "draw":
                assert [tiles is not None for tiles in action["tiles"]] == [
                    seat == viewer for seat in data["order"]
                ]
            elif viewer != step.seat:
                secret = (
                    mode is Mode.ROUNDS
                    and now.phase is Phase.PLAY
                    and (now.round == step.before.round)
                )
                assert ("grid" in action) != secret
                assert action.get("exchange") in (None, "?")
