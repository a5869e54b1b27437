"""The notifications consumer: from new events, the emails players are owed.

It replays the new events one by one and notes, for each human seat, the moment the game
started waiting for it (its turn, a pick, a distribution, a Malus answer, a round-2
choice), a new chance to complete out of turn, a move another player's move out of turn
took from it, and the end of the game. What is still true
after the last event becomes rows of the outbox, in the consumer's own transaction; the
emails leave after the commit.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from accounts.models import Profile
from games.answers import (
    Asked,
    Seen,
    asked_sequence,
    latest_move,
    left_by,
    made_by_player,
    stands,
)
from games.events import store
from games.events.consumers import consumer
from games.events.models import Event
from games.events.store import Recorded, StateAt
from games.models import Game, GameMute, StandingOrder
from games.presence import looked_recently
from games.registry import rule_set
from games.selectors import members_of
from notifications.models import INVITATION, Notification
from notifications.outbox import deliver_after_commit


@consumer("notifications")
def owe_notifications(game_id: int, events: Sequence[Recorded]) -> None:
    game = Game.objects.get(pk=game_id)
    rules = rule_set(game.rules)
    members = members_of(game)
    humans = members.user
    if not humans:
        return
    first = events[0].sequence
    state = store.load(game_id, game.rules, upto=first - 1).state if first > 1 else None
    # What the game asked as the batch begins: an earlier batch's move may have opened a
    # chance to play out of turn that this batch's first move takes.
    awaited: frozenset[int] = frozenset()
    completers: frozenset[int] = frozenset()
    if state is not None:
        awaited = rules.awaiting(state) - {rules.chance}
        completers = rules.to_act(state) - awaited - {rules.chance}
    owed: dict[tuple[int, str], int] = {}
    unseen = _unseen_moves(game_id, first, humans)
    for event in events:
        state = store.replay(rules, state, [event])
        if event.type == "game-ended":
            for seat in humans:
                owed[(seat, Notification.Kind.GAME_END)] = event.sequence
        # Whoever just moved at the table is told nothing about what that very move asked
        # of them; whoever moved by email reply is, since the email is where they play,
        # and so is whoever the site moved for (the clock, a standing order): away.
        mover = event.seat if event.seat is not None and event.seat >= 0 else None
        if mover is not None and event.sequence not in unseen:
            owed.pop((mover, Notification.Kind.YOUR_TURN), None)
            owed.pop((mover, Notification.Kind.OUT_OF_TURN), None)
        now_awaited = rules.awaiting(state) - {rules.chance}
        anew = event.sequence in unseen
        for seat in _asked_anew(now_awaited, awaited, mover, anew):
            owed[(seat, Notification.Kind.YOUR_TURN)] = event.sequence
        now_completers = rules.to_act(state) - now_awaited - {rules.chance}
        if mover is not None and mover not in awaited:
            # A move out of turn (a Facteur X, a completion) took from other seats the move
            # they were asked for: the filter below tells those whose last mail asked it
            # and who are asked nothing now, lest they learn it from a refused reply.
            for seat in (awaited | completers) - now_awaited - now_completers - {mover}:
                owed[(seat, Notification.Kind.MOVE_TAKEN)] = event.sequence
        for seat in _asked_anew(now_completers, completers, mover, anew):
            owed[(seat, Notification.Kind.OUT_OF_TURN)] = event.sequence
        awaited, completers = now_awaited, now_completers
    still = {
        Notification.Kind.YOUR_TURN: awaited,
        Notification.Kind.OUT_OF_TURN: completers - _not_completing(game_id),
    }
    now = StateAt(state, events[-1].sequence, game.rules)
    owe(
        game,
        [
            (sequence, humans[seat], kind)
            for (seat, kind), sequence in owed.items()
            if seat in humans
            and (kind not in still or seat in still[kind])
            # A seat the site plays to the end (its player resigned, or won by the others'
            # resignations) is asked for nothing more; its player still hears of the end.
            and (kind == Notification.Kind.GAME_END or seat in members.playing)
            and not (kind in still and _mail_stands(game, seat, humans[seat], kind, now))
            and not (
                kind == Notification.Kind.MOVE_TAKEN
                and (
                    seat in awaited
                    or seat in completers
                    or rules.is_terminal(state)
                    or not _mail_taken(game, seat, humans[seat], sequence)
                )
            )
        ],
    )


def _asked_anew(
    now: frozenset[int], before: frozenset[int], mover: int | None, unseen: bool
) -> frozenset[int]:
    """The seats of ``now`` (awaited, or free to play out of turn, after an event; ``before``
    the same before it) that the event asks anew, each owed a mail unless the filter of
    :func:`owe_notifications` finds their last one still takes their reply.

    After a chance event, the seats new to ``now``. After a move, every other seat of
    ``now``: a move out of turn (a Facteur X, a completion) or at a live table may change
    what they must answer (a new pli to cover or to complete). The mover too when they
    did not make it at the table (``unseen``: by reply, or the site for them), as the
    next card of a simultaneous game or a trick won that they must now hand out."""
    if mover is None:
        return now - before
    return now if unseen else now - {mover}


def _mail_stands(game: Game, seat: int, user_id: int, kind: str, now: StateAt) -> bool:
    """Whether what ``seat``'s player last saw of the game (:func:`_last_seen`) still asks
    what a mail of ``kind`` would (``games.answers.stands``): then no new mail asks the
    same; the others' moves are told in the next one, and on the table."""
    return stands(game, seat, _last_seen(game, seat, user_id), ASKED[kind], now)


