"""The bots: the random one plays legal actions; the heuristic one aims at its number; the
search bot weighs the plays and the likely guesses."""

import random
from collections import Counter
from collections.abc import Callable, Iterator

from games.engine.maya import (
    RULES,
    MayaConfig,
    MayaState,
    Phase,
    Start,
    heuristic_action,
    legal_actions,
    random_step,
)
from games.engine.maya.actions import Action, Guess, Play
from games.engine.maya.bots import DEALERS_START, GUESS_ODDS, candidate_actions, random_action
from games.engine.maya.determinize import determinize
from games.engine.maya.odds import guess_odds, unseen_tokens
from games.engine.maya.positions import arrange

from .conftest import walk

Choice = Callable[[MayaState, random.Random], tuple[int, Action]]


def test_the_heuristic_bot_reaches_its_secret_number_when_it_can() -> None:
    state = arrange(["+1 +3 -2 0 joker", "-1"], count=2, secrets=[9, 8])
    assert str(heuristic_action(state, 0, random.Random(0))) == "play joker +5"


def test_the_heuristic_bot_gets_as_near_as_it_can() -> None:
    state = arrange(["+1 +2 -2 0 -1", "-1"], count=2, secrets=[9, 8])
    assert str(heuristic_action(state, 0, random.Random(0))) == "play +2"


def test_the_heuristic_bot_keeps_the_count_away_from_the_next_players_aim() -> None:
    """Seat 0 aims at 8 from 5: +2 and +4 both leave it one away. Seat 1 left the count at
    its last turn on 9 (or 7): it seems to aim there, so the bot leaves the other count."""
    state = arrange(["+2 +4 -1 -1 -1", "-1"], count=5, secrets=[8, 3])
    near_nine = state._replace(left=(None, 9))
    assert str(heuristic_action(near_nine, 0, random.Random(0))) == "play +2"
    near_seven = state._replace(left=(None, 7))
    assert str(heuristic_action(near_seven, 0, random.Random(0))) == "play +4"


def test_the_heuristic_bot_takes_its_number_with_a_skip_as_the_book_advises() -> None:
    """Rule book tip: with two players, a Skip keeps the count on your secret number."""
    state = arrange(["skip +1 +2 +3 +4", "-1"], count=6, secrets=[6, 9])
    assert str(heuristic_action(state, 0, random.Random(0))) == "play skip"


def test_the_dealer_bot_starts_a_jokers_count_out_of_the_first_players_reach() -> None:
    """From -5 a numbered card or a Joker makes at most 0: no secret number (1 to 10)."""
    state = arrange(["-1", "+1"])._replace(phase=Phase.START)
    for seed in range(5):
        assert heuristic_action(state, 1, random.Random(seed)) == Start(DEALERS_START)
    short = candidate_actions(state, 1, random.Random(0))
    assert short[0] == Start(-5) and set(short) == set(legal_actions(state, 1))


def test_bots_play_legal_actions() -> None:
    state = arrange(["+1 +3 -2 0 joker", "-1"], count=2, secrets=[9, 8])
    rng = random.Random(3)
    assert RULES.bot_action(state, 0, rng) in legal_actions(state, 0)
    assert heuristic_action(state, 0, rng) in legal_actions(state, 0)
    assert RULES.chance_action(state, rng) is None


def test_a_seats_bot_plays_toward_its_secret_number() -> None:
    state = arrange(["+1 +3 -2 0 +5", "0"], count=3, secrets=[6, 9])
    assert str(RULES.bot_action(state, 0, random.Random(1))) == "play +3"


def heuristic_step(state: MayaState, rng: random.Random) -> tuple[int, Action]:
    """A seat that may act, and its heuristic bot's action (chance's at random)."""
    seat = rng.choice(sorted(RULES.to_act(state)))
    bot = random_action if seat == RULES.chance else heuristic_action
    return seat, bot(state, seat, rng)


def expert_positions(
    players: int, seed: int, games: int, choose: Choice
) -> Iterator[tuple[MayaState, int]]:
    """Each position of ``games`` expert games where a seat is to play, and that seat; the
    moves drawn by ``choose`` (random players' wrong guesses move tokens every way there
    is; heuristic players leave the count near their numbers, and the numbers they announce
    rule many out)."""
    for game in range(games):
        for step in walk(MayaConfig(players, expert=True), seed * 1_000 + game, choose):
            if step.seat != RULES.chance:
                yield step.before, step.seat


def test_the_search_bots_short_list_is_the_heuristics_move_every_play_and_the_likely_guesses() -> (
    None
):
    listed_guesses = 0
    for state, seat in expert_positions(4, 1, 10, heuristic_step):
        legal = list(legal_actions(state, seat))
        short = candidate_actions(state, seat, random.Random(2))
        assert short[0] == heuristic_action(state, seat, random.Random(2))
        assert len(set(short)) == len(short) and set(short) <= set(legal)
        assert {a for a in legal if isinstance(a, Play)} <= set(short)
        for guess in legal:
            if isinstance(guess, Guess) and guess != short[0]:
                likely = guess_odds(state, guess, unseen_tokens(state, seat)) >= GUESS_ODDS
                assert (guess in short) == likely
                listed_guesses += likely
    assert listed_guesses > 0


def test_a_guess_is_right_as_often_as_the_odds_say_in_the_searchs_deals() -> None:
    """With two players, the target is the only other seat: the search's deals
    (``determinize``) give its token each number as often as ``guess_odds`` says."""
    compared = 0
    for index, (state, seat) in enumerate(expert_positions(2, 3, 4, random_step)):
        if index % 7 or state.guessed[1 - seat]:
            continue
        rng = random.Random(index)
        deals = Counter(determinize(state, seat, rng).secrets[1 - seat] for _ in range(400))
        for number in range(1, 11):
            odds = guess_odds(state, Guess(1 - seat, number), unseen_tokens(state, seat))
            assert abs(deals[number] / 400 - odds) < 0.08, (index, number)
        compared += 1
    assert compared >= 5
