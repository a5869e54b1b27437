"""Invariants checked at every step of random games (2 to 6 players, both modes): every
applied action was legal for a seat that could act, a seat to act always may pass and
exchange, the 158 tiles are all somewhere, grids keep the rules, replays of the recorded
JSON give the same game, and every game ends with winners by the book."""

from __future__ import annotations

from itertools import islice

from hypothesis import given

from games.engine.numenko import (
    CHANCE,
    RULES,
    Mode,
    NumenkoConfig,
    Phase,
    Play,
    Tile,
    action_from_json,
    action_to_json,
    check_grid,
    legal_actions,
    new_game,
    outcome,
    to_act,
)
from games.engine.numenko.positions import arrange
from games.engine.numenko.state import Ending

from .conftest import modes, play, players, random_games, seeds, tiles_in_play, walk

many_games = random_games(12)


@many_games
@given(players=players, mode=modes, seed=seeds)
def test_every_applied_action_was_legal_for_a_seat_that_could_act(
    players: int, mode: Mode, seed: int
) -> None:
    for step in walk(players, mode, seed):
        assert step.seat in to_act(step.before)
        assert step.action in legal_actions(step.before, step.seat)
        for seat in (CHANCE, *range(players)):
            assert bool(legal_actions(step.before, seat)) == (seat in to_act(step.before))
        if step.seat != CHANCE:
            hand = step.before.hands[step.seat]
            assert hand and Play() in legal_actions(step.before, step.seat)
            assert Play(exchange=hand[0]) in legal_actions(step.before, step.seat)


@many_games
@given(players=players, mode=modes, seed=seeds)
def test_the_158_tiles_are_conserved_and_grids_keep_the_rules_at_every_step(
    players: int, mode: Mode, seed: int
) -> None:
    for step in walk(players, mode, seed):
        after = step.after
        assert tiles_in_play(after) == (150 if after.phase is Phase.DEAL else 158)
        for grid in after.grids:
            check_grid(grid)
        assert len(after.pot) <= len(step.before.pot) + 1 or step.before.phase is Phase.DEAL


@many_games
@given(players=players, mode=modes, seed=seeds)
def test_replaying_the_recorded_json_rebuilds_the_game_without_randomness(
    players: int, mode: Mode, seed: int
) -> None:
    steps = list(walk(players, mode, seed))
    state = new_game(NumenkoConfig(players, mode))
    for step in steps:
        state = RULES.apply(state, step.seat, action_from_json(action_to_json(step.action)))
    assert state == steps[-1].after


@many_games
@given(players=players, mode=modes, seed=seeds)
def test_every_game_ends_with_winners_by_the_book(players: int, mode: Mode, seed: int) -> None:
    steps = list(walk(players, mode, seed))
    final = steps[-1].after
    assert final.phase is Phase.GAME_OVER and not to_act(final)
    result = outcome(final)
    assert result is not None
    out = {seat for seat, hand in enumerate(final.hands) if not hand}
    if out:
        assert final.ending is Ending.SHORT and result.winners == out
    else:
        least = min(sum(tile.points for tile in hand) for hand in final.hands)
        assert result.winners == {
            seat for seat, hand in enumerate(final.hands) if sum(t.points for t in hand) == least
        }
    assert [sum(line.points for line in lines) for lines in result.breakdown] == list(result.scores)
    milestones = [name for step in steps for name, _ in RULES.milestones(step.before, step.after)]
    assert milestones[-1] == "game-ended" and milestones.count("game-ended") == 1
    rounds = milestones.count("round-ended")
    assert rounds == (final.round if mode is Mode.ROUNDS else 0)


@many_games
@given(players=players, mode=modes, seed=seeds)
def test_progress_says_the_round_and_who_is_awaited(players: int, mode: Mode, seed: int) -> None:
    for step in walk(players, mode, seed):
        progress = RULES.progress(step.after)
        assert progress.phase == step.after.phase.value
        assert progress.round == step.after.round
        assert CHANCE not in progress.awaiting
        assert progress.awaiting <= RULES.to_act(step.after)
        if mode is Mode.ROUNDS and step.after.phase is Phase.PLAY:
            assert progress.awaiting == {
                seat for seat, move in enumerate(step.after.submitted) if move is None
            }


def test_the_moves_listed_lazily_are_legal_and_distinct() -> None:
    """Grids are too many to list; the part listed (the grid kept, then grids of one
    calculation) holds legal moves only, and chance's deals and draws listed are legal."""
    state = arrange(["2x4=8", "1+1=2"], ["79MM3", "5M"])
    space = legal_actions(state, 0)
    assert not space.listable
    listed = list(islice(space, 300))
    assert len(set(listed)) == len(listed) == 300
    assert all(move in space for move in listed)
    assert listed[0] == Play() and Play(exchange=Tile.SEVEN) in listed
    deals = legal_actions(RULES.new_game({"players": 2}), CHANCE)
    assert all(deal in deals for deal in islice(deals, 3))
    asked = play(play(state, 0, "exchange 9"), 1, "exchange 5")
    draws = list(islice(legal_actions(asked, CHANCE), 50))
    assert {draw.order for draw in draws} <= {(0, 1), (1, 0)}  # type: ignore[union-attr]
    assert all(draw in legal_actions(asked, CHANCE) for draw in draws)
