"""Counting a score row ("Maîtriser le Score"), rule by rule, with the book's examples."""

import pytest

from games.engine.numx import ConfigError, GameConfig, Mode
from games.engine.numx.cards import parse_faces
from games.engine.numx.outcome import score_sheets
from games.engine.numx.positions import arrange
from games.engine.numx.scoring import FAMILY_SCORING, ScoreRule, score_faces

from .conftest import table


def total(cards: str) -> int:
    return score_faces(parse_faces(cards)).total


def rules_used(cards: str) -> list[str]:
    return [line.rule.value for line in score_faces(parse_faces(cards)).lines]


def test_x_trem_five_of_a_value_with_a_rainbow_scores_exactly_100() -> None:
    assert total("blue-4 red-4 yellow-4 green-4 rainbow-4") == 100
    assert rules_used("blue-4 red-4 yellow-4 green-4 rainbow-4") == ["x-trem"]


@pytest.mark.parametrize(
    "cards",
    [
        "blue-9 red-9 yellow-9 green-9 shadow-9",
        "blue-9 red-9 yellow-9 rainbow-9 shadow-9",
        "blue-9 red-9 yellow-9 green-9 rainbow-9 shadow-9",
    ],
)
def test_x_trem_compositions_of_the_rule_book(cards: str) -> None:
    assert total(cards) == 100
    assert score_faces(parse_faces(cards)).xtrems == 1


def test_five_classic_cards_without_rainbow_or_shadow_are_no_x_trem() -> None:
    # Only four classic colours exist, so five classics need a Joker: not a numbered card.
    assert total("blue-3 red-3 yellow-3 green-3 joker") == 12


def test_a_shadow_cancels_the_rainbow_of_its_value() -> None:
    assert total("rainbow-12 shadow-12") == 0
    assert rules_used("rainbow-12 shadow-12") == ["shadow-cancels-rainbow"]


def test_three_or_more_of_a_value_add_up_and_a_shadow_among_them_scores_0() -> None:
    assert total("blue-5 red-5 green-5") == 15
    assert total("blue-5 red-5 yellow-5 green-5") == 20
    assert total("blue-3 yellow-3 shadow-3") == 6
    assert rules_used("blue-3 yellow-3 shadow-3") == ["combination"]


def test_a_rainbow_with_one_classic_card_of_its_value_adds_up() -> None:
    assert total("rainbow-6 red-6") == 12
    assert rules_used("rainbow-6 red-6") == ["rainbow-pair"]


def test_two_classic_cards_of_a_value_cancel() -> None:
    assert total("blue-9 red-9") == 0
    assert rules_used("blue-9 red-9") == ["pair"]


def test_a_shadow_and_a_classic_card_are_no_pair() -> None:
    assert total("shadow-8 blue-8") == 8
    assert rules_used("shadow-8 blue-8") == ["no-value", "colour"]


def test_only_the_smallest_card_left_alone_of_each_colour_scores() -> None:
    assert total("green-13 green-1") == 1
    assert total("green-13 blue-1") == 14
    assert total("rainbow-11 rainbow-2") == 2


def test_a_rule_uses_each_card_once_in_priority_order() -> None:
    # Rainbow and Shadow cancel first, then the two classic 7s cancel as a pair.
    assert total("rainbow-7 shadow-7 red-7 yellow-7") == 0
    assert rules_used("rainbow-7 shadow-7 red-7 yellow-7") == ["shadow-cancels-rainbow", "pair"]
    # Cancelled first, the Rainbow no longer pairs with the classic 7: it goes to colour.
    assert rules_used("rainbow-7 shadow-7 red-7") == ["shadow-cancels-rainbow", "colour"]


def test_non_numbered_cards_and_lone_shadows_score_0() -> None:
    assert total("joker infinity num-x flip malus+2/-1 shadow-16") == 0


def test_an_empty_row_scores_0() -> None:
    assert total("") == 0


