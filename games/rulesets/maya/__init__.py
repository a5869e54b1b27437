"""Maya mystery numbers on the site: its rules (``RULES``); its adapter is in :mod:`.site`."""

from games.engine.maya import RULES

__all__ = ["RULES"]
