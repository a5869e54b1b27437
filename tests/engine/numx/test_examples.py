"""The rule book's worked tricks, played move by move (docs/rules.md, "The worked tricks")."""

import pytest

from games.engine.numx import IllegalAction, Phase, score_faces
from games.engine.numx.tricks import eligible_cards

from .conftest import act, faces, table

ELYA, SASHA, MENDY, LUKA = 0, 1, 2, 3


def test_exemple_a_completion_skips_mendy_and_elya_hands_out_4_cards() -> None:
    mendy, sasha, elya, luka = 0, 1, 2, 3
    state = table(
        [
            "blue-1 red-15 yellow-15",
            "red-3 rainbow-3 rainbow-10 green-15",
            "blue-7 yellow-7 num-x blue-15",
            "shadow-10 green-14 red-14",
        ],
        turn=mendy,
    )
    state = act(state, mendy, "play blue-1")
    state = act(state, sasha, "play red-3 rainbow-3")  # Rainbow: pli 1 -> 2
    state = act(state, elya, "play blue-7 yellow-7")
    state = act(state, luka, "play shadow-10")  # Shadow: pli 2 -> 1
    state = act(state, sasha, "complete rainbow-10")  # out of turn
    assert len(state.trick.top.cards) == 2  # type: ignore[union-attr]
    with pytest.raises(IllegalAction) as error:
        act(state, mendy, "pass")  # "Mendy a perdu son tour !"
    assert error.value.rule == "turn.not-yours"
    state = act(state, elya, "play num-x")  # "Remporte le tour !"
    assert state.phase is Phase.DISTRIBUTION and state.pending.winner == elya  # type: ignore[union-attr]
    assert sorted(faces(state.pending.cards)) == ["rainbow-10", "rainbow-3", "red-3", "shadow-10"]  # type: ignore[union-attr]


def tour_1() -> object:
    """Tour 1 up to Mendy's Num-X; hands also hold what Tour 2 needs."""
    state = table(
        [
            "blue-3 green-9 rainbow-9 red-12",
            "red-5 rainbow-5 rainbow-10 shadow-10 block infinity green-15",
            "yellow-9 shadow-9 num-x red-0 yellow-14",
            "blue-10 green-10 yellow-5 red-13",
        ],
        ["", "", "blue-15", ""],
        turn=ELYA,
    )
    state = act(state, ELYA, "play blue-3")
    state = act(state, SASHA, "play red-5 rainbow-5")  # Rainbow: 1 -> 2
    state = act(state, MENDY, "play yellow-9 shadow-9")  # Shadow's 2 -> 1 not used
    state = act(state, LUKA, "play blue-10 green-10")
    state = act(state, SASHA, "complete rainbow-10")  # out of turn: 2 -> 3
    with pytest.raises(IllegalAction) as error:
        act(state, ELYA, "play green-9 rainbow-9")  # "le tour reprend après Sasha"
    assert error.value.rule == "turn.not-yours"
    return act(state, MENDY, "play num-x")


def test_tour_1_mendy_cuts_with_num_x_and_has_7_eligible_cards() -> None:
    state = tour_1()
    assert state.phase is Phase.DISTRIBUTION  # type: ignore[attr-defined]
    assert sorted(faces(eligible_cards(state.trick))) == [  # type: ignore[attr-defined]
        "blue-10",
        "green-10",
        "rainbow-10",
        "rainbow-5",
        "red-5",
        "shadow-9",
        "yellow-9",
    ]
    assert (state.pending.minimum, state.pending.cap) == (4, 3)  # type: ignore[attr-defined]


def test_tour_1_mendy_must_hand_out_at_least_4_and_at_most_3_to_one_player() -> None:
    state = tour_1()
    with pytest.raises(IllegalAction) as error:
        act(state, MENDY, "distribute blue-10>2:up:left rainbow-10>2:down:right red-5>1:up:left")  # type: ignore[arg-type]
    assert error.value.rule == "distribution.minimum"
    with pytest.raises(IllegalAction) as error:
        act(
            state,  # type: ignore[arg-type]
            MENDY,
            "distribute blue-10>2:up:left rainbow-10>2:down:right green-10>2:up:left "
            "yellow-9>2:up:left",
        )
    assert error.value.rule == "distribution.cap"


def tour_2() -> object:
    state = tour_1()
    # "Mendy répartit 4/7 cartes Score et s'attribue deux 10 dont le 10 (Rainbow) ... Elle
    # donne un 5 (Rainbow) à Elya, pénalise Sasha avec le 5." The Rainbow 10 goes face down.
    state = act(
        state,  # type: ignore[arg-type]
        MENDY,
        "distribute blue-10>2:up:right rainbow-10>2:down:right rainbow-5>0:up:left red-5>1:up:left",
    )
    assert score_faces(sc.card.face for sc in state.rows[MENDY][1:]).total == 20
    assert state.turn == MENDY and state.trick.plis == ()
    state = act(state, MENDY, "play red-0")
    state = act(state, LUKA, "play yellow-5")
    state = act(state, ELYA, "play green-9 rainbow-9")  # Rainbow: 1 -> 2
    state = act(state, SASHA, "play shadow-10 + block all")  # Shadow 2 -> 1, bonus Block
    assert state.turn == SASHA and state.trick.blocked == {ELYA, MENDY, LUKA}
    return act(state, SASHA, "play infinity")  # plays again thanks to the Block


def test_tour_2_block_all_lets_sasha_play_again_and_win_with_infinity() -> None:
    state = tour_2()
    for seat in (MENDY, LUKA, ELYA):
        with pytest.raises(IllegalAction) as error:
            act(state, seat, "draw")  # type: ignore[arg-type]
        assert error.value.rule == "block.blocked"
        state = act(state, seat, "pass")  # type: ignore[arg-type]
    assert state.phase is Phase.DISTRIBUTION and state.pending.winner == SASHA  # type: ignore[attr-defined]
    assert sorted(faces(state.pending.cards)) == ["green-9", "rainbow-9", "shadow-10"]  # type: ignore[attr-defined]


def test_tour_2_sasha_cancels_mendys_hidden_rainbow_with_the_shadow() -> None:
    state = tour_2()
    for seat in (MENDY, LUKA, ELYA):
        state = act(state, seat, "pass")  # type: ignore[arg-type]
    # "Sasha répartit ... le 10 Shadow pour ANNULER le possible 10 (Rainbow) caché ...
    # Sasha s'attribue le 9 (Rainbow)": 2 of the 3 eligible cards.
    state = act(state, SASHA, "distribute shadow-10>2:up:right rainbow-9>1:up:right")  # type: ignore[arg-type]
    mendy = [str(sc.card) for sc in state.rows[MENDY]]
    assert mendy == ["blue-15", "blue-10", "rainbow-10", "shadow-10"]
    sheet = score_faces(sc.card.face for sc in state.rows[MENDY])
    # "Le 10 (Rainbow) est annulé ! Le 15 perd contre 10 (même couleur)."
    assert [line.rule.value for line in sheet.lines] == ["shadow-cancels-rainbow", "colour"]
    assert sheet.total == 10
