"""Everyone at once, by mail: rounds in which every seat moves once, secretly, then the
round's requests are served in an order chance draws; and live, each move counting when it
arrives. When the game stops, and who may move."""

from __future__ import annotations

import random

import pytest

from games.engine.numenko import (
    CHANCE,
    RULES,
    Mode,
    NumenkoConfig,
    Phase,
    Request,
    Tile,
    apply,
    awaiting,
    legal_actions,
    new_game,
    parse_action,
    parse_grid,
    to_act,
)
from games.engine.numenko.errors import IllegalAction
from games.engine.numenko.positions import arrange
from games.engine.numenko.state import Ending

from .conftest import play, refused, tiles_in_play


def test_chance_deals_then_every_seat_moves_at_once() -> None:
    state = new_game(NumenkoConfig(3))
    assert to_act(state) == {CHANCE}
    assert refused(state, 0, "pass") == "numenko.phase"
    state = apply(state, CHANCE, legal_actions(state, CHANCE).sample(random.Random(1)))
    assert state.phase is Phase.PLAY and state.round == 1
    assert to_act(state) == awaiting(state) == {0, 1, 2}
    assert tiles_in_play(state) == 158


def test_the_deal_gives_each_seat_its_count_of_tiles_from_the_pot() -> None:
    state = new_game(NumenkoConfig(2))
    assert refused(state, CHANCE, "deal 0123 / 4567") == "numenko.deal"
    assert refused(state, CHANCE, f"deal {'0' * 20} / {'1' * 20}") == "numenko.deal"
    assert refused(state, CHANCE, f"deal {'F' * 20} / {'1' * 20}") == "numenko.deal"


def test_a_seat_moves_once_a_round() -> None:
    state = play(arrange(["2x4=8", "1+1=2"], ["79", "5M"]), 0, "exchange 9")
    assert to_act(state) == {1}
    assert refused(state, 0, "pass") == "numenko.once"
    assert not legal_actions(state, 0)


def test_a_move_stays_secret_until_every_seat_has_moved() -> None:
    """Decision (by mail): grids show as the last round left them while a round is played."""
    before = arrange(["2x4=8", "1+1=2"], ["792MM5", "5M"])
    state = play(before, 0, "grid ....9 / ....x / 2x4=8 / ....= / ....7 / ....2")
    assert state.grids == before.grids and state.hands == before.hands
    assert state.submitted[0] is not None


def test_once_all_have_moved_every_grid_shows_and_chance_serves_the_requests() -> None:
    state = arrange(["2x4=8", "1+1=2", "3x3=9"], ["792MM", "5M", "0"])
    state = play(state, 0, "fini grid ....9 / ....x / 2x4=8 / ....= / ....7 / ....2")
    state = play(state, 2, "pass")
    state = play(state, 1, "exchange 5")
    assert state.phase is Phase.DRAW and to_act(state) == {CHANCE}
    assert state.grids[0].rows() == ("....9", "....x", "2x4=8", "....=", "....7", "....2")
    assert state.hands[0] == ()
    assert [ask and ask.request for ask in state.asked] == [Request.FINI, Request.EXCHANGE, None]
    # Chance draws the order: seat 1 first, then seat 0.
    pot = len(state.pot)
    state = apply(state, CHANCE, parse_action("draw 1:MM 0:1234"))
    assert state.phase is Phase.PLAY and state.round == 2
    assert state.hands[1] == (Tile.MULTICHOICE, Tile.MULTICHOICE, Tile.MULTICHOICE)
    assert len(state.hands[0]) == 4
    assert len(state.pot) == pot + 1 - 2 - 4
    assert state.last is not None and state.last.order == (1, 0)
    assert state.last.served == (True, True, False)


def test_the_draw_serves_each_seat_that_asked_once_from_the_pot() -> None:
    state = arrange(["2x4=8", "1+1=2"], ["79", "5M"])
    state = play(play(state, 0, "exchange 9"), 1, "exchange 5")
    assert refused(state, CHANCE, "draw 0:12") == "numenko.draw"
    assert refused(state, CHANCE, "draw 0:12 0:34") == "numenko.draw"
    assert refused(state, CHANCE, "draw 0:123 1:45") == "numenko.draw"
    assert refused(state, CHANCE, "deal 0 / 1") == "numenko.phase"
    empty = state._replace(pot=())
    assert refused(empty, CHANCE, "draw 0:12 1:-") == "numenko.draw"


