"""A game's full event log as a file: export, verification and import.

The file is JSON: ``{"format": 1, "rules": ..., "game": {name, config, seats}, "events":
[{sequence, type, seat, payload, version, recorded_at}, ...]}``. Verifying replays every
event through the rules engine and checks what the log says chance decided (facts) and
which milestones followed, and the effects recorded for Action cards; the first fault is
reported with its sequence number and rule.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.dateparse import parse_datetime

from games.engine.ruleset import RuleSet
from games.events.models import Event
from games.events.store import CREATED, MILESTONES, action_json, action_payload
from games.events.upcasting import upcasters
from games.models import Game, Seat
from games.read_models import project
from games.registry import rule_set

LOG_FORMAT = 1


class LogError(ValueError):
    """A log that cannot be replayed: ``sequence`` (0 for the file itself) and ``rule``."""

    def __init__(self, sequence: int, rule: str, message: str) -> None:
        self.sequence = sequence
        self.rule = rule
        super().__init__(f"event {sequence}: {message} (rule {rule})")


@dataclass(frozen=True)
class Verified:
    """A log that replays: its final state and where it leaves the game (``_summary``)."""

    state: Any
    summary: dict[str, Any]
    events: int


def export_game(game_id: int) -> dict[str, Any]:
    """The game's whole log, every private fact included (for administrators and archives)."""
    game = Game.objects.get(pk=game_id)
    return {
        "format": LOG_FORMAT,
        "rules": game.rules,
        "game": {
            "name": game.name,
            "config": game.config,
            "seats": [
                {"name": seat.name, "bot": seat.is_bot} for seat in game.seats.order_by("number")
            ],
        },
        "events": [
            {
                "sequence": event.sequence,
                "type": event.type,
                "seat": event.seat,
                "payload": event.payload,
                "version": event.version,
                "recorded_at": event.recorded_at.isoformat(),
            }
            for event in Event.objects.filter(game_id=game_id).order_by("sequence")
        ],
    }


def log_of_history(
    rules_name: str,
    config: dict[str, Any],
    seats: list[str],
    history: list[tuple[int, Any]],
    name: str,
) -> dict[str, Any]:
    """A log for a game played elsewhere (in memory, by bots), with the facts and
    milestones the store would have recorded, ready for :func:`import_log`."""
    rules = rule_set(rules_name)
    now = timezone.now().isoformat()
    payloads: list[tuple[str, int | None, dict[str, Any]]] = [
        (
            CREATED,
            None,
            {
                "rules": rules_name,
                "config": config,
                "seats": [{"name": s, "bot": True} for s in seats],
            },
        )
    ]
    state = rules.new_game(config)
    for seat, action in history:
        after = rules.apply(state, seat, action)
        payload = action_payload(rules, state, seat, action, after)
        payloads.append((rules.action_type(action), seat, payload))
        payloads += [(kind, None, data) for kind, data in rules.milestones(state, after)]
        state = after
    return {
        "format": LOG_FORMAT,
        "rules": rules_name,
        "game": {
            "name": name,
            "config": config,
            "seats": [{"name": s, "bot": True} for s in seats],
        },
        "events": [
            {
                "sequence": n,
                "type": kind,
                "seat": seat,
                "payload": payload,
                "version": upcasters(rules).current(kind),
                "recorded_at": now,
            }
            for n, (kind, seat, payload) in enumerate(payloads, start=1)
        ],
    }


def verify(log: dict[str, Any]) -> Verified:
    """Replay ``log``, checking every event; raise :class:`LogError` at the first fault."""
    if not isinstance(log, dict) or log.get("format") != LOG_FORMAT:
        raise LogError(0, "log.format", f"not a NUM-X log of format {LOG_FORMAT}")
    try:
        rules = rule_set(str(log.get("rules")))
    except ValueError as error:
        raise LogError(0, "log.rules", str(error)) from None
    events = log.get("events")
    if not isinstance(events, list) or not events:
        raise LogError(0, "log.events", "the log has no events")
    state: Any = None
    expected: list[tuple[str, dict[str, Any]]] = []
    for number, event in enumerate(events, start=1):
        state, expected = _check(rules, log, number, event, state, expected)
    if expected:
        raise LogError(len(events), "log.milestone", f"the log ends before {expected[0][0]}")
    return Verified(state, _summary(rules, state), len(events))


