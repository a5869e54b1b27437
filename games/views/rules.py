"""Each game's rules in the site: every rule a move can break, in the reader's language,
for players to read before they play and for refusals to link to."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render

from games.documents import document
from games.registry import UnknownGame, game_ids, game_type
from games.rulesets.site import BotSeats
from games.views.lobby import try_key


def rules_index(request: HttpRequest) -> HttpResponse:
    """The games of the site, each with a link to its rules."""
    games = [game_type(game_id) for game_id in game_ids()]
    return render(request, "games/rules_index.html", {"games": games})


def rules(request: HttpRequest, game_id: str) -> HttpResponse:
    """How to play the game registered as ``game_id`` (its adapter's ``howto_template``),
    then its rules, each under the id a refusal names (``#rule-<id>``); 404 for a game the
    site does not have."""
    try:
        kind = game_type(game_id)
    except UnknownGame:
        raise Http404 from None
    reference = kind.site.rules_reference
    context = {
        "game_id": game_id,
        "kind": kind,
        "title": kind.site.title,
        "howto": kind.site.howto_template,
        "try_key": try_key(),
        "rules": kind.site.rulebook.items(),
        "reference": None if reference is None else document(reference, "tables"),
        # Some of its tables seat none of the site's bots: there a resigned seat passes.
        "tables_without_bots": isinstance(kind.site, BotSeats),
    }
    return render(request, "games/rules.html", context)
