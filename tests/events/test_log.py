"""Exporting, verifying and importing a game's event log (`numx export|verify|import`)."""

import copy
import json
import random
from collections.abc import Callable
from io import StringIO
from pathlib import Path
from typing import Any, NamedTuple

import pytest
from django.core.management import CommandError, call_command
from django.db import transaction

from games.bots import play_bot_game
from games.engine.numx.history import CARD_EFFECTS
from games.engine.numx.payload_versions import plays_action_card
from games.events import store
from games.events.log import LogError, export_game, import_log, log_of_history, verify
from games.events.upcasting import upcasters
from games.models import Game
from games.registry import rule_set
from tests.chains import forged, unlinked

pytestmark = pytest.mark.django_db


class Played(NamedTuple):
    """A game of bots played through the store: its exported log, and what its table held."""

    log: dict[str, Any]
    state: Any
    scores: list[int | None]


@pytest.fixture(scope="module")
def played(django_db_setup: None, django_db_blocker: Any) -> Played:
    """One three-player X-Game for the whole module, played in a transaction rolled back at
    once: a game of bots takes seconds, and every test here reads or spoils a copy of its log
    (those that need a game in the database import one)."""
    with django_db_blocker.unblock(), transaction.atomic():
        game = play_bot_game({"players": 3, "mode": "x-game"}, random.Random(2))
        result = Played(
            export_game(game.pk),
            store.load(game.pk, "numx", cache=False).state,
            list(game.seats.values_list("score", flat=True)),
        )
        transaction.set_rollback(True)
    return result


@pytest.fixture
def log(played: Played) -> dict[str, Any]:
    return copy.deepcopy(played.log)


@pytest.fixture
def logged_game(log: dict[str, Any]) -> Game:
    """The module's game in the database, loaded from its log."""
    return import_log(copy.deepcopy(log), name="Logged")


def test_an_exported_log_holds_every_event_with_its_number_and_version(
    log: dict[str, Any],
) -> None:
    assert log["format"] == 2 and log["rules"] == "numx"
    numbers = [event["sequence"] for event in log["events"]]
    assert numbers == list(range(1, len(numbers) + 1))
    versions = upcasters(rule_set("numx"))
    assert all(event["version"] == versions.current(event["type"]) for event in log["events"])
    assert {event["version"] for event in log["events"]} == {1, 2}
    assert log["events"][0]["type"] == "created" and log["events"][-1]["type"] == "game-ended"


def test_verify_replays_the_log_and_gives_the_final_scores(log: dict[str, Any]) -> None:
    verified = verify(log)
    assert verified.events == len(log["events"])
    assert verified.summary["phase"] == "game-over"
    assert verified.summary["scores"] == log["events"][-1]["payload"]["scores"]


def test_an_import_is_a_new_game_with_the_same_history(played: Played) -> None:
    copy_ = import_log(copy.deepcopy(played.log), name="Replayed")
    assert copy_.name == "Replayed"
    assert copy_.status == Game.Status.FINISHED
    assert copy_.last_sequence == len(played.log["events"])
    assert store.load(copy_.pk, "numx").state == played.state
    assert list(copy_.seats.values_list("score", flat=True)) == played.scores


def corrupted(log: dict[str, Any], number: int, **changes: Any) -> dict[str, Any]:
    """``log`` with event ``number`` changed, and its chain forged to follow: what the
    replay alone must catch."""
    bad = copy.deepcopy(log)
    bad["events"][number - 1].update(changes)
    return forged(bad)


def first_move(log: dict[str, Any], kind: str) -> dict[str, Any]:
    return next(e for e in log["events"] if e["type"] == kind)


@pytest.mark.parametrize(
    ("spoil", "rule"),
    [
        (lambda log: corrupted(log, 5, sequence=7), "log.sequence"),
        (lambda log: corrupted(log, 1, type="deal"), "log.created"),
        (lambda log: corrupted(log, 4, type="pass"), "log.payload"),
        (lambda log: {**log, "format": 9}, "log.format"),
        (lambda log: {**log, "rules": "chess"}, "log.rules"),
    ],
)
def test_a_broken_log_is_reported_with_the_event_and_rule_at_fault(
    log: dict[str, Any], spoil: Callable[[dict[str, Any]], dict[str, Any]], rule: str
) -> None:
    with pytest.raises(LogError) as error:
        verify(spoil(log))
    assert error.value.rule == rule


