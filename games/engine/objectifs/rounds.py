"""Rounds: the deal, the set-up of the malus cards, who starts, the end of a trick and the
completion of the malus cards, the three ends of a round, its scoring, and the next round.

*A la fin de chaque tour, chaque joueur doit veiller à avoir toujours 2 cartes visibles
devant soi.* When a trick ends, every player short of malus cards completes them to two,
from the hand or from the pile, all of them at once (each completion is carried out as it
comes in). Then the book's three cases:

- *Si un joueur n'a plus de carte en mains à la fin d'un tour, les joueurs ayant encore des
  cartes en mains, complètent leurs cartes "malus" et on procède au décompte des points.*
- *Si lors d'un tour un joueur arrive à se débarrasser de toutes ses cartes, en mains et
  cartes "malus", la manche s'arrête immédiatement* (:func:`shed`, checked after every move).
- *Si la dernière carte d'un joueur, en fin de tour, est utilisée pour combler ses cartes
  "malus", et que tous les autres joueurs ont encore des cartes en mains, on commence un
  nouveau tour.*
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from games.engine.climbing import replace_at
from games.engine.objectifs.actions import Deal, Lay, Replace
from games.engine.objectifs.cards import DECK, DECK_COUNTS, Card
from games.engine.objectifs.errors import IllegalAction
from games.engine.objectifs.objectives import OBJECTIVES, achieved, lines
from games.engine.objectifs.state import (
    HAND_SIZE,
    MALUS_CARDS,
    NOBODY,
    ROUNDS,
    Drawn,
    Ending,
    LastTrick,
    ObjectifsState,
    Phase,
    RoundEnd,
    RoundResult,
    SeatScore,
    Trick,
)


def deal(state: ObjectifsState, action: Deal) -> ObjectifsState:
    """Deal the round: 13 cards a seat in blocks from the top, the rest the draw pile; with
    the Objective cards, seat ``s`` draws the ``s``-th."""
    if Counter(action.order) != DECK_COUNTS:
        raise IllegalAction("chance.deck", "the deal is not one order of the 91 playing cards")
    wanted = OBJECTIVES if state.config.objectives else ()
    if Counter(action.objectives) != Counter(wanted):
        raise IllegalAction("chance.deck", "the objectives are not one order of the ten")
    seats = state.players
    order = action.order
    objectives = action.objectives
    return state._replace(
        phase=Phase.SETUP,
        hands=tuple(order[seat * HAND_SIZE : (seat + 1) * HAND_SIZE] for seat in range(seats)),
        pile=order[seats * HAND_SIZE :],
        objectives=tuple(objectives[seat] for seat in range(seats))
        if objectives
        else (None,) * seats,
        # Without the Objective cards they stay in the box: their pile.
        objective_pile=objectives[seats:] if objectives else state.objective_pile,
        drawn=(),
    )


def lay(state: ObjectifsState, seat: int, action: Lay) -> ObjectifsState:
    """Record ``seat``'s two malus cards, secret until every seat has laid its own; then
    they go face up and the holder of the smallest starts."""
    if state.laid[seat] is not None:
        raise IllegalAction("setup.lay", "you have already laid your malus cards")
    if len(action.cards) != MALUS_CARDS:
        raise IllegalAction("setup.lay", "lay exactly two cards")
    remove(state.hands[seat], action.cards)
    laid = replace_at(state.laid, seat, action.cards)
    if None in laid:
        return state._replace(laid=laid)
    hands = []
    rows = []
    for hand, chosen in zip(state.hands, laid, strict=True):
        assert chosen is not None
        hands.append(remove(hand, chosen))
        rows.append(chosen)
    first = starter(rows, state.starter)
    return state._replace(
        phase=Phase.PLAY,
        hands=tuple(hands),
        rows=tuple(rows),
        laid=(None,) * state.players,
        turn=first,
        starter=first,
    )


def remove(pool: tuple[Card, ...], cards: Sequence[Card]) -> tuple[Card, ...]:
    """``pool`` without ``cards`` (one copy each), or :class:`IllegalAction` for a card it
    does not hold."""
    rest = list(pool)
    for card in cards:
        try:
            rest.remove(card)
        except ValueError:
            raise lacking(pool, card) from None
    return tuple(rest)


def lacking(hand: Sequence[Card], card: Card) -> IllegalAction:
    """The refusal of a move that takes ``card`` from ``hand`` once more than it holds:
    "your hand holds only 1 × 9" to a player who wrote "lay 9 9" holding one 9, which
    "there is no 9 in your hand" would deny."""
    held = hand.count(card)
    if held:
        return IllegalAction(
            "hand.has-cards", "your hand holds only %(count)s × %(card)s", count=held, card=card
        )
    # Not NUM-X's "you hold no %(card)s": one catalogue would translate both games'.
    return IllegalAction("hand.has-cards", "there is no %(card)s in your hand", card=card)


def starter(rows: Sequence[Sequence[Card]], previous: int) -> int:
    """*Le joueur ayant la plus petite carte Malus sur le plateau commence le tour*: the
    smallest by the points a card counts (an Infinity or a special card 20); between players
    equal on it, the smaller other card; then the first after ``previous`` (the last round's
    starter) in play order.

    >>> from games.engine.objectifs.cards import parse_cards
    >>> starter([parse_cards("3 9"), parse_cards("-1 13"), parse_cards("3 4")], 0)
    1
    >>> starter([parse_cards("3 9"), parse_cards("3 9")], 0)
    1
    """
    players = len(rows)
    return min(
        range(players),
        key=lambda s: (sorted(card.points for card in rows[s]), (s - previous - 1) % players),
    )


def end_trick(state: ObjectifsState, winner: int) -> ObjectifsState:
    """The trick is over, ``winner`` having laid its last pli: the plis go to the discard and
    the winner will start the next trick; first every player short of malus cards completes
    them (and a hand empty now ends the round: the first case)."""
    plis = state.trick.plis
    state = state._replace(
        trick=Trick(),
        turn=winner,
        discard=state.discard + tuple(card for pli in plis for card in pli.cards),
        tricks=state.tricks + 1,
        last_trick=LastTrick(plis, winner),
    )
    out = next((s for s in _from(winner, state.players) if not state.hands[s]), None)
    return replacements(state, None if out is None else Ending(RoundEnd.OUT, out))


def end_round(state: ObjectifsState, ending: Ending) -> ObjectifsState:
    """The round stops where it stands (a player shed everything, or nobody can open): the
    centre goes to the discard, then the completions and the scoring."""
    plis = state.trick.plis
    return replacements(
        state._replace(
            trick=Trick(),
            discard=state.discard + tuple(card for pli in plis for card in pli.cards),
        ),
        ending,
    )


def shed(state: ObjectifsState) -> int | None:
    """The player who has shed their hand and their malus cards, if any (*se débarrasser
    de toutes ses cartes, en mains et cartes "malus"*)."""
    for seat in range(state.players):
        if not state.hands[seat] and not state.rows[seat]:
            return seat
    return None


def _from(seat: int, players: int) -> list[int]:
    """Every seat in play order, starting with ``seat``."""
    return [(seat + step) % players for step in range(players)]


def replacements(state: ObjectifsState, ending: Ending | None) -> ObjectifsState:
    """Ask every player short of malus cards, with cards in hand, to complete them. When
    the round is ending, the book says so (*les joueurs ayant encore des cartes en mains,
    complètent leurs cartes "malus"*); when it goes on, every hand holds cards, since an
    empty hand at the end of a trick ends the round (the first case)."""
    # So a seat owing a completion holds cards until it completes: only its own completion
    # can empty its hand, and a pile running out leaves nobody owing with nothing to give.
    due = tuple(
        max(0, MALUS_CARDS - len(row)) if hand else 0
        for hand, row in zip(state.hands, state.rows, strict=True)
    )
    state = state._replace(due=due, ending=ending)
    if any(due):
        return state._replace(phase=Phase.REPLACE)
    return _replaced(state)


def required(state: ObjectifsState, seat: int) -> int:
    """How many malus cards ``seat`` must put down now: what it is short of, as far as its
    hand and the pile can give."""
    return min(state.due[seat], len(state.hands[seat]) + len(state.pile))


def replace(state: ObjectifsState, seat: int, action: Replace) -> ObjectifsState:
    """``seat`` completes its malus cards: the cards from its hand, then the draws, face up.
    Completions are carried out as they come in; the last one goes on with the round."""
    if not state.due[seat]:
        raise IllegalAction("replace.due", "you have no malus card to complete")
    wanted = required(state, seat)
    if len(action.cards) + action.draws != wanted or action.draws < 0:
        raise IllegalAction(
            "replace.count", "the number of malus cards to complete is %(n)s", n=wanted
        )
    if action.draws > len(state.pile):
        raise IllegalAction("draw.empty", "the pile has fewer cards than that")
    hand = remove(state.hands[seat], action.cards)
    drawn = state.pile[: action.draws]
    due = replace_at(state.due, seat, 0)
    pile = state.pile[action.draws :]
    state = state._replace(
        hands=replace_at(state.hands, seat, hand),
        rows=replace_at(state.rows, seat, (*state.rows[seat], *action.cards, *drawn)),
        pile=pile,
        due=due,
        drawn=tuple(Drawn(seat, card, True) for card in drawn),
        first_out=seat if not hand and state.first_out == NOBODY else state.first_out,
    )
    return state if any(due) else _replaced(state)


def _replaced(state: ObjectifsState) -> ObjectifsState:
    """Every completion is in: score an ending round; otherwise a new trick, unless two or
    more hands ran out completing (the third case asks that *tous les autres joueurs ont
    encore des cartes en mains*)."""
    state = state._replace(phase=Phase.PLAY)
    if state.ending is not None:
        return score(state)
    empty = [s for s in _from(state.turn, state.players) if not state.hands[s]]
    if len(empty) > 1:
        return score(state._replace(ending=Ending(RoundEnd.OUT, empty[0])))
    return state


def score(state: ObjectifsState) -> ObjectifsState:
    """Score the round (*Décompte des points*), then deal the next one or end the game."""
    ending = state.ending
    assert ending is not None
    successes = [
        achieved(seat, state.objectives, state.rows, state.first_out)
        for seat in range(state.players)
    ]
    seats = []
    for seat, success in enumerate(successes):
        objective = state.objectives[seat]
        row, hand = state.rows[seat], tuple(sorted(state.hands[seat]))
        scored = lines(objective, success, row, hand)
        seats.append(
            SeatScore(row, hand, objective, success, scored.malus, scored.hand, scored.bonus)
        )
    result = RoundResult(state.round_no, ending.kind, ending.seat, state.first_out, tuple(seats))
    state = state._replace(results=(*state.results, result), due=(0,) * state.players)
    if state.round_no == ROUNDS:
        return state._replace(phase=Phase.GAME_OVER, turn=NOBODY)
    seats_none = (None,) * state.players
    return state._replace(
        phase=Phase.DEAL,
        round_no=state.round_no + 1,
        hands=((),) * state.players,
        rows=((),) * state.players,
        pile=DECK,
        discard=(),
        objectives=seats_none,
        objective_pile=OBJECTIVES,
        trick=Trick(),
        turn=NOBODY,
        ending=None,
        first_out=NOBODY,
        tricks=0,
        last_trick=None,
    )
