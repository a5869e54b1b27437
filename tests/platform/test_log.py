"""A finished Toy game's log leaves the site and comes back: exported, verified, imported."""

from __future__ import annotations

import pytest

from games.events.log import LogError, export_game, import_log, verify
from games.models import Game
from tests.chains import forged
from tests.platform.conftest import state_of

pytestmark = pytest.mark.django_db


def test_a_finished_toy_game_exports_verifies_and_imports_as_the_same_game(
    finished_duel: Game,
) -> None:
    log = export_game(finished_duel.pk)
    assert log["rules"] == "toy"

    verified = verify(log)
    assert verified.summary["phase"] == "game-over"
    assert verified.events == finished_duel.last_sequence

    imported = import_log(log, name="Toy duel, again")
    assert imported.rules == "toy" and imported.status == Game.Status.FINISHED
    assert state_of(imported) == state_of(finished_duel)
    assert list(imported.seats.values_list("winner", flat=True)) == list(
        finished_duel.seats.order_by("number").values_list("winner", flat=True)
    )


def test_a_log_whose_move_the_rules_refuse_is_rejected_naming_the_rule(
    finished_duel: Game,
) -> None:
    log = export_game(finished_duel.pk)
    first_take = next(event for event in log["events"] if event["type"] == "take")
    first_take["seat"] = 1  # Bob did not play first

    with pytest.raises(LogError) as refused:
        verify(forged(log))
    assert (refused.value.sequence, refused.value.rule) == (first_take["sequence"], "turn.order")


def test_a_log_that_hides_the_game_end_is_rejected(finished_duel: Game) -> None:
    log = export_game(finished_duel.pk)
    log["events"] = [event for event in log["events"] if event["type"] != "game-ended"]

    with pytest.raises(LogError) as refused:
        verify(log)
    assert refused.value.rule == "log.milestone"
