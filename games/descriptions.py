"""What every game says the same way, in the reader's language: lists of names, who acted,
the events the platform records for every game, why the system moved for a player, why a
move was refused."""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from datetime import timedelta
from typing import Any

from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext

from games.engine.ruleset import ConfigError, IllegalAction, NotationError, WordedError
from games.events.store import WITHDRAWN
from games.models import Game
from games.results import Place

#: The typographic minus sign (U+2212), with which every game writes a negative number.
MINUS = "\u2212"


def number(value: int) -> str:
    """A whole number as the games write it: a negative one with the minus sign, not a
    hyphen, and no plus sign.

    >>> number(-12) == MINUS + "12", number(3)
    (True, '3')
    """
    return f"{MINUS}{-value}" if value < 0 else str(value)


def signed(value: int) -> str:
    """A number with its sign always written, as a card or a score's change prints it:
    "+4", "0", a negative one with the minus sign.

    >>> signed(4), signed(0), signed(-3) == MINUS + "3"
    ('+4', '0', True)
    """
    return f"+{value}" if value > 0 else number(value)


def points(score: int) -> str:
    """A score in points as the games that count them write it: "22 points", below zero with
    the minus sign; the plural follows the number's size, so that French, singular for 0
    and 1 only, writes twelve below zero in the plural.

    >>> points(22), points(1), points(-12) == MINUS + "12 points"
    ('22 points', '1 point', True)
    """
    return ngettext("%(n)s point", "%(n)s points", abs(score)) % {"n": number(score)}


def and_list(items: Sequence[str]) -> str:
    """Items in words: "Alice, Bob and Carol"."""
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return _("%(first)s and %(last)s") % {"first": ", ".join(items[:-1]), "last": items[-1]}


def or_list(items: Sequence[str]) -> str:
    """Items in words, one of them to choose: "Alice, Bob or Carol"."""
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return _("%(first)s or %(last)s") % {"first": ", ".join(items[:-1]), "last": items[-1]}


def no_seat() -> str:
    """The refusal of what only a game's players may ask (its legal actions, a move,
    resigning) to somebody without a seat there: one sentence, whichever way they asked."""
    return _("You have no seat at this game.")


def left_mark(
    *, resigned: bool, taken_off: bool, resigned_first: bool = False, absent: bool = False
) -> str:
    """How a player stands apart from those who played the game to its end, as a mark beside
    their name and score ("" if they do not): "withdrawn" when another took them off their
    seat (``games.endings.take_off``: a tournament's organiser withdrew them), "resigned,
    then withdrawn" when they had resigned themselves before another took them off it
    (``results.resigned_first``), "resigned" when they resigned, and, once the game is over,
    that they made no move of their own (``absent``: every move made for them), which places
    them nowhere (``games.results``)."""
    if resigned:
        if taken_off and resigned_first:
            return pgettext(
                "a player who resigned, then another took off their seat",
                "resigned, then withdrawn",
            )
        if taken_off:
            return pgettext("a player another took off their seat", "withdrawn")
        return _("resigned")
    if absent:
        return _("every move made for them — not placed")
    return ""


def nobody_won(winners: Collection[int], absent: Collection[int]) -> str:
    """Why a finished game names no winner: every player left in it made no move of their
    own (``games.results``); "" when it names one, or when its rules name none (a game
    played alone)."""
    if winners or not absent:
        return ""
    return _("No winner: no player who stayed in the game made a move of their own.")


def actor(seat: int, viewer: int | None, names: Sequence[str]) -> str:
    """Who made a recorded move, as ``viewer`` reads it: "Chance" (seat -1, the deals and
    shuffles), "You", or the player's name."""
    if seat == -1:
        return _("Chance")
    return _("You") if seat == viewer else names[seat]


def who(seat: int, viewer: int | None, names: Sequence[str]) -> str:
    """A seat named within a sentence, as ``viewer`` reads it: "you" for their own, else
    the player's name (:func:`actor` says who made a move, at the head of a sentence).

    >>> who(1, 1, ["alice", "bob"]), who(0, 1, ["alice", "bob"])
    ('you', 'alice')
    """
    return _("you") if seat == viewer else names[seat]


