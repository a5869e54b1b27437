"""What every game says the same way, in the reader's language: lists of names, why the
system moved for a player, why a move was refused."""

from __future__ import annotations

from collections.abc import Sequence

from django.utils import translation
from django.utils.translation import gettext as _

from games.engine.ruleset import IllegalAction


def and_list(items: Sequence[str]) -> str:
    """Items in words: "Alice, Bob and Carol"."""
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return _("%(first)s and %(last)s") % {"first": ", ".join(items[:-1]), "last": items[-1]}


def reason_text(reason: str) -> str:
    """Why the system made a recorded move for a player, in brackets."""
    return {
        "standing-order": _("(standing order)"),
        "deadline": _("(time was up)"),
        "bot": _("(played by a bot for an absent player)"),
    }.get(reason, f"({reason})")


def refusal(error: IllegalAction) -> str:
    """Why a move was refused: the broken rule in the reader's language, with the
    engine's details (which are in English) for English readers."""
    statement = _(error.statement)
    if (translation.get_language() or "en").startswith("en"):
        return _("Not allowed: %(why)s (%(rule)s)") % {"why": error.message, "rule": statement}
    return _("Not allowed: %(rule)s") % {"rule": statement}
