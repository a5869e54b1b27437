"""What a page says of a form drawn again with its faults, as a reader reads it."""

from __future__ import annotations

import html
import re


def field_error(page: str) -> str:
    """The fault said beside the page's one field in error (one fault), unescaped."""
    (fault,) = re.findall(r'<ul class="errorlist"[^>]*><li>([^<]*)</li></ul>', page)
    return html.unescape(fault)