def test_an_illegal_move_in_a_log_is_reported_with_its_sequence_and_rule(
    log: dict[str, Any],
) -> None:
    play = first_move(log, "play")
    bad = corrupted(log, play["sequence"], payload={"type": "pass"}, type="pass")
    with pytest.raises(LogError) as error:
        verify(bad)
    assert error.value.sequence == play["sequence"]
    assert error.value.rule in {"pli.open", "turn.not-yours", "block.blocked", "turn.waiting"}


def test_a_log_whose_draws_disagree_with_its_deal_is_refused(log: dict[str, Any]) -> None:
    draw = next(e for e in log["events"] if e["type"] == "draw")
    payload = copy.deepcopy(draw["payload"])
    payload["facts"]["from_pile"][str(draw["seat"])] = ["num-x"]
    with pytest.raises(LogError) as error:
        verify(corrupted(log, draw["sequence"], payload=payload))
    assert (error.value.sequence, error.value.rule) == (draw["sequence"], "log.facts")


def with_effects(log: dict[str, Any], *kinds: str) -> dict[str, Any]:
    """The first event of the log whose recorded effects hold one of ``kinds``."""
    return next(
        e for e in log["events"] if any(k in e["payload"].get("effects", {}) for k in kinds)
    )


def test_game_submit_records_an_action_cards_effects_beside_the_action(
    log: dict[str, Any], logged_game: Game
) -> None:
    """The log was written by game_submit; the states around each move are rebuilt from a
    copy of the game."""
    game = logged_game
    rules = rule_set("numx")
    played = [e for e in log["events"] if e["seat"] is not None and e["seat"] >= 0]
    recorded = [e for e in played if "effects" in e["payload"]]
    assert recorded, "the bots' game played Action cards that changed the table"
    for event in played:
        payload = event["payload"]
        before = store.load(game.pk, "numx", upto=event["sequence"] - 1, cache=False).state
        after = store.load(game.pk, "numx", upto=event["sequence"], cache=False).state
        action = rules.action_from_json(payload)
        expected = rules.effects(before, event["seat"], action, after)
        assert payload.get("effects", {}) == expected
        assert expected == {} or plays_action_card(payload)


@pytest.mark.parametrize(
    "spoil",
    [
        "rename a card",
        "forget an entry",
        "forget the effects",
        "claim they were not recorded",
        "invent effects",
    ],
)
def test_a_log_whose_effects_disagree_with_the_replay_is_refused(
    log: dict[str, Any], spoil: str
) -> None:
    event = with_effects(log, *CARD_EFFECTS)
    payload = copy.deepcopy(event["payload"])
    kind = next(k for k in CARD_EFFECTS if k in payload["effects"])
    target = event
    if spoil == "rename a card":
        payload["effects"][kind][0]["card"] = "num-x"
    elif spoil == "forget an entry":
        payload["effects"][kind] = payload["effects"][kind][1:]
    elif spoil == "forget the effects":
        del payload["effects"]
    elif spoil == "claim they were not recorded":
        payload["effects"] = None
    else:
        target = next(e for e in log["events"] if e["type"] == "pass")
        payload = {**target["payload"], "effects": {"blocked": [0]}}
    with pytest.raises(LogError) as error:
        verify(corrupted(log, target["sequence"], payload=payload))
    assert (error.value.sequence, error.value.rule) == (target["sequence"], "log.effects")


def test_a_log_of_a_history_played_elsewhere_records_effects_and_current_versions(
    log: dict[str, Any],
) -> None:
    rules = rule_set("numx")
    history = [
        (e["seat"], rules.action_from_json(e["payload"]))
        for e in log["events"]
        if e["seat"] is not None
    ]
    config = log["game"]["config"]
    rebuilt = log_of_history("numx", config, ["A", "B", "C"], history, "Elsewhere")

    assert [e["payload"] for e in rebuilt["events"][1:]] == [
        e["payload"] for e in log["events"][1:]
    ]
    assert [e["version"] for e in rebuilt["events"]] == [e["version"] for e in log["events"]]
    assert verify(rebuilt).summary == verify(log).summary


