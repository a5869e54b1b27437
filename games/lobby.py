"""The lobby: open a game, invite friends (by link or email), join, fill seats with bots,
start when every seat is taken. Until it starts a game has no events: it is only a table
being set."""

from __future__ import annotations

import contextlib
import math
import random
import time
from collections.abc import Mapping
from datetime import timedelta
from typing import Any

from django import forms
from django.conf import settings
from django.contrib.auth.models import AbstractBaseUser
from django.core.cache import cache
from django.db import IntegrityError, transaction
from django.db.models import Max, QuerySet
from django.dispatch import Signal
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop, ngettext

from games import players
from games.descriptions import no_seat
from games.models import BotLevels, Game, Invitation, Seat
from games.names import one_line
from games.presence import mark_looking
from games.registry import default_game, game_type, rule_set
from games.rulesets.site import BotSeats
from games.services import start_recording

#: Sent by :func:`game_cancel` inside its transaction, just before the table's row is
#: deleted, with ``game`` (that row: read what is needed of it now, keep no reference to
#: it), ``host`` (who cancelled) and ``players``: the user ids of the other humans seated
#: (no bot, not the host). Apps the platform does not import (notifications) tell them.
table_cancelled = Signal()
#: Sent by :func:`game_join` once a player other than the host has taken the table's last
#: free seat, with ``game`` and ``player`` (who took it): the game now waits for its host
#: to start it, whom other apps tell (notifications).
table_filled = Signal()


class LobbyError(ValueError):
    """A lobby request that cannot be granted now (game full, already started...), in words."""


class LobbyForbidden(LobbyError):
    """A lobby request this person may not make (not invited, not the creator...)."""


class TooManyInvitations(LobbyError):
    """A member has sent as many email invitations as a day allows; ``retry_after``: the
    seconds until the day of their first one ends, and its count with it."""

    def __init__(self, message: str, retry_after: int) -> None:
        super().__init__(message)
        self.retry_after = retry_after


class OpeningKeyReused(LobbyError):
    """An idempotency key of the creator already opened a game with other options."""


class AlreadyInvited(ValueError):
    """The address typed is invited already (to the game, to the tournament): nothing is
    recorded nor sent again. In the inviter's words, saying whether its email has left yet
    (:func:`invitation_news`): a fault of the address typed, which the form says beside its
    field, not of where the table or the tournament is."""

    def __init__(self, *, owed: bool) -> None:
        super().__init__(invitation_news(owed=owed, new=False))


def check_not_invited(invitations: QuerySet[Any], address: str) -> None:
    """:class:`AlreadyInvited` if ``address`` (lower-cased already) is among
    ``invitations`` (a game's, a tournament's: rows with an ``email`` and a ``sent_at``)."""
    already = invitations.filter(email=address).first()
    if already is not None:
        raise AlreadyInvited(owed=already.sent_at is None)


def new_config(rules: str, options: Mapping[str, Any]) -> dict[str, Any]:
    """A new ``rules`` game's configuration from its options, read by the game's own
    new-game form as the lobby reads them: the game completes what it must record (NUM-X
    its latest rules edition), so code outside the game need not know it."""
    form = game_type(rules).site.new_game_form(options)
    if not form.is_valid():
        raise LobbyError(f"not a {rules} game's options: {dict(options)!r}")
    return form.config()


def default_config(rules: str) -> dict[str, Any]:
    """The configuration of a ``rules`` game whose new-game form is sent as it comes: each
    option at its initial value, a choice without one at its first choice (what a browser
    sends for an untouched form), read by the game's own form like any other."""
    form = game_type(rules).site.new_game_form()
    assert isinstance(form, forms.BaseForm), "a game's options are a Django form"
    options: dict[str, Any] = {}
    for name, field in form.fields.items():
        value = form[name].value()
        if value is None and isinstance(field, forms.ChoiceField) and field.choices:
            value = next(iter(field.choices))[0]
        if value not in (None, False):
            options[name] = value
    return new_config(rules, options)


#: The level of the bots a newcomer's first table seats: the game's own rules of thumb,
#: beatable by someone learning it.
FIRST_GAME_BOTS = BotLevels.HEURISTIC
#: A first game's name, said in each reader's language (``Game.display_name``).
FIRST_GAME_NAME = gettext_noop("First game of %(title)s")
#: The name the new-game form suggests; kept as suggested, it is said in each reader's
#: language too (:func:`game_open`).
SUGGESTED_NAME = gettext_noop("%(name)s’s game")


