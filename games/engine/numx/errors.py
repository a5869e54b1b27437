"""Errors raised by the NUM-X engine.

All subclass :class:`ValueError`, as python-chess does, so that callers that only care about
"bad input" can catch one thing, and callers that care can tell notation from legality.
"""

from __future__ import annotations

from games.engine import ruleset
from games.engine.numx.rulebook import RULES


class NotationError(ruleset.NotationError):
    """Text (or JSON) that is not valid NUM-X notation for a card or an action."""


class ConfigError(ruleset.ConfigError):
    """A game configuration the rules do not allow (player count, teams...)."""


class IllegalAction(ruleset.IllegalAction):
    """An action the rules forbid in this state.

    ``rule`` is the identifier of the broken rule in :mod:`games.engine.numx.rulebook`
    (and in ``docs/rules.md``); ``message`` says what was wrong in words (a template filled
    from the keyword arguments: :class:`games.engine.ruleset.IllegalAction`).
    """

    def __init__(self, rule: str, message: str, **args: object) -> None:
        if rule not in RULES:
            raise KeyError(f"unknown rule id {rule!r}")
        super().__init__(rule, message, RULES[rule], **args)
