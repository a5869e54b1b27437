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
  it owes.
"""

from __future__ import annotations

from collections.abc import Sequence

from django.utils import timezone

from games.events import store
from games.events.consumers import consumer
from games.events.store import ABORTED, CREATED, GAME_ENDED, Recorded
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
    if not called_off and any(YOUR_TURN in endpoint.events for endpoint in endpoints):
        last = events[-1].sequence
        owed |= {
            (last, members[seat], YOUR_TURN) for seat in _asked(game, events) if seat in playing
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


def _asked(game: Game, events: Sequence[Recorded]) -> set[int]:
    """The seats the game waits for after ``events`` that it did not wait for before them
    or that moved in them."""
    rules = rule_set(game.rules)
    first = events[0].sequence
    before = store.load(game.pk, game.rules, upto=first - 1).state if first > 1 else None
    waited = rules.awaiting(before) if before is not None else frozenset()
    after = store.replay(rules, before, events)
    moved = {event.seat for event in events if event.seat is not None}
    return {seat for seat in rules.awaiting(after) if seat not in waited or seat in moved}