def game_try(*, player: AbstractBaseUser, rules: str, key: str) -> Game:
    """A first game of ``rules`` for ``player``: a private table of the game's default
    options, every other seat a bot of :data:`FIRST_GAME_BOTS`, without deadlines, started
    at once, ``player`` counted as at the table (:mod:`games.presence`: no "your turn"
    email for the move they are about to make there). ``key`` names the request (a page's
    button): sent again (a double click, a reload), it gives back the table it made
    instead of another."""
    title = game_type(rules).site.title
    with transaction.atomic():
        game, new = game_open_once(
            creator=player,
            idempotency_key=f"try:{rules}:{key}",
            name=FIRST_GAME_NAME % {"title": title},
            rules=rules,
            config=default_config(rules),
            bot_level=FIRST_GAME_BOTS,
        )
        if not new:
            return game
        Game.objects.filter(pk=game.pk).update(
            name_msgid=FIRST_GAME_NAME, name_args={"title": title}
        )
        for _seat in range(free_seats(game)):
            game_add_bot(game=game, by=player)
        # The player lands on the table at once: they are at it, and need no "your turn"
        # email for the first move (nor one for each game they try).
        mark_looking(game.pk, player.pk)
        return game_start(game=game, by=player)


def game_rematch(*, game: Game, by: AbstractBaseUser) -> Game:
    """Play ``game`` again: a new table of the same game, options, clock, bots' level and
    visibility, its name, opened by ``by`` (a player of the finished game), the game's bots
    seated again at their levels and every other player invited by email (each takes a
    seat by following the invitation, or by asking for the rematch too); against bots
    alone it starts at once, ``by`` counted as at the table (:mod:`games.presence`). One
    rematch per game: asked again, it gives back the table already opened."""
    if not game.seats.filter(user_id=by.pk).exists():
        raise LobbyForbidden(_("Only players of this game invite others."))
    if game.status != Game.Status.FINISHED:
        raise LobbyError(_("A game is played again once it is over."))
    earlier = rematch_of(game)
    if earlier is not None:
        # Another player asked first (or this one twice): take a seat there, as their
        # invitation would have. (Two players asking at the same moment may open two
        # tables: each is a whole table, and the first one opened is found after.)
        if earlier.status == Game.Status.OPEN and not earlier.seats.filter(user_id=by.pk).exists():
            game_join(game=earlier, user=by, token=earlier.invite_token)
        return earlier
    seats = list(game.seats.order_by("number").select_related("user"))
    invited = [
        seat.user.email.lower()
        for seat in seats
        if not seat.is_bot and seat.user is not None and seat.user.pk != by.pk and seat.user.email
    ]
    if invited:
        spend_invitation(by, len(invited))
    try:
        with transaction.atomic():
            again = game_open(
                creator=by,
                # On one line: a name stored before names were checked may break it.
                name=one_line(game.display_name)[: Game._meta.get_field("name").max_length],
                rules=game.rules,
                config=game.config,
                move_deadline=game.move_deadline,
                public=game.is_public,
                deadline_policy=game.deadline_policy,
                bot_level=game.bot_level,
                idempotency_key=_rematch_key(game),
            )
            if game.name_msgid:
                # A name said in each reader's language stays so: the player asking for
                # the rematch reads it in theirs, which would otherwise be kept for all.
                again.name_msgid, again.name_args = game.name_msgid, game.name_args
                again.save(update_fields=["name_msgid", "name_args"])
            for seat in seats:
                if seat.is_bot:
                    game_add_bot(game=again, by=by, level=seat.bot_level)
            for address in invited:
                _invitation(again, by, address)
            # Against bots alone nobody is waited for: it starts at once, as it first did,
            # and the player who asked lands on it (no "your turn" email to follow them).
            if not free_seats(again):
                mark_looking(again.pk, by.pk)
                return game_start(game=again, by=by)
    except BaseException:
        # Rolled back: nothing opened, no invitation mailed, so none is counted.
        refund_invitations(by, len(invited))
        raise
    return again


def rematch_note(game: Game, seat: int | None) -> str:
    """What :func:`game_rematch` does at ``game`` for the player at ``seat``, in words:
    whom it invites by email, whom it seats again, and whether it starts at once."""
    seats = list(game.seats.values_list("number", "is_bot"))
    bots = any(is_bot for _number, is_bot in seats)
    others = any(not is_bot and number != seat for number, is_bot in seats)
    if others and bots:
        return _("Same game, same options: the other players are invited, the bots seated again.")
    if others:
        return _("Same game, same options: the other players are invited by email.")
    return _("Same game, same options, the bots seated again: it starts at once.")


