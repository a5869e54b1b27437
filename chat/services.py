"""Saying a line at a table, reading what was said, hiding a game's chat.

Only the game's players speak; whoever may watch the game (``games.access``) reads. A line
is kept with the game at the moment it was said (the game's last event then), so the replay
shows each line where it belongs.
"""

from __future__ import annotations

from datetime import datetime

from django.contrib.auth.models import AbstractBaseUser
from django.db.models import OuterRef, QuerySet, Subquery
from django.db.models.functions import Coalesce
from django.utils.translation import gettext as _

from chat.models import MAX_LENGTH, ChatLine, ChatMute
from games.models import Game, Seat

#: The latest lines a table shows; the replay shows every line up to its step.
SHOWN = 50


class ChatRefused(ValueError):
    """A line nobody may say: empty, too long, or holding a NUL."""


class NotAPlayer(PermissionError):
    """Someone without a seat at the game tried to speak at its table."""


def say(game: Game, user: AbstractBaseUser, text: str) -> ChatLine:
    """``user``'s line at ``game``'s table: :class:`NotAPlayer` if they hold no seat there,
    :class:`ChatRefused` for an empty line, one longer than :data:`MAX_LENGTH`, or one
    holding a NUL (nobody types one, and PostgreSQL's text refuses it: Django's forms
    refuse it alike, in the words used here)."""
    seat = Seat.objects.filter(game=game, user_id=user.pk).first()
    if seat is None:
        raise NotAPlayer(_("Only the game's players speak at its table."))
    text = text.strip()
    if not text:
        raise ChatRefused(_("Write something to say."))
    if len(text) > MAX_LENGTH:
        raise ChatRefused(_("A line holds at most %(most)d characters.") % {"most": MAX_LENGTH})
    if "\x00" in text:
        raise ChatRefused(_("Null characters are not allowed."))
    return ChatLine.objects.create(
        game=game, author_id=user.pk, name=seat.name, text=text, after_sequence=game.last_sequence
    )


def lines(game: Game, upto: int | None = None) -> list[ChatLine]:
    """The latest :data:`SHOWN` lines, oldest first; with ``upto``, every line said by the
    time of event ``upto`` (a replay's step). Each line's ``speaker`` is its author's name
    at the table now (a name changed in the profile reaches old lines, as it reaches the
    seats), or the name they had when they said it if they no longer hold a seat."""
    seat_name = Seat.objects.filter(game_id=OuterRef("game_id"), user_id=OuterRef("author_id"))
    said = ChatLine.objects.filter(game=game).annotate(
        speaker=Coalesce(Subquery(seat_name.values("name")[:1]), "name")
    )
    if upto is not None:
        return list(said.filter(after_sequence__lte=upto).order_by("id"))
    return list(reversed(said.order_by("-id")[:SHOWN]))


def hidden(game: Game, user: AbstractBaseUser) -> bool:
    """Whether ``user`` hid ``game``'s chat."""
    return user.is_authenticated and ChatMute.objects.filter(game=game, user_id=user.pk).exists()


def set_hidden(game: Game, user: AbstractBaseUser, hide: bool) -> None:
    """Hide ``game``'s chat from ``user``, or show it again."""
    if hide:
        ChatMute.objects.get_or_create(game=game, user_id=user.pk)
    else:
        ChatMute.objects.filter(game=game, user_id=user.pk).delete()


def heard_since(user_id: int, since: datetime) -> QuerySet[ChatLine]:
    """Lines others said since ``since`` at the tables where ``user_id`` has a seat, except
    in games whose chat they hid: what the daily digest tells them of."""
    seated = Seat.objects.filter(user_id=user_id).values("game_id")
    muted = ChatMute.objects.filter(user_id=user_id).values("game_id")
    return (
        ChatLine.objects.filter(game_id__in=seated, said_at__gte=since)
        .exclude(game_id__in=muted)
        .exclude(author_id=user_id)
    )
