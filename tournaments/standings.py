"""Tournament points and standings: pure functions over finished tables, no database.

Each table gives its players tournament points by place, from a row that depends on the
table's size (:data:`DEFAULT_POINTS`); equal NUM-X scores share their places' points; a
withdrawn or timed-out player gets a fixed value instead and takes no place. Standings
add the points up and break ties by total NUM-X score, then opponents' points, then X-Trem
count. The decisions are written up in ``docs/tournaments.md``.
"""

from __future__ import annotations

import csv
import functools
import io
import re
from collections import defaultdict
from collections.abc import Callable, Collection, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from itertools import pairwise
from typing import TypeVar

#: Points per place (first place first) for each table size: each place is worth twice
#: the next, the last place 1 (8/4/2/1 at four players, 4/2/1 at three).
DEFAULT_POINTS: dict[int, tuple[int, ...]] = {
    size: tuple(2 ** (size - 1 - place) for place in range(size)) for size in range(2, 7)
}

#: Tournament points of a withdrawn or timed-out player at a table.
DEFAULT_FORFEIT_POINTS = 0

PointsTable = Mapping[int, Sequence[int]]

T = TypeVar("T")


@dataclass(frozen=True)
class SeatResult:
    """One player's result at a finished table."""

    player: Hashable
    score: int
    xtrems: int = 0
    #: Withdrawn, or timed out: the fixed value instead of a place.
    forfeit: bool = False


@dataclass(frozen=True)
class TableResult:
    """A finished table of a stage (``final``: the single table final)."""

    stage: int
    seats: tuple[SeatResult, ...]
    final: bool = False


@dataclass(frozen=True)
class Placing:
    """A player's place at a table (shared places give the best of them; None for a
    forfeit) and the tournament points it is worth."""

    place: int | None
    points: Fraction


@dataclass(frozen=True)
class StageResult:
    """What one stage brought a player: its tournament points, and whether they are the
    fixed value of a forfeit rather than a place's."""

    stage: int
    points: Fraction
    forfeit: bool


#: The tie-breaks after tournament points, in the order they apply, each named as its
#: CSV column.
TIE_BREAKS = ("numx_score", "opponents_points", "xtrems")

#: What :attr:`TieBreak.name` may say: the tie-break that decided, or "tied" when none did
#: (the CSV's ``tie_break`` column, the API's ``tie_break``).
TIE_BREAK_NAMES = (*TIE_BREAKS, "tied")


@dataclass(frozen=True)
class TieBreak:
    """Why a player level on points with another stands where they do: the first
    tie-break that tells them apart (``criterion``, one of :data:`TIE_BREAKS`), with the
    player's value and the other's; None for players level on every tie-break, who share
    a rank. The other is the line just above, or, for the first of the players level on
    points, the line just below (``ahead``)."""

    other: Hashable
    ahead: bool
    criterion: str | None
    mine: int | Fraction | None
    theirs: int | Fraction | None

    @property
    def name(self) -> str:
        """The tie-break that decided, "tied" if none did (one of :data:`TIE_BREAK_NAMES`)."""
        return self.criterion or "tied"