def test_a_request_the_pot_cannot_serve_stops_the_game_and_none_after_it_is_served() -> None:
    """*Le jeu s'arrête lorsque le nombre de tuiles est insuffisant pour continuer, c'est-à-
    dire 2 tuiles si quelqu'un veut effectuer un échange, ou 4 tuiles si quelqu'un annonce
    avoir fini.* Decision: the pot must hold the tiles before the exchanged one goes back;
    the first request short stops the game, and those after it in the order go unserved."""
    before = arrange(["2x4=8", "1+1=2", "3x3=9"], ["79", "5M", "2MM18"], pot=5)
    state = play(before, 0, "exchange 9")
    state = play(state, 1, "exchange 5")
    state = play(state, 2, "fini grid 3x3=9 / ....x / ....2 / ....= / ....1 / ....8")
    # 5 in the pot: seat 2's fini takes 4, leaving 1: seat 0 is short; seat 1 is not served.
    pot = "".join(tile.value for tile in state.pot)
    state = apply(state, CHANCE, parse_action(f"draw 2:{pot[:4]} 0:- 1:-"))
    assert state.phase is Phase.GAME_OVER
    assert (state.ending, state.short) == (Ending.SHORT, 0)
    assert state.hands[0] == (Tile.SEVEN, Tile.NINE)
    assert state.last is not None and state.last.served == (False, False, True)
    assert tiles_in_play(state) == tiles_in_play(before)


def test_the_pot_serves_an_exchange_from_two_tiles_and_fini_from_four() -> None:
    """*C'est-à-dire 2 tuiles si quelqu'un veut effectuer un échange, ou 4 tuiles si
    quelqu'un annonce avoir fini*: a pot of exactly 2 still serves an exchange, and *en
    remettant la tuile en question dans le pot, avant d'y reprendre 2 tuiles*: the tile given
    back is in the pot before the draw, so it may come back. A pot of exactly 4 serves fini."""
    state = arrange(["2x4=8", "1+1=2"], ["9", "5M"], pot=2)
    assert state.pot == (Tile.ZERO, Tile.ZERO)
    state = play(play(state, 0, "exchange 9"), 1, "pass")
    state = apply(state, CHANCE, parse_action("draw 0:09"))
    assert state.phase is Phase.PLAY and state.last is not None and state.last.served[0]
    assert state.hands[0] == (Tile.ZERO, Tile.NINE) and state.pot == (Tile.ZERO,)

    state = arrange(["1+1=2", "2x4=8"], ["M1M3", "5M"], pot=4)
    state = play(state, 0, "fini grid 1+1=2 / ....+ / ....1 / ....= / ....3")
    state = play(state, 1, "pass")
    state = apply(state, CHANCE, parse_action("draw 0:0000"))
    assert state.phase is Phase.PLAY and state.pot == ()
    assert state.hands[0] == (Tile.ZERO,) * 4


def test_the_finis_after_the_request_that_stopped_the_game_share_the_win() -> None:
    """*Si, à ce moment-là, un joueur n'a plus de tuiles, il peut annoncer "game over"*:
    seat 0's exchange, drawn first, finds 1 tile in the pot and stops the game; seats 1 and
    2 laid every tile and said fini, unserved: both hold no tile and share the win."""
    state = arrange(["2x4=8", "1+1=2", "1+1=2"], ["79", "M1M3", "M1M3"], pot=1)
    state = play(state, 0, "exchange 9")
    state = play(state, 1, "fini grid 1+1=2 / ....+ / ....1 / ....= / ....3")
    state = play(state, 2, "fini grid 1+1=2 / ....+ / ....1 / ....= / ....3")
    state = apply(state, CHANCE, parse_action("draw 0:- 2:- 1:-"))
    assert (state.phase, state.ending, state.short) == (Phase.GAME_OVER, Ending.SHORT, 0)
    assert state.hands == ((Tile.SEVEN, Tile.NINE), (), ())
    result = RULES.outcome(state)
    assert result is not None and result.winners == {1, 2}
    assert result.scores == (-16, 1, 1)


def test_a_seat_whose_fini_comes_too_late_wins_outright() -> None:
    """*Si, à ce moment-là, un joueur n'a plus de tuiles, il peut annoncer "game over"*:
    seat 1 laid every tile; the pot (3 tiles) cannot serve its fini."""
    state = arrange(["2x4=8", "1+1=2"], ["9", "M1M3"], pot=3)
    state = play(state, 0, "pass")
    state = play(state, 1, "fini grid 1+1=2 / ....+ / ....1 / ....= / ....3")
    state = apply(state, CHANCE, parse_action("draw 1:-"))
    assert state.phase is Phase.GAME_OVER and state.short == 1
    result = RULES.outcome(state)
    assert result is not None and result.winners == {1}
    assert result.scores == (-9, 1)


def test_a_round_in_which_nobody_asks_for_tiles_ends_the_game() -> None:
    """Decision (by mail): nothing can change any more once nobody exchanges or says fini;
    the grids of that round still count."""
    state = arrange(["2x4=8", "1+1=2"], ["33MM9", "0"])
    state = play(state, 0, "grid 3x3=9")
    state = play(state, 1, "pass")
    assert state.phase is Phase.GAME_OVER and state.ending is Ending.CONTENT
    assert state.grids[0] == parse_grid("3x3=9") and len(state.hands[0]) == 5
    assert RULES.milestones(play(arrange(["1+1=2"] * 2, ["0", "0"]), 0, "pass"), state)[0][0] == (
        "round-ended"
    )


