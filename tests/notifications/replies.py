"""Replies as mail clients write them, for the tests of moves by email reply: answering a
"your turn" email the way Gmail, Outlook, Apple Mail and Thunderbird do, in English and in
French, top-quoted or bottom-quoted, as text or as HTML only."""

from __future__ import annotations

from email.message import EmailMessage
from email.utils import make_msgid

from django.core.mail import EmailMessage as SentMessage

#: How each client introduces what it quotes, in each language (the client's own format).
ATTRIBUTION = {
    ("gmail", "en"): "On Tue, 3 Mar 2026 at 10:02, NUM-X by mail <numx@localhost> wrote:",
    ("gmail", "fr"): "Le mar. 3 mars 2026 à 10:02, NUM-X by mail <numx@localhost> a écrit :",
    ("apple", "en"): "On 3 Mar 2026, at 10:02, NUM-X by mail <numx@localhost> wrote:",
    ("apple", "fr"): "Le 3 mars 2026 à 10:02, NUM-X by mail <numx@localhost> a écrit :",
    ("thunderbird", "en"): "On 03/03/2026 10:02, NUM-X by mail wrote:",
    ("thunderbird", "fr"): "Le 03/03/2026 à 10:02, NUM-X by mail a écrit :",
}
OUTLOOK_HEADER = {
    "en": "From: NUM-X by mail <numx@localhost>\nSent: Tuesday, March 3, 2026 10:02 AM\n"
    "To: {to}\nSubject: {subject}",
    "fr": "De : NUM-X by mail <numx@localhost>\nEnvoyé : mardi 3 mars 2026 10:02\n"
    "À : {to}\nObjet : {subject}",
}
SIGNATURE = {"en": "Sent from my iPhone", "fr": "Envoyé de mon iPhone"}


def quoted(text: str) -> str:
    return "\n".join(f"> {line}" if line else ">" for line in text.splitlines())


def reply_body(sent: SentMessage, move: str, client: str = "gmail", language: str = "en") -> str:
    """The text a client writes when its user answers ``sent`` with ``move``: above the
    quote (Gmail, Outlook, Apple Mail) or below it (Thunderbird's bottom-posting)."""
    original = str(sent.body)
    if client == "outlook":
        header = OUTLOOK_HEADER[language].format(to=sent.to[0], subject=sent.subject)
        return f"{move}\n\n________________________________\n{header}\n\n{original}"
    attribution = ATTRIBUTION[(client, language)]
    if client == "thunderbird":
        return f"{attribution}\n{quoted(original)}\n\n{move}\n\n-- \nA player\n"
    if client == "apple":
        return f"{move}\n\n{SIGNATURE[language]}\n\n> {attribution}\n>\n{quoted(original)}\n"
    return f"{move}\n\n{attribution}\n{quoted(original)}\n"


def gmail_html(sent: SentMessage, move: str) -> str:
    """Gmail's HTML of a reply: the move in a div, the quote in its gmail_quote."""
    return (
        f'<div dir="ltr">{move}</div><br><div class="gmail_quote"><div dir="ltr" '
        f'class="gmail_attr">{ATTRIBUTION[("gmail", "en")]}<br></div>'
        f'<blockquote class="gmail_quote" style="margin:0 0 0 .8ex">'
        f"{str(sent.body).replace(chr(10), '<br>')}</blockquote></div>"
    )


def reply(
    sent: SentMessage,
    move: str,
    *,
    sender: str | None = None,
    client: str = "gmail",
    language: str = "en",
    html_only: bool = False,
    to: str | None = None,
    headers: dict[str, str] | None = None,
) -> bytes:
    """The raw reply to ``sent`` (a message of Django's outbox, or as received), from its
    recipient unless ``sender`` says otherwise, to its Reply-To unless ``to`` says."""
    message = EmailMessage()
    message["From"] = sender or sent.to[0]
    message["To"] = to or (sent.reply_to[0] if sent.reply_to else "numx@localhost")
    message["Subject"] = f"Re: {sent.subject}"
    message["Message-ID"] = make_msgid(domain="mail.example.com")
    parent = sent.extra_headers.get("Message-ID")
    if parent:
        message["In-Reply-To"] = parent
        message["References"] = parent
    for name, value in (headers or {}).items():
        message[name] = value
    if html_only:
        message.set_content(gmail_html(sent, move), subtype="html")
    else:
        message.set_content(reply_body(sent, move, client, language))
    # As it travels: lines end with CRLF (smtplib sends bytes as they are).
    return message.as_bytes(policy=message.policy.clone(linesep="\r\n"))
