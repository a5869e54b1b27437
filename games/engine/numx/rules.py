"""Applying an action: check it against the rules, then build the next state.

:func:`apply` is the only way a game moves. It never changes its input; it returns a new
state or raises :class:`~games.engine.numx.errors.IllegalAction` naming the broken rule.
"""

from __future__ import annotations

from games.engine.numx import action_cards, distribution, rounds
from games.engine.numx.actions import (
    CARD_ACTIONS,
    Action,
    Block,
    CardAction,
    Complete,
    Deal,
    Distribute,
    Draw,
    Pass,
    Pick,
    Play,
    Refill,
    Reset,
    Resolve,
    Shuffle,
    TakeBack,
)
from games.engine.numx.cards import NUMX, Card, Kind, rainbow
from games.engine.numx.errors import IllegalAction
from games.engine.numx.plis import can_open, check_shape, possible_plays, take
from games.engine.numx.state import (
    CHANCE,
    Distributing,
    DrawnCard,
    GameState,
    MalusResolution,
    Phase,
    Pli,
    replace_at,
)
from games.engine.numx.tricks import advance_turn, end_trick, finish_action, settle_trick, stalemate
from games.engine.ruleset import gettext_noop


def apply(state: GameState, seat: int, action: Action) -> GameState:
    """The state after ``seat`` (or :data:`CHANCE`) plays ``action``.

    >>> from games.engine.numx import GameConfig, new_game, parse_action
    >>> state = new_game(GameConfig(players=2))
    >>> apply(state, 0, parse_action("pass"))
    Traceback (most recent call last):
    ...
    games.engine.numx.errors.IllegalAction: waiting for the deal (rule game.phase: ...)
    """
    phase = state.phase
    if phase is Phase.GAME_OVER:
        raise IllegalAction("game.over", "the game is over")
    if seat == CHANCE:
        return _chance(state, action)
    # The configuration's own field, not the players property: every move asks.
    if not 0 <= seat < state.config.players:
        raise IllegalAction("game.seat", "there is no seat %(seat)s", seat=seat)
    if phase is Phase.PLAY:
        return _play_phase(state, seat, action)
    if phase is Phase.OPENING_PICK and isinstance(action, Pick):
        return rounds.pick(state, seat, action.face)
    if phase is Phase.BETWEEN_ROUNDS and isinstance(action, (Refill, Reset)):
        return rounds.choose(
            state, seat, rounds.RESET if isinstance(action, Reset) else rounds.REFILL
        )
    if phase is Phase.DISTRIBUTION and isinstance(action, Distribute):
        return _distribute(state, seat, action)
    raise IllegalAction("game.phase", _WAITING[phase])


_WAITING = {
    Phase.DEAL: gettext_noop("waiting for the deal"),
    Phase.RESHUFFLE: gettext_noop("waiting for the round-2 shuffle"),
    Phase.OPENING_PICK: gettext_noop("every player first picks one card, face down"),
    Phase.BETWEEN_ROUNDS: gettext_noop("every player first chooses: refill or reset"),
    Phase.DISTRIBUTION: gettext_noop("the trick winner is handing out score cards"),
    Phase.PLAY: gettext_noop("the game is being played"),
}


def _chance(state: GameState, action: Action) -> GameState:
    if state.phase is Phase.DEAL and isinstance(action, Deal):
        return rounds.deal(state, action.order)
    if state.phase is Phase.RESHUFFLE and isinstance(action, Shuffle):
        return rounds.shuffle(state, action.order)
    raise IllegalAction("game.phase", "chance only deals, and shuffles before round 2")


def _play_phase(state: GameState, seat: int, action: Action) -> GameState:
    pending = state.pending
    if pending is not None:
        return _pending(state, seat, action, pending)
    if isinstance(action, Complete):
        return _complete(state, seat, action)
    if type(action) in _NOT_IN_PLAY:
        raise IllegalAction("game.phase", _WAITING[Phase.PLAY])
    if seat != state.turn:
        raise IllegalAction("turn.not-yours", "it is seat %(seat)s's turn", seat=state.turn)
    if seat in state.trick.blocked and not (
        isinstance(action, Pass) or (isinstance(action, Play) and action.faces == (NUMX,))
    ):
        raise IllegalAction("block.blocked", "you are blocked: pass, or lay Num-X")
    # The common moves first: isinstance() of the six Action cards is dearer than four
    # single ones.
    if isinstance(action, Play):
        return _lay(state, seat, action, state.hands[seat])
    if isinstance(action, Pass):
        return _pass(state, seat)
    if isinstance(action, Draw):
        return _draw(state, seat)
    if isinstance(action, TakeBack):
        return _take_back(state, seat, action)
    assert isinstance(action, CARD_ACTIONS)
    return _card_action(state, seat, action, None)