# The worked example (Elma): each line of the book, then the whole card grid.
@pytest.mark.parametrize(
    ("cards", "points", "rule"),
    [
        ("blue-6 rainbow-6", 12, ScoreRule.RAINBOW_PAIR),
        ("blue-5 green-5 rainbow-5", 15, ScoreRule.COMBINATION),
        ("blue-3 yellow-3 shadow-3", 6, ScoreRule.COMBINATION),
        ("blue-9 red-9", 0, ScoreRule.PAIR),
        ("rainbow-7 shadow-7 red-7 yellow-7", 0, ScoreRule.PAIR),
        ("green-13 green-1", 1, ScoreRule.COLOUR),
        ("blue-16", 16, ScoreRule.COLOUR),
    ],
)
def test_each_line_of_elmas_worked_example(cards: str, points: int, rule: ScoreRule) -> None:
    sheet = score_faces(parse_faces(cards))
    assert sheet.total == points
    assert sheet.lines[-1].rule is rule


def test_elmas_card_grid_scores_50_not_the_53_of_its_header() -> None:
    # docs/rules.md: the header's 53 disagrees with its own lines (which add up to 50),
    # and the 9s of one line are not in the grid. Colours are lost in the text; these
    # follow each line's rule.
    grid = (
        "rainbow-6 blue-6 green-5 "
        "red-7 blue-3 green-1 "
        "green-13 rainbow-5 blue-16 "
        "yellow-3 rainbow-7 shadow-3 "
        "shadow-7 yellow-7 red-5"
    )
    assert len(grid.split()) == 15
    assert total(grid) == 50


def test_family_scoring_keeps_combinations_and_pairs_and_counts_the_rest_at_face_value() -> None:
    def family(cards: str) -> int:
        return score_faces(parse_faces(cards), FAMILY_SCORING).total

    assert family("blue-5 red-5 green-5") == 15
    assert family("blue-9 red-9") == 0
    assert family("green-13 green-1") == 14
    assert family("rainbow-6 red-6") == 12
    assert family("rainbow-12 shadow-12") == 12
    assert family("blue-4 red-4 yellow-4 green-4 rainbow-4") == 100


def test_a_family_table_scores_with_the_rules_it_picked() -> None:
    # The table option "family_scoring" (docs/rules.md, "Family scoring").
    row = "rainbow-6 red-6 green-13 green-1 blue-9 red-9"
    book = GameConfig(2, Mode.FAMILY)
    own = GameConfig(2, Mode.FAMILY, family_scoring=frozenset({ScoreRule.COLOUR}))

    def score(config: GameConfig) -> int:
        state = arrange(config, ["blue-1", "blue-2"], [row, ""])
        return score_sheets(state)[0].total

    # The book's Family subset: 6 + 6 (face value) + 13 + 1 + 9 + 9 (a pair: 0) = 32.
    assert score(book) == 6 + 6 + 13 + 1
    # Colour alone: the smallest of each colour (rainbow 6, red 6, green 1, blue 9).
    assert score(own) == 6 + 6 + 1 + 9
    assert GameConfig.from_json(own.to_json()) == own
    assert own.to_json()["family_scoring"] == ["colour"]
    assert "family_scoring" not in book.to_json()
    with pytest.raises(ConfigError, match="Family"):
        GameConfig(2, Mode.SPEED_RUN, family_scoring=frozenset({ScoreRule.PAIR}))
    with pytest.raises(ConfigError, match="scoring rules"):
        GameConfig.from_json({"players": 2, "mode": "family", "family_scoring": ["no-value"]})


def test_a_score_sheet_serialises_with_its_lines() -> None:
    data = score_faces(parse_faces("blue-9 red-9 blue-16")).to_json()
    assert data["total"] == 16
    assert data["lines"] == [
        {"rule": "pair", "cards": ["blue-9", "red-9"], "points": 0},
        {"rule": "colour", "cards": ["blue-16"], "points": 16},
    ]


def test_partners_rows_are_merged_before_counting() -> None:
    """*Fusionnez vos cartes Score avant le décompte final*: apart, Alice's two classic 7s
    cancel and Carol's three 7s make a triplet (21); merged, five 7s with a Rainbow are an
    X-Trem (100), which both partners carry."""
    state = table(
        hands=["blue-1", "blue-2", "blue-3", "blue-4"],
        rows=["blue-7 red-7", "green-2", "green-7 ?rainbow-7 yellow-7", ""],
        teams=True,
    )
    apart = total("blue-7 red-7") + total("green-7 rainbow-7 yellow-7")
    scores = [sheet.total for sheet in score_sheets(state)]
    assert apart == 21 and scores == [100, 2, 100, 2]