def seat_lines(said: Sequence[str], viewer: int | None, names: Sequence[str]) -> list[str]:
    """A mail's list with a line a seat, ``said`` holding each seat's part in words: the
    player's name, or "you" for ``viewer``'s own.

    >>> seat_lines(["blue 7", "no card"], 1, ["alice", "bob"])
    ['- alice: blue 7', '- you: no card']
    """
    return [
        "- " + _("%(who)s: %(said)s") % {"who": who(seat, viewer, names), "said": it}
        for seat, it in enumerate(said)
    ]


def pli_on_top(
    pli: Mapping[str, Any], card: Callable[[str], str], joker_as: Callable[[Any], str], joker: str
) -> str:
    """The pli on top as a "your turn" mail says it, for a climbing card game (NUM-X,
    Objectifs): ``pli``'s cards (``{"cards", "value"}``) each in words (``card``), a Joker
    (the card named ``joker``, as the table finds it) with the value it stands for there
    (``joker_as``).

    >>> pli_on_top({"cards": ["J", "12"], "value": 12}, str, "J={}".format, "J")
    'The pli on top: J=12 and 12.'
    """
    laid = [
        joker_as(pli["value"]) if pli["value"] is not None and name == joker else card(name)
        for name in pli["cards"]
    ]
    return _("The pli on top: %(cards)s.") % {"cards": and_list(laid)}


def you_hold(hand: Sequence[str | None], cards: Callable[[Sequence[str | None]], str]) -> str:
    """The reader's hand as a "your turn" mail says it, its cards in words (``cards``).

    >>> you_hold(["7", "J"], ", ".join), you_hold([], ", ".join)
    ('You hold 7, J.', 'You hold no card.')
    """
    # An empty hand is its own sentence: French negates the verb ("Vous n’avez aucune
    # carte en main"), which no word put in place of the cards can do.
    if not hand:
        return _("You hold no card.")
    return _("You hold %(cards)s.") % {"cards": cards(hand)}


def common_event(entry: Mapping[str, Any], names: Sequence[str], viewer: int | None) -> str | None:
    """The sentence of an event every game records alike (the table set, the game over with
    its ``winners``, a player resigning, withdrawing or withdrawn from a tournament, or
    calling the game off, as ``viewer`` reads it), or None for the game's own events. A
    resignation another recorded (``selectors.event_log``'s ``by_player``, false) is the
    organiser withdrawing the player; one recorded by a withdrawal (``WITHDRAWN``) that the
    player made themselves, their own withdrawal."""
    kind = entry["type"]
    if kind == "created":
        return _("The table is set for %(players)s.") % {"players": and_list(names)}
    if kind == "game-ended":
        winners = list(entry["action"]["winners"])
        if not winners:  # nobody left in it made a move of their own (games.results)
            return _("The game is over, with no winner.")
        if winners == [viewer]:
            return _("The game is over. You won.")
        return ngettext(
            "The game is over. Winner: %(winners)s.",
            "The game is over. Winners: %(winners)s.",
            len(winners),
        ) % {"winners": and_list([who(seat, viewer, names) for seat in winners])}
    # Said whole for "you" and for a name: the verb agrees with its subject in French.
    seat = entry.get("seat")
    if kind == "resigned":
        # Taken off their seat (games.endings.take_off): a tournament's withdrawal, by its
        # organiser or by the player themselves; the seat is nobody's then, never "you".
        if not entry.get("by_player", True):
            return _("The organiser withdrew %(name)s from the tournament.") % {"name": names[seat]}
        if entry["action"].get(WITHDRAWN):
            return _("%(name)s withdrew from the tournament.") % {"name": names[seat]}
        if seat == viewer:
            return _("You resigned.")
        return _("%(name)s resigned.") % {"name": names[seat]}
    if kind == "aborted":
        if seat == viewer:
            return _("You called the game off.")
        return _("%(name)s called the game off.") % {"name": names[seat]}
    return None


def game_summary(game: Game) -> str:
    """What a table is in words: "NUM-X · Speed Run, 3 players · 2 days per move"."""
    site = game.game_type.site
    return (
        f"{site.title} · {site.describe_config(game.config)} · {time_per_move(game.move_deadline)}"
    )


def time_per_move(deadline: timedelta | None) -> str:
    """A game's clock in words: "2 days per move", "no deadline"."""
    if deadline is None:
        return _("no deadline")
    days = deadline.days
    return ngettext("%(n)d day per move", "%(n)d days per move", days) % {"n": days}