def test_a_log_that_forgets_a_milestone_is_refused(log: dict[str, Any]) -> None:
    bad = copy.deepcopy(log)
    bad["events"] = bad["events"][:-1]
    with pytest.raises(LogError) as error:
        verify(bad)
    assert error.value.rule == "log.milestone"


def test_a_log_that_does_not_verify_imports_nothing(log: dict[str, Any]) -> None:
    games = Game.objects.count()
    with pytest.raises(LogError):
        import_log(corrupted(log, 5, sequence=9))
    assert Game.objects.count() == games


def _with_empty(log: dict[str, Any], key: str) -> tuple[dict[str, Any], int]:
    """``log`` with its first pass written with ``key`` (``facts`` or ``effects``) empty,
    which the site never writes (chance decided nothing, no Action card did anything), its
    chain made to follow; and that pass's number."""
    passed = first_move(log, "pass")
    assert key not in passed["payload"]
    payload = {**passed["payload"], key: {}}
    return corrupted(log, passed["sequence"], payload=payload), passed["sequence"]


@pytest.mark.parametrize("key", ["facts", "effects"])
@pytest.mark.parametrize("chained", [True, False])
def test_a_log_with_empty_facts_or_effects_verifies_but_is_not_imported(
    log: dict[str, Any], chained: bool, key: str
) -> None:
    spoiled, number = _with_empty(log, key)
    if not chained:  # a log of format 1, which the import would chain itself
        spoiled = {**spoiled, "format": 1, "chain": None, "events": unlinked(spoiled["events"])}
    assert verify(spoiled).summary["over"]  # it says the same as a log without them
    games = Game.objects.count()

    with pytest.raises(LogError) as refused:
        import_log(spoiled)

    assert refused.value.sequence == number and refused.value.rule == f"log.empty-{key}"
    assert f"empty {key}" in str(refused.value)
    assert Game.objects.count() == games


def test_leaving_empty_facts_out_would_break_the_chain_at_their_event(
    log: dict[str, Any],
) -> None:
    """Why such a log is refused, not mended: its link hashes the ``{}``."""
    spoiled, number = _with_empty(log, "facts")
    del spoiled["events"][number - 1]["payload"]["facts"]

    with pytest.raises(LogError) as broken:
        verify(spoiled)

    assert broken.value.sequence == number and broken.value.rule == "log.chain"


def test_the_commands_export_verify_and_import(logged_game: Game, tmp_path: Path) -> None:
    game = logged_game
    path = tmp_path / "game.json"
    call_command("numx", "export", str(game.pk), "--output", str(path), stderr=StringIO())
    assert json.loads(path.read_text()) == export_game(game.pk)
    out = StringIO()
    call_command("numx", "verify", str(path), stdout=out)
    assert json.loads(out.getvalue())["events"] == game.last_sequence
    out = StringIO()
    call_command("numx", "import", str(path), "--name", "Copy", stdout=out)
    assert Game.objects.get(pk=json.loads(out.getvalue())["game_id"]).name == "Copy"


def test_the_import_command_reports_the_fault_and_imports_nothing(
    log: dict[str, Any], tmp_path: Path
) -> None:
    path = tmp_path / "bad.json"
    play = first_move(log, "play")
    path.write_text(json.dumps(corrupted(log, play["sequence"], payload={"type": "pass"})))
    games = Game.objects.count()
    with pytest.raises(CommandError, match=f"not imported: event {play['sequence']}"):
        call_command("numx", "import", str(path))
    assert Game.objects.count() == games
    with pytest.raises(CommandError, match="there is no game"):
        call_command("numx", "export", "999")


def test_simulate_persist_plays_through_the_store_and_lists_the_games() -> None:
    out = StringIO()
    call_command(
        "numx", "simulate", "--games", "2", "--players", "2", "--seed", "4", "--persist", stdout=out
    )
    summary = json.loads(out.getvalue())
    assert summary["games_finished"] == 2 and summary["errors"] == 0
    games = Game.objects.filter(pk__in=summary["game_ids"])
    assert [g.status for g in games] == [Game.Status.FINISHED] * 2
    for game in games:
        assert verify(export_game(game.pk)).summary["phase"] == "game-over"