#: Actions of other phases. A set of classes, since every move of the play phase is
#: looked up in it (isinstance() tries each class in turn, several times the cost).
_NOT_IN_PLAY = frozenset((Pick, Refill, Reset, Distribute, Resolve, Deal, Shuffle))


def _pending(state: GameState, seat: int, action: Action, pending: object) -> GameState:
    if isinstance(pending, DrawnCard):
        if seat != pending.seat:
            raise IllegalAction(
                "turn.waiting", "seat %(seat)s is playing a drawn card", seat=pending.seat
            )
        face = pending.card.face
        state = state._replace(pending=None)
        if isinstance(action, Play) and face in action.faces:
            return _lay(state, seat, action, state.hands[seat])
        if isinstance(action, CARD_ACTIONS) and action.face is face:
            return _card_action(state, seat, action, None)
        if (
            isinstance(action, Complete)
            and action.face is face
            and state.config.completes_when_drawn
        ):
            return _complete(state, seat, action)
        raise IllegalAction("draw.play", "play the %(card)s you drew", card=face)
    if isinstance(pending, MalusResolution):
        task = action_cards.malus_task(state, seat)
        if task is None or not isinstance(action, Resolve):
            waiting = ", ".join(str(t.seat) for t in pending.tasks)
            raise IllegalAction(
                "turn.waiting", "waiting for the Malus choices of seat %(seat)s", seat=waiting
            )
        state = action_cards.resolve(state, task, action)
        return state if state.pending else finish_action(state, pending.actor)
    raise IllegalAction("turn.waiting", "waiting for another decision")


def _lay(state: GameState, seat: int, play: Play, pool: tuple[Card, ...]) -> GameState:
    """Lay ``play`` with cards of ``pool`` (the hand, with a taken-back card first)."""
    trick = state.trick
    # Cards one does not hold break possession first, whatever the pli would be.
    used, hand = take(pool, play.faces)
    check_shape(play.faces, play.value, trick.top, state.config.pli_rules)
    hands = replace_at(state.hands, seat, hand)
    trick = trick._replace(
        plis=(*trick.plis, Pli(seat, used, play.value)),
        owner=seat,
        blocked=trick.blocked - {seat} if trick.blocked else trick.blocked,
        idle=frozenset(),
    )
    if play.bonus is None:
        if play.faces == (NUMX,):
            return end_trick(state, seat, round_over=not hand, hands=hands, trick=trick)
        return finish_action(state, seat, hands=hands, trick=trick)
    if not any(face.is_shadow for face in play.faces):
        raise IllegalAction("bonus.shadow", "this pli has no Shadow")
    return _card_action(state._replace(hands=hands, trick=trick), seat, play.bonus, None)


def _card_action(state: GameState, seat: int, action: CardAction, card: Card | None) -> GameState:
    """Play an Action card from the hand, or ``card`` when it comes from the score row."""
    action_cards.check(state, seat, action)
    hands = state.hands
    if card is None:
        (card,), hand = take(hands[seat], (action.face,))
        hands = replace_at(hands, seat, hand)
    state = state._replace(
        hands=hands, discard=(*state.discard, card), trick=state.trick._replace(idle=frozenset())
    )
    state = action_cards.carry_out(state, seat, action)
    if state.pending is not None:
        return state
    return finish_action(state, seat, replay=isinstance(action, Block))


def _complete(
    state: GameState, seat: int, action: Complete, taken: Card | None = None
) -> GameState:
    """Complete the top pli with a Rainbow from the hand, or with ``taken`` when it comes
    from the score row."""
    trick = state.trick
    if seat == trick.owner:
        raise IllegalAction("complete.own", "this pli is yours")
    if seat in trick.blocked:
        raise IllegalAction("block.blocked", "you are blocked until your next turn")
    if taken is None:
        used, hand = take(state.hands[seat], (action.face,))
    else:
        used, hand = (taken,), state.hands[seat]
    top = trick.top
    if top is None or top.value is None or action.face is not rainbow(top.value):
        raise IllegalAction(
            "complete.rainbow", "%(card)s does not complete the top pli", card=action.face
        )
    completed = top._replace(cards=top.cards + used, completed_by=seat)
    return finish_action(
        state,
        seat,
        hands=replace_at(state.hands, seat, hand),
        trick=trick._replace(plis=(*trick.plis[:-1], completed), owner=seat, idle=frozenset()),
    )


