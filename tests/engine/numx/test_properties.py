"""Invariants of the NUM-X rules engine, checked at every step of random games.

Hypothesis draws a configuration (2 to 6 players, every mode, teams with 4 or 6 players) and a
seed; the seed drives random bots (:func:`random_step`) through a whole game, and each test
checks one invariant at every step. A failure names the configuration and the seed, so
``walk(config, seed)`` (tests/engine/numx/conftest.py) replays the exact game.

By default each property test plays the same 25 games on every run (Hypothesis is
derandomized, so the suite is stable and fast). Setting ``NUMX_PROPERTY_GAMES`` plays that many
fresh random games per test instead, for a long run::

    NUMX_PROPERTY_GAMES=3000 .venv/bin/pytest tests/engine/numx/test_properties.py -q
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace

import pytest
from hypothesis import given

from games.engine.numx import (
    ALL,
    CHANCE,
    DECK,
    EDITION,
    SECOND_EDITION,
    THIRD_EDITION,
    Action,
    ActionSpace,
    Complete,
    Deal,
    Distribute,
    Face,
    GameConfig,
    GameState,
    IllegalAction,
    Kind,
    Malus,
    Mode,
    Pick,
    Placement,
    Play,
    Refill,
    Reset,
    Resolve,
    Side,
    TakeBack,
    action_type,
    apply,
    is_terminal,
    legal_actions,
    new_game,
    outcome,
    parse_action,
    play_random_game,
    to_act,
)
from games.engine.numx.cards import JOKER, MAX_VALUE
from games.engine.numx.positions import arrange
from games.engine.numx.state import Distributing, DrawnCard, MalusResolution, Phase

from .conftest import configs, every_card, final_state, random_games, seeds, walk

many_games = random_games(25)


def _accepts(state: GameState, seat: int, action: Action) -> bool:
    try:
        apply(state, seat, action)
    except IllegalAction:
        return False
    return True


# Conservation of the cards --------------------------------------------------------------


def _assert_cards_conserved(state: GameState, where: str) -> None:
    ids = Counter(card.id for card in every_card(state))
    duplicated = sorted(str(DECK[i]) for i, count in ids.items() if count > 1)
    missing = sorted(str(card) for card in DECK if card.id not in ids)
    assert not duplicated and not missing, f"{where}: twice {duplicated}, missing {missing}"
    pending = state.pending
    if isinstance(pending, DrawnCard):
        assert pending.card in state.hands[pending.seat], f"{where}: drawn card not in hand"
    if isinstance(pending, Distributing):
        in_plis = Counter(card.id for pli in state.trick.plis for card in pli.cards)
        handed = Counter(card.id for card in pending.cards)
        assert not handed - in_plis, f"{where}: distributed cards not from the trick"


@many_games
@given(config=configs, seed=seeds)
def test_the_125_cards_are_each_in_exactly_one_place_at_every_step(
    config: GameConfig, seed: int
) -> None:
    _assert_cards_conserved(new_game(config), "new game")
    for step in walk(config, seed):
        _assert_cards_conserved(step.after, f"after step {step.number} ({step.action})")


def test_a_card_counted_twice_or_lost_breaks_conservation() -> None:
    """The conservation check itself catches a duplicated and a vanished card."""
    state = final_state(GameConfig(3), seed=7)
    duplicated = state._replace(discard=(*state.discard, state.pile[0]))
    lost = state._replace(pile=state.pile[1:])
    for broken in (duplicated, lost):
        with pytest.raises(AssertionError):
            _assert_cards_conserved(broken, "broken")


# Legality ---------------------------------------------------------------------------------


@many_games
@given(config=configs, seed=seeds)
def test_every_applied_action_was_legal_for_a_seat_that_could_act(
    config: GameConfig, seed: int
) -> None:
    for step in walk(config, seed):
        assert step.seat in to_act(step.before), f"step {step.number}: seat {step.seat}"
        assert step.action in legal_actions(step.before, step.seat), (
            f"step {step.number}: {step.action} by seat {step.seat} is not listed as legal"
        )


@many_games
@given(config=configs, seed=seeds)
def test_someone_can_always_act_and_only_those_who_may_act_have_legal_actions(
    config: GameConfig, seed: int
) -> None:
    for step in walk(config, seed):
        state = step.before
        acting = to_act(state)
        assert acting, f"step {step.number}: nobody may act in {state.phase}"
        for seat in (CHANCE, *config.seats):
            has_actions = bool(legal_actions(state, seat))
            assert has_actions == (seat in acting), (
                f"step {step.number}: seat {seat} in to_act={sorted(acting)} "
                f"but has legal actions={has_actions}"
            )
        for seat in acting:
            space = legal_actions(state, seat)
            if _listed(space) is None:  # a combinatorial space: show it holds an action
                sample = space.sample(random.Random(step.number))
                assert sample in space, f"step {step.number}: seat {seat}'s {sample} not legal"


@many_games
@given(config=configs, seed=seeds)
def test_actions_of_a_seat_that_may_not_act_are_refused(config: GameConfig, seed: int) -> None:
    """The action just played, tried by another seat (or chance) that may not act, is
    refused."""
    for step in walk(config, seed):
        idle = [seat for seat in (CHANCE, *config.seats) if seat not in to_act(step.before)]
        for seat in idle:
            assert not _accepts(step.before, seat, step.action), (
                f"step {step.number}: seat {seat} may not act, yet {step.action} was accepted"
            )


def _listed(space: ActionSpace) -> list[Action] | None:
    """The actions of a short, fully listed legal set (None for combinatorial spaces)."""
    return list(space) if hasattr(space, "__len__") else None


@many_games
@given(config=configs, seed=seeds)
def test_listed_legal_actions_are_accepted_by_apply(config: GameConfig, seed: int) -> None:
    """Up to 6 listed actions per acting seat and step (all of them when 6 or fewer)."""
    sampler = random.Random(seed + 1)
    for step in walk(config, seed):
        for seat in to_act(step.before):
            listed = _listed(legal_actions(step.before, seat))
            if listed is None:
                continue
            for action in sampler.sample(listed, min(6, len(listed))):
                try:
                    apply(step.before, seat, action)
                except IllegalAction as error:
                    raise AssertionError(
                        f"step {step.number}: seat {seat}'s listed {action} refused: {error}"
                    ) from error


def _plausible_actions(state: GameState, seat: int) -> list[Action]:
    """Actions a player might try: pass, draw, picks and single plis of each card they hold,
    completions with their Rainbows, their Malus cards on every seat (their own included)
    and on all, take-backs of each score card laid alone (or, for a Rainbow, completing)."""
    top = state.trick.top
    joker_values = {0, MAX_VALUE}
    if top is not None and top.value is not None and top.value < MAX_VALUE:
        joker_values.add(top.value + 1)

    def single(face: Face) -> list[Play]:
        if face is JOKER:
            return [Play((JOKER,), value) for value in sorted(joker_values)]
        return [Play((face,))]

    actions: list[Action] = [parse_action("pass"), parse_action("draw"), Refill(), Reset()]
    for face in sorted({card.face for card in state.hands[seat]}):
        actions += [Pick(face), *single(face)]
        if face.is_rainbow:
            actions.append(Complete(face))
        if face.kind is Kind.MALUS:
            actions += [Malus(face, target) for target in (*state.config.seats, ALL)]
    for index, score in enumerate(state.rows[seat]):
        actions += [TakeBack(index, play) for play in single(score.card.face)]
        if score.card.face.is_rainbow:
            actions.append(TakeBack(index, Complete(score.card.face)))
    return actions


@many_games
@given(config=configs, seed=seeds)
def test_plausible_actions_are_refused_exactly_when_they_are_not_legal(
    config: GameConfig, seed: int
) -> None:
    for step in walk(config, seed):
        state = step.before
        for seat in config.seats:
            legal = legal_actions(state, seat)
            for action in _plausible_actions(state, seat):
                listed = action in legal
                assert _accepts(state, seat, action) == listed, (
                    f"step {step.number} ({state.phase.value}): seat {seat} {action}: "
                    f"legal_actions says {'legal' if listed else 'illegal'}, apply disagrees"
                )


# The end of the game ------------------------------------------------------------------------


@many_games
@given(config=configs, seed=seeds)
def test_every_game_ends_with_one_score_per_seat_and_the_best_scores_winning(
    config: GameConfig, seed: int
) -> None:
    final = final_state(config, seed)
    assert is_terminal(final)
    result = outcome(final)
    assert result is not None
    assert len(result.scores) == config.players
    assert result.winners
    best = max(result.scores)
    assert result.winners == {seat for seat in config.seats if result.scores[seat] == best}
    assert len(result.rounds) == config.rules.rounds
    if config.teams:
        for seat in config.seats:
            assert result.scores[seat] == result.scores[config.partner(seat)]
            assert (seat in result.winners) == (config.partner(seat) in result.winners)
    assert not to_act(final)
    for seat in (CHANCE, *config.seats):
        assert not legal_actions(final, seat)
    with pytest.raises(IllegalAction) as refused:
        apply(final, 0, parse_action("pass"))
    assert refused.value.rule == "game.over"


def _hoarding_step(state: GameState, rng: random.Random) -> tuple[int, Action]:
    """A seat that may act, and a score card taken back whenever it may (else a random
    move): the players who would keep a trick going with their rows."""
    seat = rng.choice(sorted(to_act(state)))
    legal = legal_actions(state, seat)
    takes = [a for a in legal if isinstance(a, TakeBack)] if legal.listable else []
    return seat, rng.choice(takes) if takes else legal.sample(rng)


@many_games
@given(config=configs, seed=seeds)
def test_every_trick_sheds_a_card_of_the_hands_or_the_pile_so_every_round_ends(
    config: GameConfig, seed: int
) -> None:
    """Rows give no card back to the hands, and the pile is never remade: each trick opens
    with a card of a hand (edition 4, ``take.open``) or a drawn one, so hands and pile hold
    fewer cards at each trick's end than at the last one's, and a round has at most as many
    tricks as they hold cards. (Before edition 4 a score card taken back opened a trick
    alone: ``test_before_the_fourth_edition_a_score_card_could_open_the_same_trick_forever``.)
    """
    tricks = 0
    last: tuple[int, int] | None = None  # the round, and the cards left at its last trick's end
    for step in walk(replace(config, edition=EDITION), seed, _hoarding_step):
        state = step.after
        if state.tricks == tricks:
            continue
        tricks = state.tricks
        if state.phase is not Phase.PLAY:  # that trick ended the round
            last = None
            continue
        held = sum(map(len, state.hands)) + len(state.pile)
        if last is not None and last[0] == state.round_no:
            assert held < last[1], f"trick {tricks} left {held} cards to play, as many as before"
        last = (state.round_no, held)


def test_a_game_not_over_has_no_outcome() -> None:
    assert outcome(new_game(GameConfig(4, Mode.X_GAME, teams=True))) is None


# Regression: a Malus that empties its player's hand ----------------------------------------


@pytest.mark.parametrize("target", ["0", "all"])
def test_a_malus_laid_as_its_players_last_card_on_themselves_resolves_and_wins(
    target: str,
) -> None:
    """Found by these property tests (seed 147 below): seat 0 lays its last card,
    ``malus-1/+1``, on itself (or on ``all``). The engine asked its now empty hand to discard
    ``min(1, len(hand) - 1) = -1`` cards (games/engine/numx/action_cards.py, _start_malus): no
    Resolve could ever do that, and ``legal_actions(...).sample`` raised ValueError, so the
    game was stuck.

    docs/rules.md: "a Malus never empties a hand: -X en main discards at most all cards but
    one", and a player who lays their last card as an Action card wins the trick once its
    effect is carried out: seat 0 discards nothing, places its drawn score card, and wins.
    Only editions 1 and 2 let a Malus hit its own player (edition 3: ``malus.opponent``).
    """
    config = GameConfig(2, edition=SECOND_EDITION)
    state = arrange(config, ["malus-1/+1", "blue-3 red-5"], ["blue-1", "red-2"])
    state = apply(state, 0, parse_action(f"malus-1/+1 {target}"))
    assert isinstance(state.pending, MalusResolution)
    task = next(task for task in state.pending.tasks if task.seat == 0)
    assert task.discard == 0, f"seat 0, with no card left, is asked to discard {task.discard}"
    rng = random.Random(0)
    while isinstance(state.pending, MalusResolution):
        seat = min(to_act(state))
        state = apply(state, seat, legal_actions(state, seat).sample(rng))
    assert is_terminal(state)
    assert [(end.termination.value, end.seat) for end in state.rounds] == [("last-card", 0)]
    assert len(state.rows[0]) == 2  # blue-1, and the card the Malus drew for its row


def test_the_random_game_of_seed_147_in_two_player_x_game_ends() -> None:
    """The same bug, as random bots met it: at action 178 of this game, seat 1 lays its last
    card, ``malus-2/+2 all``, and was asked to discard -1 cards (edition 2: edition 3's
    Malus spares its player)."""
    config = GameConfig(2, Mode.X_GAME, edition=SECOND_EDITION)
    final, history = play_random_game(config, random.Random(147))
    assert is_terminal(final), f"stopped after {len(history)} actions"


# Golden playthrough -----------------------------------------------------------------------


def _golden_choice(state: GameState, seat: int, rng: random.Random) -> tuple[int | None, Action]:
    """The number of ``seat``'s legal actions (None where they are not listed) and the action
    the golden playthrough takes: chosen with ``rng`` among the listed actions sorted by their
    text, so that only the *set* of legal actions matters, not the order the engine lists them;
    a deal shuffled by ``rng``; a fixed, simple distribution or Malus choice."""
    space = legal_actions(state, seat)
    if seat == CHANCE:
        order = [card.face for card in state.config.deck]
        rng.shuffle(order)
        return None, Deal(tuple(order))
    pending = state.pending
    if isinstance(pending, Distributing):
        receivers = sorted(pending.receivers, key=lambda s: (s - pending.winner) % state.players)
        placements = tuple(
            Placement(card.face, receivers[i % len(receivers)], True, Side.RIGHT)
            for i, card in enumerate(pending.cards[: pending.minimum])
        )
        return None, Distribute(placements)
    if isinstance(pending, MalusResolution):
        task = next(task for task in pending.tasks if task.seat == seat)
        hand = sorted(card.face for card in state.hands[seat])
        choice = Resolve(
            tuple(hand[: task.discard]),
            tuple(range(task.remove)),
            ((True, Side.RIGHT),) * len(task.drawn),
        )
        return len(list(space)), choice
    listed = _listed(space)
    assert listed is not None
    return len(listed), rng.choice(sorted(listed, key=str))


def _golden_playthrough(config: GameConfig, seed: int, steps: int) -> tuple[list[str], GameState]:
    """The golden playthrough's lines ("seat: legal count -> action") and its last state."""
    rng = random.Random(seed)
    state = new_game(config)
    lines = []
    for _ in range(steps):
        seat = rng.choice(sorted(to_act(state)))
        count, action = _golden_choice(state, seat, rng)
        text = action_type(action) if isinstance(action, Deal) else str(action)
        lines.append(f"{'chance' if seat == CHANCE else seat}: {count} -> {text}")
        state = apply(state, seat, action)
    return lines, state