def _summary(rules: RuleSet, state: Any) -> dict[str, Any]:
    """Where a verified log leaves its game, as JSON: phase, round, step, awaited seats,
    and once it is over the scores and winners (else None)."""
    progress = rules.progress(state)
    outcome = rules.outcome(state)
    return {
        "phase": progress.phase,
        "round": progress.round,
        "step": progress.step,
        "awaiting": sorted(progress.awaiting),
        "scores": None if outcome is None else list(outcome.scores),
        "winners": None if outcome is None else sorted(outcome.winners),
    }


def _check(
    rules: RuleSet,
    log: dict[str, Any],
    number: int,
    event: Any,
    state: Any,
    expected: list[tuple[str, dict[str, Any]]],
) -> tuple[Any, list[tuple[str, dict[str, Any]]]]:
    """One event: its place, its legality, its facts and effects; returns the state and the
    milestones the rules expect next.

    Effects read as ``None`` (a version-1 event, written before they were recorded: see
    the rule set's ``payload_upcasters``) are not checked; a current event must record them, and
    records none exactly when the action had none."""
    if not isinstance(event, dict) or event.get("sequence") != number:
        raise LogError(number, "log.sequence", "events must be numbered 1, 2, 3... without gaps")
    kind = event.get("type")
    try:
        payload = upcasters(rules).upcast(
            str(kind), int(event.get("version", 1)), dict(event["payload"])
        )
    except (KeyError, TypeError, ValueError) as error:
        raise LogError(number, "log.payload", f"unreadable payload: {error}") from None
    if expected:
        if (kind, payload) != expected[0]:
            raise LogError(number, "log.milestone", f"the rules expect {expected[0][0]} here")
        return state, expected[1:]
    if kind == CREATED:
        if number != 1 or payload.get("config") != log.get("game", {}).get("config"):
            raise LogError(number, "log.created", "a log starts with its game's creation")
        try:
            return rules.new_game(payload["config"]), []
        except ValueError as error:
            raise LogError(number, "log.created", str(error)) from None
    if number == 1:
        raise LogError(number, "log.created", "a log starts with its game's creation")
    if kind in MILESTONES:
        raise LogError(number, "log.milestone", f"the rules did not lead to {kind} here")
    try:
        action = rules.action_from_json(action_json(payload))
        after = rules.apply(state, int(event["seat"]), action)
    except (KeyError, TypeError) as error:
        raise LogError(number, "log.payload", f"unreadable event: {error}") from None
    except ValueError as error:
        raise LogError(number, getattr(error, "rule", "notation"), str(error)) from None
    if rules.action_type(action) != kind:
        raise LogError(number, "log.payload", f"a {rules.action_type(action)} recorded as {kind}")
    if payload.get("facts", {}) != rules.facts(state, after):
        raise LogError(
            number, "log.facts", "what the log says the cards gave is not what they give"
        )
    recorded = payload.get("effects", {})
    if recorded is None:
        if int(event.get("version", 1)) >= upcasters(rules).current(str(kind)):
            raise LogError(number, "log.effects", "an event of this version records its effects")
    elif recorded != rules.effects(state, int(event["seat"]), action, after):
        raise LogError(
            number, "log.effects", "what the log says the Action card did is not what it does"
        )
    return after, rules.milestones(state, after)


def import_log(log: dict[str, Any], name: str | None = None) -> Game:
    """Verify ``log`` and load it as a new public game (seats without users: nobody here
    played it, so only a public game is seen at all); nothing is written if it does not
    verify."""
    verified = verify(log)
    rules = rule_set(log["rules"])
    details = log.get("game", {})
    seats = details.get("seats") or []
    if len(seats) != details["config"].get("players"):
        raise LogError(0, "log.seats", "the log names one seat per player")
    with transaction.atomic():
        game = Game.objects.create(
            name=name or details.get("name") or "Imported game",
            rules=log["rules"],
            config=details["config"],
            is_public=True,
        )
        Seat.objects.bulk_create(
            Seat(
                game=game,
                number=number,
                name=str(seat.get("name") or f"Seat {number}"),
                is_bot=bool(seat.get("bot")),
            )
            for number, seat in enumerate(seats)
        )
        Event.objects.bulk_create(
            Event(
                game=game,
                sequence=event["sequence"],
                type=event["type"],
                payload=event["payload"],
                seat=event["seat"],
                version=event.get("version", 1),
                recorded_at=parse_datetime(str(event.get("recorded_at"))) or timezone.now(),
            )
            for event in log["events"]
        )
        project(game.pk, rules, verified.state, len(log["events"]))
    game.refresh_from_db()
    return game
