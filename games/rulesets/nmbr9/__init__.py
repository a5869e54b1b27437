"""NMBR 9 on the site: its rules (``RULES``); its adapter is in :mod:`.site`."""

from games.engine.nmbr9 import RULES

__all__ = ["RULES"]