# Computed once, on the engine as first written, with
#     lines, _ = _golden_playthrough(GameConfig(3), seed=20240601, steps=60)
# and pasted here. Each line is "seat: number of its legal actions -> the action taken" (None:
# not a listed set). The walk was checked by hand against docs/rules.md (the Eclair, the
# taken-back Swipe, the blank tricks, the Quantum keeping seat 2's row from the distribution).
# A change in how the engine generates legal moves, or applies them, changes these lines.
# The walk is pinned under rules edition 2: at "2: 4 -> malus-2/+2 0", edition 3 offers
# seat 2 three Malus moves, not four (its own seat is no longer a target).
GOLDEN_3_PLAYERS = [
    "chance: None -> deal",
    "1: 13 -> pick rainbow-8",
    "2: 13 -> pick infinity",
    "0: 13 -> pick swipe",
    "1: 49 -> draw",
    "1: 1 -> play blue-15",
    "2: 8 -> play green-16",
    "0: 10 -> eclair 1 0 0",
    "1: 12 -> take 0: swipe left all",
    "2: None -> distribute blue-15>2:up:right",
    "2: 36 -> play rainbow-13",
    "0: 2 -> pass",
    "1: 6 -> flip 2",
    "2: None -> distribute rainbow-13>2:up:right",
    "2: 34 -> take 2: play green-13 rainbow-13",
    "0: 2 -> pass",
    "1: 3 -> take 0: play infinity",
    "2: 5 -> pass",
    "0: 2 -> draw",
    "1: None -> distribute green-13>1:up:right",
    "1: 18 -> take 0: play green-13",
    "2: 7 -> play yellow-16",
    "0: 2 -> draw",
    "1: 2 -> draw",
    "2: None -> distribute green-13>2:up:right",
    "2: 23 -> quantum 2",
    "0: 21 -> play yellow-7",
    "1: 11 -> play yellow-10",
    "2: 5 -> take 2: play green-13",
    "0: 2 -> draw",
    "0: 1 -> play rainbow-16",
    "1: 2 -> pass",
    "2: 2 -> draw",
    "2: 4 -> malus-2/+2 0",
    "0: 1056 -> resolve discard blue-0 blue-2 place up-right up-right",
    "0: None -> distribute rainbow-16>0:up:right",
    "0: 20 -> play yellow-1 rainbow-1",
    "1: 10 -> play shadow-9",
    "2: 5 -> pass",
    "0: 8 -> take 2: play rainbow-16",
    "1: 2 -> pass",
    "2: 2 -> draw",
    "2: 6 -> swipe right 2",
    "0: None -> distribute yellow-1>0:up:right rainbow-1>1:up:right",
    "0: 17 -> take 1: play blue-12 red-12",
    "1: 2 -> pass",
    "2: 3 -> pass",
    "0: None -> distribute blue-12>0:up:right",
    "0: 14 -> take 3: play blue-12",
    "1: 2 -> pass",
    "2: 4 -> play shadow-13",
    "0: 2 -> draw",
    "0: 3 -> quantum 1",
    "1: 2 -> pass",
    "2: None -> distribute shadow-13>2:up:right",
    "2: 9 -> play blue-10",
    "0: 3 -> pass",
    "1: 7 -> pass",
    "2: None -> distribute blue-10>2:up:right",
    "2: 9 -> play shadow-4",
]


