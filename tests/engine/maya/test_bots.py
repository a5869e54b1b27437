"""The bots: the random one plays legal actions; the heuristic one aims at its number; the
search bot weighs the plays and the likely guesses."""

import random
from collections import Counter
from collections.abc import Callable, Iterator

from games.engine.maya import RULES, MayaState, heuristic_action, legal_actions
from games.engine.maya.actions import Action, Guess, Play
from games.engine.maya.bots import GUESS_ODDS, candidate_actions, random_action
from games.engine.maya.determinize import determinize
from games.engine.maya.odds import guess_odds
from games.engine.maya.positions import arrange

Bot = Callable[[MayaState, int, random.Random], Action]


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


def test_bots_play_legal_actions() -> None:
    state = arrange(["+1 +3 -2 0 joker", "-1"], count=2, secrets=[9, 8])
    rng = random.Random(3)
    assert RULES.bot_action(state, 0, rng) in legal_actions(state, 0)
    assert heuristic_action(state, 0, rng) in legal_actions(state, 0)
    assert RULES.chance_action(state, rng) is None


def test_a_seats_bot_plays_toward_its_secret_number() -> None:
    state = arrange(["+1 +3 -2 0 +5", "0"], count=3, secrets=[6, 9])
    assert str(RULES.bot_action(state, 0, random.Random(1))) == "play +3"


def expert_positions(
    players: int, seed: int, games: int, bot: Bot = random_action
) -> Iterator[tuple[MayaState, int]]:
    """Each seat-to-play position of ``games`` expert games played by ``bot`` (random players
    guess often and wrongly, so tokens change hands every way there is; heuristic ones
    leave the count near their numbers, and the numbers they announce rule many out)."""
    rng = random.Random(seed)
    for _ in range(games):
        state = RULES.new_game({"players": players, "expert": True})
        while not RULES.is_terminal(state):
            chance = RULES.chance_action(state, rng)
            if chance is not None:
                state = RULES.apply(state, RULES.chance, chance)
                continue
            seat = min(RULES.awaiting(state))
            yield state, seat
            state = RULES.apply(state, seat, bot(state, seat, rng))


def test_the_search_bots_short_list_is_the_heuristics_move_every_play_and_the_likely_guesses() -> (
    None
):
    listed_guesses = 0
    for state, seat in expert_positions(4, 1, 10, heuristic_action):
        legal = list(legal_actions(state, seat))
        short = candidate_actions(state, seat, random.Random(2))
        assert short[0] == heuristic_action(state, seat, random.Random(2))
        assert len(set(short)) == len(short) and set(short) <= set(legal)
        assert {a for a in legal if isinstance(a, Play)} <= set(short)
        for guess in legal:
            if isinstance(guess, Guess) and guess != short[0]:
                likely = guess_odds(state, seat, guess) >= GUESS_ODDS
                assert (guess in short) == likely
                listed_guesses += likely
    assert listed_guesses > 0


def test_a_guess_is_right_as_often_as_the_odds_say_in_the_searchs_deals() -> None:
    """With two players, the target is the only other seat: the search's deals
    (``determinize``) give its token each number as often as ``guess_odds`` says."""
    compared = 0
    for index, (state, seat) in enumerate(expert_positions(2, 3, 4)):
        if index % 7 or state.guessed[1 - seat]:
            continue
        rng = random.Random(index)
        deals = Counter(determinize(state, seat, rng).secrets[1 - seat] for _ in range(400))
        for number in range(1, 11):
            odds = guess_odds(state, seat, Guess(1 - seat, number))
            assert abs(deals[number] / 400 - odds) < 0.08, (index, number)
        compared += 1
    assert compared >= 5
