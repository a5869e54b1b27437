"""A finished game's result as the site gives it: the rules' outcome, with the players who
resigned (``games.endings``) ranked after every player who did not.

The rules know nothing of resignations: they score the game as it was played (a resigned
seat played on by a bot). The winners are the rules' winners among the players who did not
resign, else the best placed of them; a player who resigned never wins.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Collection, Mapping, Sequence
from typing import Any

from games.engine.ruleset import Outcome
from games.events.models import Event
from games.events.store import GAME_ENDED, RESIGNED, WITHDRAWN
from games.models import Game, Seat
from games.registry import game_type
from games.rulesets.site import Ratings


def resigned_seats(game_id: int) -> frozenset[int]:
    """The seats of ``game_id`` whose players resigned."""
    return frozenset(
        Seat.objects.filter(game_id=game_id, resigned=True).values_list("number", flat=True)
    )


def resigned_first(taken_off: Mapping[tuple[int, int], int]) -> frozenset[tuple[int, int]]:
    """Of the seats another took their player off (``taken_off``: each one's game and
    number, and that player's account, ``Seat.former_user``), those whose player had
    resigned before (``games.endings.take_off`` of a seat already handed over records no
    second resignation): what happened there is their resignation, then the taking off.
    The others' resignation is the taking off's, which its event says (``WITHDRAWN``),
    whoever took them off: a tournament's organiser may withdraw their own entry. A
    resignation recorded before events said so is told by who recorded it: the player,
    their own; another, the taking off's. One query for any number of games (none for no
    seat)."""
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


def ranked(outcome: Outcome, resigned: Collection[int]) -> Outcome:
    """``outcome`` with the seats in ``resigned`` placed last and never among the winners.

    >>> rules_said = Outcome(scores=(9, 4, 6), winners=frozenset({0}))
    >>> result = ranked(rules_said, {0})
    >>> sorted(result.winners), result.ranking()
    ([2], (3, 2, 1))
    >>> ranked(rules_said, ()) is rules_said
    True
    """
    if not resigned:
        return outcome
    out = frozenset(resigned)
    adjusted = dataclasses.replace(outcome, resigned=out)
    winners = outcome.winners - out
    if not winners:
        places = adjusted.ranking()
        winners = frozenset(
            seat for seat, place in enumerate(places) if place == 1 and seat not in out
        )
    return dataclasses.replace(adjusted, winners=winners)


def with_resignations(outcome: Outcome, game_id: int) -> Outcome:
    """The rules' ``outcome`` of ``game_id`` as the site gives it (:func:`ranked`)."""
    return ranked(outcome, resigned_seats(game_id))


def ended_as_ranked(entry: Mapping[str, Any], resigned: Collection[int]) -> Mapping[str, Any]:
    """An event log's entry (``selectors.event_log``) as the site says it: a ``game-ended``
    milestone names the winners of :func:`ranked` (the rules', recorded in it, may name a
    player who resigned and whose seat a bot played on); any other entry as it is.

    >>> ended = {"type": "game-ended", "action": {"scores": [9, 4], "winners": [0]}}
    >>> ended_as_ranked(ended, {0})["action"]["winners"]
    [1]
    """
    action = entry["action"]
    if entry["type"] != GAME_ENDED or not resigned or "scores" not in action:
        return entry
    outcome = Outcome(scores=tuple(action["scores"]), winners=frozenset(action["winners"]))
    winners = sorted(ranked(outcome, resigned).winners)
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
    :meth:`Outcome.ranking` gives it, from the final scores and resignations the seats of
    its game hold (every game's seats in one query), a team placed as one; None where the
    game gave no places (called off, or played alone)."""
    games: dict[int, list[Seat]] = {}
    others = Seat.objects.filter(game_id__in=[seat.game_id for seat in seats]).order_by("number")
    for other in others.only("game_id", "number", "score", "resigned"):
        games.setdefault(other.game_id, []).append(other)
    for seat in seats:
        seat.place = _place(games.get(seat.game_id, []), seat.number, seat.game)
    return seats


def _place(seats: Sequence[Seat], number: int, game: Game) -> Place | None:
    """The place of seat ``number``'s side among the sides of ``game``, told by its
    ``seats`` (in order), if they are more than one and all have a score."""
    scores = tuple(seat.score for seat in seats if seat.score is not None)
    if len(seats) < 2 or len(scores) < len(seats):
        return None
    sides = sides_of(game.rules, game.config)
    resigned = frozenset(seat.number for seat in seats if seat.resigned)
    # A ranking is told by the scores and the resignations alone, not by the winners.
    places = Outcome(scores=scores, winners=frozenset(), resigned=resigned).ranking()
    # A side finishes where its best seat does, as the ratings rank it: partners share a
    # score, and are not tied with each other.
    ranks = [min(places[seat] for seat in side) for side in sides]
    mine = ranks[next(i for i, side in enumerate(sides) if number in side)]
    place = 1 + sum(rank < mine for rank in ranks)
    return Place(
        place=place,
        players=len(sides),
        shared=ranks.count(mine) > 1,
        teams=any(len(side) > 1 for side in sides),
    )
