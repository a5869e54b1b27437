"""Replaying recorded games: the record (configuration + every action, chance's included) is
the game. A record written by :func:`record_to_json`, sent through JSON text and replayed
rebuilds every state exactly; every action reads back from its text and JSON forms; a record
with a corrupted action is refused at that action, naming the broken rule.

The random games come from conftest.py, as in test_properties.py: the default run plays the
same 15 games every time; set ``NUMX_PROPERTY_GAMES`` to play that many fresh ones per test.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given

from games.engine.numx import (
    EDITION,
    FIRST_EDITION,
    SECOND_EDITION,
    Action,
    ConfigError,
    Deal,
    Draw,
    Face,
    GameConfig,
    GameState,
    Malus,
    Mode,
    Pass,
    Play,
    ReplayError,
    Shuffle,
    TripleRule,
    action_from_json,
    action_to_json,
    apply,
    legal_actions,
    new_game,
    parse_action,
    record_to_json,
    replay,
    replay_json,
)
from games.engine.numx.cards import CLASSIC_COLOURS, MAX_VALUE, number_face
from games.engine.numx.replay import history_from_json
from games.engine.numx.state import Phase

from .conftest import configs, random_games, seeds, walk

many_games = random_games(15)

History = list[tuple[int, Action]]


def _play(config: GameConfig, seed: int) -> tuple[list[GameState], History]:
    """A random game: its states (from the new game to the final one) and its history."""
    steps = list(walk(config, seed))
    states = [new_game(config), *(step.after for step in steps)]
    return states, [(step.seat, step.action) for step in steps]


def _through_json(config: GameConfig, history: History) -> dict[str, Any]:
    """The record as the event store would keep it: written, serialised, read back."""
    loaded: dict[str, Any] = json.loads(json.dumps(record_to_json(config, history)))
    return loaded


def _replay_error(config: GameConfig, history: History) -> ReplayError:
    with pytest.raises(ReplayError) as refused:
        replay_json(_through_json(config, history))
    return refused.value


# Faithful replays -------------------------------------------------------------------------


@many_games
@given(config=configs, seed=seeds)
def test_a_replayed_json_record_rebuilds_the_same_state_at_every_step(
    config: GameConfig, seed: int
) -> None:
    states, history = _play(config, seed)
    record = _through_json(config, history)
    assert replay_json(record) == states[-1]
    state = new_game(GameConfig.from_json(record["config"]))
    assert state == states[0]
    for index, (seat, action) in enumerate(history_from_json(record["actions"])):
        state = apply(state, seat, action)
        assert state == states[index + 1], f"action {index} ({action}) rebuilt another state"
    for length in random.Random(seed).sample(range(len(history) + 1), 3):
        assert replay(config, history[:length]) == states[length]


@many_games
@given(config=configs, seed=seeds)
def test_a_record_read_back_writes_the_same_record(config: GameConfig, seed: int) -> None:
    _, history = _play(config, seed)
    record = _through_json(config, history)
    assert record_to_json(config, history_from_json(record["actions"])) == record


def _assert_round_trips(action: Action) -> None:
    assert parse_action(str(action)) == action, f"text {str(action)!r}"
    data = json.loads(json.dumps(action_to_json(action)))
    assert action_from_json(data) == action, f"JSON {data!r}"


@many_games
@given(config=configs, seed=seeds)
def test_every_action_of_a_random_game_round_trips_through_text_and_json(
    config: GameConfig, seed: int
) -> None:
    """Every action played, and every listed legal action at every step (plis with Jokers
    and bonuses, take-backs, Action cards...), plus samples of distributions and Malus
    choices."""
    states, history = _play(config, seed)
    rng = random.Random(seed + 1)
    for state, (_, played) in zip(states, history, strict=False):
        _assert_round_trips(played)
        for seat in range(state.players):
            space = legal_actions(state, seat)
            if hasattr(space, "__len__"):
                for action in space:
                    _assert_round_trips(action)
            elif space:
                _assert_round_trips(space.sample(rng))


@pytest.mark.parametrize(
    "text",
    [
        "play joker as 9",
        "play blue-7 joker",
        "play rainbow-4 shadow-4 joker + malus+2/-1 all",
        "take 2: play blue-7 red-7",
        "take 0: flip all",
        "play shadow-10 + block between",
        "swipe left 3",
        "eclair 1 0 2",
        "resolve discard blue-1 remove 0 2 place down-left up-right",
        "distribute blue-7>2:up:left rainbow-7>0:down:right",
        "complete rainbow-12",
        "pick num-x",
    ],
)
def test_written_actions_read_back_to_the_same_action(text: str) -> None:
    action = parse_action(text)
    assert str(parse_action(str(action))) == str(action)
    _assert_round_trips(action)


# Corrupted records ------------------------------------------------------------------------


def _unheld_pli(state: GameState, seat: int) -> Play | None:
    """A pli that fits on the top pli by its shape (same size, higher value, classic colours)
    made of cards ``seat`` does not hold, if there is one."""
    top = state.trick.top
    if top is None or top.value is None:
        return None
    held = {card.face for card in state.hands[seat]}
    for value in range(top.value + 1, MAX_VALUE + 1):
        faces = [number_face(colour, value) for colour in CLASSIC_COLOURS]
        unheld = [face for face in faces if face not in held]
        if len(unheld) >= len(top.cards):
            return Play(tuple(unheld[: len(top.cards)]))
    return None


def _corruptible_pass(states: list[GameState], history: History) -> tuple[int, Play] | None:
    """The first pass, on a pli, by a seat whose turn it was and that was not blocked,
    with a pli of cards it did not hold to put in its place."""
    for index, (seat, action) in enumerate(history):
        state = states[index]
        if (
            isinstance(action, Pass)
            and state.phase is Phase.PLAY
            and state.pending is None
            and seat == state.turn
            and seat not in state.trick.blocked
        ):
            pli = _unheld_pli(state, seat)
            if pli is not None:
                return index, pli
    return None


@pytest.mark.parametrize("mode", list(Mode))
@pytest.mark.parametrize("players", [2, 4, 6])
def test_a_pass_replaced_by_a_pli_of_cards_not_held_is_refused_at_that_action(
    players: int, mode: Mode
) -> None:
    config = GameConfig(players, mode)
    for seed in range(20):
        states, history = _play(config, seed)
        found = _corruptible_pass(states, history)
        if found is not None:
            break
    else:
        pytest.fail("no pass to corrupt in 20 games")
    index, pli = found
    seat = history[index][0]
    assert pli not in legal_actions(states[index], seat)
    corrupted = [*history[:index], (seat, pli), *history[index + 1 :]]
    error = _replay_error(config, corrupted)
    assert (error.index, error.rule) == (index, "hand.has-cards")


@pytest.mark.parametrize("mode", list(Mode))
def test_an_action_recorded_for_the_wrong_seat_is_refused_at_that_action(mode: Mode) -> None:
    config = GameConfig(3, mode)
    states, history = _play(config, seed=11)
    index = next(
        i
        for i, (seat, action) in enumerate(history)
        if isinstance(action, Play) and states[i].pending is None
    )
    seat, action = history[index]
    wrong = [*history[:index], ((seat + 1) % 3, action), *history[index + 1 :]]
    error = _replay_error(config, wrong)
    assert (error.index, error.rule) == (index, "turn.not-yours")


def _with_action(history: History, index: int, action: Action) -> History:
    return [*history[:index], (history[index][0], action), *history[index + 1 :]]


@pytest.mark.parametrize("mode", list(Mode))
def test_a_deal_missing_a_card_or_naming_one_twice_is_refused_as_the_first_action(
    mode: Mode,
) -> None:
    config = GameConfig(4, mode)
    _, history = _play(config, seed=3)
    deal = history[0][1]
    assert isinstance(deal, Deal)
    for order in (deal.order[:-1], (*deal.order[:-1], deal.order[0])):
        error = _replay_error(config, _with_action(history, 0, Deal(order)))
        assert (error.index, error.rule) == (0, "chance.deck")


def test_a_family_deal_holding_an_action_card_is_refused() -> None:
    config = GameConfig(2, Mode.FAMILY)
    _, history = _play(config, seed=3)
    deal = history[0][1]
    assert isinstance(deal, Deal)
    order = (*deal.order[:-1], Face.parse("block"))
    error = _replay_error(config, _with_action(history, 0, Deal(order)))
    assert (error.index, error.rule) == (0, "chance.deck")


def test_an_x_game_round_two_shuffle_missing_a_card_is_refused_at_the_shuffle() -> None:
    config = GameConfig(3, Mode.X_GAME)
    _, history = _play(config, seed=5)
    index = next(i for i, (_, action) in enumerate(history) if isinstance(action, Shuffle))
    shuffle = history[index][1]
    assert isinstance(shuffle, Shuffle)
    error = _replay_error(config, _with_action(history, index, Shuffle(shuffle.order[1:])))
    assert (error.index, error.rule) == (index, "chance.pile")


def test_an_action_recorded_after_the_end_of_the_game_is_refused() -> None:
    config = GameConfig(2)
    _, history = _play(config, seed=2)
    error = _replay_error(config, [*history, (0, Pass())])
    assert (error.index, error.rule) == (len(history), "game.over")


@pytest.mark.parametrize(
    "entry",
    [
        {"seat": 0, "action": {"type": "teleport"}},
        {"seat": 0, "action": {"type": "play", "cards": ["purple-3"]}},
        {"seat": 0, "action": {"type": "play", "cards": ["blue-17"]}},
        {"seat": 0, "action": {"type": "play"}},
        {"seat": 0, "action": {"type": "malus", "card": "flip", "target": 1}},
        {"seat": 0, "action": {"type": "take", "index": "two", "play": {"type": "pass"}}},
        {"seat": 0, "action": "pass"},
        {"action": {"type": "pass"}},
        {"seat": "north", "action": {"type": "pass"}},
    ],
)
def test_an_unreadable_recorded_action_is_refused_with_the_notation_rule(
    entry: dict[str, Any],
) -> None:
    config = GameConfig(3)
    _, history = _play(config, seed=4)
    record = _through_json(config, history)
    index = len(history) // 2
    record["actions"][index] = entry
    with pytest.raises(ReplayError) as refused:
        replay_json(record)
    assert (refused.value.index, refused.value.rule) == (index, "notation")


# Rules editions -----------------------------------------------------------------------------

#: A 3-player Speed Run recorded before rules editions existed (no ``edition`` in its
#: configuration): at action 161 seat 2 draws the Rainbow 1 while a blue 1 is on top, and,
#: as the first edition played it, keeps it in the hand.
FIRST_EDITION_RECORD = Path(__file__).parent / "records" / "first_edition_drawn_rainbow.json"


def test_a_game_recorded_before_editions_replays_under_the_first_edition_rules() -> None:
    record = json.loads(FIRST_EDITION_RECORD.read_text())
    assert "edition" not in record["config"]
    history = history_from_json(record["actions"])
    before = replay(GameConfig(3, Mode.SPEED_RUN, edition=FIRST_EDITION), history[:161])
    assert before.trick.top is not None and str(before.trick.top.cards[-1]) == "blue-1"
    assert str(before.pile[0]) == "rainbow-1" and history[161] == (2, Draw())
    state = replay_json(record)
    assert state.config.edition == FIRST_EDITION and state.phase is Phase.GAME_OVER
    # Under edition 2 the drawn Rainbow must complete the pli, and the record breaks there.
    with pytest.raises(ReplayError) as broken:
        replay(GameConfig(3, Mode.SPEED_RUN, edition=SECOND_EDITION), history)
    assert broken.value.index == 162 and broken.value.rule == "turn.waiting"


#: A 3-player Speed Run recorded under edition 2: at action 6 seat 2 aims its Malus+2/-1 at
#: itself, which edition 3 refuses (a Malus is aimed at opponents).
SECOND_EDITION_RECORD = Path(__file__).parent / "records" / "second_edition_malus_on_oneself.json"


def test_a_second_edition_game_with_a_malus_on_oneself_replays_under_its_edition() -> None:
    record = json.loads(SECOND_EDITION_RECORD.read_text())
    assert record["config"]["edition"] == SECOND_EDITION
    history = history_from_json(record["actions"])
    assert history[6] == (2, Malus(Face.parse("malus+2/-1"), 2))
    state = replay_json(record)
    assert state.config.edition == SECOND_EDITION and state.phase is Phase.GAME_OVER
    # Under today's edition the same history breaks at that Malus.
    with pytest.raises(ReplayError) as broken:
        replay(GameConfig(3, Mode.SPEED_RUN), history)
    assert broken.value.index == 6 and broken.value.rule == "malus.opponent"


def test_a_new_game_records_its_edition_and_reads_it_back() -> None:
    config = GameConfig(4, Mode.X_GAME)
    assert config.edition == EDITION and config.to_json()["edition"] == EDITION
    assert GameConfig.from_json(json.loads(json.dumps(config.to_json()))) == config
    assert GameConfig.from_json({"players": 4, "mode": "x-game"}).edition == FIRST_EDITION
    for bad in (0, EDITION + 1, "2", True):
        with pytest.raises(ConfigError):
            GameConfig.from_json({"players": 4, "edition": bad})


def test_the_triple_rule_is_a_table_option_read_back_with_its_default() -> None:
    every = GameConfig(4, triple_rule=TripleRule.EVERY)
    assert every.to_json()["triple_rule"] == "every"
    assert GameConfig.from_json(json.loads(json.dumps(every.to_json()))) == every
    # A configuration without it (every game before the option) keeps the opening-pli rule.
    assert GameConfig.from_json({"players": 4}).triple_rule is TripleRule.OPENING
    with pytest.raises(ConfigError, match="triple rule"):
        GameConfig.from_json({"players": 4, "triple_rule": "sometimes"})
