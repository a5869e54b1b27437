"""Moves by email reply: a reply to a "your turn" mail, read and played once.

A kept mail (:mod:`notifications.inbound`) is judged once, in one transaction with its
row locked:

1. An automatic mail (``Auto-Submitted`` other than ``no``, ``Precedence: bulk``, ``junk``,
   ``list`` or ``auto_reply``, ``X-Autoreply``, a delivery report, a bounce, a mail from
   one of our own addresses) is ignored, unanswered: no mail loop.
2. Its token (:mod:`notifications.reply_address`), from its recipients, then
   ``In-Reply-To``, then ``References``, must be genuine; the sender must be the seat's
   player (the address of the account, or another verified address of it); the game must
   still be at the token's sequence, or only moves that leave the seat's choice whole
   (another seat's hidden move in a simultaneous step) may have come since
   (``games.services.still_valid``, the rule of every move).
3. The first line of the reply's own words (:mod:`notifications.reply_text`) is a letter
   the mail offered or a move in the game's notation (:mod:`notifications.reply_moves`),
   submitted through ``games.services.game_submit`` with the sequence just checked as the
   expected one and the Message-ID as idempotency key, as the table and the API do. The
   move played is confirmed to the player (:mod:`notifications.confirmations`).

Anything else writes nothing and is answered, in the player's language, with why (for an
illegal move, the rule it broke) and, to the seat's player, the table as it stands and a
fresh reply address when they may move now. Answers go only to members' addresses (no
backscatter to forged senders; a reply to a genuine address from an address of no member
is told to the seat's player at theirs), carry ``Auto-Submitted: auto-replied``, and are at most
``NUMX_REPLY_ANSWERS_PER_HOUR`` an hour per address of each of two kinds: those that ask a
move again (the reply answered the mail asking it and played nothing) and all the others
(a stale reply above all), so that replies sent again and again to an old mail never
silence the answer to a move refused. The cap stops a loop with a responder that does not
say it is one, or the site mailing an address over and over. A reply that plays its move
counts nothing, so a fast game by email never reaches it; past it, replies are still
judged and played, and the answers past the allowance are not sent.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from email.utils import parseaddr
from typing import Any

from allauth.account.models import EmailAddress
from anymail.inbound import AnymailInboundMessage
from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser
from django.core.cache import cache
from django.core.mail import EmailMultiAlternatives
from django.db import transaction
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from accounts.models import display_name, mail_language
from games.answers import MAIL_KEY_PREFIX
from games.descriptions import refusal, unreadable_in_words
from games.engine.ruleset import IllegalAction, NotationError, RuleSet
from games.events import store
from games.events.models import Event
from games.models import Game, Seat
from games.rulesets.site import ReplySlips, refusal_words
from games.services import (
    Aborted,
    Conflict,
    HandedOver,
    KeyReused,
    NotSeated,
    NotStarted,
    Submitted,
    game_submit,
    still_valid,
)
from notifications.confirmations import owe_confirmation
from notifications.due import due_words
from notifications.emails import game_link, turn_context
from notifications.models import Answer, InboundMail, Notification
from notifications.outbox import DeliveredFirst, deliver_after_commit
from notifications.reply_address import (
    LOCAL_PART,
    ReplyToken,
    find_token,
    reply_domain,
)
from notifications.reply_moves import MINUS, ReplyMoves, reply_moves, says_resign
from notifications.reply_text import first_line, paragraphs, reply_text, without_greeting

Outcome = InboundMail.Outcome
AUTOMATIC_PRECEDENCE = {"bulk", "junk", "list", "auto_reply"}
AUTOMATIC_HEADERS = ("X-Autoreply", "X-Autorespond", "X-Auto-Reply")
ROBOTS = {"mailer-daemon", "postmaster", "noreply", "no-reply"}
ANSWER_WINDOW = 3600
#: The outcomes of a reply that answers the mail asking its move, from its seat's player,
#: and plays nothing: their answers ask the move again (:func:`_may_answer`).
ASKS_AGAIN = frozenset({Outcome.NOT_A_MOVE, Outcome.ILLEGAL})
#: How a mail introduces a move written out for the player to send (NMBR 9's placement, a
#: NUM-X distribution), in the site's languages: a reply that copies the whole line keeps it.
EXAMPLE_LEAD = re.compile(r"^\s*(for example|par exemple)\s*:\s*", re.IGNORECASE)


@dataclass
class Verdict:
    """What became of a reply: its outcome and, if it is to be answered, why (in the
    sender's language) and whether the seat's table goes with it."""

    outcome: str
    why: str = ""
    token: ReplyToken | None = None
    game: Game | None = None
    #: The seat's player, who may see its table; None: the answer shows no game.
    player: AbstractBaseUser | None = None
    #: Whom the answer goes to instead of the sender: the seat's player, when a reply to
    #: their mail came from an address of no member (else nobody would learn of it).
    tell: AbstractBaseUser | None = None
    context: dict[str, Any] = field(default_factory=dict)
    #: The move a reply played, and what was recorded: its confirmation says them.
    played: Any = None
    submitted: Submitted | None = None


def process(inbound_id: int) -> str | None:
    """Judge one kept mail, once: play its move or owe its answer; its outcome, or None
    if it was processed already."""
    with transaction.atomic():
        row = (
            InboundMail.objects.select_for_update()
            .filter(pk=inbound_id, processed_at__isnull=True)
            .first()
        )
        if row is None:
            return None
        message = AnymailInboundMessage.parse_raw_mime_bytes(row.raw.encode("latin-1"))
        sender = _member(row.sender)
        language = mail_language(sender)
        # Before the move's own after-commit work: its confirmation leaves before the mails
        # the move sets off (a bot's instant answer, the next "your turn").
        first = DeliveredFirst()
        with translation.override(language):
            verdict = judge(row, message)
        # Who reads the answer: the sender if a member, else perhaps the seat's player.
        reader = verdict.tell or sender
        if verdict.tell is not None:
            language = mail_language(reader)
        with translation.override(language):
            if (
                verdict.why
                and reader is not None
                and _may_answer(answer_address(row, verdict), verdict.outcome)
            ):
                _owe_answer(row, message, verdict, reader)
            if verdict.outcome == Outcome.PLAYED and sender is not None:
                _owe_confirmation(row, message, verdict, sender, first)
        row.outcome = verdict.outcome
        row.processed_at = timezone.now()
        if verdict.token is not None:
            row.game_id = verdict.token.game_id if verdict.game else None
            row.sequence, row.seat = verdict.token.sequence, verdict.token.seat
        row.save()
    return row.outcome


def judge(row: InboundMail, message: AnymailInboundMessage) -> Verdict:
    """Read the reply and play its move; the verdict says what happened."""
    if is_automatic(message, row.sender):
        return Verdict(Outcome.IGNORED)
    found = find_token(_where_tokens_are(row, message))
    if found.token is None:
        if found.forged:
            return Verdict(
                Outcome.FORGED,
                _(
                    "This reply address is not one of ours: nothing was played. Reply to "
                    "the latest email of your game, or play on its table."
                ),
            )
        return Verdict(
            Outcome.NO_TOKEN,
            _(
                "We could not tell which game your email answers: nothing was played. "
                "Reply to the latest “your turn” email of your game, keeping its reply "
                "address, or play on its table."
            ),
        )
    token = found.token
    game = Game.objects.filter(pk=token.game_id).first()
    seat = Seat.objects.filter(game_id=token.game_id, number=token.seat).first()
    if game is None or seat is None:
        return Verdict(Outcome.FORGED, _("This game no longer exists: nothing was played."), token)
    if seat.user is not None and _member(row.sender) is None:
        # Told to the seat's player, not the sender: in the player's language.
        with translation.override(mail_language(seat.user)):
            why = _(
                "A reply to this game came from %(address)s, which is no address of your "
                "account: nothing was played. A move by email must come from this address, "
                "or from another you add to your account on your profile."
            ) % {"address": row.sender}
        return Verdict(Outcome.WRONG_SENDER, why, token, game, seat.user, tell=seat.user)
    if seat.user is None or not _holds(seat.user, row.sender):
        return Verdict(
            Outcome.WRONG_SENDER,
            _(
                "This reply address belongs to a seat whose player receives the game's "
                "emails at another address: nothing was played. A move by email must come "
                "from that address."
            ),
            token,
            game,
        )
    verdict = Verdict("", token=token, game=game, player=seat.user)
    if game.status == Game.Status.FINISHED:
        return _refused(verdict, Outcome.STALE, _("The game is over: nothing was played."))
    if game.status == Game.Status.ABORTED:
        return _refused(verdict, Outcome.STALE, str(Aborted()) + " " + _("Nothing was played."))
    if seat.handed_over_at is not None:
        return _refused(verdict, Outcome.STALE, str(HandedOver()) + " " + _("Nothing was played."))
    current = store.load(game.pk, game.rules)
    if not still_valid(game.game_type.rules, game.pk, token.seat, token.sequence, current):
        if Event.objects.filter(game=game, seat=token.seat, sequence__gt=token.sequence).exists():
            # A second reply to the same mail (or the seat played on the table since).
            moved = _(
                "You have moved since this email (that move stands): nothing more was played."
            )
            return _refused(verdict, Outcome.STALE, moved)
        return _stale(verdict)
    # The letters its email showed: those of the state the token names.
    moves = reply_moves(game, token.seat, store.load(game.pk, game.rules, upto=token.sequence))
    text = without_greeting(reply_text(message), moves.greets_only)
    line = first_line(text)
    if not line:
        return _refused(
            verdict,
            Outcome.NOT_A_MOVE,
            _("We found no move in your reply: write it on its first line. Nothing was played."),
        )
    read = read_reply(game.game_type.rules, moves, text)
    if read is None and says_resign(line):
        why = _(
            "A reply cannot resign you: the site asks first. To resign, open %(link)s and "
            "confirm. Nothing was played."
        ) % {"link": game_link(seat.user, game.pk, "games:resign")}
        return _refused(verdict, Outcome.NOT_A_MOVE, why)
    if read is None:
        why = unread_reason(game.game_type.rules, moves, line)
        words = {"line": line[:80], "why": why}
        return _refused(
            verdict,
            Outcome.NOT_A_MOVE,
            _("“%(line)s” is no move we can read (%(why)s): nothing was played.") % words
            if why
            else _("“%(line)s” is no move we can read: nothing was played.") % words,
        )
    action, line = read
    site = game.game_type.site
    slip = site.reply_slip(line) if isinstance(site, ReplySlips) else ""
    if slip:
        return _refused(verdict, Outcome.NOT_A_MOVE, slip)
    try:
        submitted = game_submit(
            game_id=game.pk,
            seat=token.seat,
            action=action,
            expected_sequence=token.sequence,
            actor=seat.user,
            idempotency_key=f"{MAIL_KEY_PREFIX}{row.key[:40]}",
        )
    except IllegalAction as illegal:
        page = reverse("games:rules", args=(game.rules,))
        rule = f"{settings.SITE_URL}{page}#rule-{illegal.rule}"
        # The reply first, as a sentence: the refusal that follows starts with its own
        # "Not allowed:", and two colons in a row read as a stammer.
        why = _("Your reply “%(line)s” was not played. %(why)s\nThe rule: %(link)s") % {
            "line": line[:80],
            "why": refusal(illegal, refusal_words(game.game_type.site)),
            "link": rule,
        }
        return _refused(verdict, Outcome.ILLEGAL, why)
    except (Conflict, NotStarted):
        # Moved on between the look and the append: judged as stale, the mail's player
        # sees the new table and may answer again.
        return _stale(verdict)
    except (NotSeated, KeyReused):
        return _refused(verdict, Outcome.WRONG_SENDER, _("This seat is not yours any more."))
    verdict.outcome = Outcome.PLAYED
    verdict.played, verdict.submitted = action, submitted
    return verdict


def _refused(verdict: Verdict, outcome: str, why: str) -> Verdict:
    verdict.outcome, verdict.why = outcome, why
    return verdict


def _stale(verdict: Verdict) -> Verdict:
    # No numbers: the log's count of events (chance, deals and bots' moves included) is
    # not the count of moves a player knows, and told "move 2 ... move 4" they looked for
    # two moves where one had been made.
    why = _(
        "Your reply answered an earlier email, and the game has moved on since: nothing "
        "was played. Here is the table as it stands."
    )
    return _refused(verdict, Outcome.STALE, why)


def read_reply(rules: RuleSet[Any], moves: ReplyMoves, text: str) -> tuple[Any, str] | None:
    """The move a reply's own words write, and the words that write it: its first
    paragraph, with each paragraph after it that, added, still makes a move, and another (a
    Numenko grid a row a line under "grid", blank lines between them as mail clients add
    them; "thanks" below it is no row); the first line alone when the first paragraph makes
    no move ("pass", then "thanks" under it). None when no move is read."""
    found: tuple[Any, str] | None = None
    for paragraph in paragraphs(text):
        said = f"{found[1]} / {paragraph}" if found else paragraph
        try:
            action = read_notation(rules, moves.notation(said))
        except NotationError:
            break
        if found is not None and action == found[0]:
            break
        found = action, said
    if found is None:
        line = first_line(text)
        try:
            return read_notation(rules, moves.notation(line)), line
        except NotationError:
            return None
    return found


class ReadingsDisagree(NotationError):
    """No form of a reply's line is a move, each refused for its own reason: none of them
    can honestly be said to be why."""


def read_notation(rules: RuleSet[Any], text: str) -> Any:
    """The action ``text`` writes, as written, else as a phone's keyboard or a copy from the
    mail may have changed it (a capital first letter, a closing full stop, a minus sign,
    the whole line of a move the mail wrote out: "For example: place 7 at 0,0 turn 0").
    Raises the NotationError every form of it met, or :class:`ReadingsDisagree`."""
    plain = EXAMPLE_LEAD.sub("", text.translate(MINUS))
    tried = [text, text.lower(), plain, plain.rstrip(".!").strip().lower()]
    errors: list[NotationError] = []
    for candidate in dict.fromkeys(tried):
        try:
            return rules.parse_action(candidate)
        except NotationError as error:
            errors.append(error)
    if len({str(error).casefold() for error in errors}) == 1:
        raise errors[0]
    raise ReadingsDisagree(f"{text!r} is no move")


def unread_reason(rules: RuleSet[Any], moves: ReplyMoves, line: str) -> str:
    """Why a reply's first line is no move, in the reader's language: the reason each form
    of it was refused for (a card that does not exist, a letter not offered); "" when
    the forms disagree, or when the reason only says its first word is no move's (a
    sentence: "is no move we can read" says it already)."""
    try:
        notation = moves.notation(line)
    except NotationError as offered:  # a letter the mail did not offer, or two of them
        return unreadable_in_words(offered)
    try:
        read_notation(rules, notation)
    except ReadingsDisagree:
        return ""
    except NotationError as error:
        first = next(iter(notation.split()), "").casefold()
        if any(str(value).casefold() == first for value in error.values.values()):
            return ""
        return unreadable_in_words(error)
    return ""


def is_automatic(message: AnymailInboundMessage, sender: str) -> bool:
    """Whether a mail was sent by a robot (RFC 3834's ``Auto-Submitted``, the older
    ``Precedence`` and ``X-Autoreply`` headers, a delivery report, a bounce) or by this
    site itself: such mail is never answered."""
    auto = str(message.get("Auto-Submitted", "no")).strip().lower()
    if auto and not auto.startswith("no"):
        return True
    if str(message.get("Precedence", "")).strip().lower() in AUTOMATIC_PRECEDENCE:
        return True
    if any(header in message for header in AUTOMATIC_HEADERS):
        return True
    if message.get_content_type() == "multipart/report":
        return True
    address = sender.lower()
    local, _at, domain = address.partition("@")
    if not address or local in ROBOTS:
        return True
    ours = {_address(settings.DEFAULT_FROM_EMAIL), _address(settings.SERVER_EMAIL)}
    return address in ours or (
        domain == reply_domain().lower() and local.split("+")[0] == LOCAL_PART
    )


def _address(header: str) -> str:
    return parseaddr(header)[1].lower()


def _where_tokens_are(row: InboundMail, message: AnymailInboundMessage) -> Iterator[str]:
    """Where a reply names what it answers, best first: the addresses it was sent to,
    then its parent's Message-ID, then its thread's, latest first."""
    yield from row.recipients.splitlines()
    for header in ("To", "Cc", "Delivered-To", "X-Original-To"):
        yield from (str(value) for value in message.get_all(header) or [])
    yield str(message.get("In-Reply-To", ""))
    yield from reversed(str(message.get("References", "")).split())


def _member(address: str) -> AbstractBaseUser | None:
    """The member an address belongs to (their account's, or a verified one of theirs)."""
    if not address:
        return None
    users = get_user_model().objects
    return (
        users.filter(email__iexact=address).first()
        or users.filter(emailaddress__email__iexact=address, emailaddress__verified=True).first()
    )


def _holds(player: AbstractBaseUser, address: str) -> bool:
    return bool(address) and (
        player.email.lower() == address.lower()
        or EmailAddress.objects.filter(user=player, email__iexact=address, verified=True).exists()
    )


def answer_address(row: InboundMail, verdict: Verdict) -> str:
    """Where the answer to ``row`` goes: its sender, or the member the verdict tells."""
    return verdict.tell.email if verdict.tell is not None else row.sender


def _may_answer(address: str, outcome: str) -> bool:
    """Count one more answer to ``address`` of its kind; False past the hour's allowance
    of that kind. The answers that ask a move again (a reply to the mail that asks it,
    from its player, that played nothing) have an allowance of their own, which the
    others never spend: a player whose client sent a reply again and again (each one
    stale) is still answered when they answer the latest mail with a move refused."""
    kind = "move" if outcome in ASKS_AGAIN else "other"
    key = f"reply-answers:{kind}:{address.lower()}"
    cache.add(key, 0, timeout=ANSWER_WINDOW)
    try:
        count = cache.incr(key)
    except ValueError:  # expired between add and incr: a new hour begins
        cache.set(key, 1, timeout=ANSWER_WINDOW)
        count = 1
    return count <= settings.NUMX_REPLY_ANSWERS_PER_HOUR


def _owe_answer(
    row: InboundMail,
    message: AnymailInboundMessage,
    verdict: Verdict,
    sender: AbstractBaseUser,
) -> None:
    """Write the answer (an outbox row), composed now in the active language."""
    context: dict[str, Any] = {
        "name": display_name(sender),
        "why": verdict.why,
        "lobby": settings.SITE_URL + reverse("games:lobby"),
    }
    game, player, token = verdict.game, verdict.player, verdict.token
    if game is not None and player is not None and token is not None:
        context["game"] = game.display_name
        context["table"] = game_link(player, game.pk)
        # A game over or called off, or a seat a bot now plays, asks nothing of the
        # player: no moves, no address to answer, no "we email you when it is your turn".
        playing = (
            game.status == Game.Status.RUNNING
            and not Seat.objects.filter(
                game=game, number=token.seat, handed_over_at__isnull=False
            ).exists()
        )
        if playing:
            loaded = store.load(game.pk, game.rules)
            awaited = token.seat in game.game_type.rules.awaiting(loaded.state)
            kind = Notification.Kind.YOUR_TURN if awaited else Notification.Kind.OUT_OF_TURN
            turn = turn_context(game, token.seat, kind, loaded.sequence)
            moves = turn["moves"]
            if moves.listed or moves.pending:
                context.update(turn)
                # By when, as the mail answered said: the moves are asked again.
                context["due"] = due_words(game, token.seat, player)
            else:
                # A second reply to a mail already answered (an NMBR 9 card placed, a
                # pick made): the player learns that nothing more is asked of them yet.
                context.update(
                    recap=turn["recap"], recap_heading=turn["recap_heading"], waiting=True
                )
    if verdict.tell is not None and game is not None:
        # The answer goes to another than the sender: not under words a stranger chose.
        subject = _("%(game)s: a reply from another address") % {"game": game.display_name}
    else:
        subject = answer_subject(message)
    answer = Answer.objects.create(
        inbound=row,
        address=answer_address(row, verdict),
        subject=subject[:300],
        text=render_to_string("notifications/email/answer.txt", context),
        html=render_to_string("notifications/email/answer.html", context),
        reply_to=context["token"].address if "token" in context else "",
    )
    deliver_after_commit(answer)


def answer_subject(message: AnymailInboundMessage) -> str:
    """The subject of an answer to ``message``: its own, as a reply's ("Re: …"), which
    keeps the answer in its thread in the mail clients that thread by subject."""
    subject = str(message.get("Subject", "")).replace("\0", "").strip() or _("your reply")
    return subject if subject.lower().startswith("re:") else f"Re: {subject}"


def _owe_confirmation(
    row: InboundMail,
    message: AnymailInboundMessage,
    verdict: Verdict,
    player: AbstractBaseUser,
    first: DeliveredFirst,
) -> None:
    """Confirm the move a reply played to the player who sent it (a reply played is
    answered by this alone: :mod:`notifications.confirmations`)."""
    game, token, submitted = verdict.game, verdict.token, verdict.submitted
    assert game is not None and token is not None and submitted is not None
    owe_confirmation(
        row,
        game=game,
        seat=token.seat,
        player=player,
        action=verdict.played,
        submitted=submitted,
        subject=answer_subject(message),
        first=first,
    )


def compose_answer(answer: Answer) -> EmailMultiAlternatives:
    """The answer's email: threaded under the reply it answers."""
    message = EmailMultiAlternatives(answer.subject, answer.text, None, [answer.address])
    message.attach_alternative(answer.html, "text/html")
    message_id = answer.inbound.message_id
    token = find_token([answer.reply_to]).token
    message.extra_headers = {
        # With a reply address, its token too (as in a "your turn" email's Message-ID).
        "Message-ID": token.message_id(f"answer-{answer.pk}")
        if token
        else f"<answer-{answer.pk}@numx-by-mail>",
        # RFC 3834: an automatic answer; a robot that answers it breaks the rules, and our
        # own answer coming back is ignored (notifications.replies.is_automatic).
        "Auto-Submitted": "auto-replied",
    }
    if message_id:
        message.extra_headers["In-Reply-To"] = message_id
        message.extra_headers["References"] = message_id
    if answer.reply_to:
        message.reply_to = [answer.reply_to]
    return message