@dataclass(frozen=True)
class Standing:
    """A player's line in the standings. A player who has played no table yet has no
    result, and a 0 would read as one: no rank, points, NUM-X score, opponents' points
    nor X-Trems (all None), and is not tied; they are listed after everybody who played.
    The page, the CSV and the API show these Nones as they are (empty, or null)."""

    player: Hashable
    rank: int | None
    points: Fraction | None
    score: int | None
    opponents_points: Fraction | None
    xtrems: int | None
    tables: int
    #: Points per stage number (stages the player did not sit absent).
    stage_points: Mapping[int, Fraction] = field(default_factory=dict)
    #: Stages whose table gave the player the fixed value (withdrawn, resigned, timed out).
    forfeits: frozenset[int] = frozenset()
    #: Place at the final table, for finalists.
    final_place: int | None = None
    final_points: Fraction | None = None
    #: Ties with another player on every criterion: each line of a tie shows its shared
    #: rank as "=1" (the first one too, so that "1, =1, =1" does not suggest an order).
    tied: bool = False
    #: For a player level on points with a neighbouring line: which tie-break decided.
    tie_break: TieBreak | None = None

    @property
    def stage_results(self) -> list[StageResult]:
        """Each stage the player sat, in order: its points and whether they are a
        forfeit's.

        >>> line = Standing("a", 1, Fraction(5), 50, Fraction(3), 0, 2,
        ...                 stage_points={2: Fraction(0), 1: Fraction(5)}, forfeits=frozenset({2}))
        >>> [(r.stage, int(r.points), r.forfeit) for r in line.stage_results]
        [(1, 5, False), (2, 0, True)]
        """
        return [
            StageResult(stage, points, stage in self.forfeits)
            for stage, points in sorted(self.stage_points.items())
        ]


def placings(
    table: TableResult,
    points: PointsTable = DEFAULT_POINTS,
    forfeit_points: int = DEFAULT_FORFEIT_POINTS,
) -> dict[Hashable, Placing]:
    """Each player's place and points at a finished table.

    Places go by NUM-X score, highest first; players with equal scores share the points of
    the places they cover. Forfeits take no place: the others take places 1, 2... and the
    points of those places in the row of the table's size.

    >>> table = TableResult(1, (SeatResult("a", 30), SeatResult("b", 12),
    ...                         SeatResult("c", 12), SeatResult("d", 5)))
    >>> {p: (pl.place, str(pl.points)) for p, pl in placings(table).items()}
    {'a': (1, '8'), 'b': (2, '3'), 'c': (2, '3'), 'd': (4, '1')}
    """
    row = points_row(points, len(table.seats))
    result = {seat.player: Placing(None, Fraction(forfeit_points)) for seat in table.seats}
    ranked = sorted((s for s in table.seats if not s.forfeit), key=lambda s: -s.score)
    start = 0
    while start < len(ranked):
        end = start
        while end + 1 < len(ranked) and ranked[end + 1].score == ranked[start].score:
            end += 1
        shared = Fraction(sum(row[start : end + 1]), end - start + 1)
        for seat in ranked[start : end + 1]:
            result[seat.player] = Placing(start + 1, shared)
        start = end + 1
    return result


def points_row(points: PointsTable, size: int) -> Sequence[int]:
    """The points per place at a table of ``size`` (the default row if none is set)."""
    row = points.get(size) or DEFAULT_POINTS.get(size)
    if row is None or len(row) != size:
        raise ValueError(f"no points for tables of {size}")
    return row


