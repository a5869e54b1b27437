"""The versions of NUM-X's recorded payloads, and how each old one reads in the next shape.

The store records every event with its payload's version and upcasts old payloads when it
reads them (``games.events.upcasting``); what changed between versions is NUM-X's own
business, so the steps live here, with the rules whose actions the payloads record.

Version 2 of the events that can play an Action card records its ``effects`` beside the
action (what it did to the table; see :func:`games.engine.numx.history.effects`), when it
did something. Version 1 did not record them: such a payload is read with ``"effects":
None``, "not recorded", which readers pass over and verification does not check, rather
than with no ``effects``, which in version 2 says the card changed nothing on the table.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

Payload = dict[str, Any]

#: Event types that always play an Action card (or answer a Malus).
ACTION_CARD_EVENTS = ("flip", "swipe", "block", "eclair", "quantum", "malus", "resolve")
#: Event types that play one sometimes: a pli with a Shadow's bonus, a taken-back Action card.
MAYBE_ACTION_CARD_EVENTS = ("play", "take")


def plays_action_card(payload: Payload) -> bool:
    """Whether a NUM-X action payload plays an Action card (or answers a Malus)."""
    kind = payload.get("type")
    if kind == "play":
        return bool(payload.get("bonus"))
    if kind == "take":
        inner = payload.get("play")
        return isinstance(inner, dict) and inner.get("type") not in ("play", "complete")
    return kind in ACTION_CARD_EVENTS


def effects_not_recorded(payload: Payload) -> Payload:
    """Version 1 → 2: an Action card's effects were not recorded (``None``)."""
    if "effects" in payload or not plays_action_card(payload):
        return payload
    return {**payload, "effects": None}


#: (event type, version read) → the step to the next version.
UPCASTERS: Mapping[tuple[str, int], Callable[[Payload], Payload]] = {
    (kind, 1): effects_not_recorded for kind in (*ACTION_CARD_EVENTS, *MAYBE_ACTION_CARD_EVENTS)
}
