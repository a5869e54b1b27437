"""Bots of every level for any game, and the level-2 one: information-set Monte Carlo tree
search (single-observer ISMCTS, Cowling, Powley and Whitehouse 2012) over the
:class:`~games.engine.ruleset.RuleSet` protocol alone.

Each iteration deals the hidden cards again (:meth:`Determinizing.determinize`: a state the
searching seat cannot tell from the real one), walks down the tree of moves played from the
position (every node's statistics belong to the seat that moved into it), adds one node,
plays the game out with the game's heuristic (level 1) and credits each seat with its
share of the result. A move's availability is counted, so that a move legal in few deals is
not judged against the visits of its siblings.

Where a game offers a short list of a seat's moves
(:meth:`~games.engine.ruleset.Shortlisting.candidate_actions`, the heuristic's choice
first), the search weighs it rather than every legal move, at the root and in the tree
alike: a tile's placements and a distribution of score cards are too many to list, and most
of Maya's guesses are long shots not worth play-outs. Where moves are too many to list and
the game has no short list, the tree holds the heuristic's one choice. A game that cannot
determinize plays its heuristic at level 2 as well: searching the real state would read
hidden cards.

A play-out's reward is each seat's share of the win and of the ranking; a seat alone (a
solo game) has nobody to beat, and its reward is its score, scaled between the least and
the greatest score of the search's play-outs (:class:`_Scale`).

Pure Python, no Django; deterministic given the ``random.Random`` and the iteration cap.
The time cap is a guard: a decision stopped by it depends on the machine's speed.
"""

from __future__ import annotations

import gc
import math
import random
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from games.engine.ruleset import BotLevel, RuleSet, determinizer, shortlister

Shortlist = Callable[[Any, int, random.Random], Sequence[Any]]

#: UCB1's exploration constant for rewards in [0, 1].
EXPLORATION = 0.7
#: A play-out longer than this is stopped and scored as a draw for everyone.
PLAYOUT_MOVES = 2_000
#: The heuristic's move stands unless another was visited more, by this share of the
#: play-outs. With a few dozen play-outs a game's many moves get a visit or two each, and
#: the most visited is nearly a random one: without it, level 2 won 30 % of 2-player and
#: 9 % of 4-player Maya games against level 1 (``bench/README.md``).
HEURISTIC_LEAD = 0.1


@dataclass(frozen=True)
class Budget:
    """How long a search may think: at most ``iterations`` play-outs and ``seconds``.

    The time cap is what usually stops a search: NUM-X and NMBR 9 run tens to a few hundred
    play-outs in 0.9 s. A game of short play-outs runs many more, and needs them: in
    two-player Maya level 2 won 49.5 % of 200 games against level 1 with 200 play-outs a
    move, and 65.0 % of 200 with up to 1,000 (``bench/README.md``)."""

    iterations: int = 1000
    seconds: float = 0.9


@dataclass
class SearchStats:
    """What one search did, for benches: the play-outs it ran and whether the time cap
    stopped it before its iteration cap (a move not searched runs none)."""

    iterations: int = 0
    stopped_by_time: bool = False


class _Node:
    """A move in the tree: the seat that made it, its visits, its reward for that seat
    and how many times it was available when its parent was visited."""

    __slots__ = ("available", "children", "reward", "seat", "visits")

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.visits = 0
        self.reward = 0.0
        self.available = 0
        self.children: dict[tuple[int, Any], _Node] = {}

    def ucb(self, scale: _Scale) -> float:
        return scale.of(self.reward / self.visits) + EXPLORATION * math.sqrt(
            math.log(self.available) / self.visits
        )


class _Scale:
    """Where a mean reward lies in [0, 1], for UCB1. With several players a reward is a
    share of the win and of the ranking, in [0, 1] already. A seat alone has nobody to
    beat, so its reward is its score (every play-out would be worth the same otherwise),
    placed between the least and the greatest score the search's play-outs reached.

    >>> scale = _Scale()
    >>> scale.of(0.25)
    0.25
    >>> for score in (40, 60, 50):
    ...     scale.see(score)
    >>> scale.of(55)
    0.75
    """

    __slots__ = ("high", "low", "span")

    def __init__(self) -> None:
        self.low = 0.0
        self.span = 1.0
        #: The greatest score seen, None until a seat alone has scored.
        self.high: float | None = None

    def see(self, score: float) -> None:
        """Stretch the scale over a lone seat's play-out score."""
        if self.high is None:
            self.low = self.high = score
        else:
            self.low, self.high = min(self.low, score), max(self.high, score)
        self.span = self.high - self.low or 1.0

    def of(self, mean: float) -> float:
        return (mean - self.low) / self.span


