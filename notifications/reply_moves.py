"""The moves a "your turn" email offers, and reading the move a reply names.

Every listed legal move is shown in the game's notation (moves that do the same at the
table once, in the order the adapter's :class:`games.rulesets.site.MailMoves` gives, if it
has one; at most :data:`LISTED_AT_MOST` of them); the most likely ones
also get a letter (reply ``B`` to play the second). Which ones: the adapter's
:class:`games.rulesets.site.LikelyMoves` if it has one, else the game's pass first (when
legal) and then the others in the engine's order. Letters depend only on the state and the
seat, so a reply is read against the very letters its email showed: those of the state at
the sequence in the reply's token.

When the seat's moves are too many to list (a NUM-X distribution, an NMBR 9 placement) no
letters are offered: the email says what the choice is, how the game writes a move (with
what the adapter's :class:`games.rulesets.site.ChoiceHelp` adds: a NUM-X distribution's
cards and an example, an NMBR 9 player's tiles drawn in text), and points to the table.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import gettext_noop

from games.descriptions import and_list
from games.engine.ruleset import NotationError
from games.events import store
from games.models import Game
from games.moves import Move, legal_moves, seat_names
from games.registry import game_type
from games.rulesets.site import ChoiceHelp, LikelyMoves, MailMoves
from games.selectors import game_view

LETTERS = "ABCDEFGH"
#: The mails write negative numbers with the typographic minus sign (U+2212), which a
#: player may copy into a reply, or type as "-".
MINUS = str.maketrans({"\u2212": "-"})
#: At most this many moves are listed in an email (NUM-X may allow a few dozen); the rest
#: are on the table.
LISTED_AT_MOST = 40
#: Thanks or a "please" after the move on its line ("poser 8, merci !", "pick red 8,
#: thanks"): no move's words end so, so the move is what comes before them.
THANKS = re.compile(
    r"(?<=\S)[\s,;]+(?:thanks?(?: you)?(?: (?:a lot|very much))?|many thanks|thx|cheers|please"
    r"|merci(?: beaucoup| bien)?|s['’]il (?:te|vous) pla[iî]t|stp|svp)[\s.!]*$",
    re.IGNORECASE,
)
#: A choice said as a sentence, before a letter alone ("I choose B", "Je choisis B"):
#: only before one letter, since a move's own words may begin so.
CHOOSING = re.compile(
    r"^(?:i\s*['’]?ll\s+take|i\s+(?:choose|pick|take|go\s+(?:for|with))"
    r"|je\s+(?:choisis|prends|joue))\s+(?=\(?[a-z]\)?[.!]*$)",
    re.IGNORECASE,
)
#: What follows a letter when the reply names more than one ("B or C?", "B ou C ?",
#: "B, C", "B / C"): other letters alone, joined by "or", "and", a comma or a slash.
MORE_LETTERS = re.compile(
    r"^(?:\s*(?:,|/|\bor\b|\bou\b|\band\b|\bet\b)\s*\(?[a-z]\)?)+[\s.!?]*$", re.IGNORECASE
)
#: A reply that gives up the game, as players write it (read after :func:`_words`: no
#: case, no accents): no game's notation begins so.
RESIGNING = re.compile(
    r"^(?:i\s*(?:['’]?m|am)?\s*)?"
    r"(?:resign(?:s|ing)?|giv(?:e|ing)\s+up|quit(?:ting)?|forfeit(?:ing)?|conced(?:e|ing))\b"
    r"|^(?:je\s+|j['’]\s*)(?:(?:veux|vais|voudrais|prefere)\s+)?"
    r"(?:abandon|declare\s+forfait|jette\s+l['’]\s*eponge)"
    r"|^(?:abandon|forfait)",
)
#: A reply names a move by the beginning of its words with at least this many words: a
#: shorter one ("draw") is a notation or a word that begins several moves.
SAID_SHORTER = 3


@dataclass(frozen=True)
class ReplyMoves:
    """What a seat may answer: ``lettered`` (letter, move) pairs, every listed move, and
    the unlisted choice (``pending``) when the moves cannot be listed."""

    sequence: int
    lettered: tuple[tuple[str, Move], ...] = ()
    listed: tuple[Move, ...] = ()
    pending: dict[str, Any] | None = None
    notation_help: str = ""
    #: How to write the unlisted choice, beyond the notation: the adapter's ChoiceHelp.
    choice_help: str = ""
    letters: dict[str, Move] = field(default_factory=dict)

    @property
    def unlettered(self) -> tuple[Move, ...]:
        lettered = {move.notation for _letter, move in self.lettered}
        return tuple(move for move in self.listed if move.notation not in lettered)

    @property
    def shown(self) -> tuple[Move, ...]:
        """The unlettered moves the email lists (at most :data:`LISTED_AT_MOST` in all)."""
        return self.unlettered[: max(0, LISTED_AT_MOST - len(self.lettered))]

    @property
    def not_shown(self) -> int:
        return len(self.unlettered) - len(self.shown)

    def greets_only(self, line: str) -> bool:
        """Whether ``line``, above a reply's move, holds nothing a move may be read in: no
        letter offered standing alone, no number, no first word of a listed move's
        notation or words. "Bonjour à tous !" does; "Hi all, B", "Hello Anna, pass" and
        "Salut, je joue C" do not: the player wrote their move there, and a reply read from
        the line below it would play another.

        >>> passing = Move("pass", {}, "passer")
        >>> moves = ReplyMoves(1, listed=(passing,), letters={"A": passing})
        >>> lines = ("Bonjour à tous !", "Hi all, A", "Hello Anna, pass", "Hi, 8")
        >>> [moves.greets_only(line) for line in lines]
        [True, False, False, False]
        """
        starts = {
            _words(text).split()[0]
            for move in self.listed
            for text in (move.notation, move.description)
            if text.strip()
        }
        for word in line.split():
            bare = word.strip(".,;:!?()«»\"'’")
            if bare.upper() in self.letters or any(char.isdigit() for char in bare):
                return False
            if bare and _words(bare) in starts:
                return False
        return True

    def notation(self, line: str) -> str:
        """The notation a reply's first line names: a listed move's words as the email
        wrote them beside its notation (``choisir vert 4``, whatever the case, accents,
        spaces, minus sign or closing full stop), its whole line without the letter, or
        their beginning when it begins no other move's
        words, a letter offered (``b``, ``B.``, ``(B)``,
        ``B please``: a first word of one letter, which no notation begins with) or the
        line itself. Raises NotationError for a letter not offered.

        >>> moves = ReplyMoves(1, letters={"A": Move("pass", {"type": "pass"}, "passes")})
        >>> moves.notation("a."), moves.notation("A thanks!"), moves.notation(" play red-3 ")
        ('pass', 'pass', 'play red-3')
        >>> moves.notation("A\u00a0!"), moves.notation("")
        ('pass', '')
        >>> moves.notation("A or B?")
        Traceback (most recent call last):
        games.engine.ruleset.NotationError: it names more than one move
        >>> ReplyMoves(1, listed=(Move("pass", {"type": "pass"}, "passer"),)).notation(
        ...     "pass\u00a0: passer"
        ... )
        'pass'

        >>> ReplyMoves(1, listed=(Move("draw", {"type": "draw"}, "draw a card"),)).notation(
        ...     "Draw a card."
        ... )
        'draw'
        >>> ReplyMoves(1, listed=(Move("lay 3 4", {}, "lay 3 and 4 as malus cards"),)).notation(
        ...     "lay 3 and 4"
        ... )
        'lay 3 4'
        >>> ReplyMoves(1, listed=(Move("play r3 r5", {}, "lay red 3 and red 5"),)).notation(
        ...     "lay red 3"
        ... )
        'lay red 3'
        """
        text = _unadorned(line.strip())
        words = _words(text)
        # Its whole line copied without the letter ("pick red-8: pick red 8"), whether or
        # not a space comes before a colon, as French puts one.
        copied = words.replace(" :", ":")
        described = [
            move
            for move in self.listed
            if words == _words(move.description)
            or copied == _words(f"{move.notation}: {move.description}").replace(" :", ":")
        ]
        if not described and len(words.split()) >= SAID_SHORTER:
            # Said shorter, as one says it ("poser 3 et 4" for "poser 3 et 4 en cartes
            # Malus"): the only move whose words go on from there with more words. Not
            # after a comma, which adds a second move ("…, puis jouer Echange"), nor with
            # "and", which adds cards to a list: "lay red 3" is not "lay red 3 and red 5".
            more = f"{words} {_words(and_list(['', '']))} "
            described = [
                move
                for move in self.listed
                if _words(move.description).startswith(words + " ")
                and not _words(move.description).startswith(more)
            ]
        if len(described) == 1:
            return described[0].notation
        # Any space ends the first word: French typing puts a no-break one before "!".
        first, _space, rest = " ".join(text.split()).partition(" ")
        letter = first.strip("().:-*>,!")
        if len(letter) == 1 and letter.isalpha():
            after = first[first.index(letter) + 1 :].lstrip(").:-*>!")
            if MORE_LETTERS.match(f"{after} {rest}"):
                raise NotationError(gettext_noop("it names more than one move"))
            if letter.upper() in self.letters:
                return self.letters[letter.upper()].notation
            raise NotationError(
                gettext_noop("no move has the letter %(letter)s"), letter=letter.upper()
            )
        return text


def says_resign(line: str) -> bool:
    """Whether a reply's first line gives up the game ("I resign", "J'abandonne", "je
    déclare forfait"), which a reply cannot do: the site asks first.

    >>> lines = ("I resign.", "I'm quitting", "Je déclare forfait", "pass", "Quitte à perdre, B")
    >>> [says_resign(line) for line in lines]
    [True, True, True, False, False]
    """
    return RESIGNING.match(_words(line)) is not None


def _unadorned(text: str) -> str:
    """A reply's line without the thanks after its move and the "I choose" before its
    letter (:data:`THANKS`, :data:`CHOOSING`).

    >>> _unadorned("poser 8, merci\u00a0!"), _unadorned("I choose B"), _unadorned("I choose B or C")
    ('poser 8', 'B', 'I choose B or C')
    """
    while (stripped := THANKS.sub("", text)) != text:
        text = stripped
    return CHOOSING.sub("", text)


def _words(text: str) -> str:
    """A move's words as a reply may write them: any case, accents (a keyboard without
    them writes "completer" for "compléter"), spacing (a French mail's no-break spaces
    too), minus sign and closing full stop.

    >>> _words("Compléter  les cartes\u00a0Malus avec \u22122.")
    'completer les cartes malus avec -2'
    """
    decomposed = unicodedata.normalize("NFD", text.translate(MINUS).casefold())
    bare = "".join(char for char in decomposed if not unicodedata.combining(char))
    return " ".join(bare.split()).rstrip(".!")


def reply_moves(game: Game, seat: int, loaded: store.StateAt | None = None) -> ReplyMoves:
    """The moves ``seat`` may answer with in ``game`` now (or in the state ``loaded``),
    lettered as emails show them."""
    loaded = loaded or store.load(game.pk, game.rules)
    moves = legal_moves(game, seat, loaded)
    site = game_type(game.rules).site
    help_text = str(site.api.notation_help)
    if not moves.listed:
        choice = ""
        if moves.pending and isinstance(site, ChoiceHelp):
            choice = site.choice_help(game_view(game, seat, loaded), seat_names(game))
        return ReplyMoves(
            loaded.sequence, pending=moves.pending, notation_help=help_text, choice_help=choice
        )
    listed = list(moves.listed)
    # The adapter's own choices read the seat's view: drawn once for both, and only for them.
    view = game_view(game, seat, loaded) if isinstance(site, MailMoves | LikelyMoves) else {}
    if isinstance(site, MailMoves):
        # Moves that do the same as another are listed once (they stay legal).
        listed = list(site.mail_moves(listed, view))
    likely = _likely(game, listed, view)
    lettered = tuple(zip(LETTERS, likely, strict=False))
    return ReplyMoves(
        loaded.sequence,
        lettered=lettered,
        listed=tuple(listed),
        notation_help=help_text,
        letters=dict(lettered),
    )


def _likely(game: Game, moves: list[Move], view: Mapping[str, Any]) -> list[Move]:
    site = game_type(game.rules).site
    if isinstance(site, LikelyMoves):
        chosen = list(site.likely_moves(moves, view))
    else:
        chosen = pass_first(moves, game.game_type.rules.pass_notation)
    return chosen[: len(LETTERS)]


def pass_first(moves: list[Move], passing: str | None) -> list[Move]:
    """The letters of a game whose adapter does not choose them: its pass first (written
    ``passing``; None: the game has none), then the moves in the engine's order.

    >>> moves = [Move(n, {"type": n.split()[0]}, "") for n in ("play 3", "draw", "pass")]
    >>> [move.notation for move in pass_first(moves, "pass")]
    ['pass', 'play 3', 'draw']
    >>> [move.notation for move in pass_first(moves, None)]
    ['play 3', 'draw', 'pass']
    """
    return sorted(moves, key=lambda move: move.notation != passing)
