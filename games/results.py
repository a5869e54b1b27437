"""A finished game's result as the site gives it: the rules' outcome, with the players who
resigned (``games.endings``) ranked after every player who did not, and the players who made
no move of their own placed nowhere.

The rules know nothing of resignations nor of who made a move: they score the game as it
was played (a resigned seat played on by a bot, an absent player's moves made by the
clock). The winners are the rules' winners among the players who neither resigned nor were
absent, else the best placed of those; a player who resigned never wins, nor does one whose
every move was made for them, and when no player is left who did neither, nobody wins.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Collection, Iterable, Mapping, Sequence
from typing import Any

from django.db.models import Count, Q

from games.engine.ruleset import Outcome
from games.events.models import Event
from games.events.store import GAME_ENDED, RESIGNED, WITHDRAWN
from games.models import Game, Seat
from games.registry import game_type
from games.rulesets.site import Ratings

#: The ``reason`` of a move the deadline policy made for an absent player.
CLOCK_REASONS = ("deadline", "bot")
#: The ``reason`` of a move made for a player, not by them: the clock's, a standing order's.
MADE_FOR_THEM = (*CLOCK_REASONS, "standing-order")


def resigned_seats(game_id: int) -> frozenset[int]:
    """The seats of ``game_id`` whose players resigned."""
    return frozenset(
        Seat.objects.filter(game_id=game_id, resigned=True).values_list("number", flat=True)
    )


def resigned_first(seats: Iterable[Seat]) -> frozenset[tuple[int, int]]:
    """Of ``seats`` (any games'), each as its game and number, those another took their
    player off (``Seat.former_user``) whose player had resigned before
    (``games.endings.take_off`` of a seat already handed over records no second
    resignation): what happened there is their resignation, then the taking off. The
    others' resignation is the taking off's, which its event says (``WITHDRAWN``), whoever
    took them off: a tournament's organiser may withdraw their own entry. A resignation
    recorded before events said so is told by who recorded it: the player, their own;
    another, the taking off's. One query for any number of games (none for no seat taken
    off)."""
    taken_off = {(s.game_id, s.number): s.former_user_id for s in seats if s.former_user_id}
    if not taken_off:
        return frozenset()
    resignations = Event.objects.filter(
        game_id__in={game for game, _seat in taken_off},
        type=RESIGNED,
        seat__in={seat for _game, seat in taken_off},
    ).values_list("game_id", "seat", "actor_id", "payload")
    return frozenset(
        (game, seat)
        for game, seat, actor, payload in resignations
        if not payload.get(WITHDRAWN) and taken_off.get((game, seat)) == actor
    )


def absent_seats(game_id: int) -> frozenset[int]:
    """The seats of ``game_id`` held by a person (or taken off one) that made no move of
    their own, told by its events: moves were made for them (by the clock, or a standing
    order), none by their player (whose own moves, and resignation, the table, the API and
    mail replies record with the player as actor). A seat the game never asked to move is
    not absent, nor is a bot's."""
    people = Seat.objects.filter(game_id=game_id).filter(
        Q(user__isnull=False) | Q(former_user__isnull=False)
    )
    tally = (
        Event.objects.filter(game_id=game_id, seat__in=people.values("number"))
        .values("seat")
        .annotate(
            own=Count("pk", filter=Q(actor__isnull=False)),
            made_for=Count("pk", filter=Q(payload__reason__in=MADE_FOR_THEM)),
        )
    )
    return frozenset(row["seat"] for row in tally if row["made_for"] and not row["own"])


def ranked(outcome: Outcome, resigned: Collection[int], absent: Collection[int] = ()) -> Outcome:
    """``outcome`` with the seats in ``resigned`` placed last and those in ``absent`` after
    them, neither ever among the winners.

    >>> rules_said = Outcome(scores=(9, 4, 6), winners=frozenset({0}))
    >>> result = ranked(rules_said, {0})
    >>> sorted(result.winners), result.ranking()
    ([2], (3, 2, 1))
    >>> sorted(ranked(rules_said, (), {0, 2}).winners)  # the best of those who moved
    [1]
    >>> sorted(ranked(rules_said, {1}, {0, 2}).winners)  # nobody who moved played on
    []
    >>> ranked(rules_said, ()) is rules_said
    True
    """
    if not resigned and not absent:
        return outcome
    out = frozenset(resigned) | frozenset(absent)
    adjusted = dataclasses.replace(outcome, resigned=frozenset(resigned), absent=frozenset(absent))
    winners = outcome.winners - out
    if not winners:
        places = adjusted.ranking()
        winners = frozenset(
            seat for seat, place in enumerate(places) if place == 1 and seat not in out
        )
    return dataclasses.replace(adjusted, winners=winners)


