"""Applying an action: check it against the rules, then build the next state.

:func:`apply` is the only way a game moves. It never changes its input; it returns a new
state or raises :class:`~games.engine.numenko.errors.IllegalAction` naming the broken rule.

A move (:class:`~games.engine.numenko.actions.Play`) lays out the player's whole grid anew
and asks the pot for an exchange, for fini, or for nothing. In rounds mode it stays secret
until every seat has moved; then every grid shows at once, and chance serves the requests
in an order it draws (:func:`draw`). In live mode it counts at once, and chance serves its
request straight away.
"""

from __future__ import annotations

from collections import Counter

from games.engine.numenko.actions import Action, Deal, Draw, Play, Request
from games.engine.numenko.crossword import check_grid
from games.engine.numenko.errors import IllegalAction
from games.engine.numenko.grid import Grid
from games.engine.numenko.state import (
    CHANCE,
    Ask,
    Ending,
    NumenkoState,
    Phase,
    Resolution,
    replace_at,
    with_seat,
)
from games.engine.numenko.tiles import (
    FREECHOICES,
    Tile,
    bag,
    holds,
    plus,
    spaced,
    without,
)


def apply(state: NumenkoState, seat: int, action: Action) -> NumenkoState:
    """The state after ``seat`` (or :data:`CHANCE`) plays ``action``.

    >>> from games.engine.numenko.state import NumenkoConfig, new_game
    >>> from games.engine.numenko.notation import parse_action
    >>> apply(new_game(NumenkoConfig(2)), 0, parse_action("exchange 7"))
    Traceback (most recent call last):
    ...
    games.engine.numenko.errors.IllegalAction: waiting for chance to deal (rule numenko.phase: ...)
    """
    if state.phase is Phase.GAME_OVER:
        raise IllegalAction("numenko.over", "the game is over")
    if seat == CHANCE:
        if state.phase is Phase.DEAL and isinstance(action, Deal):
            return deal(state, action)
        if state.phase is Phase.DRAW and isinstance(action, Draw):
            return draw(state, action)
        raise IllegalAction("numenko.phase", "chance deals first, then draws for requests")
    if seat not in state.config.seats:
        raise IllegalAction("numenko.seat", "there is no seat %(seat)s", seat=seat)
    if state.phase is Phase.DEAL:
        raise IllegalAction("numenko.phase", "waiting for chance to deal")
    if state.phase is Phase.DRAW:
        raise IllegalAction("numenko.phase", "waiting for chance to draw from the pot")
    if not isinstance(action, Play):
        raise IllegalAction("numenko.phase", "players play; chance deals and draws")
    return play(state, seat, action)


def deal(state: NumenkoState, action: Deal) -> NumenkoState:
    """Each seat's tiles from the pot, and a Freechoice; the Freechoices left go into the
    pot: *les Freechoices restants sont remis dans le pot*."""
    config = state.config
    dealt = [tile for hand in action.hands for tile in hand]
    if len(action.hands) != config.players or any(
        len(hand) != config.hand_size for hand in action.hands
    ):
        raise IllegalAction(
            "numenko.deal",
            "deal %(tiles)s tiles to each of %(players)s seats",
            tiles=config.hand_size,
            players=config.players,
        )
    if not holds(state.pot, dealt):
        raise IllegalAction("numenko.deal", "the deal takes tiles the pot does not hold")
    spare = (Tile.FREECHOICE,) * (FREECHOICES - config.players)
    return state._replace(
        phase=Phase.PLAY,
        pot=bag((*without(state.pot, dealt), *spare)),
        hands=tuple(bag((*hand, Tile.FREECHOICE)) for hand in action.hands),
        round=1 if state.rounds else 0,
    )


def judge(state: NumenkoState, seat: int, move: Play) -> tuple[Grid, tuple[Tile, ...]]:
    """The grid and hand ``move`` leaves ``seat``, or :class:`IllegalAction` naming the rule
    it breaks (the first wrong run of its grid, rows first): what a table previews.

    >>> from games.engine.numenko.positions import arrange
    >>> from games.engine.numenko.tiles import written
    >>> from games.engine.numenko.notation import parse_action
    >>> state = arrange(["2x4=8", ""], ["79", "F"])
    >>> grid, hand = judge(state, 0, parse_action("exchange 8 grid 2+7=9"))
    >>> str(grid), written(hand)
    ('2+7=9', '48')
    """
    if state.rounds and state.submitted[seat] is not None:
        raise IllegalAction("numenko.once", "you have moved this round: wait for the others")
    if move.grid is None:
        # The grid kept is the seat's own: its tiles are the seat's, the rest its hand.
        grid, hand = state.grids[seat], state.hands[seat]
    else:
        grid, tiles = move.grid, state.tiles_of(seat)
        try:
            hand = without(tiles, grid.tiles)
        except ValueError:
            missing = Counter(grid.tiles) - Counter(tiles)
            raise IllegalAction(
                "numenko.tiles",
                "the grid uses tiles you do not have: %(tiles)s",
                tiles=spaced(bag(missing.elements())),
            ) from None
        check_grid(grid)
    if move.exchange is not None and move.exchange not in hand:
        raise IllegalAction(
            "numenko.exchange",
            "no %(tile)s is left in your hand to give back",
            tile=move.exchange.value,
        )
    if move.fini and hand:
        raise IllegalAction(
            "numenko.fini", "%(count)s of your tiles are not in your grid", count=len(hand)
        )
    if not hand and not move.fini:
        raise IllegalAction("numenko.all-placed", "every tile is in your grid: say fini")
    return grid, hand


