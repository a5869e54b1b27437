"""Every rule an action can break, by identifier, in one sentence each.

:class:`~games.engine.nmbr9.errors.IllegalAction` names one of these; ``docs/rules-nmbr9.md``
explains each (with the rule book's French passage and the reason for any decision), and
``tests/engine/nmbr9/test_rulebook.py`` checks that every identifier is documented there,
enforced by the engine and exercised by a test.
"""

from games.engine.ruleset import gettext_noop

RULES: dict[str, str] = {
    # Who may act, and when.
    "nmbr9.game-over": gettext_noop("The game is over: nothing more can be placed."),
    "nmbr9.seat": gettext_noop("Only the game's seats (and chance, for the shuffle) act."),
    "nmbr9.phase": gettext_noop("That action belongs to another moment of the game."),
    "nmbr9.once": gettext_noop(
        "Each player places one tile per card turned, then waits for the others."
    ),
    # Chance.
    "nmbr9.shuffle": gettext_noop("The shuffle is one order of the 20 cards, two of each digit."),
    # Placing a tile.
    "nmbr9.wrong-digit": gettext_noop("You place a tile of the digit on the card turned up."),
    "nmbr9.orientation": gettext_noop(
        "A tile is turned by 0, 90, 180 or 270 degrees, number side up."
    ),
    "nmbr9.origin": gettext_noop(
        "Your first tile lies with the top-left corner of its box at 0,0, turned as you like."
    ),
    "nmbr9.support": gettext_noop(
        "A tile lies flat: every square on the table, or every square on a tile of the same "
        "level, none over a gap or a step."
    ),
    "nmbr9.two-tiles": gettext_noop(
        "A tile of level 1 or higher covers at least two tiles of the level just below."
    ),
    "nmbr9.touch": gettext_noop(
        "A tile shares an edge with a tile of its own level, unless it is the first tile of "
        "that level."
    ),
}
