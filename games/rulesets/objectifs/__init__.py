"""NUM-X "Objectifs" on the site: its rules (``RULES``); its adapter is in :mod:`.site`."""

from games.engine.objectifs import RULES

__all__ = ["RULES"]