def _mail_taken(game: Game, seat: int, user_id: int, sequence: int) -> bool:
    """Whether the latest mail ``seat``'s player got of the game asked them to move, before
    event ``sequence`` took that move from them, and they have not moved since: then what
    it asked is no longer so and nothing newer told them."""
    latest = (
        Notification.objects.filter(game=game, recipient_id=user_id)
        .order_by("-sequence", "-pk")
        .values_list("sequence", "kind")
        .first()
    )
    return (
        latest is not None
        and latest[1] in ASKING
        and latest[0] < sequence
        and latest_move(game, seat, user_id, since=latest[0]) is None
    )


def _last_seen(game: Game, seat: int, user_id: int) -> Seen | None:
    """The game as ``seat``'s player last saw it and what it asked of them: their own move
    at the table or through the API, if they made one since the last mail that asked them
    to move, as that move left the game (its answer shows at once); else that mail,
    unanswered. None when nothing stands: no mail asked them, or their latest move was
    played for them (a clock, a standing order), or sent by email reply, whose answer is
    the next mail."""
    found = (
        Notification.objects.filter(game=game, recipient_id=user_id, kind__in=ASKING)
        .order_by("-sequence", "-pk")
        .values_list("sequence", "kind")
        .first()
    )
    latest = latest_move(game, seat, user_id, since=found[0] if found is not None else 0)
    if latest is None:
        return None if found is None else Seen(asked_sequence(game, found[0]), ASKED[found[1]])
    return left_by(game, seat, latest.sequence) if latest.by_player else None


def _unseen_moves(game_id: int, first: int, humans: Mapping[int, int]) -> set[int]:
    """The numbers of the moves from event ``first`` on that their seat's player (of
    ``humans``: seat to member) did not make themselves at the table or through the API
    (:func:`games.answers.made_by_player`): an email reply's, the clock's, a standing
    order's."""
    moves = Event.objects.filter(game_id=game_id, sequence__gte=first, seat__gte=0)
    return {
        sequence
        for sequence, seat, actor, key in moves.values_list(
            "sequence", "seat", "actor_id", "idempotency_key"
        )
        if not made_by_player(actor, key, humans.get(seat))
    }


def _not_completing(game_id: int) -> set[int]:
    """Seats with a standing order not to complete out of turn (in this trick)."""
    return set(
        StandingOrder.objects.filter(
            seat__game_id=game_id, kind=StandingOrder.Kind.NO_COMPLETION
        ).values_list("seat__number", flat=True)
    )


#: The kinds of email that ask their player to move, with a reply address.
ASKING = (
    Notification.Kind.YOUR_TURN,
    Notification.Kind.OUT_OF_TURN,
    Notification.Kind.REMINDER,
)
#: What each of them asks (a reminder, what the "your turn" it follows asked).
ASKED = {
    Notification.Kind.YOUR_TURN: Asked.TURN,
    Notification.Kind.OUT_OF_TURN: Asked.OUT_OF_TURN,
    Notification.Kind.REMINDER: Asked.TURN,
}
#: Which profile preference governs each kind of email.
PREFERENCE = {
    INVITATION: "email_invitations",
    Notification.Kind.YOUR_TURN: "email_your_turn",
    Notification.Kind.OUT_OF_TURN: "email_your_turn",
    Notification.Kind.REMINDER: "email_reminders",
    Notification.Kind.GAME_END: "email_game_end",
    # The game waits for its host to start it, as for a player's move.
    Notification.Kind.TABLE_FULL: "email_your_turn",
    # It takes back what a "your turn" said.
    Notification.Kind.MOVE_TAKEN: "email_your_turn",
}
#: Kinds not sent to a player who has the table open or looked at it lately
#: (``games.presence``): they see it there. Reminders and the digest still come.
AT_THE_TABLE = {
    Notification.Kind.YOUR_TURN,
    Notification.Kind.OUT_OF_TURN,
    Notification.Kind.TABLE_FULL,
    Notification.Kind.MOVE_TAKEN,
}
#: Kinds the daily digest replaces for players who chose it.
DIGESTED = {
    Notification.Kind.YOUR_TURN,
    Notification.Kind.OUT_OF_TURN,
    Notification.Kind.REMINDER,
    Notification.Kind.MOVE_TAKEN,
}


def wanted(user_id: int, kind: str, game_id: int | None) -> bool:
    """Whether the player wants this email: their preferences, their mutes, their digest;
    and no "your turn" to a player at the table (playing live)."""
    if game_id is not None and GameMute.objects.filter(user_id=user_id, game_id=game_id).exists():
        return False
    if kind in AT_THE_TABLE and game_id is not None and looked_recently(game_id, user_id):
        return False
    profile = Profile.objects.filter(user_id=user_id).first() or Profile(user_id=user_id)
    if kind in DIGESTED and profile.daily_digest:
        return False
    return bool(getattr(profile, PREFERENCE[kind], True)) if kind in PREFERENCE else True


def owe(game: Game | None, notices: Sequence[tuple[int, int, str]]) -> list[Notification]:
    """Record the (sequence, user, kind) notices a player wants, once each, and send them
    after the transaction commits."""
    created = []
    for sequence, user_id, kind in notices:
        if not wanted(user_id, kind, game.pk if game else None):
            continue
        notification, new = Notification.objects.get_or_create(
            game=game, sequence=sequence, recipient_id=user_id, kind=kind
        )
        if new:
            created.append(notification)
    for notification in created:
        deliver_after_commit(notification)
    return created
