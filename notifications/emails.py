"""The emails themselves: in the recipient's language, plain text and HTML, with a
one-click link to the table and a one-click unsubscribe."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from datetime import timedelta
from typing import Any
from urllib.parse import quote

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser
from django.core import signing
from django.core.mail import EmailMessage, EmailMultiAlternatives
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import translation
from django.utils.functional import Promise, lazy
from django.utils.text import format_lazy
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext
from sesame.utils import get_query_string

from accounts.models import Profile, display_name, mail_language, profile_mail_language
from chat.services import heard_since
from games import belonging
from games.answers import MAIL_KEY_PREFIX, asked_sequence
from games.descriptions import and_list, game_summary, left_mark, nobody_won, number, who
from games.engine.ruleset import ScoreLine
from games.events import store
from games.events.models import Event
from games.lobby import free_seats, is_rematch
from games.models import Game, Invitation, Seat
from games.moves import seat_names
from games.registry import game_type, rule_set
from games.results import resigned_first
from games.rulesets.site import MailPosition
from games.score_sheets import by_round, rule_sums
from games.selectors import event_log, game_view, seat_of
from games.services import still_valid
from notifications.due import due_words
from notifications.models import DIGEST_PERIOD, INVITATION, Notification
from notifications.reply_address import ReplyToken, replies_enabled
from notifications.reply_moves import reply_moves

UNSUBSCRIBE_SALT = "notifications.unsubscribe"
#: How many past events a "your turn" email recounts at most.
RECAP = 15


def link_scope(game_id: int) -> str:
    """The django-sesame scope of a game's one-click links: they open that game only."""
    return f"game:{game_id}"


def game_link(user: AbstractBaseUser, game_id: int, page: str = "games:game") -> str:
    """A signed, expiring one-click link (django-sesame, ``SESAME_MAX_AGE``) that signs
    ``user`` in on game ``game_id``'s pages only and opens ``page`` of it."""
    token = get_query_string(user, scope=link_scope(game_id))
    target = quote(reverse(page, args=(game_id,)))
    return (
        f"{settings.SITE_URL}{reverse('notifications:link', args=(game_id,))}{token}&next={target}"
    )


def unsubscribe_link(user: AbstractBaseUser, kind: str) -> str:
    token = signing.dumps({"user": user.pk, "kind": kind}, salt=UNSUBSCRIBE_SALT)
    return settings.SITE_URL + reverse("notifications:unsubscribe", args=(token,))


def read_unsubscribe(token: str) -> dict[str, Any]:
    """The (user, kind) of an unsubscribe link; raises signing.SignatureExpired once
    ``NUMX_UNSUBSCRIBE_DAYS`` old, signing.BadSignature if forged."""
    max_age = timedelta(days=settings.NUMX_UNSUBSCRIBE_DAYS)
    return dict(signing.loads(token, salt=UNSUBSCRIBE_SALT, max_age=max_age))


def invitation_email(
    *, address: str, message_id: str, subject: Promise, body: Promise, words: Mapping[str, object]
) -> EmailMessage | None:
    """An invitation to ``address`` (to a game, to a tournament): ``subject`` and ``body``
    (lazy translations, filled with ``words``, which may be lazy too) in the invitee's
    language if they have an account (then with a one-click unsubscribe from invitations);
    None if that account turned invitations off. ``message_id`` is fixed by the
    invitation, so that a mail server can drop a copy."""
    user = get_user_model().objects.filter(email__iexact=address).first()
    profile = Profile.objects.filter(user_id=user.pk).first() if user else None
    if profile is not None and not profile.email_invitations:
        return None
    with translation.override(profile_mail_language(profile)):
        text = str(body) % words
        headers = {"Message-ID": f"<{message_id}@numx-by-mail>"}
        if user is not None:
            unsubscribe = unsubscribe_link(user, INVITATION)
            text += "\n\n" + _("No more invitations: %(link)s") % {"link": unsubscribe}
            headers["List-Unsubscribe"] = f"<{unsubscribe}>"
            headers["List-Unsubscribe-Post"] = "List-Unsubscribe=One-Click"
        return EmailMessage(str(subject) % words, text, None, [address], headers=headers)


