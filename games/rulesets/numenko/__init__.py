"""Numenko on the site: its rules (``RULES``); its adapter is in :mod:`.site`."""

from games.engine.numenko import RULES

__all__ = ["RULES"]
