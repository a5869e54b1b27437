"""Every rule an action can break, by identifier, in one sentence each.

:class:`~games.engine.numenko.errors.IllegalAction` names one of these; ``docs/rules-numenko.md``
explains each (with the rule book's French passage and the reason for any decision), and
``tests/engine/numenko/test_rulebook.py`` checks that every identifier is documented there,
enforced by the engine and exercised by a test.
"""

from games.engine.ruleset import gettext_noop

RULES: dict[str, str] = {
    # Who may act, and when.
    "numenko.over": gettext_noop("The game is over: nothing more can be played."),
    "numenko.seat": gettext_noop(
        "Only the game's seats act (and chance, which deals and draws from the pot)."
    ),
    "numenko.phase": gettext_noop("That action belongs to another moment of the game."),
    "numenko.once": gettext_noop(
        "In a round each player makes one move, then waits for the others."
    ),
    # Chance.
    "numenko.deal": gettext_noop(
        "Each player is dealt 20 tiles from the pot (15 with five or six players) and a Freechoice."
    ),
    "numenko.draw": gettext_noop(
        "The requests of a round are served in an order drawn by chance, each from the pot "
        "as it stands then."
    ),
    # A move.
    "numenko.tiles": gettext_noop(
        "Your grid is made of your own tiles, each used once: those of your grid and of your hand."
    ),
    "numenko.exchange": gettext_noop(
        "You exchange a tile of your hand, not of your grid: it goes back into the pot and "
        "you draw two."
    ),
    "numenko.fini": gettext_noop(
        "You say fini, and draw four tiles, when every one of your tiles is in your grid."
    ),
    "numenko.all-placed": gettext_noop(
        "Once every one of your tiles is in your grid, you say fini."
    ),
    # The grid.
    "numenko.connected": gettext_noop(
        "Your grid is one piece: every tile reaches every other through tiles side by side."
    ),
    "numenko.lone-tile": gettext_noop(
        "Every tile is part of a calculation: a single tile is no grid."
    ),
    # A calculation: every line of two or more tiles side by side, across and down.
    "numenko.shape": gettext_noop(
        "A calculation is numbers and signs in turn, beginning and ending with a number."
    ),
    "numenko.one-equals": gettext_noop("A calculation has exactly one equals sign."),
    "numenko.operation": gettext_noop(
        "A calculation has at least one operation (+, -, ×, ÷) beside its equals sign."
    ),
    "numenko.leading-zero": gettext_noop("A number of several digits does not begin with 0."),
    "numenko.division": gettext_noop("A division falls exact, and never by zero."),
    "numenko.equal": gettext_noop(
        "Both sides of the equals sign are equal, each worked out from left to right."
    ),
}