_REMATCH = "rematch:"


def _rematch_key(game: Game) -> str:
    return f"{_REMATCH}{game.pk}"


def is_rematch(game: Game) -> bool:
    """Whether :func:`game_rematch` opened ``game``, to play a finished game again."""
    return (game.idempotency_key or "").startswith(_REMATCH)


def rematch_of(game: Game) -> Game | None:
    """The table :func:`game_rematch` opened to play ``game`` again, if any (the first one,
    should two players have asked at the same moment)."""
    return Game.objects.filter(idempotency_key=_rematch_key(game)).order_by("pk").first()


def game_open(
    *,
    creator: AbstractBaseUser,
    name: str,
    config: dict[str, Any],
    rules: str | None = None,
    move_deadline: timedelta | None = None,
    public: bool = False,
    deadline_policy: str = Game.DeadlinePolicy.PASS,
    bot_level: int = BotLevels.HEURISTIC,
    idempotency_key: str | None = None,
) -> Game:
    """Open a game of ``rules`` (a registered game's id; the default game if None) for
    ``config``, its creator in seat 0. A public game is listed in the lobby for anyone to
    join; a private one only by its link. ``bot_level`` is the level of the table's bots
    and of the one that moves for an absent player. ``idempotency_key``: see
    :func:`game_open_once`."""
    rules = rules or default_game()
    rule_set(rules).new_game(config)  # refuses configurations the rules do not allow
    _check_level(bot_level)
    host = {"name": players.display_name(creator)}
    # The suggestion kept is in the host's language (the request's): other readers would
    # read a name in a language not theirs.
    suggested = name == _(SUGGESTED_NAME) % host
    with transaction.atomic():
        game = Game.objects.create(
            name=name,
            name_msgid=SUGGESTED_NAME if suggested else "",
            name_args=host if suggested else {},
            rules=rules,
            config=config,
            created_by=creator,
            move_deadline=move_deadline,
            deadline_policy=deadline_policy,
            bot_level=bot_level,
            is_public=public,
            idempotency_key=idempotency_key,
        )
        Seat.objects.create(game=game, number=0, user=creator, name=players.display_name(creator))
    return game


#: What a request to open a game chooses: the same key must choose the same again.
_OPENING = ("name", "rules", "config", "move_deadline", "deadline_policy", "bot_level", "is_public")


def game_open_once(
    *, creator: AbstractBaseUser, idempotency_key: str, **options: Any
) -> tuple[Game, bool]:
    """:func:`game_open` once per ``idempotency_key`` of ``creator`` (a client that sends
    its request again, its first answer lost): the game, and whether it was opened now.
    :class:`OpeningKeyReused` if the key opened a game with other ``options``."""
    earlier = Game.objects.filter(created_by=creator, idempotency_key=idempotency_key).first()
    if earlier is None:
        try:
            game = game_open(creator=creator, idempotency_key=idempotency_key, **options)
        except IntegrityError:
            # The same request sent twice at once: the other one opened the game.
            earlier = Game.objects.filter(
                created_by=creator, idempotency_key=idempotency_key
            ).first()
            if earlier is None:
                raise
        else:
            return game, True
    asked = {**options, "rules": options.get("rules") or default_game()}
    wanted = Game(**{"is_public": asked.pop("public", False), **asked})
    if any(getattr(earlier, field) != getattr(wanted, field) for field in _OPENING):
        raise OpeningKeyReused(_("This idempotency key opened another game."))
    return earlier, False


def free_seats(game: Game) -> int:
    return int(game.config["players"]) - game.seats.count()


def _take_seat(game: Game, **seat: Any) -> Seat:
    if game.status != Game.Status.OPEN:
        raise LobbyError(_("This game has already started."))
    if free_seats(game) <= 0:
        raise LobbyError(_("This game has no free seat left."))
    number = (game.seats.aggregate(last=Max("number"))["last"] or 0) + 1
    try:
        with transaction.atomic():
            return Seat.objects.create(game=game, number=number, **seat)
    except IntegrityError:
        raise LobbyError(_("Somebody took that seat at the same moment: try again.")) from None


