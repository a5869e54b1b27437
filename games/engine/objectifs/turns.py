"""The play phase: laying plis (on one's turn, or out of turn as a Facteur X), Echange and
Malus +, drawing, passing, and when a trick ends.

*Les joueurs jouent à tour de rôle dans le sens défini et peuvent exécuter une seule action
parmi : jouer une ou plusieurs cartes spéciales et/ou se défausser d'une ou plusieurs cartes
classiques ; passer son tour ; piocher une carte de la pioche ou des cartes Malus du plateau
(sauf les siennes).* Play goes round in seat order; a trick ends when play comes back to
the player who laid the pli on top, everyone else having let it stand (*Si un pli ne peut
être recouvert, le dernier joueur ayant posé des cartes démarre un nouveau pli*).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from itertools import chain, combinations, islice, product

from games.engine.climbing import replace_at
from games.engine.objectifs.actions import (
    ALL,
    HAND,
    Action,
    CardAction,
    Direction,
    Draw,
    Echange,
    Lay,
    MalusPlus,
    Pass,
    Play,
    RowCard,
)
from games.engine.objectifs.cards import Card, Kind, classic
from games.engine.objectifs.errors import IllegalAction, Writings
from games.engine.objectifs.plis import ends_trick, fuses, pli_value, plis, refusal
from games.engine.objectifs.rounds import end_round, end_trick, remove, shed
from games.engine.objectifs.state import (
    NOBODY,
    Drawn,
    Ending,
    ObjectifsState,
    Phase,
    Pli,
    RoundEnd,
    Trick,
)
from games.engine.ruleset import gettext_noop


def act(state: ObjectifsState, seat: int, action: Action) -> ObjectifsState:
    """``seat``'s move in the play phase."""
    if isinstance(action, Play):
        return lay_pli(state, seat, action)
    if isinstance(action, Lay):
        # "lay 8 8": the mails describe a pli as laying its cards.
        pli = Play(action.cards)
        raise IllegalAction(
            "game.phase",
            gettext_noop("the malus cards are laid; a pli is written “%(move)s”"),
            move=str(pli),
        )
    if not isinstance(action, (Pass, Draw, Echange, MalusPlus)):
        raise IllegalAction("game.phase", "the round is being played")
    if seat != state.turn:
        raise IllegalAction("turn.not-yours", "it is seat %(seat)s's turn", seat=state.turn)
    if isinstance(action, Pass):
        return _pass(state, seat)
    if isinstance(action, Draw):
        return _draw(state, seat, action)
    return _card_action(state, seat, action)


def lay_pli(state: ObjectifsState, seat: int, play: Play) -> ObjectifsState:
    """Lay ``play``: on one's turn, or out of turn as a Facteur X."""
    in_turn = seat == state.turn
    top = state.trick.top
    if not in_turn and play.action is not None:
        raise IllegalAction("facteur.alone", "a Facteur X carries no Echange or Malus +")
    try:
        hand, rows = take(state, seat, play.hand, play.rows)
    except IllegalAction as error:
        raise _written_from_the_table(state, seat, play) or error from None
    cards = play.cards
    value = pli_value(cards, play.value)
    if value is None:
        if play.action is not None:
            raise IllegalAction("pli.num-x", "Num-X is laid alone")
        if not in_turn:
            raise IllegalAction("facteur.shape", "Num-X is laid on one's own turn")
        if top is None:
            raise IllegalAction("pli.num-x", "Num-X is laid on a pli: there is none yet")
    else:
        lone = len(cards) == 1 and cards[0].kind is Kind.JOKER
        rule = refusal(len(cards), value, lone, top, in_turn)
        if rule is not None:
            message, values = _message(rule, len(cards), value, top)
            raise IllegalAction(rule, message, **values)
    laid = list(play.hand)
    if play.action is not None:
        hand, rows = _take_action(seat, play.action, hand, rows)
        if play.action.row == HAND:
            laid.append(play.action.card)
    check_last(hand, laid)
    if top is not None and fuses(len(cards), value, top, in_turn):
        pli = Pli(seat, (*top.cards, *cards), value, fused=True)
        stack = (*state.trick.plis[:-1], pli)
    else:
        pli = Pli(seat, cards, value, out_of_turn=not in_turn)
        stack = (*state.trick.plis, pli)
    state = state._replace(
        hands=replace_at(state.hands, seat, hand),
        rows=rows,
        trick=Trick(stack, seat),
        turn=(seat + 1) % state.players,
    )
    if play.action is not None:
        state = carry_out(state, seat, play.action)
    state = _done(state, seat)
    if _going_on(state) and ends_trick(pli, state.config.infinity_four):
        return end_trick(state, seat)
    return state


