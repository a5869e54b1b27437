"""Toy, a test-only game plugged in like any other: its rules (``RULES``) here, its site
adapter in :mod:`.site`, its table in ``templates/games/toy/table.html``."""

from tests.toygame.rules import RULES

__all__ = ["RULES"]
