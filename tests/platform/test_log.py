"""A finished Toy game's log leaves the site and comes back: exported, verified, imported."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from django.contrib.auth.models import User
from django.test import Client

from games.endings import abort
from games.events import store
from games.events.log import LogError, export_game, import_log, verify
from games.events.models import Chain
from games.lobby import game_join, game_open, game_start
from games.models import Game
from tests.chains import forged
from tests.platform.conftest import play_to_the_end, state_of

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


def test_a_called_off_games_log_is_refused_under_its_own_rule_not_a_cut_logs(
    duel: Game, alice: User
) -> None:
    """The refusal's rule tells a called-off game (no result to load) from a cut log."""
    abort(game=duel, user=alice)
    games = Game.objects.count()

    with pytest.raises(LogError) as refused:
        import_log(export_game(duel.pk))

    assert refused.value.rule == "log.called-off"
    assert Game.objects.count() == games


def test_a_toy_game_started_in_the_lobby_commits_to_chance_and_reveals_it_at_the_end(
    as_user: Callable[[User], Client], alice: User, bob: User, mallory: User
) -> None:
    """The lobby starts games without a caller's randomness: Toy's deal is drawn from a
    seed committed to on the table from the start, revealed with the salt in the replay
    once the game is over, and the log's every chance move checks against it."""
    game = game_open(
        creator=alice,
        name="Committed duel",
        rules="toy",
        config={"players": 2, "pile": 7},
        public=True,
    )
    game_join(game=game, user=bob, token=game.invite_token)
    game = game_start(game=game, by=alice)
    keys = Chain.objects.get(game=game)
    head = store.head(game.pk, game.last_sequence)
    assert keys.commitment and head is not None
    table = as_user(alice).get(f"/games/{game.pk}/").content.decode()
    assert f"chain head {head.short}" in table
    assert f"chance committed to: {keys.commitment[:12]}" in table
    # Below what a player reads to play: it is there for whoever checks the log.
    assert table.index("What happened") < table.index("chain head")
    assert keys.salt not in table and keys.seed not in table

    play_to_the_end(game)
    log = export_game(game.pk)
    assert verify(log).chance_checked and log["chain"]["seed"] == keys.seed
    replay = as_user(mallory).get(f"/games/{game.pk}/replay/").content.decode()
    assert keys.salt in replay and keys.seed in replay