def test_the_golden_playthrough_offers_the_same_legal_actions_as_when_it_was_pinned() -> None:
    lines, _ = _golden_playthrough(GameConfig(3, edition=SECOND_EDITION), seed=20240601, steps=60)
    for number, (line, pinned) in enumerate(zip(lines, GOLDEN_3_PLAYERS, strict=True)):
        assert line == pinned, f"step {number} of the golden playthrough differs"


def _perft(state: GameState, depth: int) -> int:
    """Leaf count of the game tree below ``state``: every listed action of every seat that
    may act (completers included), ``depth`` moves deep."""
    if depth == 0 or is_terminal(state):
        return 1
    total = 0
    for seat in sorted(to_act(state)):
        listed = _listed(legal_actions(state, seat))
        assert listed is not None, "perft only walks listed actions"
        total += sum(_perft(apply(state, seat, action), depth - 1) for action in listed)
    return total


def test_perft_from_the_golden_first_turn_counts_the_pinned_game_tree() -> None:
    """After the golden deal and picks (seat 1 to play, 12 cards each), the number of move
    sequences 1, 2 and 3 moves deep, as first computed with ``_perft`` (like chess perft).
    Edition 4 has one move fewer at the first: seat 1's score card, the Rainbow 8, taken
    back to open the trick alone."""
    counts = {}
    for edition in (THIRD_EDITION, EDITION):
        _, state = _golden_playthrough(GameConfig(3, edition=edition), seed=20240601, steps=4)
        assert (state.phase.value, state.turn) == ("play", 1)
        counts[edition] = [_perft(state, depth) for depth in (1, 2, 3)]
    assert counts == {THIRD_EDITION: [49, 1120, 8322], EDITION: [48, 1099, 8194]}