def _message(rule: str, count: int, value: int, top: Pli | None) -> tuple[str, dict[str, object]]:
    """What is wrong with laying ``count`` cards of ``value`` on ``top``: a refusal's
    message and its values."""
    if top is None or top.value is None:
        return gettext_noop("there is no pli to cover yet"), {}
    # "2 × 7": as many cards of a value, which reads the same for one card or more.
    values: dict[str, object] = {
        "count": count,
        "value": classic(value),
        "top_count": len(top.cards),
        "top": classic(top.value),
    }
    if rule == "pli.higher":
        message = gettext_noop(
            "%(value)s is not higher than the pli on top, %(top_count)s × %(top)s"
        )
    elif rule == "facteur.shape":
        message = gettext_noop(
            "out of turn, lay more cards than the pli on top, %(top_count)s × %(top)s, "
            "and of a higher value"
        )
    else:
        message = gettext_noop("%(count)s × %(value)s does not cover %(top_count)s × %(top)s")
    return message, values


def take(
    state: ObjectifsState, seat: int, hand_cards: Sequence[Card], row_cards: Sequence[RowCard]
) -> tuple[tuple[Card, ...], tuple[tuple[Card, ...], ...]]:
    """``seat``'s hand and everyone's malus cards once ``hand_cards`` and ``row_cards``
    are taken from them (:class:`IllegalAction` for a card that is not there)."""
    hand = remove(state.hands[seat], hand_cards)
    rows = state.rows
    for taken in row_cards:
        rows = replace_at(rows, taken.seat, _from_row(rows, taken.seat, taken.card))
    return hand, rows


#: At most this many ways of writing a pli a refusal offers.
WRITINGS_AT_MOST = 4


def _written_from_the_table(state: ObjectifsState, seat: int, play: Play) -> IllegalAction | None:
    """The refusal of a pli that takes more copies of a card from the hand than it holds,
    while the others lie among the malus cards ("play 9 9", one 9 in hand and one in front
    of seat 1): it says what the hand holds and writes the pli with those copies taken from
    the table, each way they may be ("play 9 9@1"). Whose malus cards give a card changes
    the game, so a bare card is never guessed to come from the table. None when the hand
    is not short, or when the table too lacks the copies."""
    held = Counter(state.hands[seat])
    missing = Counter(play.hand) - held
    if not missing:
        return None
    named = Counter(play.rows)
    choices: list[list[tuple[RowCard, ...]]] = []
    for card, count in sorted(missing.items()):
        seats = [
            owner
            for owner, row in enumerate(state.rows)
            for _copy in range(row.count(card) - named[RowCard(owner, card)])
        ]
        ways = list(dict.fromkeys(combinations(seats, count)))
        if not ways:
            return None
        choices.append([tuple(RowCard(owner, card) for owner in way) for way in ways])
    kept = tuple((Counter(play.hand) - missing).elements())
    writings = Writings(
        str(Play(kept, (*play.rows, *chain.from_iterable(taken)), play.value, play.action))
        for taken in islice(product(*choices), WRITINGS_AT_MOST)
    )
    card = min(missing)
    if held[card]:
        return IllegalAction(
            "hand.has-cards",
            "your hand holds only %(count)s × %(card)s; a malus card is written with @ and "
            "the seat it lies in front of: %(moves)s",
            count=held[card],
            card=card,
            moves=writings,
        )
    return IllegalAction(
        "hand.has-cards",
        "there is no %(card)s in your hand; a malus card is written with @ and the seat it "
        "lies in front of: %(moves)s",
        card=card,
        moves=writings,
    )


