"""The level-1 NUM-X bot plays like a player who read the tips: low sets first, Rainbows
kept for rich tricks, score cards handed out to build its combinations and break the
leader's, Malus cards against the leader; and only ever legal moves."""

from __future__ import annotations

import random
from typing import Any

import pytest

from games.engine.numx import (
    ALL,
    CHANCE,
    Eclair,
    GameConfig,
    Malus,
    Mode,
    Play,
    TakeBack,
    apply,
    awaiting,
    is_terminal,
    legal_actions,
    new_game,
    parse_action,
)
from games.engine.numx.cards import deck, parse_cards
from games.engine.numx.heuristic import ECLAIRS_WEIGHED, _Judge, heuristic_action
from games.engine.numx.positions import arrange
from games.engine.numx.state import Distributing, GameState


def move(state: GameState, seat: int) -> str:
    action = heuristic_action(state, seat, random.Random(0))
    assert action in legal_actions(state, seat)
    return str(action)


def test_it_opens_with_its_lowest_set_rather_than_a_lone_card_or_a_rainbow() -> None:
    state = arrange(GameConfig(3), ["blue-9 red-2 yellow-2 rainbow-1 green-5", "blue-1", "red-1"])
    assert move(state, 0) == "play red-2 yellow-2"


def test_it_keeps_its_rainbow_on_a_poor_trick_and_covers_with_a_classic_card() -> None:
    state = arrange(GameConfig(3), ["blue-3 red-1", "rainbow-5 red-5 green-12 blue-14", "red-2"])
    state = apply(state, 0, parse_action("play blue-3"))
    assert move(state, 1) == "play red-5"


def test_it_spends_its_rainbow_to_win_a_rich_trick() -> None:
    state = arrange(
        GameConfig(2),
        [
            "blue-2 rainbow-2 blue-9 green-9 yellow-9 rainbow-9 red-1",
            "blue-3 red-3 rainbow-3 red-16",
        ],
    )
    state = apply(state, 0, parse_action("play blue-2 rainbow-2"))
    state = apply(state, 1, parse_action("play blue-3 red-3 rainbow-3"))
    # Five eligible cards lie in the trick: the Rainbow is worth laying with the three 9s.
    assert move(state, 0) == "play blue-9 yellow-9 green-9 rainbow-9"


def test_on_a_poor_trick_it_covers_with_the_same_cards_but_keeps_the_rainbow() -> None:
    state = arrange(
        GameConfig(2),
        ["blue-2 red-2 blue-9 green-9 yellow-9 rainbow-9 red-1", "blue-3 red-3 green-3 red-16"],
    )
    state = apply(state, 0, parse_action("play blue-2 red-2"))
    state = apply(state, 1, parse_action("play blue-3 red-3"))
    assert move(state, 0) == "play blue-9 green-9"


def test_it_lays_its_last_cards_when_it_can() -> None:
    state = arrange(GameConfig(3), ["blue-4 red-16", "num-x", "red-2 red-9"])
    state = apply(state, 0, parse_action("play blue-4"))
    assert move(state, 1) == "play num-x"


def test_it_aims_its_malus_at_the_leader() -> None:
    state = arrange(
        GameConfig(4),
        ["blue-15 red-14", "malus+2/-1 red-3", "green-1 green-2", "yellow-1 yellow-2"],
        ["blue-1", "red-1", "green-16 yellow-16 blue-16 red-16", "yellow-5"],
    )
    state = apply(state, 0, parse_action("play blue-15"))
    action = heuristic_action(state, 1, random.Random(0))
    # Seat 2's row of four 16s leads by far: it is hit, alone or with every opponent.
    assert isinstance(action, Malus) and action.target in (2, ALL)


def distributing(state: GameState, winner: int, faces: str, minimum: int, cap: int) -> GameState:
    """``state`` with ``winner`` to hand out the cards ``faces``, taken from the pile."""
    cards = parse_cards(faces, deck())
    pile = tuple(card for card in state.pile if card not in cards)
    receivers = frozenset(range(state.players))
    pending = Distributing(winner, cards, False, minimum, cap, receivers, False)
    return state._replace(pile=pile, pending=pending)


def test_it_hands_itself_the_card_that_completes_its_combination() -> None:
    state = arrange(
        GameConfig(3), ["blue-1", "blue-2", "blue-3"], ["red-7 green-7", "blue-10", "green-1"]
    )
    state = distributing(state, 0, "yellow-7 blue-16", minimum=1, cap=1)
    assert move(state, 0).startswith("distribute yellow-7>0:up")


def test_it_hands_the_leader_the_card_that_cancels_theirs() -> None:
    state = arrange(
        GameConfig(3),
        ["blue-1", "blue-2", "blue-3"],
        ["red-1", "red-12 blue-15 green-16", "green-1"],
    )
    # Two cards: at least one must go; no row may take both.
    state = distributing(state, 0, "yellow-12 blue-13", minimum=1, cap=1)
    # yellow-12 pairs the leader's red-12 (two classic cards cancel): 12 points gone.
    assert "yellow-12>1" in move(state, 0)


