"""Every rule an action can break, by identifier, in one sentence each.

:class:`~games.engine.numx.errors.IllegalAction` names one of these; ``docs/rules.md`` explains
each (with the rule book's passage and the reason for any decision), and a test checks that
every identifier here is documented there and exercised by a test.
"""

from games.engine.ruleset import gettext_noop

RULES: dict[str, str] = {
    # Who may act, and when.
    "game.over": gettext_noop("The game is over: nothing more can be played."),
    "game.seat": gettext_noop("Only the game's seats (and chance, for the deal) act."),
    "game.phase": gettext_noop("That action belongs to another moment of the game."),
    "turn.not-yours": gettext_noop(
        "Only the player whose turn it is acts (a Rainbow completion excepted)."
    ),
    "turn.waiting": gettext_noop(
        "Another decision must be made first (a drawn card, a Malus, a distribution)."
    ),
    "hand.has-cards": gettext_noop("You can only lay cards you hold."),
    # Chance.
    "chance.deck": gettext_noop(
        "The deal is one shuffle of exactly the cards this game is played with."
    ),
    "chance.pile": gettext_noop(
        "The round-2 pile is one shuffle of exactly the draw pile and recovered cards."
    ),
    # Opening pick and X-Game round 2.
    "pick.once": gettext_noop("Each player secretly lays one card of their hand, once."),
    "between.once": gettext_noop(
        "Between X-Game rounds each player chooses once: refill or reset."
    ),
    # Plis.
    "pli.action-card": gettext_noop("Action cards are played as Actions, never inside a pli."),
    "pli.same-value": gettext_noop("A pli is made of cards of the same value."),
    "pli.joker-value": gettext_noop("A pli of Jokers only names its value, from 0 to 16."),
    "pli.opening-size": gettext_noop("The first pli of a trick has 1, 2 or 3 cards."),
    "pli.opening-triple": gettext_noop("A first pli of three cards holds a Rainbow or a Shadow."),
    "pli.triple": gettext_noop(
        "At this table every pli of three cards holds a Rainbow or a Shadow."
    ),
    "pli.higher": gettext_noop("A pli is higher than the previous one."),
    "pli.count": gettext_noop(
        "A pli has as many cards as the previous one: one more with a Rainbow, "
        "one fewer with a Shadow."
    ),
    "pli.cut": gettext_noop(
        "Infinity cuts a classic pli, Num-X cuts any pli; each is laid alone, on a pli."
    ),
    "pli.open": gettext_noop(
        "On an empty centre the player to act opens a trick if they can; "
        "passing is only for a player who cannot."
    ),
    "bonus.shadow": gettext_noop(
        "Only a pli holding a Shadow lets its player play an Action card at once."
    ),
    "complete.rainbow": gettext_noop(
        "Only the Rainbow of the top classic pli's value completes it."
    ),
    "complete.own": gettext_noop("A player does not complete the pli they laid themselves."),
    "block.blocked": gettext_noop(
        "A blocked player passes their next turn of the trick, unless they lay Num-X."
    ),
    "draw.empty": gettext_noop("There is nothing to draw once the draw pile is empty."),
    "draw.play": gettext_noop("A drawn card that can be played must be played at once."),
    "take.visible": gettext_noop("Only a visible card of your own score row can be taken back."),
    "take.play": gettext_noop("A taken-back card is played at once, in the same move."),
    "take.open": gettext_noop(
        "A trick opens with a card of your hand: a taken-back card opens one only "
        "with cards of your hand."
    ),
    # Action cards.
    "action.none": gettext_noop("This game is played without Action cards (Family mode)."),
    "action.target": gettext_noop(
        "An Action card targets a seat of the game (or all, as the card allows)."
    ),
    "action.effect": gettext_noop("An Action card is played only where it changes something."),
    "action.locked": gettext_noop(
        "Action cards of other players cannot touch a score row under Quantum."
    ),
    "eclair.opponent": gettext_noop("Eclair swaps with an opponent, one existing score card each."),
    "block.between": gettext_noop(
        "'Between' (the players between you and your partner) needs teams."
    ),
    "malus.opponent": gettext_noop(
        "A Malus is aimed at opponents: never at its player, nor at a partner."
    ),
    "malus.resolve": gettext_noop(
        "A Malus target discards, removes and places exactly what it asks."
    ),
    # Distribution.
    "distribution.cards": gettext_noop("The winner hands out only eligible cards, each once."),
    "distribution.minimum": gettext_noop(
        "The winner hands out at least half of the eligible cards (rounded up)."
    ),
    "distribution.cap": gettext_noop(
        "With more than one eligible card, nobody receives more than half (rounded down)."
    ),
    "distribution.locked": gettext_noop(
        "A score row under Quantum receives nothing at the end of the trick."
    ),
    "distribution.blank": gettext_noop(
        "After a blank trick, exactly one card of the trick is handed out."
    ),
}
