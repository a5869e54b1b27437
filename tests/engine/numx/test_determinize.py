"""A determinized state is one the seat cannot tell from the real one: the same view, with
the hidden cards dealt again from those it has not seen, and the public facts kept."""

from __future__ import annotations

import random
from collections.abc import Iterator

from games.engine.numx import (
    CHANCE,
    GameConfig,
    GameState,
    Mode,
    apply,
    is_terminal,
    legal_actions,
    new_game,
    parse_action,
    to_act,
    view,
)
from games.engine.numx.cards import Card
from games.engine.numx.determinize import determinize
from games.engine.numx.heuristic import heuristic_action
from games.engine.numx.plis import can_open
from games.engine.numx.positions import arrange
from games.engine.numx.state import DrawnCard, MalusResolution, Phase


def positions(seed: str, games: int) -> Iterator[GameState]:
    """Every position of ``games`` games in every mode and player count (teams too), their
    moves random or heuristic, out-of-turn completions included."""
    rng = random.Random(seed)
    for number in range(games):
        players = 2 + number % 5
        mode = list(Mode)[number % 3]
        state = new_game(GameConfig(players, mode, teams=players in (4, 6) and number % 2 == 1))
        while not is_terminal(state):
            yield state
            seat = rng.choice(sorted(to_act(state)))
            legal = legal_actions(state, seat)
            smart = seat != CHANCE and rng.random() < 0.5
            state = apply(
                state, seat, heuristic_action(state, seat, rng) if smart else legal.sample(rng)
            )


def test_every_sampled_state_gives_exactly_that_seats_view() -> None:
    rng = random.Random(1)
    for state in positions("views", 24):
        for seat in range(state.players):
            assert view(determinize(state, seat, rng), seat) == view(state, seat)


def cards_in_play(state: GameState) -> list[Card]:
    """Every card in hands, pile, rows and a pending Malus's draws, sorted."""
    pending = state.pending
    drawn = (
        [c for t in pending.tasks for c in t.drawn] if isinstance(pending, MalusResolution) else []
    )
    rows = [score.card for row in state.rows for score in row]
    return sorted([*(c for hand in state.hands for c in hand), *state.pile, *rows, *drawn])


def test_hidden_cards_are_dealt_again_and_the_cards_in_play_stay_the_same() -> None:
    rng = random.Random(2)
    changed = 0
    for state in positions("cards", 6):
        sampled = determinize(state, 0, rng)
        assert cards_in_play(sampled) == cards_in_play(state)
        changed += sampled.hands[1:] != state.hands[1:]
    assert changed > 0, "the other hands were never dealt again"


def test_a_seat_that_passed_on_an_empty_centre_is_dealt_no_card_that_opens() -> None:
    state = arrange(GameConfig(3), ["blue-1 red-5", "infinity block eclair", "green-3"], turn=1)
    state = apply(state, 1, parse_action("pass"))
    rng = random.Random(3)
    for _ in range(200):
        sampled = determinize(state, 0, rng)
        assert not can_open(sampled.hands[1]), "seat 1 showed it could not open"


def test_a_drawn_card_waiting_to_be_played_is_one_its_drawer_can_play() -> None:
    rng = random.Random(4)
    seen = 0
    for state in positions("drawn", 12):
        if isinstance(state.pending, DrawnCard) and state.phase is Phase.PLAY:
            drawer = state.pending.seat
            seat = (drawer + 1) % state.players
            sampled = determinize(state, seat, rng)
            seen += 1
            assert legal_actions(sampled, drawer), "the drawn card has no use"
    assert seen, "no position had a drawn card waiting"


def test_the_bot_chooses_alike_in_every_state_its_seat_cannot_tell_from_the_real_one() -> None:
    # The level-1 bot moves for absent players and plays the site's bot seats: a choice
    # that followed a face-down card it does not know (which card a Flip turns up, which
    # unknown score card a Malus removes) would tell every onlooker something of that card.
    rng = random.Random(2)
    differing = []
    for number, state in enumerate(positions("bot", 24)):
        if number % 3:
            continue
        for seat in sorted(to_act(state) - {CHANCE}):
            drawn = determinize(state, seat, rng)
            real = heuristic_action(state, seat, random.Random(number))
            if heuristic_action(drawn, seat, random.Random(number)) != real:
                differing.append((number, seat, str(real)))
    assert differing == []
