"""Laying plis: what covers the pli on top, on one's turn and out of turn (Facteur X), Fusion
X, the X-Joker, Num-X, Infinity and *Infini 4*, and malus cards in plis."""

from __future__ import annotations

from collections import Counter
from itertools import product

from games.engine.objectifs import (
    INFINITY,
    IllegalAction,
    ObjectifsState,
    Phase,
    Play,
    RowCard,
    apply,
    awaiting,
    legal_actions,
    to_act,
)
from games.engine.objectifs.cards import parse_cards
from games.engine.objectifs.notation import parse_action
from games.engine.objectifs.positions import arrange

from .conftest import act, hand, refused, row


def on(top: str, seat_hands: list[str], rows: list[str] | None = None) -> ObjectifsState:
    """Seat 0 has laid ``top`` (from its hand, which keeps a 13 after it); seat 1 is to act."""
    hands = [f"{top} 13", *seat_hands]
    malus = rows or ["0 0", *(["-1 -2"] if len(seat_hands) == 1 else ["1 2"] * len(seat_hands))]
    return act(arrange(hands, malus), 0, f"play {top}")


def test_as_many_cards_of_a_higher_value_cover_the_pli() -> None:
    state = on("7", ["6 7 8"])
    assert refused(state, 1, "play 6") == "pli.higher"
    assert refused(state, 1, "play 7") == "pli.higher"
    assert act(state, 1, "play 8").trick.top.value == 8  # type: ignore[union-attr]


def test_one_more_card_of_any_value_covers_the_pli() -> None:
    """*Jouer un nombre de cartes supérieur de 1 au pli précédent, avec des cartes de même
    valeur*: the cards share a value, any value, even a lower one."""
    state = on("9 9", ["2 2 2 3 3"])
    assert act(state, 1, "play 2 2 2").trick.top.cards == parse_cards("2 2 2")  # type: ignore[union-attr]
    assert refused(state, 1, "play 2 2 3") == "pli.same-value"
    assert refused(state, 1, "play 3 3") == "pli.higher"
    assert refused(state, 1, "play 2") == "pli.count"


def test_more_than_one_extra_card_needs_a_higher_value() -> None:
    state = on("9", ["2 2 2 10 10 10"])
    assert refused(state, 1, "play 2 2 2") == "pli.count"
    assert len(act(state, 1, "play 10 10 10").trick.top.cards) == 3  # type: ignore[union-attr]


def test_fusion_x_the_books_example() -> None:
    """*Le pli du joueur 3 contient une seule carte "11", le joueur 4 joue un pli en double
    contenant deux cartes "11, 11" [...] le pli fusionne est passé de 1 à 3 cartes. Le joueur
    5 doit jouer 3 cartes supérieures à "11" ou 4 cartes.*"""
    state = arrange(
        ["11 5", "11 11 6", "12 12 12 2 2 2 2 4", "7", "8"],
        ["0 0", "1 2", "1 3", "3 4", "5 6"],
    )
    state = act(state, 0, "play 11")
    state = act(state, 1, "play 11 11")
    (fused,) = state.trick.plis
    assert (fused.cards, fused.fused, fused.seat) == (parse_cards("11 11 11"), True, 1)
    assert refused(state, 2, "play 12 12") == "pli.count"
    assert refused(state, 2, "play 2 2 2") == "pli.higher"
    assert len(act(state, 2, "play 12 12 12").trick.plis) == 2
    assert act(state, 2, "play 2 2 2 2").trick.top.cards == parse_cards("2 2 2 2")  # type: ignore[union-attr]