def test_the_tile_exchanged_comes_from_the_hand_left_by_the_grid() -> None:
    state = arrange(["2x4=8", "1+1=2"], ["79", "5M"])
    assert refused(state, 0, "exchange 2") == "numenko.exchange"
    assert refused(state, 0, "exchange 7 grid 2x4=8 / ....x / ....7 / ....= / ....5") == (
        "numenko.tiles"
    )
    assert refused(state, 0, "exchange 8 grid 2x4=8") == "numenko.exchange"
    # Taking a tile back from the grid into the hand is part of laying it out anew.
    state = play(state, 0, "exchange 8 grid 2+7=9")
    state = play(state, 1, "pass")
    assert state.hands[0] == (Tile.FOUR, Tile.EIGHT)
    assert state.asked[0] is not None and state.asked[0].tile is Tile.EIGHT


def test_fini_only_once_every_tile_is_laid() -> None:
    state = arrange(["2x4=8", "1+1=2"], ["79", "5M"])
    assert refused(state, 0, "fini") == "numenko.fini"
    assert refused(state, 0, "grid 1x1=1 / 1x1=1") == "numenko.tiles"


def test_the_tiles_a_grid_lacks_are_named_one_by_one_not_as_one_number() -> None:
    """Missing 1s are "1 1", as a mail writes a hand, never "11", read as eleven."""
    state = arrange(["2x4=8", "1+1=2"], ["79", "5M"])
    with pytest.raises(IllegalAction) as error:
        apply(state, 0, parse_action("grid 1x1=1 / 1x1=1"))
    assert error.value.message == "the grid uses tiles you do not have: 1 1 1 1 1 1 M M"


def test_a_grid_breaking_a_rule_is_refused_with_its_first_wrong_run() -> None:
    state = arrange(["2x4=8", "1+1=2"], ["79", "5M"])
    assert refused(state, 0, "grid 2x4=9") == "numenko.equal"
    assert refused(state, 0, "grid 2x4=8 / ....7") == "numenko.one-equals"
    assert refused(state, 0, "grid 2x4 / .... / 8") == "numenko.one-equals"


def test_live_moves_count_when_they_arrive() -> None:
    state = arrange(["2x4=8", "1+1=2"], ["792MM", "5M"], mode=Mode.LIVE)
    assert to_act(state) == {0, 1} and state.round == 0
    state = play(state, 0, "fini grid ....9 / ....x / 2x4=8 / ....= / ....7 / ....2")
    assert state.grids[0].rows()[0] == "....9" and to_act(state) == {CHANCE}
    state = apply(state, CHANCE, parse_action("draw 0:0123"))
    assert state.phase is Phase.PLAY and len(state.hands[0]) == 4
    # Seat 0 may move again at once, while seat 1 has not moved.
    state = play(state, 0, "exchange 3")
    assert to_act(state) == {CHANCE}


def test_live_the_game_ends_once_every_seat_is_content() -> None:
    """Decision (live): a move asking for nothing says "content"; a seat content may still
    move, out of turn; the game ends when every seat is content at once."""
    state = arrange(["2x4=8", "1+1=2"], ["79", "5M"], mode=Mode.LIVE)
    state = play(state, 0, "pass")
    assert awaiting(state) == {1} and to_act(state) == {0, 1}
    state = play(state, 0, "exchange 9")
    state = apply(state, CHANCE, parse_action("draw 0:00"))
    assert awaiting(state) == {0, 1}
    state = play(state, 1, "pass")
    state = play(state, 0, "pass")
    assert state.phase is Phase.GAME_OVER and state.ending is Ending.CONTENT


def test_live_a_request_the_pot_cannot_serve_ends_the_game_at_once() -> None:
    state = arrange(["2x4=8", "1+1=2"], ["79", "5M"], mode=Mode.LIVE, pot=1)
    state = play(state, 1, "exchange 5")
    assert state.phase is Phase.GAME_OVER and state.short == 1
    assert state.hands[1] == (Tile.FIVE, Tile.MULTICHOICE)


def test_nothing_is_played_once_the_game_is_over() -> None:
    state = play(arrange(["2x4=8", "1+1=2"], ["9", "0"]), 0, "pass")
    state = play(state, 1, "pass")
    assert refused(state, 0, "pass") == "numenko.over"
    assert refused(state, CHANCE, "draw 0:1") == "numenko.over"
    assert not to_act(state)


def test_only_the_game_s_seats_act() -> None:
    assert refused(arrange(["2x4=8", "1+1=2"], ["9", "0"]), 2, "pass") == "numenko.seat"
    assert refused(arrange(["2x4=8", "1+1=2"], ["9", "0"]), 0, "draw 0:1") == "numenko.phase"
