"""The box: 125 playable cards, stable ids, and their notation."""

from collections import Counter

import pytest

from games.engine.numx.cards import (
    DECK,
    DECK_WITHOUT_ACTIONS,
    FACES,
    MALUS_FACES,
    Card,
    Colour,
    Face,
    Kind,
    card,
    deck,
    parse_cards,
    parse_faces,
)
from games.engine.numx.errors import NotationError


def test_the_box_holds_the_125_playable_cards_of_the_rule_book() -> None:
    kinds = Counter(card.face.kind for card in DECK)
    assert len(DECK) == 125
    assert kinds[Kind.NUMBER] == 102
    assert (kinds[Kind.JOKER], kinds[Kind.INFINITY], kinds[Kind.NUMX]) == (2, 4, 1)
    assert (kinds[Kind.FLIP], kinds[Kind.SWIPE], kinds[Kind.ECLAIR]) == (2, 2, 2)
    assert (kinds[Kind.QUANTUM], kinds[Kind.BLOCK], kinds[Kind.MALUS]) == (2, 3, 5)


def test_each_colour_has_one_card_of_each_value_from_0_to_16() -> None:
    for colour in Colour:
        values = sorted(c.face.value for c in DECK if c.face.colour is colour)
        assert values == list(range(17))


def test_every_card_has_a_stable_id_and_two_copies_are_two_cards() -> None:
    assert [card.id for card in DECK] == list(range(125))
    jokers = [card for card in DECK if card.face.kind is Kind.JOKER]
    assert len(jokers) == 2 and jokers[0] is not jokers[1]
    assert jokers[0].face is jokers[1].face
    assert card(jokers[1].id, jokers[1].face) is jokers[1]


def test_family_leaves_the_16_action_cards_in_the_box() -> None:
    assert len(DECK_WITHOUT_ACTIONS) == 109
    assert not any(card.face.is_action for card in DECK_WITHOUT_ACTIONS)


def test_the_five_malus_cards_differ_by_their_hand_and_score_numbers() -> None:
    numbers = {(face.hand, face.score) for face in MALUS_FACES}
    assert len(numbers) == 5
    assert [face.text for face in MALUS_FACES] == [
        "malus+2/-1",
        "malus+1/-2",
        "malus+3/+0",
        "malus-1/+1",
        "malus-2/+2",
    ]


@pytest.mark.parametrize("face", FACES, ids=str)
def test_every_face_prints_and_parses_back(face: Face) -> None:
    assert Face.parse(str(face)) is face
    assert Face.parse(str(face).upper()) is face


def test_notation_is_case_insensitive_and_names_colour_then_value() -> None:
    face = Face.parse(" Rainbow-7 ")
    assert (face.colour, face.value, face.is_rainbow, face.is_classic) == (
        Colour.RAINBOW,
        7,
        True,
        False,
    )
    assert Face.parse("NUM-X").kind is Kind.NUMX
    assert parse_faces("blue-0 shadow-16") == (Face.parse("blue-0"), Face.parse("shadow-16"))


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("blue-17", "from 0 to 16"),
        ("purple-3", "not a NUM-X card"),
        ("malus", "say which malus"),
        ("malus+4/+0", "not a NUM-X card"),
        ("malus+0/+0", "not a NUM-X card"),
        ("memo", "not a NUM-X card"),
    ],
)
def test_unknown_cards_are_refused_with_a_clear_message(text: str, message: str) -> None:
    with pytest.raises(NotationError, match=message):
        Face.parse(text)


def test_parse_cards_gives_distinct_physical_copies() -> None:
    first, second = parse_cards("joker joker")
    assert first is not second and first.face is second.face
    assert len({card.id for card in parse_cards("malus malus malus malus malus")}) == 5
    with pytest.raises(NotationError, match="only 2"):
        parse_cards("joker joker joker")
    with pytest.raises(NotationError, match="only 1"):
        parse_cards("blue-7 blue-7")


def test_faces_and_cards_are_interned_immutable_values() -> None:
    face = Face.parse("blue-7")
    with pytest.raises(TypeError):
        Face()
    with pytest.raises(TypeError):
        Card()
    with pytest.raises(AttributeError):
        face.value = 8  # type: ignore[misc]
    import copy
    import pickle

    assert copy.deepcopy(face) is face
    assert pickle.loads(pickle.dumps(DECK[7])) is DECK[7]
    own = deck(((1, 1),) * 5)[-1]
    assert pickle.loads(pickle.dumps(own)) is own


def test_a_tables_own_malus_values_print_on_the_five_malus_cards_only() -> None:
    own = deck(((1, 1), (1, 1), (-3, 3), (0, -2), (2, -1)))

    assert [c.id for c in own] == list(range(125))
    assert own[:120] == DECK[:120]
    assert [str(c) for c in own[120:]] == [
        "malus+1/+1",
        "malus+1/+1",
        "malus-3/+3",
        "malus+0/-2",
        "malus+2/-1",
    ]
    # A copy of a face is another card, as for the Jokers; the box's own face is not reused.
    assert own[120] is not own[121] and own[124] is not DECK[120]
    assert Face.parse("MALUS-3/+3") is own[122].face
    with pytest.raises(NotationError, match="-3 to \\+3"):
        deck(((4, 0),) * 5)
    with pytest.raises(NotationError, match="never"):
        card(7, own[120].face)