def test_facteur_x_the_books_example() -> None:
    """*Si le pli est égal à une carte "2", un joueur peut poser deux "3", de la même manière
    un autre joueur ou le même peut poser trois "4".* Out of turn; play then resumes after
    whoever laid it, the players between losing their turn."""
    state = arrange(["2 9", "5", "6", "3 3 4 4 4 8"], ["0 0", "1 1", "-1 -1", "-2 12"])
    state = act(state, 0, "play 2")
    assert state.turn == 1
    state = act(state, 3, "play 3 3")  # out of turn
    top = state.trick.top
    assert top is not None and top.out_of_turn and state.turn == 0, "seats 1 and 2 are skipped"
    state = act(state, 3, "play 4 4 4")  # the same player again, still out of turn
    assert state.trick.owner == 3 and state.turn == 0
    assert len(state.trick.plis) == 3


def test_out_of_turn_only_a_facteur_x_more_cards_and_higher() -> None:
    state = on("5", ["9", "4 4 5 5 6 6 6 joker"])
    assert state.turn == 1
    assert refused(state, 2, "play 6") == "facteur.shape", "as many cards: only on one's turn"
    assert refused(state, 2, "play 4 4") == "facteur.shape", "more cards, but lower"
    assert refused(state, 2, "play 5 5") == "facteur.shape", "Fusion X is laid on one's turn"
    assert refused(state, 2, "pass") == "turn.not-yours"
    assert act(state, 2, "play 6 6").trick.owner == 2
    assert act(state, 2, "play 6 6 6").trick.owner == 2, "any number more"
    assert act(state, 2, "play 6 joker").trick.owner == 2


def test_facteur_x_and_fusion_x_do_not_combine_but_a_fused_pli_is_covered_whole() -> None:
    """A Facteur X is strictly higher, a fusion of equal value: one pli is never both. A
    fused pli counts all its cards, for a Facteur X as for any pli."""
    state = arrange(["11 5", "11 11 6", "7", "11 11 12 12 12 12"], ["0 0", "1 2", "1 3", "3 4"])
    state = act(state, 0, "play 11")
    assert refused(state, 3, "play 11 11") == "facteur.shape"
    state = act(state, 1, "play 11 11")
    assert refused(state, 3, "play 12 12 12") == "facteur.shape"
    state = act(state, 3, "play 12 12 12 12")
    assert state.trick.top.out_of_turn and not state.trick.top.fused  # type: ignore[union-attr]


def test_two_players_answering_the_same_pli_the_first_recorded_wins() -> None:
    """A race: seats 2 and 3 both answer seat 0's 5 with a Facteur X. Whichever is recorded
    first stands; the other is checked against the new state."""
    state = on("5", ["9", "6 6 1", "7 7 1"], ["0 0", "1 2", "-1 3", "-2 4"])
    assert to_act(state) == {1, 2, 3} and awaiting(state) == {1}
    first = act(state, 3, "play 7 7")
    assert refused(first, 2, "play 6 6") == "facteur.shape", "6 6 no longer covers 7 7"
    other = act(state, 2, "play 6 6")
    assert other.turn == 3, "play resumes after seat 2: seat 3 is on its turn"
    assert act(other, 3, "play 7 7").trick.owner == 3, "as many cards, higher, on its turn"


def test_the_x_joker_takes_the_value_of_the_classic_cards_it_is_laid_with() -> None:
    state = on("7 7", ["8 joker 9 9"])
    assert act(state, 1, "play 8 joker").trick.top.value == 8  # type: ignore[union-attr]
    assert refused(state, 1, "play 8 joker as 9") == "pli.joker-value"
    assert refused(state, 1, "play joker 8 9") == "pli.same-value"


def test_a_lone_x_joker_goes_lower_or_higher_than_a_single_card() -> None:
    """*Jouée seule : elle prend une valeur strictement inférieure ou supérieure à la carte
    précédente.*"""
    state = on("7", ["joker 1"])
    assert act(state, 1, "play joker as 3").trick.top.value == 3  # type: ignore[union-attr]
    assert act(state, 1, "play joker as infinity").trick.top.value == INFINITY  # type: ignore[union-attr]
    assert refused(state, 1, "play joker as 7") == "pli.higher"
    assert refused(state, 1, "play joker") == "pli.joker-value"
    assert refused(on("7 7", ["joker 1"]), 1, "play joker as 3") == "pli.count"