def check_invitation(game: Game, token: str) -> None:
    """Anyone may join a public table; a private one needs its invitation link's token."""
    if not game.is_public and token != game.invite_token:
        raise LobbyForbidden(_("This invitation link is not valid."))


def game_join(*, game: Game, user: AbstractBaseUser, token: str = "") -> Seat:
    """Take a free seat, with the invitation token unless the table is public."""
    # A player seated already is told so, whatever token they sent: the table is theirs
    # to see, and the link was never what kept them out.
    if game.seats.filter(user_id=user.pk).exists():
        raise LobbyError(_("You already have a seat at this table."))
    check_invitation(game, token)
    seat = _take_seat(game, user=user, name=players.display_name(user))
    if free_seats(game) == 0:
        table_filled.send(sender=Game, game=game, player=user)
    return seat


def game_leave(*, game: Game, user: AbstractBaseUser) -> None:
    """``user`` gives up their seat at a table still being set; the seats after it move up
    one, so that the seats stay numbered from 0 and the next to join sits last. The player
    who opened the table hosts it and stays."""
    with transaction.atomic():
        # Locked, so that nobody joins or starts while the seats move up.
        locked = Game.objects.select_for_update().get(pk=game.pk)
        if locked.status != Game.Status.OPEN:
            raise LobbyError(_("This game has already started: its seats stay taken."))
        if locked.created_by_id == user.pk:
            raise LobbyError(_("The player who opened this table hosts it and cannot leave it."))
        seat = locked.seats.filter(user_id=user.pk).first()
        if seat is None:
            raise LobbyError(no_seat())
        seat.delete()
        for later in locked.seats.filter(number__gt=seat.number).order_by("number"):
            later.number -= 1
            later.save(update_fields=["number"])


def game_cancel(*, game: Game, by: AbstractBaseUser) -> None:
    """The creator cancels a table still being set, as a host cancels a table nobody came
    to: the table is deleted, its seats, invitations and chat with it. Nothing was played
    (a table records no event before it starts), so nothing is lost; a game that has
    started is called off or resigned instead (``games.endings``), its events kept. A
    tournament's table starts as it is made, so it is never cancelled. Cancelled twice
    (a double click), the second finds nothing left to do. Just before the row goes,
    :data:`table_cancelled` names the other players seated, whom other apps tell."""
    _check_creator(game, by)
    with transaction.atomic():
        # Locked, so that nobody joins or starts it while it goes.
        locked = Game.objects.select_for_update().filter(pk=game.pk).first()
        if locked is None:
            return
        if locked.status != Game.Status.OPEN:
            raise LobbyError(
                _("This game has already started: its table can no longer be cancelled.")
            )
        players = list(
            locked.seats.filter(user__isnull=False, is_bot=False)
            .exclude(user_id=by.pk)
            .order_by("number")
            .values_list("user_id", flat=True)
        )
        table_cancelled.send(sender=Game, game=locked, host=by, players=players)
        # Its events and chain are protected from deletion: a table with any would refuse.
        locked.delete()


def game_add_bot(*, game: Game, by: AbstractBaseUser, level: int | None = None) -> Seat:
    """The creator fills a free seat with a bot of ``level`` (the table's level if None),
    at a table whose game seats bots (:func:`why_no_bots`)."""
    _check_creator(game, by)
    level = game.bot_level if level is None else level
    _check_level(level)
    if why := why_no_bots(game):
        raise LobbyError(why)
    number = int(game.config["players"]) - free_seats(game) + 1
    name = _("Bot %(number)d") % {"number": number}
    return _take_seat(game, name=name, is_bot=True, bot_level=level)


def why_no_bots(game: Game) -> str:
    """Why ``game``'s table seats none of the site's bots (its game's optional
    :class:`games.rulesets.site.BotSeats`), "" when it may."""
    site = game_type(game.rules).site
    return site.why_no_bots(game.config) if isinstance(site, BotSeats) else ""


def _check_level(level: int) -> None:
    if level not in BotLevels.values:
        raise LobbyError(_("A bot's level is 0, 1 or 2."))


def game_invite(*, game: Game, by: AbstractBaseUser, email: str) -> Invitation:
    """Invite ``email`` to an open game, once per address and game: the new invitation, an
    outbox row emailed once after it commits. An address invited already is
    :class:`AlreadyInvited` (saying where its email is), nothing recorded, sent or counted
    against the day's invitations."""
    if not game.seats.filter(user_id=by.pk).exists():
        raise LobbyForbidden(_("Only players of this game invite others."))
    if game.status != Game.Status.OPEN:
        raise LobbyError(_("This game has already started."))
    address = email.lower()
    check_not_invited(game.invitations.all(), address)
    spend_invitation(by)
    invitation, new = _invitation(game, by, address)
    if not new:
        # Another request invited it meanwhile: that one counted it and owes its email.
        refund_invitations(by, 1)
        raise AlreadyInvited(owed=invitation.sent_at is None)
    return invitation


