"""Tournament points and standings, from sets of finished tables."""

from __future__ import annotations

import csv
import io
from fractions import Fraction

import pytest
from django.utils import translation

from tournaments.models import Entry
from tournaments.selectors import StandingLine, podium_words
from tournaments.standings import (
    COMMA_CSV,
    DEFAULT_POINTS,
    SEMICOLON_CSV,
    SeatResult,
    Standing,
    TableResult,
    TieBreak,
    format_points,
    format_points_table,
    parse_points,
    placings,
    standings,
    standings_csv,
)


def table(stage: int, *seats: tuple, final: bool = False) -> TableResult:
    return TableResult(stage, tuple(SeatResult(*seat) for seat in seats), final)


def test_points_per_place_double_from_the_last_place_up() -> None:
    assert DEFAULT_POINTS[3] == (4, 2, 1)
    assert DEFAULT_POINTS[4] == (8, 4, 2, 1)
    assert DEFAULT_POINTS[6] == (32, 16, 8, 4, 2, 1)


def test_a_table_gives_points_by_place_scaled_to_its_size() -> None:
    four = placings(table(1, ("a", 40), ("b", 30), ("c", 20), ("d", 10)))
    three = placings(table(1, ("e", 40), ("f", 30), ("g", 20)))
    assert [four[p].points for p in "abcd"] == [8, 4, 2, 1]
    assert [three[p].points for p in "efg"] == [4, 2, 1]
    assert [four[p].place for p in "abcd"] == [1, 2, 3, 4]


def test_equal_scores_share_the_points_of_their_places() -> None:
    result = placings(table(1, ("a", 20), ("b", 20), ("c", 20), ("d", -5)))
    assert result["a"] == result["b"] == result["c"]
    assert result["a"].place == 1 and result["a"].points == Fraction(8 + 4 + 2, 3)
    assert result["d"].points == 1


def test_a_withdrawn_or_timed_out_player_gets_the_fixed_value_and_no_place() -> None:
    result = placings(
        table(1, ("a", 50, 0, True), ("b", 30), ("c", 20), ("d", 10)), forfeit_points=1
    )
    assert result["a"].place is None and result["a"].points == 1
    # The others take the first places of the table's row.
    assert [(result[p].place, result[p].points) for p in "bcd"] == [(1, 8), (2, 4), (3, 2)]


def test_points_rows_can_be_configured() -> None:
    rows = {**DEFAULT_POINTS, 4: (10, 6, 3, 0)}
    result = placings(table(1, ("a", 4), ("b", 3), ("c", 2), ("d", 1)), rows)
    assert [result[p].points for p in "abcd"] == [10, 6, 3, 0]


STAGES = [
    # Stage 1: a wins table 1; e and f share first place at table 2.
    table(1, ("a", 40, 1), ("b", 30), ("c", 20), ("d", 10)),
    table(1, ("e", 25), ("f", 25), ("g", 5), ("h", 0, 0, True)),
    # Stage 2.
    table(2, ("a", 10), ("e", 30), ("g", 20, 1), ("c", 0)),
    table(2, ("b", 35), ("f", 15), ("d", 15), ("h", 5)),
]


def test_standings_add_the_points_of_every_stage() -> None:
    lines = {line.player: line for line in standings("abcdefgh", STAGES)}
    assert lines["a"].points == 8 + 2 and lines["a"].stage_points == {1: 8, 2: 2}
    assert lines["e"].points == 6 + 8 and lines["f"].points == 6 + 3
    assert lines["h"].points == 0 + 1  # stage 1 forfeited (0), stage 2 last (1)
    assert lines["h"].score == 5, "a forfeited table's score does not count"
    assert lines["a"].xtrems == 1 and lines["g"].xtrems == 1
    assert all(line.tables == 2 for line in lines.values())


def test_opponents_points_sum_the_points_of_everyone_met() -> None:
    lines = {line.player: line for line in standings("abcdefgh", STAGES)}
    total = {player: line.points for player, line in lines.items()}
    assert lines["a"].opponents_points == (
        total["b"] + total["c"] + total["d"] + total["e"] + total["g"] + total["c"]
    )


