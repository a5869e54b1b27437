"""The surface every rule set offers, so that the event store and the site stay game-agnostic.

The event store records ``(seat, action JSON)`` pairs and rebuilds states through
:meth:`RuleSet.apply`; the site shows :meth:`RuleSet.view`, offers
:meth:`RuleSet.legal_actions` and lists games by :meth:`RuleSet.progress`. A game plugs in
by implementing this protocol in its own package ``games/engine/<id>/`` (pure Python: no
Django, no I/O) and by one line of ``games/registry.py``.

Conventions every rule set follows:

- Seats are ``0..players-1``; a configuration is a JSON object whose ``players`` says how
  many (between :attr:`RuleSet.min_players` and :attr:`RuleSet.max_players`).
- Chance (shuffles, deals, draws) acts as seat :attr:`RuleSet.chance` with actions that
  carry their outcome, so that replaying a history needs no randomness.
- Several seats may act at once (:meth:`RuleSet.to_act`): simultaneous or secret moves, and
  moves out of turn (a seat that may act but is not :meth:`RuleSet.awaiting`).
- Errors are :class:`IllegalAction` (a rule broken), :class:`NotationError` (text or JSON
  that is no action) and :class:`ConfigError`, all ``ValueError``; a game subclasses them.
"""

from __future__ import annotations

import abc
import enum
import random
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Generic, Protocol, TypeVar

from games.engine import state_json
from games.engine.state_json import Json


def gettext_noop(message: str) -> str:
    """Marks a message (a rule's statement, an error's template) for translation: the site
    translates it when it shows it, and every engine stays in English and free of Django.
    The one marker the engines import, found by the catalogues' extraction by its name."""
    return message


class IllegalAction(ValueError):
    """An action the rules forbid in this state.

    ``rule`` identifies the broken rule (a game's rules page names each), ``statement`` is
    the rule itself in one sentence. ``message`` says what was wrong in words: a template
    (``%(name)s`` placeholders filled from ``values``, the keyword arguments), which the
    site translates before it fills it, so the engine stays in English and free of Django.
    A message written at the call (``IllegalAction(rule, "...")``) is found for translation
    as it is; one made elsewhere is marked with :func:`gettext_noop`.

    >>> error = IllegalAction("turn.order", "seat %(seat)s waits", "Players act in turn.", seat=2)
    >>> error.rule, error.message, error.template
    ('turn.order', 'seat 2 waits', 'seat %(seat)s waits')
    >>> str(error)
    'seat 2 waits (rule turn.order: Players act in turn.)'
    """

    def __init__(self, rule: str, message: str, statement: str, **args: object) -> None:
        self.rule = rule
        self.template = message
        self.values = args
        self.message = message % args if args else message
        self.statement = statement
        super().__init__(f"{self.message} (rule {rule}: {statement})")


class WordedError(ValueError):
    """An error whose message is a template as :class:`IllegalAction`'s (``%(name)s``
    placeholders filled from the keyword arguments), which the site translates before it
    fills it where the engine marked it with :func:`gettext_noop`; a message the
    catalogues lack is said to an English reader as it is.

    >>> error = NotationError("unknown action “%(word)s”", word="jump")
    >>> str(error), error.template, error.values
    ('unknown action “jump”', 'unknown action “%(word)s”', {'word': 'jump'})
    """

    def __init__(self, message: str, **args: object) -> None:
        self.template = message
        self.values = args
        super().__init__(message % args if args else message)


class NotationError(WordedError):
    """Text (or JSON) that is not valid notation for an action of the game (its message a
    template: :class:`WordedError`)."""


class ConfigError(WordedError):
    """A game configuration the rules do not allow (player count, options...), its message
    a template (:class:`WordedError`)."""


@dataclass(frozen=True)
class ScoreLine:
    """One line of a player's final score: the scoring rule's id and what it gave. A game
    scored round by round names each round's lines ``round-<n>.<rule>`` (Objectifs'
    ``round-2.malus``): the score sheet shows a column per round from them, and the
    game-over mail a line per round."""

    rule: str
    points: int


