"""Leaving a game being played, the same in every game: resigning, and calling a game off
before anybody has moved.

**Resign.** A player gives up their seat for good: a bot of the table's level plays it to
the end, they take no more moves and are asked for none, and they rank after every player
who did not resign, whatever its score (``games.results``). The others play on. When every
seat but one has resigned, nothing is left to play for: the last seat is handed to a bot as
well and the game is played to its end at once, its player the winner.

**Taken off.** Another (a tournament's organiser, withdrawing the player) takes a player
off their seat: recorded as that player's resignation at that moment (ranked and rated so,
and counted as one: when it leaves a single seat in play, that one is handed over too), the
seat given to a bot of no owner, whose hand its former player no longer sees. A seat handed
over already (resigned, or the winner's once every other seat resigned) is only taken off.

**Abort.** Before any player has moved (the deal and bots' moves do not count), any player
may call the game off: it ends with no result, rated nowhere, and takes no more moves.

Each is an event of the platform's own (``resigned``, ``aborted``: the rules never see
them) appended like a move, the database deciding races with moves by the event's number,
and the seats' and game's read models rewritten in the same transaction.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from games.descriptions import no_seat
from games.events import store
from games.events.models import Event
from games.events.store import ABORTED, NOT_ACTIONS, RESIGNED, WITHDRAWN, NewEvent, StateAt
from games.models import Game, Seat
from games.read_models import project
from games.registries import add_once
from games.registry import rule_set
from games.services import react_after_commit


class EndingRefused(ValueError):
    """The game cannot be resigned or called off now; the message says why."""


class EndingForbidden(EndingRefused):
    """The user has no seat of their own in the game."""


#: Another app's say on calling a game off: given the game, why it may not be (a tournament's
#: table belongs to its stage), or None. Registered by the app when it is ready.
AbortGuard = Callable[[Game], str | None]
_abort_guards: list[AbortGuard] = []


def register_abort_guard(guard: AbortGuard) -> None:
    """Ask ``guard`` before any game is called off."""
    add_once(_abort_guards, guard)


#: Another app's word to a player asked whether to resign ``game``: a sentence on what a
#: resignation means in what the app owns (a tournament's table: its fixed value, no
#: place), or None. Registered by the app when it is ready.
ResignNote = Callable[[Game], str | None]
_resign_notes: list[ResignNote] = []


def register_resign_note(note: ResignNote) -> None:
    """Ask ``note`` what to add to the question before a game is resigned."""
    add_once(_resign_notes, note)


def resign_notes(game: Game) -> list[str]:
    """What the registered apps add to the question before ``game`` is resigned."""
    return [words for note in _resign_notes if (words := note(game)) is not None]


T = TypeVar("T")

#: How many times an ending is tried again when moves keep taking its event number.
_ATTEMPTS = 20


def resign(*, game: Game, user: AbstractBaseUser) -> Seat:
    """``user`` resigns their seat of ``game`` (a game being played); the seat. Raises
    :class:`EndingRefused` (:class:`EndingForbidden` without a seat)."""

    def attempt(seats: list[Seat]) -> Seat:
        seat = _own_seat(game, seats, user)
        if seat.handed_over_at is not None:
            raise EndingRefused(
                _("You have resigned already.")
                if seat.resigned
                else _("Every other player has resigned: you have won, and bots finish the game.")
            )
        with transaction.atomic():
            _resigned(game, seats, seat, actor_id=user.pk, withdrawn=False)
        seat.refresh_from_db()
        return seat

    return _until_recorded(game, attempt)


def take_off(*, game: Game, seat: int, by: AbstractBaseUser) -> None:
    """``by`` takes the player of ``seat`` off ``game`` (a game being played): it is their
    resignation, recorded as ``by``'s act and as a withdrawal's (its payload's
    ``WITHDRAWN``: ``by`` may be the player, a tournament's organiser withdrawing their own
    entry), and a bot with no owner plays the seat from then
    on (``Seat.former_user`` keeps whose it was, for the ratings). As with :func:`resign`,
    when every seat but one has then resigned the last one is handed to a bot too and the
    game played to its end, its player the winner. A seat already handed over is only
    taken off: a seat resigns once, and the last seat left, whose player has won, keeps
    the win (a game decided is not rewritten)."""

    def attempt(seats: list[Seat]) -> None:
        held = seats[seat]
        if game.status != Game.Status.RUNNING or held.user_id is None:
            raise EndingRefused(_("This game is not being played."))
        with transaction.atomic():
            Seat.objects.filter(pk=held.pk).update(is_bot=True, former_user=held.user_id, user=None)
            if held.handed_over_at is None:
                _resigned(game, seats, held, actor_id=by.pk, withdrawn=True)

    _until_recorded(game, attempt)


def abort(*, game: Game, user: AbstractBaseUser) -> None:
    """``user`` calls ``game`` off, before any player has moved. Raises
    :class:`EndingRefused` (:class:`EndingForbidden` without a seat)."""

    def attempt(seats: list[Seat]) -> None:
        seat = _own_seat(game, seats, user)
        refusal = abort_refusal(game)
        if refusal is not None:
            raise EndingRefused(refusal)
        with transaction.atomic():
            at = _append(game, NewEvent(ABORTED, {}, seat=seat.number, actor_id=user.pk))
            now = timezone.now()
            Game.objects.filter(pk=game.pk).update(
                status=Game.Status.ABORTED,
                last_sequence=at,
                awaiting=[],
                finished_at=now,
                updated_at=now,
            )
            Seat.objects.filter(game=game).update(
                awaited=False, awaited_since=None, game_finished_at=now, game_updated_at=now
            )
            # The consumers hear of it (a member's webhook says the game is over).
            _recorded(game, at)
        game.refresh_from_db()

    _until_recorded(game, attempt)


def _resigned(game: Game, seats: list[Seat], seat: Seat, *, actor_id: int, withdrawn: bool) -> None:
    """Record ``seat``'s resignation as ``actor_id``'s act (``withdrawn``: a taking off's)
    and hand the seat to a bot (in the caller's transaction); when every seat but one has
    then resigned, the last one is handed over too, and the bots play the game to its end
    once it commits."""
    playing = [other for other in seats if other.handed_over_at is None and other.pk != seat.pk]
    # Every seat but one resigned: the last one has nothing left to play for.
    handed = [seat, *playing] if len(playing) == 1 else [seat]
    payload = {WITHDRAWN: True} if withdrawn else {}
    at = _append(game, NewEvent(RESIGNED, payload, seat=seat.number, actor_id=actor_id))
    Seat.objects.filter(pk=seat.pk).update(resigned=True)
    Seat.objects.filter(pk__in=[held.pk for held in handed], handed_over_at__isnull=True).update(
        handed_over_at=timezone.now(), awaited=False, awaited_since=None
    )
    # The seats' read models as the rules' state stands (a resignation leaves it as it was);
    # the bots take the handed-over seats once it commits.
    project(game.pk, rule_set(game.rules), _recorded(game, at).state, at)


def _until_recorded(game: Game, attempt: Callable[[list[Seat]], T]) -> T:
    """``attempt`` on the game as it stands (its row and its seats read afresh), again
    while moves recorded meanwhile take the event number it expected."""
    for _attempt in range(_ATTEMPTS):
        game.refresh_from_db()
        try:
            return attempt(list(game.seats.order_by("number")))
        except store.AppendRefused as refused:
            if not isinstance(store.reason(refused), store.SequenceTaken):
                raise
    raise EndingRefused(_("The game keeps moving: try again."))


def abort_refusal(game: Game) -> str | None:
    """Why ``game`` may not be called off now, or None if it may (shown as a button): it
    must be being played, no player may have moved, and no other app may object."""
    if game.status != Game.Status.RUNNING:
        return _("This game is not being played.")
    # The other apps first: the table asks on every look, and reads as much whether
    # anybody has moved or not.
    for guard in _abort_guards:
        refusal = guard(game)
        if refusal is not None:
            return refusal
    people = game.seats.filter(user__isnull=False).values_list("number", flat=True)
    if Event.objects.filter(game=game, seat__in=people).exclude(type__in=NOT_ACTIONS).exists():
        return _("A game is called off only before anybody has moved: resign instead.")
    return None


def _own_seat(game: Game, seats: list[Seat], user: AbstractBaseUser) -> Seat:
    seat = next((held for held in seats if held.user_id == user.pk), None)
    if seat is None:
        raise EndingForbidden(no_seat())
    if game.status != Game.Status.RUNNING:
        raise EndingRefused(_("This game is not being played."))
    return seat


def _append(game: Game, event: NewEvent) -> int:
    """Append ``event`` after the game's last event as read; its number."""
    rules = rule_set(game.rules)
    store.append(game.pk, rules, expected_last=game.last_sequence, events=[event])
    return game.last_sequence + 1


def _recorded(game: Game, at: int) -> StateAt:
    """The game as of its ending, recorded as event ``at`` (the rules' state as before it:
    they never see an ending), its consumers woken once the transaction commits."""
    loaded = store.load(game.pk, game.rules, cache=False)
    recorded = StateAt(loaded.state, at, game.rules)
    react_after_commit(game.pk, recorded)
    return recorded
