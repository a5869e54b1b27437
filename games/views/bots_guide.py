"""The bot authors' guide as a page of the site, and the sample bot it describes."""

from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.safestring import SafeString, mark_safe

from games.documents import document

#: The guide's text, the same document the repository keeps beside the code.
GUIDE = "docs/bots-api.md"
#: The sample bot the guide's last section describes, offered for download.
SAMPLE_BOT = "examples/bot.py"


def guide(request: HttpRequest) -> HttpResponse:
    """The API for bot authors: the guide drawn from its Markdown, its headings anchored
    (``#checking-a-signature``, which the webhooks page links to)."""
    text = document(GUIDE, "tables", "fenced_code", "toc")
    return render(request, "games/bots_guide.html", {"guide": scrolling_tables(text)})


def scrolling_tables(page: SafeString) -> SafeString:
    """``page`` with each table in a box of its own that scrolls sideways on a phone, as the
    site's other wide tables (a shadow where it goes on; the box a region the keyboard
    reaches, since the guide's tables hold no link)."""
    boxed = page.replace(
        "<table>", '<div class="scroll-hint"><div class="scroll-box" tabindex="0"><table>'
    ).replace("</table>", "</table></div></div>")
    return mark_safe(boxed)  # the guide's own HTML, only wrapped


def sample_bot(request: HttpRequest) -> HttpResponse:
    """The sample bot's source, as plain text to save and run."""
    source = (settings.BASE_DIR / SAMPLE_BOT).read_bytes()
    return HttpResponse(source, content_type="text/plain; charset=utf-8")