def standings(
    players: Iterable[Hashable],
    tables: Iterable[TableResult],
    points: PointsTable = DEFAULT_POINTS,
    forfeit_points: int = DEFAULT_FORFEIT_POINTS,
) -> list[Standing]:
    """The standings after ``tables``, best first.

    Ranked by tournament points, then total NUM-X score, then opponents' points (the sum,
    over the tables a player sat at, of each opponent's tournament points), then X-Trem
    count. Players equal on all four share a rank and keep the order of ``players``. A
    forfeit adds its fixed points only: its NUM-X score and X-Trems are not counted.
    Players who have played no table yet come last, in the order of ``players``, with no
    rank and no result (:class:`Standing`): the ranks of those who played count only them.

    With a final table, its players come first, in the order of the final (equal final
    scores keep their order in the standings); the final adds no points to the totals.

    >>> tables = [TableResult(1, (SeatResult("a", 10), SeatResult("b", 20),
    ...                           SeatResult("c", 20, forfeit=True)))]
    >>> [(s.rank, s.player, str(s.points), s.score) for s in standings("abc", tables)]
    [(1, 'b', '4', 20), (2, 'a', '2', 10), (3, 'c', '0', 0)]
    """
    order: dict[Hashable, int] = {}
    for player in players:
        order.setdefault(player, len(order))
    total: dict[Hashable, Fraction] = defaultdict(Fraction)
    score: dict[Hashable, int] = defaultdict(int)
    xtrems: dict[Hashable, int] = defaultdict(int)
    played: dict[Hashable, int] = defaultdict(int)
    by_stage: dict[Hashable, dict[int, Fraction]] = defaultdict(dict)
    forfeits: dict[Hashable, set[int]] = defaultdict(set)
    opponents: dict[Hashable, list[Hashable]] = defaultdict(list)
    final: dict[Hashable, Placing] = {}
    for table in tables:
        placed = placings(table, points, forfeit_points)
        for seat in table.seats:
            order.setdefault(seat.player, len(order))
        if table.final:
            final = placed
            continue
        for seat in table.seats:
            total[seat.player] += placed[seat.player].points
            stage = by_stage[seat.player]
            stage[table.stage] = stage.get(table.stage, Fraction(0)) + placed[seat.player].points
            played[seat.player] += 1
            if seat.forfeit:
                forfeits[seat.player].add(table.stage)
            else:
                score[seat.player] += seat.score
                xtrems[seat.player] += seat.xtrems
            opponents[seat.player] += [s.player for s in table.seats if s.player != seat.player]
    against = {p: sum((total[o] for o in opponents[p]), Fraction(0)) for p in order}

    def key(player: Hashable) -> tuple[object, ...]:
        finalist = final.get(player)
        return (
            finalist is None,
            -finalist.points if finalist else 0,
            # Nothing played is no result: never level with, or above, a real one.
            played[player] == 0,
            -total[player],
            -score[player],
            -against[player],
            -xtrems[player],
        )

    ranked = sorted(order, key=lambda p: (key(p), order[p]))
    keys = [key(player) for player in ranked]

    def values(player: Hashable) -> tuple[int | Fraction, ...]:
        """The player's tie-breaks, in :data:`TIE_BREAKS`' order."""
        return (score[player], against[player], xtrems[player])

    def tie_break(position: int) -> TieBreak | None:
        """Which tie-break set the player at ``position`` against a neighbour level on
        points: the line above, else the line below. The final's places, not the
        tie-breaks, order its players."""
        player = ranked[position]
        if played[player] == 0 or player in final:
            return None
        for other, ahead in ((position - 1, False), (position + 1, True)):
            if not 0 <= other < len(ranked):
                continue
            neighbour = ranked[other]
            if neighbour in final or played[neighbour] == 0 or total[neighbour] != total[player]:
                continue
            for criterion, mine, theirs in zip(
                TIE_BREAKS, values(player), values(neighbour), strict=True
            ):
                if mine != theirs:
                    return TieBreak(neighbour, ahead, criterion, mine, theirs)
            return TieBreak(neighbour, ahead, None, None, None)
        return None

    lines: list[Standing] = []
    for position, player in enumerate(ranked):
        # Nothing played is no result: no rank, no points, no tie-breaks (docs/tournaments.md).
        ranked_here = played[player] > 0
        after_equal = ranked_here and position > 0 and keys[position - 1] == keys[position]
        before_equal = (
            ranked_here and position + 1 < len(ranked) and keys[position + 1] == keys[position]
        )
        lines.append(
            Standing(
                player=player,
                rank=(lines[-1].rank if after_equal else position + 1) if ranked_here else None,
                points=total[player] if ranked_here else None,
                score=score[player] if ranked_here else None,
                opponents_points=against[player] if ranked_here else None,
                xtrems=xtrems[player] if ranked_here else None,
                tables=played[player],
                stage_points=dict(by_stage[player]),
                forfeits=frozenset(forfeits[player]),
                final_place=final[player].place if player in final else None,
                final_points=final[player].points if player in final else None,
                tied=after_equal or before_equal,
                tie_break=tie_break(position),
            )
        )
    return lines


