"""Errors raised by the Numenko engine.

All subclass :class:`ValueError` through the protocol's errors, so that callers that only
care about "bad input" catch one thing, and callers that care tell notation from legality.
"""

from __future__ import annotations

from games.engine import ruleset
from games.engine.numenko.rulebook import RULES


class NotationError(ruleset.NotationError):
    """Text (or JSON) that is not valid Numenko notation for an action."""


class ConfigError(ruleset.ConfigError):
    """A game configuration the rules do not allow (player count, mode)."""


class IllegalAction(ruleset.IllegalAction):
    """An action the rules forbid in this state.

    ``rule`` is an identifier of :mod:`games.engine.numenko.rulebook` (and of
    ``docs/rules-numenko.md``), whose statement the error carries; ``message`` says what was
    wrong in words (a template filled from the keyword arguments, see
    :class:`games.engine.ruleset.IllegalAction`).

    >>> IllegalAction("numenko.equal", "the left side makes 368, the right side 8").statement
    'Both sides of the equals sign are equal, each worked out from left to right.'
    """

    def __init__(self, rule: str, message: str, **args: object) -> None:
        if rule not in RULES:
            raise KeyError(f"unknown rule id {rule!r}")
        super().__init__(rule, message, RULES[rule], **args)