@pytest.mark.parametrize("mode", list(Mode))
def test_it_only_ever_plays_legal_moves_and_its_games_end(mode: Mode) -> None:
    rng = random.Random(f"heuristic {mode}")
    for number in range(12):
        players = 2 + number % 5
        config = GameConfig(players, mode, teams=players in (4, 6) and number % 2 == 0)
        state = new_game(config)
        level = [rng.randint(0, 1) for _ in range(players)]
        for _ in range(5_000):
            if is_terminal(state):
                break
            seat = rng.choice(sorted(awaiting(state)))
            legal = legal_actions(state, seat)
            if seat == CHANCE or not level[seat]:
                action = legal.sample(rng)
            else:
                action = heuristic_action(state, seat, rng)
                assert action in legal, f"{action} is not legal for seat {seat}"
            state = apply(state, seat, action)
        assert is_terminal(state), "a game of heuristic bots did not end"


def test_it_plays_a_pli_that_covers_the_top_when_it_covers() -> None:
    state = arrange(GameConfig(2), ["blue-6 red-1", "green-7 green-9 red-12"])
    state = apply(state, 0, parse_action("play blue-6"))
    action = heuristic_action(state, 1, random.Random(0))
    assert isinstance(action, Play) and action.value == 7


def test_its_shared_reckonings_never_change_a_moves_value() -> None:
    """The judge of a position values the cards of a play once for all its bonuses, and a
    row's loss once for all the ways of taking a card back: every move is worth what a
    judge that saw no other move finds (the worst positions have hundreds of moves)."""
    rng = random.Random(6)
    compared = 0
    for number in range(6):
        state = new_game(GameConfig(3 + number % 2, list(Mode)[number % 3]))
        while not is_terminal(state):
            seat = rng.choice(sorted(awaiting(state)))
            legal = legal_actions(state, seat)
            if seat != CHANCE and legal.listable and state.pending is None:
                moves = list(legal)
                judge = _Judge(state, seat)
                values = [judge.value(m) for m in moves]
                for index in rng.sample(range(len(moves)), min(8, len(moves))):
                    assert values[index] == _Judge(state, seat).value(moves[index])
                    compared += 1
            smart = seat != CHANCE and rng.random() < 0.7
            state = apply(
                state, seat, heuristic_action(state, seat, rng) if smart else legal.sample(rng)
            )
    assert compared > 500


def weighed_eclairs(monkeypatch: pytest.MonkeyPatch) -> set[Eclair]:
    """The Eclairs level 1 values from now on, each once a move, gathered as it goes."""
    weighed: set[Eclair] = set()
    judged = _Judge._judge_action

    def counted(judge: _Judge, action: Any) -> float:
        if isinstance(action, Eclair):
            weighed.add(action)
        return judged(judge, action)

    monkeypatch.setattr(_Judge, "_judge_action", counted)
    return weighed


def test_it_weighs_at_most_32_eclairs_a_random_choice_of_them(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Four rows of eight cards give 192 ways to play an Eclair (a card of one's own row for
    one of another's), alone or as the bonus of either pli with the Shadow: 576 moves, each
    two rows to count. The bot weighs 32 Eclairs, drawn by its seed, so that its move stays
    quick."""
    colours = ["blue", "red", "green", "yellow"]
    state = arrange(
        GameConfig(4),
        ["eclair blue-9 shadow-9", "red-9", "green-9", "yellow-9"],
        [" ".join(f"{colour}-{value}" for value in range(1, 9)) for colour in colours],
    )
    eclairs = [m for m in legal_actions(state, 0) if isinstance(m, Eclair)]
    assert len(eclairs) == 192
    with_bonus = [m for m in legal_actions(state, 0) if isinstance(m, Play) and m.bonus]
    assert len(with_bonus) == 2 * 192
    weighed = weighed_eclairs(monkeypatch)
    picks: list[set[Eclair]] = []
    for seed in (1, 2):
        weighed.clear()
        assert heuristic_action(state, 0, random.Random(seed)) in legal_actions(state, 0)
        picks.append(set(weighed))
    assert len(picks[0]) == len(picks[1]) == ECLAIRS_WEIGHED == 32
    assert picks[0] != picks[1]


def test_its_32_eclairs_are_for_the_whole_move_score_cards_taken_back_included(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Taking back the red 9 offers the Shadow's bonus Eclairs again, with a row one card
    shorter: 168 more. The move still weighs 32 Eclairs in all, not 32 for each pool of
    cards (the slowest level-1 positions weighed 72)."""
    colours = ["red", "green", "yellow"]
    state = arrange(
        GameConfig(4),
        ["eclair blue-9 shadow-9", "red-10", "green-10", "yellow-10"],
        [
            "red-9 " + " ".join(f"blue-{value}" for value in range(1, 8)),
            *(" ".join(f"{colour}-{value}" for value in range(1, 9)) for colour in colours),
        ],
    )
    taken_back = [
        m.play
        for m in legal_actions(state, 0)
        if isinstance(m, TakeBack) and isinstance(m.play, Play) and m.play.bonus
    ]
    assert len({play.bonus for play in taken_back}) == 7 * 24
    weighed = weighed_eclairs(monkeypatch)
    assert heuristic_action(state, 0, random.Random(1)) in legal_actions(state, 0)
    assert len(weighed) == ECLAIRS_WEIGHED
