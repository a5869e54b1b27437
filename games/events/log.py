"""A game's full event log as a file: export, verification and import.

The file is JSON: ``{"format": 2, "rules": ..., "game": {name, config, seats}, "chain":
{header, salt, commitment, seed, linked_late_by, linked_late_through}, "events":
[{sequence, type, seat, payload, version, recorded_at, hash}, ...]}``: each event with its
link in the game's hash chain (:mod:`games.events.chain`), and the chain's keys. Verifying
checks each event's link, then replays it through the rules engine and checks what the log
says chance decided (facts; with a seed, that each chance move is the one the seed draws)
and which milestones followed, and the effects recorded for Action cards; the first fault
is reported with its sequence number and rule. Heads printed elsewhere (emails, the table,
the API) can be checked against the log as ``witnesses``.

A log of format 1 (before chains) has no chain: it is verified by its replay alone, and
imported with a chain made at the import (marked so).

Who played and which game it was are vouched for by the chain, not by the header: the
creation (event 1) records the seats and, since games were named in it, the game (site,
number, name); the header (``game``) must say the same, and an import takes them from
there. A log that does not end its game may have been cut: it verifies for what it holds
(its report says the game is not over in it), and is not imported.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.conf import settings
from django.db import transaction
from django.utils import timezone
from django.utils.dateparse import parse_datetime

from games.engine.ruleset import RuleSet
from games.events import chain
from games.events.models import Chain, Event, Link
from games.events.store import (
    ABORTED,
    CREATED,
    MILESTONES,
    PLATFORM_EVENTS,
    RESIGNED,
    WITHDRAWN,
    action_json,
    action_payload,
)
from games.events.upcasting import upcasters
from games.models import Game, Seat
from games.read_models import project
from games.registry import rule_set
from games.results import ranked

LOG_FORMAT = 2
#: Logs exported before chains: no chain, verified by replay alone.
UNCHAINED_FORMAT = 1


class LogError(ValueError):
    """A log that cannot be replayed: ``sequence`` (0 for the file itself) and ``rule``."""

    def __init__(self, sequence: int, rule: str, message: str) -> None:
        self.sequence = sequence
        self.rule = rule
        super().__init__(f"event {sequence}: {message} (rule {rule})")


@dataclass(frozen=True)
class Verified:
    """A log that replays: its final state and where it leaves the game (``_summary``);
    its chain's head (None: a log of format 1), and whether its chance moves were checked
    against a seed revealed (and from which event on: after ``linked_late_through``).
    ``vouched``: who played and which game it was, as its creation recorded them
    (:func:`vouched`; None: a log of format 1, whose events no chain vouches for)."""

    state: Any
    summary: dict[str, Any]
    events: int
    head: str | None = None
    chance_checked: bool = False
    vouched: dict[str, Any] | None = None

    def report(self) -> dict[str, Any]:
        """What ``manage.py numx verify`` prints."""
        return {
            "events": self.events,
            **self.summary,
            "chain_head": self.head,
            "chance_checked": self.chance_checked,
            "vouched": self.vouched,
        }


def vouched(created: dict[str, Any]) -> dict[str, Any]:
    """What a game's creation (its event 1, a ``created`` payload) records of who played
    and which game it is: the site, the game's number there and its name (None for the
    games created before they were recorded), and the seats (names and bots).

    >>> vouched({"seats": [{"name": "Ada", "bot": False}]})
    {'site': None, 'id': None, 'name': None, 'seats': [{'name': 'Ada', 'bot': False}]}
    """
    game = created.get("game") or {}
    return {
        "site": game.get("site"),
        "id": game.get("id"),
        "name": game.get("name"),
        "seats": created.get("seats"),
    }


def export_game(game_id: int) -> dict[str, Any]:
    """The game's whole log, every private fact included, and its chain with its secrets
    (for administrators and archives; the API serves a finished game's only). Its header
    names the game and its players as the creation recorded them (a player renamed since
    is named as then), which :func:`verify` requires."""
    game = Game.objects.get(pk=game_id)
    keys = Chain.objects.filter(game_id=game_id).first()
    links = dict(Link.objects.filter(game_id=game_id).values_list("sequence", "hash"))
    events = [
        {
            "sequence": event.sequence,
            "type": event.type,
            "seat": event.seat,
            "payload": event.payload,
            "version": event.version,
            "recorded_at": event.recorded_at.isoformat(),
            "hash": links.get(event.sequence),
        }
        for event in Event.objects.filter(game_id=game_id).order_by("sequence")
    ]
    recorded = vouched(events[0]["payload"]) if events else {}
    header = {key: recorded[key] for key in ("site", "id") if recorded.get(key) is not None}
    seats = [{"name": seat.name, "bot": seat.is_bot} for seat in game.seats.order_by("number")]
    return {
        "format": LOG_FORMAT,
        "rules": game.rules,
        "game": {
            **header,
            # The stored name, not Game.display_name: a log is the same file for whoever
            # reads it, and the game it imports into is named as typed.
            "name": recorded.get("name") or game.name,
            "config": game.config,
            "seats": recorded.get("seats") or seats,
        },
        "chain": None if keys is None else _keys(keys, links.get(0)),
        "events": events,
    }


def _keys(keys: Chain, start: str | None) -> dict[str, Any]:
    """A chain's section of a log file."""
    return {
        "header": start,
        "salt": keys.salt,
        "commitment": keys.commitment or None,
        "seed": keys.seed or None,
        "linked_late_by": keys.linked_late_by or None,
        "linked_late_through": keys.linked_late_through,
    }


def link_log(log: dict[str, Any], keys: Chain) -> dict[str, Any]:
    """``log`` with the chain of ``keys`` (an unsaved :class:`Chain`): its header's hash and
    each event's link computed now (a log made here, or one of format 1 being imported)."""
    committed = keys.commitment
    game_header = chain.header(log["rules"], log["game"]["config"], committed)
    previous = start = chain.header_hash(keys.salt, game_header)
    events = []
    for event in log["events"]:
        previous = chain.link_hash(previous, keys.salt, _linked(event, int(event["sequence"])))
        events.append({**event, "hash": previous})
    return {**log, "format": LOG_FORMAT, "chain": _keys(keys, start), "events": events}


def _linked(event: dict[str, Any], number: int) -> dict[str, Any]:
    """The event of a log file as its link hashes it; :class:`LogError` if it cannot be."""
    try:
        moment = datetime.fromisoformat(str(event["recorded_at"]))
        if moment.tzinfo is None:
            raise ValueError("a recording time without its time zone")
        return chain.event_json(
            number,
            str(event["type"]),
            event["seat"],
            dict(event["payload"]),
            int(event["version"]),
            moment,
        )
    except (KeyError, TypeError, ValueError) as error:
        raise LogError(number, "log.payload", f"unreadable event: {error}") from None


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
                # Played here, in memory: no game of the site had it before its import.
                "game": {"site": settings.SITE_URL, "id": None, "name": name},
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
    log = {
        "format": UNCHAINED_FORMAT,
        "rules": rules_name,
        "game": {
            "site": settings.SITE_URL,
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
    # Played elsewhere, its chance drawn by its caller: a chain without a seed.
    return link_log(log, Chain(salt=chain.new_secret()))


def verify(log: dict[str, Any], witnesses: Mapping[int, str] | None = None) -> Verified:
    """Check ``log``'s chain and replay it, checking every event; raise :class:`LogError`
    at the first fault. ``witnesses``: heads printed elsewhere (event number → its hash, or
    the start of it, as emails and the table print it), which the log's links must match.
    """
    if not isinstance(log, dict) or log.get("format") not in (LOG_FORMAT, UNCHAINED_FORMAT):
        raise LogError(0, "log.format", f"not a NUM-X log of format {LOG_FORMAT}")
    try:
        rules = rule_set(str(log.get("rules")))
    except ValueError as error:
        raise LogError(0, "log.rules", str(error)) from None
    events = log.get("events")
    if not isinstance(events, list) or not events:
        raise LogError(0, "log.events", "the log has no events")
    links = _Links.of(log)
    if links is None and witnesses:
        raise LogError(0, "log.witness", "a log of format 1 has no chain to hold witnesses to")
    state: Any = None
    expected: list[tuple[str, dict[str, Any]]] = []
    resigned: set[int] = set()
    aborted = False
    for number, event in enumerate(events, start=1):
        if links is not None:
            links.check(number, event)
        if aborted:
            raise LogError(number, "log.aborted", "a game called off records nothing after it")
        if isinstance(event, dict) and event.get("type") in PLATFORM_EVENTS:
            seat = _check_ending(rules, log, number, event, state, expected, resigned)
            resigned |= {seat} if event["type"] == RESIGNED else set()
            aborted = event["type"] == ABORTED
            continue
        draw = links.chance_at if links is not None else _no_chance_check
        state, expected = _check(rules, log, number, event, state, expected, draw)
    if expected:
        raise LogError(len(events), "log.milestone", f"the log ends before {expected[0][0]}")
    for number, printed in sorted((witnesses or {}).items()):
        _witness(events, number, printed)
    return Verified(
        state,
        _summary(rules, state, resigned, aborted),
        len(events),
        head=None if links is None else links.previous,
        chance_checked=links is not None and bool(links.seed),
        vouched=None if links is None else vouched(events[0]["payload"]),
    )


def _no_chance_check(sequence: int) -> None:
    return None


class _Links:
    """A log's chain, checked link by link as the log is read."""

    def __init__(self, salt: str, previous: str, seed: str, after: int) -> None:
        self.salt = salt
        self.previous = previous
        self.seed = seed
        self.after = after

    @classmethod
    def of(cls, log: dict[str, Any]) -> _Links | None:
        """The chain's start, checked: the header's hash from the salt (link 0), and the
        commitment from the revealed seed; None for a log of format 1."""
        if log["format"] == UNCHAINED_FORMAT:
            return None
        keys = log.get("chain")
        if not isinstance(keys, dict):
            raise LogError(0, "log.chain", "a log of format 2 holds its chain")
        try:
            salt = _hex(keys.get("salt"))
            committed = _hex(keys.get("commitment"), missing="")
            seed = _hex(keys.get("seed"), missing="")
            start = chain.header_hash(
                salt, chain.header(log["rules"], log["game"]["config"], committed)
            )
            after = int(keys.get("linked_late_through") or 0)
            Chain.LinkedLate(keys.get("linked_late_by") or "")
        except (KeyError, TypeError, ValueError) as error:
            raise LogError(0, "log.chain", f"unreadable chain: {error}") from None
        if start != keys.get("header"):
            raise LogError(
                0,
                "log.chain",
                "link 0 is not the hash of the game's header: the salt, the rules, the "
                "configuration or the chance commitment is not what it was",
            )
        if seed and chain.commitment(salt, seed) != committed:
            raise LogError(0, "log.commitment", "the seed revealed is not the one committed to")
        return cls(salt, start, seed, after)

    def check(self, number: int, event: Any) -> None:
        """Event ``number``'s link must follow from the one before it."""
        if not isinstance(event, dict) or event.get("sequence") != number:
            raise LogError(
                number, "log.sequence", "events must be numbered 1, 2, 3... without gaps"
            )
        link = chain.link_hash(self.previous, self.salt, _linked(event, number))
        if event.get("hash") != link:
            raise LogError(
                number,
                "log.chain",
                f"the chain breaks at event {number}: its hash does not follow from the "
                "event and the link before it (changed, moved or removed)",
            )
        self.previous = link

    def chance_at(self, sequence: int) -> random.Random | None:
        """The generator chance's move at ``sequence`` was drawn with, if the log reveals
        the seed it was committed to (and the event was recorded under it)."""
        if not self.seed or sequence <= self.after:
            return None
        return chain.chance_rng(self.seed, sequence)


def _hex(value: Any, missing: str | None = None) -> str:
    """A hash or a secret of a log's chain: 64 lowercase hex digits (``missing`` if null).

    >>> _hex("AB" * 32)
    Traceback (most recent call last):
    ...
    ValueError: a salt, seed or hash is 64 lowercase hex digits
    """
    if value is None and missing is not None:
        return missing
    if not isinstance(value, str) or len(value) != 64 or set(value) - set("0123456789abcdef"):
        raise ValueError("a salt, seed or hash is 64 lowercase hex digits")
    return value


def _witness(events: list[dict[str, Any]], number: int, printed: str) -> None:
    """A head printed elsewhere for event ``number`` must start the log's link there."""
    link = events[number - 1].get("hash") if 1 <= number <= len(events) else None
    if len(printed) < chain.SHORT or link is None or not link.startswith(printed.lower()):
        raise LogError(
            number,
            "log.witness",
            f"the head printed for event {number} ({printed}) is not this log's",
        )


def _summary(rules: RuleSet, state: Any, resigned: set[int], aborted: bool) -> dict[str, Any]:
    """Where a verified log leaves its game, as JSON: phase, round, step, awaited seats,
    and once it is over the scores and winners (else None), the players' resignations
    counted (``games.results``); the seats that resigned, and whether it was called off."""
    progress = rules.progress(state)
    outcome = rules.outcome(state)
    if outcome is not None:
        outcome = ranked(outcome, resigned)
    return {
        "over": outcome is not None,
        "phase": progress.phase,
        "round": progress.round,
        "step": progress.step,
        "awaiting": sorted(progress.awaiting),
        "scores": None if outcome is None else list(outcome.scores),
        "winners": None if outcome is None else sorted(outcome.winners),
        "resigned": sorted(resigned),
        "aborted": aborted,
    }


def _check_ending(
    rules: RuleSet,
    log: dict[str, Any],
    number: int,
    event: dict[str, Any],
    state: Any,
    expected: list[tuple[str, dict[str, Any]]],
    resigned: set[int],
) -> int:
    """A resignation or a call-off (``games.endings``): the seat it names, which must be
    a player's (once each for a resignation), in a game begun and not over, at no place
    where the rules expect a milestone; it records nothing more, but for a resignation a
    withdrawal recorded (its ``WITHDRAWN``, true)."""
    if event.get("sequence") != number:
        raise LogError(number, "log.sequence", "events must be numbered 1, 2, 3... without gaps")
    kind = event["type"]
    if number == 1 or state is None:
        raise LogError(number, "log.created", "a log starts with its game's creation")
    if expected:
        raise LogError(number, "log.milestone", f"the rules expect {expected[0][0]} here")
    if rules.outcome(state) is not None:
        raise LogError(number, "log.ending", f"a game over records no {kind}")
    seat = event.get("seat")
    players = log.get("game", {}).get("config", {}).get("players")
    if not isinstance(seat, int) or not isinstance(players, int) or not 0 <= seat < players:
        raise LogError(number, "log.ending", f"a {kind} names a player's seat")
    payload = event.get("payload")
    # True itself: 1 == True, and a log holding 1 is not what the site records.
    by_withdrawal = kind == RESIGNED and payload == {WITHDRAWN: True} and payload[WITHDRAWN] is True
    if payload != {} and not by_withdrawal:
        more = (
            f", and whether a withdrawal recorded it ({WITHDRAWN}: true)"
            if kind == RESIGNED
            else ""
        )
        raise LogError(number, "log.payload", f"a {kind} records nothing but its seat{more}")
    if kind == RESIGNED and seat in resigned:
        raise LogError(number, "log.ending", f"seat {seat} resigned already")
    return seat


def _check(
    rules: RuleSet,
    log: dict[str, Any],
    number: int,
    event: Any,
    state: Any,
    expected: list[tuple[str, dict[str, Any]]],
    chance_at: Callable[[int], random.Random | None],
) -> tuple[Any, list[tuple[str, dict[str, Any]]]]:
    """One event: its place, its legality, its facts and effects, and for chance's move
    the one ``chance_at`` its number draws (if it gives a generator); returns the state
    and the milestones the rules expect next.

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
        _check_header(log.get("game", {}), vouched(payload))
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
    drawn = chance_at(number) if int(event["seat"]) == rules.chance else None
    if drawn is not None:
        chance = rules.chance_action(state, drawn)
        if chance is None or rules.action_to_json(chance) != rules.action_to_json(action):
            raise LogError(
                number, "log.chance", "this chance move is not the one the committed seed draws"
            )
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


def _check_header(header: dict[str, Any], recorded: dict[str, Any]) -> None:
    """The log's header must say of the game and its players what its creation recorded
    (what the creation does not record, the header is free to say: it is vouched for by
    nothing, and nothing takes it from there)."""
    for key, value in recorded.items():
        if value is not None and header.get(key) != value:
            raise LogError(
                1,
                "log.header",
                f"the log's header gives the game's {key} as {header.get(key)!r}, where its "
                f"creation (event 1, in the chain) recorded {value!r}",
            )


def import_log(log: dict[str, Any], name: str | None = None) -> Game:
    """Verify ``log`` and load it as a new public game (seats without users: nobody here
    played it, so only a public game is seen at all) with its chain as the log holds it (a
    log of format 1 gets one now, marked as linked at the import); nothing is written if
    it does not verify, or if the game is not over in it (cut, or exported while it ran:
    loaded, its bots and clock would play on) or called off (no result to load), or if an
    event writes empty facts or effects (:func:`_refuse_empty_records`). The game is called
    ``name``, else as its creation recorded (never as an unvouched header says), and its
    seats as recorded."""
    verified = verify(log)
    if verified.summary["aborted"]:
        # Ended, but with no result: nothing to look back on or rate, and loaded as it is
        # it would be a game being played (the read models know a result or no end).
        raise LogError(
            verified.events,
            "log.called-off",
            f"the game was called off at event {verified.events}, before anybody moved: "
            "it has no result, and only a finished game's log is imported",
        )
    _refuse_empty_records(log["events"])
    if not verified.summary["over"]:
        raise LogError(
            verified.events,
            "log.unfinished",
            f"the game is not over at event {verified.events}, where the log stops: it may "
            "have been cut, and only a finished game's log is imported",
        )
    # A log of format 1 vouches for nothing (no chain): its creation still seats the game,
    # but gives it no name.
    recorded = vouched(log["events"][0]["payload"])
    if log["format"] == UNCHAINED_FORMAT:
        late = Chain.LinkedLate.IMPORT
        keys = Chain(
            salt=chain.new_secret(), linked_late_by=late, linked_late_through=len(log["events"])
        )
        log = link_log(log, keys)
    rules = rule_set(log["rules"])
    details = log.get("game", {})
    seats = recorded["seats"] or details.get("seats") or []
    if len(seats) != details["config"].get("players"):
        raise LogError(0, "log.seats", "the log names one seat per player")
    with transaction.atomic():
        game = Game.objects.create(
            name=name or (verified.vouched or {}).get("name") or "Imported game",
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
        # Before the read models are projected: the winners count the resignations.
        resignations = {
            event["seat"]: parse_datetime(str(event.get("recorded_at"))) or timezone.now()
            for event in log["events"]
            if event["type"] == RESIGNED
        }
        for number, at in resignations.items():
            Seat.objects.filter(game=game, number=number).update(resigned=True, handed_over_at=at)
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
        _write_chain(game, log)
        project(game.pk, rules, verified.state, len(log["events"]))
    game.refresh_from_db()
    return game


def _refuse_empty_records(events: list[dict[str, Any]]) -> None:
    """:class:`LogError` (rule ``log.empty-facts`` or ``log.empty-effects``) at the first
    event that writes ``"facts": {}`` or ``"effects": {}``, which the site leaves out
    (``store.action_payload``): imported, the game would export a log unlike any the site
    writes, facts the schema refuses (docs/logs.md). Not mended by leaving them out, which
    would break the event's link: the chain hashes the payload as written, ``{}`` included."""
    for event in events:
        for key in ("facts", "effects"):
            if event["payload"].get(key) == {}:
                raise LogError(
                    event["sequence"],
                    f"log.empty-{key}",
                    f'empty {key} ("{key}": {{}}), which a log leaves out when there are none: '
                    "the game would export a log unlike any the site writes, and dropping them "
                    "here would break the chain, which hashes the event as written",
                )


def _write_chain(game: Game, log: dict[str, Any]) -> None:
    """Record the chain of a verified ``log`` (of format 2) as ``game``'s."""
    keys = log["chain"]
    Chain.objects.create(
        game=game,
        salt=keys["salt"],
        seed=keys.get("seed") or "",
        commitment=keys.get("commitment") or "",
        linked_late_by=keys.get("linked_late_by") or "",
        linked_late_through=int(keys.get("linked_late_through") or 0),
    )
    links = [(0, keys["header"]), *((event["sequence"], event["hash"]) for event in log["events"])]
    Link.objects.bulk_create(
        Link(game=game, sequence=sequence, hash=link) for sequence, link in links
    )