def test_x_jokers_alone_name_their_value_and_open_with_any() -> None:
    """*Jouée en ouverture de tour : elle prend la valeur de votre choix.*"""
    state = arrange(["joker joker 5", "6"], ["0 0", "1 2"])
    assert act(state, 0, "play joker as -2").trick.top.value == -2  # type: ignore[union-attr]
    pair = act(state, 0, "play joker joker as 4")
    assert pair.trick.top.cards == parse_cards("joker joker")  # type: ignore[union-attr]
    two = on("7 7", ["joker joker 1"])
    assert refused(two, 1, "play joker joker as 3") == "pli.higher", "only a lone one goes lower"


def test_num_x_alone_ends_the_trick_at_once_and_its_player_starts_the_next() -> None:
    """*Se joue toujours seule et met fin immédiatement au tour en cours.*"""
    state = on("12", ["num-x 4 5", "6"])
    assert refused(state, 1, "play num-x 4") == "pli.num-x"
    assert refused(state, 1, "play num-x + echange all right") in ("pli.num-x", "hand.has-cards")
    after = act(state, 1, "play num-x")
    assert after.trick.plis == () and after.turn == 1
    assert after.last_trick is not None and after.last_trick.winner == 1
    assert refused(arrange(["num-x 4", "6"], ["0 0", "1 2"]), 0, "play num-x") == "pli.num-x"
    assert refused(state, 2, "play num-x") in ("facteur.shape", "hand.has-cards")


def test_num_x_is_never_laid_out_of_turn() -> None:
    state = on("12", ["4", "num-x 6"])
    assert refused(state, 2, "play num-x") == "facteur.shape"


def test_infinity_is_the_highest_classic_value() -> None:
    assert act(on("13", ["infinity 1 1"]), 1, "play infinity").trick.top.value == INFINITY  # type: ignore[union-attr]
    covered = on("infinity", ["1 1 5"])
    assert refused(covered, 1, "play 5") == "pli.higher"
    assert act(covered, 1, "play 1 1").trick.top.value == 1  # type: ignore[union-attr]


def test_infini_4_ends_the_trick_when_the_table_plays_it() -> None:
    """*Si 4 cartes "Infini" sont posées, le pli est terminé immédiatement et le joueur ayant
    posé les cartes recommence un nouveau tour.* A table option; X-Jokers standing for
    Infinity count (*Carte joker qui remplace une carte classique*)."""
    hands = ["infinity 1", "infinity infinity infinity joker 2", "5"]
    rows = ["0 0", "1 2", "3 4"]
    played = act(arrange(hands, rows, infinity_four=True), 0, "play infinity")
    ended = act(played, 1, "play infinity infinity")  # fused: three
    assert ended.trick.owner == 1
    four = act(arrange(hands, rows, infinity_four=True), 0, "play 1")
    four = act(four, 1, "play infinity infinity infinity joker")
    assert four.trick.plis == () and four.turn == 1 and four.last_trick.winner == 1  # type: ignore[union-attr]
    without = act(arrange(hands, rows), 0, "play 1")
    without = act(without, 1, "play infinity infinity infinity joker")
    assert len(without.trick.plis) == 2, "without the option four Infinities are a pli like any"


def test_echange_and_malus_plus_are_never_inside_a_pli() -> None:
    state = arrange(["7 echange 3", "6"], ["0 0", "1 2"])
    assert refused(state, 0, Play(parse_cards("7 echange"))) == "pli.action-card"


