"""The score sheet of a finished game: a row per player, a column per round and per
scoring rule that scored, and the totals, from what the rules give (the outcome's lines,
and for a game counted once over several rounds its scores at each round's end)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from django.utils.translation import gettext as _

from games.descriptions import number
from games.engine.ruleset import Outcome, ScoreLine
from games.events import store
from games.events.models import Event
from games.models import Game
from games.registry import game_type

#: A line of a game scored round by round: ``round-<n>.<rule>``.
ROUND_LINE = re.compile(r"round-(\d+)\.(.+)")


@dataclass(frozen=True)
class SheetRow:
    """One player's row: their name, a cell per column, their total, whether they won,
    whether they resigned or made no move of their own, and their mark for it
    (``descriptions.left_mark``)."""

    name: str
    cells: tuple[int, ...]
    total: int
    winner: bool
    resigned: bool = False
    left: str = ""
    absent: bool = False

    @property
    def written_cells(self) -> tuple[str, ...]:
        """The cells as the games write a number: a negative one with the minus sign."""
        return tuple(number(points) for points in self.cells)

    @property
    def written_total(self) -> str:
        """The total as the games write a number."""
        return number(self.total)


@dataclass(frozen=True)
class ScoreSheet:
    """The columns' headings (the rounds' first, then the rules'), and the rows, best
    first (a player who resigned after every other, and one placed nowhere, who made no
    move of their own, after them). ``rounds``: how many of the columns are rounds."""

    columns: tuple[str, ...]
    rounds: int
    rows: tuple[SheetRow, ...]


def score_sheet(
    game: Game, outcome: Outcome, names: Sequence[str], left: Sequence[str]
) -> ScoreSheet:
    """``game``'s sheet from its ``outcome`` (``names``: each seat's, ``left``: each seat's
    mark for leaving before the end, ``descriptions.left_mark``). The round columns
    add up to the total: a game scored round by round (lines ``round-<n>.<rule>``) gives
    each round's sum; a game counted once at its end over several rounds
    (``RuleSet.standing_scores``), what each round added to the score; a game of one round
    has none. A rule column sums the rule's lines over the rounds, and is left out where
    it gave nobody a point."""
    kind = game_type(game.rules)
    seats = range(len(outcome.scores))
    lines = [outcome.breakdown[seat] if outcome.breakdown else () for seat in seats]
    by_round = [_rounds_named(seat_lines) for seat_lines in lines]
    if not any(by_round):
        by_round = _rounds_at_ends(game, outcome)
    rounds = max((len(row) for row in by_round), default=0)
    rules = rule_sums(lines)
    scored = [rule for rule, points in rules.items() if any(points)]
    columns = [_("Round %(number)d") % {"number": n} for n in range(1, rounds + 1)]
    columns += [kind.site.describe_score_line(rule) for rule in scored]
    rows = [
        SheetRow(
            names[seat],
            (*_padded(by_round[seat], rounds), *(rules[rule][seat] for rule in scored)),
            outcome.scores[seat],
            seat in outcome.winners,
            seat in outcome.resigned,
            left[seat],
            seat in outcome.absent,
        )
        for seat in seats
    ]
    rows.sort(key=lambda row: (row.absent, row.resigned, -row.total))
    return ScoreSheet(tuple(columns), rounds, tuple(rows))


def rule_sums(lines: Sequence[Sequence[ScoreLine]]) -> dict[str, list[int]]:
    """Each rule's points (``round-<n>.<rule>`` counted as ``<rule>``), seat by seat, over
    every seat's ``lines``, in the order the rules first appear; a rule whose points are
    all 0 gave nobody a point (the sheet has no column for it, the mail no line).

    >>> rule_sums([[ScoreLine("round-1.malus", -3), ScoreLine("pair", 0)], []])
    {'malus': [-3, 0], 'pair': [0, 0]}
    """
    sums: dict[str, list[int]] = {}
    for seat, seat_lines in enumerate(lines):
        for line in seat_lines:
            found = ROUND_LINE.fullmatch(line.rule)
            rule = found.group(2) if found else line.rule
            sums.setdefault(rule, [0] * len(lines))[seat] += line.points
    return sums


def _padded(cells: list[int], length: int) -> list[int]:
    """``cells`` with zeros up to ``length`` (a seat with no line in a round's columns)."""
    return cells + [0] * (length - len(cells))


def by_round(lines: Sequence[ScoreLine]) -> dict[int | None, list[ScoreLine]]:
    """A seat's ``lines`` by the round each names (``round-<n>.<rule>``, kept as
    ``<rule>``), the rounds in order, then under ``None`` the lines of no round, if any.

    >>> by_round([ScoreLine("round-2.malus", -3), ScoreLine("round-1.hand", -2)])
    {1: [ScoreLine(rule='hand', points=-2)], 2: [ScoreLine(rule='malus', points=-3)]}
    """
    named: dict[int, list[ScoreLine]] = {}
    others = []
    for line in lines:
        found = ROUND_LINE.fullmatch(line.rule)
        if found:
            named.setdefault(int(found.group(1)), []).append(ScoreLine(found.group(2), line.points))
        else:
            others.append(line)
    rounds: dict[int | None, list[ScoreLine]] = dict(sorted(named.items()))
    if others:
        rounds[None] = others
    return rounds


def _rounds_named(lines: Sequence[ScoreLine]) -> list[int]:
    """Each round's sum of the lines named ``round-<n>.<rule>`` (none: an empty list)."""
    sums = {
        n: sum(line.points for line in found)
        for n, found in by_round(lines).items()
        if n is not None
    }
    return [sums.get(n, 0) for n in range(1, max(sums, default=0) + 1)]


def _rounds_at_ends(game: Game, outcome: Outcome) -> list[list[int]]:
    """For a game counted once over several rounds: what each round added to each seat's
    score, from the rules' ``standing_scores`` at the end of each round but the last (the
    state rebuilt there), the last one's up to the final score. Nothing for one round."""
    rules = game_type(game.rules).rules
    none: list[list[int]] = [[] for _seat in outcome.scores]
    # A game without standing scores says so from its first state: no round is rebuilt.
    if rules.standing_scores(rules.new_game(game.config)) is None:
        return none
    ends = Event.objects.filter(game=game, type="round-ended").order_by("sequence")
    sequences = list(ends.values_list("sequence", flat=True))[:-1]
    standing: list[tuple[int, ...]] = []
    for sequence in sequences:
        state = store.load(game.pk, game.rules, upto=sequence, cache=False).state
        lines = rules.standing_scores(state)
        if lines is None:
            return none
        standing.append(tuple(sum(line.points for line in seat) for seat in lines))
    if not standing:
        return none
    standing.append(outcome.scores)
    added: list[list[int]] = [[] for _seat in outcome.scores]
    previous: Sequence[int] = (0,) * len(outcome.scores)
    for totals in standing:
        for seat, row in enumerate(added):
            row.append(totals[seat] - previous[seat])
        previous = totals
    return added
