"""Moves written between backticks (`pass`), as the rules' refusals and the notation help
write them for the API's Markdown and the plain-text mails: in HTML they are drawn as code,
where backticks would show as they are."""

from __future__ import annotations

import re

from django import template
from django.utils.html import conditional_escape
from django.utils.safestring import SafeString, mark_safe

register = template.Library()

#: A span between two backticks, on one line (a lone backtick stays as it is).
_SPAN = re.compile(r"`([^`\n]+)`")


@register.filter("code_spans", needs_autoescape=True)
def code_spans(text: object, autoescape: bool = True) -> SafeString:
    """``text`` escaped, each span between backticks drawn as ``<code>``.

    >>> code_spans("write `play +4` or `guess 2 7` <now>")
    'write <code>play +4</code> or <code>guess 2 7</code> &lt;now&gt;'
    """
    escaped = conditional_escape(text) if autoescape else str(text)
    # The escaped text holds no backtick of markup: those left are the message's own.
    return mark_safe(_SPAN.sub(r"<code>\1</code>", escaped))