def _from_row(rows: tuple[tuple[Card, ...], ...], owner: int, card: Card) -> tuple[Card, ...]:
    if not 0 <= owner < len(rows) or card not in rows[owner]:
        raise IllegalAction(
            "row.has-cards",
            "no %(card)s lies among seat %(seat)s's malus cards",
            card=card,
            seat=owner,
        )
    row = list(rows[owner])
    row.remove(card)
    return tuple(row)


def _take_action(
    seat: int,
    action: CardAction,
    hand: tuple[Card, ...],
    rows: tuple[tuple[Card, ...], ...],
) -> tuple[tuple[Card, ...], tuple[tuple[Card, ...], ...]]:
    """Take the Echange or Malus + card ``action`` plays from where it says, and check its
    target."""
    check_target(seat, action, len(rows))
    if action.row == HAND:
        return remove(hand, (action.card,)), rows
    return hand, replace_at(rows, action.row, _from_row(rows, action.row, action.card))


def check_target(seat: int, action: CardAction, players: int) -> None:
    """:class:`IllegalAction` unless ``action`` names its targets as its card allows: an
    Echange another player, or every player with a direction; a Malus + any player, or
    every player."""
    target = action.target
    if target != ALL and not (isinstance(target, int) and 0 <= target < players):
        raise IllegalAction("action.target", "there is no seat %(seat)s", seat=target)
    if isinstance(action, Echange):
        if target == ALL and action.direction is None:
            raise IllegalAction("action.target", "say which way: echange all right, or left")
        if target != ALL and action.direction is not None:
            raise IllegalAction(
                "action.target", "an Echange with one player is a plain swap, with no direction"
            )
        if target == seat:
            raise IllegalAction("action.target", "swap your malus cards with another player")


def check_last(hand: Sequence[Card], laid: Sequence[Card]) -> None:
    """*La dernière carte en main d'un joueur doit toujours être une carte classique*: a move
    that lays ``laid`` from the hand, leaving ``hand``, leaves no lone special card and
    empties the hand only by laying a classic card from it."""
    if len(hand) == 1 and hand[0].is_special:
        raise IllegalAction(
            "hand.last-classic", "you would be left with a lone %(card)s", card=hand[0]
        )
    if not hand and laid and not any(card.is_classic for card in laid):
        raise IllegalAction("hand.last-classic", "your last card laid is a classic card")


def _done(state: ObjectifsState, seat: int) -> ObjectifsState:
    """``seat``'s move is carried out: if its hand is the first to have run out this round,
    remember it (*Se défausser en premier*); if a player has shed hand and malus cards, the
    round stops at once."""
    if not state.hands[seat] and state.first_out == NOBODY:
        state = state._replace(first_out=seat)
    shedder = shed(state)
    if shedder is not None:
        return end_round(state, Ending(RoundEnd.SHED, shedder))
    return state


