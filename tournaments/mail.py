"""Tournament emails (an organiser's message, a stage starting or done, an invitation):
``Mail`` and ``Invitation`` rows of the site's outbox (:mod:`notifications.outbox`), each
sent once by a task after the transaction that owed it commits, or by the outbox's sweep
if that enqueue is lost."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping
from fractions import Fraction

from celery import shared_task
from django.conf import settings
from django.contrib.auth.models import AbstractBaseUser
from django.core.mail import EmailMessage
from django.urls import reverse
from django.utils.formats import get_format
from django.utils.functional import lazy
from django.utils.translation import gettext, gettext_lazy, ngettext, override

from accounts.models import display_name, mail_language
from games.descriptions import time_per_move
from notifications.emails import invitation_email
from notifications.outbox import RETRIED, deliver_after_commit, send_once, sends
from tournaments import seating
from tournaments.models import Invitation, Mail, Tournament
from tournaments.standings import Standing, TieBreak, format_points


def queue_mail(
    tournament: Tournament,
    users: Iterable[AbstractBaseUser],
    compose: Callable[[], tuple[str, str]],
    deliver: Callable[[Mail], None] = deliver_after_commit,
    reply_to: str = "",
) -> None:
    """Owe each user ``compose()``'s subject and body, written in the user's language, as
    outbox rows of the caller's transaction; once it commits, a task sends each once
    (``deliver`` says when its task is enqueued: by default, after what the transaction
    did before). Replies go to ``reply_to`` if given, else to the site's address."""
    for user in users:
        if not getattr(user, "email", ""):
            continue
        with override(mail_language(user)):
            subject, body = compose()
        mail = Mail.objects.create(
            tournament=tournament,
            recipient=user,
            subject=subject[:255],
            body=body,
            reply_to=reply_to,
        )
        deliver(mail)


@sends(Mail)
@shared_task(**RETRIED)
def send_mail(mail_id: int) -> bool:
    """Send one tournament email unless it is already sent; True if this call sent it."""

    def compose_for(mail: Mail) -> EmailMessage | None:
        address = mail.recipient.email
        if not address:
            return None
        reply_to = [mail.reply_to] if mail.reply_to else None
        return EmailMessage(mail.subject, mail.body, to=[address], reply_to=reply_to)

    return send_once(Mail, mail_id, ("recipient",), compose_for)


def place_in_words(
    line: Standing,
    ranked: int,
    names: Mapping[Hashable, str],
    after_stage: int | None = None,
) -> str:
    """Where a player stands, in the active language: "Your final place: =1 of 5, with
    4.67 points." (a shared place written as the standings write it), or, with
    ``after_stage``, "After stage 1: 3 of 8, with 2 points."; ``ranked`` players have a
    place. Level on points with another, as the standings say it, which tie-break set
    them apart, the other named from ``names``: "Level on points, you are behind Paul on
    total NUM-X score, 398 to 412.". The player has played a table (``line.rank`` is
    set): one who has not has no place and no points to tell
    (:class:`~tournaments.standings.Standing`)."""
    place = _place_alone(line, ranked, after_stage)
    if line.tie_break is None:
        return place
    why = tie_break_in_words(line.tie_break, names[line.tie_break.other])
    return place + " " + gettext("Level on points, you are %(why)s.") % {"why": why}


def _place_alone(line: Standing, ranked: int, after_stage: int | None) -> str:
    """Where a player stands (:func:`place_in_words`), the tie-break left out."""
    points = line.points
    assert points is not None, "only a player who has played a table has a place"
    count = _plural_count(points)
    words = {
        "rank": f"={line.rank}" if line.tied else str(line.rank),
        "players": ranked,
        "points": points_said(points),
        "stage": after_stage,
    }
    if after_stage is None:
        return (
            ngettext(
                "Your final place: %(rank)s of %(players)d, with %(points)s point.",
                "Your final place: %(rank)s of %(players)d, with %(points)s points.",
                count,
            )
            % words
        )
    return (
        ngettext(
            "After stage %(stage)d: %(rank)s of %(players)d, with %(points)s point.",
            "After stage %(stage)d: %(rank)s of %(players)d, with %(points)s points.",
            count,
        )
        % words
    )


#: What each tie-break says, ahead of the other player and behind them.
_TIE_BREAK_WORDS = {
    ("numx_score", True): gettext_lazy(
        "ahead of %(other)s on total NUM-X score, %(mine)s to %(theirs)s"
    ),
    ("numx_score", False): gettext_lazy(
        "behind %(other)s on total NUM-X score, %(mine)s to %(theirs)s"
    ),
    ("opponents_points", True): gettext_lazy(
        "ahead of %(other)s on opponents' points, %(mine)s to %(theirs)s"
    ),
    ("opponents_points", False): gettext_lazy(
        "behind %(other)s on opponents' points, %(mine)s to %(theirs)s"
    ),
    ("xtrems", True): gettext_lazy("ahead of %(other)s on X-Trems, %(mine)s to %(theirs)s"),
    ("xtrems", False): gettext_lazy("behind %(other)s on X-Trems, %(mine)s to %(theirs)s"),
}


