"""Saying a line at a table, reading what was said, hiding a game's chat, reporting a line
to the site's moderators and their removing it (or restoring it, removed by mistake).

Only the game's players speak; whoever may watch the game (``games.access``) reads, and may
report another's line. A line is kept with the game at the moment it was said (the game's
last event then), so the replay shows each line where it belongs.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from datetime import datetime, timedelta

from django.conf import settings
from django.contrib.auth.models import AbstractBaseUser
from django.db import IntegrityError, transaction
from django.db.models import Max, Min, OuterRef, Q, QuerySet, Subquery
from django.db.models.functions import Coalesce
from django.http import Http404
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from chat.models import MAX_LENGTH, NOTE_LENGTH, ChatLine, ChatMute, ChatReport
from games.models import Game, Seat
from games.params import LARGEST

#: The latest lines a table shows; the replay shows every line up to its step.
SHOWN = 50


class ChatRefused(ValueError):
    """A line nobody may say: empty, too long, or holding a NUL."""


class NotAPlayer(PermissionError):
    """Someone without a seat at the game tried to speak at its table."""


class OwnLine(PermissionError):
    """A player tried to report their own line."""


class AlreadyRemoved(ValueError):
    """A line the moderators removed already: nothing left to report."""


class ReportRefused(ValueError):
    """A report whose ``field`` (its reason, its note) cannot be filed as it is."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(message)
        self.field = field


class TooManyReports(Exception):
    """A member filed as many reports as a day allows; ``retry_after``: the seconds until
    the oldest of them is a day old, and one more may be filed."""

    def __init__(self, message: str, retry_after: int) -> None:
        super().__init__(message)
        self.retry_after = retry_after


#: How far back a member's reports count against ``NUMX_CHAT_REPORTS_PER_DAY``.
REPORT_WINDOW = timedelta(days=1)


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


def same_lines(game: Game, upto: int) -> tuple[int, int]:
    """The replay's steps at which :func:`lines` reads as at step ``upto``: from the step
    the last of its lines was said at (0: none was) to the step before the next line's,
    and never the game's latest step, at which lines may still be said. The replay asks
    for the panel again only at a step past them."""
    moments = ChatLine.objects.filter(game=game).aggregate(
        said=Max("after_sequence", filter=Q(after_sequence__lte=upto)),
        next=Min("after_sequence", filter=Q(after_sequence__gt=upto)),
    )
    latest = game.last_sequence - 1
    following = latest if moments["next"] is None else min(moments["next"] - 1, latest)
    return moments["said"] or 0, following


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
    in games whose chat they hid and lines the moderators removed (nobody reads those):
    what the daily digest tells them of."""
    seated = Seat.objects.filter(user_id=user_id).values("game_id")
    muted = ChatMute.objects.filter(user_id=user_id).values("game_id")
    return (
        ChatLine.objects.filter(game_id__in=seated, said_at__gte=since, removed_at__isnull=True)
        .exclude(game_id__in=muted)
        .exclude(author_id=user_id)
    )


#: The lines the moderators read on each side of a line reported.
AROUND = 5


def around(line: ChatLine) -> list[ChatLine]:
    """The conversation around ``line``, for the moderators: the :data:`AROUND` lines of its
    game's chat said before it, the line, and the :data:`AROUND` said after, in order,
    removed ones included (the moderators read their words)."""
    said = ChatLine.objects.filter(game_id=line.game_id)
    earlier = said.filter(pk__lt=line.pk).order_by("-pk")[:AROUND]
    later = said.filter(pk__gt=line.pk).order_by("pk")[:AROUND]
    return [*reversed(earlier), line, *later]


def line_at(game: Game, line_id: int) -> ChatLine:
    """Line ``line_id`` of ``game``'s chat; 404 for none (a line of another game, or an id
    past any the database holds)."""
    if not 0 < line_id <= LARGEST:
        raise Http404
    line = ChatLine.objects.filter(game=game, pk=line_id).first()
    if line is None:
        raise Http404
    return line


def report(
    line: ChatLine, user: AbstractBaseUser, reason: str, note: str
) -> tuple[ChatReport, bool]:
    """``user``'s report of ``line`` to the moderators, and whether this call filed it: a
    line is reported once by each reader, and a second report is the first one, unchanged,
    whatever it says and whatever befell the line since (removed, it is still what the
    reporter filed: their retry is told so, not refused).

    :class:`OwnLine` for one's own line, :class:`AlreadyRemoved` for a line the moderators
    removed, :class:`ReportRefused` for a reason not of the list or a bad note (too long,
    or holding a NUL), :class:`TooManyReports` past ``NUMX_CHAT_REPORTS_PER_DAY`` in the
    last day. The caller checked that ``user`` may read the game's chat."""
    if line.author_id == user.pk:
        raise OwnLine(_("You cannot report your own message."))
    earlier = ChatReport.objects.filter(line=line, reporter_id=user.pk).first()
    if earlier is not None:
        return earlier, False
    if line.removed:
        raise AlreadyRemoved(_("The moderators already removed this message."))
    if reason not in ChatReport.Reason.values:
        raise ReportRefused("reason", _("Choose a reason from the list."))
    note = note.strip()
    if len(note) > NOTE_LENGTH:
        raise ReportRefused(
            "note", _("A note holds at most %(most)d characters.") % {"most": NOTE_LENGTH}
        )
    if "\x00" in note:
        raise ReportRefused("note", _("Null characters are not allowed."))
    _check_reports_left(user)
    try:
        with transaction.atomic():
            filed = ChatReport.objects.create(
                line=line,
                reporter_id=user.pk,
                reason=reason,
                note=note,
                author_id=line.author_id,
                speaker=line.name,
                text=line.text,
                table=line.game.name,
            )
    except IntegrityError:  # the same report, sent twice at once: the other one stands
        return ChatReport.objects.get(line=line, reporter_id=user.pk), False
    return filed, True


