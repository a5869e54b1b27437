"""Each game's hash chain: every event linked to its predecessor, and chance committed to.

A link is ``SHA-256(LINK_TAG ‖ previous link ‖ salt ‖ canonical JSON of the event)``, the
event being what a log file holds of it (:func:`event_json`), in RFC 8785 canonical JSON.
Link 0, where the chain starts, is ``SHA-256(HEADER_TAG ‖ salt ‖ canonical JSON of the
game's header)``: its rules, configuration and chance commitment. The latest link, the
*head*, is printed (short) on the table and in every game email: each one a witness that
the log up to that event was what it is, which the whole log can later be checked against.

The salt is the game's secret until the game is over. Without it, a player who read the
previous head and knows everything of the next event but a hidden fact (Maya's secret
number: 21 values) could hash each guess and compare it with the next head printed; with
32 random bytes mixed into every link, no guess can be checked.

Chance is committed to: every chance move of a game is drawn from its ``seed``
(:func:`chance_rng`: one generator per event number, so that a move drawn in any process
at any time is the same), and ``SHA-256(salt ‖ seed)`` is in the header from the start.
Once the game is over, salt and seed are revealed (its export, its replay), and anyone can
check that every deal and shuffle recorded is the one the seed gives: nobody changed the
deck mid-game.

Pure functions of plain values: the store, the log files and the migration that chained
the existing games all use them.
"""

from __future__ import annotations

import hashlib
import json
import random
import secrets
from datetime import UTC, datetime
from typing import Any

import rfc8785

HEADER_TAG = b"numx-by-mail/log-header/v1\x00"
LINK_TAG = b"numx-by-mail/log-link/v1\x00"
CHANCE_TAG = b"numx-by-mail/chance/v1\x00"
#: Hex digits of a head as printed (48 bits: no forged log matches a printed head by luck).
SHORT = 12


def new_secret() -> str:
    """32 random bytes in hex: a salt or a seed.

    >>> len(new_secret())
    64
    """
    return secrets.token_hex(32)


def commitment(salt: str, seed: str) -> str:
    """What a game publishes of its seed from the start: ``SHA-256(salt ‖ seed)``."""
    return hashlib.sha256(bytes.fromhex(salt) + bytes.fromhex(seed)).hexdigest()


def header(rules: str, config: dict[str, Any], committed: str) -> dict[str, Any]:
    """A game's header, the chain's start: its rules, configuration and chance commitment
    (``""``: its chance was not committed to)."""
    return {"rules": rules, "config": config, "chance_commitment": committed or None}


def header_hash(salt: str, game_header: dict[str, Any]) -> str:
    """Link 0 of a game's chain."""
    return hashlib.sha256(HEADER_TAG + bytes.fromhex(salt) + rfc8785.dumps(game_header)).hexdigest()


def recorded_at(moment: datetime) -> str:
    """A recording time as the chain hashes it: ISO 8601 in UTC, to the microsecond.

    >>> from datetime import timedelta, timezone
    >>> recorded_at(datetime(2026, 1, 2, 4, 5, tzinfo=timezone(timedelta(hours=1))))
    '2026-01-02T03:05:00.000000+00:00'
    """
    return moment.astimezone(UTC).isoformat(timespec="microseconds")


def event_json(
    sequence: int,
    kind: str,
    seat: int | None,
    payload: dict[str, Any],
    version: int,
    moment: datetime,
) -> dict[str, Any]:
    """An event as its link hashes it: what a log file holds of it. The payload is taken
    as the database stores it (through JSON: a key that is a number becomes text)."""
    return {
        "sequence": sequence,
        "type": kind,
        "seat": seat,
        "payload": json.loads(json.dumps(payload)),
        "version": version,
        "recorded_at": recorded_at(moment),
    }


def link_hash(previous: str, salt: str, event: dict[str, Any]) -> str:
    """The link of ``event`` (:func:`event_json`) after the link ``previous``."""
    digest = hashlib.sha256(LINK_TAG)
    digest.update(bytes.fromhex(previous))
    digest.update(bytes.fromhex(salt))
    digest.update(rfc8785.dumps(event))
    return digest.hexdigest()


def chance_rng(seed: str, sequence: int) -> random.Random:
    """The generator chance's move recorded as event ``sequence`` is drawn with.

    Seeded with an integer, whose seeding Python keeps the same from version to version.

    >>> seed = "00" * 32
    >>> chance_rng(seed, 7).random() == chance_rng(seed, 7).random() != chance_rng(seed, 8).random()
    True
    """
    digest = hashlib.sha256(CHANCE_TAG + bytes.fromhex(seed) + sequence.to_bytes(8, "big"))
    return random.Random(int.from_bytes(digest.digest(), "big"))


def short(head: str) -> str:
    """A head as printed on the table and in emails.

    >>> short("3fa9c2e01b7d" + "0" * 52)
    '3fa9c2e01b7d'
    """
    return head[:SHORT]
