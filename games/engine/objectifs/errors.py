"""Errors raised by the Objectifs engine.

All subclass :class:`ValueError` through the protocol's errors, so that callers that only
care about "bad input" catch one thing, and callers that care tell notation from legality.
"""

from __future__ import annotations

from games.engine import ruleset
from games.engine.objectifs.rulebook import RULES


class NotationError(ruleset.NotationError):
    """Text (or JSON) that is not valid Objectifs notation for a card or an action."""


class ConfigError(ruleset.ConfigError):
    """A game configuration the rules do not allow (player count, options)."""


class IllegalAction(ruleset.IllegalAction):
    """An action the rules forbid in this state.

    ``rule`` is an identifier of :mod:`games.engine.objectifs.rulebook` (and of
    ``docs/rules-objectifs.md``), whose statement the error carries; ``message`` says what
    was wrong in words (a template filled from the keyword arguments, see
    :class:`games.engine.ruleset.IllegalAction`).

    >>> IllegalAction("pli.higher", "7 is not higher than 9").statement
    'A pli of as many cards as the pli on top has a higher value.'
    """

    def __init__(self, rule: str, message: str, **args: object) -> None:
        if rule not in RULES:
            raise KeyError(f"unknown rule id {rule!r}")
        super().__init__(rule, message, RULES[rule], **args)


class Writings(tuple[str, ...]):
    """Moves written in notation that a refusal offers as the way to write what the player
    meant; said “play 9 9@0” or “play 9 9@1” (the site says them in the reader's language).

    >>> str(Writings(["play 9 9@0", "play 9 9@1", "play 9 9@2"]))
    '“play 9 9@0”, “play 9 9@1” or “play 9 9@2”'
    """

    __slots__ = ()

    def __str__(self) -> str:
        quoted = [f"“{move}”" for move in self]
        if len(quoted) <= 1:
            return "".join(quoted)
        return f"{', '.join(quoted[:-1])} or {quoted[-1]}"