def carry_out(state: ObjectifsState, seat: int, action: CardAction) -> ObjectifsState:
    """The effect of ``seat``'s Echange or Malus + (its card already taken), which then
    goes to the discard."""
    state = state._replace(discard=(*state.discard, action.card))
    players = state.players
    if isinstance(action, Echange):
        rows = state.rows
        if action.target == ALL:
            step = 1 if action.direction is Direction.RIGHT else -1
            turned = tuple(rows[(s - step) % players] for s in range(players))
            return state._replace(rows=turned)
        other = int(action.target)
        swapped = replace_at(replace_at(rows, seat, rows[other]), other, rows[seat])
        return state._replace(rows=swapped)
    targets = (
        [(seat + step) % players for step in range(players)]
        if action.target == ALL
        else [int(action.target)]
    )
    hands, malus, pile = list(state.hands), list(state.rows), state.pile
    drawn: list[Drawn] = []
    for target in targets:
        for count, to_row in ((action.card.hand, False), (action.card.row, True)):
            cards, pile = pile[:count], pile[count:]
            drawn += [Drawn(target, card, to_row) for card in cards]
            if to_row:
                malus[target] = (*malus[target], *cards)
            else:
                hands[target] = (*hands[target], *cards)
    return state._replace(hands=tuple(hands), rows=tuple(malus), pile=pile, drawn=tuple(drawn))


def _card_action(state: ObjectifsState, seat: int, action: CardAction) -> ObjectifsState:
    """An Echange or a Malus + played alone: it covers nothing."""
    hand, rows = _take_action(seat, action, state.hands[seat], state.rows)
    check_last(hand, (action.card,) if action.row == HAND else ())
    state = state._replace(
        hands=replace_at(state.hands, seat, hand),
        rows=rows,
        trick=state.trick._replace(idle=frozenset()),
    )
    return _after(_done(carry_out(state, seat, action), seat), seat)


def _pass(state: ObjectifsState, seat: int) -> ObjectifsState:
    trick = state.trick
    if trick.top is None:
        if can_open(state, seat):
            raise IllegalAction("pli.open", "open the trick: you can lay a first pli")
        idle = trick.idle | {seat}
        if len(idle) == state.players:
            return end_round(state, Ending(RoundEnd.STALEMATE, NOBODY))
        state = state._replace(trick=trick._replace(idle=idle))
    return advance(state, seat)


def _draw(state: ObjectifsState, seat: int, action: Draw) -> ObjectifsState:
    hands, rows, pile = state.hands, state.rows, state.pile
    if action.card is None:
        if not pile:
            raise IllegalAction("draw.empty", "the draw pile is empty")
        card, pile = pile[0], pile[1:]
        drawn: tuple[Drawn, ...] = (Drawn(seat, card, False),)
    else:
        if action.row == seat:
            raise IllegalAction("draw.own", "draw another player's malus card")
        card = action.card
        rows = replace_at(rows, action.row, _from_row(rows, action.row, card))
        drawn = ()
    state = state._replace(
        hands=replace_at(hands, seat, (*hands[seat], card)),
        rows=rows,
        pile=pile,
        drawn=drawn,
        trick=state.trick._replace(idle=frozenset()),
    )
    return _after(_done(state, seat), seat)


def _going_on(state: ObjectifsState) -> bool:
    """Whether the round goes on after a move (it did not stop the round at once)."""
    return state.phase is Phase.PLAY and state.ending is None


def _after(state: ObjectifsState, seat: int) -> ObjectifsState:
    """After a move that covers nothing: the next player's turn, unless the move ended the
    round."""
    return advance(state, seat) if _going_on(state) else state


def advance(state: ObjectifsState, seat: int) -> ObjectifsState:
    """``seat``'s turn is over: the next player's comes, unless it is the player who laid
    the pli on top, everyone else having let it stand: the trick is theirs."""
    following = (seat + 1) % state.players
    if following == state.trick.owner:
        return end_trick(state, following)
    return state._replace(turn=following)


def can_open(state: ObjectifsState, seat: int) -> bool:
    """Whether ``seat`` can lay a first pli, from its hand and every player's malus cards,
    without breaking the rule of the last card in hand."""
    hand = state.hands[seat]
    for play in plis(hand, state.rows, None, True):
        try:
            check_last(remove(hand, play.hand), play.hand)
        except IllegalAction:
            continue
        return True
    return False
