"""The confirmation of a move played by email reply: a short answer to the player who
replied, so that they know their reply counted without waiting for their next turn, as
play-by-email servers confirm each move received.

It is the reply's :class:`~notifications.models.Answer` (one a reply, whether refused or
played: a reply never gets two), written in the transaction that plays the move and
composed then, in the player's language: the move as played, in the game's notation and in
words; whose turn it is now, or that the game is over and who won; the table's link. It
asks nothing: no moves, no reply address (the mail asking the next move is the game's
own). It leaves before the mails the move sets off (:class:`~notifications.outbox.
DeliveredFirst`): a bot that answers at once is mailed about after it, so that "Next to
play: the bot" is read before the bot's move.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.conf import settings
from django.contrib.auth.models import AbstractBaseUser
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.translation import gettext as _

from accounts.models import display_name
from games.descriptions import and_list, common_event
from games.events.store import GAME_ENDED
from games.models import Game, Seat
from games.moves import seat_names
from games.results import SEAT_MARKS, ended_as_ranked, left_out
from games.services import Submitted
from notifications.emails import game_link
from notifications.models import Answer, InboundMail
from notifications.outbox import DeliveredFirst


def owe_confirmation(
    row: InboundMail,
    *,
    game: Game,
    seat: int,
    player: AbstractBaseUser,
    action: Any,
    submitted: Submitted,
    subject: str,
    first: DeliveredFirst,
) -> Answer:
    """Write the confirmation of ``seat``'s ``action``, which ``row`` played (``submitted``:
    what was recorded), to the address that sent it, composed now in the active language;
    it leaves with ``first``."""
    names = seat_names(game)
    site = game.game_type.site
    context = {
        "name": display_name(player),
        "game": game.display_name,
        "notation": str(action),
        "description": site.describe_action(
            game.game_type.rules.action_to_json(action), names, game.config, seat
        ),
        "now": now_words(game, seat, submitted, names),
        "table": game_link(player, game.pk),
        "lobby": settings.SITE_URL + reverse("games:lobby"),
    }
    answer = Answer.objects.create(
        inbound=row,
        address=row.sender,
        subject=subject[:300],
        text=render_to_string("notifications/email/played.txt", context),
        html=render_to_string("notifications/email/played.html", context),
    )
    first.add(answer)
    return answer


def now_words(game: Game, seat: int, submitted: Submitted, names: Sequence[str]) -> str:
    """Where the game stands after the move, as the player who made it reads it: over,
    and who won; their turn again (a mail of its own asks the move: this one does not);
    or who is to play, and whether they may still play out of turn (a mail of its own
    tells them so: not "we email you when it is your turn")."""
    ended = next((event for event in submitted.events if event.type == GAME_ENDED), None)
    if ended is not None:
        entry = {"type": GAME_ENDED, "seat": None, "action": ended.payload}
        marks = left_out(Seat.objects.filter(game_id=game.pk).only(*SEAT_MARKS))
        return common_event(ended_as_ranked(entry, *marks), names, seat) or ""
    rules = game.game_type.rules
    awaited = sorted(rules.awaiting(submitted.state) - {rules.chance})
    if seat in awaited:
        return _("It is your turn again: a mail of its own asks for your next move.")
    if not awaited:
        return ""
    players = and_list([names[other] for other in awaited])
    if rules.legal_actions(submitted.state, seat):
        return _("Next to play: %(players)s. You may still play out of turn.") % {
            "players": players
        }
    return _("Next to play: %(players)s. We email you when it is your turn.") % {"players": players}
