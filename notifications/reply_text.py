"""A reply's own words: its text without what it quotes, its signature or its client's
attribution lines, in French and English mail clients' formats.

mail-parser-reply (``mailparser_reply``) knows the clients' quote headers ("On … wrote:",
"Le … a écrit :", Outlook's "From: / Sent:" and "De : / Envoyé :" blocks, "Sent from my
iPhone", "Envoyé de mon iPhone", the ``-- `` signature separator...). Quoted lines (``>``)
go first, so that a reply written below the quote (bottom-posting, Thunderbird's habit)
is found as well as one written above it. A reply with no text part is read from its HTML,
quotes (``<blockquote>``, Gmail's and Outlook's quote containers) left out.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from html.parser import HTMLParser

from anymail.inbound import AnymailInboundMessage
from mailparser_reply import EmailReplyParser
from mailparser_reply.parser import EmailMessage

#: French first: both languages' headers are matched in any case.
LANGUAGES = ("fr", "en")
QUOTED = re.compile(r"^\s*>")


def reply_text(message: AnymailInboundMessage) -> str:
    """The words the sender wrote in this reply (its text part, else its HTML's text)."""
    text = message.text or ""
    if not text.strip() and message.html:
        text = html_text(message.html)
    return own_words(text)


def own_words(text: str) -> str:
    """``text`` without its quoted lines, quote headers and signature.

    >>> own_words("B\\n\\nOn Tue, 3 Mar 2026 at 10:02, Numx <n@x.org> wrote:\\n> A  pass\\n")
    'B'
    >>> own_words("Le 03/03/2026 à 10:02, Numx a écrit :\\n> Bonjour\\n\\npass\\n\\n-- \\nBob")
    'pass'
    """
    unquoted = "\n".join(
        line for line in text.replace("\r\n", "\n").split("\n") if not QUOTED.match(line)
    )
    # Written above the first quote header: that is the reply (top-posting).
    headers = EmailMessage(text=unquoted, languages=list(LANGUAGES)).HEADER_REGEX
    first = headers.search(unquoted)
    above = unquoted[: first.start()] if first else unquoted
    if not _without_signature(above).strip() and first is not None:
        # Nothing above: the reply is below the header(s) (bottom-posting).
        above = headers.sub("", unquoted[first.start() :])
    return _without_signature(above).strip()


#: A line that only greets (``Hi all,``, ``Bonjour à tous !``, ``Hello Bob``): a greeting
#: word, at most three more words. No game's move begins with one of these words; whether
#: the other words hold a move, only the mail's moves tell (``ReplyMoves.greets_only``).
GREETING = re.compile(
    r"^\s*(?:hi|hello|hey|hiya|dear|good (?:morning|afternoon|evening)|bonjour|bonsoir"
    r"|salut|coucou)\b(?:[ \t\u00a0]+[^\s]+){0,3}?[ \t\u00a0]*[,.!:]?[ \t\u00a0]*$",
    re.IGNORECASE,
)


def without_greeting(text: str, greets_only: Callable[[str], bool]) -> str:
    """``text`` without the greeting a player may write on its first line, above the move:
    a line of the greeting's shape (:data:`GREETING`) that ``greets_only`` finds holds no
    move (the letters and moves the mail offered are the caller's to know); else ``text``.

    >>> without_greeting("Bonjour à tous !\\nB\\n\\nMerci", lambda line: True)
    'B\\n\\nMerci'
    >>> without_greeting("Hi,\\n\\npass", lambda line: True)
    'pass'
    >>> without_greeting("pass\\nHi", lambda line: True)
    'pass\\nHi'
    >>> without_greeting("Hi all, B\\nA great game", lambda line: "B" not in line)
    'Hi all, B\\nA great game'
    """
    lines = text.lstrip().split("\n")
    if len(lines) > 1 and GREETING.match(lines[0]) and greets_only(lines[0]):
        return "\n".join(lines[1:]).strip()
    return text


def _without_signature(text: str) -> str:
    reply = EmailReplyParser(languages=list(LANGUAGES)).read(text)
    return reply.replies[0].body if reply.replies else ""


def first_line(text: str) -> str:
    """The first line with something written on it ('' if none).

    >>> first_line("\\n\\n  B \\nthanks")
    'B'
    """
    return next((line.strip() for line in text.splitlines() if line.strip()), "")


def paragraphs(text: str) -> list[str]:
    """The paragraphs of ``text`` (lines between blank ones), each line stripped, a
    paragraph's lines on one line with `` / `` between them: a move a player wrote over
    several lines (a Numenko grid a row a line under ``grid``), as the notation separates
    a grid's rows.

    >>> paragraphs("\\n grid \\n\\n 1+1=2 \\n..=\\n\\n\\nthanks")
    ['grid', '1+1=2 / ..=', 'thanks']
    """
    found: list[list[str]] = [[]]
    for line in (line.strip() for line in text.splitlines()):
        if line:
            found[-1].append(line)
        elif found[-1]:
            found.append([])
    return [" / ".join(lines) for lines in found if lines]


#: HTML elements that hold what a reply quotes, by tag or by the class or id a client
#: gives them: Gmail (gmail_quote), Outlook (divRplyFwdMsg, appendonsend), Apple Mail and
#: Thunderbird (blockquote type=cite, moz-cite-prefix), Yahoo (yahoo_quoted).
QUOTE_MARKERS = ("gmail_quote", "divrplyfwdmsg", "appendonsend", "moz-cite-prefix", "yahoo_quoted")
BLOCKS = {"p", "div", "br", "tr", "li", "h1", "h2", "h3", "h4", "table", "blockquote", "hr"}
VOID = {"br", "hr", "img", "meta", "link", "input", "wbr", "col", "area", "base", "source"}


class _TextOfHtml(HTMLParser):
    """The text of an HTML reply, a line per block, quotes and scripts left out."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self.skipping: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in BLOCKS:
            self.parts.append("\n")
        if tag in VOID:
            return
        marks = " ".join(value or "" for name, value in attrs if name in ("class", "id"))
        if (
            self.skipping
            or tag in ("blockquote", "style", "script", "head", "title")
            or any(marker in marks.lower() for marker in QUOTE_MARKERS)
        ):
            self.skipping.append(tag)

    def handle_endtag(self, tag: str) -> None:
        if tag in self.skipping:
            # Unclosed elements inside (a <p> without its </p>) close with their parent.
            del self.skipping[len(self.skipping) - 1 - self.skipping[::-1].index(tag) :]
        if tag in BLOCKS:
            self.parts.append("\n")

    def handle_data(self, data: str) -> None:
        if not self.skipping:
            self.parts.append(data)


def html_text(html: str) -> str:
    """The text of an HTML body, without what it quotes.

    >>> html_text('<div dir="ltr">B</div><br><div class="gmail_quote">On … wrote:'
    ...           '<blockquote>A pass</blockquote></div>')
    'B'
    """
    parser = _TextOfHtml()
    parser.feed(html)
    parser.close()
    lines = (" ".join(line.split()) for line in "".join(parser.parts).split("\n"))
    return "\n".join(line for line in lines if line)