def compose_invitation(invitation: Invitation) -> EmailMessage | None:
    """The invitation to a game (:func:`invitation_email`): what the table is (its game,
    options and time per move, as its join page says them) and who sits at it. No seat is
    kept for the invitee: whoever follows a link first takes a free one."""
    game = invitation.game
    seated = [seat.name for seat in game.seats.order_by("number")]
    # To play a game again, the table has the finished one's name: said as such, lest the
    # invitation be taken for the first one, read again.
    again = is_rematch(game)
    return invitation_email(
        address=invitation.email,
        message_id=f"invitation-{invitation.pk}",
        subject=gettext_lazy("%(inviter)s asks you to play “%(game)s” again")
        if again
        else gettext_lazy("%(inviter)s invites you to a game of %(title)s: %(game)s"),
        body=format_lazy(
            "{}\n{}",
            gettext_lazy(
                "%(inviter)s asks you to play “%(game)s” again, the game you finished "
                "together: %(what)s."
            )
            if again
            else gettext_lazy("%(inviter)s invites you to the table “%(game)s”: %(what)s."),
            gettext_lazy(
                "At the table: %(seated)s.\n\n"
                "Take a free seat: %(link)s\n\nWe email you when it is your turn."
            ),
        ),
        words={
            "inviter": display_name(invitation.invited_by),
            "title": game.game_type.site.title,
            # Said in the invitee's language, which invitation_email chooses.
            "game": lazy(lambda: game.display_name, str)(),
            "what": lazy(game_summary, str)(game),
            "seated": lazy(and_list, str)(seated),
            "link": invitation.link,
        },
    )


def compose(notification: Notification) -> EmailMultiAlternatives:
    user = notification.recipient
    with translation.override(mail_language(user)):
        context = _context(notification)
        message = player_message(user.email, context, f"notification-{notification.pk}")
    token: ReplyToken | None = context.get("token")
    if token is not None:
        # A reply is a move (notifications.replies): its address and Message-ID carry the
        # token, so that a client that drops the +tag still names it in In-Reply-To.
        message.reply_to = [token.address]
        message.extra_headers["Message-ID"] = token.message_id(f"notification-{notification.pk}")
    return message


def compose_due(notification: Notification) -> EmailMultiAlternatives | None:
    """:func:`compose`, unless what the notification tells is no longer so when it is
    sent: a full table that has started, or has a free seat again, waits for its host no
    more (the outbox may send a row late)."""
    game = notification.game
    if notification.kind == Notification.Kind.TABLE_FULL and (
        game is None or game.status != Game.Status.OPEN or free_seats(game) > 0
    ):
        return None
    return compose(notification)


def player_message(address: str, context: dict[str, Any], key: str) -> EmailMultiAlternatives:
    """The email of ``context`` (its ``subject``, the ``unsubscribe`` link of its kind) to
    a player at ``address``, rendered now (in the active language) from the notification
    templates, plain text and HTML, with the same footer. ``key`` fixes its Message-ID."""
    text = render_to_string("notifications/email/message.txt", context)
    html = render_to_string("notifications/email/message.html", context)
    message = EmailMultiAlternatives(context["subject"], text, None, [address])
    message.attach_alternative(html, "text/html")
    message.extra_headers = {
        "List-Unsubscribe": f"<{context['unsubscribe']}>",
        "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
        # The same row always has the same id: a mail server can drop a copy.
        "Message-ID": f"<{key}@numx-by-mail>",
        # RFC 3834: no vacation responder answers it (an answer would be no move).
        "Auto-Submitted": "auto-generated",
    }
    return message


