"""Rounds: the deal, the opening secret pick, who starts, the end of a round, and X-Game's
between-round choice (refill or reset) before round 2."""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence

from games.engine.numx.cards import DECK, Card, Colour, Face
from games.engine.numx.errors import IllegalAction
from games.engine.numx.modes import GameConfig
from games.engine.numx.state import (
    NOBODY,
    GameState,
    Phase,
    RoundEnd,
    ScoreCard,
    Termination,
    Trick,
    replace_at,
)

REFILL = "refill"
RESET = "reset"
_COLOUR_RANK = {colour: rank for rank, colour in enumerate(Colour)}


def new_game(config: GameConfig) -> GameState:
    """A game waiting for its deal: every card of the box is still in the pile."""
    # By id: a table's own Malus values make its five Malus cards other objects than the box's.
    in_play = {card.id for card in config.deck}
    return GameState(
        config=config,
        phase=Phase.DEAL,
        round_no=1,
        hands=((),) * config.players,
        rows=((),) * config.players,
        pile=config.deck,
        discard=(),
        out_of_play=tuple(card for card in DECK if card.id not in in_play),
        trick=Trick(),
        turn=NOBODY,
        pending=None,
        secret=(None,) * config.players,
        rounds=(),
    )


def cards_in_order(order: Sequence[Face], available: Iterable[Card], rule: str) -> tuple[Card, ...]:
    """The physical cards for a shuffled order of faces, copies taken lowest id first.

    ``order`` must name each of ``available`` exactly once, else :class:`IllegalAction`.
    """
    copies: dict[Face, list[Card]] = defaultdict(list)
    for card in sorted(available, reverse=True):
        copies[card.face].append(card)
    cards: list[Card] = []
    for face in order:
        stack = copies.get(face)
        if not stack:
            raise IllegalAction(rule, "%(card)s appears more often than it is in play", card=face)
        cards.append(stack.pop())
    missing = [str(stack[0]) for stack in copies.values() if stack]
    if missing:
        raise IllegalAction(
            rule, "missing from the shuffle: %(cards)s", cards=", ".join(missing[:5])
        )
    return tuple(cards)


def dealt_to(seat: int, config: GameConfig) -> slice:
    """Where ``seat``'s hand lies in the shuffled deck of a deal: hands are dealt in blocks
    from the top, seat 0's first; the draw pile is what follows the last."""
    size = config.rules.hand_size
    return slice(seat * size, (seat + 1) * size)


def deal(state: GameState, order: Sequence[Face]) -> GameState:
    """Deal hands in blocks from the top of the shuffled deck; the rest is the draw pile."""
    deck = cards_in_order(order, state.config.deck, "chance.deck")
    players = state.players
    return state._replace(
        phase=Phase.OPENING_PICK,
        hands=tuple(deck[dealt_to(seat, state.config)] for seat in range(players)),
        pile=deck[dealt_to(players, state.config).start :],
    )


def pick(state: GameState, seat: int, face: Face) -> GameState:
    """Record a secret opening pick; when the last one is in, reveal them all.

    Round 1's picks are the first score cards and choose who starts. Round 2's (the X-Game
    table option ``round_two_pick``) join the right end of the rows, face up; round 2's
    starter is still chosen among the round-1 score cards, as X-Game says."""
    if state.secret[seat] is not None:
        raise IllegalAction("pick.once", "you have already picked your card")
    if not any(card.face is face for card in state.hands[seat]):
        raise IllegalAction("hand.has-cards", "you hold no %(card)s", card=face)
    secret = replace_at(state.secret, seat, face)
    if None in secret:
        return state._replace(secret=secret)
    first = state.round_no == 1
    hands = list(state.hands)
    rows = list(state.rows)
    picks = []
    for s, picked in enumerate(secret):
        assert isinstance(picked, Face)
        card = next(card for card in hands[s] if card.face is picked)
        hands[s] = tuple(c for c in hands[s] if c is not card)
        rows[s] = (*rows[s], ScoreCard(card, True))
        picks.append((s, picked))
    return state._replace(
        phase=Phase.PLAY,
        hands=tuple(hands),
        rows=tuple(rows),
        secret=(None,) * state.players,
        turn=starter(picks if first else visible_scores(state.rows)),
    )


