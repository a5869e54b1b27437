"""Schema evolution of event payloads: upcasters turn old payloads into the current shape.

Every event records the schema version of its payload. Reading an event passes its payload
through its rule set's upcasters, one version at a time, so that replay code only ever
sees current payloads and stored events are never rewritten. A rule set declares its own
steps (``RuleSet.payload_upcasters``): what changed in a payload is the game's business.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from games.engine.ruleset import RuleSet

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


#: Each rule set's registry, built from its declared steps on first use. Event types are
#: the rule set's own: two games may both record a "play" of different shapes.
REGISTRIES: dict[str, Upcasters] = {}


def upcasters(rules: RuleSet) -> Upcasters:
    """The registry of ``rules``' payload versions (``RuleSet.payload_upcasters``)."""
    registry = REGISTRIES.get(rules.name)
    if registry is None:
        registry = Upcasters()
        for (event_type, version), step in rules.payload_upcasters.items():
            registry.register(event_type, version)(step)
        REGISTRIES[rules.name] = registry
    return registry
