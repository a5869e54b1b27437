"""What a game gives the site besides its rules: its site adapter.

The platform (lobby, table shell, replay, API, emails, deadlines, tournaments) draws and
plays every game through this protocol; each game implements it in
``games/rulesets/<id>/site.py`` as ``SITE``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from django import forms
from rest_framework import serializers

if TYPE_CHECKING:
    from games.api.base import Facts
    from games.moves import Move
    from games.presenters import Table


class MoveForm(Protocol):
    """A form of the table that turns what was posted into one of the game's actions."""

    def is_valid(self) -> bool: ...

    def action(self) -> Any:
        """The action the valid form describes (the engine then judges it)."""
        ...


class NewGameOptions(Protocol):
    """The game's own options of a new game (a Django form's fields), read into the
    engine's JSON configuration."""

    def is_valid(self) -> bool: ...

    def config(self) -> dict[str, Any]:
        """The configuration for ``RuleSet.new_game`` (``players`` included)."""
        ...


@dataclass(frozen=True)
class ApiSchema:
    """The game's part of the API (DRF serializers), which the generic API composes with
    the other games' in its OpenAPI schema and uses to check what clients send."""

    #: A game's configuration (new games' ``config``; refuses unknown keys).
    config: type[serializers.Serializer]
    #: A seat's view (``RuleSet.view`` with ``rules`` and ``sequence``), extending
    #: :class:`games.api.base.SeatViewBase`.
    view: type[serializers.Serializer]
    #: The view's ``pending``: a choice too large to list, as its constraints.
    pending: type[serializers.Serializer]
    #: Each action a player may send, by its ``type``: its JSON form (refusing unknown keys).
    actions: Mapping[str, type[serializers.Serializer]]
    #: How a move is written in the game's notation, in a player's words: the "your turn"
    #: email gives it where its moves are too many to list (a reply is read as notation
    #: only), and the API's refusal of notation it could not read, adding the JSON form.
    notation_help: str
    #: Every type of event the game records but its creation (which the platform types):
    #: its players' actions, chance's (deals, shuffles, draws) and its milestones, each
    #: with the :class:`games.api.base.Record` of its ``action`` as the event log serves
    #: it, what a viewer may not know yet left out or null, and ``effects`` when the game
    #: records them. An exported log's ``payload`` is the same record, unredacted, with its
    #: ``facts``.
    events: Mapping[str, type[serializers.Serializer]]
    #: What chance decided during an event (``facts``: the cards drawn...), by the types of
    #: event that record some: a :class:`games.api.base.Facts`, whose shape is as the event
    #: log serves it (another seat's cards null). A type left out never records any.
    facts: Mapping[str, Facts]
    #: The types of event that are chance's moves (deals, shuffles, draws): their ``seat``
    #: is always the rules' ``chance``; every other action's is a player's.
    chance_moves: frozenset[str]
    #: The names of its enums in the schema (each starting with the game's schema name, as
    #: ``NumxPhaseEnum``), by name: the choices (a list of values, or of (value, label)
    #: pairs for values that are not text) of every choice field of its pieces.
    enums: Mapping[str, Sequence[Any]] = field(default_factory=dict)
    #: What the API's dry run says a legal move would do, beyond its words, where the
    #: adapter says it (:class:`Outlooks`); None for a game that says nothing more.
    outlook: type[serializers.Serializer] | None = None


