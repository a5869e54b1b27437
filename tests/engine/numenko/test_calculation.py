"""What a calculation is, and how it is worked out: the decisions the rule book leaves open."""

from __future__ import annotations

import pytest

from games.engine.numenko.calculation import fault


def found(text: str) -> tuple[str, str] | None:
    """The rule ``text`` breaks and why, in English, or ``None`` when it holds."""
    broken = fault(text)
    return None if broken is None else (broken.rule, broken.reason)


@pytest.mark.parametrize(
    "text",
    ["2x4=8", "8=2x4", "2+2=1+3", "12+34=46", "6x7+13=55", "5-1x5=20", "7:7=1", "10-10=0"],
)
def test_true_calculations_hold(text: str) -> None:
    assert fault(text) is None


def test_each_side_is_worked_out_from_left_to_right() -> None:
    """Decision: as the book's 5 - 1 x 5 = 20, no operation comes before another:
    2 + 3 x 4 makes 20, not 14."""
    assert fault("2+3x4=20") is None
    assert found("2+3x4=14") == ("numenko.equal", "the left side makes 20, the right side 14")
    assert fault("20=2+3x4") is None


def test_a_calculation_has_exactly_one_equals_sign() -> None:
    """Decision: one "=" a calculation; no chains such as 2 + 2 = 4 = 4."""
    assert found("2+2=4=4") == (
        "numenko.one-equals",
        "it has 2 = where a calculation has one",
    )
    assert found("2+2") == ("numenko.one-equals", "it has no = where a calculation has one")


def test_a_calculation_has_an_operation_beside_its_equals_sign() -> None:
    """Decision: 4 = 4, or 13 = 13, states no calculation."""
    assert found("4=4") == ("numenko.operation", "it has no operation besides =")
    assert found("13=13")[0] == "numenko.operation"  # type: ignore[index]


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("=8", "it begins or ends with a sign"),
        ("2x4=", "it begins or ends with a sign"),
        ("-3+5=2", "it begins or ends with a sign"),
        ("2+-3=5", "two signs stand side by side"),
        ("2x", "it begins or ends with a sign"),
    ],
)
def test_numbers_and_signs_alternate_from_a_number_to_a_number(text: str, reason: str) -> None:
    """Decision: no number is written with a minus sign, and a sign stands between two
    numbers."""
    assert found(text) == ("numenko.shape", reason)


def test_a_side_may_go_below_zero_on_the_way() -> None:
    """Decision: 2 - 5 + 4 works out to 1 through -3; and 2 - 5 = 0 - 3 holds."""
    assert fault("2-5+4=1") is None
    assert fault("2-5=0-3") is None


def test_a_division_falls_exact_and_never_by_zero() -> None:
    """Decision: numbers are whole: 7 ÷ 2 is no calculation, nor 5 ÷ 0."""
    assert found("7:2=3") == ("numenko.division", "7 : 2 does not fall exact")
    assert found("5:0=0") == ("numenko.division", "5 : 0 divides by zero")
    assert fault("8:2:2=2") is None


def test_a_number_of_several_digits_does_not_begin_with_zero() -> None:
    """Decision: 07 is not written; 0 alone is a number."""
    assert found("07+1=8") == ("numenko.leading-zero", "the number 07 begins with 0")
    assert fault("0+7=7") is None
    assert fault("10x0=0") is None
    assert found("1+1=02") == ("numenko.leading-zero", "the number 02 begins with 0")
