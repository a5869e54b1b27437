"""Counting a score row: the rule book's "Maîtriser le Score".

Cards are grouped by value and each value goes through the rules in this order, each card
being used by at most one rule (docs/rules.md, "Scoring"):

1. X-Trem: five or more cards of the value including a Rainbow and/or a Shadow: 100.
2. A Shadow cancels the Rainbow of its value: both score 0.
3. Combination: three or more cards of the value add up (a Shadow among them scores 0).
4. A Rainbow with one classic card of its value adds up: 2 × value.
5. Two classic cards of the value cancel: 0.

Cards left alone then go to the colour rule: per colour (blue, red, yellow, green, rainbow),
only the smallest value scores. A Shadow always scores 0; non-numbered cards score 0.
Family mode keeps only X-Trem, combinations and pairs, and counts lone cards at face value.
"""

from __future__ import annotations

import enum
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass

from games.engine.numx.cards import Colour, Face

XTREM_POINTS = 100


class ScoreRule(enum.Enum):
    """A scoring rule; ``value`` is its name in breakdowns and in docs/rules.md."""

    XTREM = "x-trem"
    SHADOW_CANCELS_RAINBOW = "shadow-cancels-rainbow"
    COMBINATION = "combination"
    RAINBOW_PAIR = "rainbow-pair"
    PAIR = "pair"
    COLOUR = "colour"
    FACE_VALUE = "face-value"
    NO_VALUE = "no-value"


#: The complete scoring of Speed Run and X-Game.
FULL_SCORING = frozenset(
    {
        ScoreRule.XTREM,
        ScoreRule.SHADOW_CANCELS_RAINBOW,
        ScoreRule.COMBINATION,
        ScoreRule.RAINBOW_PAIR,
        ScoreRule.PAIR,
        ScoreRule.COLOUR,
    }
)

#: Family mode: "ne sélectionnant par exemple que 2 règles de score" — combinations (with the
#: X-Trem, their top) and pairs; everything else counts its face value.
FAMILY_SCORING = frozenset({ScoreRule.XTREM, ScoreRule.COMBINATION, ScoreRule.PAIR})


@dataclass(frozen=True, slots=True)
class ScoreLine:
    """Some cards, the rule that used them, and the points they make together."""

    rule: ScoreRule
    faces: tuple[Face, ...]
    points: int

    @property
    def name(self) -> str:
        """The line's name in a final score's breakdown: its rule's, the colour rule's with
        its colour (``colour.blue``), as a row scores a line per colour.

        >>> from games.engine.numx.cards import parse_faces
        >>> [line.name for line in score_faces(parse_faces("blue-3 red-5")).lines]
        ['colour.blue', 'colour.red']
        """
        if self.rule is ScoreRule.COLOUR:
            colour = self.faces[0].colour
            assert colour is not None
            return f"{self.rule.value}.{colour.value}"
        return str(self.rule.value)

    def to_json(self) -> dict[str, object]:
        """A JSON-ready form: rule name, card names, points."""
        return {
            "rule": self.rule.value,
            "cards": [face.text for face in self.faces],
            "points": self.points,
        }


@dataclass(frozen=True, slots=True)
class ScoreSheet:
    """The score of a row: its total and one line per group of cards."""

    lines: tuple[ScoreLine, ...]

    @property
    def total(self) -> int:
        return sum(line.points for line in self.lines)

    @property
    def xtrems(self) -> int:
        """How many X-Trems the row holds."""
        return sum(1 for line in self.lines if line.rule is ScoreRule.XTREM)

    def to_json(self) -> dict[str, object]:
        """A JSON-ready form with ``total``, ``xtrems`` and ``lines``."""
        return {
            "total": self.total,
            "xtrems": self.xtrems,
            "lines": [line.to_json() for line in self.lines],
        }


def score_faces(faces: Iterable[Face], rules: frozenset[ScoreRule] = FULL_SCORING) -> ScoreSheet:
    """Score a row of faces under ``rules``.

    >>> from games.engine.numx.cards import parse_faces
    >>> score_faces(parse_faces("rainbow-6 blue-6 green-13 green-1 blue-16")).total
    29
    """
    by_value: dict[int, list[Face]] = defaultdict(list)
    lines: list[ScoreLine] = []
    for face in faces:
        if face.value is None:
            lines.append(ScoreLine(ScoreRule.NO_VALUE, (face,), 0))
        else:
            by_value[face.value].append(face)
    alone: list[Face] = []
    for value in sorted(by_value):
        group = by_value[value]
        if len(group) == 1:
            alone.append(group[0])  # rules 1-5 each need two cards of a value or more
        else:
            alone.extend(_score_value(value, sorted(group), rules, lines))
    lines.extend(_score_alone(alone, rules))
    return ScoreSheet(tuple(lines))


def _score_value(
    value: int, group: list[Face], rules: frozenset[ScoreRule], lines: list[ScoreLine]
) -> list[Face]:
    """Apply rules 1-5 to the cards of one value; return the cards left alone."""
    rainbows = [f for f in group if f.is_rainbow]
    shadows = [f for f in group if f.is_shadow]
    if ScoreRule.XTREM in rules and len(group) >= 5 and (rainbows or shadows):
        lines.append(ScoreLine(ScoreRule.XTREM, tuple(group), XTREM_POINTS))
        return []
    rest = list(group)
    if ScoreRule.SHADOW_CANCELS_RAINBOW in rules and rainbows and shadows:
        pair = (rainbows[0], shadows[0])
        lines.append(ScoreLine(ScoreRule.SHADOW_CANCELS_RAINBOW, pair, 0))
        rest = [f for f in rest if f not in pair]
    if ScoreRule.COMBINATION in rules and len(rest) >= 3:
        points = sum(value for f in rest if not f.is_shadow)
        lines.append(ScoreLine(ScoreRule.COMBINATION, tuple(rest), points))
        return []
    if len(rest) == 2:
        first, second = rest
        if (
            ScoreRule.RAINBOW_PAIR in rules
            and (first.is_rainbow or second.is_rainbow)
            and (first.is_classic or second.is_classic)
        ):
            lines.append(ScoreLine(ScoreRule.RAINBOW_PAIR, tuple(rest), 2 * value))
            return []
        if ScoreRule.PAIR in rules and first.is_classic and second.is_classic:
            lines.append(ScoreLine(ScoreRule.PAIR, tuple(rest), 0))
            return []
    return rest


def _score_alone(alone: list[Face], rules: frozenset[ScoreRule]) -> list[ScoreLine]:
    """Lone cards: Shadows score 0; then the colour rule, or face value without it."""
    lines: list[ScoreLine] = []
    by_colour: dict[Colour, list[Face]] = defaultdict(list)
    for face in alone:
        assert face.colour is not None and face.value is not None
        if face.is_shadow:
            lines.append(ScoreLine(ScoreRule.NO_VALUE, (face,), 0))
        elif ScoreRule.COLOUR in rules:
            by_colour[face.colour].append(face)
        else:
            lines.append(ScoreLine(ScoreRule.FACE_VALUE, (face,), face.value))
    for colour in Colour:
        group = sorted(by_colour.get(colour, ()), key=lambda f: f.value or 0)
        if group:
            smallest = group[0].value
            assert smallest is not None
            lines.append(ScoreLine(ScoreRule.COLOUR, tuple(group), smallest))
    return lines
