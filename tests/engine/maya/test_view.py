"""What a seat may see: the view is the only way out for hands and secret numbers, and the
history's records are redacted the same way."""

from __future__ import annotations

import json

from hypothesis import given

from games.engine.maya import (
    CHANCE,
    DECK,
    RULES,
    Deal,
    How,
    MayaConfig,
    MayaState,
    Phase,
    Start,
    Won,
    action_to_json,
    view,
)
from games.engine.maya.cards import JOKER
from games.engine.maya.positions import arrange

from .conftest import act, configs, random_games, seeds, walk

many_games = random_games(15)


def _hidden_ok(state: MayaState, seat: int | None) -> None:
    seen = view(state, seat)
    json.dumps(seen)
    for other in state.config.seats:
        if other != seat:
            assert seen["hands"][other] is None
            assert seen["secrets"][other] is None
            if state.config.expert:
                assert all(w["number"] is None for w in seen["won"][other])
    assert seen["pile"] is None and seen["supply"] is None
    if seat is not None:
        assert seen["secrets"][seat] == state.secrets[seat]
        assert seen["hands"][seat] == [str(card) for card in sorted(state.hands[seat])]


@many_games
@given(config=configs, seed=seeds)
def test_a_seats_view_never_holds_another_seats_hand_or_secret(
    config: MayaConfig, seed: int
) -> None:
    for step in walk(config, seed):
        if step.after.phase is Phase.GAME_OVER:
            for seat in (None, *config.seats):
                assert (
                    view(step.after, seat)["hands"] == view(step.after, seat, reveal=True)["hands"]
                )
            continue
        for seat in (None, *config.seats):
            _hidden_ok(step.after, seat)


@many_games
@given(config=configs, seed=seeds)
def test_redacted_records_show_a_viewer_only_its_own_draws(config: MayaConfig, seed: int) -> None:
    for step in walk(config, seed):
        now = step.after
        if now.phase is Phase.GAME_OVER:
            continue
        data = action_to_json(step.action)
        effects = RULES.effects(step.before, step.seat, step.action, now)
        if effects:
            data["effects"] = effects
        facts = RULES.facts(step.before, now)
        for viewer in (None, *config.seats):
            action, seen = RULES.redact(step.seat, data, facts, viewer, now)
            assert "order" not in action
            for key in ("dealt", "from_pile", "tokens"):
                for who, value in seen.get(key, {}).items():
                    if who != str(viewer):
                        assert value is None or set(value) == {None}


def test_reveal_shows_everything() -> None:
    state = arrange(["+1", "-1"], secrets=[3, 4])
    seen = view(state, None, reveal=True)
    assert seen["hands"] == [["+1"], ["-1"]] and seen["secrets"] == [3, 4]
    assert seen["pile"] is not None and len(seen["supply"]) == 18


def test_won_tokens_lie_face_up_in_the_standard_game() -> None:
    state = arrange(["+1", "-1"], won=[[Won(6, How.REVEALED, 0)], []])
    assert view(state, 1)["won"][0] == [{"number": 6, "how": "maya.revealed"}]


def test_in_the_expert_variant_a_revealed_token_is_shown_in_its_event_only() -> None:
    """Decision: "révélez-les brièvement" in a one-move-a-day game: the token's number is
    in that move's record (its effects, for everyone); views show it to its owner only."""
    before = arrange(["+2 -1", "-1"], count=4, secrets=[6, 9], expert=True)
    after = act(before, 0, "play +2")
    effects = RULES.effects(before, 0, RULES.parse_action("play +2"), after)
    assert effects == {"count": 6, "revealed": 6}
    record = {**RULES.action_to_json(RULES.parse_action("play +2")), "effects": effects}
    assert RULES.redact(0, record, {}, 1, after)[0]["effects"]["revealed"] == 6
    assert view(after, 1)["won"][0] == [{"number": None, "how": "maya.revealed"}]
    assert view(after, 0)["won"][0] == [{"number": 6, "how": "maya.revealed"}]


def test_a_wrong_guess_shows_the_lost_token_to_the_guesser_and_its_new_owner_only() -> None:
    before = arrange(["+1", "-1", "-1"], secrets=[5, 7, 2], expert=True)
    action = RULES.parse_action("guess 1 4")
    after = RULES.apply(before, 0, action)
    effects = RULES.effects(before, 0, action, after)
    assert effects == {"right": False, "token": 5}
    record = {**RULES.action_to_json(action), "effects": effects}
    shown = {
        v: RULES.redact(0, record, {}, v, after)[0]["effects"]["token"] for v in (None, 0, 1, 2)
    }
    assert shown == {None: None, 0: 5, 1: 5, 2: None}


def test_facts_record_the_cards_and_token_a_turn_drew() -> None:
    before = arrange(["+2 -1 -1 -1 -1", "-1"], count=4, secrets=[6, 9], pile="+5", supply=[3])
    after = act(before, 0, "play +2")
    assert RULES.facts(before, after) == {"from_pile": {"0": ["+5"]}, "tokens": {"0": 3}}
    assert RULES.redact(0, {"type": "play"}, RULES.facts(before, after), 1, after)[1] == {
        "from_pile": {"0": [None]},
        "tokens": {"0": None},
    }


def test_skip_and_reverse_are_in_the_moves_effects() -> None:
    before = arrange(["skip reverse", "-1", "-1"], count=4)
    after = act(before, 0, "play skip")
    assert RULES.effects(before, 0, RULES.parse_action("play skip"), after) == {
        "count": 4,
        "skipped": 1,
    }
    after = act(before, 0, "play reverse")
    assert RULES.effects(before, 0, RULES.parse_action("play reverse"), after) == {
        "count": -4,
        "reversed": True,
    }


def test_a_joker_turned_up_is_recorded_without_a_count_until_the_dealer_names_it() -> None:
    """The deal's record says a Joker is turned up and that no count is named yet; the
    dealer's move names it, for everyone to read."""
    state = RULES.new_game(MayaConfig(2).to_json())
    cards = [card for card in DECK if card != JOKER]
    order = (*cards[:10], JOKER, *cards[10:], JOKER, JOKER, JOKER)
    dealt = RULES.apply(state, CHANCE, Deal(order))
    assert RULES.facts(state, dealt)["start"] == {"card": "joker", "count": None}
    assert view(dealt, 0)["phase"] == "start"
    chosen = RULES.apply(dealt, 1, Start(4))
    assert RULES.facts(dealt, chosen) == {} and RULES.effects(dealt, 1, Start(4), chosen) == {}
    action, _ = RULES.redact(1, action_to_json(Start(4)), {}, 0, chosen)
    assert action == {"type": "start", "count": 4}
