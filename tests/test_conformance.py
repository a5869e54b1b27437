"""Every registered game, and the platform's test game, passes the conformance kit
(``games.engine.conformance``): a game's registry line is enough to be checked."""

from __future__ import annotations

from typing import Any

import pytest

from games.engine.conformance import Nonconforming, check_game
from games.registry import game_ids, rule_set
from tests.toygame.rules import RULES as TOY


@pytest.mark.parametrize("game_id", game_ids())
def test_every_registered_game_conforms(game_id: str) -> None:
    assert check_game(rule_set(game_id)) > 0


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


def test_the_kit_catches_a_view_that_shows_what_the_log_hides() -> None:
    with pytest.raises(Nonconforming, match="view tells whether seat"):
        check_game(LeakyToy())


def test_the_kit_catches_a_milestone_the_store_does_not_know() -> None:
    with pytest.raises(Nonconforming, match="milestone type 'trick-ended'"):
        check_game(MilestoneToy())