def test_ties_are_broken_by_score_then_opponents_points_then_xtrems() -> None:
    # p, q, r, s, t and u each win a table of three (4 points); each pair is decided by
    # one criterion.
    tables = [
        # p and q: equal points (4), p has the higher NUM-X score.
        table(1, ("p", 50), ("x1", 10), ("x2", 0)),
        table(1, ("q", 40), ("x3", 10), ("x4", 0)),
        # r and s: equal points and score; r's opponents have more points.
        table(1, ("r", 30), ("y1", 20), ("y2", 0)),
        table(1, ("s", 30), ("y3", 20), ("y4", 0)),
        table(2, ("y1", 10), ("w1", 0), ("w2", -1)),
        # t and u: equal points, score and opponents' points; t has an X-Trem.
        table(1, ("t", 20, 1), ("z1", 10), ("z2", 0)),
        table(1, ("u", 20, 0), ("z3", 10), ("z4", 0)),
    ]
    order = [line.player for line in standings(["q", "p", "s", "r", "u", "t"], tables)]
    assert order.index("p") < order.index("q")
    assert order.index("r") < order.index("s")
    assert order.index("t") < order.index("u")


def test_players_level_on_points_are_told_which_tie_break_ranked_them() -> None:
    """Failed before: three winners on 4 points were ranked 1, 2, 3 by their NUM-X score
    and nothing said so; the first of them is told whom they are ahead of, the others whom
    they are behind, each with both values."""
    lines = standings(
        "nfpxyz",
        [
            table(1, ("f", 50), ("x", 10), ("y", 0)),
            table(1, ("p", 40, 1), ("z", 10), ("w", 0)),
            table(1, ("n", 30), ("v", 12), ("u", 0)),
        ],
        points={3: (4, 2, 1)},
    )
    by_player = {line.player: line.tie_break for line in lines}
    assert by_player["f"] == TieBreak("p", True, "numx_score", 50, 40)
    assert by_player["p"] == TieBreak("f", False, "numx_score", 40, 50)
    assert by_player["n"] == TieBreak("p", False, "numx_score", 30, 40)


def test_players_level_on_every_tie_break_are_told_they_are_tied() -> None:
    """A player level on points with nobody is told no tie-break."""
    lines = standings("cba", [table(1, ("a", 20), ("b", 20), ("c", 0))])
    assert [line.tie_break for line in lines] == [
        TieBreak("a", True, None, None, None),
        TieBreak("b", False, None, None, None),
        None,
    ]


def test_players_equal_on_everything_share_a_rank() -> None:
    lines = standings("cba", [table(1, ("a", 20), ("b", 20), ("c", 0))])
    assert [(line.player, line.rank, line.tied) for line in lines] == [
        ("b", 1, True),
        ("a", 1, True),
        ("c", 3, False),
    ]


def test_players_without_a_table_yet_are_listed_last_with_nothing() -> None:
    """The standings say it once for the page, the CSV and the API, which each had to
    blank the zeros they were given: no rank, no points, no NUM-X score, no opponents'
    points and no X-Trems, not a 0 that reads as a result."""
    lines = standings("abcz", [table(1, ("a", 3), ("b", 2), ("c", 1))])
    z = lines[-1]
    assert (z.player, z.tables, z.tied, z.stage_points) == ("z", 0, False, {})
    assert (z.rank, z.points, z.score, z.opponents_points, z.xtrems) == (None,) * 5
    assert all(line.points is not None for line in lines[:-1])


def test_players_without_a_table_yet_take_no_rank_and_push_nobody_down() -> None:
    """Failed before: y and z, who had played nothing, shared rank 3 ahead of c, whose
    table (a row ending with 0 points) left c on 0 points with a negative score: c read
    5th, below two players who had not played."""
    rows = {**DEFAULT_POINTS, 3: (2, 1, 0)}
    lines = standings("yabcz", [table(1, ("a", 3), ("b", 2), ("c", -4))], rows)
    assert [(line.player, line.rank, line.tied) for line in lines] == [
        ("a", 1, False),
        ("b", 2, False),
        ("c", 3, False),
        ("y", None, False),
        ("z", None, False),
    ]


def test_the_csv_gives_no_rank_and_no_points_to_players_without_a_table_yet() -> None:
    lines = standings("abz", [table(1, ("a", 3), ("b", 2))])
    rows = list(csv.DictReader(io.StringIO(standings_csv(lines, {}, [1]))))
    assert rows[0]["rank"] == "1" and rows[0]["points"] == "2"
    z = rows[-1]
    assert z["player"] == "z" and z["tables"] == "0" and z["withdrawn"] == "no"
    assert [z[column] for column in ("rank", "points", "stage_1")] == ["", "", ""]
    assert [z[column] for column in ("numx_score", "opponents_points", "xtrems")] == ["", "", ""]