def _invitation(game: Game, by: AbstractBaseUser, address: str) -> tuple[Invitation, bool]:
    """The outbox row inviting ``address`` to ``game``, counted already by the caller
    (:func:`spend_invitation`), and whether it is new."""
    link = settings.SITE_URL + reverse("games:join", args=(game.pk, game.invite_token))
    return Invitation.objects.get_or_create(
        game=game, email=address, defaults={"invited_by": by, "link": link}
    )


#: How long the count of a member's email invitations lasts, from their first one.
INVITATION_WINDOW = 24 * 3600


def spend_invitation(by: AbstractBaseUser, count: int = 1) -> None:
    """Count ``count`` more email invitations by ``by`` (to a game or a tournament), or
    refuse them all, counting none, past ``NUMX_INVITATIONS_PER_DAY`` in the day since
    their first: an invitation mails somebody who asked for nothing, so nobody may mail
    strangers (or probe addresses) in bulk. The count lives in Django's cache, shared by
    every process in production; an action that sends several (a rematch) counts them at
    once, before it writes anything, so that a refusal spends none of those left, and
    gives them back (:func:`refund_invitations`) should it then open nothing."""
    key = _spent_key(by)
    ends = f"{key}:ends"
    cache.add(key, 0, timeout=INVITATION_WINDOW)
    cache.add(ends, time.time() + INVITATION_WINDOW, timeout=INVITATION_WINDOW)
    try:
        spent = cache.incr(key, count)
    except ValueError:  # the count expired between add and incr: a new day begins
        cache.set(key, count, timeout=INVITATION_WINDOW)
        spent = count
    limit = settings.NUMX_INVITATIONS_PER_DAY
    if spent > limit:
        # Counted first so that two requests at once cannot both pass; given back, since
        # nothing is sent.
        refund_invitations(by, count)
        left = (cache.get(ends) or time.time() + INVITATION_WINDOW) - time.time()
        raise TooManyInvitations(
            ngettext(
                "You may send %(limit)d email invitation a day: try again tomorrow, "
                "or share the link instead.",
                "You may send %(limit)d email invitations a day: try again tomorrow, "
                "or share the link instead.",
                limit,
            )
            % {"limit": limit},
            retry_after=max(1, math.ceil(left)),
        )


def refund_invitations(by: AbstractBaseUser, count: int) -> None:
    """Give back ``count`` invitations :func:`spend_invitation` counted for ``by``, when
    what was to send them wrote nothing after all."""
    if count:
        with contextlib.suppress(ValueError):  # the day ended meanwhile: nothing to give
            cache.decr(_spent_key(by), count)


def _spent_key(by: AbstractBaseUser) -> str:
    return f"invitations-by:{by.pk}"


def invitation_news(*, owed: bool, new: bool) -> str:
    """What the inviter is told of an email invitation (to a game, to a tournament).

    The same words whoever the address belongs to, a member or nobody, and whether the
    member wants invitations or not: an inviter learns nothing of other people's
    accounts. ``owed``: the email has not left yet (the outbox sends it); ``new``: this
    request made the invitation."""
    if new:
        return _("Invitation recorded: the email is on its way.")
    if owed:
        return _("This address is already invited: its email is on its way, it is not sent twice.")
    return _("This address is already invited.")


def game_start(*, game: Game, by: AbstractBaseUser, rng: random.Random | None = None) -> Game:
    """The creator starts a game whose seats are all taken: it is dealt."""
    _check_creator(game, by)
    with transaction.atomic():
        locked = Game.objects.select_for_update().get(pk=game.pk)
        if locked.status != Game.Status.OPEN:
            raise LobbyError(_("This game has already started."))
        if free_seats(locked):
            raise LobbyError(_("Every seat must be taken before the game starts."))
        start_recording(locked, by, rng)
    game.refresh_from_db()
    return game


def _check_creator(game: Game, user: AbstractBaseUser) -> None:
    if game.created_by_id != user.pk:
        raise LobbyForbidden(_("Only the player who opened this game can do that."))
