"""A bounded map of recently used entries, kept in this process's memory and shared by its
threads: the views' cache of table pages."""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable
from typing import Generic, TypeVar

K = TypeVar("K")
V = TypeVar("V")


class Recent(Generic[K, V]):
    """At most ``size`` entries; putting one more drops the least recently used. A size of
    0 keeps nothing."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._entries: OrderedDict[K, V] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: K) -> V | None:
        with self._lock:
            value = self._entries.get(key)
            if value is not None:
                self._entries.move_to_end(key)
            return value

    def put(self, key: K, value: V, replaces: Callable[[V], bool] | None = None) -> None:
        """Keep ``value`` for ``key``; if an entry is already there, only where
        ``replaces(entry)`` says so (by default, always)."""
        with self._lock:
            current = self._entries.get(key)
            if current is None or replaces is None or replaces(current):
                self._entries[key] = value
                self._entries.move_to_end(key)
            while len(self._entries) > self.size:
                self._entries.popitem(last=False)

    def clear(self) -> None:
        with self._lock:
            self._entries.clear()

    def __len__(self) -> int:
        return len(self._entries)
