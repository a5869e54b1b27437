"""Names players give (a table's, a tournament's, their own) are one line of text: what
breaks a line there would break a mail's subject that carries the name (a header is one
line: Django refuses to send one holding a line break), or the page's line it is on. The
forms and the API refuse such a name (:func:`validate_one_line`); one stored before they
did is put on one line where it is carried on (:func:`one_line`).

No Django models.
"""

from __future__ import annotations

import re

from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

#: What breaks a line, or is no text at all: Unicode's control characters (category Cc:
#: line feed, carriage return, tab, NUL…) and its line and paragraph separators (Zl, Zp).
_BREAKS = "\x00-\x1f\x7f-\x9f\u2028\u2029"
_BREAK = re.compile(f"[{_BREAKS}]")
#: A run of them, with the spaces around it.
_BREAK_RUN = re.compile(f" *[{_BREAKS}][ {_BREAKS}]*")


def breaks_the_line(text: str) -> bool:
    """Whether ``text`` holds a control character or a line or paragraph separator.

    >>> breaks_the_line("Nice\\nBcc: x@evil.example"), breaks_the_line("Coupe d’été\\u00a0!")
    (True, False)
    """
    return _BREAK.search(text) is not None


def validate_one_line(value: str) -> None:
    """Refuse a name that :func:`breaks_the_line` (a form's or the API's validator: the
    refusal names the field)."""
    if breaks_the_line(value):
        raise ValidationError(
            _("A name is one line: no line breaks, tabs or other control characters."),
            code="not-one-line",
        )


def one_line(text: str) -> str:
    """``text`` on one line: each run of control characters and line or paragraph
    separators, with the spaces around it, one space; none at either end. Other spaces
    are kept as they are (French puts a no-break space before its colons).

    >>> one_line("Nice \\r\\nBcc: x@evil.example\\u2028\\x07")
    'Nice Bcc: x@evil.example'
    >>> one_line("Cup\\u00a0: tout est fini")
    'Cup\\xa0: tout est fini'
    """
    return _BREAK_RUN.sub(" ", text).strip(" ")