def _pass(state: GameState, seat: int) -> GameState:
    trick = state.trick
    if seat in trick.blocked:
        trick = trick._replace(blocked=trick.blocked - {seat})
    elif trick.top is None:
        if can_open(state.hands[seat]):
            raise IllegalAction("pli.open", "open the trick: you can lay a first pli")
        trick = trick._replace(idle=trick.idle | {seat})
        if len(trick.idle) == state.players:
            return stalemate(state)
    return advance_turn(state, seat, trick=trick)


def _draw(state: GameState, seat: int) -> GameState:
    if not state.pile:
        raise IllegalAction("draw.empty", "the draw pile is empty")
    card = state.pile[0]
    trick = state.trick._replace(idle=frozenset()) if state.trick.idle else state.trick
    hands = replace_at(state.hands, seat, (*state.hands[seat], card))
    # Asked before the draw, so that a draw copies the state once, not twice (a copy is
    # a fifth of a replay, and a draw a fifth of its actions).
    if has_use(state, seat, card):
        return state._replace(
            hands=hands, pile=state.pile[1:], trick=trick, pending=DrawnCard(seat, card)
        )
    return advance_turn(state, seat, hands=hands, pile=state.pile[1:], trick=trick)


def has_use(state: GameState, seat: int, card: Card) -> bool:
    """Whether ``seat`` could play ``card``, the top card of the pile they are drawing, once
    it joins their hand.

    From edition 2 on, completing the top pli is a use (*Jouée seule, elle peut compléter
    un pli*); the first edition overlooked it, and its games replay that way.

    >>> from games.engine.numx import FIRST_EDITION, GameConfig, parse_action
    >>> from games.engine.numx.positions import arrange
    >>> state = arrange(GameConfig(2), ["blue-7 red-16", "red-15"], pile="rainbow-7")
    >>> state = apply(state, 0, parse_action("play blue-7"))
    >>> has_use(state, 1, state.pile[0])
    True
    >>> first = state._replace(config=GameConfig(2, edition=FIRST_EDITION))
    >>> has_use(first, 1, state.pile[0])
    False
    """
    face = card.face
    if state.config.completes_when_drawn and state.trick.completable_by(seat, face):
        return True
    top = state.trick.top
    if (
        face.value is not None
        and top is not None
        and (top.value is None or face.value <= top.value)
    ):
        return False  # too low for the top pli, or on an Infinity: no pli to look for
    if face.kind in (Kind.NUMBER, Kind.JOKER, Kind.INFINITY, Kind.NUMX):
        pool = (*state.hands[seat], card)
        plays = possible_plays(pool, top, face, state.config.pli_rules)
        return next(plays, None) is not None
    return state.config.rules.action_cards and (
        next(action_cards.options(state, seat, face), None) is not None
    )


def opens_alone(state: GameState, play: Play) -> bool:
    """Whether ``play``, a score card taken back, would open a trick without a card of
    the hand, which edition 4 refuses (``take.open``)."""
    return state.trick.top is None and len(play.faces) == 1 and state.config.opens_from_the_hand


def _take_back(state: GameState, seat: int, action: TakeBack) -> GameState:
    row = state.rows[seat]
    index = action.index
    if not 0 <= index < len(row) or not row[index].face_up:
        raise IllegalAction(
            "take.visible", "you have no visible score card at %(position)s", position=index
        )
    card = row[index].card
    state = state._replace(rows=replace_at(state.rows, seat, (*row[:index], *row[index + 1 :])))
    play = action.play
    if isinstance(play, Play):
        if card.face not in play.faces:
            raise IllegalAction(
                "take.play", "the pli must hold the %(card)s you take back", card=card
            )
        if opens_alone(state, play):
            raise IllegalAction(
                "take.open",
                "open the trick with a card of your hand, not the %(card)s alone",
                card=card,
            )
        return _lay(state, seat, play, (card, *state.hands[seat]))
    if isinstance(play, Complete):
        if not state.config.completes_when_drawn:
            # The first edition's games replay as recorded: no completing from the row.
            raise IllegalAction("take.play", "a card taken back is laid in a pli or played")
        if play.face is not card.face:
            raise IllegalAction("take.play", "complete with the %(card)s you take back", card=card)
        return _complete(state, seat, play, card)
    if play.face is not card.face:
        raise IllegalAction("take.play", "play the %(card)s you take back", card=card)
    return _card_action(state, seat, play, card)


def _distribute(state: GameState, seat: int, action: Distribute) -> GameState:
    pending = state.pending
    assert isinstance(pending, Distributing)
    if seat != pending.winner:
        raise IllegalAction(
            "turn.not-yours", "seat %(seat)s hands out the score cards", seat=pending.winner
        )
    cards = distribution.check(pending, action, state.players)
    handed = distribution.handed(action, cards, pending.winner)
    rows = distribution.place(state.rows, action, handed)
    return settle_trick(state, pending.winner, pending.round_over, handed, rows=rows)