def _check_reports_left(user: AbstractBaseUser) -> None:
    """:class:`TooManyReports` if ``user`` filed ``NUMX_CHAT_REPORTS_PER_DAY`` reports in
    the last day. Counted from the reports themselves, kept for good: exact whatever
    happens to the cache, and a report never filed counts nothing. (Two sent at the very
    same moment may both pass: one over a day's few does no harm.)"""
    limit = settings.NUMX_CHAT_REPORTS_PER_DAY
    now = timezone.now()
    recent = ChatReport.objects.filter(reporter_id=user.pk, created_at__gt=now - REPORT_WINDOW)
    filed = list(recent.order_by("-created_at").values_list("created_at", flat=True)[:limit])
    if len(filed) < limit:
        return
    # One more may be filed once the oldest of the last ``limit`` is a day old.
    left = (filed[-1] + REPORT_WINDOW - now).total_seconds()
    raise TooManyReports(
        ngettext(
            "You may file %(limit)d report a day: try again tomorrow.",
            "You may file %(limit)d reports a day: try again tomorrow.",
            limit,
        )
        % {"limit": limit},
        retry_after=max(1, math.ceil(left)),
    )


def reports_of(user: AbstractBaseUser, lines: Iterable[ChatLine]) -> tuple[set[int], set[int]]:
    """Of ``lines``, the ids of those ``user`` may report (others' lines, not removed, not
    reported by them yet: :func:`report` would file it) and of those they reported (one
    query). A visitor signed out reports nothing."""
    lines = list(lines)
    if not user.is_authenticated or not lines:
        return set(), set()
    reported = set(
        ChatReport.objects.filter(
            reporter_id=user.pk, line_id__in=[line.pk for line in lines]
        ).values_list("line_id", flat=True)
    )
    reportable = {
        line.pk
        for line in lines
        if line.author_id != user.pk and not line.removed and line.pk not in reported
    }
    return reportable, reported


def remove_lines(lines: QuerySet[ChatLine], by: AbstractBaseUser) -> int:
    """Remove ``lines`` for every reader, as moderator ``by``: each then reads "Message
    removed by the moderators." (:attr:`ChatLine.shown_text`). Lines removed already keep
    who removed them and when. How many this removed."""
    return lines.filter(removed_at__isnull=True).update(
        removed_at=timezone.now(), removed_by_id=by.pk
    )


def restore_lines(lines: QuerySet[ChatLine]) -> int:
    """Show again those of ``lines`` the moderators removed (by mistake): every reader reads
    its text again, and may report it. How many this restored (lines shown already count
    none)."""
    return lines.filter(removed_at__isnull=False).update(removed_at=None, removed_by=None)