def tie_break_in_words(tie_break: TieBreak, other: str) -> str:
    """Which tie-break set a player against ``other``, level with them on points, in the
    active language: "behind Françoise on total NUM-X score, 398 to 412", or "tied with
    Paul on every tie-break"."""
    if tie_break.criterion is None:
        return gettext("tied with %(other)s on every tie-break") % {"other": other}

    def said(value: object) -> str:
        return points_said(value) if isinstance(value, Fraction) else str(value)

    return _TIE_BREAK_WORDS[tie_break.criterion, tie_break.ahead] % {
        "other": other,
        "mine": said(tie_break.mine),
        "theirs": said(tie_break.theirs),
    }


def points_in_words(points: Fraction) -> str:
    """Tournament points with their word, in the active language: "1 point", "8 points",
    "4.67 points" (a share, said in the plural, with the reader's decimal separator)."""
    return ngettext("%(points)s point", "%(points)s points", _plural_count(points)) % {
        "points": points_said(points)
    }


def points_said(points: Fraction) -> str:
    """Points as the reader's language writes them: ``8``, ``4.67`` in English, ``4,67``
    in French."""
    return format_points(points, get_format("DECIMAL_SEPARATOR"))


def _plural_count(points: Fraction) -> int:
    """The count that chooses "point" or "points": whole points agree in number with
    their count; a share (4.67) is said in the plural."""
    return points.numerator if points.denominator == 1 else 2


def tournament_summary(tournament: Tournament) -> str:
    """What a tournament is in words, as its page says it: "X-Games of 3 to 5 players, 4
    where their number allows · 3 stages, then a final of the top 4 · 3 days per move"."""
    stages = ngettext("%(n)d stage", "%(n)d stages", tournament.stage_count) % {
        "n": tournament.stage_count
    }
    if tournament.format == Tournament.Format.FINAL:
        stages += ", " + gettext("then a final of the top %(n)s") % {"n": tournament.final_size}
    return " · ".join(
        (tables_in_words(tournament), stages, time_per_move(tournament.move_deadline))
    )


def tables_in_words(tournament: Tournament) -> str:
    """The sizes a stage's tables can have, in the active language: "X-Games of 3 to 5
    players, 4 where their number allows" (10 players at tables of 4 sit at 4, 3 and 3;
    5 at one of 5), as the seating makes them (``seating.possible_sizes``)."""
    size = tournament.table_size
    # Never one size: a table of one player more or less always seats some number.
    sizes = seating.possible_sizes(size, tournament.small_tables)
    return gettext("X-Games of %(low)s to %(high)s players, %(size)s where their number allows") % {
        "low": sizes[0],
        "high": sizes[-1],
        "size": size,
    }


@sends(Invitation)
@shared_task(**RETRIED)
def send_invitation(invitation_id: int) -> bool:
    """Send one tournament invitation unless it is already sent or the invitee, having an
    account, turned invitations off; True if this call sent it. Whoever has no account
    yet signs up with this address on the way to registering."""

    def compose_for(invitation: Invitation) -> EmailMessage | None:
        tournament = invitation.tournament
        return invitation_email(
            address=invitation.email,
            message_id=f"tournament-invitation-{invitation.pk}",
            subject=gettext_lazy(
                "%(organiser)s invites you to the X-Game tournament “%(tournament)s”"
            ),
            body=gettext_lazy(
                "%(organiser)s invites you to play the X-Game tournament “%(tournament)s”: "
                "%(what)s.\n\nAccept or decline: %(link)s\n\nNo account yet? Sign up with this "
                "address (%(address)s) and the invitation is yours."
            )
            if tournament.status == Tournament.Status.REGISTRATION
            # Invited between stages (services.tournament_invite): what joining then means.
            else gettext_lazy(
                "%(organiser)s invites you to join the X-Game tournament “%(tournament)s”, "
                "which has started: %(what)s. If you accept, you start with 0 points and play "
                "from the next stage.\n\nAccept or decline: %(link)s\n\nNo account yet? Sign "
                "up with this address (%(address)s) and the invitation is yours."
            ),
            words={
                "organiser": display_name(invitation.invited_by),
                "tournament": tournament.name,
                # Said in the invitee's language, which invitation_email chooses.
                "what": lazy(tournament_summary, str)(tournament),
                "link": settings.SITE_URL + reverse("tournaments:register", args=(tournament.pk,)),
                "address": invitation.email,
            },
        )

    return send_once(Invitation, invitation_id, ("tournament", "invited_by"), compose_for)