@dataclass(frozen=True)
class Outcome:
    """How a finished game ended: each seat's final score, the winning seats (ties share
    the win), per seat the lines its score is made of, and two of the platform's words
    (the rules know neither): the seats whose players resigned, and the seats whose
    players made no move of their own (``absent``: every move was made for them).

    >>> Outcome(scores=(3, 5), winners=frozenset({1})).ranking()
    (2, 1)
    >>> Outcome(scores=(3, 5, 4), winners=frozenset({0}), resigned=frozenset({1})).ranking()
    (2, 3, 1)
    >>> Outcome(scores=(3, 5, 4), winners=frozenset({1}), absent=frozenset({1})).ranking()
    (2, 3, 1)
    """

    scores: tuple[int, ...]
    winners: frozenset[int]
    breakdown: tuple[tuple[ScoreLine, ...], ...] = ()
    resigned: frozenset[int] = frozenset()
    absent: frozenset[int] = frozenset()

    def ranking(self) -> tuple[int, ...]:
        """Each seat's finishing place (1 = best; equal scores share a place): a seat whose
        player resigned comes after every seat whose player did not, whatever its score,
        and an absent seat after them all (the site places it nowhere: ``games.results``)."""
        keys = [
            (seat not in self.absent, seat not in self.resigned, score)
            for seat, score in enumerate(self.scores)
        ]
        return tuple(1 + sum(other > key for other in keys) for key in keys)

    def to_json(self) -> dict[str, Any]:
        """The outcome as JSON: ``scores``, ``winners`` (sorted), ``breakdown``."""
        return {
            "scores": list(self.scores),
            "winners": sorted(self.winners),
            "breakdown": [
                [{"rule": line.rule, "points": line.points} for line in lines]
                for lines in self.breakdown
            ],
        }


@dataclass(frozen=True)
class Progress:
    """Where a game stands, for lists and for the time standing orders last: its ``phase``
    (a game's own name for the moment, such as ``play`` or ``game-over``), its ``round``
    and the ``step`` within the round (NUM-X: the trick; another game: the card turned,
    the turn). Numbers start at 1; 0 means the game has none."""

    phase: str
    round: int = 0
    step: int = 0
    #: The seats the game publicly waits for (chance excluded).
    awaiting: frozenset[int] = field(default_factory=frozenset)


ActionT = TypeVar("ActionT", covariant=True)
StateT = TypeVar("StateT")
StateT_contra = TypeVar("StateT_contra", contravariant=True)


class Actions(Protocol[ActionT]):
    """Legal actions of a seat: a collection supporting ``in``, iteration and sampling.

    ``listable`` says whether the actions are few enough to offer one by one (a list of
    moves); when not (a distribution of cards among players, say) the seat's view says
    what the choice must satisfy, under ``pending``.
    """

    listable: bool

    def __contains__(self, action: object) -> bool: ...

    def __iter__(self) -> Iterator[ActionT]: ...

    def __bool__(self) -> bool: ...

    def sample(self, rng: random.Random) -> ActionT: ...