class Site(Protocol):
    """How the site shows and plays one game."""

    #: The game's name, as players know it.
    title: str
    #: The template that draws the game's part of a table, inside the platform's shell:
    #: it reads ``t`` (a :class:`games.presenters.Table`, ``t.view`` being the seat's view)
    #: and ``forms`` (from :meth:`move_forms`), and defines the partials ``board`` (what
    #: everyone sees), ``hand`` (what only the seat sees) and ``moves`` (its forms).
    table_template: str
    #: The template of the game's "How to play" (in its adapter, ``games/<id>/howto.html``),
    #: which the rules page draws first: its partials ``goal`` (one sentence), ``pieces``
    #: (the cards or tiles, drawn as the table draws them), ``turn``, ``example`` (one worked
    #: example) and ``end`` (the end and the scoring), each under the page's own heading.
    howto_template: str
    #: The standing orders a player may give (kind → label), kept until the step ends.
    standing_orders: Mapping[str, str]
    #: Every rule a move can break, by the id a refusal names, each in one sentence (in
    #: English, marked for translation): the game's rules page lists them, and a refused
    #: move links to its rule there.
    rulebook: Mapping[str, str]
    #: The game's rules reference, in the repository (``docs/rules-<id>.md``: the rule book's
    #: passages and every house decision with its reason), which the rules page draws after
    #: the statements; None for a game without one written for players (a reference that
    #: names tests or source files is for developers: players never see those).
    rules_reference: str | None
    #: Its serializers for the API.
    api: ApiSchema

    def new_game_form(self, data: Mapping[str, Any] | None = None) -> NewGameOptions:
        """The options of a new game, bound to ``data`` if given."""
        ...

    def describe_config(self, config: Mapping[str, Any]) -> str:
        """A game's configuration in words ("X-Game, 4 players, teams")."""
        ...

    def describe_progress(self, progress: Any) -> str:
        """Where the game stands in words ("Round 2, trick 5")."""
        ...

    def describe_action(
        self,
        action: Mapping[str, Any],
        names: Sequence[str],
        config: Mapping[str, Any],
        viewer: int | None = None,
    ) -> str:
        """What an action does, from its JSON form (as recorded, possibly redacted), in the
        game of ``config`` (its recorded configuration: an action's meaning may follow the
        rules edition or a table option the game was played with), as ``viewer`` reads it:
        a seat it names is "you" for the viewer's own (a player's own moves, a mail to
        them)."""
        ...

    def describe_event(
        self,
        entry: Mapping[str, Any],
        names: Sequence[str],
        viewer: int | None,
        config: Mapping[str, Any],
    ) -> str:
        """One entry of a redacted event log (``selectors.event_log``) as a sentence, in the
        game of ``config`` (as :meth:`describe_action`)."""
        ...

    def describe_task(self, view: Mapping[str, Any], out_of_turn: bool = False) -> str:
        """What this moment asks of the seat whose ``view`` this is, in words, for the
        table's status and the "your turn" email; ``out_of_turn``: the seat may act out of
        turn (it is not awaited)."""
        ...

    def describe_score_line(self, rule: str) -> str:
        """The name of a scoring rule of the final score's breakdown."""
        ...

    def describe_score(self, score: int) -> str:
        """A final score in the game's unit ("53 points", "5 tokens")."""
        ...

    def move_forms(
        self, table: Table, form_key: str, data: Mapping[str, Any] | None = None
    ) -> dict[str, forms.Form]:
        """The forms the seat's legal moves call for, by name, each carrying
        ``table.sequence`` and ``form_key`` (its idempotency key); ``data``, a posted form,
        binds the form it names (its ``form`` field)."""
        ...

    def player_context(self, view: Mapping[str, Any], seat: int) -> dict[str, Any]:
        """What the table shows of the player at ``seat`` in ``view`` (a score row, how many
        cards they hold...), for the template's ``player`` partial as ``p.extra``."""
        ...

    def table_context(self, table: Table) -> dict[str, Any]:
        """What the game's table template needs beyond ``t`` (its own presentation of the
        view: the centre, rows, what the next move must be)."""
        ...


@runtime_checkable
class Previews(Protocol):
    """What an adapter adds to :class:`Site` when its table previews a move before it is
    sent (NMBR 9: where a tile would land and what it would score). Optional: the platform's
    preview answers 404 for a game whose adapter does not offer it."""

    def preview(self, table: Table, query: Mapping[str, str]) -> dict[str, Any] | None:
        """What the seat's move read from ``query`` (the move form's own fields, as a GET
        sends them) would do, as the context of the game template's ``preview`` partial
        (beside ``t``); None if ``query`` does not read as such a move. ``table`` is the
        seat's, on its turn: the preview may use the seat's view only, and writes nothing."""
        ...


@runtime_checkable
class Outlooks(Protocol):
    """What an adapter adds to :class:`Site` when the API's dry run
    (``POST /api/games/N/check/``) can say what a legal move would do beyond its words
    (NMBR 9: the level a tile would lie at, and its points), as ``ApiSchema.outlook``
    describes it. Optional: without it the dry run says whether the move is legal, and
    what it does in words."""

    def outlook(
        self, view: Mapping[str, Any], seat: int, action: Mapping[str, Any]
    ) -> dict[str, Any]:
        """What ``seat``'s legal ``action`` (its JSON form) would do, read from the seat's
        ``view`` only: a dry run writes nothing and may use nothing the seat does not
        know."""
        ...


@runtime_checkable
class Ratings(Protocol):
    """What an adapter adds to :class:`Site` when its games are rated by more than one seat
    against another in one pool (the ``ratings`` app, docs/ratings.md): the names of its
    variants (the configuration's ``mode``, each rated apart) and the sides its seats play
    on. Optional: without it, a game has one pool and every seat plays for itself."""

    def describe_mode(self, mode: str) -> str:
        """A variant's name, as a rating pool is shown ("X-Game")."""
        ...

    def sides(self, config: Mapping[str, Any]) -> tuple[tuple[int, ...], ...]:
        """The seats grouped into the sides that finish together (teams), each side sorted,
        every seat in exactly one side."""
        ...


