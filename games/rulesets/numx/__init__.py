"""NUM-X on the site: its rules (``RULES``); its adapter is in :mod:`.site`."""

from games.engine.numx.ruleset import NUMX_RULES as RULES

__all__ = ["RULES"]
