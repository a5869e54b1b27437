"""Every rule an action can break, by identifier, in one sentence each.

:class:`~games.engine.maya.errors.IllegalAction` names one of these; ``docs/rules-maya.md``
explains each (with the rule book's French passage and the reason for any decision), and
``tests/engine/maya/test_rulebook.py`` checks that every identifier is documented there,
enforced by the engine and exercised by a test.
"""

from games.engine.ruleset import gettext_noop

RULES: dict[str, str] = {
    # Who may act, and when.
    "maya.game-over": gettext_noop("The game is over: nothing more can be played."),
    "maya.seat": gettext_noop("Only the game's seats (and chance, for shuffles) act."),
    "maya.phase": gettext_noop("That action belongs to another moment of the game."),
    "maya.turn": gettext_noop("Players act in turn, in the current direction of play."),
    # Chance.
    "maya.deal": gettext_noop(
        "The deal is one shuffle of the 69 cards; in games of the first rules edition a "
        "Joker turned up names the starting count (from -5 to 5, not 0), any other card "
        "names none; from the second edition the deal names none."
    ),
    "maya.start": gettext_noop(
        "When the deal turns up a Joker, the dealer chooses the starting count: from -5 to "
        "5, not 0."
    ),
    "maya.mix": gettext_noop("The secret-number tokens are mixed once: one order of all 20."),
    "maya.shuffle": gettext_noop(
        "An exhausted draw pile is remade from one shuffle of exactly the discard pile."
    ),
    # Playing cards.
    "maya.hand": gettext_noop("You play only cards you hold."),
    "maya.joker": gettext_noop(
        "A Joker (Jaguar) counts as any of -5 to -1 or +1 to +5; no other card names a value."
    ),
    "maya.one-card": gettext_noop(
        "You play one card a turn; only a Temple of Zero lets you play another at once (and, "
        "in a two-player game of the first rules edition, a Skip)."
    ),
    "maya.skip": gettext_noop(
        "In a two-player game of the first rules edition, after a Skip you play a second "
        "card at once, if you hold one."
    ),
    # The expert variant.
    "maya.expert": gettext_noop("Guessing a secret number is the expert variant's move."),
    "maya.guess-target": gettext_noop("You guess the secret number of an opponent."),
    "maya.guess-number": gettext_noop("Secret numbers go from 1 to 10."),
    "maya.guess-once": gettext_noop(
        "Each secret token can be guessed once: after a wrong guess it is safe until replaced."
    ),
}