@runtime_checkable
class BotSeats(Protocol):
    """What an adapter adds to :class:`Site` when some of its tables must not seat the
    site's bots (Numenko's live tables: a bot moves the moment it may, and would play all
    its moves before a person made one). Optional: without it every table may."""

    def why_no_bots(self, config: Mapping[str, Any]) -> str:
        """Why a table of ``config`` seats none of the site's bots, in the reader's
        language; "" when it may."""
        ...


@runtime_checkable
class ReplayWords(Protocol):
    """What an adapter adds to :class:`Site` when a replay's step is better said otherwise
    than its history says the event (Numenko: the history writes a grid in notation, for a
    player to copy into a reply; the replay draws the grid right below its words, which say
    the tiles laid and taken back). Optional: without it, or where it says nothing, a
    replay's step is said as its history says it (``describe_event``)."""

    def describe_step(
        self,
        before: Mapping[str, Any],
        after: Mapping[str, Any],
        entry: Mapping[str, Any],
        names: Sequence[str],
        viewer: int | None,
        config: Mapping[str, Any],
    ) -> str | None:
        """The step of ``entry`` (an event log's, redacted for ``viewer`` as the history
        reads it then) in ``viewer``'s words, given the views the replay draws at the step
        before and at this one (a finished game's, every secret shown; any other's, what
        the reader knew then); None to say it as the history does."""
        ...


@runtime_checkable
class LikelyMoves(Protocol):
    """What an adapter adds to :class:`Site` to choose the moves a "your turn" email offers
    as letters (reply ``B`` to play the second). Optional: without it the email letters the
    game's pass first, when it is legal, then the other moves in the engine's order."""

    def likely_moves(self, moves: Sequence[Move], view: Mapping[str, Any]) -> Sequence[Move]:
        """The most likely of ``moves`` (the seat's legal moves, listed), most likely first,
        for the seat whose ``view`` this is; deterministic (a reply is read against the
        same letters), at most eight are used."""
        ...


@runtime_checkable
class MailMoves(Protocol):
    """What an adapter adds to :class:`Site` when some of a seat's legal moves do the same
    thing at a table (Objectifs for two: an Echange to the left and to the right): a "your
    turn" email lists one of them; or when the engine's order would list the likeliest last,
    past the moves an email lists. Optional. The others stay legal, a reply may name
    them."""

    def mail_moves(self, moves: Sequence[Move], view: Mapping[str, Any]) -> Sequence[Move]:
        """``moves`` (the seat's legal moves, listed) less those that repeat another for the
        seat whose ``view`` this is, in the order an email lists them; deterministic (a
        reply is read against the same letters)."""
        ...


@runtime_checkable
class MailPosition(Protocol):
    """What an adapter adds to :class:`Site` when a "your turn" email must say more of the
    position than the task does, for a player who plays by email and sees no table (NUM-X:
    every score row, its cards numbered as the moves name them). Optional."""

    def position_words(self, view: Mapping[str, Any], names: Sequence[str]) -> str:
        """The position as the seat whose ``view`` this is knows it, in the reader's
        language, the seats named by ``names``, lines apart; "" for nothing more."""
        ...


@runtime_checkable
class ChoiceHelp(Protocol):
    """What an adapter adds to :class:`Site` when a choice too large to list (a NUM-X
    distribution) needs more than the game's notation help to be written in a reply to an
    email: its pieces and an example. Optional: without it the email gives the game's
    notation help alone."""

    def choice_help(self, view: Mapping[str, Any], names: Sequence[str]) -> str:
        """How to write the choice the seat whose ``view`` this is must make, in the
        reader's language, the seats named by ``names``; "" when the notation help is
        enough."""
        ...


@runtime_checkable
class ReplySlips(Protocol):
    """What an adapter adds to :class:`Site` when its notation takes a move that, written
    in an email reply, is likelier a slip than meant, and would cost the player dearly:
    Numenko's ``grid`` with no row after it (the rows left in the quoted mail, or written
    so that they could not be read), which would take every tile of the grid back.
    Optional: without it every move a reply writes is played."""

    def reply_slip(self, said: str) -> str:
        """Why the move written ``said`` in a reply is not played, in the reader's
        language, saying how to write what was likely meant; "" when it is played."""
        ...


@runtime_checkable
class RefusalWords(Protocol):
    """What an adapter adds to :class:`Site` when its engine's refusals name things by
    their notation (a card's ``blue-7``). Optional: without it a refusal's values are said
    as they are (numbers)."""

    def refusal_argument(self, value: object) -> str:
        """``value``, one of a refusal's arguments (``IllegalAction.values``), in the reader's
        language."""
        ...


def refusal_words(site: object) -> Callable[[object], str] | None:
    """How ``site`` says a refusal's values in the reader's language, if it says them
    otherwise than as they are (:class:`RefusalWords`)."""
    return site.refusal_argument if isinstance(site, RefusalWords) else None