def test_the_final_ranks_its_players_first_in_its_own_order() -> None:
    tables = [
        *STAGES,
        # Final of the top three: f wins it; a and e tie and keep their standings order.
        table(3, ("a", 10), ("e", 10), ("f", 30), final=True),
    ]
    lines = standings("abcdefgh", tables)
    assert [line.player for line in lines[:3]] == ["f", "e", "a"]
    assert [line.final_place for line in lines[:3]] == [1, 2, 2]
    assert lines[0].points == 9, "the final adds no points to the totals"
    assert all(line.final_place is None for line in lines[3:])


def test_points_are_shown_whole_or_to_two_decimals() -> None:
    assert format_points(Fraction(14, 3)) == "4.67" and format_points(Fraction(9)) == "9"


def test_standings_export_as_csv() -> None:
    lines = standings("abcdefgh", STAGES)
    names = {p: p.upper() for p in "abcdefgh"}
    text = standings_csv(lines, names, [1, 2], withdrawn={"h"})
    rows = [row.split(",") for row in text.splitlines()]
    assert rows[0] == [
        "rank",
        "player",
        "points",
        "stage_1",
        "stage_1_forfeit",
        "stage_2",
        "stage_2_forfeit",
        "numx_score",
        "opponents_points",
        "xtrems",
        "tables",
        "final_place",
        "withdrawn",
        "rating",
        "provisional",
        "tie_break",
    ]
    assert rows[1][:8] == ["1", "E", "14", "6", "no", "8", "no", "55"]
    assert rows[-1][1] == "H" and rows[-1][-4] == "yes"


def test_the_csv_says_which_stage_a_player_forfeited_beside_its_points() -> None:
    """Failed before: a timed-out player's stage read a bare 0, the same cell as a last
    place worth 0 points; the page says "0 (forfeit)". The points stay a number a
    spreadsheet adds up, and a column beside them says yes or no."""
    rows_of_points = {**DEFAULT_POINTS, 3: (2, 1, 0)}
    tables = [
        table(1, ("a", 30), ("b", 20), ("c", 10)),
        table(1, ("d", 30), ("e", 20), ("f", 40, 0, True)),
    ]
    lines = standings("abcdefz", tables, rows_of_points)
    for style, cell in ((COMMA_CSV, ","), (SEMICOLON_CSV, ";")):
        text = standings_csv(lines, {}, [1], style=style)
        rows = {row["player"]: row for row in csv.DictReader(io.StringIO(text), delimiter=cell)}
        assert (rows["c"]["stage_1"], rows["c"]["stage_1_forfeit"]) == ("0", "no")
        assert (rows["f"]["stage_1"], rows["f"]["stage_1_forfeit"]) == ("0", "yes")
        assert rows["a"]["stage_1_forfeit"] == "no"
        assert (rows["z"]["stage_1"], rows["z"]["stage_1_forfeit"]) == ("", ""), "not seated"


@pytest.mark.parametrize("name", ['=HYPERLINK("http://x.example")', "+1", "-2+3", "@SUM(A1)"])
def test_a_name_a_spreadsheet_would_run_as_a_formula_is_exported_as_text(name: str) -> None:
    lines = standings("ab", [TableResult(1, (SeatResult("a", -12), SeatResult("b", 5)))])
    text = standings_csv(lines, {"a": name, "b": "Bob"}, [1])
    rows = list(csv.reader(io.StringIO(text)))
    assert rows[1][1] == "Bob" and rows[2][1] == "'" + name
    assert rows[2][rows[0].index("numx_score")] == "-12", "a negative score stays a number"


def test_points_rows_are_written_and_read_back() -> None:
    text = format_points_table(DEFAULT_POINTS)
    assert parse_points(text) == DEFAULT_POINTS
    assert parse_points("4: 10/5/2/0")[4] == (10, 5, 2, 0)


@pytest.mark.parametrize("text", ["4: 8/4/2", "3: 1/2/4", "7: 1/1/1/1/1/1/1", "four: 1"])
def test_bad_points_rows_are_refused(text: str) -> None:
    with pytest.raises(ValueError):
        parse_points(text)


@pytest.mark.parametrize(
    ("language", "expected"),
    [("en", "Will: 8 points (withdrawn)"), ("fr", "Will\u00a0: 8 points (retrait)")],
)
def test_a_withdrawn_player_on_the_podium_is_marked_so(language: str, expected: str) -> None:
    """Failed before: the podium (a finished tournament's page, its organiser's last mail)
    named a player withdrawn after earning their points as any other, where the standings
    mark them."""
    line = StandingLine(
        standing=Standing("w", 1, Fraction(8), 50, Fraction(2), 0, 2),
        entry=Entry(status=Entry.Status.WITHDRAWN),
        name="Will",
    )
    with translation.override(language):
        assert podium_words(line) == expected
