"""Reading numbers people and programs put in addresses (``?step=12``, ``?seq=40``)."""

from __future__ import annotations


def whole_number(text: str | None) -> int | None:
    """``text`` as a whole number written in ASCII digits, else None.

    ``str.isdigit`` alone accepts "²", which ``int`` then refuses: that was a 500.

    >>> whole_number("12"), whole_number("²"), whole_number("-5"), whole_number(None)
    (12, None, None, None)
    """
    if text is None or not (text.isascii() and text.isdigit()):
        return None
    return int(text)
