"""Every rule an action can break, by identifier, in one sentence each.

:class:`~games.engine.objectifs.errors.IllegalAction` names one of these; the site's rules
page lists them, then ``docs/rules-objectifs.md`` explains each rule (with the rule book's
French passage and the reason for any decision); ``docs/rules-objectifs-tests.md`` lists
them for developers, and ``tests/engine/objectifs/test_rulebook.py`` checks that every
identifier is listed there, enforced by the engine and exercised by a test.
"""

from games.engine.ruleset import gettext_noop

RULES: dict[str, str] = {
    # Who may act, and when.
    "game.over": gettext_noop("The game is over: nothing more can be played."),
    "game.seat": gettext_noop("Only the game's seats (and chance, for the deals) act."),
    "game.phase": gettext_noop("That action belongs to another moment of the game."),
    "turn.not-yours": gettext_noop(
        "Only the player whose turn it is acts; anyone may lay a Facteur X out of turn."
    ),
    "hand.has-cards": gettext_noop("You can only lay cards you hold."),
    "row.has-cards": gettext_noop("A malus card you use lies in front of the player you name."),
    "hand.last-classic": gettext_noop(
        "Your last card in hand is always a classic card: a move leaves you no lone special "
        "card, and empties your hand only by laying a classic card from it."
    ),
    # Chance and the set-up.
    "chance.deck": gettext_noop(
        "Each round's deal is one shuffle of exactly the 91 playing cards (and of the 10 "
        "Objective cards when the table plays with them)."
    ),
    "setup.lay": gettext_noop(
        "At the start of a round each player lays exactly two cards of their hand face up "
        "as their malus cards, once."
    ),
    # Plis.
    "pli.same-value": gettext_noop(
        "A pli is made of classic cards of one value; X-Jokers take that value."
    ),
    "pli.joker-value": gettext_noop(
        "X-Jokers laid without a classic card name their value, from -2 to Infinity; "
        "with classic cards they take theirs."
    ),
    "pli.action-card": gettext_noop(
        "Echange and Malus + are played as themselves, one a move, never inside a pli."
    ),
    "pli.num-x": gettext_noop("Num-X is laid alone, on a pli, and ends the trick at once."),
    "pli.higher": gettext_noop("A pli of as many cards as the pli on top has a higher value."),
    "pli.count": gettext_noop(
        "A pli has as many cards as the pli on top, or one more of any value (they fuse "
        "when the value is the same), or more still of a higher value (Facteur X); a lone "
        "X-Joker may go lower on a single card."
    ),
    "pli.open": gettext_noop(
        "On an empty centre the player to act opens a trick if they can; only a player "
        "who cannot may pass."
    ),
    "facteur.shape": gettext_noop(
        "Out of turn, only a Facteur X: more cards, and of a higher value, than the pli on top."
    ),
    "facteur.alone": gettext_noop("A Facteur X is a pli alone, without Echange or Malus +."),
    # Drawing.
    "draw.empty": gettext_noop("There is nothing to draw once the draw pile is empty."),
    "draw.own": gettext_noop("You may draw another player's malus card, never one of your own."),
    # Echange and Malus +.
    "action.target": gettext_noop(
        "Echange swaps malus cards with another player, or turns everyone's to the right "
        "or the left; Malus + targets one player or all of them."
    ),
    # The end of a trick.
    "replace.due": gettext_noop(
        "Only a player short of malus cards completes them, once, when a trick ends."
    ),
    "replace.count": gettext_noop(
        "A player completes their malus cards up to two (as far as their hand and the pile "
        "allow), each one from the hand or drawn from the pile."
    ),
}
