"""The answer to a player's own move: the game as that move left it, which they saw.

A player who moves at the table or through the API sees the game as that move left it:
the response shows it, chance's moves recorded with it included (the tiles a live Numenko
exchange draws, after which the game waits for the same player again). That state stands
for them as an unanswered "your turn" does, as long as what they may do is the same
(``services.still_valid``): nobody tells them again that it is their move, neither the
notifications consumer by mail nor the webhooks consumer by a ``your_turn`` or
``out_of_turn`` delivery. One rule for both, here, since apps depend on ``games`` and not
on one another (docs/architecture.md, "No mail for the answer to your own move").
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from games.engine.ruleset import RuleSet
from games.events import store
from games.events.models import Event
from games.events.store import StateAt
from games.models import Game
from games.registry import rule_set
from games.services import still_valid

#: The idempotency keys of moves recorded from an email reply start so (the reply's
#: Message-ID follows, hashed): such a move is answered by the next mail, not seen.
MAIL_KEY_PREFIX = "mail:"


class Asked(StrEnum):
    """What the game asks of a seat: its move (the game waits for it), or a move it may
    make out of turn (the game waits for others)."""

    TURN = "turn"
    OUT_OF_TURN = "out-of-turn"


@dataclass(frozen=True)
class Seen:
    """The game as a player last saw it: after its event ``sequence``, asking ``asked``."""

    sequence: int
    asked: Asked


@dataclass(frozen=True)
class Move:
    """A seat's move (event ``sequence``), and whether its player made it themselves at
    the table or through the API (``by_player``), rather than the site for them (a clock,
    a standing order) or an email reply (answered by the next mail)."""

    sequence: int
    by_player: bool


def latest_move(game: Game, seat: int, user_id: int, since: int = 0) -> Move | None:
    """``seat``'s latest move after event ``since`` (its player ``user_id``), if any."""
    latest = (
        Event.objects.filter(game=game, seat=seat, sequence__gt=since)
        .order_by("-sequence")
        .values_list("sequence", "actor_id", "idempotency_key")
        .first()
    )
    if latest is None:
        return None
    sequence, actor, key = latest
    return Move(sequence, made_by_player(actor, key, user_id))


def made_by_player(actor_id: int | None, key: str | None, user_id: int | None) -> bool:
    """Whether a move recorded by ``actor_id`` under idempotency ``key`` is its seat's
    player's (``user_id``) own at the table or through the API, which they saw made: not
    the site's for them (the clock, a standing order: no actor) nor an email reply's.

    >>> made_by_player(7, "a1b2", 7), made_by_player(None, None, 7)
    (True, False)
    >>> made_by_player(7, MAIL_KEY_PREFIX + "x", 7)
    False
    """
    return (
        actor_id is not None and actor_id == user_id and not (key or "").startswith(MAIL_KEY_PREFIX)
    )


def asked_sequence(game: Game, sequence: int) -> int:
    """The last event of the state a player is asked to move in after event ``sequence``:
    the milestones and chance's moves recorded with it are part of it, the next player's
    move is not (the game has moved on, a mail's reply address is stale)."""
    moved: int | None = (
        Event.objects.filter(game=game, sequence__gt=sequence, seat__gte=0)
        .order_by("sequence")
        .values_list("sequence", flat=True)
        .first()
    )
    return moved - 1 if moved is not None else game.last_sequence


def left_by(game: Game, seat: int, sequence: int) -> Seen | None:
    """The game as ``seat``'s own move (event ``sequence``) left it, and what it asked of
    the seat there (None: nothing). Chance's answer to the move (the tiles a Numenko
    exchange draws) is part of it, recorded with the move and shown with it; a new round
    or step it opened is not: that is news to every seat alike, the mover too, and asked
    of all anew."""
    rules = rule_set(game.rules)
    move, *answer = store.read(
        game.pk, rules, after=sequence - 1, upto=asked_sequence(game, sequence)
    )
    state = store.replay(rules, store.load(game.pk, game.rules, upto=sequence - 1).state, [move])
    stage, seen = _stage(rules, state), sequence
    for event in answer:
        after = store.replay(rules, state, [event])
        if _stage(rules, after) != stage:
            break
        state, seen = after, event.sequence
    if seat in rules.awaiting(state):
        return Seen(seen, Asked.TURN)
    if seat in rules.to_act(state):
        return Seen(seen, Asked.OUT_OF_TURN)
    return None


def stands(game: Game, seat: int, seen: Seen | None, asked: Asked, now: StateAt) -> bool:
    """Whether what ``seat``'s player saw (``seen``) still asks them ``asked`` now: it
    asked the same (a "you may play out of turn" does not say the seat must now move), and
    a move chosen from it would still be played (``still_valid``: only moves that leave
    the seat's choice whole came since, as the others' moves at a live Numenko table).
    Then nobody needs to tell them again."""
    return (
        seen is not None
        and seen.asked == asked
        and still_valid(rule_set(game.rules), game.pk, seat, seen.sequence, now)
    )


def _stage(rules: RuleSet[Any], state: Any) -> tuple[int, int]:
    """The round and the step within it where ``state`` stands."""
    progress = rules.progress(state)
    return progress.round, progress.step