def bot_move(
    rules: RuleSet[Any],
    state: Any,
    seat: int,
    level: BotLevel,
    rng: random.Random,
    budget: Budget = Budget(),
    stats: SearchStats | None = None,
    clock: Callable[[], float] = time.perf_counter,
) -> Any:
    """``seat``'s move at ``level``: random, the game's heuristic, or searched (``clock``
    measures its time cap; ``stats``, if given, is filled in by the search).

    >>> from games.registry import rule_set
    >>> rules = rule_set("maya")
    >>> state = rules.new_game({"players": 2})
    >>> while (deal := rules.chance_action(state, random.Random(1))) is not None:
    ...     state = rules.apply(state, rules.chance, deal)
    >>> seat = min(rules.awaiting(state))
    >>> bot_move(rules, state, seat, BotLevel.HEURISTIC, random.Random(2)) in (
    ...     rules.legal_actions(state, seat)
    ... )
    True
    """
    with _collector_paused():
        if level is BotLevel.RANDOM:
            return rules.legal_actions(state, seat).sample(rng)
        if level is BotLevel.SEARCH and determinizer(rules) is not None:
            return search(rules, state, seat, rng, budget, clock, stats)
        return rules.bot_action(state, seat, rng)


@contextmanager
def _collector_paused() -> Iterator[None]:
    """Python's cyclic garbage collector does not run within: it runs after.

    A full pass walks every object of the process, and a Django process holds about
    100,000: a pass took 90-125 ms, and one inside a level-2 decision took it to 1,014 ms
    of CPU under the 0.9 s cap (``bench/README.md``). A bot's objects (moves, states,
    the tree's nodes) hold no reference cycles: reference counting frees them all the same.
    """
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def search(
    rules: RuleSet[Any],
    state: Any,
    seat: int,
    rng: random.Random,
    budget: Budget = Budget(),
    clock: Callable[[], float] = time.perf_counter,
    stats: SearchStats | None = None,
) -> Any:
    """The move ISMCTS finds best for ``seat``: the one visited most, the heuristic's
    counted with a lead of :data:`HEURISTIC_LEAD` of the play-outs.

    ``rules`` must have ``determinize``; ``clock`` measures the time cap; ``stats``, if
    given, says how many play-outs were run and whether the time cap stopped them.
    """
    start = clock()
    deal = determinizer(rules)
    assert deal is not None, f"{rules.name} cannot determinize: no search"
    shortlist = shortlister(rules)
    moves = _choices(rules, state, seat, rng, shortlist)
    if len(moves) == 1:
        return moves[0]
    if not moves:
        return rules.bot_action(state, seat, rng)
    # A short list puts the heuristic's choice first; without one, moves that cannot be
    # listed were the heuristic's one choice, returned above.
    heuristic = rules.bot_action(state, seat, rng) if shortlist is None else moves[0]
    root = _Node(seat)
    scale = _Scale()
    deadline = start + budget.seconds
    done = 0
    longest = 0.0
    begun = start

    def overtime() -> bool:
        return clock() >= deadline

    while done < budget.iterations:
        now = clock()
        if done:
            longest = max(longest, now - begun)
            # No iteration is started that would end past the deadline if it took as long
            # as the longest so far: one play-out of a long game can take a good part of
            # the budget, and at the mean pace a NUM-X decision reached 1.01 s of CPU
            # under a 0.9 s cap (bench/README.md).
            if now + longest >= deadline:
                if stats is not None:
                    stats.stopped_by_time = True
                break
        begun = now
        _iterate(rules, deal(state, seat, rng), seat, root, rng, shortlist, scale, overtime)
        done += 1
    if stats is not None:
        stats.iterations = done
    lead = HEURISTIC_LEAD * done

    def standing(move: Any) -> tuple[float, float]:
        node = root.children.get((seat, move))
        visits, reward = (node.visits, node.reward) if node is not None else (0, 0.0)
        return visits + (lead if move == heuristic else 0.0), reward

    return max(moves, key=standing)


