"""The level-1 Objectifs bot: a handful of rules of thumb, read from the rule book's tips.

It plays from what its seat may know only (its hand and objective, every malus card, the
plis, the discard, hand sizes): hidden cards never enter its reckoning, so a determinized
state (:mod:`games.engine.objectifs.determinize`) and the real one give it the same choices.

- Count a round as the book scores it: the malus cards in front of you, -2 for each classic
  card left in hand, the objective's bonus when the malus cards meet it. Every move is
  weighed by what it does to that count, a card drawn from the pile counting as the
  average card not yet seen.
- Shed cards: each one laid brings the end of the round nearer while others still hold
  theirs (*Accumuler le moins de points malus*), and the last one laid ends it.
- Use your own heavy malus cards in plis, and lay light ones from the hand when completing
  them (*Choisir une carte de votre main à poser face visible*); use the others' light malus
  cards, to force them to replace them (*Essayez de faire disparaître les petites cartes
  visibles adverses*).
- Aim Malus + and Echange at the opponent ahead, and at oneself when the objective asks
  for more malus cards.

Randomness (ties) comes only from the given ``random.Random``.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from statistics import fmean

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
    Replace,
    RowCard,
)
from games.engine.objectifs.cards import DECK_COUNTS, Card, Kind, classic
from games.engine.objectifs.legal import legal_actions
from games.engine.objectifs.objectives import Objective, lines, met
from games.engine.objectifs.state import CHANCE, MALUS_CARDS, NOBODY, ObjectifsState, Phase
from games.engine.objectifs.view import totals

#: What laying one card from the hand is worth beyond the -2 it no longer costs: the round
#: ends when a hand runs out, and every card shed brings that nearer.
SHED = 3.0
#: What running out of cards is worth: the round is about to end, the others' hands full.
OUT = 15.0
#: How much an opponent's loss counts against one's own gain (more for the one ahead).
OPPONENT = 0.3
LEADER = 0.5
#: Keeping an X-Joker for a pli that needs it.
JOKER_KEPT = 4.0
#: The share of classic cards among the cards one draws.
CLASSIC_SHARE = 79 / 91


def heuristic_action(state: ObjectifsState, seat: int, rng: random.Random) -> Action:
    """``seat``'s move by the rules of thumb above; chance deals at random.

    >>> from games.engine.objectifs.positions import arrange
    >>> state = arrange(["3 3 12", "5 6 7"], ["1 13", "2 2"])
    >>> str(heuristic_action(state, 0, random.Random(1)))  # its own 13 goes, a 3 replaces it
    'play 13@0'
    >>> state = arrange(["4 4 9 11 joker", "5 6 7"], ["1 2", "2 3"])
    >>> str(heuristic_action(state, 0, random.Random(1)))  # the X-Joker is kept for later
    'play 4 4'
    """
    if seat == CHANCE or state.phase is Phase.DEAL:
        return legal_actions(state, seat).sample(rng)
    moves = list(legal_actions(state, seat))
    rng.shuffle(moves)
    judge = _Judge(state, seat)
    return max(moves, key=judge.value)


def unseen_points(state: ObjectifsState, seat: int) -> float:
    """The average malus points of the cards ``seat`` has not seen (the other hands and the
    pile): what a card drawn from the pile is worth to expect."""
    seen = Counter(state.hands[seat])
    for row in state.rows:
        seen.update(row)
    seen.update(state.discard)
    for pli in state.trick.plis:
        seen.update(pli.cards)
    unseen = DECK_COUNTS - seen
    return fmean(card.points for card in unseen.elements()) if unseen else 0.0


class _Judge:
    """Values the moves of one seat at one moment (the higher, the better; a pass is 0)."""

    def __init__(self, state: ObjectifsState, seat: int) -> None:
        self.state = state
        self.seat = seat
        self.objective = state.objectives[seat]
        self.expected = unseen_points(state, seat)
        self.drawn = classic(round(self.expected))
        scores = totals(state)
        opponents = [s for s in range(state.players) if s != seat]
        self.leader = max(opponents, key=lambda s: (scores[s], -len(state.hands[s])))
        self.now = self.projected(state.rows[seat], state.hands[seat])
        self._worth = [self._row_worth(row) for row in state.rows]
        self._actions: dict[CardAction, float] = {}
        self._lays: dict[tuple[tuple[Card, ...], tuple[RowCard, ...], int | None], float] = {}

    # What the seat counts --------------------------------------------------------------------

    def projected(self, row: Sequence[Card], hand: Sequence[Card], draws: int = 0) -> float:
        """The round's score for this seat with ``row`` in front of it and ``hand`` in hand,
        were the round scored now, its missing malus cards completed (with ``draws`` more
        to come from the pile), each one a card it could lay or the average one drawn."""
        seat = self.seat
        filled = [*row, *(self.drawn,) * draws]
        while len(filled) < MALUS_CARDS:
            card = self._refill(hand)
            filled.append(card)
            if card in hand:
                hand = _without(hand, (card,))
        out = self.state.first_out
        first = seat if out == NOBODY and not hand else out
        objective = self.objective
        # A neighbour's objective is theirs to know: this seat counts on nothing from it.
        success = (
            objective is not None
            and objective is not Objective.NEIGHBOUR
            and met(objective, filled, seat, first)
        )
        worth = float(lines(objective, success, filled, hand).total)
        return worth + (OUT if not hand else 0.0) - SHED * len(hand)

    def _refill(self, hand: Sequence[Card]) -> Card:
        """What a missing malus card is likely to be: the lightest classic card of the hand
        when it is lighter than a draw, else a draw."""
        light = [card for card in hand if card.is_classic and card.points + 2 < self.expected]
        return min(light, key=lambda card: card.points, default=self.drawn)

    def _row_worth(self, row: Sequence[Card]) -> float:
        """What an opponent's malus cards cost them, its missing ones drawn on average."""
        return -sum(card.points for card in row) - _missing(row) * self.expected

    def _others(self, rows: Mapping[int, Sequence[Card]], hands: Mapping[int, int]) -> float:
        """What the opponents lose when the seats of ``rows`` have those malus cards and
        the seats of ``hands`` that many cards more in hand."""
        harm = 0.0
        for s in {*rows, *hands} - {self.seat}:
            loss = 0.0
            if s in rows:
                loss += self._worth[s] - self._row_worth(rows[s])
            loss += hands.get(s, 0) * (2 * CLASSIC_SHARE + SHED)
            harm += loss * (LEADER if s == self.leader else OPPONENT)
        return harm

    # Moves ----------------------------------------------------------------------------------

    def value(self, move: Action) -> float:
        match move:
            case Lay(cards):
                return self._lay(cards)
            case Replace(cards, draws):
                row = (*self.state.rows[self.seat], *cards)
                return self.projected(row, _without(self.state.hands[self.seat], cards), draws)
            case Play():
                return self._play(move)
            case Echange() | MalusPlus():
                return self._action(move)
            case Draw(row, card):
                return self._draw(row, card)
            case Pass():
                return 0.0
        return 0.0

    def _lay(self, cards: tuple[Card, ...]) -> float:
        rest = _without(self.state.hands[self.seat], cards)
        kept = JOKER_KEPT * _jokers(cards)
        return self.projected(cards, rest) - kept

    def _play(self, play: Play) -> float:
        # The same pli comes once alone and once with each Echange and Malus + (hundreds of
        # moves on an empty centre): its cards are weighed once.
        key = (play.hand, play.rows, play.value)
        worth = self._lays.get(key)
        if worth is None:
            worth = self._lays[key] = self._pli(play)
        if play.action is not None:
            # Weighed as if played alone, and added: the pli changes little of what it does.
            worth += self._action(play.action)
        return worth

    def _pli(self, play: Play) -> float:
        """What laying ``play``'s cards is worth, before any Echange or Malus + with them."""
        state, seat = self.state, self.seat
        hand = _without(state.hands[seat], play.hand)
        rows: dict[int, list[Card]] = {}
        for taken in play.rows:
            rows.setdefault(taken.seat, list(state.rows[taken.seat])).remove(taken.card)
        mine = self.projected(rows.pop(seat, state.rows[seat]), hand) - self.now
        # An X-Joker spent is one less for later, unless the move empties the hand.
        kept = JOKER_KEPT * _jokers(play.hand) if hand else 0.0
        return mine + self._others(rows, {}) - kept

    def _draw(self, row: int, card: Card | None) -> float:
        state, seat = self.state, self.seat
        if card is None:
            return self.projected(state.rows[seat], (*state.hands[seat], self.drawn)) - self.now
        rest = list(state.rows[row])
        rest.remove(card)
        mine = self.projected(state.rows[seat], (*state.hands[seat], card)) - self.now
        return mine + self._others({row: rest}, {})

    def _action(self, action: CardAction) -> float:
        """An Echange or a Malus + (weighed once for the many plis it may go with): what it
        does to this seat and to the others."""
        known = self._actions.get(action)
        if known is None:
            known = self._actions[action] = self._weigh_action(action)
        return known

    def _weigh_action(self, action: CardAction) -> float:
        state, seat = self.state, self.seat
        hand = state.hands[seat]
        rows = {s: list(row) for s, row in enumerate(state.rows)}
        if action.row == HAND:
            hand = _without(hand, (action.card,))
        else:
            rows[action.row].remove(action.card)
        added: dict[int, int] = {}
        draws = 0
        if isinstance(action, Echange):
            rows = dict(enumerate(_turned(list(rows.values()), seat, action)))
        else:
            targets = range(state.players) if action.target == ALL else (int(action.target),)
            for target in targets:
                added[target] = action.card.hand
                if target == seat:
                    draws = action.card.row
                else:
                    rows[target] += [self.drawn] * action.card.row
        mine_hand = (*hand, *(self.drawn,) * added.pop(seat, 0))
        mine = self.projected(rows.pop(seat), mine_hand, draws) - self.now
        changed = {s: row for s, row in rows.items() if row != list(state.rows[s])}
        return mine + self._others(changed, added)


def _jokers(cards: Sequence[Card]) -> int:
    return sum(card.kind is Kind.JOKER for card in cards)


def _missing(row: Sequence[Card]) -> int:
    return max(0, MALUS_CARDS - len(row))


def _without(pool: Sequence[Card], cards: Sequence[Card]) -> tuple[Card, ...]:
    rest = list(pool)
    for card in cards:
        rest.remove(card)
    return tuple(rest)


def _turned(rows: list[list[Card]], seat: int, action: Echange) -> list[list[Card]]:
    players = len(rows)
    if action.target == ALL:
        step = 1 if action.direction is Direction.RIGHT else -1
        return [rows[(s - step) % players] for s in range(players)]
    other = int(action.target)
    turned = list(rows)
    turned[seat], turned[other] = rows[other], rows[seat]
    return turned