def _context(notification: Notification) -> dict[str, Any]:
    user = notification.recipient
    kind = notification.kind
    context: dict[str, Any] = {
        "name": display_name(user),
        "kind": kind,
        "unsubscribe": unsubscribe_link(user, kind),
        # The lobby is everything of the account: no one-click link opens it.
        "lobby": settings.SITE_URL + reverse("games:lobby"),
    }
    if kind == Notification.Kind.DIGEST:
        seats = Seat.objects.filter(user=user, awaited=True, game__status=Game.Status.RUNNING)
        context["games"] = [
            (seat.game.display_name, game_link(user, seat.game_id))
            for seat in seats.select_related("game").order_by("awaited_since")
        ]
        heard = Counter(
            heard_since(user.pk, notification.created_at - DIGEST_PERIOD).values_list(
                "game_id", flat=True
            )
        )
        talked = sorted(Game.objects.filter(pk__in=heard), key=lambda game: game.display_name)
        context["chat"] = [
            (game.display_name, heard[game.pk], game_link(user, game.pk)) for game in talked
        ]
        count = len(context["games"])
        # Every subject names its games: here, the waiting ones (a long list is cut short),
        # else those where players spoke.
        named = [name for name, _link in context["games"]] or [
            name for name, _n, _link in context["chat"]
        ]
        names = ", ".join(named[:3]) + (", …" if len(named) > 3 else "")
        if count:
            context["subject"] = ngettext(
                "NUM-X: %(count)d game waits for you (%(names)s)",
                "NUM-X: %(count)d games wait for you (%(names)s)",
                count,
            ) % {"count": count, "names": names}
        else:
            context["subject"] = _("NUM-X: players spoke at your tables (%(names)s)") % {
                "names": names
            }
        return context
    game = notification.game
    assert game is not None
    seat = seat_of(game, user)
    context["game"] = game.display_name
    context["table"] = game_link(user, game.pk)
    if kind == Notification.Kind.TABLE_FULL:
        # Said of the seat taken last: whoever took it, it filled the table.
        last = game.seats.order_by("-number").first()
        context["player"] = last.name if last else ""
        context["subject"] = _("%(game)s: your table is full") % {"game": game.display_name}
        return context
    # The footer prints the head of the game's chain: each inbox a witness (docs/logs.md).
    context["chain"] = store.head(game.pk, game.last_sequence)
    if kind == Notification.Kind.GAME_END:
        names = seat_names(game)
        # The players who resigned come last, as they rank, and those who made no move of
        # their own after them, placed nowhere (games.results).
        seats = sorted(
            game.seats.only(
                "game_id",
                "number",
                "score",
                "winner",
                "timeouts",
                "resigned",
                "former_user",
                "absent",
            ),
            key=lambda s: (s.absent, s.resigned, -(s.score or 0)),
        )
        lines = _score_lines(game)
        first = resigned_first(seats)
        context["scores"] = [
            (
                names[s.number],
                "" if s.score is None else number(s.score),
                s.winner,
                # Every move made for them says it all: no count of the clock's beside it.
                0 if s.absent else s.timeouts,
                lines.get(s.number, []),
                left_mark(
                    resigned=s.resigned,
                    taken_off=s.former_user_id is not None,
                    resigned_first=(game.pk, s.number) in first,
                    absent=s.absent,
                ),
            )
            for s in seats
        ]
        # The reader among them is "you": their own mail, not a stranger's, says they won.
        winners = [s.number for s in seats if s.winner]
        context["winners"] = and_list([who(n, seat, names) for n in winners])
        context["no_winner"] = nobody_won(winners, [s.number for s in seats if s.absent])
        # What ended it: the moves since the player's own last one, which no "your
        # turn" mail told them (the other's last move, the last round's end).
        context["recap_heading"], context["recap"] = _recap(game, seat, ended=True)
        context["replay"] = game_link(user, game.pk, "games:replay")
        # A game that is part of something (a tournament's table) leads there, not to the
        # same game again outside it.
        context["next"] = [
            (words, settings.SITE_URL + link) for words, link in belonging.next_after(game)
        ]
        # Its result there (a tournament's places and points), as that app ranks it.
        context["results"] = belonging.results_of(game)
        if not context["next"]:
            context["again"] = game_link(user, game.pk, "notifications:again")
        context["subject"] = _("%(game)s: the game is over") % {"game": game.display_name}
        return context
    if kind == Notification.Kind.MOVE_TAKEN:
        context.update(_move_taken(game, seat, notification))
        return context
    context.update(turn_context(game, seat, kind, asked_sequence(game, notification.sequence)))
    context["due"] = due_words(game, seat, user)
    subjects = {
        Notification.Kind.YOUR_TURN: _("%(game)s: your turn"),
        # "Play": in Objectifs, "complete" is the malus cards' step at the end of a trick.
        Notification.Kind.OUT_OF_TURN: _("%(game)s: you may play out of turn"),
        Notification.Kind.REMINDER: _("%(game)s: still waiting for you"),
    }
    context["subject"] = subjects[kind] % {"game": game.display_name}
    return context


