"""A determinized Maya state gives its seat exactly the view of the real one, with the
hidden cards and tokens dealt again, and keeps what the table was told and the view no
longer shows: numbers ruled out for a secret, tokens shown in an event."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator

from games.engine.maya import RULES, How, MayaState, Phase, Start
from games.engine.maya.determinize import determinize
from games.engine.maya.positions import arrange
from games.engine.ruleset import BotLevel
from games.engine.search import Budget, bot_move

from .conftest import act, every_token


def positions(seed: int, games: int) -> Iterator[MayaState]:
    """Every position of ``games`` random games of 2 to 4 players, standard and expert,
    under either rules edition (random players guess often, and wrongly)."""
    rng = random.Random(seed)
    for number in range(games):
        config = {
            "players": 2 + number % 3,
            "expert": number % 2 == 1,
            "edition": 1 + number % 4 // 2,
        }
        state = RULES.new_game(config)
        while not RULES.is_terminal(state):
            yield state
            chance = RULES.chance_action(state, rng)
            if chance is not None:
                state = RULES.apply(state, RULES.chance, chance)
                continue
            seat = rng.choice(sorted(RULES.to_act(state) - {RULES.chance}))
            state = RULES.apply(state, seat, RULES.legal_actions(state, seat).sample(rng))


def test_every_sampled_state_gives_exactly_that_seats_view() -> None:
    rng = random.Random(1)
    changed = 0
    for state in positions(1, 60):
        for seat in range(state.players):
            sampled = determinize(state, seat, rng)
            assert RULES.view(sampled, seat) == RULES.view(state, seat)
            changed += sampled.secrets != state.secrets
    assert changed, "the other secret numbers were never dealt again"


def test_no_secret_is_dealt_a_number_the_table_ruled_out_and_shown_tokens_stay() -> None:
    rng = random.Random(2)
    ruled = redealt = 0
    for state in positions(2, 24):
        # The engine's bookkeeping: a secret never bears a number ruled out for it.
        assert all(s not in out for s, out in zip(state.secrets, state.ruled_out, strict=True))
        ruled += sum(map(len, state.ruled_out))
        for seat in range(state.players):
            sampled = determinize(state, seat, rng)
            assert sampled.ruled_out == state.ruled_out
            for secret, out in zip(sampled.secrets, sampled.ruled_out, strict=True):
                assert secret not in out
            assert every_token(sampled) == every_token(state)
            for owner, won in enumerate(state.won):
                for w, drawn in zip(won, sampled.won[owner], strict=True):
                    if drawn != w:
                        # Only a token lost by another seat's wrong guess was never shown.
                        assert owner != seat and w.how is How.DEFENDED and w.of != seat
                        redealt += 1
    assert ruled, "no number was ever ruled out"
    assert redealt, "no unseen won token was ever dealt again"


def test_a_wrong_guess_and_a_count_announced_rule_numbers_out_of_the_samples() -> None:
    table = arrange(["+1 +2", "-1 +3", "+3 +4"], secrets=[5, 7, 2], supply=[4, 1], expert=True)
    state = act(table, 0, "guess 1 4")  # wrong: seat 1's token is no 4
    state = act(state, 1, "play +3")  # seat 1 announces 3 and does not reveal
    assert state.ruled_out[1] == {3, 4}
    rng = random.Random(3)
    dealt = Counter(determinize(state, 2, rng).secrets[1] for _ in range(300))
    assert not dealt.keys() & {3, 4}
    # Both numbers are among the tokens seat 2 has not seen: only the rule keeps them out.
    assert {3, 4} <= set(state.supply) | {7}
    assert len(dealt) > 3


def test_with_it_the_search_bot_plays_maya_and_only_legal_moves() -> None:
    rng = random.Random(2)
    state = RULES.new_game({"players": 3, "expert": True})
    searched = 0
    while not RULES.is_terminal(state) and searched < 15:
        chance = RULES.chance_action(state, rng)
        if chance is not None:
            state = RULES.apply(state, RULES.chance, chance)
            continue
        seat = rng.choice(sorted(RULES.awaiting(state) - {RULES.chance}))
        action = bot_move(RULES, state, seat, BotLevel.SEARCH, rng, Budget(iterations=5))
        assert action in RULES.legal_actions(state, seat)
        searched += 1
        state = RULES.apply(state, seat, action)
    assert searched == 15


def test_the_search_bot_chooses_a_jokers_starting_count_as_the_dealer() -> None:
    """A dealer moved for by the search (a player out of time at a level-2 table) names a
    legal count; its deals keep the dealer's hand and the Joker turned up."""
    rng = random.Random(4)
    state = arrange(["+1 +2 +3 +4 +5", "-1 -2 -3 -4 -5"], discard="joker")
    state = state._replace(phase=Phase.START, secrets=(None, None), supply=())
    sampled = determinize(state, 1, rng)
    assert RULES.view(sampled, 1) == RULES.view(state, 1)
    action = bot_move(RULES, state, 1, BotLevel.SEARCH, rng, Budget(iterations=20))
    assert isinstance(action, Start) and action in RULES.legal_actions(state, 1)