def visible_scores(rows: Sequence[Sequence[ScoreCard]]) -> list[tuple[int, Face]]:
    """Every face-up score card with its seat: X-Game's round-2 starter is chosen among them
    (*la plus petite carte score VISIBLE unique*)."""
    return [(s, score.card.face) for s, row in enumerate(rows) for score in row if score.face_up]


def starter(cards: Iterable[tuple[int, Face]]) -> int:
    """Who starts: the holder of the smallest unique score card.

    Only numbered cards count. When no value is unique, the smallest card wins, Colours
    ranked as the rule book lists them (blue, red, yellow, green, rainbow, shadow); with no
    numbered card at all, seat 0 starts.
    """
    numbered = [
        (face.value, _COLOUR_RANK[face.colour], seat)
        for seat, face in cards
        if face.value is not None and face.colour is not None
    ]
    if not numbered:
        return 0
    counts = Counter(value for value, _, _ in numbered)
    unique = [entry for entry in numbered if counts[entry[0]] == 1]
    return min(unique or numbered)[2]


def end_round(state: GameState, termination: Termination, seat: int) -> GameState:
    """Close the round; X-Game goes on to its second round, other modes end the game.

    Before X-Game's round 2, the discarded numbered and special cards return to the draw
    pile (to be shuffled, by chance) while the Action cards used in round 1 leave the game.
    """
    ended = RoundEnd(state.round_no, termination, seat, state.round_tricks)
    rounds = (*state.rounds, ended)
    if state.round_no >= state.config.rules.rounds:
        return state._replace(phase=Phase.GAME_OVER, rounds=rounds, turn=NOBODY)
    recovered = tuple(card for card in state.discard if not card.face.is_action)
    used = tuple(card for card in state.discard if card.face.is_action)
    return state._replace(
        phase=Phase.RESHUFFLE,
        rounds=rounds,
        turn=NOBODY,
        pile=state.pile + recovered,
        discard=(),
        out_of_play=state.out_of_play + used,
    )


def shuffle(state: GameState, order: Sequence[Face]) -> GameState:
    """Chance: the round-2 pile order; then everyone chooses refill or reset."""
    pile = cards_in_order(order, state.pile, "chance.pile")
    return state._replace(phase=Phase.BETWEEN_ROUNDS, pile=pile)


def choose(state: GameState, seat: int, choice: str) -> GameState:
    """Record a secret refill/reset choice; when all are in, deal round 2 and start it (or,
    with the table option ``round_two_pick``, ask for the round's opening picks).

    Choices are carried out in seat order: a reset discards the hand and draws a full one, a
    refill draws up to the mode's hand size; a short pile gives what it has.
    """
    if state.secret[seat] is not None:
        raise IllegalAction("between.once", "you have already chosen")
    secret = replace_at(state.secret, seat, choice)
    if None in secret:
        return state._replace(secret=secret)
    size = state.config.rules.hand_size
    hands = list(state.hands)
    pile = state.pile
    discard = state.discard
    for s, chosen in enumerate(secret):
        if chosen == RESET:
            discard += hands[s]
            hands[s] = ()
        wanted = max(0, size - len(hands[s]))
        hands[s] += pile[:wanted]
        pile = pile[wanted:]
    state = state._replace(
        round_no=state.round_no + 1,
        hands=tuple(hands),
        pile=pile,
        discard=discard,
        secret=(None,) * state.players,
    )
    # A pile too short to give everyone a card leaves nobody a pick to make fairly.
    if state.config.round_two_pick and all(state.hands):
        return state._replace(phase=Phase.OPENING_PICK)
    return state._replace(phase=Phase.PLAY, turn=starter(visible_scores(state.rows)))
