"""The webhooks consumer: from a game's new events, the deliveries its members' endpoints
are owed, as rows written in the consumer's own transaction and sent after the commit.

- ``game_started`` at the game's first event, to every member seated;
- ``game_over`` at its end, to every member seated: played to its end, or called off
  before anybody moved (``aborted``, ``games.endings``);
- ``your_turn`` at the last of the new events to a member whose seat the game now waits
  for, unless it already waited for that seat before them and the seat did not move in
  them (it was told then); never to a seat the site plays to the end (its player
  resigned), nor in a game called off. A seat that moved and is awaited again (the next
  card of a game where all move at once) is told again: a program learns of every move
  it owes; but not for the answer to its own move made at the table or through the API
  (the tiles a live Numenko exchange draws), which the move's response showed it, while
  its choice stays whole (``games.answers``, the rule its player's mails follow);
- ``out_of_turn`` likewise to a member whose seat may now make a move the game does not
  wait for (an Objectifs Facteur X, a NUM-X Rainbow's completion, a live Numenko player
  content but free to move again) and could not before them: the mail a player gets then,
  and, as it, not for their own move's answer (a live Numenko "pass" sent by the API).
"""

from __future__ import annotations

from collections.abc import Sequence

from django.utils import timezone

from games.answers import Asked, latest_move, left_by, stands
from games.events import store
from games.events.consumers import consumer
from games.events.store import ABORTED, CREATED, GAME_ENDED, Recorded, StateAt
from games.models import Game
from games.registry import rule_set
from games.selectors import members_of
from webhooks.models import Delivery, Endpoint, Kind
from webhooks.tasks import send_after_commit

#: The news an event owes every member of its game, by the event's type. A kind is held as
#: its value, a plain ``str`` (Django's choices have no types mypy reads).
NEWS = {
    CREATED: str(Kind.GAME_STARTED),
    GAME_ENDED: str(Kind.GAME_OVER),
    ABORTED: str(Kind.GAME_OVER),
}
YOUR_TURN = str(Kind.YOUR_TURN)
OUT_OF_TURN = str(Kind.OUT_OF_TURN)


@consumer("webhooks")
def owe_deliveries(game_id: int, events: Sequence[Recorded]) -> None:
    """Owe each endpoint of the game's members the news of ``events`` it asked for."""
    game = Game.objects.get(pk=game_id)
    seated = members_of(game)
    members = seated.user
    # A seat the site plays to the end is never "your turn" again (games.endings).
    playing = seated.playing
    endpoints = list(Endpoint.objects.filter(owner_id__in=set(members.values())))
    if not endpoints:
        return
    owed: set[tuple[int, int, str]] = set()  # (sequence, user, kind)
    for event in events:
        news = NEWS.get(event.type)
        if news is not None:
            owed |= {(event.sequence, user, news) for user in members.values()}
    # A game called off waits for nobody, though its rules' state, which never sees the
    # call-off, still waits for whoever it waited for.
    called_off = game.status == Game.Status.ABORTED
    wanted = {YOUR_TURN, OUT_OF_TURN} & {kind for endpoint in endpoints for kind in endpoint.events}
    if not called_off and wanted:
        last = events[-1].sequence
        asked, offered, now_at = _asked_and_offered(game, events)
        for kind, seats, asking in (
            (YOUR_TURN, asked, Asked.TURN),
            (OUT_OF_TURN, offered, Asked.OUT_OF_TURN),
        ):
            owed |= {
                (last, members[seat], kind)
                for seat in seats
                if seat in playing
                and not _answered(game, seat, members[seat], events[0].sequence, asking, now_at)
            }
    now = timezone.now()
    for endpoint in endpoints:
        for sequence, user, kind in sorted(owed):  # in the order of the events
            if user != endpoint.owner_id or kind not in endpoint.events:
                continue
            delivery, new = Delivery.objects.get_or_create(
                endpoint=endpoint,
                game=game,
                sequence=sequence,
                kind=kind,
                defaults={"next_attempt_at": now},
            )
            if new:
                send_after_commit(delivery.pk)


def _asked_and_offered(
    game: Game, events: Sequence[Recorded]
) -> tuple[set[int], set[int], StateAt]:
    """The seats the game waits for after ``events`` that it did not wait for before them
    or that moved in them; the seats that may then move out of turn (among those that
    may act, the ones it does not wait for) and could not before them; and the game after
    ``events``."""
    rules = rule_set(game.rules)
    first = events[0].sequence
    before = store.load(game.pk, game.rules, upto=first - 1).state if first > 1 else None
    waited = rules.awaiting(before) if before is not None else frozenset()
    free = rules.to_act(before) - waited if before is not None else frozenset()
    after = store.replay(rules, before, events)
    moved = {event.seat for event in events if event.seat is not None}
    awaited = rules.awaiting(after)
    asked = {seat for seat in awaited if seat not in waited or seat in moved}
    offered = rules.to_act(after) - awaited - free - {rules.chance}
    return asked, set(offered), StateAt(after, events[-1].sequence, game.rules)


def _answered(game: Game, seat: int, user_id: int, first: int, asking: Asked, now: StateAt) -> bool:
    """Whether ``seat``'s player moved in the events from ``first`` on, at the table or
    through the API, and what they then saw still asks ``asking`` of them
    (``games.answers``): the answer to their own move (the tiles a live Numenko exchange
    draws), which they read in the response, is no news to tell them."""
    latest = latest_move(game, seat, user_id, since=first - 1)
    return (
        latest is not None
        and latest.by_player
        and stands(game, seat, left_by(game, seat, latest.sequence), asking, now)
    )
