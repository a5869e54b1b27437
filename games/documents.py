"""The project's Markdown documents that the site shows as pages (a game's rules reference,
the bot authors' guide): its own text, reviewed like its code, so drawn as it is written."""

from __future__ import annotations

import markdown
from django.conf import settings
from django.utils.safestring import SafeString, mark_safe


def document(path: str, *extensions: str) -> SafeString:
    """The Markdown document at ``path`` (in the repository) as HTML, read with Python
    Markdown's ``extensions`` (``"tables"``, ``"fenced_code"``, ``"toc"``…)."""
    text = (settings.BASE_DIR / path).read_text(encoding="utf-8")
    return mark_safe(markdown.markdown(text, extensions=list(extensions)))