def format_points(points: Fraction, decimal: str = ".") -> str:
    """Points as shown and exported: whole numbers as they are, shares to two decimals
    written with ``decimal`` between the units and the hundredths.

    >>> format_points(Fraction(8)), format_points(Fraction(14, 3)), format_points(Fraction(5, 2))
    ('8', '4.67', '2.50')
    >>> format_points(Fraction(14, 3), decimal=",")
    '4,67'
    """
    if points.denominator == 1:
        return str(points.numerator)
    return f"{float(points):.2f}".replace(".", decimal)


@dataclass(frozen=True)
class CsvStyle:
    """How a CSV separates its cells and writes a number's decimals: a spreadsheet splits a
    file into columns at its locale's list separator, a semicolon where the decimal
    separator is a comma (French Excel and LibreOffice)."""

    delimiter: str
    decimal: str


#: Commas between cells, a decimal point: English spreadsheets, and programs.
COMMA_CSV = CsvStyle(",", ".")
#: Semicolons between cells, a decimal comma: French spreadsheets.
SEMICOLON_CSV = CsvStyle(";", ",")


def standings_csv(
    lines: Sequence[Standing],
    names: Mapping[Hashable, str],
    stages: Sequence[int],
    withdrawn: Collection[Hashable] = (),
    ratings: Mapping[Hashable, tuple[int, bool]] | None = None,
    style: CsvStyle = COMMA_CSV,
) -> str:
    """The standings as CSV in ``style``, one line per player, with fixed English column
    names; the last two say each player's rating and whether it is provisional
    (``ratings``: both by player; empty for a player not rated). What a line has none of
    is an empty cell: the rank, points, score, opponents' points and X-Trems of a player
    who has played no table yet (:class:`Standing`), a stage the player did not sit. Each
    stage's points are followed by whether they are a forfeit's fixed value. The last
    column, ``tie_break``, names for a player level on points with a neighbouring line the
    column that decided between them (:class:`TieBreak`), ``tied`` when none did.

    >>> line = Standing("a", 1, Fraction(8), 30, Fraction(5, 2), 1, 1, {1: Fraction(8)})
    >>> print(standings_csv([line], {"a": "Alice"}, [1], ratings={"a": (1512, True)}), end="")
    rank,player,points,stage_1,stage_1_forfeit,numx_score,opponents_points,xtrems,tables,final_place,withdrawn,rating,provisional,tie_break
    1,Alice,8,8,no,30,2.50,1,1,,no,1512,yes,
    >>> print(standings_csv([line], {"a": "Alice"}, [1], style=SEMICOLON_CSV), end="")
    rank;player;points;stage_1;stage_1_forfeit;numx_score;opponents_points;xtrems;tables;final_place;withdrawn;rating;provisional;tie_break
    1;Alice;8;8;no;30;2,50;1;1;;no;;;
    """
    ratings = ratings or {}
    out = io.StringIO()
    writer = csv.writer(out, delimiter=style.delimiter, lineterminator="\n")
    points = functools.partial(format_points, decimal=style.decimal)

    writer.writerow(
        [
            "rank",
            "player",
            "points",
            *(
                column
                for stage in stages
                for column in (f"stage_{stage}", f"stage_{stage}_forfeit")
            ),
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
    )
    for line in lines:
        writer.writerow(
            [
                _cell(line.rank),
                as_text(names.get(line.player, str(line.player))),
                _cell(line.points, points),
                *(cell for stage in stages for cell in _stage_cells(line, stage, points)),
                _cell(line.score),
                _cell(line.opponents_points, points),
                _cell(line.xtrems),
                line.tables,
                _cell(line.final_place),
                "yes" if line.player in withdrawn else "no",
                *_rating_columns(ratings.get(line.player)),
                _tie_break_cell(line.tie_break),
            ]
        )
    return out.getvalue()


def _stage_cells(
    line: Standing, stage: int, points: Callable[[Fraction], str]
) -> tuple[object, object]:
    """A player's points in a stage, and whether they are a forfeit's fixed value ("yes",
    "no"): the points stay a number a spreadsheet adds up, and a 0 forfeited is told from
    a 0 scored. Both empty for a stage the player did not sit."""
    if stage not in line.stage_points:
        return "", ""
    return points(line.stage_points[stage]), "yes" if stage in line.forfeits else "no"


def _tie_break_cell(tie_break: TieBreak | None) -> str:
    """The column that decided between players level on points, "tied" if none did, empty
    for a player level on points with nobody."""
    return "" if tie_break is None else tie_break.name


def _cell(value: T | None, show: Callable[[T], object] = str) -> object:
    """A CSV cell: ``value`` shown, or empty for none."""
    return "" if value is None else show(value)


#: What makes a spreadsheet read a cell as a formula (OWASP's "CSV injection").
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def as_text(cell: str) -> str:
    """A cell people typed (a player's name), kept as text by a spreadsheet: a name such as
    ``=HYPERLINK(...)`` would otherwise run as a formula on the organiser's computer.

    >>> as_text("=1+1"), as_text("Alice")
    ("'=1+1", 'Alice')
    """
    return "'" + cell if cell.startswith(_FORMULA_START) else cell


def _rating_columns(rating: tuple[int, bool] | None) -> tuple[str, str]:
    """A player's rating and whether it is provisional, as CSV cells (empty: not rated)."""
    if rating is None:
        return "", ""
    return str(rating[0]), "yes" if rating[1] else "no"


_ROW = re.compile(r"^\s*(\d+)\s*:\s*(\d+(?:\s*/\s*\d+)*)\s*$")


class PointsRowError(ValueError):
    """A points row :func:`parse_points` cannot take, and what is wrong with it, for the
    form to say in the reader's language: ``fault`` is ``"form"`` (not ``size:
    points/points/…``), ``"size"`` (no table has that many players), ``"count"`` (not one
    number per place: ``count`` numbers for a table of ``size``) or ``"increasing"``."""

    def __init__(self, fault: str, row: str, size: int = 0, count: int = 0) -> None:
        super().__init__(f"{fault}: “{row}”")
        self.fault, self.row, self.size, self.count = fault, row, size, count


def parse_points(text: str) -> dict[int, tuple[int, ...]]:
    """Points rows written ``size: first/second/...``, one per line or separated by ``;``;
    sizes left out keep their default row. Each row has one number per place, never
    increasing, for a table of 2 to 6 (:data:`DEFAULT_POINTS`' sizes); any other row
    raises :class:`PointsRowError`.

    >>> parse_points("4: 10/6/3/1; 3: 6/3/1")[4]
    (10, 6, 3, 1)
    >>> parse_points("")[4]
    (8, 4, 2, 1)
    >>> parse_points("4: 8/4/2")
    Traceback (most recent call last):
    ...
    tournaments.standings.PointsRowError: count: “4: 8/4/2”
    """
    rows = dict(DEFAULT_POINTS)
    for part in re.split(r"[;\n]", text):
        row_text = part.strip()
        if not row_text:
            continue
        match = _ROW.match(row_text)
        if match is None:
            raise PointsRowError("form", row_text)
        size = int(match.group(1))
        if size not in DEFAULT_POINTS:
            raise PointsRowError("size", row_text, size)
        row = tuple(int(value) for value in match.group(2).split("/"))
        if len(row) != size:
            raise PointsRowError("count", row_text, size, len(row))
        if any(a < b for a, b in pairwise(row)):
            raise PointsRowError("increasing", row_text, size)
        rows[size] = row
    return rows


def format_points_table(points: PointsTable) -> str:
    """The inverse of :func:`parse_points`.

    >>> format_points_table({3: (4, 2, 1), 4: (8, 4, 2, 1)})
    '3: 4/2/1; 4: 8/4/2/1'
    """
    return "; ".join(f"{size}: {'/'.join(str(p) for p in points[size])}" for size in sorted(points))
