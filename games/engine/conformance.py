"""The conformance kit: what every rule set must keep for the platform to carry it.

Run on every registered game (and the platform's test game) by ``tests/test_conformance.py``,
so a new game is checked the day it gets its registry line. Each check plays seeded random
games through the :class:`~games.engine.ruleset.RuleSet` surface alone and raises
:class:`Nonconforming` naming the game, the configuration, the step and what went wrong:

- every configuration of :meth:`~games.engine.ruleset.RuleSet.example_configs` starts a game,
  and random games reach their end within a bound of moves;
- ``apply`` and ``legal_actions`` agree: every action drawn from a seat's legal actions is
  accepted, a seat that may not act has none, and a move by a seat that may not act is
  refused with :class:`~games.engine.ruleset.IllegalAction`, as is any move once the game is
  over (the platform answers a move sent to a finished game with the game's refusal,
  whatever state it was chosen at);
- every action's notation and JSON form round-trip, and its type is its JSON's ``type``;
- views and recorded payloads are JSON; milestones are of the types the store knows;
- ``determinize`` keeps the seat's view;
- the game's bot (:meth:`~games.engine.ruleset.RuleSet.bot_action`) reads only what its
  seat knows: it makes the same move in a position and in one ``determinize`` drew for its
  seat (:func:`check_bot`; a choice that followed a card its seat has not seen would tell
  every onlooker something of that card);
- in a step where several seats act at once, what the log hides of a seat's move, the other
  seats' views hide too: if swapping the move for another legal one leaves what the log
  tells a viewer the same, it leaves the viewer's view the same (a secret bid shown in a
  view while the log hides it is a leak). The log may tell more than a view, which shows
  the table, not its history (where two face-down cards went); and where one seat acts
  alone, what it hides may still follow from what everyone saw (a face-down score card
  among the trick's public cards), which no generic check can tell from a leak.

The views, ``determinize`` and the secrecy are checked on about one move in
:data:`LOOK_EVERY` (they cost most); notation and turns on every move.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from games.engine.ruleset import MILESTONE_TYPES, IllegalAction, RuleSet, determinizer

#: At most this many moves a game (chance's included) before it counts as endless.
MOVE_BOUND = 5000
#: The costly checks look at about one move in this many.
LOOK_EVERY = 4


class Nonconforming(AssertionError):
    """A rule set broke what the platform relies on."""


@dataclass(frozen=True)
class Step:
    """One move of a random game: the state before, who moved and how, the state after."""

    before: Any
    seat: int
    action: Any
    after: Any
    number: int
    players: int


def random_game(
    rules: RuleSet[Any], config: Mapping[str, Any], rng: random.Random
) -> Iterator[Step]:
    """The moves of one random game of ``config``: chance moves as the game draws them, every
    other seat plays a uniformly random legal action; raises :class:`Nonconforming` if the
    game does not end within :data:`MOVE_BOUND` moves or no seat may act before its end.

    A game's random moves are drawn from ``rng`` alone, so a seed replays the same game.

    >>> from games.engine.nmbr9 import RULES
    >>> steps = list(random_game(RULES, {"players": 1}, random.Random(1)))
    >>> RULES.is_terminal(steps[-1].after), len(steps)
    (True, 21)
    """
    state = rules.new_game(config)
    for number in range(1, MOVE_BOUND + 1):
        if rules.is_terminal(state):
            return
        acting = sorted(rules.to_act(state))
        if not acting:
            raise Nonconforming(f"{rules.name} {dict(config)}: nobody may act at move {number}")
        seat = rng.choice(acting)
        if seat == rules.chance:
            action = rules.chance_action(state, rng)
            if action is None:
                raise Nonconforming(f"{rules.name}: chance is to act but has no move")
        else:
            action = rules.legal_actions(state, seat).sample(rng)
        after = _applied(rules, state, seat, action, f"{dict(config)} move {number}")
        yield Step(state, seat, action, after, number, config["players"])
        state = after
    raise Nonconforming(f"{rules.name} {dict(config)}: no end after {MOVE_BOUND} moves")


def _applied(rules: RuleSet[Any], state: Any, seat: int, action: Any, where: str) -> Any:
    try:
        return rules.apply(state, seat, action)
    except IllegalAction as refused:
        raise Nonconforming(
            f"{rules.name} {where}: seat {seat}'s legal action {action} was refused: {refused}"
        ) from refused


def check_configs(rules: RuleSet[Any]) -> None:
    """Every example configuration starts a game, with a player count the game allows."""
    configs = rules.example_configs()
    if not configs:
        raise Nonconforming(f"{rules.name}: no example configuration")
    for config in configs:
        rules.new_game(config)
        if not rules.min_players <= config["players"] <= rules.max_players:
            raise Nonconforming(f"{rules.name} {config}: player count out of its bounds")


def check_step(rules: RuleSet[Any], step: Step, rng: random.Random) -> None:
    """Everything :func:`random_game`'s one move must keep (see the module's list)."""
    where = f"{rules.name} move {step.number} ({step.seat}: {step.action})"
    _check_notation(rules, step.action, where)
    _check_turns(rules, step, where)
    payload = _recorded(rules, step)
    json.dumps(payload)
    for kind, _milestone in rules.milestones(step.before, step.after):
        if kind not in MILESTONE_TYPES:
            raise Nonconforming(f"{where}: milestone type {kind!r} the store does not know")
    if rng.randrange(LOOK_EVERY):
        return
    viewers: list[int | None] = [None, *range(step.players)]
    for viewer in viewers:
        seen = rules.view(step.after, viewer)
        json.dumps(seen)
        if "phase" not in seen:
            raise Nonconforming(f"{where}: seat {viewer}'s view has no phase")
    determinize = determinizer(rules)
    if determinize is not None and not rules.is_terminal(step.after):
        for seat in viewers[1:]:
            assert seat is not None
            drawn = determinize(step.after, seat, rng)
            if rules.view(drawn, seat) != rules.view(step.after, seat):
                raise Nonconforming(f"{where}: determinize changed seat {seat}'s view")
    if step.seat != rules.chance and len(rules.to_act(step.before) - {rules.chance}) > 1:
        _check_secrecy(rules, step, viewers, rng, where)


def _check_notation(rules: RuleSet[Any], action: Any, where: str) -> None:
    text = str(action)
    if rules.parse_action(text) != action:
        raise Nonconforming(f"{where}: notation {text!r} does not read back as the action")
    data = rules.action_to_json(action)
    json.dumps(data)
    if rules.action_from_json(json.loads(json.dumps(data))) != action:
        raise Nonconforming(f"{where}: JSON {data} does not read back as the action")
    if data.get("type") != rules.action_type(action):
        raise Nonconforming(f"{where}: JSON type {data.get('type')!r} is not its action type")


def _check_turns(rules: RuleSet[Any], step: Step, where: str) -> None:
    if step.action not in rules.legal_actions(step.before, step.seat):
        raise Nonconforming(f"{where}: the action played is not among its legal actions")
    acting = rules.to_act(step.before)
    for other in [rules.chance, *range(step.players)]:
        if other in acting:
            continue
        if rules.legal_actions(step.before, other):
            raise Nonconforming(f"{where}: seat {other} may not act but has legal actions")
        try:
            rules.apply(step.before, other, step.action)
        except IllegalAction:
            continue
        raise Nonconforming(f"{where}: seat {other}, who may not act, was let play it")
    if rules.is_terminal(step.after):
        for seat in range(step.players):
            try:
                rules.apply(step.after, seat, step.action)
            except IllegalAction:
                continue
            raise Nonconforming(f"{where}: the game is over, yet seat {seat} was let play it")


def _recorded(rules: RuleSet[Any], step: Step) -> dict[str, Any]:
    """The payload the event store records for the step's move (``store.action_payload``)."""
    facts = rules.facts(step.before, step.after)
    effects = rules.effects(step.before, step.seat, step.action, step.after)
    return {
        **rules.action_to_json(step.action),
        **({"facts": facts} if facts else {}),
        **({"effects": effects} if effects else {}),
    }


