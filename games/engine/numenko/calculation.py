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
from itertools import pairwise

from games.engine.numenko.grid import OPERATIONS, SIGNS

_NUMBER = re.compile(r"[0-9]+")
_PARTS = re.compile(r"[0-9]+|.")


class Inexact(ArithmeticError):
    """A division that does not fall exact, or by zero."""


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
            raise Inexact(f"{value} : 0 divides by zero")
        elif value % operand:
            raise Inexact(f"{value} : {operand} does not fall exact")
        else:
            value //= operand
    return value


def fault(text: str) -> tuple[str, str] | None:
    """The rule ``text`` breaks as a calculation and why, or ``None`` when it holds.

    >>> fault("5-1x5=20") is None
    True
    >>> fault("92x4=8")
    ('numenko.equal', 'the left side makes 368, the right side 8')
    >>> fault("4=4")
    ('numenko.operation', 'it has no operation besides =')
    """
    pieces = parts(text)
    if pieces[0] in SIGNS or pieces[-1] in SIGNS:
        return "numenko.shape", "it begins or ends with a sign"
    if any(a in SIGNS and b in SIGNS for a, b in pairwise(pieces)):
        return "numenko.shape", "two signs stand side by side"
    equals = pieces.count("=")
    if equals != 1:
        return "numenko.one-equals", f"it has {equals or 'no'} = where a calculation has one"
    if not any(piece in OPERATIONS for piece in pieces):
        return "numenko.operation", "it has no operation besides ="
    for piece in pieces:
        if _NUMBER.fullmatch(piece) and len(piece) > 1 and piece[0] == "0":
            return "numenko.leading-zero", f"the number {piece} begins with 0"
    middle = pieces.index("=")
    try:
        left, right = worked_out(pieces[:middle]), worked_out(pieces[middle + 1 :])
    except Inexact as error:
        return "numenko.division", str(error)
    if left != right:
        return "numenko.equal", f"the left side makes {left}, the right side {right}"
    return None
