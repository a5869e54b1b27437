"""The expert variant: guessing an opponent's secret number instead of playing a card."""

from games.engine.maya import How, MayaState, Phase, Won, legal_actions, outcome, parse_action
from games.engine.maya.positions import arrange

from .conftest import act, refused

HANDS = ["+1 +2", "-1 -2", "+3 +4"]


def _table() -> MayaState:
    return arrange(HANDS, secrets=[5, 7, 2], supply=[8, 3], expert=True)


def test_a_right_guess_wins_the_opponents_token_who_draws_a_new_one() -> None:
    state = act(_table(), 0, "guess 1 7")
    assert state.won[0] == (Won(7, How.GUESSED, 1),)
    assert state.secrets == (5, 8, 2)
    assert state.turn == 1 and state.total == 0
    assert len(state.hands[0]) == 2, "a guess plays no card, and draws none"


def test_a_wrong_guess_gives_the_guesser_token_to_the_opponent() -> None:
    state = act(_table(), 0, "guess 1 4")
    assert state.won[1] == (Won(5, How.DEFENDED, 0),)
    assert state.secrets == (8, 7, 2)
    assert state.guessed == (False, True, False)
    assert state.ruled_out[1] == {4}, "everyone heard that seat 1's token is no 4"


def test_a_token_can_be_guessed_only_once() -> None:
    """Decision: "Vous ne pouvez faire qu'une supposition par jeton" counts guesses per
    token, whoever makes them: after a wrong guess the token is safe until replaced."""
    state = act(_table(), 0, "guess 1 4")
    state = act(state, 1, "play -1")
    assert refused(state, 2, "guess 1 7") == "maya.guess-once"
    assert parse_action("guess 0 8") in legal_actions(state, 2)


def test_a_replaced_token_can_be_guessed_at_once() -> None:
    """Decision: a token drawn to replace one (revealed, or lost to a guess) is a new token,
    never guessed yet, even by a player who guessed the one before."""
    state = act(_table(), 0, "guess 1 4")
    state = act(state, 1, "play -1")
    state = act(state, 2, "guess 0 8")
    assert state.won[2] == (Won(8, How.GUESSED, 0),)
    assert state.secrets[0] == 3 and state.guessed[0] is False
    state = act(state, 0, "play +1")
    assert parse_action("guess 0 3") in legal_actions(state, 1)


def test_guessing_is_only_for_the_expert_variant() -> None:
    state = arrange(HANDS, secrets=[5, 7, 2])
    assert refused(state, 0, "guess 1 7") == "maya.expert"
    assert not any(str(a).startswith("guess") for a in legal_actions(state, 0))


def test_you_guess_an_opponents_number_from_1_to_10() -> None:
    assert refused(_table(), 0, "guess 0 5") == "maya.guess-target"
    assert refused(_table(), 0, "guess 3 5") == "maya.guess-target"
    assert refused(_table(), 0, "guess 1 11") == "maya.guess-number"
    assert refused(_table(), 0, "guess 1 0") == "maya.guess-number"


def test_a_guesser_has_20_guesses_at_two_untouched_opponents() -> None:
    guesses = [a for a in legal_actions(_table(), 0) if str(a).startswith("guess")]
    assert len(guesses) == 20


def test_a_fifth_token_won_from_a_wrong_guess_wins_on_the_guessers_turn() -> None:
    """Decision: tokens won by a guess count like revealed ones; the first seat with five,
    however won, wins at once, even on another player's turn."""
    four = [Won(n, How.REVEALED, 1) for n in (1, 1, 3, 4)]
    state = arrange(HANDS, secrets=[5, 7, 2], won=[[], four, []], expert=True)
    state = act(state, 0, "guess 1 6")
    assert state.phase is Phase.GAME_OVER and state.winner == 1
    result = outcome(state)
    assert result is not None and result.scores == (0, 5, 0)
    assert [line.points for line in result.breakdown[1]] == [4, 0, 1]