def _move_taken(game: Game, seat: int | None, notification: Notification) -> dict[str, Any]:
    """What a mail says that takes back the last one's request (``consumer``): the move out
    of turn that took it (the notification's event), and whether what was taken was the
    player's turn or their chance to play out of turn (the kind of that last mail)."""
    (entry,) = event_log(game, seat, after=notification.sequence - 1, limit=1)
    names = seat_names(game)
    last = (
        Notification.objects.filter(
            game=game,
            recipient=notification.recipient,
            sequence__lt=notification.sequence,
            kind__in=(
                Notification.Kind.YOUR_TURN,
                Notification.Kind.OUT_OF_TURN,
                Notification.Kind.REMINDER,
            ),
        )
        .order_by("-sequence", "-pk")
        .values_list("kind", flat=True)
        .first()
    )
    out_of_turn = last == Notification.Kind.OUT_OF_TURN
    subject = (
        _("%(game)s: your chance to play out of turn has passed")
        if out_of_turn
        else _("%(game)s: no longer your move")
    )
    return {
        "mover": names[entry["seat"]],
        "move": game.game_type.site.describe_event(entry, names, seat, game.config),
        "out_of_turn": out_of_turn,
        "subject": subject % {"game": game.display_name},
    }


def turn_context(game: Game, seat: int | None, kind: str, sequence: int) -> dict[str, Any]:
    """What a mail that asks ``seat`` to move shows: what happened since its last move,
    what to do, its moves (lettered) and, when replies are on and a move chosen at
    ``sequence`` is still one the game takes (the same moment, or only moves hidden from
    the seat came in since, as another player's opening pick), the ``token`` of its reply
    address."""
    heading, recap = _recap(game, seat)
    context: dict[str, Any] = {
        "recap": recap,
        "recap_heading": heading,
        "todo": what_to_do(game, seat, kind),
    }
    if seat is None:
        return context
    loaded = store.load(game.pk, game.rules)
    site = game.game_type.site
    if isinstance(site, MailPosition):
        context["position"] = site.position_words(game_view(game, seat, loaded), seat_names(game))
    moves = reply_moves(game, seat, loaded)
    context["moves"] = moves
    if (
        replies_enabled()
        and (moves.listed or moves.pending)
        and still_valid(rule_set(game.rules), game.pk, seat, sequence, loaded)
    ):
        context["token"] = ReplyToken(game.pk, sequence, seat)
        context["reply"] = context["token"].address
    return context