def left_out(seats: Collection[Seat]) -> tuple[frozenset[int], frozenset[int]]:
    """Of a game's ``seats`` (as read), those whose players resigned, and those absent (as
    its read models recorded them when it ended: :func:`absent_seats`)."""
    return (
        frozenset(seat.number for seat in seats if seat.resigned),
        frozenset(seat.number for seat in seats if seat.absent),
    )


#: What :func:`left_out` reads of a seat.
SEAT_MARKS = ("number", "resigned", "absent")


def as_ranked(outcome: Outcome, game_id: int) -> Outcome:
    """The rules' ``outcome`` of ``game_id`` as the site gives it (:func:`ranked`)."""
    return ranked(outcome, *left_out(Seat.objects.filter(game_id=game_id).only(*SEAT_MARKS)))


def ended_as_ranked(
    entry: Mapping[str, Any], resigned: Collection[int], absent: Collection[int] = ()
) -> Mapping[str, Any]:
    """An event log's entry (``selectors.event_log``) as the site says it: a ``game-ended``
    milestone names the winners of :func:`ranked` (the rules', recorded in it, may name a
    player who resigned and whose seat a bot played on, or one whose every move was made
    for them); any other entry as it is.

    >>> ended = {"type": "game-ended", "action": {"scores": [9, 4], "winners": [0]}}
    >>> ended_as_ranked(ended, {0})["action"]["winners"]
    [1]
    >>> ended_as_ranked(ended, (), {0, 1})["action"]["winners"]
    []
    """
    action = entry["action"]
    if entry["type"] != GAME_ENDED or not (resigned or absent) or "scores" not in action:
        return entry
    outcome = Outcome(scores=tuple(action["scores"]), winners=frozenset(action["winners"]))
    winners = sorted(ranked(outcome, resigned, absent).winners)
    return {**entry, "action": {**action, "winners": winners}}


@dataclasses.dataclass(frozen=True)
class Place:
    """Where a player finished a game: ``place`` (1 = best) of ``players``, ``shared`` with
    another player who finished equal."""

    place: int
    #: The sides that finished: players, or teams (``teams``) where partners share a score.
    players: int
    shared: bool
    teams: bool = False


def sides_of(rules: str, config: Mapping[str, Any]) -> tuple[tuple[int, ...], ...]:
    """The sides a game's seats finish on: its adapter's teams, else a seat each."""
    site = game_type(rules).site
    if isinstance(site, Ratings):
        return site.sides(config)
    return tuple((seat,) for seat in range(int(config["players"])))


def with_places(seats: list[Seat]) -> list[Seat]:
    """``seats`` (each read with its game), each with its ``place``: a :class:`Place` as
    :meth:`Outcome.ranking` gives it, from the final scores, resignations and absences the
    seats of its game hold (every game's seats in one query), a team placed as one; None
    where the game gave no places (called off, or played alone), or none to the seat's
    side (its every move made for it)."""
    games: dict[int, list[Seat]] = {}
    others = Seat.objects.filter(game_id__in=[seat.game_id for seat in seats]).order_by("number")
    for other in others.only("game_id", "number", "score", *SEAT_MARKS):
        games.setdefault(other.game_id, []).append(other)
    for seat in seats:
        seat.place = _place(games.get(seat.game_id, []), seat.number, seat.game)
    return seats


def _place(seats: Sequence[Seat], number: int, game: Game) -> Place | None:
    """The place of seat ``number``'s side among the sides of ``game`` that are placed,
    told by its ``seats`` (in order), if they are more than one and all have a score."""
    scores = tuple(seat.score for seat in seats if seat.score is not None)
    if len(seats) < 2 or len(scores) < len(seats):
        return None
    resigned, absent = left_out(seats)
    # A ranking is told by the scores, the resignations and the absences, not the winners.
    places = Outcome(scores, frozenset(), resigned=resigned, absent=absent).ranking()
    every_side = sides_of(game.rules, game.config)
    sides = placed_sides(every_side, absent)
    # A side finishes where its best seat does, as the ratings rank it: partners share a
    # score, and are not tied with each other.
    ranks = [min(places[seat] for seat in side) for side in sides]
    mine = next((rank for rank, side in zip(ranks, sides, strict=True) if number in side), None)
    if mine is None:
        return None
    return Place(
        place=1 + sum(rank < mine for rank in ranks),
        players=len(sides),
        shared=ranks.count(mine) > 1,
        teams=any(len(side) > 1 for side in every_side),
    )


def placed_sides(
    sides: Sequence[tuple[int, ...]], absent: Collection[int]
) -> list[tuple[int, ...]]:
    """The ``sides`` that are placed (and rated), without their ``absent`` seats: a side
    none of whose players made a move of their own is placed nowhere, and a team's present
    partner stands for the side.

    >>> placed_sides([(0, 2), (1, 3)], {1, 3}), placed_sides([(0, 2), (1, 3)], {2})
    ([(0, 2)], [(0,), (1, 3)])
    """
    kept = (tuple(seat for seat in side if seat not in absent) for side in sides)
    return [side for side in kept if side]
