"""Reading numbers people and programs put in addresses (``?step=12``, ``?seq=40``)."""

from __future__ import annotations

#: The largest value a database integer holds (a BIGINT, SQLite's INTEGER): no id,
#: event number or stage gets past it.
LARGEST = 2**63 - 1


def whole_number(text: str | None) -> int | None:
    """``text`` as a whole number written in ASCII digits, else None; a number past
    :data:`LARGEST` reads as :data:`LARGEST`, which nothing reaches, so that it means what
    any number past the last means (the last step of a replay, no such stage).

    ``str.isdigit`` alone accepts "²", which ``int`` then refuses: that was a 500. So were
    a number the database cannot hold (SQLite refuses it in a query) and one of more than
    4300 digits (Python's ``int`` refuses to read it).

    >>> whole_number("12"), whole_number("²"), whole_number("-5"), whole_number(None)
    (12, None, None, None)
    >>> whole_number("9" * 5000) == whole_number("9" * 20) == LARGEST
    True
    """
    if text is None or not (text.isascii() and text.isdigit()):
        return None
    if len(text.lstrip("0")) > len(str(LARGEST)):
        return LARGEST
    return min(int(text), LARGEST)