def play(state: NumenkoState, seat: int, move: Play) -> NumenkoState:
    """``seat``'s move: kept secret until the round is complete (rounds mode), or counted at
    once (live mode)."""
    grid, hand = judge(state, seat, move)
    request = move.request
    if state.rounds:
        state = state._replace(submitted=replace_at(state.submitted, seat, move))
        return _reveal(state) if all(state.submitted) else state
    state = with_seat(state, seat, grid, hand)
    state = state._replace(content=replace_at(state.content, seat, request is None))
    if request is None:
        if all(state.content):
            return state._replace(phase=Phase.GAME_OVER, ending=Ending.CONTENT)
        return state
    if len(state.pot) < request.draws:
        return state._replace(phase=Phase.GAME_OVER, ending=Ending.SHORT, short=seat)
    return state._replace(
        phase=Phase.DRAW,
        asked=replace_at(state.asked, seat, Ask(request, move.exchange)),
    )


def _reveal(state: NumenkoState) -> NumenkoState:
    """Every seat has moved this round: every grid shows, and the requests wait for chance's
    draw; a round in which nobody asked for tiles ends the game."""
    grids, hands = list(state.grids), list(state.hands)
    asked: list[Ask | None] = []
    for seat, move in enumerate(state.submitted):
        assert move is not None
        if move.grid is not None:
            grids[seat] = move.grid
            hands[seat] = without(state.tiles_of(seat), move.grid.tiles)
        request = move.request
        asked.append(None if request is None else Ask(request, move.exchange))
    # One copy of the state, whichever way the round ends.
    waiting = any(asked)
    return state._replace(
        grids=tuple(grids),
        hands=tuple(hands),
        submitted=(None,) * state.players,
        asked=tuple(asked),
        phase=Phase.DRAW if waiting else Phase.GAME_OVER,
        ending=state.ending if waiting else Ending.CONTENT,
        last=state.last
        if waiting
        else Resolution(state.round, (), (None,) * state.players, (False,) * state.players),
    )


def draw(state: NumenkoState, action: Draw) -> NumenkoState:
    """Chance serves the requests waiting, in ``action``'s order, each from the pot as it
    stands then: an exchange puts its tile back, then draws two; fini draws four. The first
    request the pot cannot serve stops the game (*le jeu s'arrête lorsque le nombre de
    tuiles est insuffisant*), and none after it is served."""
    waiting = sorted(seat for seat, ask in enumerate(state.asked) if ask is not None)
    if sorted(action.order) != waiting or len(action.tiles) != len(action.order):
        raise IllegalAction(
            "numenko.draw",
            "the order serves each seat that asked once: %(seats)s",
            seats=", ".join(map(str, waiting)),
        )
    pot, hands = state.pot, list(state.hands)
    short: int | None = None
    served = [False] * state.players
    for seat, drawn in zip(action.order, action.tiles, strict=True):
        ask = state.asked[seat]
        assert ask is not None
        if short is None and len(pot) < ask.request.draws:
            short = seat
        if short is not None:
            if drawn:
                raise IllegalAction(
                    "numenko.draw", "seat %(seat)s's request cannot be served", seat=seat
                )
            continue
        if ask.request is Request.EXCHANGE:
            assert ask.tile is not None
            hands[seat] = without(hands[seat], (ask.tile,))
            pot = plus(pot, (ask.tile,))
        try:
            if len(drawn) != ask.request.draws:
                raise ValueError("not the tiles the request draws")
            pot = without(pot, drawn)
        except ValueError:
            raise IllegalAction(
                "numenko.draw",
                "seat %(seat)s draws %(count)s tiles the pot holds",
                seat=seat,
                count=ask.request.draws,
            ) from None
        hands[seat] = plus(hands[seat], drawn)
        served[seat] = True
    # One copy of the state, whether the game goes on or the pot fell short.
    going_on = short is None
    return state._replace(
        pot=pot,
        hands=tuple(hands),
        asked=(None,) * state.players,
        last=Resolution(
            state.round,
            action.order,
            tuple(None if ask is None else ask.request for ask in state.asked),
            tuple(served),
        ),
        phase=Phase.PLAY if going_on else Phase.GAME_OVER,
        round=(state.round + 1 if state.rounds else 0) if going_on else state.round,
        ending=state.ending if going_on else Ending.SHORT,
        short=short,
    )
