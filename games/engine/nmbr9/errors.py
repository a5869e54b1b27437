"""Errors raised by the NMBR 9 engine.

All subclass :class:`ValueError` through the protocol's errors, so that callers that only
care about "bad input" catch one thing, and callers that care tell notation from legality.
"""

from __future__ import annotations

from games.engine import ruleset
from games.engine.nmbr9.rulebook import RULES


class NotationError(ruleset.NotationError):
    """Text (or JSON) that is not valid NMBR 9 notation for an action."""


class ConfigError(ruleset.ConfigError):
    """A game configuration the rules do not allow (player count, options)."""


class IllegalAction(ruleset.IllegalAction):
    """An action the rules forbid in this state.

    ``rule`` is an identifier of :mod:`games.engine.nmbr9.rulebook` (and of
    ``docs/rules-nmbr9.md``), whose statement the error carries; ``message`` says what was
    wrong in words (a template filled from the keyword arguments, see
    :class:`games.engine.ruleset.IllegalAction`).

    >>> IllegalAction("nmbr9.wrong-digit", "the card is a 7").statement
    'You place a tile of the digit on the card turned up.'
    """

    def __init__(self, rule: str, message: str, **args: object) -> None:
        if rule not in RULES:
            raise KeyError(f"unknown rule id {rule!r}")
        super().__init__(rule, message, RULES[rule], **args)
