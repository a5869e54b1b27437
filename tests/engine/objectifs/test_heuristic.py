"""The level-1 bot: its rules of thumb, and that it reads only what its seat may know."""

from __future__ import annotations

import random

from hypothesis import given

from games.engine.objectifs import (
    ALL,
    CHANCE,
    RULES,
    Lay,
    MalusPlus,
    ObjectifsConfig,
    Phase,
    Replace,
    apply,
    heuristic_action,
    new_game,
)
from games.engine.objectifs.cards import parse_cards
from games.engine.objectifs.heuristic import _Judge
from games.engine.objectifs.objectives import malus_sum
from games.engine.objectifs.positions import arrange

from .conftest import act, configs, deal, random_games, seeds, walk

SPREAD = "-2 -1 5 8 8 11 12 13 1 2 3 4 6"
OTHER = "3 12 6 6 7 7 8 8 9 9 10 10 11"


def laid(objectives: str) -> tuple[str, ...]:
    config = ObjectifsConfig(2, objectives=bool(objectives))
    state = apply(new_game(config), CHANCE, deal([SPREAD, OTHER], objectives))
    action = heuristic_action(state, 0, random.Random(1))
    assert isinstance(action, Lay)
    return tuple(map(str, action.cards))


def test_the_set_up_lays_the_lightest_cards_or_what_the_objective_asks() -> None:
    assert laid("") == ("-2", "-1")
    assert laid("pair under-5") == ("8", "8")
    assert malus_sum(parse_cards(" ".join(laid("exactly-7 pair")))) == 7


def test_completing_its_malus_cards_it_aims_at_its_objective() -> None:
    state = arrange(["9 4 12", "6 7 8"], ["3 5", "1 2"], objectives="exactly-7 pair")
    state = act(state, 0, "play 5@0")
    state = act(state, 1, "pass")
    assert state.phase is Phase.REPLACE
    assert heuristic_action(state, 0, random.Random(1)) == Replace(parse_cards("4"))


def test_it_completes_with_a_light_card_of_its_hand_rather_than_drawing() -> None:
    state = arrange(["1 12 13 9", "6 7 8"], ["5 11", "1 2"])
    state = act(state, 0, "play 11@0")
    state = act(state, 1, "pass")
    assert heuristic_action(state, 0, random.Random(1)) == Replace(parse_cards("1"))


def test_it_aims_a_malus_plus_at_an_opponent_unless_its_objective_wants_malus_cards() -> None:
    card = parse_cards("malus+1/+2")[0]
    state = arrange(["malus+1/+2 5 5", "6 7 8", "9 10"], ["1 2", "3 4", "0 0"])
    judge = _Judge(state, 0)
    assert judge.value(MalusPlus(card, 1)) > judge.value(MalusPlus(card, 0))
    assert judge.value(MalusPlus(card, 2)) > judge.value(MalusPlus(card, ALL))
    four = arrange(
        ["malus+1/+2 5 5", "6 7 8", "9 10"],
        ["1 2", "3 4", "0 0"],
        objectives="four-malus pair under-5",
    )
    judge = _Judge(four, 0)
    assert judge.value(MalusPlus(card, 0)) > judge.value(MalusPlus(card, 1))


def test_it_lays_its_last_card_when_it_can() -> None:
    state = act(arrange(["4 9", "5 6 7"], ["1 2", "3 4"]), 0, "play 4")
    assert str(heuristic_action(state, 1, random.Random(1))) in ("play 5", "play 6", "play 7")
    last = act(arrange(["9", "4 6 7"], ["1 2", "3 4"], turn=1), 1, "play 4")
    assert str(heuristic_action(last, 0, random.Random(1))) == "play 9"


@random_games(3)
@given(config=configs, seed=seeds)
def test_it_plays_the_same_in_every_state_its_seat_cannot_tell_apart(
    config: ObjectifsConfig, seed: int
) -> None:
    rng = random.Random(seed)
    for step in walk(config, seed):
        state = step.before
        if step.seat == CHANCE or rng.random() > 0.05:
            continue
        sampled = RULES.determinize(state, step.seat, rng)  # type: ignore[attr-defined]
        assert heuristic_action(sampled, step.seat, random.Random(seed)) == heuristic_action(
            state, step.seat, random.Random(seed)
        )
