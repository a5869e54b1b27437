"""Signed reply addresses: a "your turn" mail can be answered with a move.

Each turn mail carries a token unique to (game, sequence, seat): in its reply address,
``play+<token>@<NUMX_REPLY_DOMAIN>``, and in its ``Message-ID``, so that a reply whose
client dropped the ``+tag`` (or that went to another of our addresses) still finds it
through ``In-Reply-To`` / ``References``.

The token is ``<game>-<sequence>-<seat>-<mac>``: the three numbers in decimal and an
HMAC-SHA256 of them (keyed by ``SECRET_KEY``, salted for this use), cut to 16 base32
letters (80 bits), lower case. It is short (an address's local part holds at most 64
characters; a game 10⁹, sequence 10⁹ and seat 9 give ``play+`` and 41 characters) and reads
the same whatever case a mail system gives it. Changing ``SECRET_KEY`` voids every reply
address sent before.

>>> token = ReplyToken(game_id=12, sequence=18, seat=2)
>>> found = find_token([f"Bob <play+{token.text.upper()}@numx.example>"])
>>> found.token == token, found.forged
(True, False)
>>> find_token(["<notification-7.play-12-18-2-aaaaaaaaaaaaaaaa@numx-by-mail>"]).forged
True
>>> find_token(["bob@example.com"]).token is None
True
"""

from __future__ import annotations

import base64
import re
from collections.abc import Iterable
from dataclasses import dataclass
from urllib.parse import urlsplit

from django.conf import settings
from django.utils.crypto import constant_time_compare, salted_hmac

SALT = "notifications.reply-address"
#: The local part before the ``+tag``: replies go to ``play+<token>@domain``.
LOCAL_PART = "play"
MAC_LENGTH = 16
#: A token wherever it appears: an address (``play+``), a Message-ID (``play-``).
TOKEN_PATTERN = re.compile(
    rf"\b{LOCAL_PART}[+-](\d{{1,12}})-(\d{{1,12}})-(\d{{1,3}})-([a-z2-7]{{{MAC_LENGTH}}})\b",
    re.IGNORECASE,
)


@dataclass(frozen=True)
class ReplyToken:
    """What a reply address stands for: a move of ``seat`` in ``game_id``, expected to be
    made on the state after event ``sequence``."""

    game_id: int
    sequence: int
    seat: int

    @property
    def mac(self) -> str:
        digest = salted_hmac(
            SALT, f"{self.game_id}:{self.sequence}:{self.seat}", algorithm="sha256"
        ).digest()
        return base64.b32encode(digest).decode()[:MAC_LENGTH].lower()

    @property
    def text(self) -> str:
        return f"{self.game_id}-{self.sequence}-{self.seat}-{self.mac}"

    @property
    def address(self) -> str:
        """The reply address: ``play+<token>@<reply domain>``."""
        return f"{LOCAL_PART}+{self.text}@{reply_domain()}"

    def message_id(self, prefix: str) -> str:
        """A Message-ID carrying the token after ``prefix`` (which keeps it unique)."""
        return f"<{prefix}.{LOCAL_PART}-{self.text}@numx-by-mail>"


@dataclass(frozen=True)
class FoundToken:
    """The first genuine token of a mail (``token``), or none; ``forged`` when the mail
    carried tokens and none of them was ours."""

    token: ReplyToken | None
    forged: bool = False


def reply_domain() -> str:
    """``NUMX_REPLY_DOMAIN``, by default the host of ``SITE_URL``; empty: replies are off.

    >>> from django.test import override_settings
    >>> with override_settings(NUMX_REPLY_DOMAIN=None, SITE_URL="https://numx.example:8443"):
    ...     reply_domain()
    'numx.example'
    """
    configured: str | None = settings.NUMX_REPLY_DOMAIN
    if configured is None:
        return urlsplit(settings.SITE_URL).hostname or ""
    return configured


def replies_enabled() -> bool:
    return bool(reply_domain())


def find_token(values: Iterable[str]) -> FoundToken:
    """The first genuine token in ``values`` (addresses, then Message-IDs, in the order a
    reply is best identified by: its recipients, ``In-Reply-To``, ``References``)."""
    forged = False
    for value in values:
        for match in TOKEN_PATTERN.finditer(value or ""):
            game, sequence, seat, mac = match.groups()
            token = ReplyToken(int(game), int(sequence), int(seat))
            if constant_time_compare(token.mac, mac.lower()):
                return FoundToken(token)
            forged = True
    return FoundToken(None, forged)
