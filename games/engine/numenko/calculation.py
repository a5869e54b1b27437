"""Whether a run of characters is a true calculation, and which rule it breaks if not.

A calculation is numbers and signs in turn, beginning and ending with a number, with
exactly one ``=`` and at least one operation; digits side by side make one number (the
rule book's ``92``), never beginning with 0 unless it is 0. Each side of the ``=`` is worked
out from left to right, each operation applied in turn as a simple calculator does: the
rule book's own ``5 - 1 x 5 = 20`` holds only that way. Numbers are whole: a division must
fall exact (and never by zero); a side may go below zero on the way, though no number is
written with a minus.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field

from games.engine.numenko.grid import OPERATIONS, SIGNS
from games.engine.ruleset import gettext_noop

_PARTS = re.compile(r"[0-9]+|.")
# What the checks of a calculation's shape look for in its text at once (each sign is one
# character): two signs side by side, an operation, a number of two digits or more that
# begins with 0.
_TWO_SIGNS = re.compile(f"[{re.escape(''.join(SIGNS))}]{{2}}")
_OPERATION = re.compile(f"[{re.escape(''.join(OPERATIONS))}]")
_LEADING_ZERO = re.compile(r"(?<![0-9])0[0-9]+")


@dataclass(frozen=True)
class Fault:
    """The rule a calculation breaks and why: ``template`` (``%(name)s`` placeholders, in
    English, marked for translation) filled from ``values``, so that the site says it in
    the reader's language.

    >>> str(Fault("numenko.leading-zero", "the number %(number)s begins with 0", {"number": "07"}))
    'the number 07 begins with 0'
    """

    rule: str
    template: str
    values: Mapping[str, int | str] = field(default_factory=dict)

    @property
    def reason(self) -> str:
        """Why, in English."""
        return self.template % self.values

    def __str__(self) -> str:
        return self.reason


class Inexact(ArithmeticError):
    """A division that does not fall exact, or by zero: why, as a template (see
    :class:`Fault`) filled from ``values``."""

    def __init__(self, template: str, **values: int) -> None:
        self.template = template
        self.values = values
        super().__init__(template % values)


def parts(text: str) -> list[str]:
    """``text`` cut into numbers and signs.

    >>> parts("92x4=8")
    ['92', 'x', '4', '=', '8']
    """
    return _PARTS.findall(text)


def worked_out(side: list[str]) -> int:
    """The value of numbers and operations in turn, from left to right.

    >>> worked_out(parts("5-1x5")), worked_out(parts("2-5+4"))
    (20, 1)
    >>> worked_out(parts("7:2"))
    Traceback (most recent call last):
    ...
    games.engine.numenko.calculation.Inexact: 7 : 2 does not fall exact
    """
    value = int(side[0])
    for sign, number in zip(side[1::2], side[2::2], strict=True):
        operand = int(number)
        if sign == "+":
            value += operand
        elif sign == "-":
            value -= operand
        elif sign == "x":
            value *= operand
        elif operand == 0:
            raise Inexact(gettext_noop("%(value)s : 0 divides by zero"), value=value)
        elif value % operand:
            raise Inexact(
                gettext_noop("%(value)s : %(operand)s does not fall exact"),
                value=value,
                operand=operand,
            )
        else:
            value //= operand
    return value


def fault(text: str) -> Fault | None:
    """The rule ``text`` breaks as a calculation and why, or ``None`` when it holds.

    >>> fault("5-1x5=20") is None
    True
    >>> found = fault("92x4=8")
    >>> found.rule, found.reason
    ('numenko.equal', 'the left side makes 368, the right side 8')
    >>> str(fault("4=4"))
    'it has no operation besides ='
    """
    if text[0] in SIGNS or text[-1] in SIGNS:
        return Fault("numenko.shape", gettext_noop("it begins or ends with a sign"))
    if _TWO_SIGNS.search(text):
        return Fault("numenko.shape", gettext_noop("two signs stand side by side"))
    equals = text.count("=")
    if not equals:
        return Fault("numenko.one-equals", gettext_noop("it has no = where a calculation has one"))
    if equals > 1:
        return Fault(
            "numenko.one-equals",
            gettext_noop("it has %(count)s = where a calculation has one"),
            {"count": equals},
        )
    if not _OPERATION.search(text):
        return Fault("numenko.operation", gettext_noop("it has no operation besides ="))
    zero = _LEADING_ZERO.search(text)
    if zero:
        return Fault(
            "numenko.leading-zero",
            gettext_noop("the number %(number)s begins with 0"),
            {"number": zero.group()},
        )
    pieces = parts(text)
    middle = pieces.index("=")
    try:
        left, right = worked_out(pieces[:middle]), worked_out(pieces[middle + 1 :])
    except Inexact as error:
        return Fault("numenko.division", error.template, error.values)
    if left != right:
        return Fault(
            "numenko.equal",
            gettext_noop("the left side makes %(left)s, the right side %(right)s"),
            {"left": left, "right": right},
        )
    return None
