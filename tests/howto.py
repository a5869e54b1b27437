"""The words of a game's "How to play", at the top of its rules page, for the tests that
check it says what the engine does."""

from __future__ import annotations

import html
import re

from django.test import Client


def how_to_play(game_id: str, language: str) -> str:
    """The words of ``game_id``'s "How to play", in ``language``, tags left out."""
    page = Client(headers={"accept-language": language}).get(f"/rules/{game_id}/").content.decode()
    part = page[page.index('id="how-to-play"') : page.index('id="refusals"')]
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", part)).split())