def _told(rules: RuleSet[Any], step: Step, viewer: int | None) -> Any:
    """What the log tells ``viewer`` of the step's move, right after it."""
    payload = _recorded(rules, step)
    own = {key: value for key, value in payload.items() if key != "facts"}
    return rules.redact(step.seat, own, payload.get("facts", {}), viewer, step.after)


def _check_secrecy(
    rules: RuleSet[Any], step: Step, viewers: list[int | None], rng: random.Random, where: str
) -> None:
    space = rules.legal_actions(step.before, step.seat)
    other = space.sample(rng)
    if other == step.action:
        return
    played = _applied(rules, step.before, step.seat, other, where)
    instead = Step(step.before, step.seat, other, played, step.number, step.players)
    for viewer in viewers:
        if viewer == step.seat:
            continue
        if _told(rules, step, viewer) != _told(rules, instead, viewer):
            continue
        if rules.view(step.after, viewer) != rules.view(instead.after, viewer):
            raise Nonconforming(
                f"{where}: seat {viewer}'s view tells whether seat {step.seat} played "
                f"{step.action} or {other}, which the log hides from it"
            )


def check_game(rules: RuleSet[Any], games_per_config: int = 1, seed: int = 0) -> int:
    """Play ``games_per_config`` seeded random games of each example configuration, checking
    every move (:func:`check_step`); the number of moves checked."""
    check_configs(rules)
    checked = 0
    for index, config in enumerate(rules.example_configs()):
        for game in range(games_per_config):
            rng = random.Random(f"{rules.name}-{seed}-{index}-{game}")
            for step in random_game(rules, config, rng):
                check_step(rules, step, rng)
                checked += 1
    return checked


def check_bot(rules: RuleSet[Any], games: int, look_every: int = 1, seed: int = 0) -> int:
    """The game's bot makes the same move, with the same random draws, in a position and
    in one ``determinize`` drew for its seat: every ``look_every``-th position of ``games``
    random games (their configurations the example ones in turn); the number of moves
    compared (each seat to act at each position looked at). A game without
    ``determinize`` hides nothing: nothing to compare.

    >>> from games.engine.nmbr9 import RULES
    >>> check_bot(RULES, games=1, look_every=5) > 0
    True
    """
    determinize = determinizer(rules)
    if determinize is None:
        return 0
    configs = rules.example_configs()
    compared = 0
    for number in range(games):
        config = configs[number % len(configs)]
        rng = random.Random(f"{rules.name}-bot-{seed}-{number}")
        for step in list(random_game(rules, config, rng))[:-1][::look_every]:
            state = step.after
            for seat in sorted(rules.to_act(state) - {rules.chance}):
                drawn = determinize(state, seat, rng)
                real = rules.bot_action(state, seat, random.Random(compared))
                if rules.bot_action(drawn, seat, random.Random(compared)) != real:
                    raise Nonconforming(
                        f"{rules.name} {config} move {step.number}: the bot plays {real} for "
                        f"seat {seat} in the real position, not in one its seat cannot tell "
                        "from it"
                    )
                compared += 1
    return compared
