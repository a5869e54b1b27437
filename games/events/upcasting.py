"""Schema evolution of event payloads: upcasters turn old payloads into the current shape.

Every event records the schema version of its payload. Reading an event passes its payload
through the registered upcasters, one version at a time, so that replay code only ever
sees current payloads and stored events are never rewritten.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

Payload = dict[str, Any]
Upcaster = Callable[[Payload], Payload]


class Upcasters:
    """Upcasters by (event type, version they read); each returns the next version."""

    def __init__(self) -> None:
        self._steps: dict[tuple[str, int], Upcaster] = {}

    def register(self, event_type: str, from_version: int) -> Callable[[Upcaster], Upcaster]:
        """Decorate a function turning a ``from_version`` payload into the next version."""

        def decorate(upcaster: Upcaster) -> Upcaster:
            key = (event_type, from_version)
            if key in self._steps:
                raise ValueError(f"an upcaster for {event_type} v{from_version} exists")
            self._steps[key] = upcaster
            return upcaster

        return decorate

    def current(self, event_type: str) -> int:
        """The version new events of this type are written with."""
        version = 1
        while (event_type, version) in self._steps:
            version += 1
        return version

    def upcast(self, event_type: str, version: int, payload: Payload) -> Payload:
        """``payload`` (written at ``version``) in the current shape."""
        while (event_type, version) in self._steps:
            payload = self._steps[(event_type, version)](payload)
            version += 1
        return payload


#: The registry the store reads with. Version 1 is the first shape of every event type.
UPCASTERS = Upcasters()

# Version 2 of the NUM-X events that can play an Action card records its ``effects`` beside
# the action (what it did to the table; see ``games.engine.numx.history.effects``), when it
# did something. Version 1 did not record them: such a payload is read with ``"effects":
# None``, "not recorded", which readers pass over and verification does not check, rather
# than with no ``effects``, which in version 2 says the card changed nothing on the table.

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
        return isinstance(payload.get("play"), dict) and payload["play"].get("type") != "play"
    return kind in ACTION_CARD_EVENTS


def _effects_not_recorded(payload: Payload) -> Payload:
    """Version 1 → 2: an Action card's effects were not recorded (``None``)."""
    if "effects" in payload or not plays_action_card(payload):
        return payload
    return {**payload, "effects": None}


for _event_type in (*ACTION_CARD_EVENTS, *MAYBE_ACTION_CARD_EVENTS):
    UPCASTERS.register(_event_type, 1)(_effects_not_recorded)
