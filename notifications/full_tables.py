"""A player takes the last free seat of a table (``games.lobby.game_join``): the game now
waits for its host to start it, and a host who is not at the table would not know, so
they are told by email, once per table, as a "your turn" is told (the same preference,
and not while they look at the table)."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.dispatch import receiver

from games.lobby import table_filled
from games.models import Game
from notifications.consumer import owe
from notifications.models import Notification

#: A table records no event before it starts: the mail is the one of its event 0.
BEFORE_THE_START = 0


@receiver(table_filled, dispatch_uid="notifications.owe_full_table_mail")
def owe_full_table_mail(
    sender: type[Game], game: Game, player: AbstractBaseUser, **kwargs: Any
) -> None:
    """Owe ``game``'s host the email saying that ``player`` took the last seat (the host
    sits at their table from its opening, so ``player`` is never they; a host whose
    account is gone is told nothing)."""
    if game.created_by_id is None:
        return
    owe(game, [(BEFORE_THE_START, game.created_by_id, Notification.Kind.TABLE_FULL)])