def test_anyone_uses_anyones_malus_cards_in_a_pli_their_own_included() -> None:
    """*Ces cartes visibles (malus) peuvent être jouées par n'importe quel joueur à tout
    moment*: in any pli, on one's turn or in a Facteur X, never alone out of turn."""
    state = arrange(["7 1", "8 8 2", "9 3"], ["7 5", "7 6", "8 4"])
    state = act(state, 0, "play 7 7@0 7@1")
    assert row(state, 0) == ["5"] and row(state, 1) == ["6"] and hand(state, 0) == ["1"]
    assert refused(state, 1, "play 8 8@2") == "pli.count"
    assert refused(state, 1, "play 8 8 8@0") == "row.has-cards"
    assert row(act(state, 1, "play 8 8 8@2"), 2) == ["4"]
    facteur = on("5", ["9", "6 1"], ["0 0", "1 2", "6 3"])
    assert refused(facteur, 2, "play 6@2") == "facteur.shape"
    assert row(act(facteur, 2, "play 6 6@2"), 2) == ["3"]


def test_a_pli_written_with_a_card_the_hand_lacks_is_refused_with_how_to_write_it() -> None:
    """A 9 in hand and a 9 among the malus cards: "play 9 9" names two 9s of the hand.
    Which 9 of the table goes with it changes the game (whose malus cards lose it), so the
    reply is not guessed: the refusal says the hand holds one 9 and writes the move for
    each player in front of whom a 9 lies ("9@1"). Failed before: "there is no 9 in your
    hand", to a player holding one."""
    pair = arrange(["9 9 1", "3 4"], ["0 2", "5 6"])
    assert act(pair, 0, "play 9 9").trick.top.cards == parse_cards("9 9")  # type: ignore[union-attr]
    state = arrange(["1 2", "9 3 4"], ["9 2", "9 9"], turn=1)
    error = refusal(state, 1, "play 9 9")
    assert error.rule == "hand.has-cards"
    assert error.message == (
        "your hand holds only 1 × 9; a malus card is written with @ and the seat it lies in "
        "front of: “play 9 9@0” or “play 9 9@1”"
    )
    alone = arrange(["1 2", "9 3 4"], ["0 5", "9 7"], turn=1)
    assert refusal(alone, 1, "play 9 9").message.endswith(": “play 9 9@1”")
    assert refusal(alone, 1, "play 9 9 9").message == "your hand holds only 1 × 9"
    nowhere = arrange(["1 2", "3 4"], ["0 5", "6 7"], turn=1)
    assert refusal(nowhere, 1, "play 9").message == "there is no 9 in your hand"


def refusal(state: ObjectifsState, seat: int, move: str) -> IllegalAction:
    try:
        apply(state, seat, parse_action(move))
    except IllegalAction as error:
        return error
    raise AssertionError(f"{move} was played")


def test_the_listed_plis_are_exactly_those_the_rules_accept() -> None:
    """Every sub-collection of a pool (hand and malus cards) laid on a pli: it is listed if
    and only if the engine accepts it, on one's turn and out of turn."""
    state = on("5", ["5 6 6 joker infinity", "6 7 7 joker"], ["0 0", "6 8", "7 5"])
    for seat in (1, 2):
        listed = {a for a in legal_actions(state, seat) if isinstance(a, Play) and a.action is None}
        pool = [(-1, card) for card in state.hands[seat]]
        pool += [(owner, card) for owner, cards in enumerate(state.rows) for card in cards]
        tried = set()
        for mask in product((0, 1), repeat=len(pool)):
            chosen = [pool[i] for i, bit in enumerate(mask) if bit]
            if not chosen:
                continue
            kept = tuple(card for source, card in chosen if source == -1)
            taken = tuple(RowCard(source, card) for source, card in chosen if source != -1)
            for value in (None, 3, 9):
                play = Play(kept, taken, value)
                if play in tried:
                    continue
                tried.add(play)
                try:
                    apply(state, seat, play)
                except IllegalAction:
                    assert play not in listed, f"seat {seat}: {play} listed, refused"
                else:
                    assert play in listed, f"seat {seat}: {play} accepted, not listed"
        assert Counter(type(p) for p in listed) and len(tried) > len(listed)


def test_a_finished_trick_leaves_the_phase_in_play() -> None:
    state = on("7", ["8 9"])
    state = act(state, 1, "play 8")
    state = act(state, 0, "pass")
    assert state.phase is Phase.PLAY and state.turn == 1 and state.trick.plis == ()
