"""Every registered game, and the platform's test game, passes the conformance kit
(``games.engine.conformance``): a game's registry line is enough to be checked."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import pytest

from games.engine.conformance import Nonconforming, check_bot, check_game
from games.registry import game_ids, rule_set
from tests.toygame.rules import CHARMS, ToyState
from tests.toygame.rules import RULES as TOY

#: The random games whose positions a game's bot is checked in, and one position in how
#: many: every position of a dozen games, but for Numenko, whose bot solves a grid (a
#: quarter of a second a move here) and whose random games run long.
BOT_LOOKS = {"numenko": (4, 40)}


@pytest.mark.parametrize("game_id", game_ids())
def test_every_registered_game_conforms(game_id: str) -> None:
    assert check_game(rule_set(game_id)) > 0


@pytest.mark.parametrize("game_id", game_ids())
def test_every_registered_games_bot_plays_only_on_what_its_seat_knows(game_id: str) -> None:
    # The bot plays the site's bot seats and moves for absent players: a move that followed
    # a card its seat has not seen would tell every onlooker something of that card.
    games, look_every = BOT_LOOKS.get(game_id, (12, 1))
    assert check_bot(rule_set(game_id), games, look_every) > 0


def test_the_test_game_conforms() -> None:
    assert check_game(TOY) > 0


class LeakyToy(type(TOY)):  # type: ignore[misc]
    """Toy whose view shows every seat's bid while the others still bid (as Goofspiel's first
    view did), though its log hides them."""

    def view(self, state: Any, seat: int | None, reveal: bool = False) -> dict[str, Any]:
        return {**super().view(state, seat, reveal), "bids": list(state.bids)}


class MilestoneToy(type(TOY)):  # type: ignore[misc]
    """Toy that records a milestone the event store would replay as a move."""

    def milestones(self, before: Any, after: Any) -> list[tuple[str, dict[str, Any]]]:
        return [("trick-ended", {})]


class EndlessToy(type(TOY)):  # type: ignore[misc]
    """Toy that takes a move once the game is over, leaving the game as it was."""

    def apply(self, state: ToyState, seat: int, action: Any) -> ToyState:
        if state.winner is not None:
            return state
        return super().apply(state, seat, action)  # type: ignore[no-any-return]


def test_the_kit_catches_a_game_that_takes_a_move_once_it_is_over() -> None:
    with pytest.raises(Nonconforming, match="the game is over, yet seat 0 was let play it"):
        check_game(EndlessToy())


def test_the_kit_catches_a_view_that_shows_what_the_log_hides() -> None:
    with pytest.raises(Nonconforming, match="view tells whether seat"):
        check_game(LeakyToy())


def test_the_kit_catches_a_milestone_the_store_does_not_know() -> None:
    with pytest.raises(Nonconforming, match="milestone type 'trick-ended'"):
        check_game(MilestoneToy())


class CharmReadingToy(type(TOY)):  # type: ignore[misc]
    """Toy with a ``determinize`` (the other seats' charms dealt again) and a bot that takes
    as many tokens as the next seat's secret charm says: it reads what its seat has not
    seen."""

    def determinize(self, state: ToyState, seat: int, rng: random.Random) -> ToyState:
        if not state.charms:
            return state
        others = rng.sample([c for c in CHARMS if c != state.charms[seat]], state.players - 1)
        charms = [*others[:seat], state.charms[seat], *others[seat:]]
        return replace(state, charms=tuple(charms))

    def bot_action(self, state: ToyState, seat: int, rng: random.Random) -> Any:
        legal = self.legal_actions(state, seat).actions
        if not state.charms or state.bidding:
            return rng.choice(legal)
        charm = state.charms[(seat + 1) % state.players]
        return legal[CHARMS.index(charm) % len(legal)]


def test_the_kit_catches_a_bot_that_reads_a_secret_of_another_seat() -> None:
    with pytest.raises(Nonconforming, match=r"the bot plays take \d for seat"):
        check_bot(CharmReadingToy(), games=4)
