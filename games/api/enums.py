"""The names of the API schema's enums: drf-spectacular's ``ENUM_NAME_OVERRIDES``.

Without a name, drf-spectacular names a choice set after the field that holds it, and, once
two components hold two different sets under one field name, after a hash of the set: names
that change when a game is added. Every enum is named here instead: the platform's own, and
each registered game's (``ApiSchema.enums``, each name starting with the game's).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from functools import cached_property
from typing import Any


class EnumNames(Mapping[str, Any]):
    """The platform's enum names and every registered game's, read from the games' adapters
    when drf-spectacular first asks: the settings, which hold this, are read before the
    adapters (which import DRF) can be."""

    def __init__(self, platform: Mapping[str, Any]) -> None:
        self._platform = dict(platform)

    @cached_property
    def _names(self) -> dict[str, Any]:
        from games.registry import game_ids, game_type

        names = dict(self._platform)
        for game_id in game_ids():
            names.update(game_type(game_id).site.api.enums)
        return names

    def __getitem__(self, name: str) -> Any:
        return self._names[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._names)

    def __len__(self) -> int:
        return len(self._names)