def _choices(
    rules: RuleSet[Any],
    state: Any,
    actor: int,
    rng: random.Random,
    shortlist: Shortlist | None,
) -> list[Any]:
    """The moves the search weighs for ``actor``: the game's short list if it has one, else
    all its legal ones when they can be listed, else the heuristic's one choice."""
    if shortlist is not None:
        return list(shortlist(state, actor, rng))
    legal = rules.legal_actions(state, actor)
    if legal.listable:
        return list(legal)
    return [rules.bot_action(state, actor, rng)]


def _iterate(
    rules: RuleSet[Any],
    state: Any,
    seat: int,
    root: _Node,
    rng: random.Random,
    shortlist: Shortlist | None,
    scale: _Scale,
    overtime: Callable[[], bool],
) -> None:
    """One iteration on one deal: select, expand, play out (until ``overtime``), credit."""
    node = root
    path = [root]
    expanded = False
    while not expanded:
        state = _chance(rules, state, rng)
        if rules.is_terminal(state):
            break
        # At the root, the searching seat moves.
        actor = seat if node is root else _actor(rules, state, rng)
        moves = _choices(rules, state, actor, rng, shortlist)
        untried = []
        for move in moves:
            child = node.children.get((actor, move))
            if child is None:
                untried.append(move)
            else:
                child.available += 1
        if untried:
            move = rng.choice(untried)
            child = node.children[actor, move] = _Node(actor)
            child.available = 1
            expanded = True
        else:
            move = max(moves, key=lambda m: node.children[actor, m].ucb(scale))
            child = node.children[actor, move]
        state = rules.apply(state, actor, move)
        path.append(child)
        node = child
    rewards = _play_out(rules, state, rng, overtime)
    if len(rewards) == 1:  # a seat alone, rewarded with its score
        scale.see(*rewards.values())
    for visited in path[1:]:
        visited.visits += 1
        visited.reward += rewards.get(visited.seat, 0.0)


def _chance(rules: RuleSet[Any], state: Any, rng: random.Random) -> Any:
    """The state once chance has made every move it is to make."""
    while (action := rules.chance_action(state, rng)) is not None:
        state = rules.apply(state, rules.chance, action)
    return state


def _actor(rules: RuleSet[Any], state: Any, rng: random.Random) -> int:
    """The seat that moves next: one the game publicly waits for (as the site's bots, who
    only answer when asked), else any that may act."""
    seats = sorted(rules.awaiting(state) - {rules.chance}) or sorted(
        rules.to_act(state) - {rules.chance}
    )
    return rng.choice(seats)


def _play_out(
    rules: RuleSet[Any], state: Any, rng: random.Random, overtime: Callable[[], bool]
) -> dict[int, float]:
    """Play to the end with the game's heuristic; each seat's reward in [0, 1]: its share
    of the win, with a little for its rank so that a near miss beats a rout. A seat alone
    is rewarded with its score (see :class:`_Scale`).

    A play-out still going at ``overtime`` is stopped and scored as a draw: in expert Maya
    one where nobody reaches their number can run to :data:`PLAYOUT_MOVES`, and one such
    took a decision to 1.74 s of CPU under the 0.9 s cap. The clock is read before every
    move, so that no play-out goes more than a move past the cap: a read costs about
    0.4 µs of CPU, a move a hundred times that (``bench/README.md``)."""
    for _ in range(PLAYOUT_MOVES):
        if overtime():
            break
        state = _chance(rules, state, rng)
        if rules.is_terminal(state):
            break
        actor = _actor(rules, state, rng)
        state = rules.apply(state, actor, rules.bot_action(state, actor, rng))
    result = rules.outcome(state)
    if result is None:
        return {}
    ranking = result.ranking()
    players = len(ranking)
    if players == 1:
        return {0: float(result.scores[0])}
    return {
        seat: 0.8 * (seat in result.winners) / len(result.winners)
        + 0.2 * (players - place) / max(1, players - 1)
        for seat, place in enumerate(ranking)
    }