class RuleSet(abc.ABC, Generic[StateT]):
    """A game's rules, as plain functions of immutable states.

    A game subclasses it and overrides what it must (the abstract methods: its states,
    moves, views and scores) and only what differs from the defaults below, as OpenSpiel's
    games override its ``Game``/``State``: a game with no hidden record, no milestone but
    its end, and a random bot needs nothing more.
    """

    #: The game's id in the registry (``numx``, ``maya``...).
    name: str
    min_players: int
    max_players: int
    chance: int = -1
    #: Names the shape of this rule set's states; snapshots of another shape are not used.
    state_format: str
    #: The class of its states (a frozen dataclass or a named tuple), whose type hints
    #: :meth:`state_to_json` and :meth:`state_from_json` follow.
    state_type: type[StateT]
    #: How its older recorded payloads read in the next shape: (event type, version read)
    #: → step. A type's current version is one past its last step (1 with none).
    payload_upcasters: Mapping[tuple[str, int], Callable[[dict[str, Any]], dict[str, Any]]] = (
        MappingProxyType({})
    )
    #: The notation of the move a standing order "pass until this step ends" plays (None:
    #: the game has no such move).
    pass_notation: str | None = None
    #: Keys of a seat's :meth:`view` that only say who else has acted in a step where
    #: several seats act at once (who has placed, who has picked): left out of
    #: :meth:`decision_basis`, so that another seat's hidden move does not make a seat's
    #: pending choice stale.
    marks_of_others: frozenset[str] = frozenset({"awaiting"})

    # What every game defines ---------------------------------------------------------------

    @abc.abstractmethod
    def new_game(self, config: Mapping[str, Any]) -> StateT:
        """A fresh state for a JSON configuration (raises :class:`ConfigError`)."""

    @abc.abstractmethod
    def apply(self, state: StateT, seat: int, action: Any) -> StateT:
        """The next state, or :class:`IllegalAction` naming the broken rule (once the game
        is over, the game's own rule that it is over, whatever the move)."""

    @abc.abstractmethod
    def legal_actions(self, state: StateT, seat: int) -> Actions[Any]:
        """Everything ``seat`` (or :attr:`chance`) may do now; empty when nothing."""

    @abc.abstractmethod
    def to_act(self, state: StateT) -> frozenset[int]:
        """Every seat that may act now, chance included (server-side knowledge)."""

    @abc.abstractmethod
    def view(self, state: StateT, seat: int | None, reveal: bool = False) -> dict[str, Any]:
        """What ``seat`` (``None``: a spectator) may know, JSON-ready, with ``phase`` and,
        when the seat must choose among actions too many to list, ``pending``; ``reveal``
        shows everything (replays of finished games)."""

    @abc.abstractmethod
    def outcome(self, state: StateT) -> Outcome | None:
        """Final scores, winners and breakdown once the game is over, else None."""

    @abc.abstractmethod
    def progress(self, state: StateT) -> Progress:
        """Where the game stands (public facts)."""

    @abc.abstractmethod
    def action_to_json(self, action: Any) -> dict[str, Any]:
        """The action's JSON form, with its ``type``."""

    @abc.abstractmethod
    def action_from_json(self, data: Mapping[str, Any]) -> Any:
        """The action of a JSON form (raises :class:`NotationError`, unknown keys too)."""

    @abc.abstractmethod
    def parse_action(self, text: str) -> Any:
        """The action of a text notation (raises :class:`NotationError`); ``str(action)``
        gives the notation back."""

    @abc.abstractmethod
    def action_type(self, action: Any) -> str:
        """The action's type name, as recorded in the event store."""

    # Defaults a game overrides where it differs --------------------------------------------

    def awaiting(self, state: StateT) -> frozenset[int]:
        """The seats the game publicly waits for (chance included when it is to act).
        Default: every seat that may act (no move out of turn)."""
        return self.to_act(state)

    def is_terminal(self, state: StateT) -> bool:
        """Whether the game is over. Default: it has an :meth:`outcome`."""
        return self.outcome(state) is not None

    def chance_action(self, state: StateT, rng: random.Random) -> Any | None:
        """Chance's move (a shuffle) drawn with ``rng`` when chance is to act, else None.
        Default: one of chance's legal actions, drawn uniformly."""
        if self.chance not in self.to_act(state):
            return None
        return self.legal_actions(state, self.chance).sample(rng)

    def bot_action(self, state: StateT, seat: int, rng: random.Random) -> Any:
        """What the game's own bot plays for ``seat``: its heuristic, :attr:`BotLevel.HEURISTIC`
        (and the search's play-outs). It reads only what ``seat`` may know. Default: a
        random legal action."""
        return self.legal_actions(state, seat).sample(rng)

    def facts(self, before: StateT, after: StateT) -> dict[str, Any]:
        """What chance decided during one action (recorded beside it, checked on replay).
        Default: nothing (chance's actions carry their outcome)."""
        return {}

    def effects(self, before: StateT, seat: int, action: Any, after: StateT) -> dict[str, Any]:
        """What ``seat``'s ``action`` visibly did to the table, if it is worth recording
        (JSON-ready; ``{}`` otherwise). Recorded beside the action when not empty, checked
        on replay, and redacted by :meth:`redact` like the action itself. Default: ``{}``."""
        return {}

    def standing_scores(self, state: StateT) -> tuple[tuple[ScoreLine, ...], ...] | None:
        """Each seat's score lines as ``state`` stands, for a game whose final score is
        counted once on what the players hold at its end, over several rounds (NUM-X's
        X-Game: its score rows are kept from round 1 to round 2): the score sheet shows
        what each round added from the scores at each round's end. None (the default) for
        a game that names its rounds' lines (:class:`ScoreLine`) or has one round."""
        return None

    def milestones(self, before: StateT, after: StateT) -> list[tuple[str, dict[str, Any]]]:
        """Milestone events (type, payload) an action led to, each of a type in
        :data:`MILESTONE_TYPES`. Default: ``game-ended`` (scores, winners) when the action
        ended the game."""
        result = self.outcome(after)
        if result is None or self.is_terminal(before):
            return []
        return [("game-ended", {"scores": list(result.scores), "winners": sorted(result.winners)})]

    def redact(
        self,
        seat: int,
        action: dict[str, Any],
        facts: dict[str, Any],
        viewer: int | None,
        now: StateT,
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        """A recorded action (with its ``effects``, if any) and its facts as ``viewer`` may
        read them, given the current state ``now`` (secrets revealed since are shown).
        Default: as recorded, for a game whose records hide nothing."""
        return action, facts

    def decision_basis(self, state: StateT, seat: int) -> dict[str, Any]:
        """What ``seat``'s choice rests on: its :meth:`view` without the
        :attr:`marks_of_others`. A move a player chose at one state stays valid at a later
        one whose basis is the same (only moves hidden from them, or that change nothing they
        may do, came in between): the platform then records it instead of calling it stale.
        A game where other seats' visible moves leave a seat's choice whole (everyone
        building at once) narrows it."""
        seen = self.view(state, seat)
        return {key: value for key, value in seen.items() if key not in self.marks_of_others}

    def state_to_json(self, state: StateT) -> Json:
        """The state as JSON, the form a snapshot stores (:attr:`state_format` names its
        shape). Default: written from :attr:`state_type`'s type hints by
        :func:`games.engine.state_json.to_json`; a game whose state holds what that cannot
        write overrides this and :meth:`state_from_json`."""
        return state_json.to_json(state, self.state_type)

    def state_from_json(self, data: Json) -> StateT:
        """The state :meth:`state_to_json` wrote (raises
        :class:`~games.engine.state_json.StateJsonError` on data that does not fit)."""
        return state_json.from_json(data, self.state_type)

    def example_configs(self) -> list[dict[str, Any]]:
        """Configurations that together cover the game's variants, for the conformance kit
        and the random-game sweep. Default: each player count with the default options."""
        return [{"players": players} for players in range(self.min_players, self.max_players + 1)]


#: The milestone types the event store recognises (replays skip them; any other type is
#: replayed as an action). :meth:`RuleSet.milestones` returns only these.
MILESTONE_TYPES = frozenset({"created", "round-ended", "game-ended"})


class BotLevel(enum.IntEnum):
    """How well a bot plays, the same three levels for every game.

    >>> BotLevel(1).name
    'HEURISTIC'
    """

    #: A uniformly random legal move (``legal_actions(...).sample``).
    RANDOM = 0
    #: The game's own rules of thumb (:meth:`RuleSet.bot_action`).
    HEURISTIC = 1
    #: Information-set Monte Carlo tree search (``games.engine.search``), for games that
    #: can :meth:`Determinizing.determinize`; the others play their heuristic.
    SEARCH = 2


class Determinizing(Protocol[StateT]):
    """The optional part of the protocol a search bot needs in a game with hidden
    information: a full state one seat cannot tell from the real one."""

    def determinize(self, state: StateT, seat: int, rng: random.Random) -> StateT:
        """A state drawn with ``rng`` among those consistent with everything ``seat``
        knows: ``view(determinize(state, seat, rng), seat) == view(state, seat)``, hidden
        cards drawn from the cards the seat has not seen, hand sizes and every public
        fact kept."""
        ...


def determinizer(rules: object) -> Callable[[Any, int, random.Random], Any] | None:
    """The rule set's :meth:`Determinizing.determinize`, or None when it has none.

    >>> determinizer(object()) is None
    True
    """
    found: Callable[[Any, int, random.Random], Any] | None = getattr(rules, "determinize", None)
    return found


class Shortlisting(Protocol[StateT_contra]):
    """The optional part of the protocol a search bot needs where a seat's moves are too
    many to list (``listable`` false), or too many of them are not worth its play-outs: a
    few worth searching among. A game that offers it is searched among those alone."""

    def candidate_actions(
        self, state: StateT_contra, seat: int, rng: random.Random
    ) -> Sequence[Any]:
        """A short list of ``seat``'s best legal moves by the game's heuristic, its own
        choice first (drawn with ``rng`` as :meth:`RuleSet.bot_action` draws it), no two
        alike. It reads only what ``seat`` may know."""
        ...


def shortlister(rules: object) -> Callable[[Any, int, random.Random], Sequence[Any]] | None:
    """The rule set's :meth:`Shortlisting.candidate_actions`, or None when it has none.

    >>> shortlister(object()) is None
    True
    """
    found: Callable[[Any, int, random.Random], Sequence[Any]] | None = getattr(
        rules, "candidate_actions", None
    )
    return found