def ordinal(place: int) -> str:
    """A finishing place as an ordinal: "1st", "2nd", "3rd", "4th", "11th", "21st"."""
    if place == 1:
        # Translators: French says the place, feminine: "1re".
        return pgettext("finishing place", "1st")
    if place % 100 in (11, 12, 13):
        return pgettext("finishing place 11, 12, 13", "%(place)dth") % {"place": place}
    patterns = {
        1: pgettext("finishing place ending in 1", "%(place)dst"),
        2: pgettext("finishing place ending in 2", "%(place)dnd"),
        3: pgettext("finishing place ending in 3", "%(place)drd"),
    }
    pattern = patterns.get(place % 10) or pgettext("finishing place", "%(place)dth")
    return pattern % {"place": place}


def place_words(place: Place) -> str:
    """Where a player finished, in words: "2nd of 3", "1st of 3 (tie)", "1st of 2 teams"."""
    values = {"place": ordinal(place.place), "players": place.players}
    if place.teams:
        if place.shared:
            return _("%(place)s of %(players)d teams (tie)") % values
        return _("%(place)s of %(players)d teams") % values
    if place.shared:
        return _("%(place)s of %(players)d (tie)") % values
    return _("%(place)s of %(players)d") % values


def reason_text(reason: str) -> str:
    """Why the system made a recorded move for a player, in brackets."""
    return {
        "standing-order": _("(standing order)"),
        "deadline": _("(time was up)"),
        "bot": _("(played by a bot for an absent player)"),
        "resigned": _("(played by a bot: the player resigned)"),
        "withdrawn": _("(played by a bot: the player is out of the tournament)"),
        "others-resigned": _("(played by a bot: every other player resigned)"),
    }.get(reason, f"({reason})")


def refusal(error: IllegalAction, words: Callable[[object], str] | None = None) -> str:
    """Why a move was refused, in the reader's language: what was wrong, then the broken
    rule. ``words`` says one of the message's values (a card named by its notation) in
    the reader's language; without it they are said as they are (numbers)."""
    why, statement = refused_in_words(error, words)
    if why is None or _says(statement, why):
        # A detail the catalogues do not have yet, or one the rule already says ("the game
        # is over" beside "The game is over: nothing more…"): the rule alone.
        # Translators: the rule is a whole sentence, its first letter a capital, which
        # French does not put after a colon: "Coup refusé. Ce coup …".
        return _("Not allowed: %(rule)s") % {"rule": statement}
    return _("Not allowed: %(why)s (%(rule)s)") % {"why": why, "rule": statement}


def _says(statement: str, why: str) -> bool:
    """Whether ``statement`` holds ``why`` word for word, whatever their case.

    >>> _says("The game is over: nothing more can be played.", "the game is over")
    True
    >>> _says("You play only cards you hold.", "you hold no +4")
    False
    """
    return why.casefold() in statement.casefold()


def refused_in_words(
    error: IllegalAction, words: Callable[[object], str] | None = None
) -> tuple[str | None, str]:
    """What was wrong with a refused move and the rule it broke, each in the reader's
    language (``words`` as for :func:`refusal`); what was wrong is None where the reader
    does not read English and the catalogues do not have that detail yet."""
    statement = _(error.statement)
    why = _in_catalogue(error.template)
    if why is None:
        return None, statement
    if error.values:
        said = words or str
        why = why % {name: said(value) for name, value in error.values.items()}
    return why, statement


def unreadable_in_words(error: NotationError) -> str:
    """What is wrong with a move that cannot be read, in the reader's language: the
    engine's words, through the catalogues; where they lack them and the reader does not
    read English, that the move cannot be read (the notation's help says how to write it)."""
    return _worded(error) or _("This move cannot be read in the game's notation.")


def refused_options_in_words(error: ConfigError) -> str:
    """Why the rules refuse a new game's options, in the reader's language, as
    :func:`unreadable_in_words` says a move that cannot be read; where the catalogues lack
    the engine's words and the reader does not read English, that the rules refuse them."""
    return _worded(error) or _("The rules of the game do not allow these options.")


def _worded(error: WordedError) -> str | None:
    """An engine's worded error in the reader's language (its values filled in); None where
    the reader does not read English and the catalogues do not have it yet."""
    why = _in_catalogue(error.template)
    if why is None:
        return None
    return why % error.values if error.values else why


def _in_catalogue(template: str) -> str | None:
    """An engine's ``template`` in the reader's language; None where the reader does not
    read English and the catalogues do not have it yet."""
    said = _(template)
    if said == template and not (translation.get_language() or "en").startswith("en"):
        return None
    return said