def _score_lines(game: Game) -> dict[int, list[str]]:
    """What each seat's final score is made of, in words (each scoring rule, its points):
    one line, or for a game scored round by round a line a round with its points ("Round
    2: -3 (malus cards: -5, objective: 2)"), as the table's score sheet has a column a round.
    A rule that gave nobody a point is left out, as the sheet leaves out its column: NUM-X
    scores a line per card of no value, and "no value: 0" thrice said nothing."""
    outcome = rule_set(game.rules).outcome(store.load(game.pk, game.rules).state)
    if outcome is None or not outcome.breakdown:
        return {}
    site = game_type(game.rules).site
    scored = {rule for rule, points in rule_sums(outcome.breakdown).items() if any(points)}

    def said(lines: list[ScoreLine]) -> str:
        # "tiles on level 1: 1", not "tiles on level 1 1": a rule may end in a number.
        return ", ".join(
            _("%(rule)s: %(points)s")
            % {"rule": site.describe_score_line(line.rule), "points": number(line.points)}
            for line in lines
            if line.rule in scored
        )

    return {
        seat: [
            said(lines)
            if round_no is None
            else _("Round %(number)d: %(points)s (%(lines)s)")
            % {
                "number": round_no,
                "points": number(sum(line.points for line in lines)),
                "lines": said(lines),
            }
            for round_no, lines in by_round(sheet).items()
            if any(line.rule in scored for line in lines)
        ]
        for seat, sheet in enumerate(outcome.breakdown)
    }


def _recap(game: Game, seat: int | None, ended: bool = False) -> tuple[str, list[str]]:
    """What happened since the player's own last move, in words, as they may know it, and
    its heading. A last move made by email reply heads the list: the mail is where they
    played it, and where they learn it was played and what it did (a guess's result).
    ``ended``: for the mail that says the game is over, with its winners and scores, which
    leaves out the game's end as an event (said twice)."""
    own_moves = list(
        Event.objects.filter(game=game, seat=seat)
        .order_by("-sequence")
        .values_list("sequence", "idempotency_key")[:2]
    )
    sequence, key = own_moves[0] if own_moves else (0, "")
    after = max(sequence, game.last_sequence - RECAP)
    # Before their first move there is no "last move" to count from: the game so far.
    heading = _("Since your last move:") if own_moves else _("So far:")
    if (key or "").startswith(MAIL_KEY_PREFIX) and sequence - 1 >= game.last_sequence - RECAP:
        after, heading = sequence - 1, _("Your move by email, and what followed:")
    names = seat_names(game)
    site = game_type(game.rules).site
    previous = own_moves[1][0] if len(own_moves) > 1 else 0
    revealed = _revealed(game, seat, sequence, max(previous, sequence - RECAP))
    entries = [
        entry
        for entry in event_log(game, seat, after=after)
        if not (ended and entry["type"] == store.GAME_ENDED)
    ]
    told = [site.describe_event(entry, names, seat, game.config) for entry in revealed + entries]
    return heading, [
        _("Now revealed — %(event)s") % {"event": line} for line in told[: len(revealed)]
    ] + told[len(revealed) :]


def _revealed(game: Game, seat: int | None, own: int, after: int) -> list[dict[str, Any]]:
    """The moves recorded after ``after`` and before ``own``, the seat's last move, that it
    could not read when it moved and may now: another player's secret placement of the
    same NMBR 9 card, shown once every tile is placed. The mail before that move told them
    as hidden; the recap from that move on would never tell them again. A move they read
    whole is not told again for what chance gave with it (the cards drawn, which a game
    over shows with every hand): only a move itself out of sight is revealed, never
    chance's (a deal, a shuffle: their order, shown at the end, is no player's move)."""
    if seat is None or own - 1 <= after:
        return []
    then = store.load(game.pk, game.rules, upto=own - 1)
    known = event_log(game, seat, after=after, limit=own - 1 - after, loaded=then)
    shown = event_log(game, seat, after=after, limit=own - 1 - after)
    chance = rule_set(game.rules).chance
    return [
        entry
        for entry, was in zip(shown, known, strict=True)
        if entry["seat"] != chance and entry.get("action") != was.get("action")
    ]


def what_to_do(game: Game, seat: int | None, kind: str) -> str:
    """What the mail asks of the player, in the game's words."""
    view = game_view(game, seat)
    return game.game_type.site.describe_task(
        view, out_of_turn=kind == Notification.Kind.OUT_OF_TURN
    )
